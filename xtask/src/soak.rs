//! `cargo xtask soak --minutes N [--seed HEX]`: the daemon's randomized
//! soak (sessions that connect, type, flood, die and come back, the daemon
//! killed and started again) for N minutes, through the load bench
//! (`benches/daemon_load.rs`, scenario `soak`), which shares its code with
//! the test suite's one-minute soak. It prints the sessions served, the
//! faults injected, the latency percentiles and the peak memory.

use std::process::Command;

pub const HELP: &str = "\
cargo xtask soak [--minutes N] [--seed HEX]

Runs the daemon's randomized soak for N minutes (default 30) through
`cargo bench --bench daemon_load` (BOARDLS_LOAD_SCENARIOS=soak): sessions
connect, type, flood, die (sometimes mid-frame) and reconnect while the
daemon is killed (SIGKILL) and started again; at the end every live
session's diagnostics must equal a fresh reading of its text.
";

pub fn run(args: &[String]) -> Result<(), String> {
    let mut minutes = 30u64;
    let mut seed = None;
    for (name, value) in super::options(args, &["--minutes", "--seed"], HELP)? {
        match name {
            "--minutes" => {
                minutes = value
                    .parse()
                    .map_err(|_| format!("--minutes: a whole number of minutes\n\n{HELP}"))?;
            }
            _ => seed = Some(value.to_owned()),
        }
    }
    let mut command = Command::new(std::env::var("CARGO").unwrap_or_else(|_| "cargo".into()));
    command
        .args(["bench", "--package", "boardls", "--bench", "daemon_load"])
        .env("BOARDLS_LOAD_SCENARIOS", "soak")
        .env("BOARDLS_SOAK_SECONDS", (minutes * 60).to_string());
    if let Some(seed) = seed {
        command.env("BOARDLS_SOAK_SEED", seed);
    }
    let status = command
        .status()
        .map_err(|err| format!("cannot run cargo: {err}"))?;
    if status.success() {
        Ok(())
    } else {
        Err(format!("the soak failed ({status})"))
    }
}
