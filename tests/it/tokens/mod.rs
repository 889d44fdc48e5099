//! Semantic tokens: each game's tokens of a fixture, in process (`go9`,
//! `tomek`, `uttt`), and `/full/delta` against a fresh `/full` through
//! random edits (`delta`). `cargo test --test it tokens::` runs them all.

mod delta;
mod go9;
mod tomek;
mod uttt;
