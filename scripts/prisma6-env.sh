# Sourced by the migration scripts: prepares a Prisma 6 copy of the schema in $PRISMA6_SCHEMA.
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
tool="$root/tools/prisma6"
if [ ! -x "$tool/node_modules/.bin/prisma" ]; then
  (cd "$tool" && npm ci --no-audit --no-fund --loglevel=error >/dev/null)
fi
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
# Prisma 6 wants one datamodel with a url and the classic generator; the models are the same.
{
  printf 'generator client {\n  provider = "prisma-client-js"\n}\n\ndatasource db {\n  provider = "postgresql"\n  url      = env("DATABASE_URL")\n}\n'
  for file in "$root"/prisma/schema/*.prisma; do
    [ "$(basename "$file")" = "base.prisma" ] || { echo; cat "$file"; }
  done
} > "$work/schema.prisma"
export PRISMA6_SCHEMA="$work/schema.prisma"
export DATABASE_URL="postgresql://offline/unused"
export PRISMA_SCHEMA_ENGINE_BINARY="$root/scripts/prisma-engine-stub.sh"
export PRISMA_QUERY_ENGINE_LIBRARY="$root/scripts/prisma-engine-stub.sh"
export PRISMA_HIDE_UPDATE_MESSAGE=1 CHECKPOINT_DISABLE=1
prisma6() { (cd "$tool" && node_modules/.bin/prisma "$@" --config "$tool/prisma.config.ts"); }
