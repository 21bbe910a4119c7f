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
npx vitest run
echo "== browser tests (Chromium) (at ${SECONDS} s)"
npx playwright test
echo "== npm test done in ${SECONDS} s"
