//! An answer file against the judge's output, line by line, as the
//! problem's own checker reads it: `Case #k: verdict` lines compared
//! exactly (`.go9`, `.tomek`), the output board row by row (`.uttt`);
//! trailing blanks and CRLF line ends are accepted. Each finding is on the
//! exact characters at fault, and one changed line gives one finding.

use std::path::Path;
use std::sync::Arc;

use crate::answers::expected::{Expected, UTTT_CASE_LINES};
use crate::diagnostics::{Diagnostic, Fix, Related, Span, codes};
use crate::games::{GameKind, go9, tomek};
use crate::i18n::{Arg, Message};
use crate::text::{line_starts, strip_line_end, to_u32};

/// Every finding of the answer text `answer` for the input text `input`.
pub fn check_answer(
    kind: GameKind,
    input: &str,
    input_path: Option<&Arc<Path>>,
    answer: &str,
) -> Vec<Diagnostic> {
    let parsed = crate::syntax::parse_file(kind, input);
    let expected = Expected::of(kind, parsed.positions.iter().map(|p| (p.first_line, p)));
    compare(&expected, answer, input_path)
}

/// Every finding of `answer` against `expected`, in line order. `input`
/// is the input's path, for the related locations (`None`: none given).
pub fn compare(expected: &Expected, answer: &str, input: Option<&Arc<Path>>) -> Vec<Diagnostic> {
    let lines = content_lines(answer);
    let mut found = Vec::new();
    for (index, text) in lines.iter().enumerate() {
        found.extend(line_findings(expected, to_u32(index), text, input));
    }
    let last_len = lines.last().map_or(0, |last| last.len());
    found.extend(missing_findings(expected, lines.len(), last_len, input));
    found
}

/// The lines an answer text has, each without its line end and trailing
/// blanks, as the checker compares them: not the empty rest after its
/// last line end (a blank line where a case should be is malformed, so
/// only the cases after the file's last line are missing).
pub fn content_lines(answer: &str) -> Vec<&str> {
    let starts = line_starts(answer);
    let ended = answer.is_empty() || answer.ends_with('\n') || answer.ends_with('\r');
    let real_lines = starts.len() - usize::from(ended);
    (0..real_lines)
        .map(|i| {
            let end = starts.get(i + 1).copied().unwrap_or(answer.len());
            answer_line(&answer[starts[i]..end])
        })
        .collect()
}

/// One line of an answer as the checker compares it: `line` without its
/// line end and trailing blanks.
pub fn answer_line(line: &str) -> &str {
    strip_line_end(line).trim_end_matches([' ', '\t'])
}

/// The findings of the answer's line `line`, whose text (as
/// [`answer_line`] gives it) is `text`. A line's findings depend on its
/// text and on the case it answers alone (its output, its place in the
/// input), and on the number of cases: an answer is checked again by the
/// lines and cases an edit touched ([`compare`] is every line's, then
/// [`missing_findings`]).
pub fn line_findings(
    expected: &Expected,
    line: u32,
    text: &str,
    input: Option<&Arc<Path>>,
) -> Vec<Diagnostic> {
    let mut out = Findings::new(expected, input);
    match expected.kind {
        GameKind::Uttt => out.uttt_line(line, text),
        GameKind::Go9 | GameKind::Tomek => out.case_line(line, text),
    }
    out.found
}

/// The finding past an answer of `content_lines` lines (the last one
/// `last_len` bytes long) when the judge's output goes on: the missing
/// cases, with their fix.
pub fn missing_findings(
    expected: &Expected,
    content_lines: usize,
    last_len: usize,
    input: Option<&Arc<Path>>,
) -> Vec<Diagnostic> {
    let mut out = Findings::new(expected, input);
    out.missing(content_lines, last_len);
    out.found
}

struct Findings<'a> {
    expected: &'a Expected,
    input: Option<&'a Arc<Path>>,
    found: Vec<Diagnostic>,
}

impl<'a> Findings<'a> {
    fn new(expected: &'a Expected, input: Option<&'a Arc<Path>>) -> Findings<'a> {
        Findings {
            expected,
            input,
            found: Vec::new(),
        }
    }
}

impl Findings<'_> {
    fn error(&mut self, code: &'static str, span: Span, message: Message) -> &mut Diagnostic {
        self.found.push(Diagnostic::error(code, span, message));
        let last = self.found.len() - 1;
        &mut self.found[last]
    }

    /// Points a finding at case `case` of the input.
    fn at_input(&mut self, case: usize) {
        let (Some(input), Some(d), Some(expected)) = (
            self.input,
            self.found.last_mut(),
            self.expected.cases.get(case),
        ) else {
            return;
        };
        d.related.push(Related {
            span: expected.input_span,
            message: crate::i18n::message!("answer-case-in-input", case = case + 1),
            file: Some(input.clone()),
        });
    }

    fn extra(&mut self, line: u32, text: &str, case: usize) {
        let cases = self.expected.cases.len();
        self.error(
            codes::ANSWER_EXTRA_CASE,
            Span::new(line, 0, to_u32(text.len())),
            crate::i18n::message!("answer-extra-case", case = case + 1, cases = cases),
        );
    }

    /// A `Case #k: verdict` line (`.go9`, `.tomek`).
    fn case_line(&mut self, line: u32, text: &str) {
        let case = line as usize;
        let number = case + 1;
        if case >= self.expected.cases.len() {
            if !text.is_empty() {
                self.extra(line, text, case);
            }
            return;
        }
        let Some((digits, verdict)) = text
            .strip_prefix("Case #")
            .and_then(|rest| rest.split_once(": "))
            .filter(|(digits, _)| !digits.is_empty() && digits.bytes().all(|b| b.is_ascii_digit()))
        else {
            let message = if text.is_empty() {
                crate::i18n::message!("answer-expected-case-line-blank", case = number)
            } else {
                crate::i18n::message!(
                    "answer-expected-case-line",
                    case = number,
                    text = text.to_owned()
                )
            };
            self.error(
                codes::ANSWER_MALFORMED,
                Span::new(line, 0, to_u32(text.len())),
                message,
            );
            self.at_input(case);
            return;
        };
        let digits_span = Span::new(line, 6, 6 + to_u32(digits.len()));
        if digits.parse::<usize>().ok() != Some(number) {
            self.error(
                codes::ANSWER_CASE_NUMBER,
                digits_span,
                crate::i18n::message!(
                    "answer-case-number",
                    case = number,
                    found = digits.to_owned()
                ),
            )
            .fix = Some(Fix {
                title: crate::i18n::message!("answer-fix-renumber", case = number),
                edits: vec![(digits_span, number.to_string())],
            });
            self.at_input(case);
        }
        let verdict_start = digits_span.end + 2;
        let verdict_span = Span::new(line, verdict_start, verdict_start + to_u32(verdict.len()));
        let words = verdicts(self.expected.kind);
        if !words.contains(&verdict) {
            self.error(
                codes::ANSWER_MALFORMED,
                verdict_span,
                crate::i18n::message!(
                    "answer-not-a-verdict",
                    case = number,
                    verdict = verdict.to_owned(),
                    expected = either(&words)
                ),
            );
            self.at_input(case);
            return;
        }
        let Some(judge) = self.judge(case).and_then(|lines| lines.first()).cloned() else {
            return;
        };
        if verdict != judge {
            let message = crate::i18n::message!(
                "answer-wrong",
                case = number,
                judge = judge.clone(),
                verdict = verdict.to_owned()
            );
            self.error(codes::ANSWER_WRONG, verdict_span, message).fix = Some(Fix {
                title: crate::i18n::message!("answer-fix-replace"),
                edits: vec![(verdict_span, judge)],
            });
            self.at_input(case);
        }
    }

    fn judge(&self, case: usize) -> Option<&[String]> {
        self.expected.cases.get(case)?.output.as_deref()
    }

    /// A line of a `.uttt` output board.
    fn uttt_line(&mut self, line: u32, text: &str) {
        let case = (line / UTTT_CASE_LINES) as usize;
        let offset = line % UTTT_CASE_LINES;
        let number = case + 1;
        if case >= self.expected.cases.len() {
            if !text.is_empty() {
                self.extra(line, text, case);
            }
            return;
        }
        let span = Span::new(line, 0, to_u32(text.len()));
        if offset % 4 == 3 {
            if !text.is_empty() {
                let message = if offset == 11 {
                    crate::i18n::message!("answer-blank-between-boards", case = number)
                } else {
                    crate::i18n::message!("answer-blank-between-bands", case = number)
                };
                self.error(codes::ANSWER_MALFORMED, span, message);
                self.at_input(case);
            }
            return;
        }
        let row = (offset - offset / 4) as usize;
        if !is_uttt_row(text) {
            let message = if text.is_empty() {
                crate::i18n::message!("answer-expected-row-blank", case = number, row = row + 1)
            } else {
                crate::i18n::message!(
                    "answer-expected-row",
                    case = number,
                    row = row + 1,
                    text = text.to_owned()
                )
            };
            self.error(codes::ANSWER_MALFORMED, span, message);
            self.at_input(case);
            return;
        }
        let Some(judge) = self.judge(case).and_then(|rows| rows.get(row)).cloned() else {
            return;
        };
        let differ: Vec<usize> = text
            .bytes()
            .zip(judge.bytes())
            .enumerate()
            .filter(|(_, (a, b))| a != b)
            .map(|(i, _)| i)
            .collect();
        if let (Some(&first), Some(&last)) = (differ.first(), differ.last()) {
            let message = crate::i18n::message!(
                "answer-wrong-row",
                case = number,
                row = row + 1,
                judge = judge.clone(),
                text = text.to_owned()
            );
            let cells = Span::new(line, to_u32(first), to_u32(last + 1));
            self.error(codes::ANSWER_WRONG_MARKER, cells, message).fix = Some(Fix {
                title: crate::i18n::message!("answer-fix-replace"),
                edits: vec![(span, judge)],
            });
            self.at_input(case);
        }
    }

    /// One finding when the file stops before the judge's output does.
    fn missing(&mut self, content_lines: usize, last_len: usize) {
        let cases = self.expected.cases.len();
        let expected_lines = match self.expected.kind {
            GameKind::Uttt => (cases * UTTT_CASE_LINES as usize).saturating_sub(1),
            GameKind::Go9 | GameKind::Tomek => cases,
        };
        if content_lines >= expected_lines {
            return;
        }
        let first_missing = match self.expected.kind {
            // Line 11 of a board is the blank before the next one.
            GameKind::Uttt => (content_lines + 1) / UTTT_CASE_LINES as usize,
            GameKind::Go9 | GameKind::Tomek => content_lines,
        };
        let message = if first_missing + 1 >= cases {
            crate::i18n::message!("answer-missing-case", case = cases)
        } else {
            crate::i18n::message!(
                "answer-missing-cases",
                first = first_missing + 1,
                last = cases
            )
        };
        let span = match content_lines.checked_sub(1) {
            Some(last) => Span::at(to_u32(last), to_u32(last_len)),
            None => Span::at(0, 0),
        };
        // Only whole cases are added: a `.uttt` board cut short is left to
        // be finished by hand (a fix replaces single lines).
        let boundary = self.expected.line_of_case(first_missing) as usize >= content_lines;
        let fix = boundary
            .then(|| self.expected.output_lines(first_missing))
            .flatten()
            .map(|judge| {
                let mut text = judge.join("\n");
                if content_lines == 0 {
                    text.push('\n');
                } else {
                    text.insert(0, '\n');
                }
                Fix {
                    title: crate::i18n::message!("answer-fix-write-missing"),
                    edits: vec![(span, text)],
                }
            });
        self.error(codes::ANSWER_MISSING_CASE, span, message).fix = fix;
        self.at_input(first_missing.min(cases.saturating_sub(1)));
    }
}

/// The verdicts the judge can print (`.go9`, `.tomek`).
fn verdicts(kind: GameKind) -> Vec<&'static str> {
    match kind {
        GameKind::Tomek => [
            tomek::Verdict::XWon,
            tomek::Verdict::OWon,
            tomek::Verdict::Draw,
            tomek::Verdict::NotCompleted,
        ]
        .map(tomek::Verdict::text)
        .to_vec(),
        GameKind::Go9 => [go9::Verdict::CanKill, go9::Verdict::CanNotKill]
            .map(go9::Verdict::text)
            .to_vec(),
        GameKind::Uttt => Vec::new(),
    }
}

/// The verdicts `words`, each in backquotes, as alternatives: `` `a` or
/// `b` or `c` `` in English.
fn either(words: &[&str]) -> Arg {
    let quoted = |word: &str| format!("`{word}`");
    let mut rest = words.iter().rev();
    let last = rest.next().map_or_else(String::new, |w| quoted(w));
    rest.fold(Arg::from(last), |tail, w| {
        Arg::from(crate::i18n::message!(
            "answer-either",
            first = quoted(w),
            rest = tail
        ))
    })
}

/// `ccc ccc ccc`, cells `x`, `o`, `.`, `!`.
fn is_uttt_row(text: &str) -> bool {
    let bytes = text.as_bytes();
    bytes.len() == 11
        && bytes.iter().enumerate().all(|(i, &b)| {
            if i % 4 == 3 {
                b == b' '
            } else {
                matches!(b, b'x' | b'o' | b'.' | b'!')
            }
        })
}

/// The one finding of an answer file with no input beside it.
pub fn no_input(patterns: &[String]) -> Diagnostic {
    Diagnostic::warning(
        codes::ANSWER_NO_INPUT,
        Span::at(0, 0),
        crate::i18n::message!("answer-no-input", names = patterns.join(", ")),
    )
}
