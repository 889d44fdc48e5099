//! How long the language server takes to check a whole workspace on start.
//!
//! `cargo bench --bench workspace_scan` writes a temporary workspace of
//! board files (2,000 by default; `BOARDLS_SCAN_FILES=N` for another count),
//! starts the release server on it over stdio, and reports the time from
//! `initialized` to the end of the scan's work-done progress, plus how long
//! a hover on an open document took while the scan ran.

#[path = "../tests/it/support/mod.rs"]
mod support;

use std::time::Instant;

use serde_json::json;
use support::client::{Server, TempDir, file_uri, pos};

const TOMEK: &str = "4\nXXXT\n....\nOO..\n....\n\nXOXT\nXXOO\nOXOX\nXXOO\n\nXOX.\nOX..\n....\n....\n\nOOXX\nOXXX\nOX.T\nO..O\n";
const TOMEK_BAD: &str = "2\nXXZT\n....\nOO..\n....\n\nXOXT\nXXOO\nOXOX\n";
const UTTT: &str = "... ... ...\n... ... ...\n... ... ...\n\n... ... ...\n... ... ...\n... x.. ...\n\n... ... ...\n... ... ...\n... ... ...\n6 4\n";

fn main() {
    // `cargo bench` passes `--bench`; any other run (cargo test) is a no-op.
    if !std::env::args().any(|a| a == "--bench") {
        return;
    }
    let files: usize = match std::env::var("BOARDLS_SCAN_FILES") {
        Err(_) => 2_000,
        Ok(n) => n.trim().parse().unwrap_or_else(|_| {
            eprintln!("workspace_scan: BOARDLS_SCAN_FILES={n:?} is not a number");
            std::process::exit(2)
        }),
    };
    let ws = TempDir::new("scan-bench");
    let mut bytes = 0;
    for i in 0..files {
        let (name, text) = match i % 4 {
            0 => (format!("t/{}/f{i}.tomek", i % 40), TOMEK.repeat(5)),
            1 => (
                format!("g/{}/f{i}.go9", i % 40),
                support::client::fixture("ancientgo-sample.go9"),
            ),
            2 => (format!("u/{}/f{i}.uttt", i % 40), format!("{UTTT}\n{UTTT}")),
            _ => (format!("b/{}/f{i}.tomek", i % 40), TOMEK_BAD.to_owned()),
        };
        bytes += text.len();
        ws.write(&name, text);
    }
    let mut server = Server::spawn();
    server.request(
        "initialize",
        json!({
            "processId": null,
            "capabilities": {
                "window": {"workDoneProgress": true},
                "textDocument": {"publishDiagnostics": {"versionSupport": true}}
            },
            "workspaceFolders": [{"uri": file_uri(ws.path()), "name": "bench"}],
        }),
    );
    let started = Instant::now();
    server.notify("initialized", json!({}));
    let uri = "untitled:open.tomek";
    server.open(uri, "tomek", 1, TOMEK);
    let hover_sent = Instant::now();
    server.request(
        "textDocument/hover",
        json!({"textDocument": {"uri": uri}, "position": pos(1, 0)}),
    );
    let hover = hover_sent.elapsed();
    let end = server.progress_end();
    let scan = started.elapsed();
    let published = server.drain_disk_publications();
    println!(
        "workspace scan: {files} files ({:.1} MB), {published} published, {:.0} ms to progress end; \
         hover during the scan answered in {:.1} ms; server says: {}",
        bytes as f64 / 1e6,
        scan.as_secs_f64() * 1e3,
        hover.as_secs_f64() * 1e3,
        end["params"]["value"]["message"]
    );
    let _ = server.shutdown_and_exit();
}
