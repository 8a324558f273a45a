#!/bin/sh
# Issue 9 acceptance: health, handoff, merge and stats outputs of two dsh4j builds over the whole
# corpus must be identical. Each build is a checkout root whose distribution was built with
#   ./mvnw -q -DskipTests package -pl app -am
# Usage: bench/compare/compare-outputs.sh BEFORE_ROOT AFTER_ROOT [CORPUS_DIR]
# Prints the number of runs and the differing files; exit 0 when identical, 1 otherwise.
set -eu
here=$(cd "$(dirname "$0")" && pwd)
before=$1
after=$2
corpus=${3:-$(cd "$here/../../.." && pwd)/shared/corpus}
java=$("$here/../../bin/find-jdk")/bin/java
work=$(mktemp -d)
"$java" --enable-native-access=ALL-UNNAMED "$here/OutputSnapshot.java" "$before/app/target/dist/lib" "$corpus" "$work/before"
"$java" --enable-native-access=ALL-UNNAMED "$here/OutputSnapshot.java" "$after/app/target/dist/lib" "$corpus" "$work/after"
if diff -r "$work/before" "$work/after" > "$work/diff.txt"; then
  echo "identical: $(find "$work/after" -type f | wc -l) outputs"
  rm -rf "$work"
else
  echo "DIFFERENT (see $work/diff.txt):"
  grep '^diff ' "$work/diff.txt" | head -50
  exit 1
fi
