#!/usr/bin/env bash
# The pre-commit hooks of .pre-commit-hooks.yaml, run by the real
# pre-commit (which builds boardls from this checkout with cargo, as
# `language: rust` does) on a scratch repository:
# a good board file passes both hooks; a broken one fails boardls-check; a
# badly laid out one is rewritten by boardls-fmt (which then fails, as
# pre-commit does when a hook changes files).
#
#   tests/release/pre_commit.sh
#
# pre-commit comes from PyPI, pinned, into .tools/ (BOARDLS_TOOLS).
# Ends with `N passed, N failed`.
set -euo pipefail

here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
repo=$(cd "$here/../.." && pwd)
tools=${BOARDLS_TOOLS:-$repo/.tools}
PRE_COMMIT_VERSION=4.7.0
venv="$tools/pre-commit-$PRE_COMMIT_VERSION"
if [[ ! -x $venv/bin/pre-commit ]]; then
  echo "[install] pre-commit $PRE_COMMIT_VERSION from PyPI into $venv" >&2
  rm -rf "$venv"
  python3 -m venv "$venv"
  "$venv/bin/pip" install --quiet --disable-pip-version-check "pre-commit==$PRE_COMMIT_VERSION"
fi
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT
# pre-commit's own cache (the built hook environments), kept with the tools.
export PRE_COMMIT_HOME="$tools/pre-commit-cache"
# Its `cargo install` shares the suite's release dependencies.
export CARGO_TARGET_DIR=${CARGO_TARGET_DIR:-$repo/target}

passed=0
failed=0
ok() { echo "ok: $*"; passed=$((passed + 1)); }
fail() { echo "FAILED: $*" >&2; failed=$((failed + 1)); }

# The hooks come from one snapshot of this checkout's work tree (new files
# included), committed in a clone, and run by `pre-commit run` with a
# configuration naming that clone and commit: what `pre-commit try-repo`
# does, except that try-repo builds the hooks (a `cargo install`) in a
# store of its own at each call, where this builds them once for the four
# runs, in pre-commit's store.
hooks="$scratch/hooks"
index="$scratch/index"
cp "$(git -C "$repo" rev-parse --path-format=absolute --git-path index)" "$index"
GIT_INDEX_FILE=$index git -C "$repo" add --all
snapshot=$(git -C "$repo" -c user.name=test -c user.email=test@example.invalid commit-tree \
  "$(GIT_INDEX_FILE=$index git -C "$repo" write-tree)" -p HEAD -m "the work tree, for pre-commit")
git clone --quiet --shared --no-checkout "$repo" "$hooks"
git -C "$hooks" checkout --quiet -b snapshot "$snapshot"

project="$scratch/project"
mkdir -p "$project"
cd "$project"
git init --quiet
git config user.email test@example.invalid
git config user.name test
cp "$repo/tests/editors/fixtures/sample.tomek" good.tomek
cp "$repo/tests/editors/fixtures/messy.tomek" messy.tomek
cp "$repo/tests/editors/fixtures/broken.tomek" broken.tomek
cat >.pre-commit-config.yaml <<EOF
repos:
  - repo: $hooks
    rev: $snapshot
    hooks:
      - id: boardls-check
      - id: boardls-fmt
EOF
git add .pre-commit-config.yaml good.tomek messy.tomek broken.tomek

try() {
  local hook=$1
  shift
  "$venv/bin/pre-commit" run "$hook" --files "$@" >"$scratch/out" 2>&1
}

if try boardls-check good.tomek; then
  ok "boardls-check passes a good file"
else
  cat "$scratch/out" >&2
  fail "boardls-check failed a good file"
fi
if try boardls-check broken.tomek; then
  fail "boardls-check passed a broken file"
elif grep -q 'broken.tomek:3:2: error' "$scratch/out"; then
  ok "boardls-check fails a broken file and names the error"
else
  cat "$scratch/out" >&2
  fail "boardls-check failed without the error's line"
fi
if try boardls-fmt good.tomek && git diff --quiet good.tomek; then
  ok "boardls-fmt leaves a formatted file alone"
else
  cat "$scratch/out" >&2
  fail "boardls-fmt changed or failed on a formatted file"
fi
if try boardls-fmt messy.tomek; then
  fail "boardls-fmt reported no change on a messy file"
elif [[ $(tail -n +2 messy.tomek) == $'1\nXXXT\n....\nOO..\n....' ]]; then
  ok "boardls-fmt rewrites a messy file (and fails the commit, as pre-commit does)"
else
  cat "$scratch/out" messy.tomek >&2
  fail "boardls-fmt did not rewrite the messy file as expected"
fi

echo "$passed passed, $failed failed"
((failed == 0))
