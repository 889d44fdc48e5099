//! `full`: a code frame per diagnostic, as rustc and ruff print them
//! (rendered by `annotate-snippets`, the crate they use), then a summary
//! line, `N errors, M warnings in K files`.
//!
//! ```text
//! error[go9/bad-cell]: expected `x`, `o` or `.`, found `X`
//!  --> examples/go9/broken.go9:6:5
//!   |
//! 6 | ....X....
//!   |     ^
//! ```
//!
//! The frame shows the diagnostic's line and the lines of its related
//! spans nearby (each labelled with its message); related spans far away
//! or beyond the first [`MAX_RELATED`] are listed as notes under the frame,
//! and a certain fix as `help`. A line longer than [`LONG_LINE`] bytes is
//! cut around what it shows, the cuts marked `…`, so a 10 MB line costs no
//! more than a short one; the location line still gives the column in the
//! whole line.

use std::io::Write as _;

use annotate_snippets::{
    AnnotationKind, Group, Level, Origin, Padding, Renderer, Snippet, normalize_untrusted_str,
};

use crate::check::sink::{CheckedFile, Sink, Summary};
use boardls_engine::diagnostics::{Diagnostic, Severity, Span};
use boardls_engine::i18n::{Locale, Wording};
use boardls_engine::text::{ceil_char_boundary, floor_char_boundary};

/// Related spans annotated in a frame (or listed under it) at most; the
/// rest are counted in a note.
pub const MAX_RELATED: usize = 8;
/// Related spans at most this many lines from the diagnostic's own share
/// its frame; those further away are notes.
pub const NEAR_LINES: u32 = 12;
/// Lines longer than this (in bytes) are cut around what they show.
pub const LONG_LINE: usize = 512;
/// On a cut line: bytes kept on each side of the span shown, and at most
/// this many bytes of the span itself.
const CONTEXT: usize = 60;
const MAX_SHOWN_SPAN: usize = 160;

pub struct FullSink {
    renderer: Renderer,
    /// The language of the messages (the one human format that has one).
    locale: Locale,
    /// The levels' names (error, warning, info, note, help) in that
    /// language; `None` in English, which the renderer writes itself.
    level_names: Option<[String; 5]>,
    /// The sentences in that language, each worded once per run.
    wording: Wording,
}

impl FullSink {
    /// With ANSI colours, or plain.
    pub fn new(color: bool, locale: Locale) -> Self {
        let renderer = if color {
            Renderer::styled()
        } else {
            Renderer::plain()
        };
        let level_names = (locale != Locale::English).then(|| {
            [
                boardls_engine::i18n::message!("check-level-error"),
                boardls_engine::i18n::message!("check-level-warning"),
                boardls_engine::i18n::message!("check-level-info"),
                boardls_engine::i18n::message!("check-level-note"),
                boardls_engine::i18n::message!("check-level-help"),
            ]
            .map(|name| name.word(locale))
        });
        FullSink {
            renderer,
            locale,
            level_names,
            wording: Wording::new(locale),
        }
    }

    /// `level`, named in the sink's language; `index` is its place in
    /// `level_names`.
    fn named<'a>(&'a self, level: Level<'a>, index: usize) -> Level<'a> {
        match &self.level_names {
            Some(names) => level.with_name(names[index].as_str()),
            None => level,
        }
    }

    fn level(&self, severity: Severity) -> Level<'_> {
        match severity {
            Severity::Error => self.named(Level::ERROR, 0),
            Severity::Warning => self.named(Level::WARNING, 1),
            Severity::Information => self.named(Level::INFO, 2),
        }
    }
}

impl Sink for FullSink {
    fn diagnostic(&mut self, file: &CheckedFile<'_>, diagnostic: &Diagnostic, out: &mut Vec<u8>) {
        let labels: Vec<String> = diagnostic
            .related
            .iter()
            .map(|related| self.wording.with(&related.message, str::to_owned))
            .collect();
        let message = self.wording.with(&diagnostic.message, str::to_owned);
        let fix_title =
            (diagnostic.fix.as_ref()).map(|fix| self.wording.with(&fix.title, str::to_owned));
        let frame = Frame::of(file, diagnostic, &labels, self.locale);
        let level = self.level(diagnostic.severity);
        let title = level.clone().primary_title(&*message).id(diagnostic.code);
        let snippet = Snippet::source(frame.source.as_str())
            .line_start(frame.first_line as usize + 1)
            .annotations(frame.annotations());
        let mut groups = Vec::with_capacity(2);
        let mut group = if frame.primary_cut_left {
            // The renderer would count the column from the cut: say where
            // the span is in the whole line, then show the frame.
            let span = diagnostic.span;
            let column = file.char_column(span.line, span.start) as usize + 1;
            groups.push(
                title.element(
                    Origin::path(file.path)
                        .line(span.line as usize + 1)
                        .char_column(column),
                ),
            );
            let group = Group::with_level(level).element(snippet);
            if frame.notes.is_empty() && diagnostic.fix.is_none() {
                group
            } else {
                // The bar the renderer puts before notes in one part.
                group.element(Padding)
            }
        } else {
            title.element(snippet.path(file.path))
        };
        for note in &frame.notes {
            group = group.element(
                self.named(Level::NOTE, 3)
                    .message(normalize_untrusted_str(note)),
            );
        }
        if let Some(fix_title) = &fix_title {
            group = group.element(
                self.named(Level::HELP, 4)
                    .message(normalize_untrusted_str(fix_title)),
            );
        }
        groups.push(group);
        let mut rendered = self.renderer.render(&groups);
        if frame.primary_cut_left {
            rendered = drop_doubled_bar(&rendered);
        }
        out.extend_from_slice(rendered.as_bytes());
        out.extend_from_slice(b"\n\n");
    }

    fn summary(&mut self, summary: &Summary, out: &mut Vec<u8>) {
        let _ = writeln!(out, "{}", summary_line(summary, self.locale));
    }
}

/// `2 errors, 1 warning in 3 files`, and `(and 4 infos)` when there is
/// information, in `locale`.
pub fn summary_line(summary: &Summary, locale: Locale) -> String {
    let line = boardls_engine::i18n::message!(
        "check-summary",
        errors = summary.errors,
        warnings = summary.warnings,
        files = summary.files
    );
    if summary.information == 0 {
        return line.word(locale);
    }
    boardls_engine::i18n::message!(
        "check-summary-and-information",
        summary = line,
        information = summary.information
    )
    .word(locale)
}

/// A span to underline: the diagnostic's own (primary, unlabelled) or a
/// related one with its message.
struct Mark<'d> {
    span: Span,
    label: Option<&'d str>,
}

/// An annotation of the frame: a byte range of its source.
struct Placed<'d> {
    range: std::ops::Range<usize>,
    label: Option<&'d str>,
}

/// What one diagnostic shows: consecutive lines of the file (each cut if
/// long), the ranges to underline in them, and notes.
struct Frame<'d> {
    first_line: u32,
    source: String,
    primary: std::ops::Range<usize>,
    related: Vec<Placed<'d>>,
    notes: Vec<String>,
    /// The diagnostic's own line lost its start to a cut.
    primary_cut_left: bool,
}

impl<'d> Frame<'d> {
    /// `labels`: the related locations' messages, worded.
    fn of(
        file: &CheckedFile<'_>,
        diagnostic: &Diagnostic,
        labels: &'d [String],
        locale: Locale,
    ) -> Self {
        let own = diagnostic.span;
        let mut notes = Vec::new();
        let mut marks = vec![Mark {
            span: own,
            label: None,
        }];
        for (i, (related, label)) in diagnostic.related.iter().zip(labels).enumerate() {
            if let Some(other) = &related.file {
                notes.push(format!(
                    "{}:{}:{}: {}",
                    boardls_fs::walk::shown(other),
                    related.span.line + 1,
                    related.span.start + 1,
                    label
                ));
                continue;
            }
            if i == MAX_RELATED {
                let more = diagnostic.related.len() - MAX_RELATED;
                notes.push(
                    boardls_engine::i18n::message!("check-more-related", n = more).word(locale),
                );
                break;
            }
            if related.span.line.abs_diff(own.line) <= NEAR_LINES {
                marks.push(Mark {
                    span: related.span,
                    label: Some(label),
                });
            } else {
                notes.push(far_note(file, related.span, label));
            }
        }
        let first_line = marks.iter().map(|m| m.span.line).min().unwrap_or(own.line);
        let last_line = marks.iter().map(|m| m.span.line).max().unwrap_or(own.line);
        let mut frame = Frame {
            first_line,
            source: String::new(),
            primary: 0..0,
            related: Vec::new(),
            notes: Vec::new(),
            primary_cut_left: false,
        };
        for index in first_line..=last_line {
            if index > first_line {
                frame.source.push('\n');
            }
            let text = file.line(index);
            let on_line: Vec<&Mark<'d>> = marks.iter().filter(|m| m.span.line == index).collect();
            // The window is laid around the diagnostic's own span when it
            // is on this line, else around the first span on it.
            let anchor = on_line.first().map(|m| clamp(text, m.span));
            let window = window(text, anchor);
            if index == own.line && window.start > 0 {
                frame.primary_cut_left = true;
            }
            if window.start > 0 {
                frame.source.push('…');
            }
            let base = frame.source.len();
            frame.source.push_str(&text[window.clone()]);
            if window.end < text.len() {
                frame.source.push('…');
            }
            for (i, mark) in on_line.into_iter().enumerate() {
                let span = clamp(text, mark.span);
                let shown = span.start.max(window.start)..span.end.min(window.end);
                if span.end < window.start || span.start > window.end {
                    // On a cut line, out of the window.
                    if let Some(label) = mark.label {
                        frame.notes.push(far_note(file, mark.span, label));
                    }
                    continue;
                }
                let range = base + shown.start - window.start..base + shown.end - window.start;
                if index == own.line && i == 0 {
                    frame.primary = range;
                } else {
                    frame.related.push(Placed {
                        range,
                        label: mark.label,
                    });
                }
            }
        }
        frame.notes.extend(notes);
        frame
    }

    fn annotations(&self) -> Vec<annotate_snippets::Annotation<'_>> {
        let mut annotations = vec![AnnotationKind::Primary.span(self.primary.clone())];
        for related in &self.related {
            let annotation = AnnotationKind::Context.span(related.range.clone());
            annotations.push(match related.label {
                Some(label) => annotation.label(label),
                None => annotation,
            });
        }
        annotations
    }
}

/// The location's part of a two-part rendering ends with the same `|`
/// line that the frame's part starts with: keeps one.
fn drop_doubled_bar(rendered: &str) -> String {
    let lines: Vec<&str> = rendered.split('\n').collect();
    let doubled = lines
        .windows(2)
        .position(|pair| pair[0] == pair[1] && without_styles(pair[0]).trim() == "|");
    match doubled {
        Some(at) => {
            let mut lines = lines;
            lines.remove(at + 1);
            lines.join("\n")
        }
        None => rendered.to_owned(),
    }
}

/// `line` without its ANSI escape sequences (`ESC [ … letter`).
fn without_styles(line: &str) -> String {
    let mut plain = String::with_capacity(line.len());
    let mut chars = line.chars();
    while let Some(c) = chars.next() {
        if c == '\u{1b}' {
            for c in chars.by_ref() {
                if c.is_ascii_alphabetic() {
                    break;
                }
            }
        } else {
            plain.push(c);
        }
    }
    plain
}

/// A related span listed under the frame: `path:line:col: message`.
fn far_note(file: &CheckedFile<'_>, span: Span, message: &str) -> String {
    let column = file.char_column(span.line, span.start) + 1;
    format!("{}:{}:{column}: {message}", file.path, span.line + 1)
}

/// `span`'s byte range within `text`: inside it, on char boundaries, never
/// reversed.
fn clamp(text: &str, span: Span) -> std::ops::Range<usize> {
    let start = floor_char_boundary(text, span.start as usize);
    let end = ceil_char_boundary(text, (span.end as usize).max(start));
    start..end
}

/// The part of `text` a frame shows: all of it when it is short, else the
/// anchor span (at most [`MAX_SHOWN_SPAN`] bytes of it) with [`CONTEXT`]
/// bytes on each side, or the line's start when nothing is on it.
fn window(text: &str, anchor: Option<std::ops::Range<usize>>) -> std::ops::Range<usize> {
    if text.len() <= LONG_LINE {
        return 0..text.len();
    }
    let anchor = anchor.unwrap_or(0..0);
    let end = anchor.end.min(anchor.start + MAX_SHOWN_SPAN);
    floor_char_boundary(text, anchor.start.saturating_sub(CONTEXT))
        ..ceil_char_boundary(text, end + CONTEXT)
}

#[cfg(test)]
mod tests {
    use crate::check::full::{
        LONG_LINE, clamp, drop_doubled_bar, summary_line, window, without_styles,
    };
    use crate::check::sink::Summary;
    use boardls_engine::diagnostics::Span;
    use boardls_engine::i18n::Locale;

    #[test]
    fn summary_counts_in_the_right_number() {
        let summary = |files, errors, warnings, information| Summary {
            files,
            errors,
            warnings,
            information,
        };
        let summary_line = |summary: &Summary| summary_line(summary, Locale::English);
        assert_eq!(
            summary_line(&summary(1, 1, 1, 0)),
            "1 error, 1 warning in 1 file"
        );
        assert_eq!(
            summary_line(&summary(3, 0, 2, 0)),
            "0 errors, 2 warnings in 3 files"
        );
        assert_eq!(
            summary_line(&summary(2, 5, 0, 1)),
            "5 errors, 0 warnings in 2 files (and 1 info)"
        );
        assert_eq!(
            summary_line(&summary(0, 0, 0, 7)),
            "0 errors, 0 warnings in 0 files (and 7 infos)"
        );
    }

    #[test]
    fn summary_counts_in_each_languages_numbers() {
        let summary = |files, errors, warnings, information| Summary {
            files,
            errors,
            warnings,
            information,
        };
        let russian = |s| summary_line(&s, Locale::Russian);
        assert_eq!(
            russian(summary(1, 1, 1, 0)),
            "1 ошибка, 1 предупреждение в 1 файле"
        );
        assert_eq!(
            russian(summary(3, 2, 5, 0)),
            "2 ошибки, 5 предупреждений в 3 файлах"
        );
        assert_eq!(
            russian(summary(21, 21, 22, 1)),
            "21 ошибка, 22 предупреждения в 21 файле (и ещё 1 информационное сообщение)"
        );
        assert_eq!(
            russian(summary(2, 0, 0, 7)),
            "0 ошибок, 0 предупреждений в 2 файлах (и ещё 7 информационных сообщений)"
        );
        assert_eq!(
            summary_line(&summary(3, 2, 1, 4), Locale::SimplifiedChinese),
            "3 个文件中有 2 个错误、1 个警告（另有 4 条信息）"
        );
    }

    #[test]
    fn one_of_two_equal_bar_lines_goes() {
        let two = "error: x\n --> a:1:9\n  |\n  |\n1 | …abc\n  |  ^";
        assert_eq!(
            drop_doubled_bar(two),
            "error: x\n --> a:1:9\n  |\n1 | …abc\n  |  ^"
        );
        let styled = "\u{1b}[1m  |\u{1b}[0m";
        assert_eq!(without_styles(styled), "  |");
        let twice = format!("t\n{styled}\n{styled}\n1 | x");
        assert_eq!(drop_doubled_bar(&twice), format!("t\n{styled}\n1 | x"));
        assert_eq!(drop_doubled_bar("a\n  |\nb"), "a\n  |\nb");
    }

    #[test]
    fn spans_are_clamped_to_the_text_and_its_chars() {
        assert_eq!(clamp("abc", Span::new(0, 1, 2)), 1..2);
        assert_eq!(clamp("abc", Span::new(0, 5, 9)), 3..3);
        assert_eq!(clamp("abc", Span::new(0, 2, 1)), 2..2);
        // Inside `é` (bytes 1..3): the start goes back, the end forward.
        assert_eq!(clamp("aéb", Span::new(0, 2, 2)), 1..3);
    }

    #[test]
    fn long_lines_are_cut_around_the_span() {
        let short = "x".repeat(LONG_LINE);
        assert_eq!(window(&short, Some(3..4)), 0..LONG_LINE);
        let long = "é".repeat(LONG_LINE);
        let cut = window(&long, Some(600..602));
        assert!(cut.start > 0 && cut.end < long.len(), "{cut:?}");
        assert!(long.is_char_boundary(cut.start) && long.is_char_boundary(cut.end));
        assert!(cut.start <= 600 && cut.end >= 602);
        // A huge span is shown in part.
        let cut = window(&long, Some(0..long.len()));
        assert_eq!(cut.start, 0);
        assert!(cut.end < 400, "{cut:?}");
        // Nothing on the line: its start.
        assert_eq!(window(&long, None).start, 0);
    }
}
