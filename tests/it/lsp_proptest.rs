//! Random edit sequences through the real server: after them, the pushed
//! diagnostics equal those of opening the final text fresh. Positions may
//! lie past line ends and past the end of the text (the server clamps, and
//! so does the client's model), ranges may be reversed, and one
//! notification may carry several changes.

use crate::support::client::{Server, apply_change, caps, fixture, normalized, range};
use crate::support::oracle;
use boardls_ide::encoding::Encoding;
use proptest::prelude::*;
use proptest::test_runner::{Config, TestRunner};
use serde_json::{Value, json};

/// The same board-shaped snippets the robustness tests and fuzzers insert.
fn fragment() -> impl Strategy<Value = String> {
    prop::sample::select(oracle::FRAGMENTS).prop_map(str::to_owned)
}

fn change() -> impl Strategy<Value = Value> {
    (0..30u64, 0..14u64, 0..30u64, 0..14u64, fragment())
        .prop_map(|(l1, c1, l2, c2, text)| json!({"range": range(l1, c1, l2, c2), "text": text}))
}

fn case() -> impl Strategy<Value = (usize, Vec<Vec<Value>>)> {
    (
        0..3usize,
        prop::collection::vec(prop::collection::vec(change(), 1..4), 1..8),
    )
}

fn documents() -> [(&'static str, String); 3] {
    [
        (
            "uttt",
            format!(
                "{}\n{}",
                fixture("cf907b/sample2.in"),
                fixture("cf907b/sample3.in")
            ),
        ),
        ("go9", fixture("ancientgo-sample.go9")),
        ("tomek", fixture("tomek-sample.tomek")),
    ]
}

#[test]
fn random_edits_equal_a_fresh_open() {
    let docs = documents();
    for enc in [Encoding::Utf16, Encoding::Utf8] {
        let server = std::cell::RefCell::new(Server::spawn());
        server.borrow_mut().initialize(caps(enc.kind().as_str()));
        let mut runner = TestRunner::new(Config {
            cases: 100,
            failure_persistence: None,
            ..Config::default()
        });
        let count = std::cell::Cell::new(0u32);
        let result = runner.run(&case(), |(doc, notifications)| {
            count.set(count.get() + 1);
            let n = count.get();
            let mut server = server.borrow_mut();
            let (language, initial) = &docs[doc];
            let uri = format!("file:///p/{n}.{language}");
            let mut text = initial.clone();
            server.open(&uri, language, 0, &text);
            for (i, changes) in notifications.iter().enumerate() {
                for change in changes {
                    apply_change(&mut text, change, enc);
                }
                server.change(&uri, i as i64 + 1, Value::Array(changes.clone()));
            }
            let last = notifications.len() as i64;
            let incremental = server.diagnostics(&uri, last);
            let fresh_uri = format!("file:///p/{n}-fresh.{language}");
            server.open(&fresh_uri, language, 0, &text);
            let fresh = server.diagnostics(&fresh_uri, 0);
            server.drain();
            prop_assert_eq!(normalized(incremental), normalized(fresh), "{:?}", text);
            Ok(())
        });
        if let Err(err) = result {
            panic!("{enc:?}: {err}");
        }
        assert!(server.into_inner().shutdown_and_exit().success());
    }
}
