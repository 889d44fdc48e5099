//! The `boardls` command: a language server by default, plus the judges
//! (`solve`), a linter (`check`) and a formatter (`fmt`) on the same
//! engine.

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
    /// Run the language server (the default): LSP 3.17 over stdio, or over
    /// TCP with --listen, one session per connection.
    Lsp {
        /// Serve TCP connections on this address instead of stdio.
        #[arg(long, value_name = "ADDR")]
        listen: Option<String>,
        /// Allow --listen on a non-loopback address.
        #[arg(long, requires = "listen")]
        allow_remote: bool,
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
    }) {
        Command::Lsp {
            listen,
            allow_remote,
        } => boardls::lsp::run(boardls::lsp::Options {
            listen,
            allow_remote,
        }),
        Command::Solve { game } => boardls::solve::run_stdio(game.into()),
        Command::Check { format, paths } => boardls::check::run(format.into(), &paths),
        Command::Fmt { check, paths } => boardls::format::run(check, &paths),
    }
}
