//! The `diagnostics.*` settings filter what the server shows, for push and
//! pull clients alike, for open documents and for unopened files on disk,
//! and a change of filter reaches the client without an edit: published
//! again (push) or a `workspace/diagnostic/refresh` (pull). In-process
//! sessions over the same bytes as the binary.

use crate::support::client::{Server, TempDir, file_uri, fixture};
use serde_json::{Value, json};

/// A bad cell (an error) in one board, two `T` (a warning) in the other.
const TOMEK: &str = "2\nXXXT\n.x..\nOO..\n....\n\nTXXT\nOOO.\n....\n....\n";
const OPEN: &str = "untitled:open.go9";

/// The judge's sample: four killable groups and one group in atari, five
/// information diagnostics and nothing else.
fn go9() -> String {
    fixture("ancientgo-sample.go9")
}

const ERROR: u64 = 1;
const WARNING: u64 = 2;
const INFORMATION: u64 = 3;
const NONE: [u64; 0] = [];

fn severities(items: &[Value]) -> Vec<u64> {
    let mut all: Vec<u64> = items
        .iter()
        .map(|d| d["severity"].as_u64().unwrap_or(0))
        .collect();
    all.sort_unstable();
    all
}

fn start(ws: &TempDir, capabilities: Value, options: Value) -> Server {
    let mut server = Server::in_process();
    server.initialize_with(json!({
        "processId": null,
        "capabilities": capabilities,
        "workspaceFolders": [{"uri": file_uri(ws.path()), "name": "ws"}],
        "initializationOptions": options,
    }));
    server
}

fn push_caps() -> Value {
    json!({
        "general": {"positionEncodings": ["utf-16"]},
        "workspace": {"workspaceFolders": true},
        "textDocument": {"publishDiagnostics": {"versionSupport": true}}
    })
}

fn pull_caps() -> Value {
    json!({
        "general": {"positionEncodings": ["utf-16"]},
        "workspace": {"workspaceFolders": true, "diagnostics": {"refreshSupport": true}},
        "textDocument": {"diagnostic": {"dynamicRegistration": false}}
    })
}

/// The next `publishDiagnostics` of `uri` (a file on disk when `version`
/// is null), as severities.
fn published(server: &mut Server, uri: &str, version: Value) -> Vec<u64> {
    let message = server.wait_for(|m| {
        m["method"] == "textDocument/publishDiagnostics"
            && m["params"]["uri"] == uri
            && m["params"]["version"] == version
    });
    severities(message["params"]["diagnostics"].as_array().unwrap())
}

fn set(server: &Server, diagnostics: Value) {
    server.notify(
        "workspace/didChangeConfiguration",
        json!({"settings": {"boardls": {"diagnostics": diagnostics}}}),
    );
}

#[test]
fn push_clients_are_sent_again_what_the_filter_shows() {
    let ws = TempDir::new("filter-push");
    ws.write("disk.go9", go9());
    ws.write("disk.tomek", TOMEK);
    let (disk_go9, disk_tomek) = (ws.uri("disk.go9"), ws.uri("disk.tomek"));
    let mut server = start(&ws, push_caps(), Value::Null);
    server.open(OPEN, "go9", 1, &go9());
    // The open document at a version, then the two files on disk.
    let everything = |server: &mut Server, version: i64| {
        [
            published(server, OPEN, json!(version)),
            published(server, &disk_go9, Value::Null),
            published(server, &disk_tomek, Value::Null),
        ]
    };
    let all = [
        vec![INFORMATION; 5],
        vec![INFORMATION; 5],
        vec![ERROR, WARNING],
    ];
    assert_eq!(everything(&mut server, 1), all);
    server.drain();

    // Information off: everything is published again without it.
    set(&server, json!({"information": false}));
    assert_eq!(
        everything(&mut server, 1),
        [vec![], vec![], vec![ERROR, WARNING]]
    );
    // An edit under the filter is published filtered.
    server.change(
        OPEN,
        2,
        json!([{"text": format!("{}# a comment\n", go9())}]),
    );
    assert_eq!(published(&mut server, OPEN, json!(2)), NONE);
    server.drain();

    // Warnings off as well: errors alone.
    set(&server, json!({"information": false, "warnings": false}));
    assert_eq!(everything(&mut server, 2), [vec![], vec![], vec![ERROR]]);
    server.drain();

    // Both back on: everything returns.
    set(&server, json!({"information": true, "warnings": true}));
    assert_eq!(everything(&mut server, 2), all);
    server.drain();

    // A change of other settings publishes nothing again.
    server.notify(
        "workspace/didChangeConfiguration",
        json!({"settings": {"boardls": {"inlayHints": {"verdicts": false}}}}),
    );
    assert_eq!(server.published_before_probe(None).len(), 0);
    assert!(server.shutdown_and_exit().success());
}

#[test]
fn the_first_diagnostics_are_filtered_by_the_first_settings() {
    // From initializationOptions: the very first publish is filtered.
    let ws = TempDir::new("filter-init");
    ws.write("disk.go9", go9());
    let mut server = start(
        &ws,
        push_caps(),
        json!({"boardls": {"diagnostics": {"information": false}}}),
    );
    assert_eq!(
        published(&mut server, &ws.uri("disk.go9"), Value::Null),
        NONE
    );
    server.open(OPEN, "go9", 1, &go9());
    assert_eq!(published(&mut server, OPEN, json!(1)), NONE);
    assert!(server.shutdown_and_exit().success());

    // From the client's answer to workspace/configuration after
    // `initialized`: whatever went out before it is sent again filtered.
    let empty = TempDir::new("filter-fetch");
    let mut server = Server::in_process();
    server.set_reply(
        "workspace/configuration",
        json!([{"diagnostics": {"information": false}}]),
    );
    let mut caps = push_caps();
    caps["workspace"]["configuration"] = json!(true);
    server.initialize_with(json!({
        "processId": null,
        "capabilities": caps,
        "workspaceFolders": [{"uri": file_uri(empty.path()), "name": "ws"}],
    }));
    server.open(OPEN, "go9", 1, &go9());
    server.wait_for(|m| m["method"] == "workspace/configuration");
    server.wait_for(|m| {
        m["method"] == "textDocument/publishDiagnostics"
            && m["params"]["version"] == 1
            && m["params"]["diagnostics"] == json!([])
    });
    assert!(server.shutdown_and_exit().success());
}

#[test]
fn pull_clients_are_asked_to_pull_again_under_a_new_filter() {
    let ws = TempDir::new("filter-pull");
    ws.write("disk.go9", go9());
    let disk = ws.uri("disk.go9");
    let mut server = start(&ws, pull_caps(), Value::Null);
    server.wait_for(|m| m["method"] == "workspace/diagnostic/refresh");
    server.open(OPEN, "go9", 1, &go9());

    let pull = |server: &mut Server, previous: Option<&Value>| {
        let mut params = json!({"textDocument": {"uri": OPEN}});
        if let Some(id) = previous {
            params["previousResultId"] = id.clone();
        }
        server.request("textDocument/diagnostic", params)
    };
    let pull_all = |server: &mut Server, previous: &[(&str, &Value)]| {
        let previous: Vec<Value> = previous
            .iter()
            .map(|(uri, id)| json!({"uri": uri, "value": id}))
            .collect();
        let report = server.request(
            "workspace/diagnostic",
            json!({"previousResultIds": previous}),
        );
        let items = report["items"].as_array().cloned().unwrap_or_default();
        items
            .into_iter()
            .find(|i| i["uri"] == disk.as_str())
            .unwrap_or(Value::Null)
    };

    let first = pull(&mut server, None);
    assert_eq!(first["kind"], "full");
    assert_eq!(
        severities(first["items"].as_array().unwrap()),
        [INFORMATION; 5]
    );
    let id = first["resultId"].clone();
    assert_eq!(pull(&mut server, Some(&id))["kind"], "unchanged");
    let disk_first = pull_all(&mut server, &[]);
    assert_eq!(
        severities(disk_first["items"].as_array().unwrap()),
        [INFORMATION; 5]
    );
    let disk_id = disk_first["resultId"].clone();
    assert_eq!(
        pull_all(&mut server, &[(&disk, &disk_id)])["kind"],
        "unchanged"
    );
    server.drain();

    // Information off: the client is asked to pull again, and the ids it
    // holds are no longer current, so it gets the filtered lists.
    set(&server, json!({"information": false}));
    server.wait_for(|m| m["method"] == "workspace/diagnostic/refresh");
    let filtered = pull(&mut server, Some(&id));
    assert_eq!(filtered["kind"], "full", "{filtered}");
    assert_eq!(filtered["items"], json!([]));
    let filtered_id = filtered["resultId"].clone();
    assert_ne!(filtered_id, id);
    assert_eq!(pull(&mut server, Some(&filtered_id))["kind"], "unchanged");
    let disk_filtered = pull_all(&mut server, &[(&disk, &disk_id)]);
    assert_eq!(disk_filtered["kind"], "full", "{disk_filtered}");
    assert_eq!(disk_filtered["items"], json!([]));
    // The document pull of the unopened file agrees.
    let document = server.request(
        "textDocument/diagnostic",
        json!({"textDocument": {"uri": disk}, "previousResultId": disk_id}),
    );
    assert_eq!(document["kind"], "full");
    assert_eq!(document["items"], json!([]));
    assert_eq!(document["resultId"], disk_filtered["resultId"]);

    // Back on: pulled again in full.
    set(&server, json!({"information": true}));
    server.wait_for(|m| m["method"] == "workspace/diagnostic/refresh");
    let again = pull(&mut server, Some(&filtered_id));
    assert_eq!(
        severities(again["items"].as_array().unwrap()),
        [INFORMATION; 5]
    );
    // Nothing was ever pushed to the pull client.
    assert_eq!(server.published_before_probe(None), Vec::<Value>::new());
    assert!(server.shutdown_and_exit().success());
}
