"""Sphinx configuration of the Mille Bornes specification site.

The site renders ``spec/`` in place: ``docs/spec`` is a symbolic link to
``../spec``, so the rule files are pages of the site without being copied.
Everything is local: no extension fetches anything, and no page loads anything
from the network when it is viewed.
"""

from __future__ import annotations

import sys
from pathlib import Path

DOCS = Path(__file__).resolve().parent
ROOT = DOCS.parent
sys.path.insert(0, str(DOCS / "_ext"))
sys.path.insert(0, str(ROOT / "reference"))  # the engine, also when not pip-installed

if not (DOCS / "spec" / "cards.json").is_file():
    raise RuntimeError(
        "docs/spec must be a symbolic link to ../spec (git keeps it; on a checkout that"
        " lost it, run: ln -s ../spec docs/spec)"
    )

project = "Mille Bornes — the canonical specification"
author = "the Mille Bornes specification authors"
copyright = "the Mille Bornes specification authors"

extensions = [
    "myst_parser",
    "sphinx.ext.autodoc",
    "sphinx.ext.doctest",
    "sphinx.ext.viewcode",
    "millebornes_docs",
    "millebornes_live",  # the live page's runtime: Pyodide and the engine (docs/live.md)
    "millebornes_i18n",  # the language switcher on every page
]

root_doc = "index"
source_suffix = {".md": "markdown"}
exclude_patterns = ["_build", "README.md", "spec/vectors", ".DS_Store"]
templates_path = ["_templates"]  # the language switcher (sidebar/language.html), the footer

# --- MyST ---------------------------------------------------------------------------
myst_enable_extensions = ["colon_fence", "deflist"]
myst_heading_anchors = 3  # [text](page.md#a-heading) links resolve and are checked

# --- the API reference: one generated page per module (docs/api/generated/) ----------
millebornes_api_pages = True

# --- autodoc --------------------------------------------------------------------------
autodoc_member_order = "bysource"
autodoc_typehints = "signature"
autodoc_default_options = {"no-value": True}  # precondition tables are tuples of functions
autodoc_class_signature = "separated"

# --- doctest --------------------------------------------------------------------------
# The worked examples are run by `sphinx-build -b doctest` in tests/docs.
doctest_test_doctest_blocks = ""  # only explicit {doctest} blocks are tests

# --- languages -------------------------------------------------------------------------
# English is the source; French comes from docs/locale/fr/LC_MESSAGES/*.po (Sphinx's
# gettext workflow, tools/update_translations.sh). tools/build_docs.sh builds English into
# docs/_build/html and French into docs/_build/html/fr; rule IDs and id/RULE links are
# the same in both.
locale_dirs = ["locale/"]
gettext_compact = False  # one catalogue per page, named like the page

# --- HTML -----------------------------------------------------------------------------
html_theme = "furo"
html_title = "Mille Bornes specification"
html_static_path = ["_static"]
html_css_files = ["millebornes.css"]
html_use_index = False  # the IDs have their own index: the traceability page
html_domain_indices = False  # the API reference lists the modules itself
html_copy_source = False
html_show_sourcelink = False
html_last_updated_fmt = None
html_sidebars = {  # furo's own, with the language switcher under the site's name
    "**": [
        "sidebar/brand.html",
        "sidebar/language.html",
        "sidebar/search.html",
        "sidebar/scroll-start.html",
        "sidebar/navigation.html",
        "sidebar/scroll-end.html",
    ]
}
html_theme_options = {
    "navigation_with_keys": True,
    "top_of_page_buttons": [],
}
