//! Answer files: a judge's expected output for a paired input, checked
//! against what the engine says the judge prints. `check` and the
//! language server both use it; pairing itself is `project`'s.

mod compare;
mod expected;

pub use compare::{
    answer_line, check_answer, compare, content_lines, line_findings, missing_findings, no_input,
};
pub use expected::{Expected, ExpectedCase, JudgedCache, UTTT_CASE_LINES, case_line};
