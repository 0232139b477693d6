#!/usr/bin/env bash
# Installs the Python SDK and its test tools into sdk/python/.venv (used by `npm test` and the
# SDK's e2e). pip finds the packages through its own configuration (`pip config list`): an
# ordinary machine reaches PyPI; a machine whose configuration names only extra indexes (a
# closed network with local mirrors) gets the first of them as the index, so pip never waits on
# the default one it cannot reach.
set -euo pipefail
cd "$(dirname "$0")/../.."
configured() { python3 -m pip config get "$1" 2>/dev/null || true; }
indexes=()
if [ -z "$(configured global.index-url)" ] && [ -z "${PIP_INDEX_URL:-}" ]; then
  read -r -a extras <<< "$(configured global.extra-index-url) ${PIP_EXTRA_INDEX_URL:-}"
  if [ "${#extras[@]}" -gt 0 ]; then
    indexes=(--index-url "${extras[0]}")
    for extra in "${extras[@]:1}"; do indexes+=(--extra-index-url "$extra"); done
  fi
fi
python3 -m venv sdk/python/.venv
PIP_EXTRA_INDEX_URL= sdk/python/.venv/bin/pip install --quiet --disable-pip-version-check "${indexes[@]}" ./sdk/python pytest
