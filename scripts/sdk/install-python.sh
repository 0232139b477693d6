#!/usr/bin/env bash
# Installs the Python SDK and its test tools into sdk/python/.venv (used by `npm test` and the
# SDK's e2e). Packages come from the machine's local package indexes (`pip config list`), named
# as the index so pip never waits on the unreachable default one.
set -euo pipefail
cd "$(dirname "$0")/../.."
indexes=(--index-url file:///opt/pypi/simple)
[ -d /opt/pypi-more/simple ] && indexes+=(--extra-index-url file:///opt/pypi-more/simple)
python3 -m venv sdk/python/.venv
sdk/python/.venv/bin/pip install --quiet --disable-pip-version-check "${indexes[@]}" ./sdk/python pytest
