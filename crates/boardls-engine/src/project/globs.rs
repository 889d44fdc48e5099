//! `[files]` globs: relative to the project file's folder; a glob without
//! `/` matches a file name at any depth (as in `.gitignore`), and `*` never
//! crosses a `/` (`**` does).
//! Globs are written with `/`; on Windows globset reads a path's `\` as
//! `/` (tests/it/windows_wine.rs checks a `[files]` glob there).

use globset::{GlobBuilder, GlobMatcher};

pub fn compile(glob: &str) -> Result<GlobMatcher, globset::Error> {
    let glob = glob.strip_prefix("./").unwrap_or(glob);
    let pattern = if glob.contains('/') {
        glob.to_owned()
    } else {
        format!("**/{glob}")
    };
    Ok(GlobBuilder::new(&pattern)
        .literal_separator(true)
        .build()?
        .compile_matcher())
}

#[cfg(test)]
mod tests {
    use super::compile;

    #[test]
    fn slashes_anchor_and_bare_names_match_anywhere() {
        let tests = compile("tests/*.in").expect("glob");
        assert!(tests.is_match("tests/01.in"));
        assert!(!tests.is_match("tests/deep/01.in"));
        assert!(!tests.is_match("other/tests/01.in"));
        let anywhere = compile("*.in").expect("glob");
        assert!(anywhere.is_match("a.in") && anywhere.is_match("x/y/a.in"));
        assert!(
            compile("data/**/*.in")
                .expect("glob")
                .is_match("data/a/b/1.in")
        );
    }
}
