//! Judge profiles: the promises one judge's statement makes about its
//! input, quoted from the statement, checked like a testlib validator.
//!
//! - `cf907b` (Codeforces 907B): one position, no comments or `!`
//!   markers, the last-move cell holds a chip, some cell is empty;
//! - `hdu5546` (HDU 5546): a count line with 1 ≤ T ≤ 100, no comments;
//! - `gcj2013a-small` / `gcj2013a-large` (GCJ 2013 Qualification A): a
//!   count line with 1 ≤ T ≤ 10 / 1000, at most one `T` per board, and a
//!   board that play reaches ([`reach`]), no comments.
//!
//! A broken promise is an error coded `profile/…` at the characters at
//! fault, quoting the rule. Without a profile nothing is checked here.
//! Sits on `syntax` and `games`.

mod reach;

use crate::diagnostics::{Diagnostic, Severity, Span, codes};
use crate::games::GameKind;
use crate::games::tomek::{Mark, Player};
use crate::syntax::{JudgedBoard, ParsedFile, ParsedPosition, is_comment, parse_file};
use crate::text::{LineSource, TextLines, to_u32};

/// One judge's statement.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Profile {
    Cf907b,
    Hdu5546,
    Gcj2013aSmall,
    Gcj2013aLarge,
}

impl Profile {
    pub const ALL: [Profile; 4] = [
        Profile::Cf907b,
        Profile::Hdu5546,
        Profile::Gcj2013aSmall,
        Profile::Gcj2013aLarge,
    ];

    pub const fn name(self) -> &'static str {
        match self {
            Profile::Cf907b => "cf907b",
            Profile::Hdu5546 => "hdu5546",
            Profile::Gcj2013aSmall => "gcj2013a-small",
            Profile::Gcj2013aLarge => "gcj2013a-large",
        }
    }

    pub fn from_name(name: &str) -> Option<Profile> {
        Profile::ALL.into_iter().find(|p| p.name() == name)
    }

    /// The game whose input it describes.
    pub const fn game(self) -> GameKind {
        match self {
            Profile::Cf907b => GameKind::Uttt,
            Profile::Hdu5546 => GameKind::Go9,
            Profile::Gcj2013aSmall | Profile::Gcj2013aLarge => GameKind::Tomek,
        }
    }

    /// The profile a judge of `kind` uses by default (the larger data set).
    pub const fn default_for(kind: GameKind) -> Profile {
        match kind {
            GameKind::Uttt => Profile::Cf907b,
            GameKind::Go9 => Profile::Hdu5546,
            GameKind::Tomek => Profile::Gcj2013aLarge,
        }
    }

    /// The statement's bounds on T, the number of test cases; `None` when
    /// an input is one position without a count.
    pub const fn case_range(self) -> Option<(u64, u64)> {
        match self {
            Profile::Cf907b => None,
            Profile::Hdu5546 => Some((1, 100)),
            Profile::Gcj2013aSmall => Some((1, 10)),
            Profile::Gcj2013aLarge => Some((1, 1000)),
        }
    }

    /// Whether it promises at most one `T` and a board that play reaches.
    const fn reachable_tomek(self) -> bool {
        matches!(self, Profile::Gcj2013aSmall | Profile::Gcj2013aLarge)
    }
}

/// How a file is validated: against a profile, and whether it is an
/// invalid-input test (`invalidInputs`), one that must break it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Validation {
    pub profile: Profile,
    pub invalid_input: bool,
}

impl Validation {
    /// The findings of a file as this validation shows them, given all of
    /// them (the engine's and [`check`]'s). An invalid-input test breaks
    /// its profile when any of them is an error: then each is shown as
    /// information, to say which rule it breaks. When none is, it gets the
    /// error `profile/accepted-invalid` on its first line.
    pub fn shown(self, text: &str, mut findings: Vec<Diagnostic>) -> Vec<Diagnostic> {
        if !self.invalid_input {
            return findings;
        }
        if findings.iter().any(|d| d.severity == Severity::Error) {
            for d in &mut findings {
                d.severity = Severity::Information;
            }
            return findings;
        }
        let first_line = text.lines().next().unwrap_or_default().trim_end();
        findings.insert(
            0,
            Diagnostic::error(
                codes::PROFILE_ACCEPTED_INVALID,
                Span::new(0, 0, to_u32(first_line.len())),
                crate::i18n::message!("profile-accepted-invalid", profile = self.profile.name()),
            ),
        );
        findings
    }
}

/// Every broken promise of `profile` in a file of game `kind`: absolute
/// spans, sorted by place.
pub fn check(profile: Profile, kind: GameKind, text: &str) -> Vec<Diagnostic> {
    let name = profile.name();
    if kind != profile.game() {
        return vec![Diagnostic::error(
            codes::PROFILE_WRONG_GAME,
            Span::at(0, 0),
            crate::i18n::message!(
                "profile-wrong-game",
                kind = kind.id(),
                profile = name,
                game = profile.game().id()
            ),
        )];
    }
    let lines = TextLines::new(text);
    let file = parse_file(kind, text);
    let mut found = Vec::new();
    for line in 0..lines.line_count() {
        let content = lines.line(line);
        if is_comment(&content) {
            let start = content.len() - content.trim_start().len();
            found.push(Diagnostic::error(
                codes::PROFILE_COMMENT,
                Span::new(line, to_u32(start), to_u32(content.trim_end().len())),
                crate::i18n::message!("profile-comment", profile = name),
            ));
        }
    }
    if let Some((low, high)) = profile.case_range() {
        check_count(profile, &file, low, high, &mut found);
    }
    for (index, position) in file.positions.iter().enumerate() {
        match profile {
            Profile::Cf907b => check_cf907b(index, position, &lines, &mut found),
            _ if profile.reachable_tomek() => check_gcj(profile, position, &mut found),
            _ => {}
        }
    }
    crate::diagnostics::sort(&mut found);
    found
}

fn check_count(
    profile: Profile,
    file: &ParsedFile,
    low: u64,
    high: u64,
    found: &mut Vec<Diagnostic>,
) {
    let name = profile.name();
    match &file.header {
        None => found.push(Diagnostic::error(
            codes::PROFILE_MISSING_COUNT,
            Span::at(0, 0),
            crate::i18n::message!("profile-missing-count", profile = name),
        )),
        Some(header) => {
            let in_range = header.count.is_some_and(|t| (low..=high).contains(&t));
            if !in_range {
                let message = match header.count {
                    Some(t) => crate::i18n::message!(
                        "profile-count-range",
                        count = t.to_string(),
                        profile = name,
                        low = low,
                        high = high
                    ),
                    None => crate::i18n::message!(
                        "profile-count-too-large",
                        profile = name,
                        low = low,
                        high = high
                    ),
                };
                found.push(Diagnostic::error(
                    codes::PROFILE_COUNT_RANGE,
                    header.span,
                    message,
                ));
            }
        }
    }
}

fn check_cf907b(
    index: usize,
    position: &ParsedPosition,
    lines: &TextLines,
    found: &mut Vec<Diagnostic>,
) {
    let first = position.first_line;
    if index == 1 {
        let width = lines.line(first).trim_end().len();
        found.push(Diagnostic::error(
            codes::PROFILE_ONE_POSITION,
            Span::new(first, 0, to_u32(width)),
            crate::i18n::message!("profile-one-position"),
        ));
    }
    let Some(JudgedBoard::Uttt { board, findings }) = &position.game else {
        return;
    };
    for cell in board.marked_cells() {
        if let Some(span) = position.cell_span(cell) {
            found.push(Diagnostic::error(
                codes::PROFILE_MARKER,
                span.shifted(first),
                crate::i18n::message!("profile-marker"),
            ));
        }
    }
    if board.chip(findings.last_move).is_free()
        && let Some(span) = position.last_move_span
    {
        found.push(Diagnostic::error(
            codes::PROFILE_EMPTY_LAST_MOVE,
            span.shifted(first),
            crate::i18n::message!("profile-empty-last-move"),
        ));
    }
    if board.free_cells().is_empty() {
        found.push(Diagnostic::error(
            codes::PROFILE_NO_EMPTY_CELL,
            board_span(position),
            crate::i18n::message!("profile-no-empty-cell"),
        ));
    }
}

fn check_gcj(profile: Profile, position: &ParsedPosition, found: &mut Vec<Diagnostic>) {
    let name = profile.name();
    let first = position.first_line;
    let Some(JudgedBoard::Tomek { board, findings }) = &position.game else {
        return;
    };
    for cell in board.t_cells().iter().skip(1) {
        if let Some(span) = position.cell_span(cell) {
            found.push(Diagnostic::error(
                codes::PROFILE_EXTRA_T,
                span.shifted(first),
                crate::i18n::message!("profile-extra-t", profile = name),
            ));
        }
    }
    if let Err(why) = reach::check(board) {
        // On a mark of the first winning line when a win is at fault,
        // else on the board.
        let winning_mark = findings.winning_lines.first().and_then(|won| {
            let mark = match won.player {
                Player::X => Mark::X,
                Player::O => Mark::O,
            };
            let cell = won
                .line
                .cells()
                .into_iter()
                .find(|&c| board.mark(c) == mark)?;
            position.cell_span(cell)
        });
        let span = match (&why, winning_mark) {
            (reach::Unreachable::Counts { .. }, _) | (_, None) => board_span(position),
            (_, Some(span)) => span.shifted(first),
        };
        found.push(Diagnostic::error(
            codes::PROFILE_UNREACHABLE,
            span,
            crate::i18n::message!("profile-unreachable", why = why.describe(), profile = name),
        ));
    }
}

/// The first row of a position's board (absolute).
fn board_span(position: &ParsedPosition) -> Span {
    let line = position.row_lines.get(0).unwrap_or(0);
    let width = position.regular_row_width(line).unwrap_or(0);
    Span::new(position.first_line + line, 0, width)
}
