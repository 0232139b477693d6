#!/usr/bin/env bash
# Generates the one Prisma client (src/server/db/generated) offline.
set -euo pipefail
cd "$(dirname "$0")/.."
export PRISMA_SCHEMA_ENGINE_BINARY="$PWD/scripts/prisma-engine-stub.sh"
export PRISMA_HIDE_UPDATE_MESSAGE=1 CHECKPOINT_DISABLE=1
exec node_modules/.bin/prisma generate
