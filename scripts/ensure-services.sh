# Sourced by test and CI scripts: makes sure the local PostgreSQL and Chromium are there.
# PG_ADMIN_URL is the server used to create throwaway test databases.
export PG_ADMIN_URL="${PG_ADMIN_URL:-postgresql://postgres@127.0.0.1:5432/postgres}"
if ! pg_isready -h 127.0.0.1 -p 5432 -q 2>/dev/null; then
  if command -v pg_ctlcluster >/dev/null 2>&1; then
    pg_ctlcluster --skip-systemctl-redirect "$(ls /etc/postgresql | head -n 1)" main start
    for _ in $(seq 1 30); do pg_isready -h 127.0.0.1 -p 5432 -q && break; sleep 1; done
  fi
fi
pg_isready -h 127.0.0.1 -p 5432 -q || { echo "PostgreSQL is not reachable at 127.0.0.1:5432" >&2; exit 1; }
if [ ! -x "${CHROMIUM_PATH:-/usr/bin/chromium}" ]; then
  if [ "$(id -u)" = 0 ]; then
    apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null
  else
    echo "Chromium is missing: install Debian's package (apt-get install -y chromium)" >&2; exit 1
  fi
fi
