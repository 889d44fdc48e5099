#!/usr/bin/env bash
# `cargo xtask dist` with Cargo's target directory outside the checkout, and
# a second checkout sharing it: each must bundle the server built from its
# own sources, in the .tar.gz and in the platform .vsix. The server's
# `--version` names the commit it was built from (build.rs), so the test
# compares it with each checkout's HEAD.
#
#   tests/release/dist_checkouts.sh
#
# The shared target directory is CARGO_TARGET_DIR when set, else
# .tools/dist-target (kept, so that a second run builds only boardls).
# Ends with `N passed, N failed`.
set -euo pipefail

here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
repo=$(cd "$here/../.." && pwd)
export CARGO_TARGET_DIR=${CARGO_TARGET_DIR:-$repo/.tools/dist-target}
mkdir -p "$CARGO_TARGET_DIR"
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT

passed=0
failed=0
ok() { echo "ok: $*"; passed=$((passed + 1)); }
fail() { echo "FAILED: $*" >&2; failed=$((failed + 1)); }

case "$(uname -s)-$(uname -m)" in
  Linux-x86_64) platform=linux-x64 triple=x86_64-unknown-linux-gnu ;;
  Linux-aarch64) platform=linux-arm64 triple=aarch64-unknown-linux-gnu ;;
  Darwin-arm64) platform=darwin-arm64 triple=aarch64-apple-darwin ;;
  Darwin-x86_64) platform=darwin-x64 triple=x86_64-apple-darwin ;;
  *) echo "no platform for $(uname -sm)" >&2; exit 2 ;;
esac

# The second checkout: a clone of this one's HEAD with one more commit, so
# that the two build ids differ even when this checkout is clean. Made
# before the first build, so its files are older than that build: cargo,
# which compares times and relative paths, would take the first
# checkout's binary for it unless dist makes it build anew.
second="$scratch/second"
git clone --quiet --shared --no-checkout "$repo" "$second"
git -C "$second" checkout --quiet --detach "$(git -C "$repo" rev-parse HEAD)"
git -C "$second" -c user.name=test -c user.email=test@example.invalid \
  commit --quiet --allow-empty -m "a second checkout"

# Runs dist in a checkout and checks what it bundled.
dist_in() {
  local checkout=$1 label=$2
  echo "==> cargo xtask dist in the $label checkout (CARGO_TARGET_DIR=$CARGO_TARGET_DIR)"
  # The commit before the build: the one its build script reads.
  local want
  want=$(git -C "$checkout" rev-parse --short=12 HEAD)
  if ! (cd "$checkout" && cargo xtask dist >"$scratch/$label.log" 2>&1); then
    tail -n 30 "$scratch/$label.log" >&2
    fail "$label: cargo xtask dist failed"
    return
  fi
  local out="$scratch/$label-out"
  rm -rf "$out"
  mkdir -p "$out/tar" "$out/vsix"
  tar -xzf "$checkout/dist/boardls-$triple.tar.gz" -C "$out/tar"
  unzip -q "$checkout/dist/boardls-$platform.vsix" extension/server/boardls -d "$out/vsix"
  local archived bundled
  archived=$("$out/tar/boardls-$triple/boardls" --version)
  bundled=$("$out/vsix/extension/server/boardls" --version)
  echo "   HEAD $want; the archive's server: $archived; the .vsix's server: $bundled"
  for pair in "archive:$archived" "vsix:$bundled"; do
    if [[ ${pair#*:} == *"($want"* ]]; then
      ok "$label: the $(cut -d: -f1 <<<"$pair")'s server is built from $want"
    else
      fail "$label: the $(cut -d: -f1 <<<"$pair")'s server says '${pair#*:}', not built from $want"
    fi
  done
  eval "${label}_id=\$archived"
}

dist_in "$repo" first
# The second checkout reuses the first one's npm packages: the tools are
# the same (same lockfile), and the test stays offline.
if [[ -d $repo/editors/vscode/node_modules ]]; then
  ln -s "$repo/editors/vscode/node_modules" "$second/editors/vscode/node_modules"
fi
dist_in "$second" second
# Back in the first: the shared target directory now holds the second
# checkout's last build.
dist_in "$repo" first
if [[ ${first_id:-a} != "${second_id:-a}" ]]; then
  ok "the two checkouts' servers differ: '${first_id:-}' and '${second_id:-}'"
else
  fail "the two checkouts bundled the same server: '${first_id:-}'"
fi

echo "$passed passed, $failed failed"
((failed == 0))
