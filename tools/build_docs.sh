#!/usr/bin/env bash
# Build the documentation site from docs/ (which renders spec/ in place), offline,
# with every warning an error and a fresh environment each time (the traceability
# rows read tests/ and reference/, which Sphinx does not watch).
#
#   bash tools/build_docs.sh            # HTML into docs/_build/html
#   bash tools/build_docs.sh doctest    # run the worked examples (docs/examples.md)
#
# Extra arguments go to sphinx-build. Uses the project's .venv (tools/setup.sh), or
# the Python in DOCS_PYTHON.
set -euo pipefail
cd "$(dirname "$0")/.."
PYTHON="${DOCS_PYTHON:-.venv/bin/python}"  # not PYTHON: setup.sh uses that name for the base interpreter
BUILDER="html"
if [ "${1:-}" = "html" ] || [ "${1:-}" = "doctest" ]; then
  BUILDER="$1"
  shift
fi
# Offline: a proxy that does not exist makes any network access by an extension
# fail at once instead of hanging or silently depending on the network.
export http_proxy="http://127.0.0.1:9" https_proxy="http://127.0.0.1:9"
export HTTP_PROXY="$http_proxy" HTTPS_PROXY="$https_proxy" no_proxy="" NO_PROXY=""
# A fresh output folder too: a page no longer built must not linger.
rm -rf "docs/_build/$BUILDER"
"$PYTHON" -m sphinx -E -W --keep-going -q -b "$BUILDER" \
  -d docs/_build/doctrees docs "docs/_build/$BUILDER" "$@"
if [ "$BUILDER" = "html" ]; then
  echo "site built: docs/_build/html/index.html"
else
  echo "doctests passed: docs/_build/doctest/output.txt"
fi
