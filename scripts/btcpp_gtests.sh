#!/usr/bin/env bash
# BehaviorTree.CPP 4.10's gtests of node semantics, ported to trees compiled by `bt_xml!`
# (tests/btcpp_gtests/): every case with its verdict, then
# `btcpp gtests: P pass, D documented differences, F fail (of N)`, counted from the table of cases.
set -euo pipefail
cd "$(dirname "$0")/.."
cargo test -q --test btcpp_gtests -- --nocapture --test-threads 1 list 2>&1 | grep -E '^(PASS|DIFFERENCE|FAIL) '
cargo test -q --test btcpp_gtests -- --nocapture btcpp_gtests 2>&1 | grep -E '^btcpp gtests: '
