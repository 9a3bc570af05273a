#!/usr/bin/env bash
# Loads the XML corpus (tests/xml/corpus: 16 real BehaviorTree.CPP / Groot2 files) in
# BehaviorTree.CPP 4.10 with btcpp_load (generic nodes, no ticks) and prints, for each way of
# registering nodes, the files that load (`ok`) and every other one with BehaviorTree.CPP's own error
# text (`fail`):
#
#   1. the node IDs of the file's own <TreeNodesModel> only;
#   2. plus every other node ID the file uses (--generic-unknown);
#   3. the Nav2 trees with the models of navigation2__nav2_tree_nodes.xml (--models);
#   4. the two files of several trees and no main_tree_to_execute, each main tree named (--main).
#
# Reports; asserts nothing. The last line is machine-readable:
#   btcpp corpus: A of 16 load with their models, B of 16 with --generic-unknown
set -euo pipefail

ROOT=$(cd "$(dirname "$0")/../.." && pwd)
BIN=$("$ROOT/scripts/btcpp/build.sh" | sed -n 's/^btcpp bin: //p')
C=$ROOT/tests/xml/corpus
cd "$ROOT"

# load <args...>: btcpp_load's own lines only (BehaviorTree.CPP prints warnings on stdout too).
load() {
    "$BIN/btcpp_load" "$@" 2>/dev/null | grep -E '^(ok|fail|note|btcpp load)' | sed "s|$ROOT/||" || true
}
summary() { sed -n 's/^btcpp load: \([0-9]*\) of .*/\1/p' | tail -n 1; }

files=("$C"/*.xml)
echo "1. models of each file only"
out1=$(load "${files[@]}")
echo "$out1"
echo "2. with --generic-unknown"
out2=$(load --generic-unknown "${files[@]}")
echo "$out2"
echo "3. the Nav2 trees with nav2_tree_nodes.xml's models"
load --models "$C/navigation2__nav2_tree_nodes.xml" "$C"/navigation2__navigate*.xml "$C/navigation2__follow_point.xml"
echo "4. several trees, the main one named"
load --generic-unknown --main Main "$C/BehaviorTree.CPP__log_test.xml"
load --generic-unknown --main rmul_2025 "$C/pb2025_sentry_behavior__rmul_2025.xml"
echo "btcpp corpus: $(echo "$out1" | summary) of ${#files[@]} load with their models," \
    "$(echo "$out2" | summary) of ${#files[@]} with --generic-unknown"
