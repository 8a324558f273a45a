#!/bin/sh
# Issue 17: every command on every log of the hostile set (bench HostileSet), each in a fresh JVM of
# -Xmx512m through bin/dsh4j: exit code, peak resident memory, CPU seconds and the last line of
# standard error. Needs ./mvnw -q -DskipTests package first. Usage: bench/scripts/hostile-peaks.sh [DIR]
set -u
here=$(cd "$(dirname "$0")/../.." && pwd)
dir=${1:-/tmp/dsh4j-hostile-set}
java=$("$here/bin/find-jdk")/bin/java
[ -d "$dir" ] || "$java" --enable-native-access=ALL-UNNAMED -cp "$here/bench/target/benchmarks.jar" io.dsh4j.bench.hostile.HostileSet "$dir"
home=$(mktemp -d)
printf '%-36s %-16s %4s %9s %8s  %s\n' log command exit "peak MiB" "CPU s" "stderr (last line)"
for f in "$dir"/*; do
  for c in "sessions verify" "sessions stats" "sessions show" "health --now 2026-09-19T02:00:00Z" "merge"; do
    # shellcheck disable=SC2086
    DSH4J_OPTS=-Xmx512m /usr/bin/time -f '%M %U %S' -o /tmp/dsh4j-peak.$$ "$here/bin/dsh4j" $c --home "$home" "$f" >/dev/null 2>/tmp/dsh4j-err.$$
    code=$?
    set -- $(tail -1 /tmp/dsh4j-peak.$$)
    printf '%-36s %-16s %4s %9d %8.1f  %s\n' "$(basename "$f")" "$(echo $c | cut -d' ' -f1-2)" "$code" $(( $1 / 1024 )) \
      "$(echo "$2 + $3" | bc)" "$(tail -1 /tmp/dsh4j-err.$$ | cut -c1-110)"
  done
done
rm -f /tmp/dsh4j-peak.$$ /tmp/dsh4j-err.$$
