#!/usr/bin/env bash
# `bun run test`: format and lint, typecheck, every unit and API suite (on PGlite, then again on the
# Postgres server named by TEST_DATABASE_URL when it is set), then the browser suites.
set -uo pipefail
cd "$(dirname "$0")/.."

if ! command -v chromium >/dev/null 2>&1 && [ "$(id -u)" = "0" ]; then
  echo "Installing Debian's Chromium for the browser tests..."
  (apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium poppler-utils) >/dev/null 2>&1 \
    || echo "warning: could not install chromium"
fi

log=$(mktemp)
status=0
step() {
  echo "::: $*"
  "$@" 2>&1 | tee -a "$log"
  local rc=${PIPESTATUS[0]}
  if [ "$rc" != 0 ]; then echo "::: failed ($rc): $*"; status=1; fi
}

step bunx biome check .
step bunx tsc --noEmit
pg_url=${TEST_DATABASE_URL:-}
step env -u TEST_DATABASE_URL bun test --timeout 60000 src db
if [ -n "$pg_url" ]; then
  # Only the suites that reach the test database through the harness run again on Postgres; the
  # rest (pure logic, or their own embedded PGlite such as the binary and crash tests) would only
  # repeat themselves.
  mapfile -t pg_suites < <(grep -rlE "test/harness|createTestDatabase|TEST_DATABASE_URL" --include='*.test.ts' src db | sort)
  step env TEST_DATABASE_URL="$pg_url" bun test --timeout 60000 "${pg_suites[@]}"
fi
step bun test --timeout 60000 web/features web/lib web/i18n
if [ -d web/e2e ]; then
  step bun test --timeout 120000 web/e2e
fi

passed=$(grep -E '^ *[0-9]+ pass$' "$log" | awk '{s+=$1} END {print s+0}')
failed=$(grep -E '^ *[0-9]+ fail$' "$log" | awk '{s+=$1} END {print s+0}')
rm -f "$log"
echo "tests: ${passed} passed, ${failed} failed"
if [ "$failed" != 0 ]; then status=1; fi
exit $status
