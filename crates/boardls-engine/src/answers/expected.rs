//! What the judge prints for each case of an input: the expected output an
//! answer file is compared with, made from the parsed positions (so an
//! open input's incremental re-reading is reused).

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
    /// Shared: an open input's outputs are kept between its edits
    /// ([`JudgedCache`]), and an unchanged case is the same pointer.
    pub output: Option<Arc<[String]>>,
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
                output: position.game.as_ref().map(judge_output).map(Arc::from),
            })
            .collect();
        Expected { kind, cases }
    }

    /// From the shared positions of an open input, judging only those that
    /// `cache` has not judged before: an edit re-judges the positions it
    /// re-read, not the whole input. The positions are matched by pointer
    /// from both ends with those of the last call, so the cost beyond the
    /// re-read positions is one pass of pointer comparisons; the result is
    /// shared with the cache (an unchanged case keeps its output's `Arc`).
    pub fn of_shared<'a>(
        kind: GameKind,
        positions: impl IntoIterator<Item = (u32, &'a Arc<ParsedPosition>)>,
        cache: &JudgedCache,
    ) -> Arc<Expected> {
        let now: Vec<(u32, &Arc<ParsedPosition>)> = positions.into_iter().collect();
        let mut cache = cache.0.lock().unwrap_or_else(PoisonError::into_inner);
        let judged = &mut *cache;
        let expected = judged.expected.get_or_insert_with(|| {
            Arc::new(Expected {
                kind,
                cases: Vec::new(),
            })
        });
        let same = |kept: &Arc<ParsedPosition>, now: &Arc<ParsedPosition>| Arc::ptr_eq(kept, now);
        let kept = &judged.positions;
        let prefix = kept
            .iter()
            .zip(&now)
            .take_while(|(kept, (_, now))| same(kept, now))
            .count();
        let suffix = kept[prefix..]
            .iter()
            .rev()
            .zip(now[prefix..].iter().rev())
            .take_while(|(kept, (_, now))| same(kept, now))
            .count();
        let removed = kept.len() - prefix - suffix;
        let inserted = now.len() - prefix - suffix;
        let fresh: Vec<ExpectedCase> = now[prefix..prefix + inserted]
            .iter()
            .map(|(first_line, position)| ExpectedCase {
                input_span: first_row_span(*first_line, position),
                output: position.game.as_ref().map(judge_output).map(Arc::from),
            })
            .collect();
        judged.judged += inserted;
        let cases = Arc::make_mut(expected);
        cases.kind = kind;
        cases.cases.splice(prefix..prefix + removed, fresh);
        // The cases after the edit keep their outputs; their rows moved if
        // the edit added or removed lines.
        for (case, (first_line, position)) in cases.cases[prefix + inserted..]
            .iter_mut()
            .zip(&now[prefix + inserted..])
        {
            let span = first_row_span(*first_line, position);
            if case.input_span == span {
                break;
            }
            case.input_span = span;
        }
        judged.positions.splice(
            prefix..prefix + removed,
            now[prefix..prefix + inserted]
                .iter()
                .map(|(_, p)| Arc::clone(p)),
        );
        Arc::clone(expected)
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

/// The judge's output of the positions of one open input, kept in the
/// positions' order (see [`Expected::of_shared`]).
#[derive(Default)]
pub struct JudgedCache(Mutex<Judged>);

#[derive(Default)]
struct Judged {
    /// The positions the kept output was made from, in order (held, so
    /// that a pointer names the same position for as long as it is kept).
    positions: Vec<Arc<ParsedPosition>>,
    expected: Option<Arc<Expected>>,
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
