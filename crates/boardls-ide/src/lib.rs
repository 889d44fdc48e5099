//! boardls's language server core: the only code that knows LSP types
//! and answers LSP requests, with no IO of its own, so that the desktop
//! server (`boardls-server`) and the browser's (`boardls-web`) host the
//! same answers.
//!
//! Its rooms, lowest first; each imports only rooms listed before it:
//! - [`encoding`]: LSP positions and the rope;
//! - [`uri`]: a client's `file:` URIs and the one key each document is
//!   known by;
//! - [`config`]: the settings;
//! - [`view`]: one open document as the features read it;
//! - [`features`]: the answers about one document: pure functions of its
//!   view and the settings;
//! - [`kept`]: what an open document keeps between edits, per position;
//! - [`browser`]: the browser's session.

pub mod browser;
pub mod config;
pub mod encoding;
pub mod features;
pub mod kept;
pub mod uri;
pub mod view;
