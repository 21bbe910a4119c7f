#!/usr/bin/env bash
# Everything `npm test` runs: lint (format, import boundaries, unused code), type check, unit, component and server
# tests (PGlite, and PostgreSQL when TEST_DATABASE_URL is set), then browser tests in Chromium.
set -euo pipefail
cd "$(dirname "$0")/.."
export PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1

# Each step says when it starts, so a slow CI run shows where its time went.
# The type check (one thread) runs beside the lint and then the browser tests' build, which would otherwise each
# wait for it on a two-core machine (decision 0131); its output is shown when it ends.
node --import tsx scripts/react-router-cli.ts typegen
typecheck_log="$(mktemp)"
echo "== type check, in the background (at ${SECONDS} s)"
# TypeScript 7's compiler (the Go port, `typescript-native`): the same checks as TypeScript 6 at a fraction of the time
# (decision 0175). The tools that read TypeScript's API (knip, dependency-cruiser, openapi-typescript) keep 6.
node node_modules/typescript-native/bin/tsc --noEmit >"$typecheck_log" 2>&1 &
typecheck_pid=$!
lint_status=0
npm run --silent lint || lint_status=$?
echo "== the web app's build for the browser tests (at ${SECONDS} s)"
build_status=0
node --import tsx scripts/ensure-build.ts || build_status=$?
typecheck_status=0
wait "$typecheck_pid" || typecheck_status=$?
echo "== type check done (at ${SECONDS} s)"
cat "$typecheck_log"
rm -f "$typecheck_log"
if ((lint_status || typecheck_status || build_status)); then
  echo "== lint (exit ${lint_status}), type check (exit ${typecheck_status}) or build (exit ${build_status}) failed"
  exit 1
fi
echo "== unit, component and server tests${TEST_DATABASE_URL:+ (PGlite and PostgreSQL)} (at ${SECONDS} s)"
# Every answer the server tests see is kept, so that afterwards every refusal the API document lists is known to have
# been answered by its route in some test (scripts/check-refusals.ts, issue 39).
UNSCROLL_ANSWERS_DIR="$(mktemp -d)"
export UNSCROLL_ANSWERS_DIR
npx vitest run --project unit --project client --project 'server:*'
echo "== documented refusals against the answers the tests saw (at ${SECONDS} s)"
node --import tsx scripts/check-refusals.ts "$UNSCROLL_ANSWERS_DIR"
rm -rf "$UNSCROLL_ANSWERS_DIR"
unset UNSCROLL_ANSWERS_DIR
if [ -n "${TEST_DATABASE_URL:-}" ]; then
  # Alone, after the rest: beside the server tests the cluster's restarts under load made an upload test's held
  # connections miss their slots (seen in CI, never in either run alone), and its own timings are its measure.
  echo "== two instances behind HAProxy (tests/cluster) (at ${SECONDS} s)"
  npx vitest run --project cluster
fi
echo "== browser tests (Chromium) (at ${SECONDS} s)"
npx playwright test
echo "== npm test done in ${SECONDS} s"
