#!/usr/bin/env bash
# The whole test suite: `npm test`. Static checks; unit and integration tests on PGlite (on Node
# 24) and on PostgreSQL (on the Node that runs this); the migration drift check; the SDKs
# (current with the OpenAPI documents, and their own tests); a production build; and the
# end-to-end suite against the built service: everything on the embedded database, and again on
# PostgreSQL all but the console's browser specs, which test the UI, not the database
# (docs/testing.md, "What runs where").
set -euo pipefail
cd "$(dirname "$0")/.."
[ -f node_modules/next/package.json ] || npm ci --no-audit --no-fund
[ -d sdk/typescript/node_modules ] || (cd sdk/typescript && npm ci --no-audit --no-fund --loglevel=error)
source scripts/ensure-services.sh

# Node 24 from the npm registry (tools/node), for the PGlite lane; Linux x64 only.
node24="$PWD/tools/node/node_modules/node24/bin"
if [ ! -x "$node24/node" ] && [ "$(uname -sm)" = "Linux x86_64" ]; then
  (cd tools/node && npm ci --no-audit --no-fund --loglevel=error)
fi
if [ -x "$node24/node" ]; then second_node="Node $("$node24/node" -v)"; else
  node24="" second_node="Node $(node -v): tools/node has no Node 24 for $(uname -sm)"
fi

work="$(mktemp -d)"
e2e_db="aas_e2e_$(date +%s)_$$"
cleanup() {
  node scripts/pg-admin.mjs drop "$e2e_db" >/dev/null 2>&1 || true
  rm -rf "$work"
}
trap cleanup EXIT

# The Python SDK's virtualenv installs while the static checks run: pip mostly waits.
if [ ! -x sdk/python/.venv/bin/python ]; then
  bash scripts/sdk/install-python.sh >"$work/python-install.log" 2>&1 &
  python_install=$!
fi

step() { printf '\n=== %s\n' "$*"; }
passed=0
# Each step's wall time, printed before the closing line: CI has 90 minutes, and this is where they go.
timings=()
timed() {
  timings+=("$(printf '%6ss  %s' "$2" "$1")")
  passed=$((passed + 1))
}
run() {
  local name="$1" started=$SECONDS
  shift
  step "$name"
  "$@"
  timed "$name" $((SECONDS - started))
}
# Runs "name::command" pairs side by side (for steps that mostly wait, or use one core each),
# then prints each one's output in turn, with its own time; fails if any failed.
together() {
  local started=$SECONDS failed=0 index=0 pids=() names=()
  for pair in "$@"; do
    names+=("${pair%%::*}")
    # Each writes its own time when it ends: they are waited for in order, not as they end.
    bash -c "${pair#*::}"' && echo $SECONDS >'"$work/together-$index.seconds" >"$work/together-$index.log" 2>&1 &
    pids+=($!)
    index=$((index + 1))
  done
  for index in "${!pids[@]}"; do
    step "${names[$index]}"
    if wait "${pids[$index]}"; then
      cat "$work/together-$index.log"
      timed "${names[$index]} (side by side)" "$(cat "$work/together-$index.seconds")"
    else
      cat "$work/together-$index.log"
      echo "--- ${names[$index]} failed" >&2
      failed=1
    fi
  done
  [ "$failed" = 0 ] || exit 1
  timings+=("$(printf '%6ss  %s' $((SECONDS - started)) "  (those side by side, together)")")
}

together \
  "typecheck::npm run --silent typecheck" \
  "lint::npm run --silent lint" \
  "format::npm run --silent format:check"

# The PGlite lane records the files that need a database: those that opened the run's database
# or skipped a test here (test/setup.ts). The others test nothing PostgreSQL could change.
database_files="$work/database-files"
: >"$database_files"
run "unit + integration (PGlite, $second_node)" env PATH="${node24:+$node24:}$PATH" \
  TEST_DB=pglite TEST_DATABASE_FILES="$database_files" npx vitest run
mapfile -t postgres_files < <(sort -u "$database_files")

if [ -n "${python_install:-}" ]; then
  wait "$python_install" || { cat "$work/python-install.log"; echo "the Python SDK's install failed" >&2; exit 1; }
fi
# The PostgreSQL lane waits on its server about a third of the time: the build and the SDK
# checks use that CPU. Nothing here shares a port, a database or an output folder.
printf '%s\n' "${postgres_files[@]}" >"$work/postgres-files"
together \
  "unit + integration (PostgreSQL, Node $(node -v): ${#postgres_files[@]} files that need a database)::xargs -a '$work/postgres-files' -d '\n' env TEST_DB=postgres TEST_PG_ADMIN_URL='$PG_ADMIN_URL' npx vitest run" \
  "production build::npx next build" \
  "migration drift, SDKs current, TypeScript SDK, Python SDK::bash scripts/migration-diff.sh && npm run --silent sdk:check && npm --prefix sdk/typescript test && sdk/python/.venv/bin/python -m pytest sdk/python/tests/unit -q -p no:cacheprovider" \
  "OpenAPI documents: redocly lint, typed calls compile::npm run --silent openapi:check"

rm -rf .data/e2e
run "end to end (PGlite): api, console, sdk" env E2E_DATA_DIR=.data/e2e npx playwright test \
  --project api --project console --project sdk
node scripts/pg-admin.mjs create "$e2e_db"
run "end to end (PostgreSQL): api, sdk, scale" env E2E_DATABASE_URL="${PG_ADMIN_URL%/*}/$e2e_db" npx playwright test \
  --project api --project sdk --project scale

step "time per step ($((SECONDS / 60)) min in all)"
printf '%s\n' "${timings[@]}"
printf '\n%s passed, 0 failed\n' "$passed"
