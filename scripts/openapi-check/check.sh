#!/usr/bin/env bash
# `npm run openapi:check`: both OpenAPI documents as a generator or linter takes them whole.
#  1. Writes them (scripts/sdk/export-openapi.ts, in-process: no server, no database).
#  2. Lints them with Redocly's recommended rules (redocly.yaml).
#  3. Generates their types with openapi-typescript and compiles typed calls against them
#     (scripts/openapi-check/typed-calls.ts): every declared header is sent or read with its type.
# No network. Takes about 30 s.
set -euo pipefail
cd "$(dirname "$0")/../.."
out="${OPENAPI_CHECK_DIR:-$(mktemp -d)}"
[ -n "${OPENAPI_CHECK_DIR:-}" ] || trap 'rm -rf "$out"' EXIT
generated=scripts/openapi-check/generated # gitignored: typed-calls.ts imports it
mkdir -p "$generated"

npx tsx scripts/sdk/export-openapi.ts --out-dir "$out" >/dev/null
npx redocly lint --format=summary "$out/v1.json" "$out/partner-v1.json"
for surface in v1 partner-v1; do
  npx openapi-typescript "$out/$surface.json" --output "$generated/$surface.ts" >/dev/null
done
npx tsc -p scripts/openapi-check/tsconfig.json
echo "OpenAPI documents: lint clean, typed calls compile."
