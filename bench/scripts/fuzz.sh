#!/bin/sh
# The long run of the issue-17 fuzz campaign (FuzzCampaign): CASES mutated corpus logs (default
# 1,000,000) through the library paths of sessions verify, sessions stats, health and merge, and mutated
# model event streams through the adapter's SSE parser (entry point sse), at -Xmx512m; and mutated model
# tool calls through the agent loop's tool step (entry point tools; fixed approval policy, bash checked up to a launcher that starts nothing, one case in four a multi-call step).
# Prints cases per entry point and mutation class, defects, the slowest call and the peak heap; exit 1 on
# a defect. Needs ./mvnw -q -DskipTests package first.
# Usage: bench/scripts/fuzz.sh [CASES] [SEED] [--entries verify,stats,health,merge,sse,tools] [--only I]
set -eu
here=$(cd "$(dirname "$0")/../.." && pwd)
java=$("$here/bin/find-jdk")/bin/java
cases=${1:-1000000}
seed=${2:-17}
if [ $# -ge 2 ]; then shift 2; else shift $#; fi
exec "$java" -Xmx512m -XX:+UseSerialGC --enable-native-access=ALL-UNNAMED -cp "$here/bench/target/benchmarks.jar" \
  io.dsh4j.bench.fuzz.FuzzCampaign "$cases" "$seed" "$@"
