//! The board files on disk, as every session of the process shares them.
//!
//! - [`store`]: what all sessions of the process share (one walk, one read
//!   of each file, one poll of each folder), holding [`checked`] results;
//! - [`index`]: what one session knows of them (pure data, tickets, epochs);
//! - [`read`]: reading a file safely, and the stamps that tell a change;
//! - [`jobs`]: a session's reads through the store, converted for it.

pub mod checked;
pub mod index;
pub mod jobs;
pub mod read;
pub mod store;
