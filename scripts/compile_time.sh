#!/usr/bin/env bash
# How long a crate holding one large bt! tree takes to compile, and how much of that is the macro.
#
#   scripts/compile_time.sh [NODES]      (default 1000)
#
# `tools/gen_tree` writes three versions of the same small crate (a `World`, two leaf types, and a
# `run` function that ticks the tree), under target/compile-time/:
#
#   macro     the tree written with bt!
#   expanded  the same tree written as the code bt! expands to (runtime constructors and the
#             builder that ties the leaves to the context), with no macro call
#   none      the crate without the tree (a one-leaf tree instead): the baseline
#   hand      the same decisions written by hand (one tick and one halt function per node), for
#             comparison: what the same logic costs to compile without bt
#
# Dependencies are built once; then each crate's library is rebuilt from a touched src/lib.rs,
# several times, and the fastest run is kept (the machine is shared: the minimum is the least
# disturbed). `cargo check` runs the front end only (parsing, macro expansion, name resolution,
# type and borrow checking); `cargo build --release` adds MIR optimisation and LLVM code
# generation. So, for the tree:
#
#   cost of the tree, release build   = build(macro) - build(none)
#   of which the macro                = check(macro) - check(expanded)   (expansion, and parsing the
#                                       token stream it returns, in place of parsing source)
#   front end (type checking, …)      = check(expanded) - check(none)
#   back end (MIR opt, LLVM)          = the rest
#
# Everything is measured on stable Rust with wall-clock times (no -Z flags).
set -euo pipefail

NODES=${1:-1000}
RUNS=${RUNS:-3}
ROOT=$(cd "$(dirname "$0")/.." && pwd)
# The bt package to build against (this checkout unless BT_PATH says otherwise).
BT_PATH=${BT_PATH:-$ROOT}
OUT=${OUT:-$ROOT/target/compile-time}
TARGET=$OUT/target

cd "$ROOT"
cargo build -q -p gen_tree
GEN=${CARGO_TARGET_DIR:-$ROOT/target}/debug/gen_tree
for form in macro expanded none hand; do
    "$GEN" crate "$OUT/$form" "$NODES" "$form" --path "$BT_PATH" 2>/dev/null
done
"$GEN" crate "$OUT/macro" "$NODES" macro --path "$BT_PATH" 2>&1 | sed 's/^/generated: /'

# Dependencies (bt and its macro crate), once, for check and release.
for form in macro; do
    (cd "$OUT/$form" && CARGO_TARGET_DIR=$TARGET cargo build -q --release --lib &&
        CARGO_TARGET_DIR=$TARGET cargo check -q --lib)
done

now() { date +%s.%N; }

# best_of <form> <cargo args...>: fastest of $RUNS rebuilds of the crate's library, in seconds.
best_of() {
    local form=$1
    shift
    local best=""
    for _ in $(seq "$RUNS"); do
        touch "$OUT/$form/src/lib.rs"
        local t0 t1
        t0=$(now)
        (cd "$OUT/$form" && CARGO_TARGET_DIR=$TARGET cargo "$@" -q --lib)
        t1=$(now)
        local t
        t=$(echo "$t1 - $t0" | bc -l)
        if [ -z "$best" ] || [ "$(echo "$t < $best" | bc -l)" = 1 ]; then best=$t; fi
    done
    printf '%.2f' "$best"
}

declare -A BUILD CHECK
for form in macro expanded none hand; do
    BUILD[$form]=$(best_of "$form" build --release)
    CHECK[$form]=$(best_of "$form" check)
done

sub() { printf '%.2f' "$(echo "$1 - $2" | bc -l)"; }

tree=$(sub "${BUILD[macro]}" "${BUILD[none]}")
macro=$(sub "${CHECK[macro]}" "${CHECK[expanded]}")
front=$(sub "${CHECK[expanded]}" "${CHECK[none]}")
back=$(sub "$tree" "$(echo "$macro + $front" | bc -l)")

echo
echo "release build of the crate's library (best of $RUNS, dependencies already built):"
printf '  %-32s %6ss   (check %ss)\n' "with the bt! tree:" "${BUILD[macro]}" "${CHECK[macro]}"
printf '  %-32s %6ss   (check %ss)\n' "with the expanded tree:" "${BUILD[expanded]}" "${CHECK[expanded]}"
printf '  %-32s %6ss   (check %ss)\n' "without the tree:" "${BUILD[none]}" "${CHECK[none]}"
printf '  %-32s %6ss   (check %ss)\n' "same logic written by hand:" "${BUILD[hand]}" "${CHECK[hand]}"
echo
echo "where the tree's ${tree}s go:"
printf '  %-32s %6ss\n' "bt! (expansion)" "$macro"
printf '  %-32s %6ss\n' "front end (types, borrowck)" "$front"
printf '  %-32s %6ss\n' "back end (MIR opt, LLVM)" "$back"
echo "compile-time nodes=$NODES build=${BUILD[macro]}s tree=${tree}s macro=${macro}s front=${front}s back=${back}s hand=${BUILD[hand]}s"
