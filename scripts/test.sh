#!/usr/bin/env bash
# Everything `npm test` runs: lint + format check, type check, unit and server tests
# (PGlite, and PostgreSQL when TEST_DATABASE_URL is set), then browser tests in Chromium.
set -euo pipefail
cd "$(dirname "$0")/.."
export PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1

echo "== lint and format (biome)"
npx biome check .
echo "== type check"
npx react-router typegen >/dev/null
npx tsc --noEmit
echo "== unit and server tests${TEST_DATABASE_URL:+ (PGlite and PostgreSQL)}"
npx vitest run
echo "== browser tests (Chromium)"
npx playwright test
