//! `sarif`: one SARIF 2.1.0 log (the format code-scanning services read),
//! written as it goes: the log and its one run are opened in `start`, each
//! diagnostic is one result on a line of its own, and the log is closed in
//! `summary`.
//!
//! The run's tool lists one rule per diagnostic code (every code of
//! `codes::ALL`, in that order, so `ruleIndex` is the code's index there),
//! with its short description and its severity as the default level.
//! Regions are 1-based lines and columns; columns count UTF-16 code units
//! (the run says so with `columnKind`, which is also SARIF's default), and
//! `endColumn` is the column just past the span (equal to `startColumn` for
//! an empty span, "expected here"). A relative path is written as a
//! relative URI, percent-encoded where a URI needs it; an absolute one as a
//! `file://` URI.

use std::io::Write as _;

use crate::check::json::StreamedArray;
use crate::check::rules::{rule_index, rules};
use crate::check::sink::{CheckedFile, Sink, Summary, relative};
use boardls_engine::diagnostics::{Diagnostic, Severity, Span};
use boardls_engine::i18n::Wording;

/// Where SARIF 2.1.0's JSON schema is published.
pub const SCHEMA_URI: &str = "https://json.schemastore.org/sarif-2.1.0.json";

#[derive(Default)]
pub struct SarifSink {
    results: StreamedArray,
    /// English sentences, each worded once per run.
    wording: Wording,
}

/// SARIF's word for a severity.
pub const fn level(severity: Severity) -> &'static str {
    match severity {
        Severity::Error => "error",
        Severity::Warning => "warning",
        Severity::Information => "note",
    }
}

/// The run's tool: boardls and its rules, one rule a line.
fn tool() -> String {
    let rules: Vec<String> = rules()
        .map(|rule| {
            serde_json::json!({
                "id": rule.code,
                "shortDescription": { "text": rule.description },
                "defaultConfiguration": { "level": level(rule.severity) },
            })
            .to_string()
        })
        .collect();
    format!(
        "{{\"driver\": {{\"name\": \"boardls\", \"version\": {}, \"rules\": [\n{}\n]}}}}",
        serde_json::Value::from(env!("CARGO_PKG_VERSION")),
        rules.join(",\n")
    )
}

impl Sink for SarifSink {
    fn start(&mut self, out: &mut Vec<u8>) {
        let _ = write!(
            out,
            "{{\n\"$schema\": \"{SCHEMA_URI}\",\n\"version\": \"2.1.0\",\n\"runs\": [{{\n\
             \"tool\": {},\n\"columnKind\": \"utf16CodeUnits\",\n\"results\": [",
            tool()
        );
    }

    fn diagnostic(&mut self, file: &CheckedFile<'_>, diagnostic: &Diagnostic, out: &mut Vec<u8>) {
        let uri = uri(file.path);
        let location = |span: Span| {
            serde_json::json!({
                "artifactLocation": { "uri": uri },
                "region": region(file, span),
            })
        };
        let message = self.wording.with(&diagnostic.message, str::to_owned);
        let mut result = serde_json::json!({
            "ruleId": diagnostic.code,
            "level": level(diagnostic.severity),
            "message": { "text": message },
            "locations": [{ "physicalLocation": location(diagnostic.span) }],
        });
        if let Some(index) = rule_index(diagnostic.code) {
            result["ruleIndex"] = index.into();
        }
        if !diagnostic.related.is_empty() {
            let wording = &mut self.wording;
            let related: Vec<serde_json::Value> = diagnostic
                .related
                .iter()
                .enumerate()
                .map(|(id, related)| {
                    let physical = match &related.file {
                        // Another file (an answer's input): its lines are
                        // not at hand; its board rows are ASCII, so byte
                        // columns are UTF-16 columns.
                        Some(other) => serde_json::json!({
                            "artifactLocation": { "uri": self::uri(&other.display().to_string()) },
                            "region": {
                                "startLine": related.span.line + 1,
                                "startColumn": related.span.start + 1,
                                "endLine": related.span.line + 1,
                                "endColumn": related.span.end + 1,
                            },
                        }),
                        None => location(related.span),
                    };
                    serde_json::json!({
                        "id": id,
                        "physicalLocation": physical,
                        "message": { "text": wording.with(&related.message, str::to_owned) },
                    })
                })
                .collect();
            result["relatedLocations"] = related.into();
        }
        self.results.item(out);
        let _ = write!(out, "{result}");
    }

    fn summary(&mut self, _summary: &Summary, out: &mut Vec<u8>) {
        self.results.close(out);
        out.extend_from_slice(b"\n}]\n}\n");
    }
}

fn region(file: &CheckedFile<'_>, span: Span) -> serde_json::Value {
    serde_json::json!({
        "startLine": span.line + 1,
        "startColumn": file.utf16_column(span.line, span.start) + 1,
        "endLine": span.line + 1,
        "endColumn": file.utf16_column(span.line, span.end.max(span.start)) + 1,
    })
}

/// A path as a URI reference: relative paths stay relative (without a
/// leading `./`, with `/` separators), absolute ones become `file://` URIs;
/// every byte that may not stand in a URI path is percent-encoded.
pub fn uri(path: &str) -> String {
    let path = path.replace('\\', "/");
    let path = relative(&path);
    let (prefix, path) = if path.starts_with('/') {
        ("file://", path)
    } else if path.len() > 2
        && path.as_bytes()[0].is_ascii_alphabetic()
        && path.as_bytes()[1] == b':'
        && path.as_bytes()[2] == b'/'
    {
        // A Windows drive: `C:/x` is `file:///C:/x`.
        ("file:///", path)
    } else {
        ("", path)
    };
    let mut uri = String::with_capacity(prefix.len() + path.len());
    uri.push_str(prefix);
    for (i, &byte) in path.as_bytes().iter().enumerate() {
        let keep = byte.is_ascii_alphanumeric()
            || b"-._~/!$&'()*+=@".contains(&byte)
            // A drive's colon in a `file:` URI.
            || (byte == b':' && !prefix.is_empty() && i == 1);
        if keep {
            uri.push(char::from(byte));
        } else {
            uri.push_str(&format!("%{byte:02X}"));
        }
    }
    uri
}

#[cfg(test)]
mod tests {
    use crate::check::sarif::uri;

    #[test]
    fn paths_become_uri_references() {
        assert_eq!(uri("examples/go9/broken.go9"), "examples/go9/broken.go9");
        assert_eq!(uri("./a/b.go9"), "a/b.go9");
        assert_eq!(uri("a b/ü%#?.go9"), "a%20b/%C3%BC%25%23%3F.go9");
        assert_eq!(uri("c:d.go9"), "c%3Ad.go9");
        assert_eq!(uri("/tmp/x y.go9"), "file:///tmp/x%20y.go9");
        assert_eq!(uri("C:\\boards\\a.go9"), "file:///C:/boards/a.go9");
        assert_eq!(uri("../a.go9"), "../a.go9");
    }
}
