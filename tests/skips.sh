#!/usr/bin/env bash
# Skips as records. A check that cannot run on this machine prints
# `SKIPPED: SUITE: TEST (REASON)` for the reader and appends one record to
# the file that BOARDLS_SKIP_RECORDS names (tests/run.sh sets it); the run
# reads the records, never its log, and allows only what
# tests/allowed-skips.txt allows. A message in a shared log can land in
# the middle of another line (libtest prints `test x ... ` before a
# test's result); a record cannot.
#
#   tests/skips.sh record SUITE TEST REASON   one record, and its message
#   tests/skips.sh check RECORDS [ALLOWED]    each record allowed? (status 1 if not)
#   tests/skips.sh self-test                  the checker on crafted records
#
# A record is one line, three fields separated by tabs:
#
#   SUITE<TAB>TEST<TAB>REASON
#
# SUITE is where the check lives (a module of tests/it, an editor, a
# runner: `daemon/sessions`, `emacs`, `release`), TEST the check (`a peer of
# another user`), REASON why it could not run. A tab or a line break
# inside a field is written as a space. Without BOARDLS_SKIP_RECORDS
# (a suite run alone) a skip is only printed. The writers: `skipped` in
# tests/it/support/mod.rs and benches/common/mod.rs, `recordSkip` in
# tests/skip-record.mjs, and the Lua and Elisp runners' own few lines.
set -euo pipefail

here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)

# A field as a record holds it: no tab, no line break.
field() {
  local text=${1//$'\t'/ }
  text=${text//$'\r'/ }
  printf '%s' "${text//$'\n'/ }"
}

record() {
  local suite test reason
  suite=$(field "$1") test=$(field "$2") reason=$(field "$3")
  echo "SKIPPED: $suite: $test ($reason)" >&2
  if [[ -n ${BOARDLS_SKIP_RECORDS:-} ]]; then
    printf '%s\t%s\t%s\n' "$suite" "$test" "$reason" >>"$BOARDLS_SKIP_RECORDS"
  fi
}

trim() {
  local text=$1
  text=${text#"${text%%[![:space:]]*}"}
  printf '%s' "${text%"${text##*[![:space:]]}"}"
}

# Whether `when` of an entry of allowed-skips.txt holds on this machine.
holds() {
  case $1 in
    always) return 0 ;;
    non-root) (($(id -u) != 0)) ;;
    not-ci) [[ ${CI:-} != true ]] ;;
    *) return 2 ;;
  esac
}

# check RECORDS [ALLOWED]: prints each skip and whether it is allowed;
# status 1 when one is not, or a record or an entry cannot be read.
check() {
  local records=$1 allowed=${2:-$here/allowed-skips.txt}
  local -A when_of=()
  local entry name when why status=0
  while IFS= read -r entry || [[ -n $entry ]]; do
    [[ -z $(trim "$entry") || $entry == \#* ]] && continue
    IFS='|' read -r name when why <<<"$entry"
    name=$(trim "$name") when=$(trim "$when") why=$(trim "${why:-}")
    if [[ -z $why ]]; then
      echo "error: $allowed: an entry without its reason: $entry" >&2
      status=1
      continue
    fi
    local known=0
    holds "$when" || known=$?
    if ((known == 2)); then
      echo "error: $allowed: \`$when\` is not a condition (always, non-root, not-ci): $entry" >&2
      status=1
      continue
    fi
    when_of[$name]=$when
  done <"$allowed"

  local count=0 refused=0 line suite test reason extra
  local -a allowed_lines=() refused_lines=()
  while IFS= read -r line || [[ -n $line ]]; do
    [[ -z $line ]] && continue
    IFS=$'\t' read -r suite test reason extra <<<"$line"
    if [[ -z $suite || -z $test || -z ${reason:-} || -n ${extra:-} ]]; then
      echo "error: a skip record is not SUITE<TAB>TEST<TAB>REASON: ${line//$'\t'/<TAB>}" >&2
      status=1
      continue
    fi
    count=$((count + 1))
    name="$suite: $test"
    when=${when_of[$name]:-}
    if [[ -n $when ]] && holds "$when"; then
      allowed_lines+=("SKIPPED: $name ($reason): allowed ($when)")
    elif [[ -n $when ]]; then
      refused_lines+=("error: SKIPPED: $name ($reason): allowed only when $when, not on this machine")
      refused=$((refused + 1))
    else
      refused_lines+=("error: SKIPPED: $name ($reason): not in $allowed")
      refused=$((refused + 1))
    fi
  done <"$records"
  # The same skip of many steps once, with its number.
  if ((${#allowed_lines[@]})); then
    printf '%s\n' "${allowed_lines[@]}" | sort | uniq -c
  fi
  if ((${#refused_lines[@]})); then
    printf '%s\n' "${refused_lines[@]}" | sort | uniq -c >&2
  fi
  echo "checks skipped on this machine: $count"
  if ((refused > 0)); then
    echo "error: $refused skip(s) not allowed (tests/allowed-skips.txt)" >&2
    status=1
  fi
  return "$status"
}

# The checker on crafted records: each case's expected status.
self_test() {
  local failures=0
  scratch=$(mktemp -d)
  trap 'rm -rf "$scratch"' EXIT
  cat >"$scratch/allowed.txt" <<'EOF'
# comment
daemon/sessions: a peer of another user | non-root | only root can connect as another user
emacs: scenario op inlay | always | eglot 1.9 has no inlay hints
release: cargo package | not-ci | BOARDLS_SLOW_TESTS=1 runs it
EOF
  expect() {
    local want=$1 what=$2 got=0
    shift 2
    "$@" >"$scratch/out" 2>&1 || got=$?
    if ((got == want)); then
      echo "ok: $what"
    else
      echo "FAILED: $what: status $got, expected $want" >&2
      sed 's/^/    /' "$scratch/out" >&2
      failures=$((failures + 1))
    fi
  }
  # A test's skip printed while libtest's `test x ... ` line is open: the
  # message lands mid-line in the log, and the record is there all the same.
  : >"$scratch/records"
  {
    printf 'test lsp_workspace::unreadable ... '
    BOARDLS_SKIP_RECORDS="$scratch/records" record lsp_workspace "an unreadable file" "file modes do not apply here" 2>&1
    printf 'ok\n'
  } >"$scratch/log"
  if grep -q '^SKIPPED:' "$scratch/log"; then
    echo "FAILED: the crafted log should hold its skip mid-line" >&2
    failures=$((failures + 1))
  fi
  expect 1 "a skip printed mid-line that allowed-skips.txt does not allow fails the run" \
    check "$scratch/records" "$scratch/allowed.txt"

  : >"$scratch/none"
  expect 0 "no record: the run passes" check "$scratch/none" "$scratch/allowed.txt"
  printf 'emacs\tscenario op inlay\teglot 1.9 has no inlay hints\n' >"$scratch/always"
  expect 0 "an \`always\` entry allows its skip" check "$scratch/always" "$scratch/allowed.txt"
  printf 'emacs\tscenario op tokens\teglot 1.9 has no semantic tokens\n' >"$scratch/other"
  expect 1 "another test of an allowed suite fails the run" check "$scratch/other" "$scratch/allowed.txt"
  printf 'daemon/sessions\ta peer of another user\tneeds root\n' >"$scratch/root"
  if (($(id -u) == 0)); then
    expect 1 "a \`non-root\` skip fails a run as root" check "$scratch/root" "$scratch/allowed.txt"
  else
    expect 0 "a \`non-root\` skip passes a run as another user" check "$scratch/root" "$scratch/allowed.txt"
  fi
  printf 'release\tcargo package\tBOARDLS_SLOW_TESTS is not 1\n' >"$scratch/slow"
  expect 1 "a \`not-ci\` skip fails a run under CI=true" env CI=true bash "$here/skips.sh" check "$scratch/slow" "$scratch/allowed.txt"
  expect 0 "a \`not-ci\` skip passes a run elsewhere" env CI= bash "$here/skips.sh" check "$scratch/slow" "$scratch/allowed.txt"
  printf 'emacs scenario op inlay\n' >"$scratch/torn"
  expect 1 "a record that is not three fields fails the run" check "$scratch/torn" "$scratch/allowed.txt"
  printf 'x: y | sometimes | why\n' >"$scratch/bad-allowed.txt"
  expect 1 "an entry with an unknown condition fails the run" check "$scratch/none" "$scratch/bad-allowed.txt"
  printf 'x: y | always |\n' >"$scratch/no-reason.txt"
  expect 1 "an entry without its reason fails the run" check "$scratch/none" "$scratch/no-reason.txt"
  # Fields are kept one line each: a tab or line break becomes a space.
  BOARDLS_SKIP_RECORDS="$scratch/written" record "a$(printf '\t')b" "two
lines" "why" 2>/dev/null
  if [[ $(cat "$scratch/written") == $'a b\ttwo lines\twhy' ]]; then
    echo "ok: a field's tab and line break are written as spaces"
  else
    echo "FAILED: record wrote: $(cat -A "$scratch/written")" >&2
    failures=$((failures + 1))
  fi
  if ((failures > 0)); then
    echo "tests/skips.sh self-test: $failures failure(s)" >&2
    return 1
  fi
  echo "tests/skips.sh self-test: all passed"
}

case ${1:-} in
  record)
    (($# == 4)) || { echo "usage: $0 record SUITE TEST REASON" >&2; exit 2; }
    record "$2" "$3" "$4"
    ;;
  check)
    (($# == 2 || $# == 3)) || { echo "usage: $0 check RECORDS [ALLOWED]" >&2; exit 2; }
    check "$2" "${3:-}"
    ;;
  self-test) self_test ;;
  *)
    echo "usage: $0 record SUITE TEST REASON | check RECORDS [ALLOWED] | self-test" >&2
    exit 2
    ;;
esac
