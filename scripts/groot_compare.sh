#!/usr/bin/env bash
# The Groot2 monitor against BehaviorTree.CPP's: serves the same trees with the same scripted leaves
# from BehaviorTree.CPP 4.10's Groot2Publisher (scripts/btcpp's btcpp_groot_serve) and from bt's
# (bt-groot's groot_harness serve, the tree built at run time), then a client written from the
# protocol header sends both the same requests, stepping both trees tick by tick with a breakpoint
# on the root, and compares every reply: every request type of the protocol, error replies
# included. Exits non-zero at the first difference that is not one of those documented in
# bt-groot's crate docs (tree id, times, the models of BehaviorTree.CPP's built-in nodes in the XML,
# the order of a hooks dump, the text of JSON parse errors).
#
# Usage: scripts/groot_compare.sh [TREES] [TICKS]   (default 6 random trees, 30 ticks each)
set -euo pipefail
cd "$(dirname "$0")/.."
trees="${1:-6}"
ticks="${2:-30}"

bin=$(scripts/btcpp/build.sh | sed -n 's/^btcpp bin: //p')
cargo build --quiet --release -p bt-groot --example groot_harness
harness="${CARGO_TARGET_DIR:-target}/release/examples/groot_harness"
work=$(mktemp -d)
pids=()
cleanup() {
    for p in "${pids[@]}"; do kill "$p" 2>/dev/null || true; done
    wait 2>/dev/null || true
    rm -rf "$work"
}
trap cleanup EXIT

# Two free pairs of ports (P, P+1) on this machine: "P1 P2".
free_ports() {
    python3 - <<'PY'
import socket
found = []
for p in range(21000, 60000, 2):
    ok = True
    for q in (p, p + 1):
        s = socket.socket()
        try:
            s.bind(("0.0.0.0", q))
        except OSError:
            ok = False
        finally:
            s.close()
    if ok:
        found.append(p)
    if len(found) == 2:
        break
print(*found)
PY
}

for seed in $(seq 1 "$trees"); do
    xml="$work/tree$seed.xml"
    script="$work/tree$seed.script"
    "$harness" random "$((seed * 7))" "$xml" "$script"
    echo "set goal = kitchen" >>"$script"
    echo "set visits = 3" >>"$script"
    read -r p1 p2 < <(free_ports)
    "$bin/btcpp_groot_serve" --port "$p1" --hz 100 --delay 2000 --script "$script" "$xml" >"$work/btcpp$seed.log" 2>&1 &
    pids+=($!)
    "$harness" serve "$xml" --port "$p2" --hz 100 --delay 2000 --script "$script" >"$work/bt$seed.log" 2>&1 &
    pids+=($!)
    sleep 0.3
    echo "== tree $seed ($(grep -c '_uid\|<[A-Z]' "$xml" || true) lines of XML), BehaviorTree.CPP on port $p1, bt on port $p2"
    "$harness" compare --btcpp "$p1" --bt "$p2" --ticks "$ticks"
    for p in "${pids[@]}"; do kill "$p" 2>/dev/null || true; done
    wait 2>/dev/null || true
    pids=()
done
echo "groot compare: $trees trees, $ticks ticks each: the same replies from both publishers"
