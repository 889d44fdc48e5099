#!/usr/bin/env bash
# The playground in a real browser: installs what it needs (quick when
# everything is there), builds dist/web/ with `cargo xtask web`, then runs
# tests/web/playground.mjs (playwright-core driving Debian's chromium; no
# browser is downloaded). Runs as root on a fresh machine with no stdin.
#
#   tests/web/run.sh
#
# Installs: Debian's chromium (tests/editors/install.sh chromium); the Rust target wasm32-unknown-unknown;
# wasm-bindgen-cli at the version of the wasm-bindgen crate in Cargo.lock
# (the two must match); web/'s npm packages (`cargo xtask web` runs
# `npm ci` there when its lockfile changed).
# Environment: BOARDLS_WEB_PKG=DIR takes wasm-bindgen's output from DIR
# instead of building the wasm server (then no Rust target nor
# wasm-bindgen-cli is installed); BOARDLS_CHROMIUM, BOARDLS_WEB_SCREENSHOT
# (see playground.mjs).
# Ends with `N passed, N failed`; exit status 1 on any failure.
set -euo pipefail

here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
repo=$(cd "$here/../.." && pwd)
start=$SECONDS

log() { printf '[install] %s\n' "$*" >&2; }
step() { printf '==> %s (%ds)\n' "$*" $((SECONDS - start)); }

step "installing what the browser test needs"
if [[ -z ${BOARDLS_CHROMIUM:-} ]]; then
  "$repo/tests/editors/install.sh" chromium
fi
if [[ -z ${BOARDLS_WEB_PKG:-} ]]; then
  if ! rustup target list --installed | grep -qx wasm32-unknown-unknown; then
    log "rustup target add wasm32-unknown-unknown"
    rustup target add wasm32-unknown-unknown
  fi
  bindgen=$(grep -A1 -x 'name = "wasm-bindgen"' "$repo/Cargo.lock" | sed -n 's/^version = "\(.*\)"$/\1/p')
  if [[ -z $bindgen ]]; then
    echo "Cargo.lock has no wasm-bindgen: is web/server (boardls-web) in the workspace?" >&2
    exit 1
  fi
  if [[ $(wasm-bindgen --version 2>/dev/null) != "wasm-bindgen $bindgen" ]]; then
    log "wasm-bindgen-cli $bindgen (cargo install)"
    cargo install wasm-bindgen-cli --version "$bindgen" --locked
  fi
fi

step "building the playground (cargo xtask web)"
(cd "$repo" && cargo xtask web)

step "the playground in headless chromium"
node "$here/playground.mjs"
