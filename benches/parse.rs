//! Speed of the parser, `check`'s diagnostics and incremental documents on
//! 100,000-position files: `cargo bench --bench parse`.
//!
//! With `BOARDLS_BENCH_DIR=DIR` the generated files are also written as
//! `DIR/big.uttt`, `DIR/big.go9` and `DIR/big.tomek`, to time
//! `boardls check` end to end.

use std::time::{Duration, Instant};

use boardls::document::Document;
use boardls::games::GameKind;
use boardls::syntax;

const POSITIONS: usize = 100_000;
/// `cargo test --all-targets` runs bench targets without `--bench`: a smoke
/// run on small files then.
const QUICK_POSITIONS: usize = 200;

struct Random(u64);

impl Random {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }

    fn pick(&mut self, alphabet: &[u8]) -> char {
        alphabet[(self.next() % alphabet.len() as u64) as usize] as char
    }
}

/// A file of well-formed positions (the go boards carry many captures, so
/// `check` also has plenty of information diagnostics to produce).
fn file(kind: GameKind, positions: usize, random: &mut Random) -> String {
    let mut out = String::new();
    if kind != GameKind::Uttt {
        out.push_str(&format!("{positions}\n"));
    }
    for i in 0..positions {
        if i > 0 {
            out.push('\n');
        }
        match kind {
            GameKind::Uttt => {
                for row in 0..9 {
                    if row == 3 || row == 6 {
                        out.push('\n');
                    }
                    for col in 0..9 {
                        if col == 3 || col == 6 {
                            out.push(' ');
                        }
                        // The last-move cell (row 1, column 1) holds a chip.
                        out.push(if row + col == 0 {
                            'x'
                        } else {
                            random.pick(b"xo..")
                        });
                    }
                    out.push('\n');
                }
                out.push_str("1 1\n");
            }
            GameKind::Go9 | GameKind::Tomek => {
                let (size, alphabet): (usize, &[u8]) = match kind {
                    GameKind::Go9 => (9, b"..xo"),
                    _ => (4, b"XO.T"),
                };
                for _ in 0..size {
                    out.extend((0..size).map(|_| random.pick(alphabet)));
                    out.push('\n');
                }
            }
        }
    }
    out
}

fn time<T>(what: &str, runs: u32, mut f: impl FnMut() -> T) -> Duration {
    let start = Instant::now();
    for _ in 0..runs {
        std::hint::black_box(f());
    }
    let each = start.elapsed() / runs;
    println!("{what:<48} {each:>12.3?}");
    each
}

fn main() {
    let quick = !std::env::args().any(|a| a == "--bench");
    let positions = if quick { QUICK_POSITIONS } else { POSITIONS };
    let mut random = Random(0x9e37_79b9_7f4a_7c15);
    let dir = std::env::var_os("BOARDLS_BENCH_DIR").map(std::path::PathBuf::from);
    for kind in GameKind::ALL {
        let text = file(kind, positions, &mut random);
        if let Some(dir) = &dir {
            let _ = std::fs::write(dir.join(format!("big.{}", kind.id())), &text);
        }
        let name = kind.id();
        let mb = text.len() as f64 / 1e6;
        let each = time(
            &format!("{name}: diagnose {positions} positions ({mb:.1} MB)"),
            3,
            || syntax::diagnose(kind, &text),
        );
        println!("{:<48} {:>9.0} MB/s", "", mb / each.as_secs_f64());
        time(&format!("{name}: Document::new"), 3, || {
            Document::new(kind, &text)
        });
        let mut document = Document::new(kind, &text);
        // One-character edits in the middle of the document, each followed
        // by its undo, so the document keeps its size.
        let middle = document.rope().len_chars() / 2;
        let line = document.rope().char_to_line(middle);
        let at = document.rope().line_to_char(line);
        time(
            &format!("{name}: edit one cell and undo it (x2)"),
            200,
            || {
                document.edit(at, at + 1, "X");
                document.edit(at, at + 1, ".");
            },
        );
        time(
            &format!("{name}: insert a line break and remove it (x2)"),
            200,
            || {
                document.edit(at, at, "\n");
                document.edit(at, at + 1, "");
            },
        );
    }
}
