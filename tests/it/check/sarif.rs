//! `check --output-format sarif` against SARIF 2.1.0's JSON schema (the
//! OASIS standard's, vendored in `tests/fixtures/`, see its README), with
//! `format` keywords checked too; and the schema test itself shown to
//! reject documents that break it.

use crate::support::cli;
use crate::support::client::TempDir;

use std::fs;
use std::path::Path;

use boardls_engine::diagnostics::{Severity, codes};
use cli::{boardls, check_examples, stdout};
use serde_json::{Value, json};

fn validator() -> jsonschema::Validator {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/sarif-schema-2.1.0.json");
    let schema: Value = serde_json::from_str(&fs::read_to_string(path).unwrap()).unwrap();
    assert_eq!(schema["$schema"], "http://json-schema.org/draft-04/schema#");
    jsonschema::draft4::options()
        .should_validate_formats(true)
        .build(&schema)
        .unwrap()
}

/// The schema's complaints about `log`, one line each (none when valid).
fn violations(validator: &jsonschema::Validator, log: &Value) -> Vec<String> {
    validator
        .iter_errors(log)
        .map(|err| format!("{}: {err}", err.instance_path()))
        .collect()
}

fn assert_valid(validator: &jsonschema::Validator, log: &Value) {
    let found = violations(validator, log);
    assert!(found.is_empty(), "{}", found.join("\n"));
}

fn sarif(output: &std::process::Output) -> Value {
    serde_json::from_str(&stdout(output)).expect("one JSON document")
}

#[test]
fn the_examples_log_is_valid_sarif() {
    let validator = validator();
    let log = sarif(&check_examples("sarif"));
    assert_valid(&validator, &log);
    assert_eq!(log["version"], "2.1.0");
    assert_eq!(log["$schema"], boardls::check::SCHEMA_URI);
    let run = &log["runs"][0];
    assert_eq!(run["columnKind"], "utf16CodeUnits");
    let driver = &run["tool"]["driver"];
    assert_eq!(driver["name"], "boardls");
    assert_eq!(driver["version"], env!("CARGO_PKG_VERSION"));
    // A rule per code, in the order of codes::ALL, with its level.
    let rules = driver["rules"].as_array().unwrap();
    assert_eq!(rules.len(), codes::ALL.len());
    for (rule, (code, severity)) in rules.iter().zip(codes::ALL) {
        assert_eq!(rule["id"], code);
        let level = match severity {
            Severity::Error => "error",
            Severity::Warning => "warning",
            Severity::Information => "note",
        };
        assert_eq!(rule["defaultConfiguration"]["level"], level);
        assert!(
            !rule["shortDescription"]["text"]
                .as_str()
                .unwrap()
                .is_empty()
        );
    }
    // A result per finding: the same findings as json-lines, regions
    // 1-based where LSP ranges are 0-based.
    let objects: Vec<Value> = stdout(&check_examples("json-lines"))
        .lines()
        .map(|line| serde_json::from_str(line).unwrap())
        .collect();
    let results = run["results"].as_array().unwrap();
    assert_eq!(results.len(), objects.len());
    let mut related_seen = 0;
    for (result, object) in results.iter().zip(&objects) {
        let index = result["ruleIndex"].as_u64().unwrap() as usize;
        assert_eq!(rules[index]["id"], result["ruleId"]);
        assert_eq!(result["ruleId"], object["code"]);
        assert_eq!(result["message"]["text"], object["message"]);
        let level = rules[index]["defaultConfiguration"]["level"].clone();
        assert_eq!(result["level"], level);
        let location = &result["locations"][0]["physicalLocation"];
        assert_eq!(location["artifactLocation"]["uri"], object["path"]);
        assert!(is_uri_reference(object["path"].as_str().unwrap()));
        assert_eq!(location["region"], region(&object["range"]));
        let related = result["relatedLocations"]
            .as_array()
            .map_or(&[][..], Vec::as_slice);
        let expected = object["related"].as_array().unwrap();
        assert_eq!(related.len(), expected.len());
        for (i, (got, want)) in related.iter().zip(expected).enumerate() {
            assert_eq!(got["id"], i);
            assert_eq!(got["message"]["text"], want["message"]);
            assert_eq!(got["physicalLocation"]["region"], region(&want["range"]));
            related_seen += 1;
        }
    }
    assert!(related_seen > 3, "{related_seen}");
}

/// RFC 3986's URI-reference, as far as characters go: only unreserved
/// characters, delimiters and well-formed `%XX` escapes. (The schema says
/// `"format": "uri-reference"`, which draft-04 does not define, so the
/// validator cannot check it.)
fn is_uri_reference(uri: &str) -> bool {
    let bytes = uri.as_bytes();
    let mut i = 0;
    while i < bytes.len() {
        match bytes[i] {
            b'%' => {
                let hex = bytes.get(i + 1..i + 3);
                if !hex.is_some_and(|h| h.iter().all(u8::is_ascii_hexdigit)) {
                    return false;
                }
                i += 3;
                continue;
            }
            b if b.is_ascii_alphanumeric() || b"-._~:/?#[]@!$&'()*+,;=".contains(&b) => {}
            _ => return false,
        }
        i += 1;
    }
    true
}

#[test]
fn uri_references_are_told_from_paths() {
    assert!(is_uri_reference("examples/go9/a%20b.go9"));
    assert!(is_uri_reference("file:///tmp/x.go9"));
    assert!(!is_uri_reference("a b.go9"));
    assert!(!is_uri_reference("a%2.go9"));
    assert!(!is_uri_reference("ü.go9"));
}

/// A 0-based LSP range as a 1-based SARIF region.
fn region(range: &Value) -> Value {
    let at = |end: &str, what: &str| range[end][what].as_u64().unwrap() + 1;
    json!({
        "startLine": at("start", "line"),
        "startColumn": at("start", "character"),
        "endLine": at("end", "line"),
        "endColumn": at("end", "character"),
    })
}

#[test]
fn hostile_files_and_paths_still_make_valid_logs() {
    let validator = validator();
    let dir = TempDir::new("sarif-hostile");
    let odd = dir.join("a b%#ü");
    fs::create_dir_all(&odd).unwrap();
    fs::write(odd.join("bad utf8.go9"), b".........\n....\xff....\n").unwrap();
    fs::write(odd.join("nul.go9"), b"...\0.....\n").unwrap();
    // A non-BMP character: columns are UTF-16 code units.
    fs::write(odd.join("wide.tomek"), "\u{1F600}XXT\n....\nOO..\n....\n").unwrap();
    fs::write(odd.join("long.uttt"), "x".repeat(1 << 20)).unwrap();
    // Absolute paths become file:// URIs; relative ones stay relative.
    let output = boardls(&["check", "--output-format", "sarif", dir.to_str().unwrap()]);
    assert_eq!(output.status.code(), Some(1));
    let log = sarif(&output);
    assert_valid(&validator, &log);
    let results = log["runs"][0]["results"].as_array().unwrap();
    assert!(results.len() > 4);
    for result in results {
        let uri = result["locations"][0]["physicalLocation"]["artifactLocation"]["uri"]
            .as_str()
            .unwrap();
        assert!(uri.starts_with("file:///"), "{uri}");
        assert!(is_uri_reference(uri), "{uri}");
        assert!(uri.contains("/a%20b%25%23%C3%BC/"), "{uri}");
    }
    let wide = results
        .iter()
        .find(|r| r["message"]["text"].as_str().unwrap().contains('\u{1F600}'))
        .unwrap();
    let region = &wide["locations"][0]["physicalLocation"]["region"];
    assert_eq!(
        (region["startColumn"].clone(), region["endColumn"].clone()),
        (json!(1), json!(3))
    );
    // No file at all: still one valid log, with no results.
    let output = boardls(&["check", "--output-format", "sarif", "no/such/file.go9"]);
    assert_eq!(output.status.code(), Some(2));
    let log = sarif(&output);
    assert_valid(&validator, &log);
    assert_eq!(log["runs"][0]["results"], json!([]));
}

/// A way to break a log.
type Breaking = Box<dyn Fn(&mut Value)>;

/// The test can fail: documents that break the schema in different ways
/// (each a mistake a writer could make) are all rejected.
#[test]
fn the_schema_rejects_broken_logs() {
    let validator = validator();
    let good = sarif(&check_examples("sarif"));
    assert_valid(&validator, &good);
    let result = "/runs/0/results/0";
    let region = "/runs/0/results/0/locations/0/physicalLocation/region";
    let broken: [(&str, Breaking); 7] = [
        (
            "wrong version",
            Box::new(|log| log["version"] = json!("2.1")),
        ),
        (
            "0-based line",
            Box::new(move |log| log.pointer_mut(region).unwrap()["startLine"] = json!(0)),
        ),
        (
            "0-based column",
            Box::new(move |log| log.pointer_mut(region).unwrap()["startColumn"] = json!(0)),
        ),
        (
            "LSP's word for a level",
            Box::new(move |log| log.pointer_mut(result).unwrap()["level"] = json!("information")),
        ),
        (
            "no message",
            Box::new(move |log| {
                log.pointer_mut(result)
                    .unwrap()
                    .as_object_mut()
                    .unwrap()
                    .remove("message");
            }),
        ),
        (
            "a schema that is no URI",
            Box::new(|log| log["$schema"] = json!("SARIF 2.1.0")),
        ),
        (
            "an unknown property",
            Box::new(|log| log["runs"][0]["findings"] = json!([])),
        ),
    ];
    for (what, breaking) in broken {
        let mut log = good.clone();
        breaking(&mut log);
        assert!(
            !violations(&validator, &log).is_empty(),
            "the schema accepted a log with {what}"
        );
    }
}
