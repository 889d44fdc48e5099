//! Through a real session: which clients get the hover's picture as an
//! image and which as a text board (`clientInfo`, `initializationOptions`,
//! the `hover.picture` setting), and formatting as a client asks for it,
//! with the message a client gets when a file cannot be formatted.

use crate::support::client::{Server, apply_edits};
use boardls_ide::encoding::Encoding;
use serde_json::{Value, json};

const URI: &str = "file:///session/board.tomek";
const BOARD: &str = "XXXT\n....\nOO..\n....\n";

fn session(client: Option<&str>, options: Value) -> Server {
    let mut server = Server::in_process();
    let mut params = json!({
        "processId": null,
        "rootUri": null,
        "capabilities": {"textDocument": {"hover": {"contentFormat": ["markdown", "plaintext"]}}},
        "initializationOptions": options,
    });
    if let Some(name) = client {
        params["clientInfo"] = json!({"name": name, "version": "1"});
    }
    let result = server.initialize_with(params);
    assert_eq!(
        result["capabilities"]["documentFormattingProvider"],
        json!(true)
    );
    server
}

fn has_image(hover: &str) -> bool {
    hover.contains("](data:image/svg+xml;base64,")
}

fn has_text_board(hover: &str) -> bool {
    hover.contains("```text\n   1  2  3  4\n1 [X](X)(X)(T)\n")
}

#[test]
fn vs_code_gets_the_image_neovim_the_text_board() {
    for (client, image) in [
        (Some("Visual Studio Code"), true),
        (Some("code-server"), true),
        (Some("Neovim"), false),
        (None, false),
    ] {
        let mut server = session(client, Value::Null);
        server.open(URI, "tomek", 1, BOARD);
        let text = server.hover_text(URI, 0, 0);
        assert_eq!(has_image(&text), image, "{client:?}:\n{text}");
        assert_eq!(has_text_board(&text), !image, "{client:?}:\n{text}");
        assert!(text.contains("`Case #1: X won`"), "{text}");
        server.shutdown_and_exit();
    }
}

#[test]
fn options_and_settings_decide_over_the_name() {
    // The client says it renders images.
    let mut server = session(Some("Neovim"), json!({"hover": {"markdownImages": true}}));
    server.open(URI, "tomek", 1, BOARD);
    assert!(has_image(&server.hover_text(URI, 0, 0)));
    // A setting changes the picture at once: text, none, back to auto.
    for (picture, image, board) in [
        ("text", false, true),
        ("none", false, false),
        ("auto", true, false),
    ] {
        server.notify(
            "workspace/didChangeConfiguration",
            json!({"settings": {"boardls": {"hover": {"picture": picture}}}}),
        );
        let text = server.hover_text(URI, 0, 0);
        assert_eq!(has_image(&text), image, "{picture}:\n{text}");
        assert_eq!(has_text_board(&text), board, "{picture}:\n{text}");
    }
    server.shutdown_and_exit();
}

#[test]
fn formatting_edits_and_a_refusal_with_a_message() {
    let mut server = session(Some("Neovim"), Value::Null);
    let mut text = "2\n\nxxxT  \n....\nOO..\n....\n\n\n".to_owned();
    server.open(URI, "tomek", 1, &text);
    let options = json!({"tabSize": 4, "insertSpaces": true});
    let edits = server.request(
        "textDocument/formatting",
        json!({"textDocument": {"uri": URI}, "options": options}),
    );
    apply_edits(&mut text, edits.as_array().expect("edits"), Encoding::Utf16);
    assert_eq!(text, "1\nXXXT\n....\nOO..\n....\n");

    let broken = "XXXT\n..q.\n";
    server.open("file:///session/broken.tomek", "tomek", 1, broken);
    let edits = server.request(
        "textDocument/formatting",
        json!({"textDocument": {"uri": "file:///session/broken.tomek"}, "options": options}),
    );
    assert_eq!(edits, json!([]));
    let shown = server.wait_for(|m| m["method"] == "window/showMessage");
    let message = shown["params"]["message"].as_str().unwrap_or_default();
    assert_eq!(shown["params"]["type"], json!(2), "a warning");
    assert!(
        message.starts_with("boardls: broken.tomek was not formatted: line 2, column 3:"),
        "{message}"
    );
    server.shutdown_and_exit();
}
