"""The site's navigation, made from titles-only tables of contents built once per build.

On every page the theme (Furo) asks Sphinx for the whole site's table of contents with
document titles only. Sphinx makes it by copying every page's full table of contents
(each section, and each documented object of the API pages: some 14,000 nodes) and then
dropping everything but the titles and the toctrees, once per page: more than half of
the build's time (338 pages, each language). Here each page's titles-only table is made
once, and lent to Sphinx for the calls that ask for titles only; the navigation is the
same, byte for byte (``tests/docs/test_docs_navigation.py``).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any
from weakref import WeakKeyDictionary

from docutils import nodes
from sphinx import addnodes
from sphinx.application import Sphinx
from sphinx.environment import BuildEnvironment

_TABLES: WeakKeyDictionary[BuildEnvironment, dict[str, nodes.bullet_list]] = WeakKeyDictionary()
"""Each build's titles-only tables, made at the first page written (reading is over)."""


def titles_only(toc: nodes.bullet_list) -> nodes.bullet_list:
    """A copy of a page's table of contents keeping what Sphinx keeps of it when asked
    for titles only (``_entries_from_toctree`` in ``sphinx.environment.adapters.toctree``):
    each top-level entry's title, and the toctrees found below it."""
    table = toc.deepcopy()
    for top_level in table.children:
        if isinstance(top_level, nodes.Element) and len(top_level) > 1:
            # a title, and the list of what is below it
            subtrees = list(top_level.findall(addnodes.toctree))
            if subtrees:
                top_level[1][:] = subtrees  # type: ignore[index]
            else:
                top_level.pop(1)
    return table


def _tables(env: BuildEnvironment) -> dict[str, nodes.bullet_list]:
    if env not in _TABLES:
        _TABLES[env] = {docname: titles_only(toc) for docname, toc in env.tocs.items()}
    return _TABLES[env]


def _lend_titles_only_tables(
    app: Sphinx, pagename: str, templatename: str, context: dict[str, Any], doctree: Any
) -> None:
    """Wrap the page's ``toctree`` so that a call for titles only reads the tables made
    once; any other call reads the full tables, as before."""
    toctree: Callable[..., str] | None = context.get("toctree")
    if toctree is None:
        return
    env = app.env

    def toctree_with_lent_tables(**kwargs: Any) -> str:
        if not kwargs.get("titles_only"):
            return toctree(**kwargs)
        full = env.tocs
        env.tocs = _tables(env)
        try:
            return toctree(**kwargs)
        finally:
            env.tocs = full

    context["toctree"] = toctree_with_lent_tables


def setup(app: Sphinx) -> None:
    # Before the theme's own handler (priority 500), which asks for the navigation.
    app.connect("html-page-context", _lend_titles_only_tables, priority=400)
