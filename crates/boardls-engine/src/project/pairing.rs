//! Which files hold a file's answers: names made from its own by patterns
//! such as `{stem}.out` (`01.in` → `01.out`) or `{name}.out` (`x.tomek` →
//! `x.tomek.out`), in the same folder; and back, from an answer's name to
//! the inputs it can belong to.

use std::path::{Path, PathBuf};

/// The default answer names: `NAME.out` and `NAME.ans` beside `NAME.in`,
/// and beside any board file (`x.tomek` ↔ `x.out`, `x.tomek.out`).
pub const DEFAULT_NAMES: [&str; 4] = ["{stem}.out", "{stem}.ans", "{name}.out", "{name}.ans"];

const STEM: &str = "{stem}";
const NAME: &str = "{name}";

/// Whether `pattern` is a valid answer name: one placeholder, no folder.
pub fn is_pattern(pattern: &str) -> bool {
    let placeholders = pattern.matches(STEM).count() + pattern.matches(NAME).count();
    placeholders == 1 && !pattern.contains('/') && !pattern.contains('\\')
}

/// The answer files `input` may have under `patterns`, in pattern order,
/// without repeats and never `input` itself.
pub fn answer_paths(input: &Path, patterns: &[String]) -> Vec<PathBuf> {
    let (Some(name), Some(stem)) = (
        input.file_name().and_then(|n| n.to_str()),
        input.file_stem().and_then(|n| n.to_str()),
    ) else {
        return Vec::new();
    };
    let folder = input.parent().unwrap_or(Path::new(""));
    let mut paths: Vec<PathBuf> = Vec::new();
    for pattern in patterns {
        let answer = pattern.replace(STEM, stem).replace(NAME, name);
        let path = folder.join(answer);
        if path != input && !paths.contains(&path) {
            paths.push(path);
        }
    }
    paths
}

/// What an answer's name says about its input.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum InputName {
    /// The input's whole file name (`{name}` patterns).
    Name(String),
    /// The input's name without its extension (`{stem}` patterns).
    Stem(String),
}

/// The input names `answer` (a file name) can come from, in pattern order.
pub fn input_names(answer: &str, patterns: &[String]) -> Vec<InputName> {
    let mut names = Vec::new();
    for pattern in patterns {
        let (placeholder, make): (&str, fn(String) -> InputName) = if pattern.contains(STEM) {
            (STEM, InputName::Stem)
        } else {
            (NAME, InputName::Name)
        };
        let Some((prefix, suffix)) = pattern.split_once(placeholder) else {
            continue;
        };
        let middle = answer
            .strip_prefix(prefix)
            .and_then(|rest| rest.strip_suffix(suffix))
            .filter(|middle| !middle.is_empty());
        if let Some(middle) = middle {
            let name = make(middle.to_owned());
            if !names.contains(&name) {
                names.push(name);
            }
        }
    }
    names
}

#[cfg(test)]
mod tests {
    use super::*;

    fn defaults() -> Vec<String> {
        DEFAULT_NAMES.map(String::from).to_vec()
    }

    #[test]
    fn default_names_both_ways() {
        assert_eq!(
            answer_paths(Path::new("t/01.in"), &defaults()),
            ["t/01.out", "t/01.ans", "t/01.in.out", "t/01.in.ans"].map(PathBuf::from)
        );
        assert_eq!(
            input_names("x.tomek.out", &defaults()),
            [
                InputName::Stem("x.tomek".into()),
                InputName::Name("x.tomek".into())
            ]
        );
        let contest = vec!["{stem}_000.out".to_owned()];
        assert_eq!(
            answer_paths(Path::new("c/m-000.in"), &contest),
            [PathBuf::from("c/m-000_000.out")]
        );
        assert_eq!(
            input_names("m-000_000.out", &contest),
            [InputName::Stem("m-000".into())]
        );
        assert!(input_names("_000.out", &contest).is_empty());
    }

    #[test]
    fn patterns_hold_one_placeholder_and_no_folder() {
        assert!(is_pattern("{stem}_000.out"));
        assert!(!is_pattern("out/{stem}.out"));
        assert!(!is_pattern("{stem}{name}"));
        assert!(!is_pattern("answer.out"));
    }
}
