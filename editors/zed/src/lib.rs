//! Starts `boardls lsp` from the worktree's PATH, with the text board in
//! hover (Zed shows no Markdown images).

use zed_extension_api::{self as zed, serde_json, LanguageServerId, Result};

struct Boardls;

impl zed::Extension for Boardls {
    fn new() -> Self {
        Boardls
    }

    fn language_server_command(
        &mut self,
        _id: &LanguageServerId,
        worktree: &zed::Worktree,
    ) -> Result<zed::Command> {
        let command = worktree
            .which("boardls")
            .ok_or("boardls is not on PATH: install it with `cargo install boardls`")?;
        Ok(zed::Command {
            command,
            args: vec!["lsp".into()],
            env: Vec::new(),
        })
    }

    fn language_server_initialization_options(
        &mut self,
        _id: &LanguageServerId,
        _worktree: &zed::Worktree,
    ) -> Result<Option<serde_json::Value>> {
        Ok(Some(serde_json::json!({ "boardls": { "hover": { "picture": "text" } } })))
    }
}

zed::register_extension!(Boardls);
