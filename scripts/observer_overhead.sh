#!/usr/bin/env bash
# Instruction counts of ticking the same tree N times plainly (`tree.tick`) and with a user-defined
# no-op observer (`tree.tick_with(&mut Noop)`), measured with callgrind; prints both and the ratio.
# A change-tracking observer is measured too, for scale.
#
# Usage: scripts/observer_overhead.sh [TICKS]   (default 100000; needs valgrind)
set -euo pipefail

ticks="${1:-100000}"
cd "$(dirname "$0")/.."
command -v valgrind >/dev/null || { echo "valgrind is not installed" >&2; exit 1; }

cargo build --quiet --release --example observer_overhead
bin="${CARGO_TARGET_DIR:-target}/release/examples/observer_overhead"

# Only instructions executed inside the `run_*` functions (the loops) are counted, so process
# start-up and argument parsing do not dilute the comparison.
count() {
    valgrind --tool=callgrind --callgrind-out-file=/dev/null --toggle-collect='*observer_overhead::run_*' \
        "$bin" "$1" "$ticks" 2>&1 >/dev/null | sed -n 's/.*Collected : \([0-9]*\).*/\1/p'
}

plain=$(count plain)
noop=$(count noop)
changes=$(count changes)

echo "ticks:                           $ticks"
awk -v p="$plain" -v n="$noop" -v c="$changes" -v t="$ticks" 'BEGIN {
    printf "tick() instructions:             %d (%.2f per tick)\n", p, p / t
    printf "tick_with(no-op) instructions:   %d (%.2f per tick)\n", n, n / t
    printf "ratio no-op / plain:             %.6f\n", n / p
    printf "tick_with(ChangeObserver):       %d (%.2f per tick, %.2fx plain)\n", c, c / t, c / p
    if (n > p * 1.01 || n < p * 0.99) { print "FAIL: the no-op observer costs more than 1%"; exit 1 }
}'
