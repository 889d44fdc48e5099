//! How a session starts: over stdio ([`run`](mod@run)), one per TCP connection
//! that presents the token ([`listen`]), or on the per-user daemon's Unix
//! socket, which an editor's forwarder reaches ([`daemon`]).

pub(crate) mod daemon;
pub(crate) mod listen;
pub(crate) mod run;
