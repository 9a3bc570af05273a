#!/usr/bin/env bash
# Instructions and allocations per tick of the benchmark trees in BehaviorTree.CPP 4.10
# (scripts/btcpp/btcpp_bench: the hungry agent and the robot mission over the worlds of perf/src,
# ported to C++), counted as scripts/instructions.sh counts the Rust variants, next to bt's own.
#
#   scripts/btcpp/instructions.sh [STEPS]        (default 50000 steps per run)
#
# Each run is `valgrind --tool=callgrind btcpp_bench TREE STEPS`; a step is the world's update,
# then one decision (one tickExactlyOnce of the tree). Per step:
#
#   step      whole program, minus a 0-step run of the same variant (which removes the setup:
#             loading the XML, building the tree)
#   world     the world's update (inclusive cost of `update_world`)
#   decide    the decision: one tick with everything it calls, leaves included (inclusive cost of
#             `decide`)
#   allocs    calls of the global operator new per step, counted by btcpp_bench's replaced
#             operator new (alloc_count.cpp) over the steps only; the worlds allocate nothing
#   bt        decide of bt's compiled tree (`bt-perf-variants TREE bt`, the same callgrind
#             measure), and btcpp/bt the ratio of the two
#
# Every BehaviorTree.CPP run must end with the checksum of the Rust hand-written variant after
# the same number of steps (same world, same decisions); the script stops if one does not. The
# last line is machine-readable. Reports; asserts no figure.
set -euo pipefail

STEPS=${1:-50000}
ROOT=$(cd "$(dirname "$0")/../.." && pwd)
TARGET=${CARGO_TARGET_DIR:-$ROOT/target}
OUT=$TARGET/btcpp/instructions
mkdir -p "$OUT"

BINDIR=$("$ROOT/scripts/btcpp/build.sh" | sed -n 's/^btcpp bin: //p')
BENCH=$BINDIR/btcpp_bench
(cd "$ROOT" && cargo build -q --release -p bt-perf --bin bt-perf-variants)
RUST=$TARGET/release/bt-perf-variants

# callgrind <name> <steps> <command...>: runs it, prints "total stdout-line"
callgrind() {
    local name=$1 steps=$2
    shift 2
    local file=$OUT/$name.$steps.out line
    line=$(valgrind --tool=callgrind --callgrind-out-file="$file" "$@" 2>/dev/null)
    echo "$(awk '/^(summary|totals):/ { print $2; exit }' "$file") $line"
}

# inclusive <name> <steps> <pattern>: inclusive instructions of the first function matching
inclusive() {
    callgrind_annotate --inclusive=yes --threshold=100 "$OUT/$1.$2.out" 2>/dev/null |
        awk -v m="$3" '!found && index($0, m) { gsub(",", "", $1); print $1; found = 1 }'
}

per() { echo "scale=1; $1 / $STEPS" | bc -l | sed 's/^\./0./'; }
ratio() { echo "scale=2; $1 / $2" | bc -l | sed 's/^\./0./'; }

declare -A STEP WORLD DECIDE ALLOCS SUM
row() { # row <tree> <variant: btcpp|world> <class>
    local tree=$1 variant=$2 class=$3 mode=$1
    [ "$variant" = world ] && mode=$tree-world
    local base total sum allocs
    read -r base _ < <(callgrind "$mode" 0 "$BENCH" "$mode" 0)
    read -r total sum _ allocs _ < <(callgrind "$mode" "$STEPS" "$BENCH" "$mode" "$STEPS")
    STEP[$tree.$variant]=$(per $((total - base)))
    WORLD[$tree.$variant]=$(per "$(inclusive "$mode" "$STEPS" "$class::update_world()")")
    local d
    d=$(inclusive "$mode" "$STEPS" "$class::decide()")
    DECIDE[$tree.$variant]=$(per "${d:-0}")
    ALLOCS[$tree.$variant]=$(per "$allocs")
    SUM[$tree.$variant]=$sum
}

declare -A BT
for tree in hungry mission; do
    class=Hungry
    [ $tree = mission ] && class=Mission
    row $tree btcpp "${class}Btcpp"
    row $tree world "${class}World"
    hand=$("$RUST" $tree hand "$STEPS")
    world=$("$RUST" $tree world "$STEPS")
    if [ "${SUM[$tree.btcpp]}" != "$hand" ] || [ "${SUM[$tree.world]}" != "$world" ]; then
        echo "checksum mismatch: $tree btcpp ${SUM[$tree.btcpp]} world ${SUM[$tree.world]}," \
            "Rust hand $hand world $world" >&2
        exit 1
    fi
    read -r _ _ < <(callgrind "rust-$tree-bt" "$STEPS" "$RUST" $tree bt "$STEPS")
    BT[$tree]=$(per "$(inclusive "rust-$tree-bt" "$STEPS" "as bt_perf::Variant>::decide ")")
done

echo "BehaviorTree.CPP 4.10 (Release, static), instructions per step, $STEPS steps per run (callgrind)"
echo
printf '%-8s %-7s %9s %8s %9s %7s %7s %10s\n' tree variant step world decide allocs bt btcpp/bt
for tree in hungry mission; do
    for v in btcpp world; do
        if [ $v = btcpp ]; then
            printf '%-8s %-7s %9s %8s %9s %7s %7s %10s\n' $tree $v "${STEP[$tree.$v]}" "${WORLD[$tree.$v]}" \
                "${DECIDE[$tree.$v]}" "${ALLOCS[$tree.$v]}" "${BT[$tree]}" "$(ratio "${DECIDE[$tree.$v]}" "${BT[$tree]}")"
        else
            printf '%-8s %-7s %9s %8s %9s %7s %7s %10s\n' $tree $v "${STEP[$tree.$v]}" "${WORLD[$tree.$v]}" \
                - "${ALLOCS[$tree.$v]}" - -
        fi
    done
done
echo
echo "checksums equal to the Rust variants': hungry ${SUM[hungry.btcpp]}, mission ${SUM[mission.btcpp]}"
echo "btcpp: hungry decide=${DECIDE[hungry.btcpp]} allocs=${ALLOCS[hungry.btcpp]} btcpp/bt=$(ratio "${DECIDE[hungry.btcpp]}" "${BT[hungry]}")" \
    "mission decide=${DECIDE[mission.btcpp]} allocs=${ALLOCS[mission.btcpp]} btcpp/bt=$(ratio "${DECIDE[mission.btcpp]}" "${BT[mission]}")"
