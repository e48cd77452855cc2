#!/usr/bin/env bash
# Build the documentation site from docs/ (which renders spec/ in place), offline,
# with every warning an error and a fresh environment each time (the traceability
# rows read tests/ and reference/, which Sphinx does not watch).
#
#   bash tools/build_docs.sh            # HTML into docs/_build/html, French into .../html/fr
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
  # The French site, from docs/locale/fr/LC_MESSAGES (tools/update_translations.sh), inside
  # the English one so that each page's language switcher is a relative link; its live
  # page uses the English site's copy of the runtime (../_live/).
  "$PYTHON" -m sphinx -E -W --keep-going -q -b html -D language=fr -D live_runtime=../_live/ \
    -d docs/_build/doctrees-fr docs docs/_build/html/fr "$@"
  echo "site built: docs/_build/html/index.html (French: docs/_build/html/fr/index.html)"
else
  echo "doctests passed: docs/_build/doctest/output.txt"
fi
