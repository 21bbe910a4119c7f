#!/usr/bin/env bash
# Everything `npm run lint` checks. Each check runs even when an earlier one failed, so one run lists every problem.
set -uo pipefail
cd "$(dirname "$0")/.."
PATH="$PWD/node_modules/.bin:$PATH"
status=0

echo "== format and lint, process.env only in src/server/env.ts (biome)"
biome check . || status=1

echo "== import boundaries (dependency-cruiser, .dependency-cruiser.cjs)"
depcruise src --config .dependency-cruiser.cjs || status=1

echo "== no circle among the folders of src/server/services (scripts/service-folders.ts, on dependency-cruiser)"
node --import tsx scripts/service-folders.ts || status=1

# Route modules may import the types React Router generates; a fresh clone has none yet.
[ -d .react-router/types ] || node --import tsx scripts/react-router-cli.ts typegen || status=1
echo "== unused files, exports and dependencies (knip, knip.config.ts)"
knip || status=1

exit $status
