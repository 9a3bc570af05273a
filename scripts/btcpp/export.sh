#!/usr/bin/env bash
# bt's BehaviorTree.CPP export, read by BehaviorTree.CPP 4.10 itself (btcpp_load, see README.md):
#
#   1. the exported example trees, as the tests pin them in tests/btcpp_xml/ (the hungry agent, the
#      patrol, Nav2's tree written with bt! and compiled from Nav2's XML by bt_xml!), each with only
#      its own <TreeNodesModel> registered: every node that is not a built-in must have its model;
#   2. 300 random trees of the nodes whose BehaviorTree.CPP counterparts tick as bt's do
#      (Sequence, Fallback, ReactiveSequence, ReactiveFallback, IfThenElse and WhileDoElse with a
#      condition first, Inverter,
#      ForceSuccess, ForceFailure, KeepRunningUntilFailure, AlwaysSuccess, AlwaysFailure, scripted
#      actions and conditions), loaded by bt::load, exported, and written with the root statuses
#      bt gives the export over 12 ticks (tests/btcpp_export.rs, random_exports_tick_as_their_originals);
#      BehaviorTree.CPP loads each export and ticks it 12 times with the same leaf rules (a leaf's
#      status follows the tree's tick number), and its root statuses are compared with bt's.
#
# The last lines are machine-readable:
#   btcpp load: N of M            exported files BehaviorTree.CPP loads (examples and random trees)
#   btcpp ticks: K of R           random trees whose 12 root statuses are bt's
# The exit status is 1 when a file does not load or a tree ticks otherwise.
set -euo pipefail

ROOT=$(cd "$(dirname "$0")/../.." && pwd)
BIN=$("$ROOT/scripts/btcpp/build.sh" | sed -n 's/^btcpp bin: //p')
cd "$ROOT"
DIR=$(mktemp -d)
trap 'rm -rf "$DIR"' EXIT

BTCPP_EXPORT_DIR=$DIR cargo test -q --test btcpp_export random_exports_tick_as_their_originals >/dev/null

# The examples' exports (tests/btcpp_xml/hand_built.xml is left out: a hand-made description whose
# arguments known only in Rust, such as `sleep(TICK)`, are written as Rust text, which
# BehaviorTree.CPP refuses where it expects a number).
examples=(tests/btcpp_xml/{hungry_agent,patrol,nav2_recovery,nav2_from_xml}.xml)
random=("$DIR"/r*.xml)

# load <args...>: btcpp_load's own lines only (BehaviorTree.CPP prints warnings on stdout too).
load() {
    "$BIN/btcpp_load" "$@" 2>/dev/null | grep -E '^(ok|fail|note|file|tick|btcpp load)' || true
}
loaded() { sed -n 's/^btcpp load: \([0-9]*\) of .*/\1/p' | tail -n 1; }

echo "1. the exported examples"
out1=$(load "${examples[@]}")
echo "$out1" | grep -E '^(ok|fail|note)' | sed "s|$ROOT/||"
echo "2. ${#random[@]} random exported trees, ticked 12 times"
out2=$(load --script "$DIR/leaves.rules" --ticks 12 "${random[@]}")
echo "$out2" | grep -E '^(fail|note)' | sed "s|$DIR/||" || true

# Each file's `tick` lines, compared with bt's.
agree=0
disagree=()
for f in "${random[@]}"; do
    got=$(echo "$out2" | awk -v f="$f" '$1 == "file" { on = ($2 == f) } on && $1 == "tick"')
    if [ "$got" = "$(cat "${f%.xml}.expected")" ]; then
        agree=$((agree + 1))
    else
        disagree+=("$(basename "$f")")
    fi
done
if ((${#disagree[@]})); then
    echo "ticked otherwise than bt: ${disagree[*]}"
fi

n=$(($(echo "$out1" | loaded) + $(echo "$out2" | loaded)))
m=$((${#examples[@]} + ${#random[@]}))
echo "btcpp load: $n of $m"
echo "btcpp ticks: $agree of ${#random[@]}"
[ "$n" = "$m" ] && [ "$agree" = "${#random[@]}" ]
