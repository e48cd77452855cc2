#!/usr/bin/env bash
# The whole test suite: set up, then run pytest (rule tests, properties, traceability,
# shuffle vectors, mypy --strict and ruff). Extra arguments go to pytest. `.ci/run` runs
# this without --quick.
#
# --quick: the inner-loop subset, for work on the engine, the bots and the commands.
# No set-up once .venv exists, and it leaves out what takes minutes: the docs site build
# and browser check (tests/docs), the conformance suite's regeneration check and its runs
# through engine subprocesses (tests/conformance), the invariant machine, mutants and z3
# proofs (tests/invariants), mypy and ruff over the tree (tests/test_quality.py) and the
# tests marked `slow` (Dask clusters, plots, subprocess runs). Run the whole suite before
# a commit that others will build on.
set -euo pipefail
cd "$(dirname "$0")/.."
quick=()
if [ "${1:-}" = "--quick" ]; then
  shift
  quick=(
    --ignore=tests/docs
    --ignore=tests/conformance
    --ignore=tests/invariants
    --ignore=tests/test_quality.py
    -m "not slow"
  )
  [ -x .venv/bin/python ] || bash tools/setup.sh
else
  bash tools/setup.sh
fi
# Every core (CI has two): pytest-xdist, the docs-site tests kept on one worker (tests/conftest.py).
status=0
.venv/bin/python -m pytest -n auto --dist loadgroup "${quick[@]}" "$@" || status=$?
if [ "$status" -eq 5 ]; then
  echo "pytest collected no test: that is a failure here" >&2
  exit 1
fi
exit "$status"
