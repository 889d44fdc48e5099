//! A stress input: a list of cases of one game, written exactly as the
//! judge reads it, and the judge's answer for it.

use boardls_engine::diagnostics::Severity;
use boardls_engine::games::{Cell, GameKind, go9, tomek, uttt};
use boardls_engine::profile::{self, Profile};
use boardls_engine::syntax::{self, JudgedBoard};

/// One case (one board, and the last move of a `.uttt` position).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Case {
    Tomek(tomek::Board),
    Go9(go9::Board),
    Uttt { board: uttt::Board, last_move: Cell },
}

impl Case {
    /// The board as the parser would hand it over, for the rules.
    pub(crate) fn game(&self) -> JudgedBoard {
        match self {
            Case::Tomek(board) => JudgedBoard::Tomek {
                board: *board,
                findings: tomek::analyse(board),
            },
            Case::Go9(board) => JudgedBoard::Go9 {
                board: Box::new(*board),
            },
            Case::Uttt { board, last_move } => JudgedBoard::Uttt {
                board: Box::new(*board),
                findings: Box::new(uttt::judge(board, *last_move)),
            },
        }
    }

    /// The cells holding something (stones, chips, marks), in reading order.
    pub(crate) fn filled_cells(&self) -> Vec<Cell> {
        let size = match self {
            Case::Tomek(_) => 4,
            Case::Go9(_) | Case::Uttt { .. } => 9,
        };
        (0..size)
            .flat_map(|r| (0..size).map(move |c| Cell::new(r, c)))
            .filter(|&cell| match self {
                Case::Tomek(board) => board.mark(cell) != tomek::Mark::Empty,
                Case::Go9(board) => board.point(cell) != go9::Point::Empty,
                Case::Uttt { board, .. } => !board.chip(cell).is_free(),
            })
            .collect()
    }

    /// How many cells hold something.
    pub(crate) fn weight(&self) -> usize {
        self.filled_cells().len()
    }
}

/// The cases of one input.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Input {
    pub kind: GameKind,
    pub cases: Vec<Case>,
}

impl Input {
    /// The input exactly as the judge reads it: the count line (`.go9` and
    /// `.tomek`), then the boards, as the statements lay them out.
    pub(crate) fn render(&self) -> String {
        let mut out = String::new();
        match self.kind {
            GameKind::Tomek => out.push_str(&format!("{}\n", self.cases.len())),
            // As the statement's sample: a blank line after T.
            GameKind::Go9 => out.push_str(&format!("{}\n\n", self.cases.len())),
            GameKind::Uttt => {}
        }
        for (index, case) in self.cases.iter().enumerate() {
            match case {
                // "Each test case is followed by an empty line."
                Case::Tomek(board) => {
                    for row in &board.cells {
                        out.extend(row.iter().map(|m| m.to_byte() as char));
                        out.push('\n');
                    }
                    out.push('\n');
                }
                // "Test cases are separated by an empty line."
                Case::Go9(board) => {
                    if index > 0 {
                        out.push('\n');
                    }
                    for r in 0..9 {
                        out.extend((0..9).map(|c| board.point(Cell::new(r, c)).to_byte() as char));
                        out.push('\n');
                    }
                }
                Case::Uttt { board, last_move } => {
                    for r in 0..9u8 {
                        if r > 0 && r % 3 == 0 {
                            out.push('\n');
                        }
                        for c in 0..9u8 {
                            if c > 0 && c % 3 == 0 {
                                out.push(' ');
                            }
                            out.push(board.chip(Cell::new(r, c)).to_byte() as char);
                        }
                        out.push('\n');
                    }
                    out.push_str(&format!("{} {}\n", last_move.row + 1, last_move.col + 1));
                }
            }
        }
        out
    }

    /// The judge's answer.
    pub(crate) fn expected(&self) -> String {
        let mut out = Vec::new();
        // The judge reads what `render` writes; it cannot fail on it.
        let _ = boardls_engine::solve::solve(self.kind, self.render().as_bytes(), &mut out);
        String::from_utf8_lossy(&out).into_owned()
    }

    /// Whether the judge could be given it: no format error, and every
    /// promise of `profile` kept.
    pub(crate) fn is_valid(&self, profile: Profile) -> bool {
        let text = self.render();
        let syntax_error = syntax::diagnose(self.kind, &text)
            .iter()
            .any(|d| d.severity == Severity::Error);
        !syntax_error && profile::check(profile, self.kind, &text).is_empty()
    }

    /// Cells holding something, over all cases.
    pub(crate) fn weight(&self) -> usize {
        self.cases.iter().map(Case::weight).sum()
    }
}
