//! The workspace side of the server, driven through the real binary on
//! temporary folders: the scan on start with progress, watched files,
//! open-then-close, workspace folders, settings, pull diagnostics with
//! result ids, unreadable files, and the TCP daemon.

use std::collections::HashSet;

use crate::support;
use crate::support::client::{Daemon, Server, TempDir, file_uri, fixture, pos, range};
use serde_json::{Value, json};

const GOOD: &str = "1\nXXXT\n....\nOO..\n....\n";
const BAD: &str = "1\nXXZT\n....\nOO..\n....\n";
const UTTT: &str = "\
... ... ...
... ... ...
... ... ...

... ... ...
... ... ...
... x.. ...

... ... ...
... ... ...
... ... ...
6 4
";
/// The judge's sample: two boards, killable groups, one-liberty groups.
fn go9_sample() -> String {
    fixture("ancientgo-sample.go9")
}

const CREATED: u64 = 1;
const CHANGED: u64 = 2;
const DELETED: u64 = 3;

fn caps(extra: Value) -> Value {
    let mut caps = json!({
        "general": {"positionEncodings": ["utf-16"]},
        "window": {"workDoneProgress": true},
        "workspace": {
            "workspaceFolders": true,
            "didChangeWatchedFiles": {"dynamicRegistration": true},
        },
        "textDocument": {"publishDiagnostics": {"versionSupport": true}}
    });
    merge(&mut caps, extra);
    caps
}

fn merge(into: &mut Value, from: Value) {
    match (into, from) {
        (Value::Object(a), Value::Object(b)) => {
            for (k, v) in b {
                merge(a.entry(k).or_insert(Value::Null), v);
            }
        }
        (slot, value) => *slot = value,
    }
}

fn folder(dir: &TempDir) -> Value {
    json!({"uri": file_uri(dir.path()), "name": "ws"})
}

fn start(dirs: &[&TempDir], capabilities: Value) -> Server {
    start_as(dirs, capabilities, None)
}

/// `start`, with the server run as the user `uid` (the tests' own when
/// `None`).
fn start_as(dirs: &[&TempDir], capabilities: Value, uid: Option<u32>) -> Server {
    let mut server = Server::spawn_with(|command| {
        if let Some(uid) = uid {
            use std::os::unix::process::CommandExt as _;
            command.uid(uid).gid(uid);
        }
    });
    let folders: Vec<Value> = dirs.iter().map(|d| folder(d)).collect();
    server.initialize_with(json!({
        "processId": null,
        "rootUri": null,
        "capabilities": capabilities,
        "workspaceFolders": folders,
    }));
    server
}

/// The next `publishDiagnostics` for `uri` that no document version tags
/// (a file on disk).
fn disk_diagnostics(server: &mut Server, uri: &str) -> Vec<Value> {
    let message = server.wait_for(|m| {
        m["method"] == "textDocument/publishDiagnostics"
            && m["params"]["uri"] == uri
            && m["params"]["version"].is_null()
    });
    message["params"]["diagnostics"]
        .as_array()
        .cloned()
        .unwrap_or_default()
}

fn codes(diagnostics: &[Value]) -> Vec<String> {
    diagnostics
        .iter()
        .map(|d| d["code"].as_str().unwrap_or_default().to_owned())
        .collect()
}

fn watched(server: &Server, changes: &[(String, u64)]) {
    let changes: Vec<Value> = changes
        .iter()
        .map(|(uri, kind)| json!({"uri": uri, "type": kind}))
        .collect();
    server.notify(
        "workspace/didChangeWatchedFiles",
        json!({ "changes": changes }),
    );
}

#[test]
fn scan_publishes_the_board_files_of_the_folder_with_progress() {
    let ws = TempDir::new("scan");
    let outside = TempDir::new("outside");
    ws.write("good.tomek", GOOD);
    ws.write("bad.tomek", BAD);
    ws.write("deep/er/game.uttt", UTTT);
    ws.write("go/a.go9", go9_sample());
    ws.write("notes.txt", "not a board");
    for skipped in [
        ".git/x.tomek",
        "target/x.tomek",
        "node_modules/p/x.tomek",
        "a/.hidden/x.tomek",
    ] {
        ws.write(skipped, BAD);
    }
    outside.write("far.tomek", BAD);
    #[cfg(unix)]
    {
        // A loop back to the root and a link out of the folder.
        std::os::unix::fs::symlink(ws.path(), ws.path().join("deep/loop")).unwrap();
        std::os::unix::fs::symlink(outside.path(), ws.path().join("out")).unwrap();
        std::os::unix::fs::symlink(
            outside.path().join("far.tomek"),
            ws.path().join("far-link.tomek"),
        )
        .unwrap();
    }

    let mut server = start(&[&ws], caps(json!({})));
    let create = server.wait_for(|m| m["method"] == "window/workDoneProgress/create");
    let token = create["params"]["token"].clone();
    let end = server.progress_end();
    assert_eq!(end["params"]["token"], token);
    assert_eq!(
        end["params"]["value"]["message"]
            .as_str()
            .map(|m| m.starts_with("4 board files checked")),
        Some(true),
        "{end}"
    );

    // Everything before `end`: exactly the four files, then progress.
    let messages = server.drain();
    let published: Vec<&Value> = messages
        .iter()
        .filter(|m| m["method"] == "textDocument/publishDiagnostics")
        .collect();
    let uris: HashSet<&str> = published
        .iter()
        .filter_map(|m| m["params"]["uri"].as_str())
        .collect();
    let expected: HashSet<String> = ["good.tomek", "bad.tomek", "deep/er/game.uttt", "go/a.go9"]
        .iter()
        .map(|f| ws.uri(f))
        .collect();
    assert_eq!(
        uris,
        expected.iter().map(String::as_str).collect::<HashSet<_>>()
    );
    let of = |name: &str| {
        let uri = ws.uri(name);
        published
            .iter()
            .find(|m| m["params"]["uri"] == uri.as_str())
            .map(|m| {
                m["params"]["diagnostics"]
                    .as_array()
                    .cloned()
                    .unwrap_or_default()
            })
            .unwrap_or_default()
    };
    assert_eq!(codes(&of("good.tomek")), Vec::<String>::new());
    assert_eq!(codes(&of("bad.tomek")), ["tomek/bad-cell"]);
    assert_eq!(of("bad.tomek")[0]["range"], range(1, 2, 1, 3));
    assert_eq!(of("bad.tomek")[0]["source"], "boardls");
    assert!(codes(&of("go/a.go9")).contains(&"go9/killable".to_owned()));

    // Progress: begin at 0, reports rising to 100, with the token created.
    let progress: Vec<&Value> = messages
        .iter()
        .filter(|m| m["method"] == "$/progress")
        .map(|m| &m["params"])
        .collect();
    assert!(progress.iter().all(|p| p["token"] == token));
    assert_eq!(progress[0]["value"]["kind"], "begin");
    assert_eq!(progress[0]["value"]["percentage"], 0);
    let reports: Vec<u64> = progress
        .iter()
        .filter(|p| p["value"]["kind"] == "report")
        .filter_map(|p| p["value"]["percentage"].as_u64())
        .collect();
    assert!(reports.windows(2).all(|w| w[0] < w[1]), "{reports:?}");
    assert_eq!(reports.last(), Some(&100));
    assert!(server.shutdown_and_exit().success());
}

#[test]
fn open_documents_are_answered_while_a_large_workspace_is_scanned() {
    let ws = TempDir::new("busy");
    for i in 0..600 {
        ws.write(
            &format!("d{}/f{i}.tomek", i % 7),
            if i % 3 == 0 { BAD } else { GOOD },
        );
    }
    let mut server = start(&[&ws], caps(json!({})));
    let uri = "untitled:open.tomek";
    server.open(uri, "tomek", 1, BAD);
    let hover = server.request(
        "textDocument/hover",
        json!({"textDocument": {"uri": uri}, "position": pos(1, 0)}),
    );
    assert!(hover["contents"].is_object(), "{hover}");
    // The answer came while the scan was still going: before its end.
    let ended = |m: &Value| m["method"] == "$/progress" && m["params"]["value"]["kind"] == "end";
    assert!(
        !server.came_before(ended),
        "the hover was answered only after the scan ended"
    );
    assert_eq!(codes(&server.diagnostics(uri, 1)), ["tomek/bad-cell"]);
    let end = server.progress_end();
    assert!(
        end["params"]["value"]["message"]
            .as_str()
            .is_some_and(|m| m.starts_with("600 board files checked")),
        "{end}"
    );
    let published = server.drain_disk_publications();
    assert_eq!(published, 600);
    assert!(server.shutdown_and_exit().success());
}

#[test]
fn watched_files_keep_unopened_diagnostics_current() {
    let ws = TempDir::new("watch");
    ws.write("old.tomek", GOOD);
    let mut server = start(&[&ws], caps(json!({})));
    let registration = server.wait_for(|m| m["method"] == "client/registerCapability");
    let watchers = &registration["params"]["registrations"][0];
    assert_eq!(watchers["method"], "workspace/didChangeWatchedFiles");
    assert_eq!(
        watchers["registerOptions"]["watchers"][0]["globPattern"],
        "**/*.{uttt,go9,tomek}"
    );
    server.progress_end();

    // Created.
    let new = ws.uri("sub/new.tomek");
    ws.write("sub/new.tomek", BAD);
    watched(&server, &[(new.clone(), CREATED)]);
    assert_eq!(
        codes(&disk_diagnostics(&mut server, &new)),
        ["tomek/bad-cell"]
    );

    // Changed: fixed on disk.
    ws.write("sub/new.tomek", GOOD);
    watched(&server, &[(new.clone(), CHANGED)]);
    assert!(disk_diagnostics(&mut server, &new).is_empty());

    // Changed again, broken.
    ws.write("sub/new.tomek", BAD);
    watched(&server, &[(new.clone(), CHANGED)]);
    assert_eq!(
        codes(&disk_diagnostics(&mut server, &new)),
        ["tomek/bad-cell"]
    );

    // Deleted: cleared.
    std::fs::remove_file(ws.path().join("sub/new.tomek")).unwrap();
    watched(&server, &[(new.clone(), DELETED)]);
    assert!(disk_diagnostics(&mut server, &new).is_empty());

    // A folder deleted as a whole clears what was below it.
    let inner = ws.uri("gone/inner.tomek");
    ws.write("gone/inner.tomek", BAD);
    watched(&server, &[(inner.clone(), CREATED)]);
    assert_eq!(
        codes(&disk_diagnostics(&mut server, &inner)),
        ["tomek/bad-cell"]
    );
    std::fs::remove_dir_all(ws.path().join("gone")).unwrap();
    watched(&server, &[(ws.uri("gone"), DELETED)]);
    assert!(disk_diagnostics(&mut server, &inner).is_empty());

    // Events for files in skipped folders or outside the workspace, and
    // for files of no board kind, are ignored.
    // A followed file last in the same batch: once its publish is in, the
    // batch has been read, and the probe sees anything queued with it.
    ws.write("target/t.tomek", BAD);
    let elsewhere = TempDir::new("elsewhere");
    elsewhere.write("e.tomek", BAD);
    ws.write("followed.tomek", BAD);
    watched(
        &server,
        &[
            (ws.uri("target/t.tomek"), CREATED),
            (elsewhere.uri("e.tomek"), CREATED),
            (ws.uri("readme.md"), CREATED),
            (ws.uri("followed.tomek"), CREATED),
        ],
    );
    assert_eq!(
        codes(&disk_diagnostics(&mut server, &ws.uri("followed.tomek"))),
        ["tomek/bad-cell"]
    );
    let published: Vec<Value> = server.published_before_probe(None);
    let ignored = [ws.uri("target/t.tomek"), elsewhere.uri("e.tomek")];
    assert!(
        !published
            .iter()
            .any(|m| ignored.iter().any(|uri| m["params"]["uri"] == uri.as_str())),
        "{published:?}"
    );
    assert!(server.shutdown_and_exit().success());
}

#[test]
fn folders_are_polled_when_the_client_does_not_watch_files() {
    let ws = TempDir::new("poll");
    ws.write("a.tomek", BAD);
    let mut server = start(&[&ws], json!({"window": {"workDoneProgress": true}}));
    assert_eq!(
        codes(&disk_diagnostics(&mut server, &ws.uri("a.tomek"))),
        ["tomek/bad-cell"]
    );
    server.progress_end();
    ws.write("a.tomek", GOOD);
    ws.write("new/b.tomek", BAD);
    assert!(disk_diagnostics(&mut server, &ws.uri("a.tomek")).is_empty());
    assert_eq!(
        codes(&disk_diagnostics(&mut server, &ws.uri("new/b.tomek"))),
        ["tomek/bad-cell"]
    );
    std::fs::remove_dir_all(ws.path().join("new")).unwrap();
    assert!(disk_diagnostics(&mut server, &ws.uri("new/b.tomek")).is_empty());
    assert!(server.shutdown_and_exit().success());
}

#[test]
fn an_open_document_wins_over_the_disk_until_closed() {
    let ws = TempDir::new("open");
    let uri = ws.uri("doc.tomek");
    ws.write("doc.tomek", BAD);
    let mut server = start(&[&ws], caps(json!({})));
    assert_eq!(
        codes(&disk_diagnostics(&mut server, &uri)),
        ["tomek/bad-cell"]
    );
    server.progress_end();

    // Opened with good text: the editor's text counts.
    server.open(&uri, "tomek", 1, GOOD);
    assert!(server.diagnostics(&uri, 1).is_empty());

    // The file changes on disk while open: nothing is published for it.
    // (A closed file changed in the same batch shows when it was read.)
    ws.write("doc.tomek", "1\nXXXT\n..Q.\nOO..\n....\n");
    ws.write("closed.tomek", BAD);
    watched(
        &server,
        &[(uri.clone(), CHANGED), (ws.uri("closed.tomek"), CREATED)],
    );
    assert_eq!(
        codes(&disk_diagnostics(&mut server, &ws.uri("closed.tomek"))),
        ["tomek/bad-cell"]
    );
    assert_eq!(server.published_before_probe(Some(&uri)).len(), 0);

    // Closed: published again from disk, as it is now.
    server.notify(
        "textDocument/didClose",
        json!({"textDocument": {"uri": uri}}),
    );
    let diagnostics = disk_diagnostics(&mut server, &uri);
    assert_eq!(codes(&diagnostics), ["tomek/bad-cell"]);
    assert_eq!(diagnostics[0]["range"], range(2, 2, 2, 3));

    // Opened, deleted on disk, closed: cleared.
    server.open(&uri, "tomek", 2, BAD);
    assert_eq!(codes(&server.diagnostics(&uri, 2)), ["tomek/bad-cell"]);
    std::fs::remove_file(ws.path().join("doc.tomek")).unwrap();
    watched(&server, &[(uri.clone(), DELETED)]);
    server.notify(
        "textDocument/didClose",
        json!({"textDocument": {"uri": uri}}),
    );
    assert!(disk_diagnostics(&mut server, &uri).is_empty());

    // A document outside the workspace is cleared on close, as before.
    let other = "file:///nowhere/x.tomek";
    server.open(other, "tomek", 1, BAD);
    assert_eq!(codes(&server.diagnostics(other, 1)), ["tomek/bad-cell"]);
    server.notify(
        "textDocument/didClose",
        json!({"textDocument": {"uri": other}}),
    );
    assert!(disk_diagnostics(&mut server, other).is_empty());
    assert!(server.shutdown_and_exit().success());
}

#[test]
fn workspace_folders_added_are_scanned_and_removed_are_cleared() {
    let a = TempDir::new("folder-a");
    let b = TempDir::new("folder-b");
    a.write("a.tomek", BAD);
    b.write("b1.tomek", BAD);
    b.write("x/b2.tomek", GOOD);
    let mut server = start(&[&a], caps(json!({})));
    assert_eq!(
        codes(&disk_diagnostics(&mut server, &a.uri("a.tomek"))),
        ["tomek/bad-cell"]
    );
    server.progress_end();

    server.notify(
        "workspace/didChangeWorkspaceFolders",
        json!({"event": {"added": [folder(&b)], "removed": []}}),
    );
    assert_eq!(
        codes(&disk_diagnostics(&mut server, &b.uri("b1.tomek"))),
        ["tomek/bad-cell"]
    );
    assert!(disk_diagnostics(&mut server, &b.uri("x/b2.tomek")).is_empty());
    server.progress_end();

    server.notify(
        "workspace/didChangeWorkspaceFolders",
        json!({"event": {"added": [], "removed": [folder(&a)]}}),
    );
    assert!(disk_diagnostics(&mut server, &a.uri("a.tomek")).is_empty());
    // b stays: a change there is still followed, one in a is not.
    b.write("b1.tomek", GOOD);
    watched(
        &server,
        &[(b.uri("b1.tomek"), CHANGED), (a.uri("a.tomek"), CHANGED)],
    );
    assert!(disk_diagnostics(&mut server, &b.uri("b1.tomek")).is_empty());
    assert_eq!(
        server.published_before_probe(Some(&a.uri("a.tomek"))).len(),
        0
    );
    assert!(server.shutdown_and_exit().success());
}

/// The parts of every hint (`# legal: 1 2 · Case #1: …` holds two).
fn hint_labels(server: &mut Server, uri: &str) -> Vec<String> {
    let hints = server.request(
        "textDocument/inlayHint",
        json!({"textDocument": {"uri": uri}, "range": range(0, 0, 100, 0)}),
    );
    let mut parts = Vec::new();
    for hint in hints.as_array().cloned().unwrap_or_default() {
        let label = hint["label"].as_str().unwrap_or_default();
        let Some(joined) = label.strip_prefix("# ") else {
            panic!("a hint that does not read as a comment: {hint}");
        };
        parts.extend(joined.split(" · ").map(str::to_owned));
    }
    parts
}

#[test]
fn settings_from_the_client_take_effect_without_a_restart() {
    let ws = TempDir::new("settings");
    ws.write("one.tomek", BAD);
    ws.write("two.tomek", BAD);
    let mut server = Server::spawn();
    // The client's settings: verdict hints off.
    server.set_reply(
        "workspace/configuration",
        json!([{"inlayHints": {"verdicts": false}}]),
    );
    server.initialize_with(json!({
        "processId": null,
        "capabilities": caps(json!({"workspace": {
            "configuration": true,
            "inlayHint": {"refreshSupport": true}
        }})),
        "workspaceFolders": [folder(&ws)],
    }));
    server.wait_for(|m| m["method"] == "workspace/configuration");
    // They differ from the defaults: the client is asked to refresh hints.
    server.wait_for(|m| m["method"] == "workspace/inlayHint/refresh");
    server.progress_end();
    server.drain();

    let uttt = "untitled:u.uttt";
    server.open(uttt, "uttt", 1, UTTT);
    let go9 = "untitled:g.go9";
    server.open(go9, "go9", 1, &go9_sample());
    let labels = hint_labels(&mut server, uttt);
    assert!(
        labels.iter().any(|l| l.starts_with("legal: ")),
        "{labels:?}"
    );
    assert!(
        !labels.iter().any(|l| l.starts_with("Case #")),
        "{labels:?}"
    );

    // `null`: the server asks again; legal-move summaries off, verdicts on.
    server.set_reply(
        "workspace/configuration",
        json!([{"inlayHints": {"legalMoves": false}}]),
    );
    server.notify(
        "workspace/didChangeConfiguration",
        json!({"settings": null}),
    );
    server.wait_for(|m| m["method"] == "workspace/configuration");
    server.wait_for(|m| m["method"] == "workspace/inlayHint/refresh");
    let labels = hint_labels(&mut server, uttt);
    assert!(
        !labels.iter().any(|l| l.starts_with("legal: ")),
        "{labels:?}"
    );
    assert!(
        labels.iter().any(|l| l.starts_with("Case #1")),
        "{labels:?}"
    );
    let captures = |labels: Vec<String>| labels.iter().any(|l| l.starts_with("x at "));
    assert!(captures(hint_labels(&mut server, go9)));

    // `{}`: asked again; capture summaries off, by their old name
    // (`liberties`). The section in the payload itself
    // is used directly, and wrong types keep the defaults with a warning.
    server.set_reply(
        "workspace/configuration",
        json!([{"inlayHints": {"liberties": false}}]),
    );
    server.notify("workspace/didChangeConfiguration", json!({"settings": {}}));
    server.wait_for(|m| m["method"] == "workspace/configuration");
    server.wait_for(|m| m["method"] == "workspace/inlayHint/refresh");
    let labels = hint_labels(&mut server, go9);
    assert_eq!(
        labels.iter().filter(|l| !l.starts_with("Case #")).count(),
        0,
        "{labels:?}"
    );
    server.notify(
        "workspace/didChangeConfiguration",
        json!({"settings": {"boardls": {"inlayHints": {"enable": "yes", "colour": 3}, "extra": [1]}}}),
    );
    let warning = server.wait_for(|m| {
        m["method"] == "window/logMessage"
            && m["params"]["message"]
                .as_str()
                .is_some_and(|t| t.contains("boardls.inlayHints.enable"))
    });
    assert_eq!(warning["params"]["type"], 2);
    assert!(captures(hint_labels(&mut server, go9)));

    // All hints off.
    server.notify(
        "workspace/didChangeConfiguration",
        json!({"settings": {"boardls": {"inlayHints": {"enable": false}}}}),
    );
    server.wait_for(|m| m["method"] == "workspace/inlayHint/refresh");
    assert!(hint_labels(&mut server, uttt).is_empty());

    // Scan off: the workspace's diagnostics are cleared.
    server.notify(
        "workspace/didChangeConfiguration",
        json!({"settings": {"boardls": {"workspace": {"scan": false}}}}),
    );
    for name in ["one.tomek", "two.tomek"] {
        assert!(disk_diagnostics(&mut server, &ws.uri(name)).is_empty());
    }
    // ... and watched files are no longer followed: once the server has
    // settled (a read of it would have ended), nothing was published.
    ws.write("three.tomek", BAD);
    watched(&server, &[(ws.uri("three.tomek"), CREATED)]);
    #[cfg(feature = "test-hooks")]
    assert_eq!(
        server
            .published_before_settled(Some(&ws.uri("three.tomek")))
            .len(),
        0
    );

    // Scan on with maxFiles 2: two of the three files, and a warning.
    server.notify(
        "workspace/didChangeConfiguration",
        json!({"settings": {"boardls": {"workspace": {"scan": true, "maxFiles": 2}}}}),
    );
    let end = server.progress_end();
    assert!(
        end["params"]["value"]["message"]
            .as_str()
            .is_some_and(|m| m.starts_with("2 board files checked")),
        "{end}"
    );
    let messages = server.drain();
    let published: HashSet<&str> = messages
        .iter()
        .filter(|m| m["method"] == "textDocument/publishDiagnostics")
        .filter_map(|m| m["params"]["uri"].as_str())
        .collect();
    assert_eq!(published.len(), 2, "{published:?}");
    assert!(
        !published.contains(ws.uri("two.tomek").as_str()),
        "{published:?}"
    );
    assert!(messages.iter().any(|m| {
        m["method"] == "window/logMessage"
            && m["params"]["message"]
                .as_str()
                .is_some_and(|t| t.contains("maxFiles"))
    }));
    assert!(server.shutdown_and_exit().success());
}

#[test]
fn initialization_options_are_settings_too() {
    let ws = TempDir::new("init-options");
    ws.write("x.tomek", BAD);
    let mut server = Server::spawn();
    server.initialize_with(json!({
        "processId": null,
        "capabilities": caps(json!({})),
        "workspaceFolders": [folder(&ws)],
        "initializationOptions": {"boardls": {"workspace": {"scan": false}}},
    }));
    let uri = "untitled:t.tomek";
    server.open(uri, "tomek", 1, BAD);
    assert_eq!(codes(&server.diagnostics(uri, 1)), ["tomek/bad-cell"]);
    // Settled: a scan would have ended and published x.tomek.
    #[cfg(feature = "test-hooks")]
    assert_eq!(
        server
            .published_before_settled(Some(&ws.uri("x.tomek")))
            .len(),
        0
    );
    assert!(server.shutdown_and_exit().success());
}

#[test]
fn unreadable_files_get_one_diagnostic_and_the_scan_goes_on() {
    let ws = TempDir::new("unreadable");
    ws.write("latin1.tomek", b"1\nXXXT\n\xe9...\nOO..\n....\n");
    ws.write("fine.tomek", BAD);
    std::fs::create_dir_all(ws.path().join("folder.go9")).unwrap();
    // A large file: 20,000 boards, about 400 kB.
    let mut large = String::from("20000\n");
    for _ in 0..20_000 {
        large.push_str("XXXT\n....\nOO..\n....\n\n");
    }
    ws.write("large.tomek", &large);
    // 1,500 broken boards: the first 1,000 diagnostics and a note.
    ws.write("many.tomek", "XXZT\n....\nOO..\n....\n\n".repeat(1500));
    // Too large to check (a sparse file: it takes no room on disk). boardls
    // cannot read it whoever runs it, root included.
    std::fs::File::create(ws.path().join("huge.tomek"))
        .and_then(|file| file.set_len(300 << 20))
        .unwrap();
    #[cfg(unix)]
    let locked = {
        use std::os::unix::fs::PermissionsExt;
        let path = ws.write("locked.tomek", GOOD);
        std::fs::set_permissions(&path, std::fs::Permissions::from_mode(0o000)).unwrap();
        // Permissions do not stop root: then the server runs as another
        // user, whom they stop.
        std::fs::read(&path).is_err() || support::runs_as_root()
    };
    #[cfg(unix)]
    {
        // A link to itself, and a FIFO (opening one would block).
        std::os::unix::fs::symlink("self.tomek", ws.path().join("self.tomek")).unwrap();
        let _ = std::process::Command::new("mkfifo")
            .arg(ws.path().join("pipe.tomek"))
            .status();
    }
    let uid = support::runs_as_root().then_some(support::OTHER_UID);
    let mut server = start_as(&[&ws], caps(json!({})), uid);
    #[cfg(unix)]
    server.wait_for(|m| {
        m["method"] == "window/logMessage"
            && m["params"]["message"]
                .as_str()
                .is_some_and(|t| t.contains("self.tomek") && t.contains("symbolic links"))
    });
    let latin1 = disk_diagnostics(&mut server, &ws.uri("latin1.tomek"));
    assert_eq!(codes(&latin1), ["file/invalid-utf8"]);
    assert_eq!(latin1[0]["range"]["start"], pos(2, 0));
    assert_eq!(
        codes(&disk_diagnostics(&mut server, &ws.uri("fine.tomek"))),
        ["tomek/bad-cell"]
    );
    assert!(disk_diagnostics(&mut server, &ws.uri("large.tomek")).is_empty());
    let many = disk_diagnostics(&mut server, &ws.uri("many.tomek"));
    assert_eq!(many.len(), 1001);
    assert_eq!(many[999]["range"], range(4995, 2, 4995, 3));
    assert_eq!(many[1000]["code"], "file/more-diagnostics");
    assert_eq!(
        many[1000]["message"],
        "500 more diagnostics in this file; open it to see them all"
    );
    #[cfg(unix)]
    if locked {
        let diagnostics = disk_diagnostics(&mut server, &ws.uri("locked.tomek"));
        assert_eq!(codes(&diagnostics), ["file/unreadable"]);
        let message = diagnostics[0]["message"].as_str().unwrap_or_default();
        assert!(message.contains("ermission denied"), "{message}");
    } else {
        support::skipped(
            "lsp_workspace",
            "an unreadable file",
            "file modes do not apply here",
        );
    }
    server.progress_end();
    // Every file was published before the scan's end, the huge one too.
    let huge = ws.uri("huge.tomek");
    let published = server.drain();
    let diagnostics = published
        .iter()
        .find(|m| m["method"] == "textDocument/publishDiagnostics" && m["params"]["uri"] == huge)
        .map(|m| m["params"]["diagnostics"].clone())
        .unwrap_or_else(|| {
            let methods: Vec<&Value> = published.iter().map(|m| &m["method"]).collect();
            panic!("nothing published for {huge} before the scan's end; the rest: {methods:?}")
        });
    assert_eq!(
        codes(diagnostics.as_array().unwrap()),
        ["file/unreadable"],
        "{diagnostics}"
    );
    let message = diagnostics[0]["message"].as_str().unwrap_or_default();
    assert!(message.contains("too large"), "{message}");
    // A vanished file (an event for a file that is not there) is cleared.
    let ghost = ws.uri("ghost.tomek");
    watched(&server, &[(ghost.clone(), CREATED)]);
    assert!(disk_diagnostics(&mut server, &ghost).is_empty());
    assert!(server.shutdown_and_exit().success());
}

#[test]
fn pull_clients_get_workspace_diagnostics_with_result_ids() {
    let ws = TempDir::new("pull");
    ws.write("a.tomek", BAD);
    ws.write("b.tomek", GOOD);
    ws.write("c.tomek", BAD);
    let mut server = Server::spawn();
    let result = server.initialize_with(json!({
        "processId": null,
        "capabilities": caps(json!({
            "textDocument": {"diagnostic": {"dynamicRegistration": false}},
            "workspace": {"diagnostics": {"refreshSupport": true}}
        })),
        "workspaceFolders": [folder(&ws)],
    }));
    assert_eq!(
        result["capabilities"]["diagnosticProvider"]["workspaceDiagnostics"],
        true
    );
    server.wait_for(|m| m["method"] == "workspace/diagnostic/refresh");

    let pull = |server: &mut Server, previous: Value| {
        let report = server.request(
            "workspace/diagnostic",
            json!({"previousResultIds": previous}),
        );
        report["items"].as_array().cloned().unwrap_or_default()
    };
    let first = pull(&mut server, json!([]));
    assert_eq!(first.len(), 3);
    assert!(
        first
            .iter()
            .all(|i| i["kind"] == "full" && i["resultId"].is_string())
    );
    let previous: Vec<Value> = first
        .iter()
        .map(|i| json!({"uri": i["uri"], "value": i["resultId"]}))
        .collect();
    let find = |items: &[Value], name: &str| {
        items
            .iter()
            .find(|i| i["uri"] == ws.uri(name).as_str())
            .cloned()
            .unwrap_or(Value::Null)
    };
    assert_eq!(
        codes(find(&first, "a.tomek")["items"].as_array().unwrap()),
        ["tomek/bad-cell"]
    );

    // Nothing changed: all unchanged.
    let second = pull(&mut server, json!(previous));
    assert_eq!(second.len(), 3);
    assert!(
        second.iter().all(|i| i["kind"] == "unchanged"),
        "{second:?}"
    );

    // The document pull agrees for an unopened file.
    let a_id = find(&first, "a.tomek")["resultId"].clone();
    let document = server.request(
        "textDocument/diagnostic",
        json!({"textDocument": {"uri": ws.uri("a.tomek")}, "previousResultId": a_id}),
    );
    assert_eq!(document["kind"], "unchanged");
    let document = server.request(
        "textDocument/diagnostic",
        json!({"textDocument": {"uri": ws.uri("a.tomek")}}),
    );
    assert_eq!(document["kind"], "full");
    assert_eq!(document["resultId"], a_id);

    // One file fixed, one deleted, one touched without a change.
    ws.write("a.tomek", GOOD);
    std::fs::remove_file(ws.path().join("c.tomek")).unwrap();
    ws.write("b.tomek", GOOD);
    watched(
        &server,
        &[
            (ws.uri("a.tomek"), CHANGED),
            (ws.uri("c.tomek"), DELETED),
            (ws.uri("b.tomek"), CHANGED),
        ],
    );
    server.wait_for(|m| m["method"] == "workspace/diagnostic/refresh");
    let third = pull(&mut server, json!(previous));
    let a = find(&third, "a.tomek");
    assert_eq!(a["kind"], "full");
    assert_eq!(a["items"], json!([]));
    assert_ne!(a["resultId"], a_id);
    assert_eq!(find(&third, "b.tomek")["kind"], "unchanged");
    let c = find(&third, "c.tomek");
    assert_eq!(c["kind"], "full");
    assert_eq!(c["items"], json!([]));
    // No publishing to a pull client.
    assert!(
        !server
            .drain()
            .iter()
            .any(|m| m["method"] == "textDocument/publishDiagnostics")
    );
    assert!(server.shutdown_and_exit().success());
}

#[test]
fn tcp_sessions_are_independent() {
    let a_ws = TempDir::new("tcp-a");
    let b_ws = TempDir::new("tcp-b");
    a_ws.write("a.tomek", BAD);
    b_ws.write("b.tomek", BAD);
    let mut daemon = Daemon::spawn();
    assert!(daemon.addr.starts_with("127.0.0.1:"), "{}", daemon.addr);
    assert!(!daemon.addr.ends_with(":0"));

    let mut a = daemon.connect();
    let mut b = daemon.connect();
    for (server, ws) in [(&mut a, &a_ws), (&mut b, &b_ws)] {
        server.initialize_with(json!({
            "processId": null,
            "capabilities": caps(json!({})),
            "workspaceFolders": [folder(ws)],
        }));
    }
    // Each session scans its own folder only.
    assert_eq!(
        codes(&disk_diagnostics(&mut a, &a_ws.uri("a.tomek"))),
        ["tomek/bad-cell"]
    );
    assert_eq!(
        codes(&disk_diagnostics(&mut b, &b_ws.uri("b.tomek"))),
        ["tomek/bad-cell"]
    );
    a.progress_end();
    b.progress_end();
    assert_eq!(
        a.published_before_probe(Some(&b_ws.uri("b.tomek"))).len(),
        0
    );

    // The same URI open in both, with different text.
    let uri = "untitled:shared.tomek";
    a.open(uri, "tomek", 1, BAD);
    b.open(uri, "tomek", 1, GOOD);
    assert_eq!(codes(&a.diagnostics(uri, 1)), ["tomek/bad-cell"]);
    assert!(b.diagnostics(uri, 1).is_empty());

    // Settings are per session.
    a.notify(
        "workspace/didChangeConfiguration",
        json!({"settings": {"boardls": {"inlayHints": {"enable": false}}}}),
    );
    assert!(hint_labels(&mut a, uri).is_empty());
    assert!(!hint_labels(&mut b, uri).is_empty());

    // a crashes in the middle of a message.
    a.send_raw(b"Content-Length: 500\r\n\r\n{\"jsonrpc\":\"2.0\",");
    a.disconnect();

    // b goes on: edits, hovers, shutdown.
    b.change(uri, 2, json!([{"range": range(1, 2, 1, 3), "text": "Z"}]));
    assert_eq!(codes(&b.diagnostics(uri, 2)), ["tomek/bad-cell"]);
    let hover = b.request(
        "textDocument/hover",
        json!({"textDocument": {"uri": uri}, "position": pos(1, 0)}),
    );
    assert!(hover["contents"].is_object());
    b.request("shutdown", Value::Null);
    b.notify("exit", Value::Null);
    drop(b);

    // The daemon still serves new sessions.
    assert!(daemon.running());
    let mut c = daemon.connect();
    c.initialize(caps(json!({})));
    c.open(uri, "tomek", 1, BAD);
    assert_eq!(codes(&c.diagnostics(uri, 1)), ["tomek/bad-cell"]);
    assert!(daemon.running());
}

#[test]
fn listen_refuses_remote_addresses_unless_allowed() {
    let output = std::process::Command::new(env!("CARGO_BIN_EXE_boardls"))
        .args(["lsp", "--listen", "0.0.0.0:0"])
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(2));
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(stderr.contains("--allow-remote"), "{stderr}");
    let output = std::process::Command::new(env!("CARGO_BIN_EXE_boardls"))
        .args(["lsp", "--listen", "not-an-address"])
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(2));
}
