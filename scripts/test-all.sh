#!/usr/bin/env bash
# The whole test suite: `npm test`. Static checks, unit and integration tests on PGlite and
# on PostgreSQL, the migration drift check, the SDKs (current with the OpenAPI documents, and
# their own tests), a production build, and the end-to-end suite (HTTP, a real Chromium and
# both SDKs) against the built service on each database.
set -euo pipefail
cd "$(dirname "$0")/.."
[ -f node_modules/next/package.json ] || npm ci --no-audit --no-fund
[ -d sdk/typescript/node_modules ] || (cd sdk/typescript && npm ci --no-audit --no-fund --loglevel=error)
[ -x sdk/python/.venv/bin/python ] || bash scripts/sdk/install-python.sh
source scripts/ensure-services.sh

step() { printf '\n=== %s\n' "$*"; }
passed=0
# Each step's wall time, printed before the closing line: CI has 90 minutes, and this is where they go.
timings=()
run() {
  local name="$1" started=$SECONDS
  shift
  step "$name"
  "$@"
  timings+=("$(printf '%6ss  %s' $((SECONDS - started)) "$name")")
  passed=$((passed + 1))
}

run "typecheck" npm run --silent typecheck
run "lint" npm run --silent lint
run "unit + integration (PGlite)" env TEST_DB=pglite npx vitest run
run "unit + integration (PostgreSQL)" env TEST_DB=postgres TEST_PG_ADMIN_URL="$PG_ADMIN_URL" npx vitest run
run "migration drift" bash scripts/migration-diff.sh
run "SDKs match the OpenAPI documents" npm run --silent sdk:check
run "TypeScript SDK" npm --prefix sdk/typescript test
run "Python SDK" sdk/python/.venv/bin/python -m pytest sdk/python/tests/unit -q -p no:cacheprovider
run "production build" npx next build

e2e_db="aas_e2e_$(date +%s)_$$"
cleanup() { psql "$PG_ADMIN_URL" -qc "DROP DATABASE IF EXISTS \"$e2e_db\" WITH (FORCE)" >/dev/null 2>&1 || true; }
trap cleanup EXIT
rm -rf .data/e2e
run "end to end (PGlite)" env E2E_DATA_DIR=.data/e2e npx playwright test
psql "$PG_ADMIN_URL" -qc "CREATE DATABASE \"$e2e_db\""
run "end to end (PostgreSQL)" env E2E_DATABASE_URL="${PG_ADMIN_URL%/*}/$e2e_db" npx playwright test

step "time per step ($((SECONDS / 60)) min in all)"
printf '%s\n' "${timings[@]}"
printf '\n%s passed, 0 failed\n' "$passed"
