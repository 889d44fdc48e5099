//! A session: one client's open documents and settings behind one lock,
//! with its host around it ([`Host`]).
//!
//! - [`host`]: what a host does for the core, and the session's handle
//!   ([`Session`]) on its state and its host;
//! - [`state`]: what a session holds;
//! - [`projects`]: the project of a document (its nearest `boardls.toml`,
//!   open or read through the host) and the settings it composes to.
//!
//! Every message is applied under the lock, synchronously, in the order
//! the host hands them over; nothing holds the lock across an `.await`.

pub mod host;
pub mod projects;
pub mod state;

pub use host::{HEAVY_PUBLISH, Host, Session};
pub use state::{ClosedAnswer, OpenDocument, State, open_documents};
