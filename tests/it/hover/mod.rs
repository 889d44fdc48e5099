//! The hover: what it says on each game's cells, groups and count line
//! (`go9`, `tomek`, `uttt`, in process, a fixture and a snapshot each), its
//! picture as a text board or an SVG image (`picture`), and which clients
//! get which through a real session (`clients`). `cargo test --test it
//! hover::` runs them all.

mod clients;
mod go9;
mod picture;
mod tomek;
mod uttt;
