#!/usr/bin/env bash
# The main job: set up; regenerate the conformance suite (conformance/, byte-identical on
# an unchanged commit); build the docs site (docs/_build/html); then play a seeded demo
# round and print its transcript and score sheet. Extra arguments go to `millebornes demo`.
# To play, look or measure without regenerating anything, call the command directly
# (`.venv/bin/millebornes demo`, `simulate`, `editions`: README, "Quick commands").
set -euo pipefail
cd "$(dirname "$0")/.."
bash tools/setup.sh
.venv/bin/millebornes conformance generate
bash tools/build_docs.sh
.venv/bin/millebornes demo "$@"
