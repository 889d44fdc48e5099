//! The wire: bytes in, frames out.
//!
//! - [`decode`]: the client's byte stream cut into messages, never failing;
//! - [`encode`]: the server's messages as frames of the base protocol;
//! - [`writer`]: the [`Wire`](writer::Wire) every frame goes out through, and the task that
//!   writes them to the client;
//! - [`outbox`]: the session's ordered notifications, a burst of publishes
//!   cut to the newest (each serialized by `kept::publish` as it is
//!   written);
//! - [`spellings`]: the client's spelling of each URI, and the key the
//!   server knows it by.

pub mod decode;
pub mod encode;
pub(crate) mod outbox;
pub(crate) mod spellings;
pub(crate) mod writer;
