#!/usr/bin/env bash
# Refresh the French catalogues (docs/locale/fr/LC_MESSAGES/*.po) from the English
# pages, with Sphinx's gettext builder and sphinx-intl. Run it after an English text
# changes: a changed paragraph's old French is kept but marked fuzzy (not used by the
# build) until a translator updates it and removes the flag; tests/docs/test_translations.py
# names every rule ID whose statement has no current French.
#
#   bash tools/update_translations.sh               # the pages that have a catalogue
#   bash tools/update_translations.sh spec/cards    # also start one for spec/cards.md
#
# A page without a catalogue is shown in English in the French site.
set -euo pipefail
cd "$(dirname "$0")/.."
PYTHON="${DOCS_PYTHON:-.venv/bin/python}"
export http_proxy="http://127.0.0.1:9" https_proxy="http://127.0.0.1:9"
LOCALE=docs/locale/fr/LC_MESSAGES
WORK="$(mktemp -d)"
trap 'rm -rf "$WORK"' EXIT
rm -rf docs/_build/gettext
"$PYTHON" -m sphinx -E -q -b gettext -d docs/_build/doctrees-gettext docs docs/_build/gettext
mkdir -p "$LOCALE" "$WORK/fr/LC_MESSAGES"
cp -r "$LOCALE/." "$WORK/fr/LC_MESSAGES/"
mapfile -t PAGES < <(cd "$LOCALE" && find . -name '*.po' | sed 's|^\./||; s|\.po$||' | sort)
# sphinx-intl refreshes (or starts) a catalogue for every page; keep only the chosen ones.
"$PYTHON" -m sphinx_intl update -p docs/_build/gettext -d "$WORK" -l fr -w 0 >/dev/null
for page in "${PAGES[@]}" "$@"; do
  mkdir -p "$(dirname "$LOCALE/$page.po")"
  cp "$WORK/fr/LC_MESSAGES/$page.po" "$LOCALE/$page.po"
done
echo "catalogues refreshed in $LOCALE: ${#PAGES[@]} kept, $# added"
