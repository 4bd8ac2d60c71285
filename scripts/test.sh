#!/usr/bin/env bash
# `bun run test`: format and lint, typecheck, every unit and API suite (on PGlite, then again on the
# Postgres server named by TEST_DATABASE_URL when it is set), then the browser suites.
#
# Both cores are used (decision 148): the suites run as `bun test --parallel` (one worker process
# per core, each file in its own global; the slowest files first, from scripts/test-timings.json),
# and the typecheck runs beside the first suites instead of before them. TEST_JOBS sets the number
# of workers.
set -uo pipefail
cd "$(dirname "$0")/.."

if ! command -v chromium >/dev/null 2>&1 && [ "$(id -u)" = "0" ]; then
  echo "Installing Debian's Chromium for the browser tests..."
  (apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium poppler-utils) >/dev/null 2>&1 \
    || echo "warning: could not install chromium"
fi

jobs=${TEST_JOBS:-$(nproc 2>/dev/null || echo 2)}
timings=scripts/test-timings.json
log=$(mktemp)
status=0
started=$SECONDS
step() {
  local begun=$SECONDS
  echo "::: $*"
  "$@" 2>&1 | tee -a "$log"
  local rc=${PIPESTATUS[0]}
  echo "::: $(( SECONDS - begun )) s: $*"
  if [ "$rc" != 0 ]; then echo "::: failed ($rc): $*"; status=1; fi
}

step bunx biome check .

# The typecheck needs one core for a minute; the suites below spend much of theirs waiting on
# sockets and databases, so it runs beside them and its output is shown when it ends.
tsc_out=$(mktemp)
(bunx tsc --noEmit >"$tsc_out" 2>&1; echo $? >"$tsc_out.rc") &
tsc_pid=$!

pg_url=${TEST_DATABASE_URL:-}
step env -u TEST_DATABASE_URL bun test --parallel="$jobs" --timings="$timings" --timeout 60000 src db
if [ -n "$pg_url" ]; then
  # Only the suites that reach the test database through the harness run again on Postgres; the
  # rest (pure logic, or their own embedded PGlite such as the binary and crash tests) would only
  # repeat themselves.
  mapfile -t pg_suites < <(grep -rlE "test/harness|createTestDatabase|TEST_DATABASE_URL" --include='*.test.ts' src db | sort)
  step env TEST_DATABASE_URL="$pg_url" bun test --parallel="$jobs" --timings="$timings" --timeout 60000 "${pg_suites[@]}"
fi

wait "$tsc_pid"
echo "::: bunx tsc --noEmit"
cat "$tsc_out" | tee -a "$log"
if [ "$(cat "$tsc_out.rc")" != 0 ]; then echo "::: failed: bunx tsc --noEmit"; status=1; fi
rm -f "$tsc_out" "$tsc_out.rc"

step bun test --timeout 60000 web/features web/lib web/i18n
if [ -d web/e2e ]; then
  # Built once here: parallel workers would otherwise each find the build stale and race to write it.
  step bun run build:web
  step bun test --parallel="$jobs" --timings="$timings" --timeout 120000 web/e2e
fi

passed=$(grep -E '^ *[0-9]+ pass$' "$log" | awk '{s+=$1} END {print s+0}')
failed=$(grep -E '^ *[0-9]+ fail$' "$log" | awk '{s+=$1} END {print s+0}')
rm -f "$log"
echo "::: $(( SECONDS - started )) s in all"
echo "tests: ${passed} passed, ${failed} failed"
if [ "$failed" != 0 ]; then status=1; fi
exit $status
