//! The per-user daemon and its forwarder, through the real binary: modes,
//! shared sessions, sockets and TCP (`sessions`), faults (`faults`) and
//! load (`load`). `cargo test --test it daemon::` runs them all.

mod faults;
mod load;
mod sessions;
