//! boardls's language server core: every LSP request and notification
//! answered as LSP types, with no IO of its own (the crate's `clippy.toml`
//! disallows the file system, threads, clocks, processes and the network),
//! on the engine (`boardls_engine`) only, not the file system's crate. The desktop server (`boardls-server`) and the browser's
//! (`boardls-web`) are hosts around it ([`session::Host`]): they carry its
//! messages, read files for it ([`files::Files`]) and add what only they
//! have; the method table, the protocol's states, the documents, the
//! answer pairing and what to publish are the core's, once.
//!
//! Its rooms, lowest first; each imports only rooms listed before it:
//! - [`encoding`]: LSP positions and the rope;
//! - [`uri`]: documents by the client's URIs, whatever their scheme;
//! - [`config`]: the settings;
//! - [`view`]: one open document as the features read it;
//! - [`features`]: the answers about one document: pure functions of its
//!   view and the settings;
//! - [`kept`]: what an open document keeps between edits, per position;
//! - [`files`]: closed files read through the host, kept until they change;
//! - [`rpc`]: JSON-RPC messages read and written;
//! - [`session`]: a session's state, its host, its projects and settings;
//! - [`answers`]: answer files paired, checked and asked about;
//! - [`handlers`]: one function per LSP method;
//! - [`server`]: the method table, the protocol's states and the routing.

pub mod answers;
pub mod config;
pub mod encoding;
pub mod features;
pub mod files;
pub mod handlers;
pub mod kept;
pub mod rpc;
pub mod server;
pub mod session;
pub mod uri;
pub mod view;
