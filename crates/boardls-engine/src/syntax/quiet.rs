//! Skipping quiet boards without reading them as positions: `check` on a
//! judge-size file is mostly boards in the usual layout with nothing to
//! report, and going through the line reader and a `ParsedPosition` for
//! each cost many times what the judge spends on the same bytes (figures:
//! BENCHMARKS.md, "Figures behind the code").
//! Here a board is its bytes: `size` rows of exactly `size` cells, each
//! ended by `\n`, then an empty line or the end of the text (a `.uttt`
//! position: see `uttt_board::read_position`).

use crate::games::go9::{self, Board};
use crate::games::tomek::{self, Mark, MarkMasks};
use crate::games::{CellSet, GameKind};
use crate::text::byte_mask;

use super::builder::PositionBuilder;
use super::position::{JudgedBoard, ParsedPosition, board_size};
use super::uttt_board;

/// Where [`skip_quiet`] stopped.
pub(super) struct Stop {
    /// Quiet boards skipped.
    pub skipped: usize,
    /// The byte and line reading stopped at.
    pub at: usize,
    pub line: u32,
    /// A board in the usual layout with facts, read here, and the line and
    /// byte where the search for the position after it starts; `None` when
    /// what follows is anything else, for the line reader.
    pub board: Option<(ParsedPosition, (u32, usize))>,
}

/// Which boards in the usual layout [`skip_quiet`] stops at, handing them
/// over read.
#[derive(Debug)]
pub(crate) enum Stops<'a> {
    /// Those with facts (what `check` reports).
    AtFacts,
    /// Every one (what a document, which keeps every position, wants).
    AtEvery,
    /// None: a go or Tomek board with facts is not read, its line and
    /// byte are noted here (`check` counting the positions of a file past
    /// the findings it holds back, to read those boards again after).
    NotingFacts(&'a mut Vec<(u32, usize)>),
}

impl Stops<'_> {
    /// Whether to stop at the board at `start`, `has_facts` telling
    /// whether it has any.
    fn at(&mut self, start: (u32, usize), has_facts: impl FnOnce() -> bool) -> bool {
        match self {
            Stops::AtFacts => has_facts(),
            Stops::AtEvery => true,
            Stops::NotingFacts(noted) => {
                if has_facts() {
                    noted.push(start);
                }
                false
            }
        }
    }
}

/// Quiet boards and empty lines skipped from byte `at` (which starts line
/// `line`). It stops before anything else: a board with facts (which it
/// hands over read), any other layout, a comment, a `\r`, the end of the
/// text; `stops` says which boards in the usual layout it stops at.
pub(super) fn skip_quiet(
    kind: GameKind,
    bytes: &[u8],
    mut at: usize,
    mut line: u32,
    mut stops: Stops<'_>,
) -> Stop {
    let mut skipped = 0;
    let stop = |skipped, at, line, board| Stop {
        skipped,
        at,
        line,
        board,
    };
    loop {
        while bytes.get(at) == Some(&b'\n') {
            at += 1;
            line += 1;
        }
        let (read, (lines, len)) = match kind {
            GameKind::Uttt => (
                uttt_board::read_position(bytes, at, line, matches!(stops, Stops::AtEvery)),
                // Past the last-move line's break, when there is one.
                (
                    uttt_board::LINES,
                    (uttt_board::LEN + 1).min(bytes.len() - at),
                ),
            ),
            _ => {
                let size = board_size(kind);
                let board_len = size * (size + 1);
                let Some(board) = bytes.get(at..at + board_len) else {
                    return stop(skipped, at, line, None);
                };
                // Ended by an empty line or the end of the text.
                if !matches!(bytes.get(at + board_len), None | Some(b'\n')) {
                    return stop(skipped, at, line, None);
                }
                let read = match kind {
                    GameKind::Go9 => go9_board(board, &bytes[at..], &mut stops, (line, at)),
                    _ => tomek_board(board, &mut stops, (line, at)),
                };
                // Every row ends with `\n`, so the line after the board is
                // there (empty at the end of the text) and was looked at.
                let read = read.map(|game| {
                    game.map(|game| PositionBuilder::regular(kind, line, size as u32 + 1, game))
                });
                (read, (size as u32, board_len))
            }
        };
        match read {
            None => return stop(skipped, at, line, None),
            Some(Some(position)) => {
                let after = (line + lines, at + len);
                return stop(skipped, at, line, Some((position, after)));
            }
            Some(None) => {}
        }
        skipped += 1;
        at += len;
        line += lines;
    }
}

/// A regular go board's bytes: `Some(None)` when it is passed over, else its
/// board; `None` for any other bytes. `rest` is the text from the board
/// on: each row is classified sixteen bytes at a time (SSE2, as the judge
/// does), which may look past the board when the text goes on.
fn go9_board(
    board: &[u8],
    rest: &[u8],
    stops: &mut Stops<'_>,
    start: (u32, usize),
) -> Option<Option<JudgedBoard>> {
    let (mut black, mut white) = (0u128, 0u128);
    for r in 0..9 {
        let row = &board[r * 10..r * 10 + 10];
        if row[9] != b'\n' {
            return None;
        }
        let (x, o, dot) = match rest.get(r * 10..r * 10 + 16) {
            Some(window) => {
                let window: &[u8; 16] = window.try_into().ok()?;
                (
                    byte_mask(window, b'x') & 0x1ff,
                    byte_mask(window, b'o') & 0x1ff,
                    byte_mask(window, b'.') & 0x1ff,
                )
            }
            None => {
                let (mut x, mut o, mut dot) = (0u16, 0u16, 0u16);
                for (c, &b) in row[..9].iter().enumerate() {
                    x |= u16::from(b == b'x') << c;
                    o |= u16::from(b == b'o') << c;
                    dot |= u16::from(b == b'.') << c;
                }
                (x, o, dot)
            }
        };
        if x | o | dot != 0x1ff {
            return None;
        }
        black |= u128::from(x) << (r * 9);
        white |= u128::from(o) << (r * 9);
    }
    let board = Board::from_stones(CellSet::from_bits(black), CellSet::from_bits(white));
    Some(
        stops
            .at(start, || go9::has_facts(&board))
            .then(|| JudgedBoard::Go9 {
                board: Box::new(board),
            }),
    )
}

/// A regular Tomek board's bytes: `Some(None)` when it is passed over, else its
/// board; `None` for any other bytes. Without a branch per cell: on random
/// boards, a branch per cell mispredicted more than it saved.
fn tomek_board(
    bytes: &[u8],
    stops: &mut Stops<'_>,
    start: (u32, usize),
) -> Option<Option<JudgedBoard>> {
    let mut masks = MarkMasks::default();
    let mut bad = false;
    for (r, row) in bytes.chunks_exact(5).enumerate() {
        bad |= row[4] != b'\n';
        for (c, &b) in row[..4].iter().enumerate() {
            let bit = 1u16 << (r * 4 + c);
            let (x, o, t, empty) = (b == b'X', b == b'O', b == b'T', b == b'.');
            masks.x |= bit * u16::from(x);
            masks.o |= bit * u16::from(o);
            masks.t |= bit * u16::from(t);
            masks.empty |= bit * u16::from(empty);
            bad |= !(x | o | t | empty);
        }
    }
    if bad {
        return None;
    }
    // The quiet ones are done with their masks.
    Some(stops.at(start, || masks.has_facts()).then(|| {
        let mut board = tomek::Board::default();
        for (i, cell) in board.cells.iter_mut().flatten().enumerate() {
            let bit = 1u16 << i;
            *cell = if masks.x & bit != 0 {
                Mark::X
            } else if masks.o & bit != 0 {
                Mark::O
            } else if masks.t & bit != 0 {
                Mark::T
            } else {
                Mark::Empty
            };
        }
        let findings = tomek::analyse_masks(masks);
        JudgedBoard::Tomek { board, findings }
    }))
}
