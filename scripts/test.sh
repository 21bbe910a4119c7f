#!/usr/bin/env bash
# Everything `npm test` runs: lint (format, import boundaries, unused code), type check, unit, component and server
# tests (PGlite, and PostgreSQL when TEST_DATABASE_URL is set), then browser tests in Chromium.
set -euo pipefail
cd "$(dirname "$0")/.."
export PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1

# Each step says when it starts, so a slow CI run shows where its time went.
npm run --silent lint
echo "== type check (at ${SECONDS} s)"
npm run --silent typecheck
echo "== unit, component and server tests${TEST_DATABASE_URL:+ (PGlite and PostgreSQL)} (at ${SECONDS} s)"
npx vitest run --project unit --project client --project 'server:*'
if [ -n "${TEST_DATABASE_URL:-}" ]; then
  # Alone, after the rest: beside the server tests the cluster's restarts under load made an upload test's held
  # connections miss their slots (seen in CI, never in either run alone), and its own timings are its measure.
  echo "== two instances behind HAProxy (tests/cluster) (at ${SECONDS} s)"
  npx vitest run --project cluster
fi
echo "== browser tests (Chromium) (at ${SECONDS} s)"
npx playwright test
echo "== npm test done in ${SECONDS} s"
