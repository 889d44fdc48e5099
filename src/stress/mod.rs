//! `boardls stress GAME -- COMMAND ARGS…`: a solution run on generated
//! inputs and checked against the judge; the first failure shrunk to a
//! 1-minimal input and written out as `NAME.in`, `NAME.ans`, `NAME.out`.
//!
//! - `generate`: inputs from a seed, covering the judges' situations
//!   evenly (the coverage table's list);
//! - `input`: cases, written exactly as the judge reads them;
//! - `runner`: one run, alone with what it starts, with a time limit;
//!   `process_unix` (a process group) and `process_windows` (a job
//!   object) start and kill it, and tell a crash;
//! - `compare`: the problem's checker;
//! - `shrink`: fewer cases, then fewer stones, then simpler cells.
//!
//! Sits on `games`, `syntax`, `profile`, `coverage` and `solve` (the
//! judge).

mod compare;
mod generate;
mod input;
#[cfg(unix)]
mod process_unix;
#[cfg(windows)]
mod process_windows;
mod runner;
mod shrink;

use std::io::IsTerminal as _;
use std::path::PathBuf;
use std::process::ExitCode;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use boardls_engine::games::GameKind;
use boardls_engine::i18n::{Locale, Message};
use boardls_engine::profile::Profile;

pub(crate) use compare::{Checked, check};
pub(crate) use input::Input;
pub(crate) use runner::{Ran, run};

/// What `boardls stress` was asked.
#[derive(Clone, Debug)]
pub struct Options {
    pub game: GameKind,
    /// The judge's promises every input keeps.
    pub profile: Profile,
    pub seed: u64,
    /// Stop after this many inputs…
    pub count: Option<u64>,
    /// …or after this long (the first of the two).
    pub duration: Option<Duration>,
    pub jobs: usize,
    pub time_limit: Duration,
    pub out: PathBuf,
    /// The solution: program, then its arguments.
    pub command: Vec<String>,
    /// The language of what it prints (the inputs and answers are the
    /// judge's, in no language).
    pub locale: Locale,
}

/// How a solution failed on an input.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Failure {
    WrongAnswer {
        line: usize,
        expected: String,
        got: String,
    },
    BadOutput(Message),
    /// Killed by a signal (Unix), ended by an exception (Windows).
    Crash(i32),
    ExitStatus(i32),
    Timeout,
}

impl Failure {
    /// The kind of failure: a shrunk input must fail the same way.
    fn same_kind(&self, other: &Failure) -> bool {
        std::mem::discriminant(self) == std::mem::discriminant(other)
    }

    /// What it is, in a few words.
    pub(crate) fn title(&self, time_limit: Duration) -> Message {
        match self {
            Failure::WrongAnswer { .. } => boardls_engine::i18n::message!("stress-wrong-answer"),
            Failure::BadOutput(why) => {
                boardls_engine::i18n::message!("stress-bad-output", why = why.clone())
            }
            Failure::Crash(crash) => {
                boardls_engine::i18n::message!("stress-crash", crash = runner::crash_name(*crash))
            }
            Failure::ExitStatus(code) => {
                boardls_engine::i18n::message!("stress-exit-status", code = *code)
            }
            Failure::Timeout => {
                boardls_engine::i18n::message!("stress-timeout", limit = format!("{time_limit:?}"))
            }
        }
    }
}

/// One run of the solution on `input`: `Ok(None)` when it passes.
pub(crate) fn judge_run(
    command: &[String],
    input: &Input,
    time_limit: Duration,
) -> std::io::Result<(Option<Failure>, Vec<u8>)> {
    let text = input.render();
    let ran = run(command, text.as_bytes(), time_limit)?;
    Ok(match ran {
        Ran::Finished(out) => {
            let failure = match check(input.kind, input.cases.len(), &input.expected(), &out) {
                Checked::Accepted => None,
                Checked::WrongAnswer {
                    line,
                    expected,
                    got,
                } => Some(Failure::WrongAnswer {
                    line,
                    expected,
                    got,
                }),
                Checked::BadOutput(why) => Some(Failure::BadOutput(why)),
            };
            (failure, out)
        }
        Ran::ExitStatus(code) => (Some(Failure::ExitStatus(code)), Vec::new()),
        Ran::Crash(crash) => (Some(Failure::Crash(crash)), Vec::new()),
        Ran::TimedOut => (Some(Failure::Timeout), Vec::new()),
    })
}

/// Set by Ctrl-C: stop generating and shrinking, keep what was found.
static INTERRUPTED: AtomicBool = AtomicBool::new(false);

/// Ctrl-C sets [`INTERRUPTED`] instead of ending the process, so the run
/// stops cleanly (the solutions run in their own process groups and do
/// not see it).
fn catch_interrupt() {
    std::thread::spawn(|| {
        let Ok(runtime) = tokio::runtime::Builder::new_current_thread()
            .enable_all()
            .build()
        else {
            return;
        };
        runtime.block_on(async {
            if tokio::signal::ctrl_c().await.is_ok() {
                INTERRUPTED.store(true, Ordering::SeqCst);
            }
        });
    });
}

fn interrupted() -> bool {
    INTERRUPTED.load(Ordering::SeqCst)
}

/// The first failure found: the lowest input index among those run.
struct Found {
    index: u64,
    input: Input,
    failure: Failure,
}

/// `boardls stress`: exit 1 on a failure, 0 when none was found, 2 when
/// the command cannot be run; 130 when interrupted with nothing found.
pub fn stress(options: &Options) -> ExitCode {
    catch_interrupt();
    let quiet = std::env::var_os("CI").is_some() || !std::io::stderr().is_terminal();
    let say = |message: Message| message.word(options.locale);
    println!(
        "boardls stress: {}",
        say(boardls_engine::i18n::message!(
            "stress-start",
            game = options.game.id(),
            profile = options.profile.name(),
            seed = options.seed.to_string()
        ))
    );
    // The command must start at all: that is a usage error, not a failure.
    let probe = generate::input(options.game, options.profile, options.seed, 0);
    if let Err(err) = run(
        &options.command,
        probe.render().as_bytes(),
        options.time_limit,
    ) {
        eprintln!(
            "boardls stress: {}",
            say(boardls_engine::i18n::message!(
                "stress-cannot-run",
                command = format!("{:?}", options.command.join(" ")),
                reason = err.to_string()
            ))
        );
        return ExitCode::from(2);
    }
    let started = Instant::now();
    let next = AtomicU64::new(0);
    let cases_run = AtomicU64::new(0);
    let done = AtomicU64::new(0);
    let stop = AtomicBool::new(false);
    let found: Mutex<Option<Found>> = Mutex::new(None);
    let progress = (!quiet).then(|| progress_bar(options.count, options.locale));
    let progress = Arc::new(progress);
    std::thread::scope(|scope| {
        for _ in 0..options.jobs.max(1) {
            scope.spawn(|| {
                loop {
                    if stop.load(Ordering::SeqCst) || interrupted() {
                        return;
                    }
                    let over_time = options.duration.is_some_and(|d| started.elapsed() >= d);
                    let index = next.fetch_add(1, Ordering::SeqCst);
                    if over_time || options.count.is_some_and(|count| index >= count) {
                        return;
                    }
                    let input = generate::input(options.game, options.profile, options.seed, index);
                    let Ok((failure, _)) = judge_run(&options.command, &input, options.time_limit)
                    else {
                        continue;
                    };
                    cases_run.fetch_add(input.cases.len() as u64, Ordering::SeqCst);
                    done.fetch_add(1, Ordering::SeqCst);
                    if let Some(bar) = progress.as_ref() {
                        bar.inc(1);
                    }
                    if let Some(failure) = failure {
                        let mut found = found.lock().unwrap_or_else(|e| e.into_inner());
                        if found.as_ref().is_none_or(|f| index < f.index) {
                            *found = Some(Found {
                                index,
                                input,
                                failure,
                            });
                        }
                        stop.store(true, Ordering::SeqCst);
                    }
                }
            });
        }
    });
    if let Some(bar) = progress.as_ref() {
        bar.finish_and_clear();
    }
    let inputs = done.load(Ordering::SeqCst);
    let cases = cases_run.load(Ordering::SeqCst);
    let found = found.into_inner().unwrap_or_else(|e| e.into_inner());
    let Some(found) = found else {
        let seconds = format!("{:.1}", started.elapsed().as_secs_f64());
        let none = if interrupted() {
            boardls_engine::i18n::message!(
                "stress-interrupted-no-failure",
                inputs = inputs,
                cases = cases,
                seconds = seconds
            )
        } else {
            boardls_engine::i18n::message!(
                "stress-no-failure",
                inputs = inputs,
                cases = cases,
                seconds = seconds
            )
        };
        println!("boardls stress: {}", say(none));
        return ExitCode::from(if interrupted() { 130 } else { 0 });
    };
    report(options, found, inputs);
    ExitCode::from(1)
}

/// Shrinks the failure, writes its files, prints it.
fn report(options: &Options, found: Found, inputs: u64) {
    let original_cases = found.input.cases.len();
    let original_weight = found.input.weight();
    let mut runs = 0u32;
    let mut fails = |candidate: &Input| {
        if !candidate.is_valid(options.profile) {
            return false;
        }
        runs += 1;
        matches!(
            judge_run(&options.command, candidate, options.time_limit),
            Ok((Some(failure), _)) if failure.same_kind(&found.failure)
        )
    };
    let contents = found.failure != Failure::Timeout;
    let shrunk = shrink::shrink(found.input.clone(), contents, &mut fails, &|| {
        !interrupted()
    });
    // The shrunk input's own failure and output (a wrong answer's lines
    // are those of the shrunk input).
    let (failure, got) = match judge_run(&options.command, &shrunk, options.time_limit) {
        Ok((Some(failure), got)) => (failure, got),
        _ => (found.failure.clone(), Vec::new()),
    };
    let name = format!("{}-seed{}-{}", options.game.id(), options.seed, found.index);
    let text = shrunk.render();
    let expected = shrunk.expected();
    let written = std::fs::create_dir_all(&options.out)
        .and_then(|()| std::fs::write(options.out.join(format!("{name}.in")), &text))
        .and_then(|()| std::fs::write(options.out.join(format!("{name}.ans")), &expected))
        .and_then(|()| std::fs::write(options.out.join(format!("{name}.out")), &got));
    let say = |message: Message| message.word(options.locale);
    let summary = boardls_engine::i18n::message!(
        "stress-failure",
        title = failure.title(options.time_limit),
        index = found.index,
        seed = options.seed.to_string(),
        inputs = inputs,
        cases = original_cases,
        weight = original_weight,
        shrunk_cases = shrunk.cases.len(),
        shrunk_weight = shrunk.weight(),
        runs = runs
    );
    println!("boardls stress: {}", say(summary));
    if interrupted() {
        let so_far = boardls_engine::i18n::message!("stress-interrupted-shrinking");
        println!("boardls stress: {}", say(so_far));
    }
    let path = |ext: &str| {
        options
            .out
            .join(format!("{name}.{ext}"))
            .display()
            .to_string()
    };
    match written {
        Ok(()) => {}
        Err(err) => eprintln!(
            "boardls stress: {}",
            say(boardls_engine::i18n::message!(
                "stress-cannot-write",
                dir = options.out.display().to_string(),
                reason = err.to_string()
            ))
        ),
    }
    println!(
        "{}",
        say(boardls_engine::i18n::message!(
            "stress-input",
            path = path("in")
        ))
    );
    print!("{text}");
    println!(
        "{}",
        say(boardls_engine::i18n::message!(
            "stress-expected",
            path = path("ans")
        ))
    );
    print!("{expected}");
    println!(
        "{}",
        say(boardls_engine::i18n::message!(
            "stress-got",
            path = path("out")
        ))
    );
    print!("{}", String::from_utf8_lossy(&got));
    if let Failure::WrongAnswer {
        line,
        expected,
        got,
    } = &failure
    {
        println!(
            "{}",
            say(boardls_engine::i18n::message!(
                "stress-first-difference",
                line = *line
            ))
        );
        let expected =
            boardls_engine::i18n::message!("stress-expected-line", text = expected.clone());
        println!("{}", say(expected));
        println!(
            "{}",
            say(boardls_engine::i18n::message!(
                "stress-got-line",
                text = got.clone()
            ))
        );
    }
}

fn progress_bar(count: Option<u64>, locale: Locale) -> indicatif::ProgressBar {
    let bar = match count {
        Some(count) => indicatif::ProgressBar::new(count),
        None => indicatif::ProgressBar::new_spinner(),
    };
    // indicatif's own placeholders, the same in every language.
    let template = boardls_engine::i18n::message!(
        "stress-progress",
        spinner = "{spinner}",
        pos = "{pos}",
        len = "{len}",
        rate = "{per_sec}",
        elapsed = "{elapsed_precise}"
    );
    let style = indicatif::ProgressStyle::with_template(&template.word(locale));
    if let Ok(style) = style {
        bar.set_style(style);
    }
    bar.set_draw_target(indicatif::ProgressDrawTarget::stderr());
    bar
}
