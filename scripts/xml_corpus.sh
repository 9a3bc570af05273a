#!/usr/bin/env bash
# The XML corpus (tests/xml/corpus/, 16 real BehaviorTree.CPP / Groot2 files): how many import and
# tick, and why each other one is rejected. Prints `xml corpus: N of 16 import` last.
set -euo pipefail
cd "$(dirname "$0")/.."
out=$(cargo test -q --test xml_corpus corpus_imports_and_ticks -- --nocapture 2>&1)
echo "$out" | grep -E '^  not imported: ' || true
echo "$out" | grep -E '^xml corpus: [0-9]+ of 16 import$'
