#!/bin/sh
# Compares what two builds of dsh4j print on the whole shared corpus (stats, verify, show, health,
# handoff, merge, every --help): byte-identical or a diff. Usage:
#   bench/scripts/compare-outputs.sh BASE_CHECKOUT [CORPUS]   (both checkouts built with ./mvnw -DskipTests package)
set -eu
here=$(cd "$(dirname "$0")/../.." && pwd)
base=$1
corpus=${2:-$here/../shared/corpus}
java=$("$here/bin/find-jdk")/bin/java
snap() { (cd "$1" && TZ=UTC LC_ALL=C "$java" --enable-native-access=ALL-UNNAMED -Duser.language=en -cp "$1/app/target/dist/lib/*" "$here/bench/scripts/OutputSnapshot.java" "$corpus"); }
snap "$base" > /tmp/dsh4j-outputs-base.txt 2>/dev/null
snap "$here" > /tmp/dsh4j-outputs-new.txt 2>/dev/null
if cmp -s /tmp/dsh4j-outputs-base.txt /tmp/dsh4j-outputs-new.txt; then
  echo "identical: $(grep -c '^=== ' /tmp/dsh4j-outputs-new.txt) runs"
else
  diff /tmp/dsh4j-outputs-base.txt /tmp/dsh4j-outputs-new.txt | head -50
  exit 1
fi
