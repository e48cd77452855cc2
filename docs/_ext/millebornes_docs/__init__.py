"""Sphinx extension that renders the Mille Bornes specification.

It renders the directive blocks of ``spec/*.md`` as numbered, anchored,
traceable statements (:mod:`.entries`, :mod:`.traceview`), forwards
``id/<ID>.html`` to wherever a statement lives (:mod:`.pages`), lists the spec
files in the navigation as they appear on disk (:mod:`.toc`), generates every
table of figures and the card glossary from the edition data (:mod:`.tables`,
:mod:`.glossary`), shows the engine's precondition tables
(:mod:`.engine_tables`) and the adapters' action and observation encoding
(:mod:`.adapter_tables`), draws the diagrams from the engine (:mod:`.diagrams`,
laid out by :mod:`.svg`) and the As du Volant board (:mod:`.av_board`), and
writes the API reference pages (:mod:`.apidoc`); :mod:`.navigation` makes the
theme's site navigation from titles-only tables of contents made once per build.
``docs/about.md`` explains why this is a small extension rather than
sphinx-needs.
"""

from __future__ import annotations

from typing import Any

from sphinx.application import Sphinx

from millebornes_docs import (
    adapter_tables,
    apidoc,
    av_board,
    diagrams,
    engine_tables,
    entries,
    glossary,
    navigation,
    nodes,
    pages,
    symlinks,
    tables,
    toc,
    traceview,
)


def setup(app: Sphinx) -> dict[str, Any]:
    for module in (
        nodes,
        entries,
        traceview,
        pages,
        symlinks,
        toc,
        tables,
        glossary,
        engine_tables,
        adapter_tables,
        diagrams,
        av_board,
        apidoc,
        navigation,
    ):
        module.setup(app)
    return {"version": "1", "parallel_read_safe": True, "parallel_write_safe": True}
