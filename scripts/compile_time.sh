#!/usr/bin/env bash
# How long a crate holding one large bt! tree takes to compile, against the same decisions written
# by hand, and how much of that is the macro.
#
#   scripts/compile_time.sh [NODES]      (default 1000: a tree of 1 003 nodes)
#
# `tools/gen_tree` writes four versions of the same small crate (a `World`, two leaf types, and a
# `run` function that ticks the tree), under target/compile-time/:
#
#   macro     the tree written with bt!
#   expanded  the tree written as the statements bt! expands to (one `let` per spec, leaf and
#             node, composed by the runtime's constructors), without the description bt! adds
#   none      the crate without the tree (a one-leaf tree instead): the baseline
#   hand      the same decisions written by hand (one tick and one halt function per node, as a
#             programmer writes a state machine): what the same logic costs to compile without bt
#
# What is measured: the user + system CPU time of the one rustc process that compiles the crate's
# library (dependencies are built first, once; a RUSTC_WRAPPER runs each rustc under
# /usr/bin/time), not the wall clock: the machine is shared, and CPU time is what load disturbs
# least. The forms are run in turn, round after round (macro, expanded, none, hand, macro, …), so
# that load hits them alike, and each form's fastest of RUNS rounds is kept.
#
# `cargo check` runs the front end only (parsing, macro expansion, name resolution, type and
# borrow checking); `cargo build --release` adds MIR optimisation and LLVM code generation. So:
#
#   ratio bt/hand                      = build(macro) / build(hand)     (the bar: at most 1.1)
#   cost of the tree, release build    = build(macro) - build(none)
#   of which bt!'s expansion and the   = check(macro) - check(expanded)
#     description it adds
#   front end of the tree              = check(expanded) - check(none)
#   back end (MIR opt, LLVM)           = the rest
#
# And for a small tree (SMALL nodes, default 40), `cargo check` with the bt! tree less `cargo
# check` without it: the macro's time and the type checking of what it wrote, so a bound on the
# macro's time on a small tree (the bar: under 100 ms).
#
# Everything runs on stable Rust (no -Z flags).
set -euo pipefail

NODES=${1:-1000}
SMALL=${SMALL:-40}
RUNS=${RUNS:-3}
ROOT=$(cd "$(dirname "$0")/.." && pwd)
# The bt package to build against (this checkout unless BT_PATH says otherwise).
BT_PATH=${BT_PATH:-$ROOT}
OUT=${OUT:-$ROOT/target/compile-time}
TARGET=$OUT/target
FORMS=(macro expanded none hand)

cd "$ROOT"
cargo build -q -p gen_tree
GEN=${CARGO_TARGET_DIR:-$ROOT/target}/debug/gen_tree
for form in "${FORMS[@]}"; do
    "$GEN" crate "$OUT/$form" "$NODES" "$form" --path "$BT_PATH" 2>/dev/null
done
"$GEN" crate "$OUT/macro" "$NODES" macro --path "$BT_PATH" 2>&1 | sed 's/^/generated: /'
for form in macro none; do
    "$GEN" crate "$OUT/small-$form" "$SMALL" "$form" --path "$BT_PATH" 2>/dev/null
done
"$GEN" crate "$OUT/small-macro" "$SMALL" macro --path "$BT_PATH" 2>&1 | sed 's/^/generated: /'

# The wrapper cargo runs rustc through: appends "<user> <system>" (seconds) to $BT_CPU_LOG.
WRAP=$OUT/time-rustc.sh
mkdir -p "$OUT"
cat >"$WRAP" <<'EOF'
#!/usr/bin/env bash
exec /usr/bin/time -f '%U %S' -a -o "${BT_CPU_LOG:-/dev/null}" "$@"
EOF
chmod +x "$WRAP"
export RUSTC_WRAPPER=$WRAP
LOG=$OUT/cpu.log

# Dependencies (bt and its macro crate), once, for check and release.
(cd "$OUT/macro" && CARGO_TARGET_DIR=$TARGET cargo build -q --release --lib &&
    CARGO_TARGET_DIR=$TARGET cargo check -q --lib)

# cpu <dir> <cargo args...>: the CPU time (user + system, seconds) of rebuilding the crate's
# library in <dir>, from a touched src/lib.rs.
cpu() {
    local dir=$1
    shift
    touch "$dir/src/lib.rs"
    : >"$LOG"
    (cd "$dir" && BT_CPU_LOG=$LOG CARGO_TARGET_DIR=$TARGET cargo "$@" -q --lib)
    # The library's rustc is the only one cargo runs (its dependencies are fresh).
    awk '{ t += $1 + $2 } END { printf "%.2f", t }' "$LOG"
}

min() { if [ -z "$1" ] || [ "$(echo "$2 < $1" | bc -l)" = 1 ]; then echo "$2"; else echo "$1"; fi; }

declare -A BUILD CHECK
for round in $(seq "$RUNS"); do
    for form in "${FORMS[@]}"; do
        BUILD[$form]=$(min "${BUILD[$form]:-}" "$(cpu "$OUT/$form" build --release)")
        CHECK[$form]=$(min "${CHECK[$form]:-}" "$(cpu "$OUT/$form" check)")
    done
    for form in macro none; do
        CHECK[small-$form]=$(min "${CHECK[small-$form]:-}" "$(cpu "$OUT/small-$form" check)")
    done
    echo "round $round of $RUNS: bt! ${BUILD[macro]}s, hand ${BUILD[hand]}s (best so far)" >&2
done

sub() { printf '%.2f' "$(echo "$1 - $2" | bc -l)"; }

tree=$(sub "${BUILD[macro]}" "${BUILD[none]}")
macro=$(sub "${CHECK[macro]}" "${CHECK[expanded]}")
front=$(sub "${CHECK[expanded]}" "${CHECK[none]}")
back=$(sub "$tree" "$(echo "$macro + $front" | bc -l)")
ratio=$(printf '%.2f' "$(echo "${BUILD[macro]} / ${BUILD[hand]}" | bc -l)")
small_ms=$(printf '%.0f' "$(echo "(${CHECK[small-macro]} - ${CHECK[small-none]}) * 1000" | bc -l)")

echo
echo "compiling the crate's library: user + system CPU time of rustc, best of $RUNS rounds"
echo "(dependencies already built):"
printf '  %-32s %6ss   (check %ss)\n' "with the bt! tree:" "${BUILD[macro]}" "${CHECK[macro]}"
printf '  %-32s %6ss   (check %ss)\n' "with the expanded tree:" "${BUILD[expanded]}" "${CHECK[expanded]}"
printf '  %-32s %6ss   (check %ss)\n' "without the tree:" "${BUILD[none]}" "${CHECK[none]}"
printf '  %-32s %6ss   (check %ss)\n' "same logic written by hand:" "${BUILD[hand]}" "${CHECK[hand]}"
echo
echo "where the tree's ${tree}s go:"
printf '  %-32s %6ss\n' "bt! (expansion, description)" "$macro"
printf '  %-32s %6ss\n' "front end (types, borrowck)" "$front"
printf '  %-32s %6ss\n' "back end (MIR opt, LLVM)" "$back"
echo
echo "a small tree ($SMALL nodes): cargo check with it less without it: ${small_ms} ms (the bar: under 100)"
echo "ratio bt/hand=$ratio (release build, the bar: at most 1.1)"
echo "compile-time nodes=$NODES build=${BUILD[macro]}s hand=${BUILD[hand]}s ratio=$ratio tree=${tree}s macro=${macro}s front=${front}s back=${back}s small_check=${small_ms}ms"
