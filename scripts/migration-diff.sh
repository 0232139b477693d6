#!/usr/bin/env bash
# Drift check (CI): exits 0 when prisma/migrations produce exactly prisma/schema, else 2.
source "$(dirname "$0")/prisma6-env.sh"
set +e
prisma6 migrate diff --from-migrations "$root/prisma/migrations" --to-schema-datamodel "$PRISMA6_SCHEMA" --exit-code
code=$?
set -e
if [ "$code" = 0 ]; then echo "migrations: no drift"; elif [ "$code" = 2 ]; then echo "migrations: the schema has changes no migration records; run npm run db:new-migration -- <name>" >&2; fi
exit "$code"
