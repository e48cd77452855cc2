#!/usr/bin/env bash
# Install Debian's Chromium, which the docs browser check (tests/docs/test_docs_browser.py)
# runs headless. Only when /usr/bin/chromium is missing, so a second run costs nothing.
# Needs apt and root, or sudo without a password (never waits for one: it fails at once).
set -euo pipefail
if [ -x /usr/bin/chromium ]; then
  exit 0
fi
if ! command -v apt-get >/dev/null; then
  echo "install_browser.sh: no apt-get here; install Chromium as /usr/bin/chromium" >&2
  exit 1
fi
SUDO=()
if [ "$(id -u)" -ne 0 ]; then
  SUDO=(sudo -n)
fi
export DEBIAN_FRONTEND=noninteractive
"${SUDO[@]}" apt-get update -qq
# No recommends: a headless check needs neither the desktop extras nor their size.
# A font is needed for text to have glyphs in screenshots.
"${SUDO[@]}" apt-get install -y -qq --no-install-recommends chromium fonts-dejavu-core >/dev/null
/usr/bin/chromium --version
