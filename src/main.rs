//! The `boardls` command: a language server by default, plus the judges
//! (`solve`), a linter (`check`) and a formatter (`fmt`) on the same
//! engine.

use std::io::IsTerminal as _;
use std::path::PathBuf;
use std::process::ExitCode;

use boardls::check::{self, ColorChoice, OutputFormat};
use boardls::games::GameKind;
use boardls::i18n::Locale;
use boardls::profile::Profile;
use clap::builder::{PossibleValue, PossibleValuesParser, TypedValueParser};
use clap::{Parser, Subcommand, ValueEnum};

/// `boardls --version`: the crate's version and the build id (the commit,
/// and whether the tree was dirty; see build.rs).
const VERSION: &str = concat!(
    env!("CARGO_PKG_VERSION"),
    " (",
    env!("BOARDLS_BUILD_ID"),
    ")"
);

#[derive(Parser)]
#[command(name = "boardls", version = VERSION, about, long_about = None)]
struct Cli {
    /// Accepted and ignored: editors pass it, stdio is the default transport.
    #[arg(long, global = true, hide = true)]
    stdio: bool,
    /// The language of messages: en, ru or zh-CN (default: the editor's,
    /// or LC_ALL, LC_MESSAGES, LANG). Scripts' formats stay English.
    #[arg(long, global = true, value_name = "TAG")]
    locale: Option<String>,
    #[command(subcommand)]
    command: Option<Command>,
}

#[derive(Subcommand)]
enum Command {
    /// Run the language server (the default): LSP 3.17 over stdio, over TCP
    /// with --listen (one session per connection), or forwarded to the
    /// per-user daemon with --connect.
    #[command(after_long_help = LSP_HELP)]
    Lsp {
        /// Serve TCP connections on this address instead of stdio; each must
        /// present the token first.
        #[arg(long, value_name = "ADDR", conflicts_with = "connect")]
        listen: Option<String>,
        /// Allow --listen on a non-loopback address.
        #[arg(long, requires = "listen")]
        allow_remote: bool,
        /// Join stdio to a daemon: `auto` (the per-user socket, the daemon
        /// started when absent), a socket PATH (on Windows a pipe name), or
        /// tcp://HOST:PORT.
        #[arg(long, value_name = "auto|PATH|tcp://HOST:PORT")]
        connect: Option<String>,
        /// The token: with --listen, read from FILE (a new random one is
        /// written there if FILE does not exist; without this option, to a
        /// new file whose path is printed); with --connect tcp://…, the
        /// token to present.
        #[arg(long, value_name = "FILE")]
        token_file: Option<PathBuf>,
    },
    /// Serve LSP sessions on a Unix socket (a named pipe on Windows), one
    /// per connection, sharing the work on the files of the same folders:
    /// one daemon per user, reached by `boardls lsp --connect`.
    #[command(after_long_help = DAEMON_HELP)]
    Daemon {
        /// The socket (default: per user and per build, under
        /// $XDG_RUNTIME_DIR/boardls/ or $TMPDIR/boardls-UID/); on Windows
        /// the NAME of a named pipe (default: boardls-USER-VERSION-BUILD).
        #[arg(long, value_name = "PATH")]
        socket: Option<PathBuf>,
        /// Exit after SECS with no session (0: never).
        #[arg(long, value_name = "SECS", default_value = "60", value_parser = seconds)]
        idle_timeout: std::time::Duration,
    },
    /// Act as the judge: read the judge's input on stdin, write its output.
    Solve {
        #[arg(value_enum)]
        game: GameArg,
    },
    /// Print every diagnostic of every board file under PATHs.
    #[command(after_long_help = CHECK_HELP)]
    Check {
        /// How to print the findings [default: full on a terminal, concise
        /// otherwise]
        #[arg(long, value_name = "FORMAT", value_parser = output_format_parser(false))]
        output_format: Option<OutputFormat>,
        /// The older name of --output-format, with the same values except
        /// that `json` is json-lines (one object per line, as it has always
        /// printed), plus `text` for concise
        #[arg(
            long,
            value_name = "FORMAT",
            value_parser = output_format_parser(true),
            conflicts_with = "output_format",
            hide_possible_values = true
        )]
        format: Option<OutputFormat>,
        /// When to colour the full format
        #[arg(long, value_enum, value_name = "WHEN", default_value_t = ColorWhen::Auto)]
        color: ColorWhen,
        /// Also check each file against a judge's promises: cf907b,
        /// hdu5546, gcj2013a-small or gcj2013a-large
        #[arg(long, value_name = "NAME", value_parser = profile_parser())]
        profile: Option<Profile>,
        /// Instead of the diagnostics, a table of the judges' situations
        /// the files reach (the exit status is still check's)
        #[arg(long)]
        coverage: bool,
        #[arg(required = true, value_name = "PATH")]
        paths: Vec<PathBuf>,
    },
    /// Run a solution on generated inputs, check its output against the
    /// judge's, and shrink the first failure to a 1-minimal input.
    #[command(after_long_help = STRESS_HELP)]
    Stress {
        #[arg(value_enum)]
        game: GameArg,
        /// The judge's promises every input keeps [default: cf907b,
        /// hdu5546 or gcj2013a-large, by GAME]
        #[arg(long, value_name = "NAME", value_parser = profile_parser())]
        profile: Option<Profile>,
        /// The seed of the inputs [default: from the clock; printed]
        #[arg(long)]
        seed: Option<u64>,
        /// How many inputs [default: 1000, unless --duration]
        #[arg(long, value_name = "N")]
        count: Option<u64>,
        /// How long to run, such as 30s or 2m
        #[arg(long, value_name = "DURATION", value_parser = duration)]
        duration: Option<std::time::Duration>,
        /// Solutions run at once [default: the number of cores]
        #[arg(long, value_name = "J")]
        jobs: Option<usize>,
        /// Time limit of one run, such as 500ms or 2s
        #[arg(long, value_name = "DURATION", value_parser = duration, default_value = "2s")]
        time_limit: std::time::Duration,
        /// Where the shrunk failure's NAME.in, NAME.ans and NAME.out go
        #[arg(long, value_name = "DIR", default_value = "stress-failures")]
        out: PathBuf,
        /// The solution and its arguments, after `--`
        #[arg(last = true, required = true, value_name = "COMMAND")]
        command: Vec<String>,
    },
    /// Rewrite board files under PATHs in their canonical layout (as the
    /// server's formatting does); only errors whose fix is certain are
    /// fixed, and a file with any other is left as it is.
    Fmt {
        /// Write nothing; exit 1 when a file would change.
        #[arg(long)]
        check: bool,
        #[arg(required = true, value_name = "PATH")]
        paths: Vec<PathBuf>,
    },
}

const LSP_HELP: &str = "\
TCP tokens: a connection to `--listen` must send the token as its first
line (the token from the token file, then a newline) before any LSP
message. Without it, the connection gets one JSON-RPC error message (id
null, code -32001) and is closed. `--connect tcp://HOST:PORT --token-file
FILE` does this for an editor.

Exit status: 0 after `shutdown` then `exit`; 1 after `exit` without
`shutdown`, or when the connection to the daemon is lost; 2 on bad usage.";

const DAEMON_HELP: &str = "\
The socket's directory must be the user's own, not a symbolic link, without
group or other permissions (a missing one is made 0700); the socket is made
0600 and checked the same way; anything else is refused. A stale socket
(its daemon was killed) is replaced. One daemon per socket: it holds a lock
on SOCKET.lock. With no session for the idle timeout, or on SIGTERM, it
removes its socket and exits with status 0.

On Windows the daemon listens on a named pipe that admits only its user;
while it serves, a second server of that name is refused. Its log goes in
a folder boardls under %LOCALAPPDATA%.";

const CHECK_HELP: &str = "\
Output formats:
  full        code frames (rustc style) and a summary line
              `N errors, M warnings in K files`; the default when stdout is
              a terminal
  concise     `path:line:col: severity[code]: message`, 1-based, the column
              counting characters; the default otherwise (pipes, files)
  json        one JSON array of objects {path, range, severity, code,
              message, related}, ranges 0-based LSP ranges (UTF-16)
  json-lines  the same objects, one per line
  github      GitHub Actions workflow commands (`::error file=…,line=…`)
  sarif       a SARIF 2.1.0 log, one rule per diagnostic code

--format is the older spelling: `--format text` is concise and `--format
json` is json-lines, as they have always printed.

Colour (full only): --color auto colours when stdout is a terminal, unless
NO_COLOR is set; CLICOLOR_FORCE=1 forces it.

Exit status: 0 no error found, 1 any error found, 2 bad usage or an
unreadable path (the other files are still checked).";

const STRESS_HELP: &str = "\
Each input is made from the seed and its number, to cover the judge's
situations evenly (those `check --coverage` lists), and keeps the profile's
promises. The solution reads it on stdin, in its own process group; its
output is compared with the judge's as the problem's checker does (trailing
blanks and blank lines aside). A crash, a non-zero exit, a timeout (the
whole process group is killed) and bad output are reported as such.

The first failure is shrunk while it holds (fewer cases, then fewer
stones, chips and marks, then simpler cells) and written to DIR as
NAME.in (exactly what the judge reads), NAME.ans (the judge's answer) and
NAME.out (the solution's). Ctrl-C stops the run and keeps what it found.

Exit status: 1 a failure was found, 0 none (the inputs and cases tried are
printed), 2 bad usage or a command that cannot be run, 130 interrupted
with nothing found.";

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
/// the library's names and help lines, so that clap stays in the binary
/// and the formats are listed once.
fn output_format_parser(legacy: bool) -> impl TypedValueParser<Value = OutputFormat> {
    let values = OutputFormat::ALL
        .into_iter()
        .map(|format| PossibleValue::new(format.name()).help(format.help()))
        .chain([PossibleValue::new("text")
            .help("`concise` (the older name)")
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

#[derive(Clone, Copy, ValueEnum)]
enum ColorWhen {
    /// On a terminal, unless NO_COLOR is set; CLICOLOR_FORCE=1 forces it
    Auto,
    Always,
    Never,
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

/// A duration: `500ms`, `2s`, `1.5s`, `2m`, or plain seconds.
fn duration(text: &str) -> Result<std::time::Duration, String> {
    let text = text.trim();
    let (number, unit) = match text.find(|c: char| c.is_ascii_alphabetic()) {
        Some(at) => text.split_at(at),
        None => (text, "s"),
    };
    let scale = match unit {
        "ms" => 0.001,
        "s" => 1.0,
        "m" | "min" => 60.0,
        _ => {
            return Err(format!(
                "expected a duration such as 500ms, 2s or 1m, not {text:?}"
            ));
        }
    };
    number
        .parse::<f64>()
        .ok()
        .and_then(|n| std::time::Duration::try_from_secs_f64(n * scale).ok())
        .filter(|d| !d.is_zero())
        .ok_or_else(|| format!("expected a duration such as 500ms, 2s or 1m, not {text:?}"))
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
        let wrong = boardls::message!(
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

/// Seconds, such as `60`, `0.5` or `60s`.
fn seconds(text: &str) -> Result<std::time::Duration, String> {
    let number = text.trim().strip_suffix('s').unwrap_or(text.trim());
    number
        .parse::<f64>()
        .ok()
        .and_then(|secs| std::time::Duration::try_from_secs_f64(secs).ok())
        .ok_or_else(|| format!("expected a number of seconds, such as 60, not {text:?}"))
}

/// Two allocator arenas for the whole process, set before any thread
/// starts. glibc otherwise gives threads arenas of their own, up to eight a
/// core, and memory freed in one arena is kept for that arena: a big answer
/// written on one blocking thread and the next on another each kept their
/// own, which put a big document's server over its memory bound
/// (BENCHMARKS.md, "Streamed token arrays and two arenas").
fn limit_allocator_arenas() {
    #[cfg(all(target_os = "linux", target_env = "gnu"))]
    // SAFETY: mallopt only changes a setting of the allocator; no thread
    // allocates concurrently this early.
    unsafe {
        libc::mallopt(libc::M_ARENA_MAX, 2);
    }
}

fn main() -> ExitCode {
    limit_allocator_arenas();
    let cli = match Cli::try_parse() {
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
        boardls::lsp::set_command_line_locale(Locale::from_tag(tag).unwrap_or_default());
    }
    let locale = terminal_locale(cli.locale.as_deref());
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
        } => boardls::lsp::run(boardls::lsp::Options {
            listen,
            allow_remote,
            token_file,
            connect,
        }),
        Command::Daemon {
            socket,
            idle_timeout,
        } => boardls::lsp::run_daemon(boardls::lsp::DaemonOptions {
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
        Command::Fmt { check, paths } => boardls::format::run(check, &paths, locale),
    }
}

/// `boardls solve KIND` on the process's stdin and stdout.
fn solve_stdio(kind: GameKind) -> ExitCode {
    let stdin = std::io::stdin().lock();
    let stdout = std::io::stdout().lock();
    match boardls::solve::solve(kind, stdin, stdout) {
        Ok(()) => ExitCode::SUCCESS,
        Err(boardls::solve::SolveError::Io(err))
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
