#!/usr/bin/env bash
# Create .venv with Python 3.11 and install the project with its development tools.
# Idempotent: a second run only re-checks the installation.
set -euo pipefail
cd "$(dirname "$0")/.."
PYTHON="${PYTHON:-python3.11}"
command -v "$PYTHON" >/dev/null || PYTHON=python3
"$PYTHON" -c 'import sys; sys.exit(sys.version_info < (3, 11))' \
  || { echo "Python 3.11 or newer is needed (found $("$PYTHON" --version))" >&2; exit 1; }
if [ ! -x .venv/bin/python ]; then
  "$PYTHON" -m venv .venv
fi
.venv/bin/python -m pip install --quiet --disable-pip-version-check --upgrade pip
.venv/bin/python -m pip install --quiet --disable-pip-version-check -e '.[dev]'
# Debian's Chromium for the docs browser check; that test fails under CI=true without it.
bash tools/install_browser.sh \
  || echo "Chromium not installed: the docs browser check will be skipped (it fails under CI=true)" >&2
# Pyodide from the npm registry, which the docs build copies into the site for the live
# page (docs/live.md); the build stops with a clear message without it.
bash tools/install_pyodide.sh
