#!/usr/bin/env bash
# Writes prisma/migrations/<timestamp>_<name>/migration.sql from the schema's changes.
source "$(dirname "$0")/prisma6-env.sh"
name="${1:?usage: npm run db:new-migration -- <name>}"
dir="$root/prisma/migrations/$(date -u +%Y%m%d%H%M%S)_${name}"
mkdir -p "$root/prisma/migrations"
set +e
sql="$(prisma6 migrate diff --from-migrations "$root/prisma/migrations" --to-schema-datamodel "$PRISMA6_SCHEMA" --script --exit-code)"
code=$?
set -e
if [ "$code" = 0 ]; then echo "No schema changes: nothing to write."; exit 0; fi
if [ "$code" != 2 ]; then echo "$sql" >&2; exit "$code"; fi
mkdir -p "$dir"
printf '%s\n' "$sql" > "$dir/migration.sql"
echo "Wrote ${dir#$root/}/migration.sql"
