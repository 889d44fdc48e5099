#!/usr/bin/env bash
# Every test of the project: the Rust suite (unit, judge, parser, server),
# the fuzz crate built, then the end-to-end tests in real editors.
# On a fresh machine it installs what the tests need (see tests/editors/run.sh).
# A check that cannot run on this machine writes a skip record
# (tests/skips.sh); each must be allowed by tests/allowed-skips.txt, else
# the run fails. Under CI=true (.ci/run, ci.yml) nothing from outside may
# shrink or redirect the run (tests/environment.txt).
set -euo pipefail
cd "$(dirname "$0")/.."

if (($# > 0)); then
  echo "usage: bash tests/run.sh (no arguments: CONTRIBUTING.md says how to run one suite)" >&2
  exit 2
fi

# --- What may come from outside: tests/environment.txt says what each
# variable does, and what CI=true makes of it. Before anything is built
# or installed.
# Prints the use (`local`, `on`, `run`, `free`) and the description of
# variable $1 from tests/environment.txt; nothing if it is not there.
variable_use() {
  local name use what exact='' pattern=''
  while IFS='|' read -r name use what; do
    name=${name//[[:space:]]/}
    [[ -z $name || $name == \#* ]] && continue
    use=${use//[[:space:]]/}
    what=${what#"${what%%[![:space:]]*}"}
    if [[ $name == "$1" ]]; then
      exact="$use|$what"
      break
    elif [[ -z $pattern && $name == *\** && $1 == $name ]]; then
      pattern="$use|$what"
    fi
  done <tests/environment.txt
  printf '%s' "${exact:-$pattern}"
}

# Under CI=true: refuses every variable for local use or set by the run
# itself, and any BOARDLS_ variable the file does not name (status 2,
# naming each); sets the `on` ones to 1. Elsewhere: says which local ones
# are set.
check_environment() {
  local var found use what refused=0
  for var in $(compgen -e); do
    found=$(variable_use "$var")
    use=${found%%|*} what=${found#*|}
    if [[ ${CI:-} != true ]]; then
      [[ $use == local ]] && echo "note: $var is set: $what (for local use only)" >&2
      continue
    fi
    case $use in
      local) echo "error: CI=true: $var is for local use only: $what; unset it" >&2 ;;
      run) echo "error: CI=true: $var is set by the run itself ($what); unset it" >&2 ;;
      on) [[ ${!var} == 1 ]] && continue
        echo "error: CI=true: $var=${!var}: the run sets it to 1 ($what); unset it" >&2 ;;
      free) continue ;;
      '') [[ $var == BOARDLS_* ]] || continue
        echo "error: CI=true: $var is not in tests/environment.txt; say there what it does" >&2 ;;
      *) echo "error: tests/environment.txt: $var has no use \`$use\` (local, on, run, free)" >&2 ;;
    esac
    refused=$((refused + 1))
  done
  if ((refused > 0)); then
    echo "error: CI=true runs check everything: $refused variable(s) refused (tests/environment.txt)" >&2
    exit 2
  fi
  if [[ ${CI:-} == true ]]; then
    local name
    while IFS='|' read -r name use _; do
      if [[ ${use//[[:space:]]/} == on ]]; then
        export "${name//[[:space:]]/}=1"
      fi
    done <tests/environment.txt
  fi
  return 0
}
check_environment

# --- Skips as records (tests/skips.sh): every skipped check of every
# stage appends its record here; the run checks them at its end.
skip_records=$(mktemp)
export BOARDLS_SKIP_RECORDS=$skip_records
wine_prefix=''
cleanup() {
  if [[ -n $wine_prefix ]]; then
    wineserver -k 2>/dev/null || true
    rm -rf "$wine_prefix"
  fi
  rm -f "$skip_records"
}
trap cleanup EXIT

# The tests expect English where they do not choose a language: a
# tester's Russian or Chinese machine must not change what they see.
unset LC_ALL LC_MESSAGES LANGUAGE
export LANG=C.UTF-8

# Every editor script must be runnable: a lost exec bit fails the run
# rather than skipping the editor tests.
for script in tests/editors/*.sh tests/web/*.sh tests/targets/*.sh; do
  if [ ! -x "$script" ]; then
    echo "error: $script is not executable (git update-index --chmod=+x $script)" >&2
    exit 1
  fi
done

# cargo-mutants, pinned: tests/it/mutants.rs lists its mutants to check
# the exclusions of .cargo/mutants.toml (`cargo xtask mutants` runs it).
mutants_version=27.1.0
if [ "$(cargo mutants --version 2>/dev/null)" != "cargo-mutants $mutants_version" ]; then
  started=$SECONDS
  cargo install cargo-mutants --version "$mutants_version" --locked
  echo "cargo-mutants $mutants_version installed in $((SECONDS - started)) s"
fi

# Every target the README and release.yml name: clippy for Windows and
# macOS, and the Windows binary (mingw) that the Wine tests run.
tests/targets/run.sh

# The playground's build (dist/web): the Rust suite's parity tests
# (tests/it/browser_server.rs) run its WebAssembly server in Node beside
# the desktop server, message by message.
cargo xtask web

# Wine runs boardls.exe in tests/it/windows_wine.rs: Debian's wine64,
# installed when missing, and one prefix for the run (its first start,
# wineboot, takes seconds; tests/targets/wine-prefix.sh makes it) with one
# wineserver kept up for every program.
if [ ! -x /usr/lib/wine/wine64 ]; then
  echo "[install] apt: wine wine64" >&2
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq
  apt-get install -y -qq --no-install-recommends wine wine64 >/dev/null
fi
wine_prefix=$(mktemp -d)
export WINEPREFIX=$wine_prefix WINEDEBUG=-all
started=$SECONDS
# The persistent server first: started after wineboot it finds wineboot's
# own still running, and exits 2.
wineserver -p
tests/targets/wine-prefix.sh "$WINEPREFIX"
echo "[wine] prefix $WINEPREFIX ready in $((SECONDS - started)) s"

# The fault hooks (feature `test-hooks`) are for the tests only.
cargo test --release --workspace --all-targets --features boardls/test-hooks

# --- The --connect rerun: the protocol suites once more, every server
# reached through `boardls lsp --connect` and a daemon it spawns. The
# filter and the number of tests it selects sit together here: a module
# renamed or a test dropped fails the run, and a test added there raises
# the count.
connect_rerun_filter=(lsp_protocol:: lsp_abuse::)
connect_rerun_tests=21
# The tests libtest says passed (its `test result: ok. N passed; ...`
# lines, summed), read from stdin.
tests_passed() {
  sed 's/\x1b\[[0-9;]*m//g' | awk '/^test result: / {
      for (i = 1; i < NF; i++) if ($(i + 1) == "passed;") n += $i
    } END { print n + 0 }'
}
connect_rerun() {
  local output ran
  output=$(mktemp)
  BOARDLS_TEST_CONNECT=1 cargo test --release --features test-hooks --test it -- "${connect_rerun_filter[@]}" 2>&1 |
    tee "$output"
  ran=$(tests_passed <"$output")
  rm -f "$output"
  if ((ran != connect_rerun_tests)); then
    echo "error: the --connect rerun ran $ran tests, connect_rerun_tests says $connect_rerun_tests" \
      "(tests/run.sh, beside its filter: ${connect_rerun_filter[*]})" >&2
    exit 1
  fi
  echo "the --connect rerun: $ran tests, as expected"
}
connect_rerun
# --- end of the --connect rerun

# A default release build holds no test hook.
cargo build --release
if grep -q BOARDLS_TEST "${CARGO_TARGET_DIR:-target}/release/boardls"; then
  echo "the default release binary holds test hooks (BOARDLS_TEST)" >&2
  exit 1
fi

# The fuzz crate is a workspace of its own that `cargo fuzz` builds with
# nightly; `cargo check` on stable still compiles every target against
# the library, so an API change cannot leave the fuzzers broken.
cargo check --manifest-path fuzz/Cargo.toml --bins

# The manual: a pinned mdBook from crates.io (the CLI alone, no server),
# installed when missing or another version, then `mdbook build` into a
# scratch folder; any warning (a missing include, a page not in
# SUMMARY.md) fails the run.
mdbook_version=0.5.4
mdbook="${CARGO_INSTALL_ROOT:-${CARGO_HOME:-$HOME/.cargo}}/bin/mdbook"
if [ "$("$mdbook" --version 2>/dev/null)" != "mdbook v$mdbook_version" ]; then
  cargo install mdbook --locked --version "$mdbook_version" --no-default-features --features search
fi
book=$(mktemp -d)
"$mdbook" build docs --dest-dir "$book" 2>&1 | tee "$book.log"
rm -rf "$book"
if grep -qE 'WARN|ERROR' "$book.log"; then
  echo "error: mdbook build docs warned (above)" >&2
  exit 1
fi
rm -f "$book.log"

# The API documentation: every crate's, private items included (what
# ARCHITECTURE.md tells a reader to open), with every intra-doc link
# resolving; a broken or ambiguous link fails the run.
RUSTDOCFLAGS="-D rustdoc::broken_intra_doc_links" cargo doc --no-deps --workspace --document-private-items

# What ships and how: the workflows (actionlint), the editors'
# configurations, the extension's manifest; with BOARDLS_SLOW_TESTS=1 (an
# opt-in, which this script sets under CI=true) also cargo package, `cargo
# xtask dist` in two checkouts sharing a target directory, and the
# pre-commit hooks (without it, each writes a skip record).
tests/release/run.sh

if [ "${BOARDLS_SKIP_EDITORS:-0}" != 1 ]; then
  tests/editors/run.sh
  # The playground (cargo xtask web) in headless chromium.
  tests/web/run.sh
else
  tests/skips.sh record run.sh "the editor and browser stages" "BOARDLS_SKIP_EDITORS=1"
fi

# --- Wall-clock goals: the benches in check mode (BOARDLS_BENCH_CHECK=1
# exits 1 on a missed goal), once, after the suites, so that nothing
# else of the run shares the cores. The tests assert order, content and
# counts; the times are asserted here only. lsp_dense (quick: 1,000
# boards) checks that its last publishes are fresh readings, and that a
# Russian or Chinese session's server works at most 1.10x English's CPU
# time an edit. The keystroke
# bench's goals are asserted by hand (BOARDLS_BENCH_CHECK=1 cargo bench
# --bench keystroke): at 100,000 positions they sit too near their bounds
# on a shared 2-core runner to gate every run.
if [ "${BOARDLS_SKIP_BENCH_CHECK:-0}" != 1 ]; then
  bench=(cargo test --release --features boardls/test-hooks)
  # The daemon: 8 typing sessions beside a hover flood, an edit flood
  # (the flooder reads and keeps its session) and a client suspended for
  # 10 s (45 s in slow_clients' test); memory after a burst of 32;
  # a forwarder's fallback and the daemon killed under 8 forwarders.
  BOARDLS_BENCH_CHECK=1 BOARDLS_LOAD_SCENARIOS=flood-hover,flood-edit,suspend,burst,faults \
    BOARDLS_LOAD_SESSIONS=8 BOARDLS_LOAD_FILES=200 BOARDLS_LOAD_SECONDS=5 \
    BOARDLS_SUSPEND_SECONDS=10 "${bench[@]}" --bench daemon_load -- --bench
  BOARDLS_BENCH_CHECK=1 "${bench[@]}" --bench lsp_dense
  # Answer files by the edit (quick: 100 and 1,000 cases; the 100,000
  # row is BENCHMARKS.md's, by hand).
  BOARDLS_BENCH_CHECK=1 "${bench[@]}" --bench answers
  # The playground's first verdict: a shared link of a random board in 5
  # fresh browsers, median within 200 ms (dist/web from tests/web/run.sh),
  # each navigating once the cores are quiet (tests/web/quiet.mjs).
  if [ "${BOARDLS_SKIP_EDITORS:-0}" != 1 ]; then
    BOARDLS_WEB_TIMING=1 node tests/web/playground.mjs
  fi
else
  tests/skips.sh record run.sh "the wall-clock goals" "BOARDLS_SKIP_BENCH_CHECK=1"
fi
# --- end of wall-clock goals

# --- Skips: every record must be allowed by tests/allowed-skips.txt
# (tests/skips.sh reads the records, never the log).
tests/skips.sh check "$skip_records"
# --- end of skips
