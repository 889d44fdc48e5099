//! What the judge prints for each case of an input: the expected output an
//! answer file is compared with, made from the parsed positions (so an
//! open input's incremental re-reading is reused).

use std::collections::HashMap;
use std::sync::{Arc, Mutex, PoisonError};

use crate::diagnostics::Span;
use crate::games::{GameKind, go9, uttt};
use crate::syntax::{JudgedBoard, ParsedPosition, board_size};

/// The judge's output for one case.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ExpectedCase {
    /// Where the case is in the input: its first board row.
    pub input_span: Span,
    /// `.go9`, `.tomek`: the verdict alone; `.uttt`: the nine rows of the
    /// output board. `None` when the input's board cannot be judged.
    pub output: Option<Vec<String>>,
}

/// The judge's output for a whole input, case by case.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Expected {
    pub kind: GameKind,
    pub cases: Vec<ExpectedCase>,
}

/// Lines of one `.uttt` case in an answer: 9 rows, 2 blank lines between
/// bands, then one blank line before the next case.
pub const UTTT_CASE_LINES: u32 = 12;

impl Expected {
    /// From the positions of an input, each with its absolute first line.
    pub fn of<'a>(
        kind: GameKind,
        positions: impl IntoIterator<Item = (u32, &'a ParsedPosition)>,
    ) -> Expected {
        let cases = positions
            .into_iter()
            .map(|(first_line, position)| ExpectedCase {
                input_span: first_row_span(first_line, position),
                output: position.game.as_ref().map(judge_output),
            })
            .collect();
        Expected { kind, cases }
    }

    /// From the shared positions of an open input, judging only those that
    /// `cache` has not judged before: an edit re-judges the positions it
    /// re-read, not the whole input.
    pub fn of_shared<'a>(
        kind: GameKind,
        positions: impl IntoIterator<Item = (u32, &'a Arc<ParsedPosition>)>,
        cache: &JudgedCache,
    ) -> Expected {
        let mut cache = cache.0.lock().unwrap_or_else(PoisonError::into_inner);
        let mut kept = std::mem::take(&mut cache.outputs);
        let cases = positions
            .into_iter()
            .map(|(first_line, position)| {
                // The `Arc` is kept with its output, so its address names
                // this position for as long as the entry lives.
                let key = Arc::as_ptr(position) as usize;
                let output = match kept.remove(&key) {
                    Some((_, output)) => output,
                    None => {
                        cache.judged += 1;
                        position.game.as_ref().map(judge_output)
                    }
                };
                cache
                    .outputs
                    .insert(key, (Arc::clone(position), output.clone()));
                ExpectedCase {
                    input_span: first_row_span(first_line, position),
                    output,
                }
            })
            .collect();
        Expected { kind, cases }
    }

    /// The case an answer line belongs to (0-based), if any.
    pub fn case_of_line(&self, line: u32) -> Option<usize> {
        let case = match self.kind {
            GameKind::Uttt => line / UTTT_CASE_LINES,
            GameKind::Go9 | GameKind::Tomek => line,
        } as usize;
        (case < self.cases.len()).then_some(case)
    }

    /// The first answer line of case `case` (0-based).
    pub fn line_of_case(&self, case: usize) -> u32 {
        let case = crate::text::to_u32(case);
        match self.kind {
            GameKind::Uttt => case.saturating_mul(UTTT_CASE_LINES),
            GameKind::Go9 | GameKind::Tomek => case,
        }
    }

    /// The judge's output lines of cases `from..`, as `solve` prints them;
    /// `None` when one of them cannot be judged.
    pub fn output_lines(&self, from: usize) -> Option<Vec<String>> {
        self.lines(from, None)
    }

    /// Every case's output lines, as `solve` prints them; a case that
    /// cannot be judged reads `Case #k: {unjudged}`.
    pub fn verdict_lines(&self, unjudged: &str) -> Vec<String> {
        self.lines(0, Some(unjudged)).unwrap_or_default()
    }

    fn lines(&self, from: usize, unjudged: Option<&str>) -> Option<Vec<String>> {
        let mut lines = Vec::new();
        for (index, case) in self.cases.iter().enumerate().skip(from) {
            let output = match (case.output.as_ref(), unjudged) {
                (Some(output), _) => output,
                (None, Some(text)) => {
                    if self.kind == GameKind::Uttt && index > 0 {
                        lines.push(String::new());
                    }
                    lines.push(case_line(index, text));
                    continue;
                }
                (None, None) => return None,
            };
            match self.kind {
                GameKind::Uttt => {
                    if index > 0 {
                        lines.push(String::new());
                    }
                    for (row, text) in output.iter().enumerate() {
                        if row == 3 || row == 6 {
                            lines.push(String::new());
                        }
                        lines.push(text.clone());
                    }
                }
                GameKind::Go9 | GameKind::Tomek => {
                    lines.push(case_line(index, output.first().map_or("", String::as_str)));
                }
            }
        }
        Some(lines)
    }

    /// The whole answer file as `solve` prints it, or `None` when a case
    /// cannot be judged.
    pub fn output_text(&self) -> Option<String> {
        let mut text = self.output_lines(0)?.join("\n");
        text.push('\n');
        Some(text)
    }
}

/// The judge's output of the positions of one open input, kept by
/// position (see [`Expected::of_shared`]).
#[derive(Default)]
pub struct JudgedCache(Mutex<Judged>);

#[derive(Default)]
struct Judged {
    outputs: HashMap<usize, (Arc<ParsedPosition>, Option<Vec<String>>)>,
    /// How many positions were judged in all (what a test counts).
    judged: usize,
}

impl JudgedCache {
    /// How many positions were judged since it was made (what the tests
    /// of work by the edit count).
    pub fn judged(&self) -> usize {
        self.0.lock().unwrap_or_else(PoisonError::into_inner).judged
    }
}

/// `Case #k: verdict` for the 0-based case `index`.
pub fn case_line(index: usize, verdict: &str) -> String {
    format!("Case #{}: {verdict}", index + 1)
}

fn first_row_span(first_line: u32, position: &ParsedPosition) -> Span {
    let width = match position.kind {
        GameKind::Uttt => 11,
        kind => crate::text::to_u32(board_size(kind)),
    };
    match position.row_lines.get(0) {
        Some(row) => Span::new(first_line + row, 0, width),
        None => Span::at(first_line, 0),
    }
}

fn judge_output(game: &JudgedBoard) -> Vec<String> {
    match game {
        JudgedBoard::Tomek { findings, .. } => vec![findings.verdict.text().to_owned()],
        JudgedBoard::Go9 { board } => vec![go9::verdict(board).text().to_owned()],
        JudgedBoard::Uttt { board, findings } => {
            let mut bytes = Vec::with_capacity(120);
            uttt::write_board(&uttt::judge_output_board(board, findings), &mut bytes);
            String::from_utf8_lossy(&bytes)
                .lines()
                .filter(|line| !line.trim().is_empty())
                .map(str::to_owned)
                .collect()
        }
    }
}
