//! Files with many findings: what a publish and a pull report hold. Errors
//! and warnings up to `diagnostics.maxProblems`, errors first; information
//! up to a limit; then one note counting the rest by code; related
//! locations bounded. The publish, serialized as it is written, holds
//! the pull report.

use crate::support::boards::dense_go9;
use boardls_engine::diagnostics::{Severity, codes};
use boardls_engine::document::Document;
use boardls_engine::games::GameKind;
use boardls_engine::syntax::{self, go9::MAX_RELATED_STONES};
use boardls_ide::config::{DEFAULT_MAX_PROBLEMS, DiagnosticFilter};
use boardls_ide::encoding::Encoding;
use boardls_ide::features::proto_diagnostics::{
    self as lsp_diagnostics, MAX_INFORMATION, MAX_RELATED,
};
use boardls_ide::kept::publish::{Published, notification};
use boardls_ide::view::{ClientCaps, DocView};
use serde_json::Value;
use tower_lsp_server::ls_types::{DiagnosticSeverity, NumberOrString, Uri};

fn uri() -> Uri {
    "file:///w/dense.go9".parse().unwrap()
}

fn severity_count(
    items: &[tower_lsp_server::ls_types::Diagnostic],
    s: DiagnosticSeverity,
) -> usize {
    items.iter().filter(|d| d.severity == Some(s)).count()
}

#[test]
fn errors_first_then_warnings_up_to_the_limit_and_the_rest_counted_by_code() {
    let text = dense_go9(1000, 1000, 37);
    let all = syntax::diagnose(GameKind::Go9, &text);
    let count = |s| all.iter().filter(|d| d.severity == s).count();
    let (errors, warnings, information) = (
        count(Severity::Error),
        count(Severity::Warning),
        count(Severity::Information),
    );
    assert!(errors > 20 && warnings > 1000 && information > MAX_INFORMATION);
    let doc = Document::new(GameKind::Go9, &text);
    let uri = uri();
    for encoding in [Encoding::Utf8, Encoding::Utf16] {
        let caps = ClientCaps {
            encoding,
            ..ClientCaps::default()
        };
        let view = DocView {
            uri: &uri,
            doc: &doc,
            version: 7,
            caps,
        };
        let pulled = lsp_diagnostics::document(&view);
        assert_eq!(severity_count(&pulled, DiagnosticSeverity::ERROR), errors);
        assert_eq!(
            severity_count(&pulled, DiagnosticSeverity::WARNING),
            DEFAULT_MAX_PROBLEMS - errors
        );
        // The first MAX_INFORMATION facts, and the note on the rest.
        assert_eq!(
            severity_count(&pulled, DiagnosticSeverity::INFORMATION),
            MAX_INFORMATION + 1
        );
        let more: Vec<_> = pulled
            .iter()
            .filter(|d| d.code == Some(NumberOrString::String(codes::FILE_MORE_DIAGNOSTICS.into())))
            .collect();
        assert_eq!(more.len(), 1);
        let omitted = information - MAX_INFORMATION;
        let omitted_warnings = warnings - (DEFAULT_MAX_PROBLEMS - errors);
        assert!(
            more[0].message.starts_with(&format!(
                "{} more go9/dead-group warnings and {} more information diagnostics",
                grouped(omitted_warnings),
                grouped(omitted)
            )),
            "{}",
            more[0].message
        );
        assert!(
            more[0]
                .message
                .contains(&format!("of {} information", grouped(information)))
        );
        // Related locations: bounded per group and per report.
        let related: Vec<usize> = pulled
            .iter()
            .map(|d| d.related_information.as_ref().map_or(0, Vec::len))
            .collect();
        assert!(related.iter().sum::<usize>() <= MAX_RELATED);
        assert!(related.iter().all(|&n| n <= MAX_RELATED_STONES + 1));
        assert!(related.iter().any(|&n| n > 0));

        // The publish holds exactly the pull report.
        let published = Published {
            uri: uri.clone(),
            version: 7,
            snapshot: doc.snapshot(),
            enc: encoding,
            locale: Default::default(),
            filter: Default::default(),
            kept: None,
        };
        let body = notification(&published);
        let json: Value = serde_json::from_slice(&body).unwrap();
        assert_eq!(json["method"], "textDocument/publishDiagnostics");
        assert_eq!(json["params"]["version"], 7);
        assert_eq!(json["params"]["uri"], "file:///w/dense.go9");
        assert_eq!(
            json["params"]["diagnostics"],
            serde_json::to_value(&pulled).unwrap()
        );
    }
}

#[test]
fn a_large_group_lists_its_first_stones_and_how_many_more() {
    // One o group of 80 stones around a single empty point: killable.
    let mut rows = vec!["ooooooooo".to_owned(); 9];
    rows[4] = "oooo.oooo".to_owned();
    let text = rows.join("\n") + "\n";
    let all = syntax::diagnose(GameKind::Go9, &text);
    let killable = all.iter().find(|d| d.code == codes::GO9_KILLABLE).unwrap();
    assert_eq!(killable.related.len(), MAX_RELATED_STONES);
    assert_eq!(
        killable.related[MAX_RELATED_STONES - 1].message,
        "captured stone at row 1, column 3 (and 77 more stones)"
    );
}

#[test]
fn a_quiet_file_publishes_nothing_and_no_note() {
    let text = "1\n.........\n.........\n....x....\n.........\n.........\n.........\n.........\n.........\n.........\n";
    let doc = Document::new(GameKind::Go9, text);
    let uri = uri();
    let view = DocView {
        uri: &uri,
        doc: &doc,
        version: 1,
        caps: ClientCaps::default(),
    };
    assert!(lsp_diagnostics::document(&view).is_empty());
}

#[test]
fn errors_come_first_however_far_down_they_are() {
    // A dead x stone in the corner (a warning) on each of five boards,
    // then a board with a bad cell (an error) at the end: with room for
    // 4, every error is listed and the warnings fill what is left, in
    // document order.
    let dead = "xo.......\no........\n.........\n.........\n.........\n.........\n.........\n.........\n.........\n";
    let mut text = "6\n".to_owned();
    for _ in 0..5 {
        text.push_str(dead);
        text.push('\n');
    }
    text.push_str(".........\n.........\n.........\n.........\n.........\n.........\n.........\n.........\n..?......\n");
    let doc = Document::new(GameKind::Go9, &text);
    let all = syntax::diagnose(GameKind::Go9, &text);
    let errors = all.iter().filter(|d| d.severity == Severity::Error).count();
    let warnings = all
        .iter()
        .filter(|d| d.severity == Severity::Warning)
        .count();
    assert!(errors >= 1 && warnings > 4, "{all:?}");
    let uri = uri();
    let view = DocView {
        uri: &uri,
        doc: &doc,
        version: 1,
        caps: ClientCaps::default(),
    };
    let filter = DiagnosticFilter {
        max_problems: 4,
        ..DiagnosticFilter::default()
    };
    let shown = lsp_diagnostics::shown(&view, filter);
    assert_eq!(severity_count(&shown, DiagnosticSeverity::ERROR), errors);
    assert_eq!(
        severity_count(&shown, DiagnosticSeverity::WARNING),
        4 - errors
    );
    // In document order: the listed warnings are the first ones.
    let lines: Vec<u32> = shown[..shown.len() - 1]
        .iter()
        .map(|d| d.range.start.line)
        .collect();
    assert!(lines.windows(2).all(|w| w[0] <= w[1]), "{lines:?}");
    let note = shown.last().map(|d| d.message.clone()).unwrap_or_default();
    assert!(
        note.starts_with(&format!(
            "{} more go9/dead-group warnings",
            warnings - (4 - errors)
        )),
        "{note}"
    );
}

/// `n` as the note writes it: thousands grouped by commas.
fn grouped(n: usize) -> String {
    let digits = n.to_string();
    let mut out = String::new();
    for (i, digit) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i).is_multiple_of(3) {
            out.push(',');
        }
        out.push(digit);
    }
    out
}

/// Once nothing more can be listed, the rest is counted from the
/// document's kept totals instead of position by position: the counts in
/// the note must be those of the whole text, also after edits (the totals
/// follow each edit's re-read positions).
#[test]
fn the_rest_counted_at_once_matches_the_whole_text_after_edits() {
    // No errors: the listing is full after the first warnings and facts.
    let mut text = dense_go9(1500, 1500, 0);
    let mut doc = Document::new(GameKind::Go9, &text);
    let uri = uri();
    // Boards start at line 1 + 10 k; each edit keeps them whole.
    let board = "xxxxxxxxx\n.........\nooooooooo\n.o.o.o.o.\nx.x.x.x.x\n\
                 .........\nxoxoxoxox\n.........\noooo.xxxx\n\n";
    let edits = [
        (12, 3, 12, 4, "o"),
        (203, 0, 203, 9, "xxxxxxxxx"),
        (5001, 0, 5001, 0, board),
        (9001, 0, 9011, 0, ""),
    ];
    for (round, edit) in std::iter::once(None).chain(edits.map(Some)).enumerate() {
        if let Some((l1, c1, l2, c2, new)) = edit {
            let rope = doc.rope();
            let start = rope.line_to_char(l1) + c1;
            let end = rope.line_to_char(l2) + c2;
            doc.edit(start, end, new);
            text = doc.rope().to_string();
        }
        let all = syntax::diagnose(GameKind::Go9, &text);
        let count = |s| all.iter().filter(|d| d.severity == s).count();
        let view = DocView {
            uri: &uri,
            doc: &doc,
            version: 1,
            caps: ClientCaps::default(),
        };
        let pulled = lsp_diagnostics::document(&view);
        let listed = |s| severity_count(&pulled, s);
        let more = pulled
            .iter()
            .find(|d| d.code == Some(NumberOrString::String(codes::FILE_MORE_DIAGNOSTICS.into())))
            .expect("a note on the rest");
        let omitted_warnings = count(Severity::Warning) - listed(DiagnosticSeverity::WARNING);
        let omitted_information =
            count(Severity::Information) - (listed(DiagnosticSeverity::INFORMATION) - 1);
        // Round 3 adds a board past the count line's: one error, listed.
        assert_eq!(
            count(Severity::Error),
            listed(DiagnosticSeverity::ERROR),
            "round {round}"
        );
        for part in [
            format!("{} more go9/dead-group warnings", grouped(omitted_warnings)),
            format!(
                "{} more information diagnostics",
                grouped(omitted_information)
            ),
        ] {
            assert!(
                more.message.contains(&part),
                "round {round}: {}",
                more.message
            );
        }
    }
}
