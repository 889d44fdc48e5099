//! The `boardls` command: a language server by default, plus the judges
//! (`solve`), a linter (`check`) and a formatter (`fmt`) on the same
//! engine.

use std::ffi::OsString;
use std::io::IsTerminal as _;
use std::path::PathBuf;
use std::process::ExitCode;

use boardls::check::{self, ColorChoice, OutputFormat};
use boardls_engine::games::GameKind;
use boardls_engine::i18n::{Locale, Message};
/// `message!("key", name = value, ...)`: a catalog message, as the
/// library's own macro makes them (`tests/it/catalog.rs` reads these calls).
macro_rules! message {
    ($key:literal $(, $name:ident = $value:expr)* $(,)?) => {
        boardls_engine::i18n::Message::new($key)$(.arg(stringify!($name), $value))*
    };
}
use boardls_engine::profile::Profile;
use clap::builder::{PossibleValue, PossibleValuesParser, TypedValueParser};
use clap::{CommandFactory, FromArgMatches, Parser, Subcommand, ValueEnum};

/// `boardls --version`: the crate's version and the build id (the commit,
/// and whether the tree was dirty; see build.rs).
const VERSION: &str = concat!(
    env!("CARGO_PKG_VERSION"),
    " (",
    env!("BOARDLS_BUILD_ID"),
    ")"
);

// The words of `--help` (the about lines, the options' help, the longer
// notes) are the catalog's `help-…` texts, set on the command in the
// reader's language by `localized`; the struct holds only the shape.
#[derive(Parser)]
#[command(name = "boardls", version = VERSION, long_about = None)]
struct Cli {
    // Accepted and ignored: editors pass it, stdio is the default transport.
    #[arg(long, global = true, hide = true)]
    stdio: bool,
    #[arg(long, global = true, value_name = "TAG")]
    locale: Option<String>,
    #[command(subcommand)]
    command: Option<Command>,
}

#[derive(Subcommand)]
enum Command {
    Lsp {
        #[arg(long, value_name = "ADDR", conflicts_with = "connect")]
        listen: Option<String>,
        #[arg(long, requires = "listen")]
        allow_remote: bool,
        #[arg(long, value_name = "auto|PATH|tcp://HOST:PORT")]
        connect: Option<String>,
        #[arg(long, value_name = "FILE")]
        token_file: Option<PathBuf>,
    },
    Daemon {
        #[arg(long, value_name = "PATH")]
        socket: Option<PathBuf>,
        #[arg(long, value_name = "SECS", default_value = "60", value_parser = seconds_parser(Locale::English))]
        idle_timeout: std::time::Duration,
    },
    Solve {
        #[arg(value_enum)]
        game: GameArg,
    },
    Check {
        #[arg(long, value_name = "FORMAT", value_parser = output_format_parser(false, Locale::English))]
        output_format: Option<OutputFormat>,
        #[arg(
            long,
            value_name = "FORMAT",
            value_parser = output_format_parser(true, Locale::English),
            conflicts_with = "output_format",
            hide_possible_values = true
        )]
        format: Option<OutputFormat>,
        #[arg(long, value_name = "WHEN", default_value = "auto", value_parser = color_parser(Locale::English))]
        color: ColorWhen,
        #[arg(long, value_name = "NAME", value_parser = profile_parser())]
        profile: Option<Profile>,
        #[arg(long)]
        coverage: bool,
        #[arg(required = true, value_name = "PATH")]
        paths: Vec<PathBuf>,
    },
    Stress {
        #[arg(value_enum)]
        game: GameArg,
        #[arg(long, value_name = "NAME", value_parser = profile_parser())]
        profile: Option<Profile>,
        #[arg(long)]
        seed: Option<u64>,
        #[arg(long, value_name = "N")]
        count: Option<u64>,
        #[arg(long, value_name = "DURATION", value_parser = duration_parser(Locale::English))]
        duration: Option<std::time::Duration>,
        #[arg(long, value_name = "J")]
        jobs: Option<usize>,
        #[arg(long, value_name = "DURATION", value_parser = duration_parser(Locale::English), default_value = "2s")]
        time_limit: std::time::Duration,
        #[arg(long, value_name = "DIR", default_value = "stress-failures")]
        out: PathBuf,
        #[arg(last = true, required = true, value_name = "COMMAND")]
        command: Vec<String>,
    },
    Fmt {
        #[arg(long)]
        check: bool,
        #[arg(required = true, value_name = "PATH")]
        paths: Vec<PathBuf>,
    },
}

/// The command line's texts in `locale`, from the catalog: the about line
/// of the command and of each subcommand, the help of each option, the
/// longer notes under `--help`, the possible values' help, the errors
/// of the values boardls reads itself, and the headings and help flags
/// ([`clap_words`]).
fn localized(command: clap::Command, locale: Locale) -> clap::Command {
    let say = |message: Message| message.word(locale);
    clap_words(command, locale)
        .about(say(message!("help-about")))
        .mut_arg("locale", |a| a.help(say(message!("help-locale"))))
        .mut_subcommand("lsp", |c| {
            c.about(say(message!("help-lsp")))
                .after_long_help(say(message!("help-lsp-more")))
                .mut_arg("listen", |a| a.help(say(message!("help-lsp-listen"))))
                .mut_arg("allow_remote", |a| {
                    a.help(say(message!("help-lsp-allow-remote")))
                })
                .mut_arg("connect", |a| a.help(say(message!("help-lsp-connect"))))
                .mut_arg("token_file", |a| {
                    a.help(say(message!("help-lsp-token-file")))
                })
        })
        .mut_subcommand("daemon", |c| {
            c.about(say(message!("help-daemon")))
                .after_long_help(say(message!("help-daemon-more")))
                .mut_arg("socket", |a| a.help(say(message!("help-daemon-socket"))))
                .mut_arg("idle_timeout", |a| {
                    a.help(say(message!("help-daemon-idle-timeout")))
                        .value_parser(seconds_parser(locale))
                })
        })
        .mut_subcommand("solve", |c| c.about(say(message!("help-solve"))))
        .mut_subcommand("check", |c| {
            c.about(say(message!("help-check")))
                .after_long_help(say(message!("help-check-more")))
                .mut_arg("output_format", |a| {
                    a.help(say(message!("help-check-output-format")))
                        .value_parser(output_format_parser(false, locale))
                })
                .mut_arg("format", |a| {
                    a.help(say(message!("help-check-format")))
                        .value_parser(output_format_parser(true, locale))
                })
                .mut_arg("color", |a| {
                    a.help(say(message!("help-check-color")))
                        .value_parser(color_parser(locale))
                })
                .mut_arg("profile", |a| a.help(say(message!("help-check-profile"))))
                .mut_arg("coverage", |a| a.help(say(message!("help-check-coverage"))))
        })
        .mut_subcommand("stress", |c| {
            c.about(say(message!("help-stress")))
                .after_long_help(say(message!("help-stress-more")))
                .mut_arg("profile", |a| a.help(say(message!("help-stress-profile"))))
                .mut_arg("seed", |a| a.help(say(message!("help-stress-seed"))))
                .mut_arg("count", |a| a.help(say(message!("help-stress-count"))))
                .mut_arg("duration", |a| {
                    a.help(say(message!("help-stress-duration")))
                        .value_parser(duration_parser(locale))
                })
                .mut_arg("jobs", |a| a.help(say(message!("help-stress-jobs"))))
                .mut_arg("time_limit", |a| {
                    a.help(say(message!("help-stress-time-limit")))
                        .value_parser(duration_parser(locale))
                })
                .mut_arg("out", |a| a.help(say(message!("help-stress-out"))))
                .mut_arg("command", |a| a.help(say(message!("help-stress-command"))))
        })
        .mut_subcommand("fmt", |c| {
            c.about(say(message!("help-fmt")))
                .mut_arg("check", |a| a.help(say(message!("help-fmt-check"))))
        })
}

/// Clap's own words in `locale`, for `command` and its subcommands: the
/// `Usage:`, `Commands:`, `Arguments:` and `Options:` headings, and the
/// help of `--help` and `--version`. English keeps clap's, byte for byte.
/// (The implicit `help` subcommand's line and the `[default: …]` notes
/// stay clap's.)
fn clap_words(mut command: clap::Command, locale: Locale) -> clap::Command {
    if locale == Locale::English {
        return command;
    }
    let say = |message: Message| message.word(locale);
    let mut sections = Vec::new();
    if command.has_subcommands() {
        sections.push(format!(
            "{}\n{{subcommands}}",
            say(message!("help-commands-heading"))
        ));
    }
    if command.get_positionals().any(|arg| !arg.is_hide_set()) {
        sections.push(format!(
            "{}\n{{positionals}}",
            say(message!("help-arguments-heading"))
        ));
    }
    sections.push(format!(
        "{}\n{{options}}",
        say(message!("help-options-heading"))
    ));
    // `{usage}` is clap's placeholder, filled in when the help is printed.
    let template = format!(
        "{{before-help}}{{about-with-newline}}\n{}\n\n{}{{after-help}}",
        say(message!("help-usage", usage = "{usage}")),
        sections.join("\n\n")
    );
    command = command.help_template(template).disable_help_flag(true).arg(
        clap::Arg::new("help")
            .short('h')
            .long("help")
            .action(clap::ArgAction::Help)
            .help(say(message!("help-flag-help")))
            // Last, where clap lists its own.
            .display_order(usize::MAX - 1),
    );
    if command.get_version().is_some() {
        command = command.disable_version_flag(true).arg(
            clap::Arg::new("version")
                .short('V')
                .long("version")
                .action(clap::ArgAction::Version)
                .help(say(message!("help-flag-version")))
                .display_order(usize::MAX),
        );
    }
    let names: Vec<String> = command
        .get_subcommands()
        .map(|sub| sub.get_name().to_owned())
        .collect();
    for name in names {
        command = command.mut_subcommand(name, |sub| clap_words(sub, locale));
    }
    command
}

#[derive(Clone, Copy, ValueEnum)]
enum GameArg {
    Uttt,
    Go9,
    Tomek,
}

impl From<GameArg> for GameKind {
    fn from(game: GameArg) -> GameKind {
        match game {
            GameArg::Uttt => GameKind::Uttt,
            GameArg::Go9 => GameKind::Go9,
            GameArg::Tomek => GameKind::Tomek,
        }
    }
}

/// The parser of `check --output-format` (or, `legacy`, `--format`):
/// the library's names and help lines (in `locale`), so that clap stays
/// in the binary and the formats are listed once.
fn output_format_parser(
    legacy: bool,
    locale: Locale,
) -> impl TypedValueParser<Value = OutputFormat> {
    let values = OutputFormat::ALL
        .into_iter()
        .map(|format| PossibleValue::new(format.name()).help(format.help().word(locale)))
        .chain([PossibleValue::new("text")
            .help(message!("help-format-text").word(locale))
            .hide(true)]);
    PossibleValuesParser::new(values).map(move |name| {
        // Only the names listed above reach here.
        OutputFormat::from_name(&name, legacy).unwrap_or(OutputFormat::Concise)
    })
}

/// The parser of `--profile`: the library's profile names.
fn profile_parser() -> impl TypedValueParser<Value = Profile> {
    let names = Profile::ALL.map(Profile::name);
    PossibleValuesParser::new(names)
        .map(|name| Profile::from_name(&name).unwrap_or(Profile::Cf907b))
}

#[derive(Clone, Copy)]
enum ColorWhen {
    Auto,
    Always,
    Never,
}

/// The parser of `--color`, its values' help in `locale`.
fn color_parser(locale: Locale) -> impl TypedValueParser<Value = ColorWhen> {
    let values = [
        PossibleValue::new("auto").help(message!("help-color-auto").word(locale)),
        PossibleValue::new("always"),
        PossibleValue::new("never"),
    ];
    PossibleValuesParser::new(values).map(|name| match name.as_str() {
        "always" => ColorWhen::Always,
        "never" => ColorWhen::Never,
        _ => ColorWhen::Auto,
    })
}

impl From<ColorWhen> for ColorChoice {
    fn from(when: ColorWhen) -> ColorChoice {
        match when {
            ColorWhen::Auto => ColorChoice::Auto,
            ColorWhen::Always => ColorChoice::Always,
            ColorWhen::Never => ColorChoice::Never,
        }
    }
}

/// `boardls check`: the format asked for (or the default for where stdout
/// goes), coloured as asked and as the environment says.
fn check(
    output_format: Option<OutputFormat>,
    format: Option<OutputFormat>,
    color: ColorWhen,
    profile: Option<Profile>,
    locale: Locale,
    paths: &[PathBuf],
) -> ExitCode {
    let terminal = std::io::stdout().is_terminal();
    let format = output_format
        .or(format)
        .unwrap_or(OutputFormat::default_for(terminal));
    let color = check::use_color(color.into(), |name| std::env::var(name).ok(), terminal);
    check::check_paths(
        &mut *check::styled_sink(format, color, locale),
        paths,
        profile,
        locale,
    )
}

/// The value of `--locale TAG` or `--locale=TAG` among the arguments
/// (before any `--`, after which they are a solution's), read before clap
/// parses them: `--help` is already in that language.
fn locale_flag(args: &[OsString]) -> Option<String> {
    let mut args = args
        .iter()
        .skip(1)
        .map(|arg| arg.to_string_lossy())
        .take_while(|arg| arg != "--");
    let mut found = None;
    while let Some(arg) = args.next() {
        if arg == "--locale" {
            found = args.next().map(|tag| tag.into_owned());
        } else if let Some(tag) = arg.strip_prefix("--locale=") {
            found = Some(tag.to_owned());
        }
    }
    found
}

/// The language of what the command line says to a person: `--locale`,
/// else the first of LC_ALL, LC_MESSAGES and LANG that is set (POSIX's
/// order), else English. A tag the catalog has no language for (`de`,
/// `C`, `zh_TW`) is English.
fn terminal_locale(flag: Option<&str>) -> Locale {
    if let Some(tag) = flag {
        return Locale::from_tag(tag).unwrap_or_default();
    }
    let set = ["LC_ALL", "LC_MESSAGES", "LANG"]
        .into_iter()
        .filter_map(|name| std::env::var(name).ok())
        .find(|value| !value.is_empty());
    set.and_then(|tag| Locale::from_tag(&tag))
        .unwrap_or_default()
}

/// The parser of a duration (its error in `locale`).
fn duration_parser(locale: Locale) -> impl TypedValueParser<Value = std::time::Duration> {
    move |text: &str| {
        duration(text).ok_or_else(|| {
            message!("help-bad-duration", text = format!("{:?}", text.trim())).word(locale)
        })
    }
}

/// A duration: `500ms`, `2s`, `1.5s`, `2m`, or plain seconds.
fn duration(text: &str) -> Option<std::time::Duration> {
    let text = text.trim();
    let (number, unit) = match text.find(|c: char| c.is_ascii_alphabetic()) {
        Some(at) => text.split_at(at),
        None => (text, "s"),
    };
    let scale = match unit {
        "ms" => 0.001,
        "s" => 1.0,
        "m" | "min" => 60.0,
        _ => return None,
    };
    number
        .parse::<f64>()
        .ok()
        .and_then(|n| std::time::Duration::try_from_secs_f64(n * scale).ok())
        .filter(|d| !d.is_zero())
}

/// `boardls stress`: the options checked, the run.
#[allow(clippy::too_many_arguments)]
fn stress(
    game: GameArg,
    profile: Option<Profile>,
    seed: Option<u64>,
    count: Option<u64>,
    duration: Option<std::time::Duration>,
    jobs: Option<usize>,
    time_limit: std::time::Duration,
    out: PathBuf,
    command: Vec<String>,
    locale: Locale,
) -> ExitCode {
    let game = GameKind::from(game);
    let profile = profile.unwrap_or(Profile::default_for(game));
    if profile.game() != game {
        let wrong = message!(
            "stress-wrong-game",
            profile = profile.name(),
            game = profile.game().id(),
            other = game.id()
        );
        eprintln!("boardls stress: {}", wrong.word(locale));
        return ExitCode::from(2);
    }
    let seed = seed.unwrap_or_else(|| {
        std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map_or(0, |d| d.as_nanos() as u64 % 1_000_000_000)
    });
    let jobs = jobs
        .unwrap_or_else(|| std::thread::available_parallelism().map_or(1, |n| n.get()))
        .max(1);
    boardls::stress::stress(&boardls::stress::Options {
        game,
        profile,
        seed,
        count: count.or(if duration.is_some() { None } else { Some(1000) }),
        duration,
        jobs,
        time_limit,
        out,
        command,
        locale,
    })
}

/// The parser of seconds, such as `60`, `0.5` or `60s` (its error in
/// `locale`).
fn seconds_parser(locale: Locale) -> impl TypedValueParser<Value = std::time::Duration> {
    move |text: &str| {
        let number = text.trim().strip_suffix('s').unwrap_or(text.trim());
        number
            .parse::<f64>()
            .ok()
            .and_then(|secs| std::time::Duration::try_from_secs_f64(secs).ok())
            .ok_or_else(|| message!("help-bad-seconds", text = format!("{text:?}")).word(locale))
    }
}

/// Two allocator arenas for the whole process, set before any thread
/// starts. glibc otherwise gives threads arenas of their own, up to eight a
/// core, and memory freed in one arena is kept for that arena: a big answer
/// written on one blocking thread and the next on another each kept their
/// own, which put a big document's server over its memory bound
/// (BENCHMARKS.md, "Streamed token arrays and two arenas").
///
/// Fixed mmap and trim thresholds too: with glibc's sliding ones, whether
/// each keystroke's publish (a few hundred KB, made and freed) came from
/// fresh pages depended on the heap's layout, and a server that drew
/// the unlucky layout faulted its pages in again at every edit, for the
/// whole session (BENCHMARKS.md, "Page faults at every publish"). Below
/// the mmap threshold a block comes from the heap; the heap's free top is
/// handed back past the trim threshold. The daemon still hands free pages
/// back when idle (`malloc_trim`).
fn limit_allocator_arenas() {
    #[cfg(all(target_os = "linux", target_env = "gnu"))]
    // SAFETY: mallopt only changes a setting of the allocator; no thread
    // allocates concurrently this early.
    unsafe {
        libc::mallopt(libc::M_ARENA_MAX, 2);
        libc::mallopt(libc::M_MMAP_THRESHOLD, 4 << 20);
        libc::mallopt(libc::M_TRIM_THRESHOLD, 4 << 20);
    }
}

fn main() -> ExitCode {
    limit_allocator_arenas();
    let args: Vec<OsString> = std::env::args_os().collect();
    let locale = terminal_locale(locale_flag(&args).as_deref());
    let mut command = localized(Cli::command(), locale);
    let parsed = command
        .try_get_matches_from_mut(args)
        .and_then(|matches| Cli::from_arg_matches(&matches))
        .map_err(|err| err.format(&mut command));
    let cli = match parsed {
        Ok(cli) => cli,
        Err(err) => {
            let _ = err.print();
            // Help and version are successes; any other usage error is 2.
            return if err.use_stderr() {
                ExitCode::from(2)
            } else {
                ExitCode::SUCCESS
            };
        }
    };
    if let Some(tag) = &cli.locale {
        // An unknown tag means English, as the editors' tags do.
        boardls_server::set_command_line_locale(Locale::from_tag(tag).unwrap_or_default());
    }
    match cli.command.unwrap_or(Command::Lsp {
        listen: None,
        allow_remote: false,
        connect: None,
        token_file: None,
    }) {
        Command::Lsp {
            listen,
            allow_remote,
            connect,
            token_file,
        } => boardls_server::run(boardls_server::Options {
            listen,
            allow_remote,
            token_file,
            connect,
        }),
        Command::Daemon {
            socket,
            idle_timeout,
        } => boardls_server::run_daemon(boardls_server::DaemonOptions {
            socket,
            idle_timeout,
        }),
        Command::Solve { game } => solve_stdio(game.into()),
        Command::Check {
            output_format,
            format,
            color: _,
            profile,
            coverage: true,
            paths,
        } => {
            let json = matches!(output_format.or(format), Some(OutputFormat::Json));
            boardls::check::coverage(&paths, profile, json, locale)
        }
        Command::Check {
            output_format,
            format,
            color,
            profile,
            coverage: false,
            paths,
        } => check(output_format, format, color, profile, locale, &paths),
        Command::Stress {
            game,
            profile,
            seed,
            count,
            duration,
            jobs,
            time_limit,
            out,
            command,
        } => stress(
            game, profile, seed, count, duration, jobs, time_limit, out, command, locale,
        ),
        Command::Fmt { check, paths } => boardls::fmt::run(check, &paths, locale),
    }
}

/// `boardls solve KIND` on the process's stdin and stdout.
fn solve_stdio(kind: GameKind) -> ExitCode {
    let stdin = std::io::stdin().lock();
    let stdout = std::io::stdout().lock();
    match boardls_engine::solve::solve(kind, stdin, stdout) {
        Ok(()) => ExitCode::SUCCESS,
        Err(boardls_engine::solve::SolveError::Io(err))
            if err.kind() == std::io::ErrorKind::BrokenPipe =>
        {
            ExitCode::SUCCESS
        }
        Err(err) => {
            eprintln!("boardls solve {}: {err}", kind.id());
            ExitCode::from(2)
        }
    }
}
