//! Files with many findings: what a publish and a pull report hold. Every
//! error and warning; information up to a limit, then one note saying how
//! many more; related locations bounded. The publish written straight as
//! JSON equals the typed pull report.

#[path = "support/boards.rs"]
mod boards;

use boardls::diagnostics::{Severity, codes};
use boardls::document::Document;
use boardls::games::GameKind;
use boardls::lsp::encoding::Encoding;
use boardls::lsp::proto_diagnostics::{self as lsp_diagnostics, MAX_INFORMATION, MAX_RELATED};
use boardls::lsp::publish::{Published, notification, notification_len};
use boardls::lsp::view::{ClientCaps, DocView};
use boardls::syntax::{self, go9::MAX_RELATED_STONES};
use boards::dense_go9;
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
fn every_error_and_warning_is_listed_and_information_is_summed_up() {
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
            warnings
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
        assert!(
            more[0]
                .message
                .starts_with(&format!("{omitted} more information diagnostics")),
            "{}",
            more[0].message
        );
        assert!(more[0].message.contains(&format!("of {information}")));
        // Related locations: bounded per group and per report.
        let related: Vec<usize> = pulled
            .iter()
            .map(|d| d.related_information.as_ref().map_or(0, Vec::len))
            .collect();
        assert!(related.iter().sum::<usize>() <= MAX_RELATED);
        assert!(related.iter().all(|&n| n <= MAX_RELATED_STONES + 1));
        assert!(related.iter().any(|&n| n > 0));

        // The publish written as JSON holds exactly the pull report.
        let published = Published {
            uri: uri.clone(),
            version: 7,
            snapshot: doc.snapshot(),
            enc: encoding,
            filter: Default::default(),
        };
        let body = notification(&published);
        assert_eq!(body.len(), notification_len(&published));
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
