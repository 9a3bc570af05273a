#!/usr/bin/env bash
# Builds BehaviorTree.CPP 4.10 and the project's reference programs against it (scripts/btcpp/*.cpp):
# btcpp_load, btcpp_bench, btcpp_groot_serve, btcpp_btlog. See scripts/btcpp/README.md.
#
#   scripts/btcpp/build.sh            builds (or finds up to date) and prints where the binaries are
#
# BehaviorTree.CPP's source is never committed: it is read from $BTCPP_SRC, else from
# shared/third_party/BehaviorTree.CPP-4.10.0 beside the repository or at /work/shared, and copied
# to $TARGET/btcpp/src (writable; its build and ours go in $TARGET/btcpp/build). Missing system
# packages (cmake, ZeroMQ) are installed with apt-get. BehaviorTree.CPP is built Release, static,
# with the Groot2 interface (Groot2Publisher, FileLogger2) and without SQLite logging, tests,
# examples and tools. When nothing changed since the last build (the source's listing, our sources,
# this script), it builds nothing and only prints the paths; the last line is machine-readable:
#
#   btcpp bin: <directory holding the four programs>
set -euo pipefail

ROOT=$(cd "$(dirname "$0")/../.." && pwd)
HERE=$ROOT/scripts/btcpp
TARGET=${CARGO_TARGET_DIR:-$ROOT/target}
WORK=$TARGET/btcpp
JOBS=${BTCPP_JOBS:-2}

find_source() {
    local c
    for c in "${BTCPP_SRC:-}" "$ROOT/../shared/third_party/BehaviorTree.CPP-4.10.0" \
        "$ROOT/shared/third_party/BehaviorTree.CPP-4.10.0" /work/shared/third_party/BehaviorTree.CPP-4.10.0; do
        if [ -n "$c" ] && [ -f "$c/CMakeLists.txt" ] && [ -d "$c/include/behaviortree_cpp" ]; then
            (cd "$c" && pwd)
            return 0
        fi
    done
    return 1
}
SRC=$(find_source) || {
    echo "error: BehaviorTree.CPP 4.10.0's source not found; set BTCPP_SRC to its directory" >&2
    exit 1
}

# System packages: a C++ compiler, cmake, ZeroMQ (Groot2Publisher), pkg-config.
missing=()
command -v cmake >/dev/null 2>&1 || missing+=(cmake)
command -v g++ >/dev/null 2>&1 || missing+=(g++)
command -v make >/dev/null 2>&1 || missing+=(make)
command -v pkg-config >/dev/null 2>&1 || missing+=(pkg-config)
[ -f /usr/include/zmq.h ] || missing+=(libzmq3-dev)
if ((${#missing[@]})); then
    echo "installing ${missing[*]}" >&2
    export DEBIAN_FRONTEND=noninteractive
    apt-get update -qq
    apt-get install -y -qq "${missing[@]}" >/dev/null
fi

mkdir -p "$WORK"
# What the build depends on: the source's file listing (sizes and times), our sources, this script.
stamp=$( {
    (cd "$SRC" && find . -type f -printf '%P %s %T@\n' | LC_ALL=C sort)
    cat "$HERE"/CMakeLists.txt "$HERE"/*.cpp "$HERE"/*.hpp "$0"
    g++ --version | head -n 1
} | sha256sum | cut -d' ' -f1)
BIN=$WORK/build/bin
PROGRAMS="btcpp_load btcpp_bench btcpp_groot_serve btcpp_btlog"
up_to_date=1
[ "$(cat "$WORK/stamp" 2>/dev/null)" = "$stamp" ] || up_to_date=0
for p in $PROGRAMS; do [ -x "$BIN/$p" ] || up_to_date=0; done

if [ $up_to_date = 1 ]; then
    echo "btcpp: up to date ($WORK)"
else
    # A writable copy of the source (BehaviorTree.CPP's build writes nothing into it, but the
    # shared copy is read-only and may be mounted elsewhere on another machine).
    srcstamp=$( (cd "$SRC" && find . -type f -printf '%P %s %T@\n' | LC_ALL=C sort) | sha256sum | cut -d' ' -f1)
    if [ "$(cat "$WORK/src.stamp" 2>/dev/null)" != "$srcstamp" ]; then
        rm -rf "$WORK/src"
        cp -a "$SRC" "$WORK/src"
        chmod -R u+w "$WORK/src"
        echo "$srcstamp" >"$WORK/src.stamp"
    fi
    start=$(date +%s)
    cmake -S "$HERE" -B "$WORK/build" -DCMAKE_BUILD_TYPE=Release \
        -DBTCPP_SOURCE_DIR="$WORK/src" >"$WORK/configure.log" 2>&1 || {
        cat "$WORK/configure.log" >&2
        exit 1
    }
    cmake --build "$WORK/build" -j "$JOBS" >"$WORK/build.log" 2>&1 || {
        tail -n 60 "$WORK/build.log" >&2
        exit 1
    }
    echo "$stamp" >"$WORK/stamp"
    echo "btcpp: built in $(($(date +%s) - start)) s with -j$JOBS from $SRC (log: $WORK/build.log)"
fi
for p in $PROGRAMS; do echo "  $BIN/$p"; done
echo "btcpp bin: $BIN"
