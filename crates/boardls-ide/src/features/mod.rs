//! What the server answers about one document: pure functions of its
//! [`DocView`](crate::view::DocView) and the settings, each returning
//! LSP types built once, here, from the engine's own.
//!
//! - [`proto_diagnostics`]: the engine's diagnostics as LSP diagnostics,
//!   filtered and budgeted, for publish and pull alike;
//! - [`hints`], [`hover`] (with [`picture`], the hover's picture),
//!   [`actions`], [`symbols`], [`tokens`], [`format_edits`];
//! - [`answers`]: an answer file and its input, answered from the
//!   judge's expected output;
//! - [`capabilities`]: what the server offers, from what the client can
//!   do (the browser's server says what it lacks on top);
//! - [`locate`]: cells and positions from LSP coordinates.

pub mod actions;
pub mod answers;
pub mod capabilities;
pub mod format_edits;
pub mod hints;
pub mod hover;
pub(crate) mod locate;
pub mod picture;
pub mod proto_diagnostics;
pub mod symbols;
pub mod tokens;
