"""Permanent links by ID, and the map of IDs for tools.

A rule may move from one file to another; its ID never changes. So besides the
anchor on its page (``spec/rules/distance.html#DIST-MAX-200``) every statement,
and every alias, gets a tiny page ``id/<ID>.html`` that forwards to wherever the
statement is today: an implementer can print that link in an error message and
it keeps working. ``ids.json`` lists every ID with its kind, number and page,
for tools (and for the browser test, which finds a rule page through it).
"""

from __future__ import annotations

import json
from collections.abc import Set
from html import escape
from pathlib import Path

from sphinx.application import Sphinx
from sphinx.environment import BuildEnvironment

from millebornes_docs.entries import entry_record, spec_domain
from millebornes_docs.traceview import display_numbers

REDIRECTS = "id"

_PAGE = """<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<title>{id}</title>
<meta name="robots" content="noindex">
<meta http-equiv="refresh" content="0; url={url}">
<link rel="canonical" href="{url}">
</head>
<body>
<p>{kind} <a href="{url}">{id}</a> is on the page <a href="{url}">{title}</a>.</p>
</body>
</html>
"""


def write_id_pages(app: Sphinx, exception: Exception | None) -> None:
    """After an HTML build: one forwarding page per ID and alias, and ``ids.json``."""
    if exception is not None or app.builder.format != "html":
        return
    env = app.env
    domain = spec_domain(env)
    numbers = display_numbers(env)
    out = Path(app.outdir)
    (out / REDIRECTS).mkdir(exist_ok=True)
    catalogue = {}
    for entry in sorted(domain.entries.values(), key=lambda e: e.id):
        page = app.builder.get_target_uri(entry.docname)
        title = env.titles[entry.docname].astext() if entry.docname in env.titles else page
        for name in (entry.id, *entry.aliases):
            url = f"../{page}#{entry.id}"
            text = _PAGE.format(
                id=escape(name), url=escape(url), kind=entry.kind.capitalize(), title=escape(title)
            )
            (out / REDIRECTS / f"{name}.html").write_text(text, encoding="utf-8")
        catalogue[entry.id] = {
            **entry_record(entry),
            "number": numbers.get(entry.id),
            "url": f"{page}#{entry.id}",
            "permalink": f"{REDIRECTS}/{entry.id}.html",
        }
    (out / "ids.json").write_text(
        json.dumps(catalogue, indent=1, sort_keys=True, ensure_ascii=False) + "\n", encoding="utf-8"
    )


def renumber(
    app: Sphinx, env: BuildEnvironment, added: Set[str], changed: Set[str], removed: Set[str]
) -> list[str]:
    """Numbers run across documents: when one document's statements change, every
    document with statements is rewritten, so that no page keeps a stale number."""
    with_entries = {entry.docname for entry in spec_domain(env).entries.values()}
    if with_entries & (set(added) | set(changed) | set(removed)):
        return sorted(with_entries)
    return []


def setup(app: Sphinx) -> None:
    app.connect("build-finished", write_id_pages)
    app.connect("env-get-outdated", renumber)
