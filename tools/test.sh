#!/usr/bin/env bash
# The whole test suite: set up, then run pytest (rule tests, properties, traceability,
# shuffle vectors, mypy --strict and ruff). Extra arguments go to pytest.
set -euo pipefail
cd "$(dirname "$0")/.."
bash tools/setup.sh
status=0
.venv/bin/python -m pytest "$@" || status=$?
if [ "$status" -eq 5 ]; then
  echo "pytest collected no test: that is a failure here" >&2
  exit 1
fi
exit "$status"
