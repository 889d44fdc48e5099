#!/usr/bin/env bash
# The product built for every target the README and release.yml name:
# clippy (every crate of the desktop build, the binary's too, and xtask,
# which runs on the same machines) for Windows (gnu, msvc x64 and arm64) and macOS (arm64, x64),
# none of which needs a linker; the engine and the browser's server for
# wasm32 (tests/targets/wasm.sh: clippy, and their tests in Node); then
# the Windows binary linked with
# Debian's mingw, target/x86_64-pc-windows-gnu/release/boardls.exe, which
# the Wine tests run. On a fresh machine it adds the Rust targets and
# installs mingw.
set -euo pipefail
cd "$(dirname "$0")/../.."

targets=(
  x86_64-pc-windows-gnu
  x86_64-pc-windows-msvc
  aarch64-pc-windows-msvc
  aarch64-apple-darwin
  x86_64-apple-darwin
)
installed=$(rustup target list --installed)
for target in "${targets[@]}"; do
  if ! grep -qx "$target" <<<"$installed"; then
    rustup target add "$target"
  fi
done
if ! command -v x86_64-w64-mingw32-gcc >/dev/null; then
  echo "[install] apt: gcc-mingw-w64-x86-64" >&2
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq
  apt-get install -y -qq gcc-mingw-w64-x86-64 >/dev/null
fi

for target in "${targets[@]}"; do
  echo "[targets] clippy --target $target" >&2
  cargo clippy --target "$target" -p boardls -p boardls-server -p boardls-fs \
    -p boardls-ide -p boardls-engine --lib --bins -- -D warnings
  cargo clippy --target "$target" -p xtask --bins -- -D warnings
done

tests/targets/wasm.sh

cargo build --release --target x86_64-pc-windows-gnu
exe=${CARGO_TARGET_DIR:-target}/x86_64-pc-windows-gnu/release/boardls.exe
if [ ! -f "$exe" ]; then
  echo "error: the Windows build made no $exe" >&2
  exit 1
fi
echo "[targets] built $exe" >&2
