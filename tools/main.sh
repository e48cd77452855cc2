#!/usr/bin/env bash
# The main job: set up, then play a seeded demo round of the classic edition and
# print its transcript and score sheet. Extra arguments go to `millebornes demo`.
set -euo pipefail
cd "$(dirname "$0")/.."
bash tools/setup.sh
.venv/bin/millebornes demo "$@"
