#!/bin/sh
# Runs every fuzz target in turn, one process each (-jobs=1: the machine's
# cores are shared), for the given number of seconds per target.
# Usage: fuzz/run-all.sh [seconds] [targets...]
set -u
cd "$(dirname "$0")"
seconds=${1:-300}
shift 2>/dev/null || true
targets=${*:-"document_edits parse_uttt parse_go9 parse_tomek frames setter_inputs cache_edits"}
mkdir -p logs
failed=""
for target in $targets; do
    echo "== $target ($seconds s)"
    cargo +nightly fuzz run -O --debug-assertions "$target" -- \
        -max_total_time="$seconds" -print_final_stats=1 >"logs/$target.log" 2>&1
    status=$?
    echo "exit $status ; $(grep -E 'stat::number_of_executed_units|Done [0-9]+ runs' "logs/$target.log" | tr '\n' ' ')"
    [ "$status" -eq 0 ] || failed="$failed $target"
done
# A crash (or a target that did not build) fails the run; its input is
# under fuzz/artifacts/ and the log under fuzz/logs/.
if [ -n "$failed" ]; then
    echo "failed:$failed" >&2
    exit 1
fi
