# Sourced by the test scripts: finds the PostgreSQL server and the Chromium the suite needs, or
# says in one line what is missing and how to provide it.
#
# PG_ADMIN_URL (or TEST_DATABASE_URL, the same thing under the name other projects use) is a
# PostgreSQL server where the user may create databases: the suite creates throwaway databases
# there and drops them. Default: the local server on 127.0.0.1:5432 as user postgres.
export PG_ADMIN_URL="${PG_ADMIN_URL:-${TEST_DATABASE_URL:-postgresql://postgres@127.0.0.1:5432/postgres}}"
_services_root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
if ! node "$_services_root/scripts/pg-admin.mjs" check 2>/dev/null; then
  # A Debian machine whose local cluster is stopped (CI's machines): start it, then look again.
  case "$PG_ADMIN_URL" in
    *@127.0.0.1:5432/* | *@localhost:5432/*)
      if command -v pg_ctlcluster >/dev/null 2>&1 && [ -d /etc/postgresql ]; then
        pg_ctlcluster --skip-systemctl-redirect "$(ls /etc/postgresql | head -n 1)" main start || true
        for _ in $(seq 1 30); do pg_isready -h 127.0.0.1 -p 5432 -q && break; sleep 1; done
      fi
      ;;
  esac
  node "$_services_root/scripts/pg-admin.mjs" check || exit 1
fi

# Chromium for the console specs: CHROMIUM_PATH, or a Chromium or Chrome on the PATH. Playwright's
# own browser download is never used (these machines cannot reach it).
if [ -z "${CHROMIUM_PATH:-}" ]; then
  for _candidate in chromium chromium-browser google-chrome-stable google-chrome; do
    if command -v "$_candidate" >/dev/null 2>&1; then CHROMIUM_PATH="$(command -v "$_candidate")"; break; fi
  done
fi
if [ -z "${CHROMIUM_PATH:-}" ] && [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then
  apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null && CHROMIUM_PATH=/usr/bin/chromium
fi
if [ -z "${CHROMIUM_PATH:-}" ] || [ ! -x "$CHROMIUM_PATH" ]; then
  echo "Chromium was not found${CHROMIUM_PATH:+ at $CHROMIUM_PATH}: install it (Debian or Ubuntu: apt-get install chromium)" \
    "or set CHROMIUM_PATH to a Chromium or Chrome binary." >&2
  exit 1
fi
export CHROMIUM_PATH
