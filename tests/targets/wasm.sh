#!/usr/bin/env bash
# The engine, the IDE core and the browser's language server built for
# wasm32-unknown-unknown: clippy of boardls-engine and boardls-ide (their
# libraries, as they are) and of crates/boardls-web, then its tests run
# in Node by wasm-bindgen-test-runner: the wasm build's verdicts on the
# judges' inputs against their outputs, a session's diagnostics. On a
# fresh machine it adds the Rust target and installs wasm-bindgen-cli of
# the version crates/boardls-web/Cargo.toml pins (a build of a few minutes).
set -euo pipefail
cd "$(dirname "$0")/../.."

target=wasm32-unknown-unknown
if ! rustup target list --installed | grep -qx "$target"; then
  rustup target add "$target"
fi
version=$(sed -n 's/^wasm-bindgen = "=\(.*\)"$/\1/p' crates/boardls-web/Cargo.toml)
if [ -z "$version" ]; then
  echo "error: crates/boardls-web/Cargo.toml pins no wasm-bindgen version" >&2
  exit 1
fi
if [ "$(wasm-bindgen --version 2>/dev/null || true)" != "wasm-bindgen $version" ]; then
  echo "[install] wasm-bindgen-cli $version" >&2
  cargo install wasm-bindgen-cli --version "$version"
fi
if ! command -v node >/dev/null; then
  echo "error: the wasm tests run in Node, which is not installed" >&2
  exit 1
fi

echo "[targets] clippy --target $target (boardls-engine, boardls-ide, boardls-web)" >&2
cargo clippy --target "$target" -p boardls-engine -p boardls-ide --lib -- -D warnings
cargo clippy --target "$target" -p boardls-web --all-targets -- -D warnings

echo "[targets] boardls-web's tests in Node" >&2
CARGO_TARGET_WASM32_UNKNOWN_UNKNOWN_RUNNER=wasm-bindgen-test-runner \
  cargo test --target "$target" -p boardls-web
