#!/usr/bin/env bash
# Every test of the project: the Rust suite (unit, judge, parser, server),
# then the end-to-end tests in real editors when their runner is present.
# On a fresh machine it installs what the tests need (see tests/editors/run.sh).
set -euo pipefail
cd "$(dirname "$0")/.."

cargo test --release --workspace --all-targets
# The protocol suite once more, every server reached through
# `boardls lsp --connect` and a daemon it spawns.
BOARDLS_TEST_CONNECT=1 cargo test --release --test it -- lsp_protocol:: lsp_abuse::

if [ -x tests/editors/run.sh ] && [ "${BOARDLS_SKIP_EDITORS:-0}" != 1 ]; then
  tests/editors/run.sh
fi
