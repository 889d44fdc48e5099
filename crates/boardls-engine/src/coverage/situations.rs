//! The judges' decision points, per game: which situations a position
//! reaches. Pure: a parsed board in, a set of situation indexes out.

use crate::games::go9::{self, Colour};
use crate::games::tomek::{Mark, Player, Verdict};
use crate::games::{Cell, GameKind};
use crate::i18n::Message;
use crate::syntax::JudgedBoard;

/// One situation a judge decides, as the coverage table names it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Situation {
    /// Stable, for JSON: `tomek.x-won-with-t` (not shaped like a diagnostic code).
    pub id: &'static str,
    pub description: &'static str,
}

const fn situation(id: &'static str, description: &'static str) -> Situation {
    Situation { id, description }
}

impl Situation {
    /// Its description in the catalog, for the coverage table a person
    /// reads (the JSON table keeps the English `description`).
    pub fn words(self) -> Message {
        match self.id {
            "tomek.x-won" => crate::i18n::message!("coverage-tomek-x-won"),
            "tomek.x-won-with-t" => crate::i18n::message!("coverage-tomek-x-won-with-t"),
            "tomek.o-won" => crate::i18n::message!("coverage-tomek-o-won"),
            "tomek.o-won-with-t" => crate::i18n::message!("coverage-tomek-o-won-with-t"),
            "tomek.draw" => crate::i18n::message!("coverage-tomek-draw"),
            "tomek.draw-with-t" => crate::i18n::message!("coverage-tomek-draw-with-t"),
            "tomek.not-completed" => crate::i18n::message!("coverage-tomek-not-completed"),
            "tomek.not-completed-with-t" => {
                crate::i18n::message!("coverage-tomek-not-completed-with-t")
            }
            "tomek.won-on-full-board" => crate::i18n::message!("coverage-tomek-won-on-full-board"),
            "tomek.t-on-winning-diagonal" => {
                crate::i18n::message!("coverage-tomek-t-on-winning-diagonal")
            }
            "go9.kill" => crate::i18n::message!("coverage-go9-kill"),
            "go9.no-kill" => crate::i18n::message!("coverage-go9-no-kill"),
            "go9.capture-on-edge" => crate::i18n::message!("coverage-go9-capture-on-edge"),
            "go9.capture-in-corner" => crate::i18n::message!("coverage-go9-capture-in-corner"),
            "go9.two-groups-one-move" => crate::i18n::message!("coverage-go9-two-groups-one-move"),
            "go9.capture-without-liberty" => {
                crate::i18n::message!("coverage-go9-capture-without-liberty")
            }
            "go9.dead-o-group" => crate::i18n::message!("coverage-go9-dead-o-group"),
            "uttt.forced-field" => crate::i18n::message!("coverage-uttt-forced-field"),
            "uttt.forced-own-field" => crate::i18n::message!("coverage-uttt-forced-own-field"),
            "uttt.any-field-full" => crate::i18n::message!("coverage-uttt-any-field-full"),
            "uttt.any-field-own-full" => crate::i18n::message!("coverage-uttt-any-field-own-full"),
            "uttt.forced-one-cell" => crate::i18n::message!("coverage-uttt-forced-one-cell"),
            // Every situation is listed above (a test checks it).
            _ => crate::i18n::message!("coverage-unnamed", id = self.id),
        }
    }
}

pub const TOMEK: [Situation; 10] = [
    situation("tomek.x-won", "X won, with four X"),
    situation("tomek.x-won-with-t", "X won, with three X and the T"),
    situation("tomek.o-won", "O won, with four O"),
    situation("tomek.o-won-with-t", "O won, with three O and the T"),
    situation("tomek.draw", "Draw: the board full without a winner, no T"),
    situation(
        "tomek.draw-with-t",
        "Draw: the board full without a winner, with a T",
    ),
    situation("tomek.not-completed", "Game has not completed, no T"),
    situation(
        "tomek.not-completed-with-t",
        "Game has not completed, with a T",
    ),
    situation(
        "tomek.won-on-full-board",
        "a win that filled the board (not a Draw)",
    ),
    situation(
        "tomek.t-on-winning-diagonal",
        "a win on a diagonal through the T",
    ),
];

pub const GO9: [Situation; 7] = [
    situation("go9.kill", "Can kill in one move"),
    situation("go9.no-kill", "Can not kill in one move"),
    situation(
        "go9.capture-on-edge",
        "a capture played on the edge (not a corner)",
    ),
    situation("go9.capture-in-corner", "a capture played in a corner"),
    situation("go9.two-groups-one-move", "one move killing two groups"),
    situation(
        "go9.capture-without-liberty",
        "a capture by a move with no liberty of its own",
    ),
    situation(
        "go9.dead-o-group",
        "an o group already without liberty (not a kill)",
    ),
];

pub const UTTT: [Situation; 5] = [
    situation(
        "uttt.forced-field",
        "forced field: the field the last move points to",
    ),
    situation(
        "uttt.forced-own-field",
        "forced field: the last move's own field (its centre cell)",
    ),
    situation("uttt.any-field-full", "any field: the forced field is full"),
    situation(
        "uttt.any-field-own-full",
        "any field: the forced field is the last move's own, full",
    ),
    situation("uttt.forced-one-cell", "forced field with one free cell"),
];

/// The situations of a game, in table order.
pub const fn of_game(kind: GameKind) -> &'static [Situation] {
    match kind {
        GameKind::Tomek => &TOMEK,
        GameKind::Go9 => &GO9,
        GameKind::Uttt => &UTTT,
    }
}

/// The index of each situation a board reaches, as bits.
pub fn reached(game: &JudgedBoard) -> u32 {
    match game {
        JudgedBoard::Tomek { board, findings } => {
            let winner = findings.winning_lines.first().map(|w| w.player);
            let t_in_win = findings.winning_lines.iter().any(|w| {
                Some(w.player) == winner && w.line.cells().iter().any(|&c| board.mark(c) == Mark::T)
            });
            let has_t = !board.t_cells().is_empty();
            let verdict = match (findings.verdict, t_in_win, has_t) {
                (Verdict::XWon, false, _) => 0,
                (Verdict::XWon, true, _) => 1,
                (Verdict::OWon, false, _) => 2,
                (Verdict::OWon, true, _) => 3,
                (Verdict::Draw, _, false) => 4,
                (Verdict::Draw, _, true) => 5,
                (Verdict::NotCompleted, _, false) => 6,
                (Verdict::NotCompleted, _, true) => 7,
            };
            let mut bits = 1 << verdict;
            if winner.is_some() && board.cells.iter().flatten().all(|&m| m != Mark::Empty) {
                bits |= 1 << 8;
            }
            let diagonal_t = findings.winning_lines.iter().any(|w| {
                Some(w.player) == winner
                    && matches!(
                        w.line,
                        crate::games::tomek::Line::Diagonal
                            | crate::games::tomek::Line::AntiDiagonal
                    )
                    && w.line.cells().iter().any(|&c| board.mark(c) == Mark::T)
            });
            if diagonal_t {
                bits |= 1 << 9;
            }
            let _ = Player::X;
            bits
        }
        JudgedBoard::Go9 { board } => {
            let findings = go9::analyse(board);
            let killable: Vec<_> = findings.killable().collect();
            let mut bits = if killable.is_empty() { 1 << 1 } else { 1 };
            for (index, &(_, point)) in killable.iter().enumerate() {
                let edge = |v: u8| v == 0 || v == 8;
                match (edge(point.row), edge(point.col)) {
                    (true, true) => bits |= 1 << 3,
                    (true, false) | (false, true) => bits |= 1 << 2,
                    _ => {}
                }
                if killable[index + 1..]
                    .iter()
                    .any(|&(_, other)| other == point)
                {
                    bits |= 1 << 4;
                }
                if without_liberty(board, &findings, point) {
                    bits |= 1 << 5;
                }
            }
            if findings.dead().any(|g| g.colour == Colour::White) {
                bits |= 1 << 6;
            }
            bits
        }
        JudgedBoard::Uttt { findings, .. } => {
            let last = findings.last_move;
            let own = findings.target_field == Cell::new(last.row / 3, last.col / 3);
            let mut bits = match (findings.anywhere, own) {
                (false, false) => 1,
                (false, true) => 1 << 1,
                (true, false) => 1 << 2,
                (true, true) => 1 << 3,
            };
            if !findings.anywhere && findings.legal.len() == 1 {
                bits |= 1 << 4;
            }
            bits
        }
    }
}

/// Whether x playing at `point` has no liberty of its own before the
/// capture: no empty neighbour, and no neighbouring x group with another.
fn without_liberty(board: &go9::Board, findings: &go9::Findings, point: Cell) -> bool {
    let neighbours = [(-1i8, 0i8), (1, 0), (0, -1), (0, 1)]
        .into_iter()
        .filter_map(|(dr, dc)| {
            let row = point.row.checked_add_signed(dr).filter(|&r| r < 9)?;
            let col = point.col.checked_add_signed(dc).filter(|&c| c < 9)?;
            Some(Cell::new(row, col))
        });
    neighbours.into_iter().all(|cell| match board.point(cell) {
        go9::Point::Empty => false,
        go9::Point::White => true,
        go9::Point::Black => findings
            .group_at(cell)
            .is_some_and(|group| group.liberties.len() == 1),
    })
}

#[cfg(test)]
mod tests {
    use super::{GO9, TOMEK, UTTT};

    /// The catalog's English is the description the JSON table keeps.
    #[test]
    fn every_situation_has_its_words_in_the_catalog() {
        for situation in TOMEK.iter().chain(&GO9).chain(&UTTT) {
            let words = situation.words();
            assert_ne!(words.key(), "coverage-unnamed", "{}", situation.id);
            assert_eq!(words.english(), situation.description, "{}", situation.id);
        }
    }
}
