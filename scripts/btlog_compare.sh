#!/usr/bin/env bash
# bt's .btlog files against BehaviorTree.CPP's FileLogger2: random trees of the node kinds whose
# semantics both share (bt-groot's groot_harness random), ticked N times with the same scripted
# leaves by scripts/btcpp's btcpp_btlog (FileLogger2 attached) and by groot_harness btlog (bt's
# tree built at run time, BtlogWriter attached). Each pair of files must have the same header, the
# same tree (nodes, _uids, parents; the XML's differences are reported) and the same transitions
# byte for byte, their times aside. Exits non-zero at the first difference.
#
# Usage: scripts/btlog_compare.sh [TREES] [TICKS]   (default 200 trees, 40 ticks each)
set -euo pipefail
cd "$(dirname "$0")/.."
trees="${1:-200}"
ticks="${2:-40}"

bin=$(scripts/btcpp/build.sh | sed -n 's/^btcpp bin: //p')
cargo build --quiet --release -p bt-groot --example groot_harness
harness="${CARGO_TARGET_DIR:-target}/release/examples/groot_harness"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

records=0
for seed in $(seq 1 "$trees"); do
    "$harness" random "$seed" "$work/t.xml" "$work/t.script"
    "$bin/btcpp_btlog" --ticks "$ticks" --script "$work/t.script" "$work/t.xml" "$work/btcpp.btlog" >/dev/null
    "$harness" btlog "$work/t.xml" "$work/bt.btlog" --ticks "$ticks" --script "$work/t.script" >/dev/null
    if ! "$harness" btlog-compare "$work/btcpp.btlog" "$work/bt.btlog" >"$work/out.txt" 2>&1; then
        cat "$work/out.txt"
        echo "tree (seed $seed):"
        cat "$work/t.xml" "$work/t.script"
        exit 1
    fi
    if [ "$seed" = 1 ]; then
        echo "tree 1:"
        sed 's/^/  /' "$work/out.txt"
    fi
    n=$(sed -n 's/^transitions: \([0-9]*\) records.*/\1/p' "$work/out.txt")
    records=$((records + n))
done
echo "btlog compare: $trees random trees, $ticks ticks each, $records transitions: the same as FileLogger2's, times aside"
