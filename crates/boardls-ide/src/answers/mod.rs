//! Answer files: paired with their inputs ([`pairing`]), checked open or
//! closed and published as either changes ([`checks`]), and the requests
//! about them and their inputs ([`requests`]).

pub mod checks;
pub mod pairing;
pub mod requests;

pub use checks::{publish, side_diagnostics};
