#!/usr/bin/env bash
# Every test of the project: the Rust suite (unit, judge, parser, server),
# the fuzz crate built, then the end-to-end tests in real editors.
# On a fresh machine it installs what the tests need (see tests/editors/run.sh).
# Tests that cannot make their fault on this machine print a `SKIPPED:`
# line; each must be named in tests/allowed-skips.txt, else the run fails.
set -euo pipefail
cd "$(dirname "$0")/.."

log=$(mktemp)
trap 'rm -f "$log"' EXIT

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
tests/targets/run.sh 2>&1 | tee -a "$log"

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
WINEPREFIX=$(mktemp -d)
export WINEPREFIX WINEDEBUG=-all
trap 'wineserver -k 2>/dev/null || true; rm -rf "$log" "$WINEPREFIX"' EXIT
started=$SECONDS
# The persistent server first: started after wineboot it finds wineboot's
# own still running, and exits 2.
wineserver -p
tests/targets/wine-prefix.sh "$WINEPREFIX"
echo "[wine] prefix $WINEPREFIX ready in $((SECONDS - started)) s"

# The fault hooks (feature `test-hooks`) are for the tests only.
cargo test --release --workspace --all-targets --features boardls/test-hooks 2>&1 | tee -a "$log"
# The protocol suite once more, every server reached through
# `boardls lsp --connect` and a daemon it spawns.
BOARDLS_TEST_CONNECT=1 cargo test --release --features test-hooks --test it -- lsp_protocol:: lsp_abuse:: 2>&1 | tee -a "$log"

# A default release build holds no test hook.
cargo build --release
if grep -q BOARDLS_TEST "${CARGO_TARGET_DIR:-target}/release/boardls"; then
  echo "the default release binary holds test hooks (BOARDLS_TEST)" >&2
  exit 1
fi

# The fuzz crate is a workspace of its own that `cargo fuzz` builds with
# nightly; `cargo check` on stable still compiles every target against
# the library, so an API change cannot leave the fuzzers broken.
cargo check --manifest-path fuzz/Cargo.toml --bins 2>&1 | tee -a "$log"

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
"$mdbook" build docs --dest-dir "$book" 2>&1 | tee -a "$log" "$book.log"
rm -rf "$book"
if grep -qE 'WARN|ERROR' "$book.log"; then
  echo "error: mdbook build docs warned (above)" >&2
  exit 1
fi
rm -f "$book.log"

# What ships and how: the workflows (actionlint), the editors'
# configurations, the extension's manifest; with BOARDLS_SLOW_TESTS=1 (an
# opt-in, which .ci/run and ci.yml set) also cargo package, `cargo xtask
# dist` in two checkouts sharing a target directory, and the pre-commit
# hooks.
tests/release/run.sh

if [ "${BOARDLS_SKIP_EDITORS:-0}" != 1 ]; then
  tests/editors/run.sh
  # The playground (cargo xtask web) in headless chromium.
  tests/web/run.sh
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
  # The playground's first verdict: a shared link of a random board in 5
  # fresh browsers, median within 200 ms (dist/web from tests/web/run.sh).
  if [ "${BOARDLS_SKIP_EDITORS:-0}" != 1 ]; then
    BOARDLS_WEB_TIMING=1 node tests/web/playground.mjs
  fi
fi
# --- end of wall-clock goals

# --- Skips: every SKIPPED line must be allowed by tests/allowed-skips.txt
# (`test | when | why`; `non-root` entries only when not run as root).
skipped=$(grep -c '^SKIPPED:' "$log" || true)
echo "tests skipped on this machine: $skipped"
unallowed=0
while IFS= read -r line; do
  name=${line#SKIPPED: }
  name=${name%% (*}
  allowed=0
  while IFS='|' read -r test when _; do
    test=$(echo "$test" | sed 's/^ *//; s/ *$//')
    when=$(echo "$when" | sed 's/^ *//; s/ *$//')
    [[ -z $test || $test == \#* ]] && continue
    if [[ $test == "$name" ]] && { [[ $when == always ]] || { [[ $when == non-root ]] && (($(id -u) != 0)); }; }; then
      allowed=1
    fi
  done <tests/allowed-skips.txt
  if ((allowed)); then
    echo "$line (allowed)"
  else
    echo "error: $line: not allowed on this machine by tests/allowed-skips.txt" >&2
    unallowed=$((unallowed + 1))
  fi
done < <(grep '^SKIPPED:' "$log" || true)
if ((unallowed > 0)); then
  echo "error: $unallowed skip(s) not allowed (tests/allowed-skips.txt)" >&2
  exit 1
fi
# --- end of skips
