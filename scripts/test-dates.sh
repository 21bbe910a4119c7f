#!/usr/bin/env bash
# The unit and server tests (PGlite) with the machine's clock set to awkward moments (issue 24 #2, decision 0100):
# a test or a rule that reads the wall clock fails here on the day it would have failed in CI.
#
#   npm run test:dates                           every moment below, all unit and server:pglite tests
#   TEST_DATES="new-year leap-day" npm run test:dates -- src/server/routes/reminders
#                                                some moments, some files (arguments go to vitest)
#
# The clock is libfaketime's: it starts at the moment given and keeps running (a frozen clock hangs Node), and the
# monotonic clock stays real so timers behave. scripts/test-dates.test.ts fails when the tests do not see it. PGlite runs inside the test process and sees the same clock. A
# PostgreSQL server keeps the real one; the product compares moments on its own clock only, so server:postgres
# passes under libfaketime too, but this script runs PGlite, which needs no server (decision 0100).
set -euo pipefail
cd "$(dirname "$0")/.."

# name | moment (UTC) | the machine's time zone during the run
MOMENTS=(
  "tuesday-night|2026-11-24T23:30:00Z|UTC"
  "sunday-night|2026-11-29T23:40:00Z|UTC"
  "summer-time-starts|2027-03-28T00:50:00Z|Europe/Berlin"
  "summer-time-ends|2027-10-31T00:50:00Z|Europe/Berlin"
  "new-year|2027-12-31T23:50:00Z|UTC"
  "leap-day|2028-02-29T12:00:00Z|UTC"
)

find_libfaketime() {
  local candidate
  for candidate in /usr/lib/*/faketime/libfaketime.so.1 /usr/lib/faketime/libfaketime.so.1 /usr/local/lib/faketime/libfaketime.so.1; do
    if [[ -f "$candidate" ]]; then
      echo "$candidate"
      return 0
    fi
  done
  return 1
}

if ! LIBFAKETIME="$(find_libfaketime)"; then
  if command -v apt-get >/dev/null 2>&1 && [[ "$(id -u)" == 0 ]]; then
    echo "== installing libfaketime (Debian package faketime)"
    apt-get update -qq
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq faketime >/dev/null
  fi
  LIBFAKETIME="$(find_libfaketime)" || {
    echo "test:dates needs libfaketime: install it (Debian/Ubuntu: apt-get install -y faketime; macOS: brew install libfaketime)" >&2
    exit 1
  }
fi

wanted=" ${TEST_DATES:-} "
failed=()
started=$SECONDS
for entry in "${MOMENTS[@]}"; do
  IFS="|" read -r name moment zone <<<"$entry"
  if [[ -n "${TEST_DATES:-}" && "$wanted" != *" $name "* ]]; then continue; fi
  # libfaketime's "@YYYY-MM-DD hh:mm:ss" is read in the run's zone, where an hour repeated when summer time ends is
  # ambiguous: it started "summer-time-ends" an hour late (caught by scripts/test-dates.test.ts). An offset from now
  # is not: the clock starts at the moment (less the seconds Node takes to start) and keeps running.
  offset=$(($(date -d "$moment" +%s) - $(date +%s)))
  fake="+${offset}"
  ((offset < 0)) && fake="${offset}"
  local_start="$(TZ="$zone" date -d "$moment" '+%Y-%m-%d %H:%M:%S %Z')"
  echo "== $name: $moment ($local_start in $zone)"
  ran=$((${ran:-0} + 1))
  began=$SECONDS
  # scripts/test-dates.test.ts checks that the tests see this moment and zone; with files named, it is added to them.
  if UNSCROLL_FAKED_NOW="$moment" UNSCROLL_FAKED_ZONE="$zone" \
    TZ="$zone" LD_PRELOAD="$LIBFAKETIME" FAKETIME="$fake" FAKETIME_DONT_FAKE_MONOTONIC=1 \
    npx vitest run --project unit --project server:pglite "$@" ${1:+scripts/test-dates.test.ts}; then
    echo "== $name passed in $((SECONDS - began)) s"
  else
    echo "== $name FAILED in $((SECONDS - began)) s"
    failed+=("$name")
  fi
done

if [[ -n "${TEST_DATES:-}" && ${ran:-0} == 0 ]]; then
  echo "TEST_DATES names no moment of this script: $TEST_DATES" >&2
  exit 1
fi
echo "== test:dates took $((SECONDS - started)) s"
if ((${#failed[@]} > 0)); then
  echo "== failed at: ${failed[*]}" >&2
  exit 1
fi
