//! `boardls check --coverage`: which of the judges' situations the tests
//! under some paths reach, per game, with the first file and case that
//! reaches each; the situations no test reaches are listed last.
//!
//! Sits on `syntax`, `games` and `profile`; `check` has the command.

mod situations;

use std::fmt::Write as _;

use crate::diagnostics::Severity;
use crate::games::GameKind;
use crate::i18n::{Locale, message};
use crate::profile::{self, Profile};
use crate::syntax::{ParsedPosition, parse_file};

pub use situations::{Situation, of_game, reached};

/// Where a situation was first reached.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct First {
    pub path: String,
    /// 1-based line of the position's first row.
    pub line: u32,
    /// 1-based: the judge's `Case #k`.
    pub case: usize,
}

/// One row of the table.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Row {
    pub situation: Situation,
    /// How many cases reach it.
    pub count: usize,
    pub first: Option<First>,
}

/// One game's part of the table.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GameCoverage {
    pub game: GameKind,
    pub files: usize,
    pub cases: usize,
    pub rows: Vec<Row>,
}

impl GameCoverage {
    fn new(game: GameKind) -> Self {
        let rows = of_game(game)
            .iter()
            .map(|&situation| Row {
                situation,
                count: 0,
                first: None,
            })
            .collect();
        GameCoverage {
            game,
            files: 0,
            cases: 0,
            rows,
        }
    }

    /// The rows reached first (in table order), then those never reached.
    pub fn ordered(&self) -> impl Iterator<Item = &Row> {
        let reached = self.rows.iter().filter(|r| r.count > 0);
        reached.chain(self.rows.iter().filter(|r| r.count == 0))
    }
}

/// The coverage of every game found, in [`GameKind::ALL`] order, and the
/// errors found on the way.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Coverage {
    pub games: Vec<GameCoverage>,
    pub errors: usize,
}

impl Coverage {
    /// Adds one file's cases.
    pub fn add_file(&mut self, path: &str, kind: GameKind, text: &str, profile: Option<Profile>) {
        let file = parse_file(kind, text);
        self.errors += file
            .all_diagnostics()
            .iter()
            .filter(|d| d.severity == Severity::Error)
            .count();
        if let Some(profile) = profile {
            self.errors += profile::check(profile, kind, text).len();
        }
        let index = match self.games.iter().position(|g| g.game == kind) {
            Some(index) => index,
            None => {
                self.games.push(GameCoverage::new(kind));
                self.games
                    .sort_by_key(|g| GameKind::ALL.iter().position(|&k| k == g.game));
                self.games.iter().position(|g| g.game == kind).unwrap_or(0)
            }
        };
        let coverage = &mut self.games[index];
        coverage.files += 1;
        coverage.add_positions(path, file.positions.iter().map(|p| (p.first_line, p)));
    }
}

impl GameCoverage {
    /// The coverage of one file's positions (each with its absolute first
    /// line): what the editor sums up for an open input.
    pub fn of_file<'a>(
        game: GameKind,
        positions: impl IntoIterator<Item = (u32, &'a ParsedPosition)>,
    ) -> GameCoverage {
        let mut coverage = GameCoverage::new(game);
        coverage.files = 1;
        coverage.add_positions("", positions);
        coverage
    }

    fn add_positions<'a>(
        &mut self,
        path: &str,
        positions: impl IntoIterator<Item = (u32, &'a ParsedPosition)>,
    ) {
        for (case, (first_line, position)) in positions.into_iter().enumerate() {
            let Some(game) = &position.game else { continue };
            self.cases += 1;
            let bits = reached(game);
            for (bit, row) in self.rows.iter_mut().enumerate() {
                if bits & (1 << bit) != 0 {
                    row.count += 1;
                    row.first.get_or_insert_with(|| First {
                        path: path.to_owned(),
                        line: first_line + 1,
                        case: case + 1,
                    });
                }
            }
        }
    }

    /// One line: how many situations are reached, and the ids of those
    /// that are not (`coverage: 7 of 10 situations · not reached: …`), in
    /// `locale`.
    pub fn summary_line(&self, locale: Locale) -> String {
        let reached = self.rows.iter().filter(|r| r.count > 0).count();
        let missed: Vec<&str> = self
            .rows
            .iter()
            .filter(|r| r.count == 0)
            .map(|r| r.situation.id)
            .collect();
        let total = self.rows.len();
        if missed.is_empty() {
            message!("lens-coverage-all", total = total).word(locale)
        } else {
            let ids = missed.join(", ");
            message!("lens-coverage", reached = reached, total = total, ids = ids).word(locale)
        }
    }

    /// The file's table in Markdown, in `locale`: each situation with its
    /// count and first case, the unreached ones last.
    pub fn markdown(&self, locale: Locale) -> String {
        let reached = self.rows.iter().filter(|r| r.count > 0).count();
        let heading = message!(
            "hover-coverage-heading",
            cases = self.cases,
            reached = reached,
            total = self.rows.len()
        );
        let mut out = format!("{}\n\n", heading.word(locale));
        for row in self.ordered() {
            let said = row.situation.words();
            let line = match &row.first {
                Some(first) => message!(
                    "coverage-row",
                    situation = said,
                    count = row.count,
                    case = first.case
                ),
                None => message!("coverage-row-not-reached", situation = said),
            };
            let _ = writeln!(out, "- {}", line.word(locale));
        }
        out
    }
}

/// The table as text, in `locale`: per game, the reached situations with
/// their count and first case, then the unreached ones under a heading
/// of their own.
pub fn render_text(coverage: &Coverage, locale: Locale) -> String {
    let mut out = String::new();
    for game in &coverage.games {
        let heading = crate::i18n::message!(
            "coverage-heading",
            game = game.game.id(),
            cases = game.cases,
            files = game.files
        );
        let _ = writeln!(out, "{}", heading.word(locale));
        let described: Vec<String> = game
            .rows
            .iter()
            .map(|r| r.situation.words().word(locale))
            .collect();
        let width = described
            .iter()
            .map(|d| display_width(d))
            .max()
            .unwrap_or(0);
        let unreached = game.rows.iter().filter(|r| r.count == 0).count();
        let rows = || game.rows.iter().zip(&described);
        // Reached first, in table order (as `GameCoverage::ordered`).
        for (row, description) in rows().filter(|(r, _)| r.count > 0) {
            let first = row.first.as_ref().map_or(String::new(), |f| {
                crate::i18n::message!(
                    "coverage-first",
                    path = f.path.clone(),
                    line = f.line,
                    case = f.case
                )
                .word(locale)
            });
            let pad = width - display_width(description);
            let _ = writeln!(out, "  {description}{:pad$}  {:>6}  {first}", "", row.count);
        }
        if unreached > 0 {
            let title = crate::i18n::message!("coverage-not-reached", n = unreached);
            let _ = writeln!(out, "  {}", title.word(locale));
            for (row, description) in rows().filter(|(r, _)| r.count == 0) {
                let _ = writeln!(out, "  ✗ {description}  [{}]", row.situation.id);
            }
        }
    }
    if coverage.games.is_empty() {
        let _ = writeln!(
            out,
            "{}",
            crate::i18n::message!("coverage-no-board-file").word(locale)
        );
    }
    out
}

/// The columns `text` takes on a terminal: two for the wide characters of
/// Chinese (and the other East Asian scripts), one for the rest.
fn display_width(text: &str) -> usize {
    text.chars()
        .map(|c| {
            let wide = matches!(c as u32,
                0x1100..=0x115F
                | 0x2E80..=0x303E
                | 0x3041..=0x33FF
                | 0x3400..=0x4DBF
                | 0x4E00..=0x9FFF
                | 0xA000..=0xA4CF
                | 0xAC00..=0xD7A3
                | 0xF900..=0xFAFF
                | 0xFE30..=0xFE4F
                | 0xFF00..=0xFF60
                | 0xFFE0..=0xFFE6);
            if wide { 2 } else { 1 }
        })
        .sum()
}

/// The same table as one JSON document.
pub fn render_json(coverage: &Coverage) -> String {
    let games: Vec<serde_json::Value> = coverage
        .games
        .iter()
        .map(|game| {
            let rows: Vec<serde_json::Value> = game
                .ordered()
                .map(|row| {
                    serde_json::json!({
                        "id": row.situation.id,
                        "situation": row.situation.description,
                        "count": row.count,
                        "reached": row.count > 0,
                        "first": row.first.as_ref().map(|f| serde_json::json!({
                            "path": f.path,
                            "line": f.line,
                            "case": f.case,
                        })),
                    })
                })
                .collect();
            serde_json::json!({
                "game": game.game.id(),
                "files": game.files,
                "cases": game.cases,
                "situations": rows,
                "unreached": game.rows.iter().filter(|r| r.count == 0).count(),
            })
        })
        .collect();
    let document = serde_json::json!({ "games": games, "errors": coverage.errors });
    serde_json::to_string_pretty(&document).unwrap_or_default() + "\n"
}
