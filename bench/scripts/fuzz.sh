#!/bin/sh
# The long run of the issue-17 fuzz campaign (FuzzCampaign): CASES mutated corpus logs (default
# 1,000,000) through the library paths of sessions verify, sessions stats, health and merge, at -Xmx512m.
# Prints cases per entry point and mutation class, defects, the slowest call and the peak heap; exit 1 on
# a defect. Needs ./mvnw -q -DskipTests package first. Usage: bench/scripts/fuzz.sh [CASES] [SEED]
set -eu
here=$(cd "$(dirname "$0")/../.." && pwd)
java=$("$here/bin/find-jdk")/bin/java
exec "$java" -Xmx512m -XX:+UseSerialGC --enable-native-access=ALL-UNNAMED -cp "$here/bench/target/benchmarks.jar" \
  io.dsh4j.bench.fuzz.FuzzCampaign "${1:-1000000}" "${2:-17}"
