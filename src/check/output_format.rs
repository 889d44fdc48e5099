//! The output formats, which one and whether in colour, and the sink of
//! each.

use crate::check::concise::TextSink;
use crate::check::full::FullSink;
use crate::check::github::GithubSink;
use crate::check::json::{JsonArraySink, JsonSink};
use crate::check::sarif::SarifSink;
use crate::check::sink::{CheckedFile, Sink, Summary};
use boardls_engine::diagnostics::Diagnostic;
use boardls_engine::i18n::{Locale, Message};
use boardls_engine::text::CursorLines;

/// How `check` prints what it finds (`--output-format`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum OutputFormat {
    /// Code frames and a summary line (the default on a terminal).
    Full,
    /// `path:line:col: severity[code]: message`, one line each (the
    /// default otherwise).
    Concise,
    /// One JSON array of diagnostic objects.
    Json,
    /// One JSON object per line.
    JsonLines,
    /// GitHub Actions workflow commands.
    Github,
    /// One SARIF 2.1.0 log.
    Sarif,
}

impl OutputFormat {
    /// Every format, in `--help`'s order.
    pub const ALL: [OutputFormat; 6] = [
        OutputFormat::Full,
        OutputFormat::Concise,
        OutputFormat::Json,
        OutputFormat::JsonLines,
        OutputFormat::Github,
        OutputFormat::Sarif,
    ];

    /// The name on the command line.
    pub const fn name(self) -> &'static str {
        match self {
            OutputFormat::Full => "full",
            OutputFormat::Concise => "concise",
            OutputFormat::Json => "json",
            OutputFormat::JsonLines => "json-lines",
            OutputFormat::Github => "github",
            OutputFormat::Sarif => "sarif",
        }
    }

    /// One line for `--help`.
    pub fn help(self) -> Message {
        match self {
            OutputFormat::Full => boardls_engine::i18n::message!("help-format-full"),
            OutputFormat::Concise => boardls_engine::i18n::message!("help-format-concise"),
            OutputFormat::Json => boardls_engine::i18n::message!("help-format-json"),
            OutputFormat::JsonLines => boardls_engine::i18n::message!("help-format-json-lines"),
            OutputFormat::Github => boardls_engine::i18n::message!("help-format-github"),
            OutputFormat::Sarif => boardls_engine::i18n::message!("help-format-sarif"),
        }
    }

    /// The format named `name` on the command line, or `None`: a name of
    /// [`OutputFormat::name`], or `text` (the older name of `concise`).
    /// With `legacy` (the older option `--format`), `json` keeps its old
    /// meaning, [`OutputFormat::JsonLines`].
    pub fn from_name(name: &str, legacy: bool) -> Option<Self> {
        match name {
            "text" => Some(OutputFormat::Concise),
            "json" if legacy => Some(OutputFormat::JsonLines),
            _ => Self::ALL.into_iter().find(|format| format.name() == name),
        }
    }

    /// The format when none is asked for: frames for a person at a
    /// terminal, one line each for a pipe or a file (what scripts have
    /// always read).
    pub const fn default_for(stdout_is_terminal: bool) -> Self {
        if stdout_is_terminal {
            OutputFormat::Full
        } else {
            OutputFormat::Concise
        }
    }
}

/// `--color`.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum ColorChoice {
    /// Colour when stdout is a terminal, unless `NO_COLOR` is set (and not
    /// empty); `CLICOLOR_FORCE` (set, not empty, not `0`) forces it.
    #[default]
    Auto,
    Always,
    Never,
}

/// Whether to colour, given the choice, the environment (`var` reads a
/// variable) and whether stdout is a terminal. Only `full` has colours.
pub fn use_color(
    choice: ColorChoice,
    var: impl Fn(&str) -> Option<String>,
    stdout_is_terminal: bool,
) -> bool {
    let set = |name: &str| var(name).is_some_and(|value| !value.is_empty());
    match choice {
        ColorChoice::Always => true,
        ColorChoice::Never => false,
        ColorChoice::Auto if set("NO_COLOR") => false,
        ColorChoice::Auto
            if set("CLICOLOR_FORCE") && var("CLICOLOR_FORCE").as_deref() != Some("0") =>
        {
            true
        }
        ColorChoice::Auto => stdout_is_terminal,
    }
}

/// The sink of a format, without colour.
pub fn sink(format: OutputFormat) -> Box<dyn Sink> {
    styled_sink(format, false, Locale::English)
}

/// The sink of a format; `color` and `locale` only matter to `full`:
/// what scripts read stays English.
pub fn styled_sink(format: OutputFormat, color: bool, locale: Locale) -> Box<dyn Sink> {
    match format {
        OutputFormat::Full => Box::new(FullSink::new(color, locale)),
        OutputFormat::Concise => Box::<TextSink>::default(),
        OutputFormat::Json => Box::new(JsonArraySink::default()),
        OutputFormat::JsonLines => Box::new(JsonSink::default()),
        OutputFormat::Github => Box::<GithubSink>::default(),
        OutputFormat::Sarif => Box::new(SarifSink::default()),
    }
}

/// Appends what `check` would print for one file with these diagnostics,
/// in the given format, without colour: the whole output of a run on that
/// file alone (a `full` summary line, a closed JSON array or SARIF log).
pub fn render(
    format: OutputFormat,
    path: &str,
    text: &str,
    diagnostics: &[Diagnostic],
    out: &mut String,
) {
    render_with(&mut *sink(format), path, text, diagnostics, out);
}

/// [`render`] with any sink.
pub fn render_with(
    sink: &mut dyn Sink,
    path: &str,
    text: &str,
    diagnostics: &[Diagnostic],
    out: &mut String,
) {
    let lines = CursorLines::new(text);
    let file = CheckedFile::new(path, &lines);
    let mut summary = Summary {
        files: 1,
        ..Summary::default()
    };
    let mut bytes = Vec::new();
    sink.start(&mut bytes);
    sink.start_file(&file, &mut bytes);
    for diagnostic in diagnostics {
        summary.add(diagnostic.severity);
        sink.diagnostic(&file, diagnostic, &mut bytes);
    }
    sink.end_file(&file, &mut bytes);
    sink.summary(&summary, &mut bytes);
    out.push_str(&String::from_utf8_lossy(&bytes));
}

#[cfg(test)]
mod tests {
    use crate::check::output_format::{ColorChoice, OutputFormat, use_color};

    #[test]
    fn names_read_back_and_the_older_option_keeps_its_json() {
        for format in OutputFormat::ALL {
            assert_eq!(OutputFormat::from_name(format.name(), false), Some(format));
        }
        let legacy = |name| OutputFormat::from_name(name, true);
        assert_eq!(legacy("json"), Some(OutputFormat::JsonLines));
        assert_eq!(legacy("text"), Some(OutputFormat::Concise));
        assert_eq!(legacy("sarif"), Some(OutputFormat::Sarif));
        assert_eq!(OutputFormat::from_name("xml", false), None);
    }

    fn env<'a>(vars: &'a [(&'a str, &'a str)]) -> impl Fn(&str) -> Option<String> + 'a {
        move |name| {
            vars.iter()
                .find(|(n, _)| *n == name)
                .map(|(_, v)| (*v).to_owned())
        }
    }

    #[test]
    fn colour_follows_the_choice_then_the_environment_then_the_terminal() {
        use ColorChoice::*;
        assert!(use_color(Auto, env(&[]), true));
        assert!(!use_color(Auto, env(&[]), false));
        assert!(!use_color(Auto, env(&[("NO_COLOR", "1")]), true));
        // An empty NO_COLOR is as if unset.
        assert!(use_color(Auto, env(&[("NO_COLOR", "")]), true));
        assert!(use_color(Auto, env(&[("CLICOLOR_FORCE", "1")]), false));
        assert!(!use_color(Auto, env(&[("CLICOLOR_FORCE", "0")]), false));
        assert!(!use_color(
            Auto,
            env(&[("CLICOLOR_FORCE", "1"), ("NO_COLOR", "1")]),
            true
        ));
        assert!(use_color(Always, env(&[("NO_COLOR", "1")]), false));
        assert!(!use_color(Never, env(&[("CLICOLOR_FORCE", "1")]), true));
    }
}
