#!/usr/bin/env bash
# Instructions per tick of every variant, counted by callgrind: the figure of record for tick cost
# (timings on a shared machine are noise; instruction counts repeat exactly).
#
#   scripts/instructions.sh [STEPS]        (default 50000 steps per run)
#
# Trees: the hungry agent, the robot mission (perf/src/mission), the trees written with their
# hand-written programs in mind (TREES: perf/src/nav2, perf/src/soldier, perf/src/drone) and the synthetic trees of the
# generator's five seeds (`synthetic` is seed 0, with the world-only row; `synthetic1`..4 the others).
# Each variant of `bt-perf-variants` (perf/src/bin/variants.rs) runs STEPS steps under
# `valgrind --tool=callgrind`; a step is the world's update, then one decision (one tick of the
# tree). The hungry agent's `custom` variant is its `bt!` tree built from node kinds written in
# perf/src/hungry/custom.rs with the public extension API, next to the built-in `bt` row, and
# `short` the same tree with those node kinds in short form (`bt::short`, perf/src/hungry/short.rs:
# its repeat, selector and sequence; the parallel stays the long form's); the
# `loaded` rows (hungry agent, mission) are the same trees loaded when the program runs, from XML
# through `bt::load`, over the same leaves. When BehaviorTree.CPP's bench is built
# (scripts/btcpp/build.sh), its rows for the same two trees follow (`btcpp`, measured the same
# way, its checksum checked against the hand-written variant's). Per step:
#
#   step      whole program, minus a 0-step run of the same variant (which removes the setup)
#   world     the world's update (inclusive cost of `update_world`)
#   decide    the decision: one tree tick with everything it calls, leaves included (inclusive
#             cost of `decide`)
#   step-(e)  step minus the world-only variant's step
#   overhead  decide minus the hand-written variant's decide: what the way of deciding costs on top
#             of the leaves' own work (the leaves are the same code in every variant)
#
# Ratios are taken on `decide`. (`step-(e)` is shown too, but the world-only variant's world is
# not the same world: with nobody deciding, its agent never walks or refills and its update is
# cheaper, so step-(e) counts that difference as deciding.) Every variant of a tree must end with
# the same checksum; the script stops if one does not. The last line is machine-readable.
#
# PROFILE chooses the release profile the Rust variants are built with, each in a target
# directory of its own: `default` (Cargo's release profile), `fat` (`lto = "fat"`,
# `codegen-units = 1`) or `thin` (`lto = "thin"`), set through Cargo's CARGO_PROFILE_RELEASE_*
# variables (PROFILE=fat scripts/instructions.sh 20000); without PROFILE, or with PROFILE=all, the
# script runs all three in turn (BehaviorTree.CPP's rows, which no Rust profile changes, with the
# default profile only) and its last line gives every tree's bt/hand and bt/dyn under each profile,
# and the largest of each over all of them.
set -euo pipefail

STEPS=${1:-50000}
PROFILE=${PROFILE:-all}
ROOT=$(cd "$(dirname "$0")/.." && pwd)
BASE=${CARGO_TARGET_DIR:-$ROOT/target}
if [ "$PROFILE" = all ]; then
    every= hmax=0 xmax=0
    for p in default fat thin; do
        echo "==== PROFILE=$p"
        log=$BASE/instructions-$p.log
        mkdir -p "$BASE"
        if [ $p = default ]; then
            PROFILE=$p "$0" "$STEPS" | tee "$log"
        else
            PROFILE=$p BTCPP_ROWS=0 "$0" "$STEPS" | tee "$log"
        fi
        echo
        trees=$(sed -n 's/^every tree (bt\/hand \/ bt\/dyn)://p' "$log")
        h=$(sed -n 's/.* all trees: bt\/hand max=\([0-9.]*\) .*/\1/p' "$log")
        x=$(sed -n 's/.* bt\/dyn max=\([0-9.]*\) profile=.*/\1/p' "$log")
        every="$every $p:$trees;"
        [ "$(echo "$h > $hmax" | bc -l)" = 1 ] && hmax=$h
        [ "$(echo "$x > $xmax" | bc -l)" = 1 ] && xmax=$x
    done
    echo "every profile, every tree (bt/hand / bt/dyn):$every all: bt/hand max=$hmax bt/dyn max=$xmax"
    exit 0
fi
case $PROFILE in
    default) TARGET=$BASE ;;
    fat)
        export CARGO_PROFILE_RELEASE_LTO=fat CARGO_PROFILE_RELEASE_CODEGEN_UNITS=1
        TARGET=$BASE/profile-fat
        ;;
    thin)
        export CARGO_PROFILE_RELEASE_LTO=thin
        TARGET=$BASE/profile-thin
        ;;
    *)
        echo "PROFILE is all, default, fat or thin, not $PROFILE" >&2
        exit 2
        ;;
esac
export CARGO_TARGET_DIR=$TARGET
OUT=$TARGET/instructions
BIN=$TARGET/release/bt-perf-variants
mkdir -p "$OUT"

cd "$ROOT"
cargo build -q --release -p bt-perf --bin bt-perf-variants

# callgrind <tree> <variant> <steps>: runs it, prints "total checksum"
callgrind() {
    local file=$OUT/$1.$2.$3.out
    local sum
    sum=$(valgrind --tool=callgrind --callgrind-out-file="$file" "$BIN" "$1" "$2" "$3" 2>/dev/null)
    echo "$(awk '/^(summary|totals):/ { print $2; exit }' "$file") $sum"
}

# inclusive <tree> <variant> <steps> <method>: inclusive instructions of Variant::<method>
# (awk reads to the end: leaving early would end callgrind_annotate with SIGPIPE, which `pipefail`
# makes the script's failure.)
inclusive() {
    callgrind_annotate --inclusive=yes "$OUT/$1.$2.$3.out" 2>/dev/null |
        awk -v m="as bt_perf::Variant>::$4 " '!done && index($0, m) { gsub(",", "", $1); print $1; done = 1 }'
}

per() { echo "scale=1; $1 / $STEPS" | bc -l; }
ratio() { echo "scale=3; $1 / $2" | bc -l | sed 's/^\./0./'; }

declare -A STEP WORLD DECIDE
row() {
    local tree=$1 variant=$2
    read -r base _ < <(callgrind "$tree" "$variant" 0)
    read -r total sum < <(callgrind "$tree" "$variant" "$STEPS")
    STEP[$tree.$variant]=$(per $((total - base)))
    WORLD[$tree.$variant]=$(per "$(inclusive "$tree" "$variant" "$STEPS" update_world)")
    local d
    d=$(inclusive "$tree" "$variant" "$STEPS" decide)
    DECIDE[$tree.$variant]=$(per "${d:-0}")
    SUM[$tree.$variant]=$sum
}

declare -A SUM
HUNGRY="bt custom short loaded hand dyn bonsai world"
SYNTHETIC="bt hand dyn world"
MISSION="bt loaded hand dyn world"
for v in $HUNGRY; do row hungry "$v"; done
for v in $MISSION; do row mission "$v"; done
for v in $SYNTHETIC; do row synthetic "$v"; done
# Trees written by people, each with a hand-written program designed for its decision logic.
TREES="nav2 soldier drone"
for t in $TREES; do for v in bt hand dyn world; do row "$t" "$v"; done; done
# The synthetic trees of the generator's other seeds (tools/gen_tree, generated at build time).
SEEDS="synthetic1 synthetic2 synthetic3 synthetic4"
for t in $SEEDS; do for v in bt hand dyn; do row "$t" "$v"; done; done

# Same simulation in every deciding variant.
for tree in hungry mission synthetic $SEEDS $TREES; do
    for v in bt custom short loaded dyn bonsai; do
        case $tree.$v in synthetic.bonsai | synthetic.custom | synthetic.short | synthetic.loaded | mission.bonsai | mission.custom | mission.short) continue ;; esac
        [ -n "${SUM[$tree.$v]:-}" ] || continue
        if [ "${SUM[$tree.$v]}" != "${SUM[$tree.hand]}" ]; then
            echo "checksum mismatch: $tree $v ${SUM[$tree.$v]} != hand ${SUM[$tree.hand]}" >&2
            exit 1
        fi
    done
done

# BehaviorTree.CPP 4.10 on the same trees, when its bench is built (scripts/btcpp/build.sh).
BTCPP_BENCH=$BASE/btcpp/build/bin/btcpp_bench
BTCPP=
declare -A BTCPP_ALLOCS
if [ -x "$BTCPP_BENCH" ] && [ "${BTCPP_ROWS:-1}" != 0 ]; then
    BTCPP=1
    btcpp_row() { # btcpp_row <tree> <class>
        local tree=$1 class=$2 base total sum allocs file
        base=$(valgrind --tool=callgrind --callgrind-out-file="$OUT/$tree.btcpp.0.out" "$BTCPP_BENCH" "$tree" 0 >/dev/null 2>&1 &&
            awk '/^(summary|totals):/ { print $2; exit }' "$OUT/$tree.btcpp.0.out")
        file=$OUT/$tree.btcpp.$STEPS.out
        local line
        line=$(valgrind --tool=callgrind --callgrind-out-file="$file" "$BTCPP_BENCH" "$tree" "$STEPS" 2>/dev/null)
        read -r sum _ allocs _ <<<"$line"
        total=$(awk '/^(summary|totals):/ { print $2; exit }' "$file")
        STEP[$tree.btcpp]=$(per $((total - base)))
        local w d
        w=$(callgrind_annotate --inclusive=yes --threshold=100 "$file" 2>/dev/null |
            awk -v m="${class}::update_world()" '!f && index($0, m) { gsub(",", "", $1); print $1; f = 1 }')
        d=$(callgrind_annotate --inclusive=yes --threshold=100 "$file" 2>/dev/null |
            awk -v m="${class}::decide()" '!f && index($0, m) { gsub(",", "", $1); print $1; f = 1 }')
        WORLD[$tree.btcpp]=$(per "${w:-0}")
        BTCPP_ALLOCS[$tree]=$(per "$allocs" | sed 's/^\./0./')
        DECIDE[$tree.btcpp]=$(per "${d:-0}")
        if [ "$sum" != "${SUM[$tree.hand]}" ]; then
            echo "checksum mismatch: $tree btcpp $sum != hand ${SUM[$tree.hand]}" >&2
            exit 1
        fi
    }
    btcpp_row hungry HungryBtcpp
    btcpp_row mission MissionBtcpp
    HUNGRY="$HUNGRY btcpp"
    MISSION="$MISSION btcpp"
fi

echo "instructions per step, $STEPS steps per run (callgrind), release profile: $PROFILE"
echo
printf '%-10s %-7s %9s %8s %9s %9s %9s %9s\n' tree variant step world decide 'step-(e)' '/hand' overhead
for tree in hungry mission synthetic $TREES; do
    list=$HUNGRY
    case " $TREES " in *" $tree "*) list="bt hand dyn world" ;; esac
    [ $tree = synthetic ] && list=$SYNTHETIC
    [ $tree = mission ] && list=$MISSION
    for v in $list; do
        # BehaviorTree.CPP's world is its own port (scripts/btcpp): no step-(e) against Rust's.
        e=-
        [ "$v" = btcpp ] || e=$(echo "${STEP[$tree.$v]} - ${STEP[$tree.world]}" | bc -l)
        r=- o=-
        if [ "$v" != world ]; then
            r=$(ratio "${DECIDE[$tree.$v]}" "${DECIDE[$tree.hand]}")
            o=$(echo "${DECIDE[$tree.$v]} - ${DECIDE[$tree.hand]}" | bc -l | sed -e 's/^-\./-0./' -e 's/^\./0./')
        fi
        printf '%-10s %-7s %9s %8s %9s %9s %9s %9s\n' "$tree" "$v" "${STEP[$tree.$v]}" "${WORLD[$tree.$v]}" \
            "${DECIDE[$tree.$v]}" "$e" "$r" "$o"
    done
done
echo
for t in $SEEDS; do
    for v in bt hand dyn; do
        printf '%-10s %-7s %9s %8s %9s %9s %9s %9s\n' "$t" "$v" "${STEP[$t.$v]}" "${WORLD[$t.$v]}" \
            "${DECIDE[$t.$v]}" - "$(ratio "${DECIDE[$t.$v]}" "${DECIDE[$t.hand]}")" -
    done
done
echo
echo "tree state, bytes (size_of the named tree's struct; the hand-written brain's struct):"
"$BIN" sizes | while read -r tree bt hand; do
    echo "  $tree: bt $bt, hand $hand, bt/hand=$(ratio "$bt" "$hand")"
done
echo
echo "checksums equal: hungry ${SUM[hungry.hand]}, mission ${SUM[mission.hand]}, synthetic ${SUM[synthetic.hand]}"
h=${DECIDE[hungry.bt]}
m=${DECIDE[mission.bt]}
s=${DECIDE[synthetic.bt]}
c=${DECIDE[hungry.custom]}
# The synthetic trees of all five seeds (seed 0 is `synthetic`): the largest bt/hand and bt/dyn.
smax=$(ratio "$s" "${DECIDE[synthetic.hand]}")
dmax=$(ratio "$s" "${DECIDE[synthetic.dyn]}")
for t in $SEEDS; do
    r=$(ratio "${DECIDE[$t.bt]}" "${DECIDE[$t.hand]}")
    d=$(ratio "${DECIDE[$t.bt]}" "${DECIDE[$t.dyn]}")
    [ "$(echo "$r > $smax" | bc -l)" = 1 ] && smax=$r
    [ "$(echo "$d > $dmax" | bc -l)" = 1 ] && dmax=$d
done
l=${DECIDE[hungry.loaded]}
ml=${DECIDE[mission.loaded]}
echo "loaded: hungry loaded/dyn=$(ratio "$l" "${DECIDE[hungry.dyn]}") loaded/bt=$(ratio "$l" "$h") mission loaded/dyn=$(ratio "$ml" "${DECIDE[mission.dyn]}") loaded/bt=$(ratio "$ml" "$m")"
if [ -n "$BTCPP" ]; then
    echo "btcpp: hungry allocs/step=${BTCPP_ALLOCS[hungry]} btcpp/loaded=$(ratio "${DECIDE[hungry.btcpp]}" "$l") btcpp/bt=$(ratio "${DECIDE[hungry.btcpp]}" "$h") mission allocs/step=${BTCPP_ALLOCS[mission]} btcpp/loaded=$(ratio "${DECIDE[mission.btcpp]}" "$ml") btcpp/bt=$(ratio "${DECIDE[mission.btcpp]}" "$m")"
else
    if [ "${BTCPP_ROWS:-1}" = 0 ]; then
        echo "btcpp: not run under this profile (BehaviorTree.CPP's rows are the default profile's run)"
    else
        echo "btcpp: not built (scripts/btcpp/build.sh builds BehaviorTree.CPP's bench; its rows then appear here)"
    fi
fi
# Every tree: its bt/hand and bt/dyn, and the largest of each over all trees (synthetic: 5 seeds).
every= hmax=0 xmax=0
for t in hungry mission synthetic $SEEDS $TREES; do
    r=$(ratio "${DECIDE[$t.bt]}" "${DECIDE[$t.hand]}")
    d=$(ratio "${DECIDE[$t.bt]}" "${DECIDE[$t.dyn]}")
    every="$every $t=$r/$d"
    [ "$(echo "$r > $hmax" | bc -l)" = 1 ] && hmax=$r
    [ "$(echo "$d > $xmax" | bc -l)" = 1 ] && xmax=$d
done
echo "every tree (bt/hand / bt/dyn):$every"
echo "short form: hungry short/custom=$(ratio "${DECIDE[hungry.short]}" "$c") short/bt=$(ratio "${DECIDE[hungry.short]}" "$h")"
echo "ratios hungry: bt/hand=$(ratio "$h" "${DECIDE[hungry.hand]}") custom/hand=$(ratio "$c" "${DECIDE[hungry.hand]}") custom/bt=$(ratio "$c" "$h") bt/dyn=$(ratio "$h" "${DECIDE[hungry.dyn]}") bt/bonsai=$(ratio "$h" "${DECIDE[hungry.bonsai]}") loaded/dyn=$(ratio "$l" "${DECIDE[hungry.dyn]}") mission: bt/hand=$(ratio "$m" "${DECIDE[mission.hand]}") bt/dyn=$(ratio "$m" "${DECIDE[mission.dyn]}") loaded/dyn=$(ratio "$ml" "${DECIDE[mission.dyn]}") synthetic(5 seeds): bt/hand max=$smax bt/dyn max=$dmax$(for t in $TREES; do echo -n " $t: bt/hand=$(ratio "${DECIDE[$t.bt]}" "${DECIDE[$t.hand]}") bt/dyn=$(ratio "${DECIDE[$t.bt]}" "${DECIDE[$t.dyn]}")"; done) all trees: bt/hand max=$hmax bt/dyn max=$xmax profile=$PROFILE"
