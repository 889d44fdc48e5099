//! A session's loop: one message a turn, in order.
//!
//! - [`dispatch`]: reads the client's messages off the wire, routes each
//!   through the core (`boardls_ide::server`), runs it under the panic
//!   guard (the requests that read a whole document on a blocking thread,
//!   from a snapshot), and sends the answers.

pub(crate) mod dispatch;
