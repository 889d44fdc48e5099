//! Answer files: a judge's expected output for a paired input, checked
//! against what the engine says the judge prints. `check` and the
//! language server both use it; pairing itself is `project`'s.

mod compare;
mod expected;

pub use compare::{check_answer, compare, no_input};
pub use expected::{Expected, ExpectedCase, JudgedCache, UTTT_CASE_LINES, case_line};
