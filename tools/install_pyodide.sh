#!/usr/bin/env bash
# Install the Pyodide runtime (CPython compiled to WebAssembly) from the npm registry
# into .pyodide/ (git ignores it). The docs build copies its core files into the site,
# where the live page (docs/live.md) runs the reference engine in the reader's browser
# with nothing fetched from the network. Only the core runtime and the standard library
# are used: the engine needs no other package. A second run costs nothing.
set -euo pipefail
cd "$(dirname "$0")/.."
VERSION="0.27.7"  # pinned: docs/_ext/millebornes_live.py checks the installed version
TARGET=".pyodide/node_modules/pyodide"
installed() {
  [ -f "$TARGET/package.json" ] && grep -q "\"version\": \"$VERSION\"" "$TARGET/package.json"
}
if installed; then
  exit 0
fi
if ! command -v npm >/dev/null; then
  echo "install_pyodide.sh: npm is needed (Node.js) to install Pyodide $VERSION" >&2
  exit 1
fi
mkdir -p .pyodide
npm install --prefix .pyodide --no-save --no-audit --no-fund --ignore-scripts \
  "pyodide@$VERSION" >/dev/null
installed || { echo "install_pyodide.sh: pyodide@$VERSION did not install" >&2; exit 1; }
echo "Pyodide $VERSION installed in $TARGET"
