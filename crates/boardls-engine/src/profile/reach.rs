//! Which Tic-Tac-Toe-Tomek boards play can reach, derived from the rules of
//! play in GCJ 2013 Qualification A: the board starts empty but for at most
//! one `T`; X moves first and the players alternate, each putting their
//! symbol in an empty square; the game ends at the first move that makes a
//! winning line for the mover, or when the board is full.
//!
//! So a board is reachable exactly when
//! - X has as many marks as O, or one more (X moves first, turns alternate);
//! - when X holds a winning line, X made the last move (one more mark than
//!   O), O holds none, and one X mark lies on every X winning line (the
//!   last move made them all at once; without it, no line was complete);
//! - the same for O, with as many marks as X.
//!
//! A board without a winning line and right counts is reached by playing
//! its marks in any alternating order: no earlier board had a line either.

use crate::games::Cell;
use crate::games::tomek::{Board, Line, Mark, Player, analyse};
use crate::i18n::Message;

/// Why play cannot reach a board.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Unreachable {
    /// X must have as many marks as O, or one more.
    Counts { x: usize, o: usize },
    /// Both players hold a winning line.
    BothWon,
    /// The winner's mark count says the other player moved last.
    WinnerDidNotMoveLast { winner: Player, x: usize, o: usize },
    /// No single mark of the winner lies on all its winning lines: the game
    /// would have stopped at an earlier win.
    WonTwice { winner: Player, lines: [Line; 2] },
}

impl Unreachable {
    /// The rule it breaks, in words.
    pub(crate) fn describe(&self) -> Message {
        match self {
            Unreachable::Counts { x, o } => {
                crate::i18n::message!("profile-unreachable-counts", x = *x, o = *o)
            }
            Unreachable::BothWon => crate::i18n::message!("profile-unreachable-both-won"),
            Unreachable::WinnerDidNotMoveLast { winner, x, o } => crate::i18n::message!(
                "profile-unreachable-winner-did-not-move-last",
                winner = winner.symbol(),
                x = *x,
                o = *o,
                other = other(*winner).symbol()
            ),
            Unreachable::WonTwice { winner, lines } => crate::i18n::message!(
                "profile-unreachable-won-twice",
                winner = winner.symbol(),
                first = line_name(lines[0]),
                second = line_name(lines[1])
            ),
        }
    }
}

fn other(player: Player) -> Player {
    match player {
        Player::X => Player::O,
        Player::O => Player::X,
    }
}

/// A line as a setter names it: "row 2", "column 4", "the diagonal".
pub(crate) fn line_name(line: Line) -> Message {
    match line {
        Line::Row(r) => crate::i18n::message!("profile-line-row", n = r + 1),
        Line::Column(c) => crate::i18n::message!("profile-line-column", n = c + 1),
        Line::Diagonal => crate::i18n::message!("profile-line-diagonal"),
        Line::AntiDiagonal => crate::i18n::message!("profile-line-anti-diagonal"),
    }
}

/// Whether play reaches `board`; the rule broken when it does not. (At
/// most one `T` is a rule of its own, checked apart.)
pub(crate) fn check(board: &Board) -> Result<(), Unreachable> {
    let marks = board.cells.iter().flatten();
    let x = marks.clone().filter(|&&m| m == Mark::X).count();
    let o = marks.filter(|&&m| m == Mark::O).count();
    if x != o && x != o + 1 {
        return Err(Unreachable::Counts { x, o });
    }
    let findings = analyse(board);
    if findings.both_won() {
        return Err(Unreachable::BothWon);
    }
    let Some(winner) = findings.winning_lines.first().map(|w| w.player) else {
        return Ok(());
    };
    let moved_last = if x == o + 1 { Player::X } else { Player::O };
    if winner != moved_last {
        return Err(Unreachable::WinnerDidNotMoveLast { winner, x, o });
    }
    let mark = match winner {
        Player::X => Mark::X,
        Player::O => Mark::O,
    };
    let lines: Vec<Line> = findings.winning_lines.iter().map(|w| w.line).collect();
    let on_all = |cell: &Cell| lines.iter().all(|line| line.cells().contains(cell));
    let last_move_possible = lines[0]
        .cells()
        .iter()
        .any(|cell| board.mark(*cell) == mark && on_all(cell));
    if last_move_possible {
        Ok(())
    } else {
        let second = lines
            .iter()
            .copied()
            .find(|line| {
                !lines[0]
                    .cells()
                    .iter()
                    .any(|c| board.mark(*c) == mark && line.cells().contains(c))
            })
            .unwrap_or(lines[lines.len() - 1]);
        Err(Unreachable::WonTwice {
            winner,
            lines: [lines[0], second],
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn board(rows: [&str; 4]) -> Board {
        let mut board = Board::default();
        for (r, row) in rows.iter().enumerate() {
            for (c, byte) in row.bytes().enumerate() {
                board.cells[r][c] = Mark::from_byte(byte).unwrap_or_default();
            }
        }
        board
    }

    #[test]
    fn the_rules_of_play() {
        assert_eq!(check(&board(["....", "....", "....", "...."])), Ok(()));
        assert_eq!(check(&board(["X...", "....", "....", "...."])), Ok(()));
        assert_eq!(
            check(&board(["O...", "....", "....", "...."])),
            Err(Unreachable::Counts { x: 0, o: 1 })
        );
        // X wins with the T on row 1, having moved last.
        assert_eq!(check(&board(["XXXT", "OO..", "....", "...."])), Ok(()));
        assert_eq!(
            check(&board(["XXXT", "OOO.", "....", "...."])),
            Err(Unreachable::WinnerDidNotMoveLast {
                winner: Player::X,
                x: 3,
                o: 3
            })
        );
        // Row 1 and column 1 meet in the corner: one move made both.
        assert_eq!(check(&board(["XXXX", "XOO.", "XOO.", "XOO."])), Ok(()));
        // The two diagonals share no cell: no single move made both.
        assert_eq!(
            check(&board(["XOOX", "OXXO", "OXXO", "XO.X"])),
            Err(Unreachable::WonTwice {
                winner: Player::X,
                lines: [Line::Diagonal, Line::AntiDiagonal]
            })
        );
        assert_eq!(
            check(&board(["XXXX", "OOOO", "XX..", "O..."])),
            Err(Unreachable::BothWon)
        );
    }

    /// Of three winning lines, the second one named is the first that
    /// shares no mark of the winner with the first (row 1 and column 2
    /// meet at the `T`), not the last (the diagonal crosses row 1 at an
    /// `X`).
    #[test]
    fn a_double_win_names_the_first_line_apart_from_the_first() {
        assert_eq!(
            check(&board(["XTXX", "OXOO", "OXXO", "OXOX"])),
            Err(Unreachable::WonTwice {
                winner: Player::X,
                lines: [Line::Row(0), Line::Column(1)]
            })
        );
    }

    /// A setter reads which lines a double win is made of, by the names
    /// the statement's board has (counted from 1).
    #[test]
    fn a_double_win_names_its_lines() {
        let names: Vec<Message> = [
            Line::Row(0),
            Line::Row(3),
            Line::Column(1),
            Line::Diagonal,
            Line::AntiDiagonal,
        ]
        .into_iter()
        .map(line_name)
        .collect();
        assert_eq!(
            names,
            [
                "row 1",
                "row 4",
                "column 2",
                "the diagonal",
                "the anti-diagonal"
            ]
        );
        let why =
            check(&board(["XOOX", "OXXO", "OXXO", "XO.X"])).map_err(|why| why.describe().english());
        assert_eq!(
            why,
            Err(
                "X holds two winning lines (the diagonal and the anti-diagonal) that no single \
                 move completed, but the game ends at the first win"
                    .to_owned()
            )
        );
    }

    /// Each language counts the marks in its own plural forms, and names
    /// the lines in its own words.
    #[test]
    fn the_rules_are_said_in_each_language() {
        use crate::i18n::Locale;
        let counts = check(&board(["OOO.", "X...", "....", "...."]))
            .map_err(|why| why.describe().word(Locale::Russian));
        assert_eq!(
            counts,
            Err(
                "у X 1 знак, у O 3 знака, но X ходит первым и игроки ходят по очереди, \
                 поэтому знаков X столько же, сколько O, или на один больше"
                    .to_owned()
            )
        );
        let last = check(&board(["XXXT", "OOO.", "....", "...."]))
            .map_err(|why| why.describe().word(Locale::Russian));
        assert_eq!(
            last,
            Err(
                "X выиграл, но у X 3 знака, у O 3 знака, значит, последним ходил O; \
                 игра же заканчивается тем ходом, который приносит победу"
                    .to_owned()
            )
        );
        let twice = check(&board(["XOOX", "OXXO", "OXXO", "XO.X"]))
            .map_err(|why| why.describe().word(Locale::SimplifiedChinese));
        assert_eq!(
            twice,
            Err(
                "X 有两条获胜连线（主对角线和副对角线），没有哪一手能同时完成它们，\
                 而对局在第一次有人获胜时就结束了"
                    .to_owned()
            )
        );
        assert_eq!(
            line_name(Line::Column(3)).word(Locale::Russian),
            "столбец 4"
        );
        assert_eq!(
            line_name(Line::Row(0)).word(Locale::SimplifiedChinese),
            "第 1 行"
        );
    }
}
