#!/usr/bin/env bash
# `bun run test`: format and lint, typecheck, every unit and API suite on PGlite (then again on the
# Postgres server named by TEST_DATABASE_URL when it is set, those that can fail there and not on
# PGlite), then the browser suites.
#
# Both cores are used (decisions 148 and 195): the suites run as `bun test --parallel` (one worker
# process more than cores; the slowest files first, from scripts/test-timings.json), and the
# typecheck runs beside the unit and API suites. TEST_JOBS sets the number of workers. Each worker
# keeps its global and module registry from one file to the next (`--no-isolate`, decision 188): a
# fresh one per file imported the app and compiled PGlite's WASM again every time, 45 % of the
# suites' CPU.
set -uo pipefail
cd "$(dirname "$0")/.."

if ! command -v chromium >/dev/null 2>&1 && [ "$(id -u)" = "0" ]; then
  echo "Installing Debian's Chromium for the browser tests..."
  (apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium poppler-utils) >/dev/null 2>&1 \
    || echo "warning: could not install chromium"
fi

cores=$(nproc 2>/dev/null || echo 2)
# One worker more than cores (decision 195): each worker waits now and then (for its database, for
# Chromium), and a third keeps both cores busy. The PGlite suites, with the typecheck beside them:
# 146 s with two workers, 130 s with three.
jobs=${TEST_JOBS:-$((cores + 1))}
# The suites on the Postgres server spend a third of their time waiting for it: two workers per core
# keep the cores busy (63 s against 111 s here; decision 170).
pg_jobs=${TEST_PG_JOBS:-$((cores * 2))}
# TEST_UPDATE_TIMINGS=1 writes this run's per-file durations back to the timings files (the browser
# suites keep their own, so that a run of them alone leaves the others' figures be).
timing_flags() {
  echo "--timings=$1"
  if [ -n "${TEST_UPDATE_TIMINGS:-}" ]; then echo --update-timings; fi
}
mapfile -t unit_timings < <(timing_flags scripts/test-timings.json)
mapfile -t browser_timings < <(timing_flags scripts/test-timings-browser.json)
log=$(mktemp)
status=0
started=$SECONDS
# Jiffies the machine spent busy and in all, from /proc/stat: how much of both cores a step used.
cpu() { awk '/^cpu /{busy=$2+$3+$4+$7+$8; print busy, busy+$5+$6}' /proc/stat 2>/dev/null || echo "0 0"; }
step() {
  local begun=$SECONDS before after
  before=$(cpu)
  local shown="$*"
  # A suite step's command names every file: its start is enough to tell the steps apart.
  if ((${#shown} > 160)); then shown="${shown:0:160}…"; fi
  echo "::: $shown"
  "$@" 2>&1 | tee -a "$log"
  local rc=${PIPESTATUS[0]}
  after=$(cpu)
  echo "::: $(( SECONDS - begun )) s, cpu $(echo "$before $after" | awk '{d=$4-$2; p=0; if (d>0) p=100*($3-$1)/d; printf "%d%%", p}'): $shown"
  if [ "$rc" != 0 ]; then echo "::: failed ($rc): $shown"; status=1; fi
}

# A step that runs beside the others: its output is kept and shown, with its duration, when
# `collect` waits for it (so the log never interleaves two steps).
declare -A bg_pid bg_out bg_begun
background() {
  local name=$1
  shift
  bg_out[$name]=$(mktemp)
  bg_begun[$name]=$SECONDS
  ("$@" >"${bg_out[$name]}" 2>&1; echo "$? $SECONDS" >"${bg_out[$name]}.rc") &
  bg_pid[$name]=$!
}
collect() {
  local name=$1 out=${bg_out[$1]}
  wait "${bg_pid[$name]}"
  echo "::: $name (beside the others)"
  tee -a "$log" <"$out"
  local rc ended
  read -r rc ended <"$out.rc"
  echo "::: $(( ended - ${bg_begun[$name]} )) s: $name"
  if [ "$rc" != 0 ]; then echo "::: failed ($rc): $name"; status=1; fi
  rm -f "$out" "$out.rc"
}

# A suite step, then once more the files in which a test failed, if they are few (decisions 179 and
# 183): the same command with those files instead of the whole list, on one worker, beside nothing
# else. A test that passes on its second run is reported as flaky, by name, and does not fail the
# run; one that fails twice does. Many failing files mean something is broken, not a race: they do
# not run again. The second run's counts are kept out of the tally below ("(again)").
# `step` runs the function in a pipeline's subshell: the flaky count comes back through a file.
flaky_counts=$(mktemp)
flaky_names=$(mktemp)
suites() {
  local out rc arg
  out=$(mktemp)
  "$@" 2>&1 | tee "$out"
  rc=${PIPESTATUS[0]}
  if [ "$rc" = 0 ]; then rm -f "$out"; return 0; fi
  # Each '(fail)' line follows the header of the file it is in; the summary at the end repeats
  # them after 'N tests failed:', where no header is current.
  local failing=()
  mapfile -t failing < <(awk '
    /^[^ (].*\.test\.ts:$/ { file = substr($0, 1, length($0) - 1); next }
    /^ *[0-9]+ tests? failed:$/ { file = "" }
    /^\(fail\)/ && file != "" && !(file in seen) { seen[file] = 1; print file }
  ' "$out")
  local first_failed
  first_failed=$(grep -E '^ *[0-9]+ fail$' "$out" | awk '{s+=$1} END {print s+0}')
  grep -E '^\(fail\)' "$out" | sort -u >"$out.names"
  rm -f "$out"
  if ((${#failing[@]} == 0 || ${#failing[@]} > 3)); then rm -f "$out.names"; return "$rc"; fi
  # The same command (its environment and timeout) without its file list, parallelism and timings.
  local again=()
  for arg in "$@"; do
    case $arg in
      *.test.ts | web/* | --parallel=* | --no-isolate | --timings=* | --update-timings) ;;
      *) again+=("$arg") ;;
    esac
  done
  echo "::: once more, on their own: ${failing[*]}"
  "${again[@]}" "${failing[@]}" 2>&1 | sed -E 's/^( *[0-9]+ (pass|fail))$/\1 (again)/'
  rc=${PIPESTATUS[0]}
  if [ "$rc" = 0 ]; then
    echo "$first_failed" >>"$flaky_counts"
    cat "$out.names" >>"$flaky_names"
    echo "::: flaky: failed once, passed when their files ran again:"
    cat "$out.names"
  fi
  rm -f "$out.names"
  return "$rc"
}

step bunx biome check .
step bun run check:imports
# Built once, before the browser suites: their parallel workers would otherwise each find the
# build stale and race to write it.
if [ -d web/e2e ]; then step bun run build:web; fi
# The migrated embedded database (dist/, db/template.ts), built once: without it every test file
# and every browser suite's server runs initdb and every migration itself (≈4 s of CPU each, some
# 100 times on a fresh clone).
step bun run build:db-template

# The typecheck runs beside the unit and API suites (decision 148). The browser suites do not: with
# them beside the others both cores are saturated, the run is barely shorter (712 s against 820 s)
# and their 15-second waits start to miss.
# TypeScript 7 (decision 167): about 40 s here, against 350 s for TypeScript 5.
background "bunx tsc --noEmit" bunx tsc --noEmit

pg_url=${TEST_DATABASE_URL:-}
# The suites that kill a process mid-reply (the embedded database, an instance, the server) are not
# among the PGlite suites' workers: under their load Bun's node:net sometimes delivered a late
# ECONNRESET on a socket nobody listens to any more, which failed the file (decision 139). They run
# on one worker beside the Postgres suites (decision 195).
mapfile -t all_suites < <(find src db -name '*.test.ts' | sort)
mapfile -t fault_suites < <(grep -lE "SIGKILL|process\.kill\(|\.kill\(" "${all_suites[@]}")
mapfile -t calm_suites < <(printf '%s\n' "${all_suites[@]}" | grep -vxF -f <(printf '%s\n' "${fault_suites[@]}"))
step suites env -u TEST_DATABASE_URL bun test --parallel="$jobs" --no-isolate "${unit_timings[@]}" --timeout 60000 "${calm_suites[@]}"
# The fault suites mostly wait (a child's restart, a process's death: 36 % of both cores alone) and
# run beside the Postgres suites, which leave a quarter of the cores idle themselves: 67 s and 61 s
# one after the other. A file failing there runs once more on its own (`suites`), as everywhere.
background "fault suites (PGlite)" suites env -u TEST_DATABASE_URL bun test --timeout 60000 "${fault_suites[@]}"
if [ -n "$pg_url" ]; then
  # A suite runs again on Postgres only when it can fail there and not on PGlite. Both are the same
  # PostgreSQL, so what differs is the driver (postgres.js: its types, errors and pool), several
  # connections at once (locks, races, the job queue), several instances (LISTEN/NOTIFY, Redis),
  # the server's extensions and migrations. So: the suites whose database is the test database
  # (startApp, startInstances, createTestDatabase or TEST_DATABASE_URL; startShippedServer's is the
  # embedded one), less these, whose database work is plain queries that suites kept here run too.
  # A new suite runs on both until it is listed (README, Test).
  same_on_postgres=(
    src/demo/demo.test.ts                # the demo refuses a database server (decision 115)
    src/tenancy/route-walk.test.ts       # scoping is in the SQL text, the same on both
    src/http/body.test.ts                # request bodies, refused before any query
    src/http/body-limits.test.ts
    src/http/route-order.test.ts
    src/http/request-log.test.ts
    src/http/api-docs.test.ts
    src/messages/providers.test.ts       # the model providers' answers and failures
    src/models/models.test.ts
    src/agents/routing.test.ts           # agents' workflows and instructions
    src/dictation/dictation.test.ts      # audio checks and the transcription provider
    src/profile/avatar.test.ts           # image files and storage
    src/attachments/limits.test.ts
    src/attachments/s3-uploads.test.ts
    src/auth/mail-language.test.ts       # mail text and delivery
    src/auth/smtp-delivery.test.ts
    src/tools/code-interpreter/code-interpreter.test.ts  # Python in a child; the database holds its user
  )
  pg_uses='startApp\(|startInstances\(|createTestDatabase|TEST_DATABASE_URL'
  mapfile -t pg_suites < <(grep -lE "$pg_uses" "${calm_suites[@]}" | grep -vxF -f <(printf '%s\n' "${same_on_postgres[@]}"))
  mapfile -t pg_fault_suites < <(grep -lE "$pg_uses" "${fault_suites[@]}")
  step suites env TEST_DATABASE_URL="$pg_url" bun test --parallel="$pg_jobs" --no-isolate "${unit_timings[@]}" --timeout 60000 "${pg_suites[@]}"
  step suites env TEST_DATABASE_URL="$pg_url" bun test --timeout 60000 "${pg_fault_suites[@]}"
fi
collect "fault suites (PGlite)"
step suites bun test --timeout 60000 web/features web/lib web/i18n

collect "bunx tsc --noEmit"

# With two workers the browser suites kept 71 % of both cores busy (each waits on Chromium and its
# server in turn); with three 95 %, 455 → 350 s; with four no faster (369 s).
browser_jobs=${TEST_BROWSER_JOBS:-$jobs}
if [ -d web/e2e ]; then step suites bun test --parallel="$browser_jobs" --no-isolate "${browser_timings[@]}" --timeout 120000 web/e2e; fi

passed=$(grep -E '^ *[0-9]+ pass$' "$log" | awk '{s+=$1} END {print s+0}')
failed=$(grep -E '^ *[0-9]+ fail$' "$log" | awk '{s+=$1} END {print s+0}')
# The flaky ones passed on their second run.
flaky=$(awk '{s+=$1} END {print s+0}' "$flaky_counts")
passed=$((passed + flaky))
failed=$((failed - flaky))
# The names again at the very end, where a log cut to its last lines still shows them.
if [ -s "$flaky_names" ]; then
  echo "::: flaky:"
  sort -u "$flaky_names"
fi
# The failures that were not flaky (none printed when every failure passed on its second run).
failed_names=$(grep -E '^\(fail\)' "$log" | sort -u | grep -vxF -f "$flaky_names" | sed -E 's/ \[[0-9.]+m?s\]$//' | sort -u)
if [ -n "$failed_names" ]; then
  echo "::: failed:"
  echo "$failed_names"
fi
rm -f "$log" "$flaky_counts" "$flaky_names"
echo "::: $(( SECONDS - started )) s in all"
echo "tests: ${passed} passed, ${failed} failed, ${flaky} flaky"
if [ "$failed" != 0 ]; then status=1; fi
exit $status
