//! Hover, in Markdown: what a cell holds and what it means, then the
//! position's verdict in the judge's wording (`Case #k: …`), then a
//! picture of the position (`super::picture`: an SVG image or a text
//! board, as the client and `hover.picture` decide). In the session's
//! language; outside English, the diagnostics under the cursor follow the
//! explanation, each after its code (`go9/killable`), so that a user can
//! search for the code whatever the language of its message.

use std::fmt::Write as _;

use ls_types::{Hover, HoverContents, MarkupContent, MarkupKind, Position};

use super::locate::{self, Located, at_cell, cell_list, coord, field_name};
use super::picture;
use crate::config::HoverPicture;
use crate::encoding::position_to_line_byte;
use crate::view::DocView;
use boardls_engine::coverage::GameCoverage;
use boardls_engine::diagnostics::Diagnostic;
use boardls_engine::games::go9::{self, Colour};
use boardls_engine::games::tomek::{self, Line};
use boardls_engine::games::{Cell, uttt};
use boardls_engine::i18n::message;
use boardls_engine::i18n::{Locale, Message};
use boardls_engine::syntax::JudgedBoard;

/// The most positions a document may have for the coverage of its count
/// line's hover and its code lens (the largest judge's T).
pub const MAX_COVERAGE_POSITIONS: usize = 1000;

pub fn hover_with(view: &DocView<'_>, pos: Position, picture: HoverPicture) -> Option<Hover> {
    let locale = view.locale();
    let Some((located, cell)) = locate::at(view, pos) else {
        // Outside the positions (the count line, a stray line): their
        // diagnostics, after the coverage if it is the count line.
        let mut text = String::new();
        diagnostics_here(view, pos, &mut text);
        return match count_line(view, pos.line) {
            Some(mut hover) => {
                if let HoverContents::Markup(content) = &mut hover.contents {
                    content.value.push_str(&text);
                }
                Some(hover)
            }
            None => (!text.is_empty()).then(|| markdown(text.trim_start().to_owned(), None)),
        };
    };
    let mut text = String::new();
    let range = match (cell, located.position.game()) {
        (Some(cell), Some(game)) => {
            let say = Say {
                text: &mut text,
                locale,
            };
            match game {
                JudgedBoard::Uttt { board, findings } => uttt_cell(say, board, findings, cell),
                JudgedBoard::Go9 { board } => go9_cell(say, board, &go9::analyse(board), cell),
                JudgedBoard::Tomek { board, findings } => tomek_cell(say, board, findings, cell),
            }
            located.cell_range(view, cell)
        }
        (Some(cell), None) => {
            let _ = writeln!(
                text,
                "**{}**\n\n{}",
                coord(cell).word(locale),
                message!("board-unreadable").word(locale)
            );
            located.cell_range(view, cell)
        }
        (None, _) => {
            let say = Say {
                text: &mut text,
                locale,
            };
            position_summary(say, located);
            None
        }
    };
    diagnostics_here(view, pos, &mut text);
    let _ = write!(text, "\n---\n\n`{}`", located.label(locale));
    if let Some(drawing) = picture::markdown(&located, cell, picture, &view.caps) {
        let _ = write!(text, "\n\n{drawing}");
    }
    Some(markdown(text, range))
}

pub fn markdown(value: String, range: Option<ls_types::Range>) -> Hover {
    Hover {
        contents: HoverContents::Markup(MarkupContent {
            kind: MarkupKind::Markdown,
            value,
        }),
        range,
    }
}

/// Outside English: the diagnostics whose span holds `pos`, each as
/// ``` `code`: message ``` (English hovers leave them to the editor's
/// own diagnostic hover, whose English message is searchable as it is).
fn diagnostics_here(view: &DocView<'_>, pos: Position, text: &mut String) {
    let (line, byte) = position_to_line_byte(view.doc.rope(), pos, view.enc());
    let here = view.doc.diagnostics_in_lines(line, line.saturating_add(1));
    write_coded(&here, line, byte, view.locale(), text);
}

/// Outside English, appends each of `diagnostics` whose span holds byte
/// `byte` of line `line`, as ``` `code`: message ```.
pub fn write_coded<'a>(
    diagnostics: impl IntoIterator<Item = &'a Diagnostic>,
    line: u32,
    byte: u32,
    locale: Locale,
    text: &mut String,
) {
    if locale == Locale::English {
        return;
    }
    for d in diagnostics {
        let span = d.span;
        let holds =
            span.line == line && span.start <= byte && (byte < span.end || byte == span.start);
        if holds {
            let _ = writeln!(text, "\n`{}`: {}", d.code, d.message.word(locale));
        }
    }
}

/// On the count line: the file's coverage of the judge's situations.
fn count_line(view: &DocView<'_>, line: u32) -> Option<Hover> {
    let doc = view.doc;
    if doc.header()?.line != line || doc.position_count() > MAX_COVERAGE_POSITIONS {
        return None;
    }
    let coverage = GameCoverage::of_file(doc.kind(), doc.positions_with_lines());
    Some(markdown(coverage.markdown(view.locale()), None))
}

/// Where the hover's sentences go, and in which language.
struct Say<'a> {
    text: &'a mut String,
    locale: Locale,
}

impl Say<'_> {
    /// `message` on a line of its own.
    fn line(&mut self, message: Message) {
        boardls_engine::i18n::word_into(&message, self.locale, self.text);
        self.text.push('\n');
    }

    /// An empty line, then `message` on a line of its own.
    fn paragraph(&mut self, message: Message) {
        self.text.push('\n');
        self.line(message);
    }

    /// `**cell** — content`, then an empty line.
    fn heading(&mut self, cell: Cell, content: Message) {
        let _ = writeln!(
            self.text,
            "**{}** — {}\n",
            coord(cell).word(self.locale),
            content.word(self.locale)
        );
    }
}

/// Off the cells (a last-move line, a count line inside the position):
/// the position as a whole.
fn position_summary(mut say: Say<'_>, located: Located<'_>) {
    say.line(message!("hover-case-heading", case = located.case()));
    say.text.push('\n');
    match located.position.game() {
        Some(JudgedBoard::Uttt { findings, .. }) => say.line(uttt_reason_line(findings)),
        Some(JudgedBoard::Go9 { board }) => {
            let findings = go9::analyse(board);
            let mut killable = findings.killable().peekable();
            if killable.peek().is_none() {
                say.line(message!("hover-go9-no-kill"));
            }
            for (group, point) in killable {
                say.text.push_str("- ");
                say.line(message!(
                    "hover-go9-kill-item",
                    at = at_cell(point),
                    n = group.stones.len()
                ));
            }
        }
        Some(JudgedBoard::Tomek { findings, .. }) => tomek_lines(say, findings, None),
        None => say.line(message!("board-unreadable")),
    }
}

fn uttt_reason_line(findings: &uttt::Findings) -> Message {
    let field = field_name(findings.target_field);
    let last = at_cell(findings.last_move);
    let to_move = match findings.to_move {
        Some(player) => message!("hover-uttt-to-move", player = player.symbol()),
        None => message!("hover-uttt-nobody-to-move"),
    };
    let n = findings.legal.len();
    if findings.anywhere {
        message!(
            "hover-uttt-reason-anywhere",
            last = last,
            to_move = to_move,
            field = field,
            n = n
        )
    } else {
        message!(
            "hover-uttt-reason",
            last = last,
            to_move = to_move,
            field = field,
            n = n
        )
    }
}

fn uttt_cell(mut say: Say<'_>, board: &uttt::Board, findings: &uttt::Findings, cell: Cell) {
    let chip = board.chip(cell);
    let content = match chip {
        uttt::Chip::X => message!("hover-uttt-chip", chip = 'x'),
        uttt::Chip::O => message!("hover-uttt-chip", chip = 'o'),
        uttt::Chip::Empty => message!("hover-empty"),
        uttt::Chip::Marked => message!("hover-uttt-marked"),
    };
    say.heading(cell, content);
    let field = Cell::new(cell.row / 3, cell.col / 3);
    let target = field_name(findings.target_field);
    let player = findings
        .to_move
        .map_or(message!("hover-uttt-next-player"), |p| {
            message!("hover-uttt-player", player = p.symbol())
        });
    let verdict = if !chip.is_free() {
        if cell == findings.last_move {
            message!("hover-uttt-taken-by-last-move")
        } else {
            message!("hover-uttt-taken")
        }
    } else if findings.legal.contains(cell) {
        if findings.anywhere {
            message!(
                "hover-uttt-legal-anywhere",
                player = player,
                target = target
            )
        } else {
            message!(
                "hover-uttt-legal",
                player = player,
                target = target,
                last = at_cell(findings.last_move)
            )
        }
    } else {
        message!(
            "hover-uttt-not-legal",
            field = field_name(field),
            last = at_cell(findings.last_move),
            target = target
        )
    };
    say.line(verdict);
    if chip == uttt::Chip::Marked && !findings.legal.contains(cell) {
        say.paragraph(message!("hover-uttt-wrong-marker"));
    }
}

fn colour_name(colour: Colour) -> char {
    match colour {
        Colour::Black => 'x',
        Colour::White => 'o',
    }
}

fn go9_cell(mut say: Say<'_>, board: &go9::Board, findings: &go9::Findings, cell: Cell) {
    match board.point(cell) {
        go9::Point::Empty => {
            say.heading(cell, message!("hover-empty"));
            let outcome = go9::play_black(board, cell);
            match &outcome {
                Some(outcome) if !outcome.captured.is_empty() => {
                    say.line(message!(
                        "hover-go9-captures",
                        n = outcome.captured.len(),
                        cells = cell_list(outcome.captured)
                    ));
                }
                Some(_) => say.line(message!("hover-go9-captures-nothing")),
                None => {}
            }
            if let Some(outcome) = outcome
                && !outcome.lost.is_empty()
            {
                say.paragraph(message!(
                    "hover-go9-loses",
                    n = outcome.lost.len(),
                    cells = cell_list(outcome.lost)
                ));
            }
        }
        point => {
            let symbol = char::from(point.to_byte());
            let content = if point == go9::Point::Black {
                message!("hover-go9-black-stone", stone = symbol)
            } else {
                message!("hover-go9-white-stone", stone = symbol)
            };
            say.heading(cell, content);
            if let Some(group) = findings.group_at(cell) {
                go9_group(say, group);
            }
        }
    }
}

fn go9_group(mut say: Say<'_>, group: &go9::Group) {
    say.line(message!(
        "hover-go9-group",
        n = group.stones.len(),
        colour = colour_name(group.colour),
        cells = cell_list(group.stones)
    ));
    say.text.push('\n');
    let liberties = group.liberties.len();
    if liberties == 0 {
        say.line(message!("hover-go9-dead"));
        return;
    }
    say.line(message!(
        "hover-go9-liberties",
        n = liberties,
        cells = cell_list(group.liberties)
    ));
    if let Some(point) = group.last_liberty() {
        say.paragraph(match group.colour {
            Colour::White => message!("hover-go9-x-captures-it", at = at_cell(point)),
            Colour::Black => message!("hover-go9-in-atari", at = at_cell(point)),
        });
    }
}

fn tomek_cell(mut say: Say<'_>, board: &tomek::Board, findings: &tomek::Findings, cell: Cell) {
    let content = match board.mark(cell) {
        tomek::Mark::X => message!("hover-tomek-mark", mark = 'X'),
        tomek::Mark::O => message!("hover-tomek-mark", mark = 'O'),
        tomek::Mark::T => message!("hover-tomek-joker"),
        tomek::Mark::Empty => message!("hover-empty"),
    };
    say.heading(cell, content);
    tomek_lines(say, findings, Some(cell));
}

/// `row 2`, `the diagonal from the top left`.
fn line_name(line: Line) -> Message {
    match line {
        Line::Row(r) => message!("hover-tomek-row", row = r + 1),
        Line::Column(c) => message!("hover-tomek-column", column = c + 1),
        Line::Diagonal => message!("hover-tomek-diagonal"),
        Line::AntiDiagonal => message!("hover-tomek-anti-diagonal"),
    }
}

fn tomek_lines(mut say: Say<'_>, findings: &tomek::Findings, cell: Option<Cell>) {
    say.line(message!(
        "hover-tomek-verdict",
        verdict = findings.verdict.text()
    ));
    for win in &findings.winning_lines {
        let here = cell.is_some_and(|c| win.line.cells().contains(&c));
        let player = win.player.symbol();
        let line = line_name(win.line);
        let cells = cell_list(win.line.cells());
        say.paragraph(if here {
            message!(
                "hover-tomek-win-through-here",
                player = player,
                line = line,
                cells = cells
            )
        } else {
            message!(
                "hover-tomek-win",
                player = player,
                line = line,
                cells = cells
            )
        });
    }
    if findings.both_won() {
        say.paragraph(message!("hover-tomek-both-won"));
    }
}
