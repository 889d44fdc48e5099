//! Reading `boardls.toml`: every key checked against [`keys`], each
//! problem an error at the exact key (or value) that causes it. A file with
//! any error is not used at all, so a half-typed edit never half-applies.

use serde_json::{Map, Value as Json};
use toml_edit::{Document, Item, TableLike};

use crate::diagnostics::{Diagnostic, Span, codes};
use crate::games::GameKind;
use crate::i18n::Message;
use crate::profile::Profile;
use crate::project::keys::{self, ValueKind};
use crate::text::{line_starts, to_u32};

/// What a valid `boardls.toml` says.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct ProjectFile {
    /// The settings tables as JSON, nested (`{"inlayHints": {"enable":
    /// false}}`): the shape the server's settings reader takes.
    pub settings: Json,
    /// `[files]`: globs (relative to the file's folder) and their games, in
    /// file order; the first glob that matches decides.
    pub files: Vec<(String, GameKind)>,
    /// `answers.names`: where a file's answers are, instead of the default.
    pub answer_names: Option<Vec<String>>,
    /// `[profiles]`: globs and the judge profile their inputs keep, in file
    /// order; the first glob that matches decides.
    pub profiles: Vec<(String, Profile)>,
    /// `profile`: the judge profile of the inputs of its game that no
    /// `[profiles]` glob matches.
    pub profile: Option<Profile>,
    /// `invalidInputs`: globs of the inputs that must break their profile,
    /// instead of the default.
    pub invalid_inputs: Option<Vec<String>>,
}

/// Reads a project file's text: the file, or every error in it.
pub fn read(text: &str) -> Result<ProjectFile, Vec<Diagnostic>> {
    let starts = line_starts(text);
    let span_of = |range: Option<std::ops::Range<usize>>| -> Span {
        let range = range.unwrap_or(0..0);
        span_at(text, &starts, range)
    };
    let document = match Document::parse(text) {
        Ok(document) => document,
        Err(err) => {
            let message = err.message().trim_end().to_owned();
            return Err(vec![Diagnostic::error(
                codes::PROJECT_INVALID,
                span_of(err.span()),
                crate::i18n::message!("project-invalid-toml", reason = message),
            )]);
        }
    };
    let mut reader = Reader {
        span_of: &span_of,
        file: ProjectFile {
            settings: Json::Object(Map::new()),
            ..ProjectFile::default()
        },
        errors: Vec::new(),
    };
    reader.table("", document.as_table());
    if reader.errors.is_empty() {
        Ok(reader.file)
    } else {
        Err(reader.errors)
    }
}

/// The one-line span of a byte range (clipped to its first line's text: an
/// error at a line's break, its `\r` or `\n`, is at the end of the line).
fn span_at(text: &str, starts: &[usize], range: std::ops::Range<usize>) -> Span {
    let line = starts
        .partition_point(|&s| s <= range.start)
        .saturating_sub(1);
    let line_start = starts[line];
    let line_end = starts
        .get(line + 1)
        .map_or(text.len(), |&next| next)
        .max(line_start);
    let line_text = crate::text::strip_line_end(&text[line_start..line_end]);
    let text_end = line_start + line_text.len();
    let start = range.start.min(text_end);
    let end = range.end.min(text_end).max(start);
    Span::new(
        to_u32(line),
        to_u32(start - line_start),
        to_u32(end - line_start),
    )
}

struct Reader<'a> {
    span_of: &'a dyn Fn(Option<std::ops::Range<usize>>) -> Span,
    file: ProjectFile,
    errors: Vec<Diagnostic>,
}

impl Reader<'_> {
    fn error(&mut self, span: Span, message: Message) {
        self.errors
            .push(Diagnostic::error(codes::PROJECT_INVALID, span, message));
    }

    fn table(&mut self, prefix: &str, table: &dyn TableLike) {
        for (name, item) in table.iter() {
            let key_span = (self.span_of)(table.key(name).and_then(|k| k.span()));
            let dotted = if prefix.is_empty() {
                name.to_owned()
            } else {
                format!("{prefix}.{name}")
            };
            match keys::kind(&dotted) {
                Some(kind) => self.value(&dotted, kind, item, key_span),
                None if keys::is_table(&dotted) => match item.as_table_like() {
                    Some(inner) => self.table(&dotted, inner),
                    None => self.error(
                        key_span,
                        crate::i18n::message!("project-not-table", key = dotted.clone()),
                    ),
                },
                None => self.error(key_span, unknown_key(&dotted)),
            }
        }
    }

    fn value(&mut self, dotted: &str, kind: ValueKind, item: &Item, key_span: Span) {
        let value_span = (self.span_of)(item.span());
        let setting = |value: Json| Some(value);
        let json = match kind {
            ValueKind::Bool => match item.as_bool() {
                Some(b) => setting(Json::Bool(b)),
                None => {
                    return self.error(
                        value_span,
                        crate::i18n::message!("project-must-be-bool", key = dotted.to_owned()),
                    );
                }
            },
            ValueKind::Count => match item.as_integer().and_then(|n| u64::try_from(n).ok()) {
                Some(n) => setting(Json::from(n)),
                None => {
                    return self.error(
                        value_span,
                        crate::i18n::message!("project-must-be-count", key = dotted.to_owned()),
                    );
                }
            },
            ValueKind::OneOf(words) => match item.as_str().filter(|s| words.contains(s)) {
                Some(word) => setting(Json::from(word)),
                None => {
                    return self.error(
                        value_span,
                        crate::i18n::message!(
                            "project-must-be-one-of",
                            key = dotted.to_owned(),
                            values = quoted_list(words.iter().copied())
                        ),
                    );
                }
            },
            ValueKind::Text => {
                if item.as_str().is_none() {
                    self.error(
                        value_span,
                        crate::i18n::message!("project-must-be-string", key = dotted.to_owned()),
                    );
                }
                None
            }
            ValueKind::Globs => {
                self.file.files = self.glob_table(
                    dotted,
                    item,
                    key_span,
                    "\"tests/*.in\" = \"tomek\"",
                    GameKind::from_id,
                    |glob, table| {
                        crate::i18n::message!("project-glob-game", glob = glob, table = table)
                    },
                );
                None
            }
            ValueKind::Profiles => {
                self.file.profiles = self.glob_table(
                    dotted,
                    item,
                    key_span,
                    "\"small/*.in\" = \"gcj2013a-small\"",
                    Profile::from_name,
                    |glob, table| {
                        crate::i18n::message!(
                            "project-glob-profile",
                            glob = glob,
                            table = table,
                            values = profile_names()
                        )
                    },
                );
                None
            }
            ValueKind::Profile => {
                match item.as_str().and_then(Profile::from_name) {
                    Some(profile) => self.file.profile = Some(profile),
                    None => self.error(
                        value_span,
                        crate::i18n::message!(
                            "project-must-be-one-of",
                            key = dotted.to_owned(),
                            values = profile_names()
                        ),
                    ),
                }
                None
            }
            ValueKind::GlobList => {
                self.file.invalid_inputs = Some(self.glob_list(dotted, item, value_span));
                None
            }
            ValueKind::Names => {
                self.names(dotted, item, value_span);
                None
            }
        };
        if let Some(json) = json {
            insert_dotted(&mut self.file.settings, dotted, json);
        }
    }

    /// Whether `glob` compiles; if not, the error at `span`.
    fn valid_glob(&mut self, glob: &str, span: Span) -> bool {
        match crate::project::globs::compile(glob) {
            Ok(_) => true,
            Err(err) => {
                self.error(
                    span,
                    crate::i18n::message!(
                        "project-invalid-glob",
                        glob = glob.to_owned(),
                        reason = err.to_string()
                    ),
                );
                false
            }
        }
    }

    /// A table of globs to values (`[files]`, `[profiles]`): each glob
    /// and each value checked, the valid pairs in file order. `wrong`
    /// says what a glob's value must be, given the glob and the table.
    fn glob_table<T>(
        &mut self,
        dotted: &str,
        item: &Item,
        key_span: Span,
        example: &'static str,
        parse: impl Fn(&str) -> Option<T>,
        wrong: impl Fn(String, String) -> Message,
    ) -> Vec<(String, T)> {
        let Some(table) = item.as_table_like() else {
            self.error(
                key_span,
                crate::i18n::message!(
                    "project-globs-table",
                    key = dotted.to_owned(),
                    example = example
                ),
            );
            return Vec::new();
        };
        let mut pairs = Vec::new();
        for (glob, value) in table.iter() {
            let glob_span = (self.span_of)(table.key(glob).and_then(|k| k.span()));
            if !self.valid_glob(glob, glob_span) {
                continue;
            }
            let value_span = (self.span_of)(value.span());
            match value.as_str().map(&parse) {
                Some(Some(parsed)) => pairs.push((glob.to_owned(), parsed)),
                Some(None) => self.error(value_span, wrong(glob.to_owned(), dotted.to_owned())),
                None => self.error(
                    value_span,
                    crate::i18n::message!(
                        "project-glob-string",
                        glob = glob.to_owned(),
                        table = dotted.to_owned()
                    ),
                ),
            }
        }
        pairs
    }

    fn glob_list(&mut self, dotted: &str, item: &Item, value_span: Span) -> Vec<String> {
        let Some(array) = item.as_array() else {
            self.error(
                value_span,
                crate::i18n::message!("project-globs-array", key = dotted.to_owned()),
            );
            return Vec::new();
        };
        let mut globs = Vec::new();
        for value in array.iter() {
            let span = (self.span_of)(value.span());
            match value.as_str() {
                Some(glob) if self.valid_glob(glob, span) => globs.push(glob.to_owned()),
                Some(_) => {}
                None => self.error(
                    span,
                    crate::i18n::message!("project-globs-strings", key = dotted.to_owned()),
                ),
            }
        }
        globs
    }

    fn names(&mut self, dotted: &str, item: &Item, value_span: Span) {
        let Some(array) = item.as_array() else {
            return self.error(
                value_span,
                crate::i18n::message!("project-names-array", key = dotted.to_owned()),
            );
        };
        let mut names = Vec::new();
        for value in array.iter() {
            let span = (self.span_of)(value.span());
            match value.as_str() {
                Some(name) if crate::project::pairing::is_pattern(name) => {
                    names.push(name.to_owned());
                }
                _ => self.error(span, crate::i18n::message!("project-answer-name")),
            }
        }
        self.file.answer_names = Some(names);
    }
}

/// `"a", "b", "c"`: values as TOML writes them.
fn quoted_list<'a>(values: impl Iterator<Item = &'a str>) -> String {
    let quoted: Vec<String> = values.map(|v| format!("\"{v}\"")).collect();
    quoted.join(", ")
}

fn profile_names() -> String {
    quoted_list(Profile::ALL.iter().map(|p| p.name()))
}

fn unknown_key(dotted: &str) -> Message {
    let known: Vec<&str> = keys::all().map(|(k, _)| k).collect();
    crate::i18n::message!(
        "project-unknown-key",
        key = dotted.to_owned(),
        known = known.join(", ")
    )
}

/// Sets `a.b.c` in nested JSON objects.
fn insert_dotted(root: &mut Json, dotted: &str, value: Json) {
    let mut node = root;
    let mut parts = dotted.split('.').peekable();
    while let Some(part) = parts.next() {
        let Some(object) = node.as_object_mut() else {
            return;
        };
        if parts.peek().is_none() {
            object.insert(part.to_owned(), value);
            return;
        }
        node = object
            .entry(part.to_owned())
            .or_insert_with(|| Json::Object(Map::new()));
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn errors(text: &str) -> Vec<(Span, String)> {
        match read(text) {
            Ok(_) => Vec::new(),
            Err(errors) => errors
                .into_iter()
                .map(|d| (d.span, d.message.english()))
                .collect(),
        }
    }

    #[test]
    fn settings_files_and_names() {
        let file = read(
            "[inlayHints]\nenable = false\n[workspace]\nmaxFiles = 7\n[files]\n\"tests/*.in\" = \"tomek\"\n[answers]\nnames = [\"{stem}_000.out\"]\n",
        )
        .expect("valid");
        assert_eq!(
            file.settings,
            serde_json::json!({"inlayHints": {"enable": false}, "workspace": {"maxFiles": 7}})
        );
        assert_eq!(file.files, [("tests/*.in".to_owned(), GameKind::Tomek)]);
        assert_eq!(file.answer_names, Some(vec!["{stem}_000.out".to_owned()]));
    }

    #[test]
    fn each_error_is_at_its_key_or_value() {
        assert_eq!(
            errors("[inlayHints]\nenabel = false\n")[0].0,
            Span::new(1, 0, 6)
        );
        assert_eq!(
            errors("inlayHints.enable = 3\n")[0],
            (
                Span::new(0, 20, 21),
                "`inlayHints.enable` must be true or false".to_owned()
            )
        );
        assert_eq!(
            errors("[files]\n\"*.in\" = \"chess\"\n")[0].0,
            Span::new(1, 9, 16)
        );
        assert_eq!(errors("[files\n")[0].0.line, 0);
        assert_eq!(errors("hover = 1\n")[0].0, Span::new(0, 0, 5));
    }

    #[test]
    fn profiles_and_invalid_inputs() {
        let file =
            read("invalidInputs = [\"bad/**\"]\n[profiles]\n\"small/*.in\" = \"gcj2013a-small\"\n")
                .expect("valid");
        assert_eq!(
            file.profiles,
            [("small/*.in".to_owned(), Profile::Gcj2013aSmall)]
        );
        assert_eq!(file.invalid_inputs, Some(vec!["bad/**".to_owned()]));
        assert_eq!(
            read("profile = \"hdu5546\"\n").expect("valid").profile,
            Some(Profile::Hdu5546)
        );
        assert_eq!(errors("profile = \"icpc\"\n")[0].0, Span::new(0, 10, 16));
        assert_eq!(
            errors("[profiles]\n\"*.in\" = \"icpc\"\n")[0],
            (
                Span::new(1, 9, 15),
                "`*.in` in [profiles] must be one of \"cf907b\", \"hdu5546\", \
                 \"gcj2013a-small\", \"gcj2013a-large\""
                    .to_owned()
            )
        );
        assert_eq!(
            errors("invalidInputs = [\"ok/**\", \"a/[b\"]\n")[0].0,
            Span::new(0, 26, 32)
        );
        assert_eq!(
            errors("invalidInputs = \"bad/**\"\n")[0].0,
            Span::new(0, 16, 24)
        );
    }

    #[test]
    fn errors_are_said_in_each_language() {
        use crate::i18n::Locale;
        let said = |text: &str, locale| match read(text) {
            Ok(_) => String::new(),
            Err(errors) => errors[0].message.word(locale),
        };
        let name = "[answers]\nnames = [\"out\"]\n";
        assert_eq!(
            said(name, Locale::English),
            "an answer name must hold `{stem}` or `{name}` once, and no `/`"
        );
        assert_eq!(
            said(name, Locale::Russian),
            "имя файла ответов должно содержать `{stem}` или `{name}` ровно один раз и не \
             содержать `/`"
        );
        assert_eq!(
            said("[files]\n\"*.in\" = \"chess\"\n", Locale::SimplifiedChinese),
            "[files] 中 `*.in` 的值必须是 \"uttt\"、\"go9\" 或 \"tomek\""
        );
        assert_eq!(
            said("inlayHints.enable = 3\n", Locale::Russian),
            "значение `inlayHints.enable` должно быть true или false"
        );
        // The TOML parser's own words are quoted as they are.
        let broken = said("[files\n", Locale::SimplifiedChinese);
        assert!(
            broken.starts_with("boardls.toml 不是有效的 TOML："),
            "{broken}"
        );
    }
}
