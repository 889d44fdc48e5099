#!/usr/bin/env bash
# The playground in a real browser: installs what it needs (quick when
# everything is there), builds dist/web/ with `cargo xtask web`, then runs
# tests/web/playground.mjs (playwright-core driving Debian's chromium; no
# browser is downloaded). Runs as root on a fresh machine with no stdin.
#
#   tests/web/run.sh
#
# Installs: Debian's chromium (tests/editors/install.sh chromium); `cargo
# xtask web` adds the Rust target wasm32-unknown-unknown, wasm-bindgen-cli
# at the version of the wasm-bindgen crate in Cargo.lock (the two must
# match) and web/'s npm packages (`npm ci` when its lockfile changed).
# Environment: BOARDLS_WEB_PKG=DIR takes wasm-bindgen's output from DIR
# instead of building the wasm server (then no Rust target nor
# wasm-bindgen-cli is installed); BOARDLS_CHROMIUM, BOARDLS_WEB_SCREENSHOT
# (see playground.mjs). The first verdict's timing is left out here
# (BOARDLS_WEB_TIMING=0): tests/run.sh asserts it in its wall-clock
# section, alone; BOARDLS_WEB_TIMING= (empty) runs it here too.
# Ends with `N passed, N failed`; exit status 1 on any failure.
set -euo pipefail

here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
repo=$(cd "$here/../.." && pwd)
start=$SECONDS

step() { printf '==> %s (%ds)\n' "$*" $((SECONDS - start)); }

step "installing what the browser test needs"
if [[ -z ${BOARDLS_CHROMIUM:-} ]]; then
  "$repo/tests/editors/install.sh" chromium
fi
# `cargo xtask web` adds the wasm32 target and wasm-bindgen-cli at the
# crate's version when they are missing.

step "building the playground (cargo xtask web)"
(cd "$repo" && cargo xtask web)

step "the playground in headless chromium"
BOARDLS_WEB_TIMING=${BOARDLS_WEB_TIMING-0} node "$here/playground.mjs"
