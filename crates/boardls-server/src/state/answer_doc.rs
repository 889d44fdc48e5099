//! The answer files under the workspace folders that are not open (the
//! open ones are side documents, `kept::side`).

use std::path::PathBuf;

use tower_lsp_server::ls_types::Uri;

use boardls_engine::games::GameKind;

/// An answer file under a workspace folder that is not open: checked
/// against its input by the workspace scan and on each change of either,
/// so that its findings show before it is opened.
pub struct ClosedAnswer {
    pub uri: Uri,
    pub input: PathBuf,
    /// The input's game.
    pub kind: GameKind,
    pub diagnostics: Vec<tower_lsp_server::ls_types::Diagnostic>,
    /// Changes with every check: the pull result id.
    pub result_id: String,
}
