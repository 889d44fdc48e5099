//! The `boardls` command: a language server by default, plus the judges
//! (`solve`) and a linter (`check`) on the same engine.

use std::path::PathBuf;
use std::process::ExitCode;

use boardls::check::Format;
use boardls::games::GameKind;
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
        game: Game,
    },
    /// Print every diagnostic of every board file under PATHs.
    Check {
        #[arg(long, value_enum, default_value_t = OutputFormat::Text)]
        format: OutputFormat,
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

#[derive(Clone, Copy, ValueEnum)]
enum Game {
    Uttt,
    Go9,
    Tomek,
}

impl From<Game> for GameKind {
    fn from(game: Game) -> GameKind {
        match game {
            Game::Uttt => GameKind::Uttt,
            Game::Go9 => GameKind::Go9,
            Game::Tomek => GameKind::Tomek,
        }
    }
}

/// `check --format`: the library's `check::Format`, named for clap here so
/// that clap stays in the binary.
#[derive(Clone, Copy, ValueEnum)]
enum OutputFormat {
    Text,
    Json,
}

impl From<OutputFormat> for Format {
    fn from(format: OutputFormat) -> Format {
        match format {
            OutputFormat::Text => Format::Text,
            OutputFormat::Json => Format::Json,
        }
    }
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
        Command::Check { format, paths } => boardls::check::run(format.into(), &paths),
    }
}
