#!/bin/sh
# Runs every fuzz target in turn, one process each (-jobs=1: the machine's
# cores are shared), for the given number of seconds per target.
# Usage: fuzz/run-all.sh [seconds] [targets...]
set -u
cd "$(dirname "$0")"
seconds=${1:-300}
shift 2>/dev/null || true
targets=${*:-"document_edits parse_uttt parse_go9 parse_tomek frames"}
mkdir -p logs
for target in $targets; do
    echo "== $target ($seconds s)"
    cargo +nightly fuzz run -O --debug-assertions "$target" -- \
        -max_total_time="$seconds" -print_final_stats=1 >"logs/$target.log" 2>&1
    echo "exit $? ; $(grep -E 'stat::number_of_executed_units|Done [0-9]+ runs' "logs/$target.log" | tr '\n' ' ')"
done
