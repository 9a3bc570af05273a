#!/usr/bin/env bash
# Hostile input through the compiler: each tree below must give its error, naming the limit it
# crosses, within 10 seconds, and never crash the compiler (no stack overflow, no "this is a bug"
# from rustc) nor hang. Prints one line per input with the time `cargo check` took on it.
#
#   scripts/hostile_inputs.sh
#
# The inputs (written under target/hostile/): XML nested 10 000 deep, a `<Sequence>` of 10 000
# children with ports, an element of 100 000 attributes, `<include path="/dev/zero"/>`, an
# include of a 1 GiB file (sparse: it takes no disk); `bt!` with `sequence<` nested 600 and
# 900 deep, a leaf of 500 nested blocks, a `sequence` of 10 000 children. Each is the whole
# `src/lib.rs` of a small crate depending on this checkout (BT_PATH to try another), checked
# with `timeout 10 cargo check`; its dependencies are built first, outside the timing.
set -euo pipefail

ROOT=$(cd "$(dirname "$0")/.." && pwd)
BT_PATH=${BT_PATH:-$ROOT}
OUT=${OUT:-$ROOT/target/hostile}
LIMIT=${LIMIT:-10}
CRATE=$OUT/crate
mkdir -p "$CRATE/src" "$OUT/xml"

cat >"$CRATE/Cargo.toml" <<EOF
[package]
name = "hostile"
version = "0.0.0"
edition = "2024"
publish = false

[dependencies]
bt = { path = "$BT_PATH" }

[workspace]
EOF

# The context and leaf every input uses.
prelude='pub struct Agent;
pub struct A;
impl bt::Action<Agent> for A {
    fn execute(&mut self, _: &mut Agent) -> bt::Status {
        bt::Status::Success
    }
}'

echo "$prelude" >"$CRATE/src/lib.rs"
(cd "$CRATE" && CARGO_TARGET_DIR=$OUT/target cargo check -q)

# The inputs, written by a short program of the shell's own: `rep STR N` repeats STR N times.
rep() { local s=$1 n=$2 out=""; while ((n > 0)); do
    if ((n & 1)); then out+=$s; fi
    s+=$s
    n=$((n >> 1))
done; printf '%s' "$out"; }
head='<root BTCPP_format="4" main_tree_to_execute="Main"><BehaviorTree ID="Main">'
tail='</BehaviorTree></root>'
printf '%s\n%s%s%s\n%s\n' "$head" "$(rep '<Sequence>' 10000)" '<A/>' "$(rep '</Sequence>' 10000)" "$tail" >"$OUT/xml/deep.xml"
printf '%s\n<Sequence>\n%s</Sequence>\n%s\n' "$head" "$(rep '<A goal="{goal}" speed="3"/>
' 10000)" "$tail" >"$OUT/xml/siblings.xml"
{
    printf '%s\n<A' "$head"
    for ((i = 0; i < 100000; i++)); do printf " a%d=''" "$i"; done
    printf '/>\n%s\n' "$tail"
} >"$OUT/xml/attributes.xml"
printf '<root BTCPP_format="4">\n<include path="/dev/zero"/>\n<BehaviorTree ID="Main"><A/></BehaviorTree>\n</root>\n' >"$OUT/xml/include_device.xml"
truncate -s 1G "$OUT/xml/huge.xml"
printf '<root BTCPP_format="4">\n<include path="huge.xml"/>\n<BehaviorTree ID="Main"><A/></BehaviorTree>\n</root>\n' >"$OUT/xml/include_huge.xml"

xml() { printf 'pub fn tree() { let _ = bt::bt_xml!("%s", ctx = Agent); }\n' "$OUT/xml/$1"; }
dsl() { printf 'pub fn tree() { let _ = bt::bt! { Agent => %s }; }\n' "$1"; }

failed=0
# check NAME EXPECTED SOURCE: the crate with SOURCE fails within $LIMIT s with EXPECTED in its
# errors, and no crash.
check() {
    local name=$1 expected=$2
    printf '%s\n%s\n' "$prelude" "$3" >"$CRATE/src/lib.rs"
    local log t0 t1 status=0
    log=$OUT/$(echo "$name" | tr -c 'a-z0-9\n' '_').log
    t0=$(date +%s.%N)
    (cd "$CRATE" && CARGO_TARGET_DIR=$OUT/target timeout "$LIMIT" cargo check -q) >"$log" 2>&1 || status=$?
    t1=$(date +%s.%N)
    local secs
    secs=$(printf '%.2f' "$(echo "$t1 - $t0" | bc -l)")
    local first
    first=$(grep -m1 '^error' "$log" | cut -c1-110 || true)
    if ((status == 124)); then
        printf '  %-28s FAILED: no answer within %s s\n' "$name" "$LIMIT"
        failed=1
    elif grep -q -e 'overflowed its stack' -e 'rustc interrupted' -e 'this is a bug' -e 'panicked' "$log"; then
        printf '  %-28s FAILED: the compiler crashed after %s s: %s\n' "$name" "$secs" "$first"
        failed=1
    elif ((status == 0)) || ! grep -q -e "$expected" "$log"; then
        printf '  %-28s FAILED (%s s): expected an error with "%s", got: %s\n' "$name" "$secs" "$expected" "$first"
        failed=1
    else
        printf '  %-28s %6s s  %s\n' "$name" "$secs" "$first"
    fi
}

echo "hostile input, one cargo check each (limit ${LIMIT} s):"
check "xml nested 10000 deep" "nested more than 64 elements deep" "$(xml deep.xml)"
check "xml 10000 siblings" "has 10000 children" "$(xml siblings.xml)"
check "xml 100000 attributes" "more than 64 attributes" "$(xml attributes.xml)"
check "xml include /dev/zero" "not a regular file" "$(xml include_device.xml)"
check "xml include of 1 GiB" "larger than 1 MiB" "$(xml include_huge.xml)"
check "bt! sequence 600 deep" "a tree is at most 48 nodes deep" "$(dsl "$(rep 'sequence<' 600)A$(rep '>' 600)")"
check "bt! sequence 900 deep" "a tree is at most 48 nodes deep" "$(dsl "$(rep 'sequence<' 900)A$(rep '>' 900)")"
check "bt! leaf of 500 blocks" "nests more than 64 levels" "$(dsl "sequence<{ $(rep '{' 500) A $(rep '}' 500) }>")"
check "bt! 10000 children" "has 10000 children" "$(dsl "sequence<$(rep 'A, ' 10000)>")"

if ((failed)); then
    echo "hostile input: FAILED" >&2
    exit 1
fi
echo "hostile input: every input refused with its error within ${LIMIT} s"
