//! Dense random go boards (10-95% of the cells), deterministic: files
//! with many findings for the tests (as `Boards::Dense` for the benches).

/// A `.go9` file of `boards` dense boards under the count line
/// `count_line`; with `broken_every > 0`, every so many boards one row
/// gets a stray `?` (an error).
pub fn dense_go9(boards: usize, count_line: usize, broken_every: usize) -> String {
    let mut state = 0x9e37_79b9_7f4a_7c15u64;
    let mut next = || {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        state
    };
    let mut text = format!("{count_line}\n");
    for i in 0..boards {
        if i > 0 {
            text.push('\n');
        }
        let density = 10 + next() % 86;
        for row in 0..9 {
            for _ in 0..9 {
                text.push(match (next() % 100 < density, next() % 2) {
                    (false, _) => '.',
                    (true, 0) => 'x',
                    (true, _) => 'o',
                });
            }
            if broken_every > 0 && i % broken_every == 0 && row == 4 {
                text.push('?');
            }
            text.push('\n');
        }
    }
    text
}
