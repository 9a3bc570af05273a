#!/usr/bin/env bash
# Instruction counts of ticking one async leaf N times while its future waits, next to a closure
# leaf, measured with callgrind (see examples/async_overhead.rs for what each case does).
# Reported, never asserted.
#
# Usage: scripts/async_overhead.sh [TICKS]   (default 100000; needs valgrind)
set -euo pipefail

ticks="${1:-100000}"
cd "$(dirname "$0")/.."
command -v valgrind >/dev/null || { echo "valgrind is not installed" >&2; exit 1; }

cargo build --quiet --release --example async_overhead
bin="${CARGO_TARGET_DIR:-target}/release/examples/async_overhead"

# Only instructions executed inside `run_ticks` (the loop) are counted.
count() {
    valgrind --tool=callgrind --callgrind-out-file=/dev/null --toggle-collect='*async_overhead::run_ticks*' \
        "$bin" "$1" "$ticks" 2>&1 >/dev/null | sed -n 's/.*Collected : \([0-9]*\).*/\1/p'
}

echo "ticks: $ticks (instructions per tick, the loop included)"
for kind in closure unpin boxed when_woken woken noop; do
    n=$(count "$kind")
    awk -v k="$kind" -v n="$n" -v t="$ticks" 'BEGIN { printf "  %-11s %8.2f\n", k, n / t }'
done
