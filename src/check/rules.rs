//! One rule per diagnostic code, for formats that describe their rules
//! (SARIF): the code, its severity and a short description, in the order
//! of [`codes::ALL`].

use boardls_engine::diagnostics::{Severity, codes};

/// Each code's short description, which is also its meaning in the
/// manual's table of codes (`cargo xtask docs`), in the order of [`codes::ALL`]
/// (a test checks that too; the length is checked by the compiler).
const DESCRIPTIONS: [(&str, &str); codes::ALL.len()] = [
    (
        codes::FILE_INVALID_UTF8,
        "the file is not UTF-8 (reported by `check`)",
    ),
    (codes::FILE_NO_POSITIONS, "the file holds no board at all"),
    (
        codes::FILE_COUNT_MISMATCH,
        "the count line disagrees with the number of boards (fix: rewrite it)",
    ),
    (
        codes::FILE_BAD_COUNT,
        "the count line's number does not fit",
    ),
    (
        codes::FILE_MORE_DIAGNOSTICS,
        "the language server lists at most 1,000 errors and warnings (errors first; `diagnostics.maxProblems`) and 100 information diagnostics of an open document, and at most 1,000 diagnostics of a file that is not open; this one, at the top of the file, counts the rest by code",
    ),
    (
        codes::FILE_UNREADABLE,
        "the language server could not check a workspace file: it cannot be read, is over 256 MiB, or checking it failed",
    ),
    (
        codes::UTTT_BAD_CELL,
        "a cell that is not `x`, `o`, `.` or `!` (fix for `X`/`O`)",
    ),
    (codes::UTTT_BAD_ROW, "a row not laid out as `ccc ccc ccc`"),
    (
        codes::UTTT_MISSING_ROW,
        "a band with fewer than 3 rows, or fewer than 3 bands",
    ),
    (
        codes::UTTT_EXTRA_ROW,
        "a row beyond a band's third or the board's ninth",
    ),
    (
        codes::UTTT_BAD_LAYOUT,
        "blank lines missing or extra between bands and positions",
    ),
    (
        codes::UTTT_MISSING_LAST_MOVE,
        "no last-move line `x y` after the 9th row",
    ),
    (
        codes::UTTT_BAD_LAST_MOVE,
        "a last-move line that is not two numbers 1..9",
    ),
    (
        codes::UTTT_EMPTY_LAST_MOVE,
        "the last move points at an empty cell",
    ),
    (codes::UTTT_NO_EMPTY_CELL, "the board has no empty cell"),
    (
        codes::UTTT_WRONG_MARKER,
        "a `!` on a cell that is not a legal move (fix: `.`)",
    ),
    (
        codes::UTTT_MISSING_MARKER,
        "a legal cell left as `.` on a board that uses `!` (fix: `!`)",
    ),
    (
        codes::GO9_BAD_CELL,
        "a cell that is not `x`, `o` or `.` (fix for `X`/`O`)",
    ),
    (codes::GO9_BAD_ROW, "a row without exactly 9 cells"),
    (codes::GO9_MISSING_ROW, "a board with fewer than 9 rows"),
    (codes::GO9_BAD_LAYOUT, "no blank line between two boards"),
    (codes::GO9_KILLABLE, "x captures an o group by playing here"),
    (
        codes::GO9_DEAD_GROUP,
        "a group without liberty: the position cannot occur",
    ),
    (
        codes::GO9_ATARI,
        "an x group with one liberty: o could take it next",
    ),
    (
        codes::TOMEK_BAD_CELL,
        "a cell that is not `X`, `O`, `T` or `.` (fix for `x`/`o`/`t`)",
    ),
    (codes::TOMEK_BAD_ROW, "a row without exactly 4 cells"),
    (codes::TOMEK_MISSING_ROW, "a board with fewer than 4 rows"),
    (codes::TOMEK_BAD_LAYOUT, "no blank line between two boards"),
    (codes::TOMEK_EXTRA_T, "more than one `T` on a board"),
    (codes::TOMEK_TWO_WINNERS, "both players hold a winning line"),
    (
        codes::PROFILE_WRONG_GAME,
        "the profile is for another game's files",
    ),
    (
        codes::PROFILE_COMMENT,
        "a comment line, which the judge would read as input",
    ),
    (
        codes::PROFILE_MISSING_COUNT,
        "no count line, where the profile's judge reads T first",
    ),
    (
        codes::PROFILE_COUNT_RANGE,
        "T outside the profile's bounds (`T = 200, but hdu5546 promises 1 ≤ T ≤ 100`)",
    ),
    (
        codes::PROFILE_ONE_POSITION,
        "a second position where the judge reads one (`cf907b`)",
    ),
    (codes::PROFILE_MARKER, "a `!` in an input (`cf907b`)"),
    (
        codes::PROFILE_EMPTY_LAST_MOVE,
        "the last-move cell is empty (`cf907b`)",
    ),
    (codes::PROFILE_NO_EMPTY_CELL, "no empty cell (`cf907b`)"),
    (
        codes::PROFILE_EXTRA_T,
        "a second `T` on a board (`gcj2013a-*`)",
    ),
    (
        codes::PROFILE_UNREACHABLE,
        "a board that play cannot reach (`gcj2013a-*`), with the rule it breaks",
    ),
    (
        codes::PROFILE_ACCEPTED_INVALID,
        "an invalid-input test (`invalidInputs`) that its profile accepts",
    ),
    (
        codes::PROJECT_INVALID,
        "`boardls.toml` cannot be used: not TOML, an unknown key, a value of the wrong type, at the exact key or value (the language server keeps the previous good settings)",
    ),
    (
        codes::ANSWER_WRONG,
        "an answer line says another verdict than the judge, quoting both (fix: the judge's answer)",
    ),
    (
        codes::ANSWER_WRONG_MARKER,
        "a `.uttt` answer board row differs from the judge's board: a `!` where no legal move is, or a legal move left without `!` (fix: the judge's row)",
    ),
    (
        codes::ANSWER_MISSING_CASE,
        "the answer file ends before the input's last case (fix: the judge's answers for the rest)",
    ),
    (codes::ANSWER_EXTRA_CASE, "a case beyond the input's last"),
    (
        codes::ANSWER_MALFORMED,
        "a line that is not `Case #k: verdict` (a `.uttt` board row: `ccc ccc ccc`, blank lines between bands and boards)",
    ),
    (
        codes::ANSWER_CASE_NUMBER,
        "`Case #k` numbered out of order (fix: the right number)",
    ),
    (
        codes::ANSWER_NO_INPUT,
        "an answer file (named like `NAME.out`) in a project with no input beside it",
    ),
];

/// One rule: a code, the severity it is always reported with, and what it
/// means.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Rule {
    pub code: &'static str,
    pub severity: Severity,
    pub description: &'static str,
}

/// Every rule, in the order of [`codes::ALL`] (a rule's index there is its
/// index here).
pub fn rules() -> impl Iterator<Item = Rule> {
    codes::ALL
        .iter()
        .zip(DESCRIPTIONS.iter())
        .map(|(&(code, severity), &(_, description))| Rule {
            code,
            severity,
            description,
        })
}

/// The index of `code` in [`rules`], if it is one.
pub fn rule_index(code: &str) -> Option<usize> {
    codes::ALL.iter().position(|&(c, _)| c == code)
}

#[cfg(test)]
mod tests {
    use crate::check::rules::DESCRIPTIONS;
    use boardls_engine::diagnostics::codes;

    #[test]
    fn descriptions_follow_the_codes_in_order() {
        for (&(code, _), &(described, description)) in codes::ALL.iter().zip(DESCRIPTIONS.iter()) {
            assert_eq!(code, described);
            assert!(!description.is_empty(), "{code}");
        }
    }
}
