#!/usr/bin/env bash
# `npm test`: the whole suite — types, lint, unit and API tests, then the browser tests against the
# built app. With TEST_DATABASE_URL set, every database suite runs on that PostgreSQL server too.
set -euo pipefail
cd "$(dirname "$0")/.."
step() { printf '\n== %s\n' "$1"; }

step "system packages for browser tests"
bash scripts/ensure-system.sh

step "type check"
npx tsc --noEmit

step "lint and format"
npx biome check .

step "import rules and cycles (docs/architecture.md §1)"
node --import tsx scripts/check-imports.ts

# Before the tests that need it: the fault suites run the compiled server, as the browser tests do.
step "build"
node --import tsx scripts/build.ts

step "unit and API tests (embedded PGlite)"
TEST_DATABASE_URL= npx vitest run

if [ -n "${TEST_DATABASE_URL:-}" ]; then
  step "API tests on PostgreSQL"
  npx vitest run --project api
fi

step "browser tests"
npx playwright test
