//! The `boardls` settings and how they are read from whatever a client sends.
//!
//! Clients send settings in several shapes: `initializationOptions`, the
//! answer to `workspace/configuration` (the `boardls` section itself), and
//! `workspace/didChangeConfiguration` payloads that may be `null`, `{}`, the
//! whole settings tree (`{"boardls": {...}}`), or the section alone. Nested
//! objects and dotted keys (`"inlayHints.enable": false`) are both read.
//! Unknown keys are ignored; a value of the wrong type keeps the default and
//! is reported once, so a typo in a settings file never stops the server.

use boardls_engine::i18n::Locale;
use ls_types::{Diagnostic, DiagnosticSeverity};
use serde_json::{Map, Value};

use boardls_engine::diagnostics::Severity;

/// The configuration section the server reads.
pub const SECTION: &str = "boardls";

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct HintSettings {
    /// `inlayHints.enable`: all inlay hints on or off.
    pub enable: bool,
    /// `inlayHints.verdicts`: `Case #k: verdict` at the end of each position.
    pub verdicts: bool,
    /// `inlayHints.legalMoves`: the legal columns at the end of each
    /// `.uttt` row that has any.
    pub legal_moves: bool,
    /// `inlayHints.captures`: where x captures and how many stones, at the
    /// end of each `.go9` row holding a capture point. Its old name,
    /// `inlayHints.liberties`, is still read when `captures` is not given.
    pub captures: bool,
}

impl Default for HintSettings {
    fn default() -> HintSettings {
        HintSettings {
            enable: true,
            verdicts: true,
            legal_moves: true,
            captures: true,
        }
    }
}

/// Which diagnostics the client is shown (`diagnostics.*`). Errors always
/// are. The server applies the filter wherever diagnostics leave it:
/// published (open documents and files on disk) and pulled.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct DiagnosticFilter {
    /// `diagnostics.warnings`: warning-level facts (stray markers, dead groups).
    pub warnings: bool,
    /// `diagnostics.information`: information-level facts (killable groups,
    /// groups in atari).
    pub information: bool,
    /// `diagnostics.maxProblems`: errors and warnings an open document
    /// sends at most (errors first); the rest are counted by code.
    pub max_problems: usize,
}

impl Default for DiagnosticFilter {
    fn default() -> DiagnosticFilter {
        DiagnosticFilter {
            warnings: true,
            information: true,
            max_problems: DEFAULT_MAX_PROBLEMS,
        }
    }
}

impl DiagnosticFilter {
    /// Whether a diagnostic of this severity is shown (one without a
    /// severity counts as an error, as clients show it).
    pub fn shows(&self, severity: Option<DiagnosticSeverity>) -> bool {
        match severity {
            Some(DiagnosticSeverity::WARNING) => self.warnings,
            Some(DiagnosticSeverity::INFORMATION | DiagnosticSeverity::HINT) => self.information,
            _ => true,
        }
    }

    /// Whether an engine diagnostic of this severity is shown.
    pub fn keeps(&self, severity: Severity) -> bool {
        match severity {
            Severity::Error => true,
            Severity::Warning => self.warnings,
            Severity::Information => self.information,
        }
    }

    /// The diagnostics the client is shown, in their order.
    pub fn apply(&self, mut items: Vec<Diagnostic>) -> Vec<Diagnostic> {
        if *self != DiagnosticFilter::default() {
            items.retain(|d| self.shows(d.severity));
        }
        items
    }

    /// The pull result id of an open document's diagnostics at
    /// `generation`, worded in `locale` (another language is another
    /// report).
    pub fn open_result_id(&self, generation: u64, locale: Locale) -> String {
        self.result_id(&format!("{generation}-{}", locale.tag()))
    }

    /// A pull result id for diagnostics known by `id`, under this filter:
    /// the same diagnostics under another filter are another result, so a
    /// client holding the old id is sent the new list, never "unchanged".
    pub fn result_id(&self, id: &str) -> String {
        let shown = match (self.warnings, self.information) {
            (true, true) => id.to_owned(),
            (true, false) => format!("{id}/no-information"),
            (false, true) => format!("{id}/no-warnings"),
            (false, false) => format!("{id}/errors"),
        };
        if self.max_problems == DEFAULT_MAX_PROBLEMS {
            shown
        } else {
            format!("{shown}/max-{}", self.max_problems)
        }
    }
}

/// `hover.picture`: how the hover draws the position.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum HoverPicture {
    /// An SVG image where the client renders Markdown images
    /// (`ClientCaps::markdown_images`), else a text board.
    #[default]
    Auto,
    /// Always the SVG image.
    Image,
    /// Always the text board.
    Text,
    /// No picture.
    None,
}

impl HoverPicture {
    pub fn from_name(name: &str) -> Option<HoverPicture> {
        match name {
            "auto" => Some(HoverPicture::Auto),
            "image" => Some(HoverPicture::Image),
            "text" => Some(HoverPicture::Text),
            "none" => Some(HoverPicture::None),
            _ => None,
        }
    }
}

#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct HoverSettings {
    pub picture: HoverPicture,
    /// `hover.markdownImages` (read from `initializationOptions` only): the
    /// client says whether it renders Markdown images, instead of the
    /// server guessing from its name.
    pub markdown_images: Option<bool>,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Settings {
    pub hints: HintSettings,
    /// `diagnostics.warnings`, `diagnostics.information`.
    pub diagnostics: DiagnosticFilter,
    pub hover: HoverSettings,
    /// `workspace.scan`: check the board files of the workspace folders
    /// before they are opened, and watch them.
    pub scan: bool,
    /// `workspace.maxFiles`: at most this many unopened files are checked.
    pub max_files: usize,
    /// `locale`: the language of the messages, when the user chose one
    /// (an editor setting only: `boardls.toml` has no such key, so a
    /// committed file never imposes one person's language on a team).
    pub locale: Option<Locale>,
}

/// The default of `diagnostics.maxProblems`: errors and warnings an open
/// document sends at most. VS Code keeps no more than 1,000 diagnostics of
/// a file from an extension, errors first (`ExtHostDiagnostics`): whatever
/// a server sends beyond them is built, sent and parsed for nothing.
pub const DEFAULT_MAX_PROBLEMS: usize = 1000;

/// The default `workspace.maxFiles`.
pub const DEFAULT_MAX_FILES: usize = 10_000;

impl Default for Settings {
    fn default() -> Settings {
        Settings {
            hints: HintSettings::default(),
            diagnostics: DiagnosticFilter::default(),
            hover: HoverSettings::default(),
            scan: true,
            max_files: DEFAULT_MAX_FILES,
            locale: None,
        }
    }
}

impl Settings {
    /// `base` with every setting `section` names, read tolerantly. The
    /// second value lists the settings that were present with a wrong type.
    pub fn patched(base: Settings, section: &Value) -> (Settings, Vec<String>) {
        let mut settings = base;
        let mut problems = Vec::new();
        let Some(section) = section.as_object() else {
            return (settings, problems);
        };
        let mut flag = |key: &str, slot: &mut bool| match lookup(section, key) {
            None | Some(Value::Null) => {}
            Some(Value::Bool(b)) => *slot = *b,
            Some(other) => problems.push(format!(
                "{SECTION}.{key}: expected true or false, got {other}"
            )),
        };
        flag("inlayHints.enable", &mut settings.hints.enable);
        flag("inlayHints.verdicts", &mut settings.hints.verdicts);
        flag("inlayHints.legalMoves", &mut settings.hints.legal_moves);
        if lookup(section, "inlayHints.captures").is_none() {
            flag("inlayHints.liberties", &mut settings.hints.captures);
        }
        flag("inlayHints.captures", &mut settings.hints.captures);
        flag("diagnostics.warnings", &mut settings.diagnostics.warnings);
        flag(
            "diagnostics.information",
            &mut settings.diagnostics.information,
        );
        flag("workspace.scan", &mut settings.scan);
        match lookup(section, "hover.picture") {
            None | Some(Value::Null) => {}
            Some(value) => match value.as_str().and_then(HoverPicture::from_name) {
                Some(picture) => settings.hover.picture = picture,
                None => problems.push(format!(
                    "{SECTION}.hover.picture: expected \"auto\", \"image\", \"text\" or \"none\", got {value}"
                )),
            },
        }
        match lookup(section, "hover.markdownImages") {
            None | Some(Value::Null) => {}
            Some(Value::Bool(b)) => settings.hover.markdown_images = Some(*b),
            Some(other) => problems.push(format!(
                "{SECTION}.hover.markdownImages: expected true or false, got {other}"
            )),
        }
        match lookup(section, "locale") {
            None | Some(Value::Null) => {}
            // Empty: follow the editor. A tag the catalog has no language
            // for falls through to the next source, then English.
            Some(Value::String(tag)) => settings.locale = Locale::from_tag(tag),
            Some(other) => problems.push(format!(
                "{SECTION}.locale: expected a language tag such as \"en\", \"ru\" or \"zh-CN\", got {other}"
            )),
        }
        let mut count = |key: &str, slot: &mut usize| match lookup(section, key) {
            None | Some(Value::Null) => {}
            Some(value) => match value.as_u64().or_else(|| whole(value.as_f64())) {
                Some(n) => *slot = usize::try_from(n).unwrap_or(usize::MAX),
                None => problems.push(format!(
                    "{SECTION}.{key}: expected a whole number of 0 or more, got {value}"
                )),
            },
        };
        count("workspace.maxFiles", &mut settings.max_files);
        count(
            "diagnostics.maxProblems",
            &mut settings.diagnostics.max_problems,
        );
        (settings, problems)
    }

    pub fn hints_changed(&self, other: &Settings) -> bool {
        self.hints != other.hints
    }
}

/// `--locale` of the process, set once before the server starts.
static COMMAND_LINE_LOCALE: std::sync::OnceLock<Locale> = std::sync::OnceLock::new();

/// Records the process's `--locale` (the first call wins).
pub fn set_command_line_locale(locale: Locale) {
    let _ = COMMAND_LINE_LOCALE.set(locale);
}

/// The language of a session's messages, by who asked: the `locale`
/// setting, else the process's `--locale`, else `initialize`'s `locale`
/// (`client`), else English.
pub fn session_locale(settings: &Settings, client: Option<Locale>) -> Locale {
    settings
        .locale
        .or_else(|| COMMAND_LINE_LOCALE.get().copied())
        .or(client)
        .unwrap_or_default()
}

/// 12.0 is accepted as 12 (some settings editors write every number as a float).
fn whole(value: Option<f64>) -> Option<u64> {
    let value = value?;
    (value >= 0.0 && value.fract() == 0.0 && value <= u64::MAX as f64).then_some(value as u64)
}

/// A dotted key, as nested objects or as the flat key itself, or a mix
/// (`{"inlayHints": {"enable": false}}`, `{"inlayHints.enable": false}`).
fn lookup<'a>(object: &'a Map<String, Value>, key: &str) -> Option<&'a Value> {
    if let Some(value) = object.get(key) {
        return Some(value);
    }
    let (head, rest) = key.split_once('.')?;
    lookup(object.get(head)?.as_object()?, rest)
}

/// The `boardls` section in a payload that may be the whole settings tree,
/// the section itself, or nothing useful (`null`, `{}`, another server's
/// settings); `None` means "ask the client with `workspace/configuration`".
pub fn section(payload: &Value) -> Option<&Value> {
    let object = payload.as_object()?;
    if let Some(section) = object.get(SECTION) {
        return section.is_object().then_some(section);
    }
    // Flat dotted keys of the whole tree: `{"boardls.workspace.scan": false}`.
    if object.keys().any(|k| k.starts_with("boardls.")) {
        return Some(payload);
    }
    // The section alone, as some clients send it.
    let known = ["inlayHints", "diagnostics", "workspace", "hover", "locale"];
    object
        .keys()
        .any(|k| {
            known
                .iter()
                .any(|n| k == n || k.starts_with(&format!("{n}.")))
        })
        .then_some(payload)
}

/// Settings from a payload that may carry the `boardls.` prefix on flat keys.
pub fn patched_from_payload(base: Settings, payload: &Value) -> (Settings, Vec<String>) {
    let Some(object) = payload.as_object() else {
        return (base, Vec::new());
    };
    if object.keys().any(|k| k.starts_with("boardls.")) {
        let stripped: Map<String, Value> = object
            .iter()
            .filter_map(|(k, v)| Some((k.strip_prefix("boardls.")?.to_owned(), v.clone())))
            .collect();
        return Settings::patched(base, &Value::Object(stripped));
    }
    Settings::patched(base, payload)
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn read(payload: Value) -> (Option<Settings>, Vec<String>) {
        match section(&payload) {
            Some(s) => {
                let (settings, problems) = patched_from_payload(Settings::default(), s);
                (Some(settings), problems)
            }
            None => (None, Vec::new()),
        }
    }

    #[test]
    fn empty_payloads_ask_the_client() {
        for payload in [
            Value::Null,
            json!({}),
            json!([]),
            json!("boardls"),
            json!({"boardls": null}),
            json!({"rust-analyzer": {"check": true}}),
        ] {
            assert_eq!(read(payload.clone()).0, None, "{payload}");
        }
    }

    #[test]
    fn nested_dotted_and_bare_sections() {
        let expected = Settings {
            hints: HintSettings {
                enable: true,
                verdicts: false,
                legal_moves: true,
                captures: true,
            },
            diagnostics: DiagnosticFilter {
                warnings: true,
                information: false,
                ..DiagnosticFilter::default()
            },
            hover: HoverSettings {
                picture: HoverPicture::Text,
                markdown_images: None,
            },
            scan: false,
            max_files: 7,
            locale: None,
        };
        for payload in [
            json!({"boardls": {"inlayHints": {"verdicts": false}, "diagnostics": {"information": false}, "hover": {"picture": "text"}, "workspace": {"scan": false, "maxFiles": 7}}}),
            json!({"boardls": {"inlayHints.verdicts": false, "diagnostics.information": false, "hover.picture": "text", "workspace.scan": false, "workspace.maxFiles": 7.0}}),
            json!({"boardls.inlayHints.verdicts": false, "boardls.diagnostics.information": false, "boardls.hover.picture": "text", "boardls.workspace.scan": false, "boardls.workspace.maxFiles": 7}),
            json!({"inlayHints": {"verdicts": false}, "diagnostics": {"information": false}, "hover": {"picture": "text"}, "workspace": {"scan": false, "maxFiles": 7}}),
        ] {
            assert_eq!(
                read(payload.clone()),
                (Some(expected), Vec::new()),
                "{payload}"
            );
        }
    }

    #[test]
    fn wrong_types_and_unknown_keys_keep_defaults() {
        let (settings, problems) = read(json!({"boardls": {
            "inlayHints": {"enable": "no", "liberties": null, "colour": "red"},
            "workspace": {"scan": 0, "maxFiles": -3},
            "diagnostics": {"information": "off", "warnings": null, "errors": false},
            "hover": {"picture": "svg", "markdownImages": "yes"},
            "unknown": {"deeply": [1, 2]}
        }}));
        assert_eq!(settings, Some(Settings::default()));
        assert_eq!(
            problems,
            [
                "boardls.inlayHints.enable: expected true or false, got \"no\"",
                "boardls.diagnostics.information: expected true or false, got \"off\"",
                "boardls.workspace.scan: expected true or false, got 0",
                "boardls.hover.picture: expected \"auto\", \"image\", \"text\" or \"none\", got \"svg\"",
                "boardls.hover.markdownImages: expected true or false, got \"yes\"",
                "boardls.workspace.maxFiles: expected a whole number of 0 or more, got -3",
            ]
        );
        let (settings, _) = read(json!({"boardls": {"inlayHints": 5, "workspace": "x"}}));
        assert_eq!(settings, Some(Settings::default()));
    }

    #[test]
    fn liberties_is_the_old_name_of_captures() {
        let captures = |payload: Value| {
            let (settings, problems) = Settings::patched(Settings::default(), &payload);
            assert_eq!(problems, Vec::<String>::new());
            settings.hints.captures
        };
        assert!(!captures(json!({"inlayHints": {"liberties": false}})));
        assert!(!captures(json!({"inlayHints.captures": false})));
        assert!(captures(
            json!({"inlayHints": {"liberties": false, "captures": true}})
        ));
        assert!(captures(json!({"inlayHints": {"liberties": true}})));
    }

    #[test]
    fn patches_keep_the_base() {
        let base = Settings {
            scan: false,
            ..Settings::default()
        };
        let (settings, _) = Settings::patched(base, &json!({"inlayHints": {"enable": false}}));
        assert!(!settings.scan);
        assert!(!settings.hints.enable);
        assert!(settings.hints_changed(&base));
        let (same, _) = Settings::patched(base, &json!({"workspace": {"maxFiles": 1e300}}));
        assert_eq!(same, base);
    }

    #[test]
    fn the_diagnostics_section_alone_is_a_section() {
        let (settings, problems) = read(json!({"diagnostics": {"warnings": false}}));
        assert!(problems.is_empty());
        assert_eq!(
            settings.map(|s| s.diagnostics),
            Some(DiagnosticFilter {
                warnings: false,
                information: true,
                ..DiagnosticFilter::default()
            })
        );
    }

    fn diagnostic(severity: Option<DiagnosticSeverity>, message: &str) -> Diagnostic {
        Diagnostic {
            severity,
            message: message.to_owned(),
            ..Diagnostic::default()
        }
    }

    #[test]
    fn filters_keep_errors_and_drop_what_they_turn_off() {
        let all = vec![
            diagnostic(Some(DiagnosticSeverity::INFORMATION), "info"),
            diagnostic(Some(DiagnosticSeverity::ERROR), "error"),
            diagnostic(Some(DiagnosticSeverity::WARNING), "warning"),
            diagnostic(None, "no severity"),
            diagnostic(Some(DiagnosticSeverity::HINT), "hint"),
        ];
        let shown = |warnings, information| -> Vec<String> {
            DiagnosticFilter {
                warnings,
                information,
                ..DiagnosticFilter::default()
            }
            .apply(all.clone())
            .into_iter()
            .map(|d| d.message)
            .collect()
        };
        assert_eq!(
            shown(true, true),
            ["info", "error", "warning", "no severity", "hint"]
        );
        assert_eq!(shown(true, false), ["error", "warning", "no severity"]);
        assert_eq!(shown(false, true), ["info", "error", "no severity", "hint"]);
        assert_eq!(shown(false, false), ["error", "no severity"]);
    }

    #[test]
    fn max_problems_is_read_and_has_its_own_result_ids() {
        let (settings, problems) = read(json!({"diagnostics": {"maxProblems": 20}}));
        assert!(problems.is_empty());
        let filter = settings.map(|s| s.diagnostics).unwrap_or_default();
        assert_eq!(filter.max_problems, 20);
        assert_ne!(
            filter.result_id("7"),
            DiagnosticFilter::default().result_id("7")
        );
        let (_, problems) = read(json!({"diagnostics": {"maxProblems": -1}}));
        assert_eq!(problems.len(), 1);
    }

    #[test]
    fn each_filter_has_its_own_result_ids() {
        let ids: Vec<String> = [(true, true), (true, false), (false, true), (false, false)]
            .into_iter()
            .map(|(warnings, information)| {
                DiagnosticFilter {
                    warnings,
                    information,
                    ..DiagnosticFilter::default()
                }
                .result_id("7")
            })
            .collect();
        assert_eq!(ids[0], "7", "the default filter keeps the plain id");
        let distinct: std::collections::HashSet<&String> = ids.iter().collect();
        assert_eq!(distinct.len(), 4, "{ids:?}");
    }
}
