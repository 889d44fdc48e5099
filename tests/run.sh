#!/usr/bin/env bash
# Every test of the project: the Rust suite (unit, judge, parser, server),
# then the end-to-end tests in real editors when their runner is present.
# On a fresh machine it installs what the tests need (see tests/editors/run.sh).
set -euo pipefail
cd "$(dirname "$0")/.."

# The fault hooks (feature `test-hooks`) are for the tests only.
cargo test --release --workspace --all-targets --features boardls/test-hooks
# The protocol suite once more, every server reached through
# `boardls lsp --connect` and a daemon it spawns.
BOARDLS_TEST_CONNECT=1 cargo test --release --features test-hooks --test lsp_protocol --test lsp_abuse

# A default release build holds no test hook.
cargo build --release
if grep -q BOARDLS_TEST "${CARGO_TARGET_DIR:-target}/release/boardls"; then
  echo "the default release binary holds test hooks (BOARDLS_TEST)" >&2
  exit 1
fi

if [ -x tests/editors/run.sh ] && [ "${BOARDLS_SKIP_EDITORS:-0}" != 1 ]; then
  tests/editors/run.sh
fi
