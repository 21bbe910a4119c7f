#!/usr/bin/env bash
# Everything `npm test` runs: lint (format, import boundaries, unused code), type check, unit, component and server
# tests (PGlite, and PostgreSQL when TEST_DATABASE_URL is set), then browser tests in Chromium.
set -euo pipefail
cd "$(dirname "$0")/.."
export PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1

npm run --silent lint
echo "== type check"
npm run --silent typecheck
echo "== unit, component and server tests${TEST_DATABASE_URL:+ (PGlite and PostgreSQL)}"
npx vitest run
echo "== browser tests (Chromium)"
npx playwright test
