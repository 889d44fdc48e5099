//! Random `.go9` boards with the verdicts of the naive solver
//! (`support/naive.rs`), kept as a fixture for the browser's tests, which
//! cannot run it: the wasm tests (`crates/boardls-web/tests/wasm.rs`) and
//! the playground's (`tests/web/playground.mjs`) compare the engine built
//! for wasm32 with `tests/fixtures/naive-go9/random.{in,out}`. The boards
//! come from a fixed seed; this test fails when the files differ from
//! what it makes (`UPDATE_EXPECT=1` writes them).

use std::fmt::Write as _;
use std::path::{Path, PathBuf};

use boardls_engine::games::GameKind;

use crate::support::naive::naive_go9;

const BOARDS: usize = 200;
const SEED: u64 = 0x5546_2015;

/// SplitMix64: the same boards on every platform.
struct Random(u64);

impl Random {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }

    /// A number in `0..n`.
    fn below(&mut self, n: u64) -> u64 {
        self.next() % n
    }
}

/// Boards from crowded to sparse (each its own share of empty points,
/// 30% to 90%), so that both verdicts are common: an o group with one
/// liberty left is usual on a crowded board and rare on a sparse one.
fn boards() -> Vec<[Vec<u8>; 9]> {
    let mut random = Random(SEED);
    (0..BOARDS)
        .map(|_| {
            let empty_percent = 30 + random.below(61);
            std::array::from_fn(|_| {
                (0..9)
                    .map(|_| match random.below(100) {
                        roll if roll < empty_percent => b'.',
                        _ if random.below(2) == 0 => b'x',
                        _ => b'o',
                    })
                    .collect()
            })
        })
        .collect()
}

/// The judge's input: the count, then each board after a blank line, as
/// in the statement's sample.
fn input(boards: &[[Vec<u8>; 9]]) -> String {
    let mut text = format!("{}\n", boards.len());
    for board in boards {
        text.push('\n');
        for row in board {
            text.push_str(std::str::from_utf8(row).expect("ASCII"));
            text.push('\n');
        }
    }
    text
}

/// The judge's output, from the naive solver.
fn output(boards: &[[Vec<u8>; 9]]) -> String {
    let mut text = String::new();
    for (index, board) in boards.iter().enumerate() {
        let verdict = if naive_go9(board) {
            "Can kill in one move!!!"
        } else {
            "Can not kill in one move!!!"
        };
        writeln!(text, "Case #{}: {verdict}", index + 1).unwrap();
    }
    text
}

fn folder() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/naive-go9")
}

#[test]
fn the_naive_go9_fixture_is_current() {
    let boards = boards();
    let (input, output) = (input(&boards), output(&boards));
    let can_kill = output.matches(": Can kill").count();
    // Both verdicts often enough that a wrong one either way shows.
    assert!(
        (BOARDS / 4..=BOARDS * 3 / 4).contains(&can_kill),
        "{can_kill} of {BOARDS} boards can be killed in one move"
    );
    // The fixture is the judge's format: the engine reads it and agrees.
    let mut solved = Vec::new();
    boardls_engine::solve::solve(GameKind::Go9, input.as_bytes(), &mut solved)
        .expect("the engine reads the fixture");
    assert!(
        solved == output.as_bytes(),
        "the engine's verdicts differ from the naive solver's"
    );
    let files = [("random.in", &input), ("random.out", &output)];
    if std::env::var_os("UPDATE_EXPECT").is_some() {
        std::fs::create_dir_all(folder()).expect("create tests/fixtures/naive-go9");
        for (name, text) in files {
            std::fs::write(folder().join(name), text).expect("write the fixture");
        }
    }
    for (name, text) in files {
        let path = folder().join(name);
        let on_disk = std::fs::read_to_string(&path)
            .unwrap_or_else(|e| panic!("{}: {e} (UPDATE_EXPECT=1 writes it)", path.display()));
        assert!(
            on_disk == *text,
            "{} is not what this test makes (UPDATE_EXPECT=1 cargo test --test it naive_go9 writes it)",
            path.display()
        );
    }
}
