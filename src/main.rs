//! The `boardls` command: a language server by default, plus the judges
//! (`solve`), a linter (`check`) and a formatter (`fmt`) on the same
//! engine.

use std::io::IsTerminal as _;
use std::path::PathBuf;
use std::process::ExitCode;

use boardls::check::{self, ColorChoice, OutputFormat};
use boardls::games::GameKind;
use clap::builder::{PossibleValue, PossibleValuesParser, TypedValueParser};
use clap::{Parser, Subcommand, ValueEnum};

#[derive(Parser)]
#[command(name = "boardls", version, about, long_about = None)]
struct Cli {
    /// Accepted and ignored: editors pass it, stdio is the default transport.
    #[arg(long, global = true, hide = true)]
    stdio: bool,
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
        /// started when absent), a socket PATH, or tcp://HOST:PORT.
        #[arg(long, value_name = "auto|PATH|tcp://HOST:PORT")]
        connect: Option<String>,
        /// The token: with --listen, read from FILE (a new random one is
        /// written there if FILE does not exist; without this option, to a
        /// new file whose path is printed); with --connect tcp://…, the
        /// token to present.
        #[arg(long, value_name = "FILE")]
        token_file: Option<PathBuf>,
    },
    /// Serve LSP sessions on a Unix socket, one per connection, sharing the
    /// work on the files of the same folders: one daemon per user, reached
    /// by `boardls lsp --connect`.
    #[command(after_long_help = DAEMON_HELP)]
    Daemon {
        /// The socket (default: per user and per build, under
        /// $XDG_RUNTIME_DIR/boardls/ or $TMPDIR/boardls-UID/).
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
        #[arg(required = true, value_name = "PATH")]
        paths: Vec<PathBuf>,
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
removes its socket and exits with status 0.";

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
    paths: &[PathBuf],
) -> ExitCode {
    let terminal = std::io::stdout().is_terminal();
    let format = output_format
        .or(format)
        .unwrap_or(OutputFormat::default_for(terminal));
    let color = check::use_color(color.into(), |name| std::env::var(name).ok(), terminal);
    check::run_with(&mut *check::styled_sink(format, color), paths)
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

fn main() -> ExitCode {
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
        Command::Solve { game } => boardls::solve::run_stdio(game.into()),
        Command::Check {
            output_format,
            format,
            color,
            paths,
        } => check(output_format, format, color, &paths),
        Command::Fmt { check, paths } => boardls::format::run(check, &paths),
    }
}
