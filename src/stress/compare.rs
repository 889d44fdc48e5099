//! The problem's checker: the solution's output against the judge's, as
//! the judges compare them. Whitespace at line ends and blank lines do not
//! count (the statements' own outputs differ in them); anything else does.
//! An output that is not an answer at all (not UTF-8, not one line per
//! case, a verdict the problem does not have, a board of the wrong shape)
//! is bad output, not a wrong answer.

use boardls_engine::games::{GameKind, go9, tomek};
use boardls_engine::i18n::Message;

/// The checker's decision.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Checked {
    Accepted,
    /// Where the answers first differ: 1-based line of the judge's answer
    /// (its meaningful lines), both lines.
    WrongAnswer {
        line: usize,
        expected: String,
        got: String,
    },
    BadOutput(Message),
}

/// Lines that carry something, without their trailing blanks.
fn meaningful(text: &str) -> Vec<&str> {
    text.lines()
        .map(str::trim_end)
        .filter(|line| !line.is_empty())
        .collect()
}

/// Checks `got` against the judge's `expected` for an input of `cases`
/// cases of `kind`.
pub(crate) fn check(kind: GameKind, cases: usize, expected: &str, got: &[u8]) -> Checked {
    let Ok(got) = std::str::from_utf8(got) else {
        return Checked::BadOutput(boardls_engine::i18n::message!("stress-output-not-utf8"));
    };
    let want = meaningful(expected);
    let have = meaningful(got);
    let shape = match kind {
        GameKind::Uttt => uttt_shape(&have),
        GameKind::Go9 => case_lines(
            &have,
            cases,
            &[go9::Verdict::CanKill, go9::Verdict::CanNotKill].map(go9::Verdict::text),
        ),
        GameKind::Tomek => case_lines(
            &have,
            cases,
            &[
                tomek::Verdict::XWon,
                tomek::Verdict::OWon,
                tomek::Verdict::Draw,
                tomek::Verdict::NotCompleted,
            ]
            .map(tomek::Verdict::text),
        ),
    };
    if let Err(why) = shape {
        return Checked::BadOutput(why);
    }
    match want.iter().zip(&have).position(|(w, h)| w != h) {
        None => Checked::Accepted,
        Some(index) => Checked::WrongAnswer {
            line: index + 1,
            expected: want[index].to_owned(),
            got: have[index].to_owned(),
        },
    }
}

/// `Case #k: VERDICT`, k = 1, 2, …, one line per case.
fn case_lines(lines: &[&str], cases: usize, verdicts: &[&str]) -> Result<(), Message> {
    if lines.len() != cases {
        return Err(boardls_engine::i18n::message!(
            "stress-lines-for-cases",
            lines = lines.len(),
            cases = cases
        ));
    }
    for (index, line) in lines.iter().enumerate() {
        let prefix = format!("Case #{}: ", index + 1);
        let verdict = line.strip_prefix(&prefix);
        if !verdict.is_some_and(|v| verdicts.contains(&v)) {
            let listed: Vec<String> = verdicts.iter().map(|v| format!("`{v}`")).collect();
            return Err(boardls_engine::i18n::message!(
                "stress-not-a-case-line",
                line = index + 1,
                text = (*line).to_owned(),
                prefix = prefix,
                verdicts = listed.join(", ")
            ));
        }
    }
    Ok(())
}

/// Nine rows of three groups of three cells `x`, `o`, `.`, `!`.
fn uttt_shape(lines: &[&str]) -> Result<(), Message> {
    if lines.len() != 9 {
        return Err(boardls_engine::i18n::message!(
            "stress-not-nine-rows",
            lines = lines.len()
        ));
    }
    for (index, line) in lines.iter().enumerate() {
        let groups: Vec<&str> = line.split_whitespace().collect();
        let cells_ok = groups.len() == 3
            && groups
                .iter()
                .all(|g| g.len() == 3 && g.bytes().all(|b| matches!(b, b'x' | b'o' | b'.' | b'!')));
        if !cells_ok {
            return Err(boardls_engine::i18n::message!(
                "stress-not-a-row",
                row = index + 1,
                text = (*line).to_owned()
            ));
        }
    }
    Ok(())
}
