"""``{site-toctree}``: a toctree that follows the files on disk.

It accepts every line a plain ``toctree`` accepts, plus two kinds of entries:

* ``spec:PATTERN`` lists the spec documents matching ``PATTERN`` (``spec:rules/*``,
  ``spec:**`` for all), in the order of the file table of ``spec/README.md`` and
  then alphabetically, skipping those an earlier line, or an earlier
  ``site-toctree`` of the same page, listed. A rule file added to
  ``spec/rules/`` therefore appears without any docs edit, and a last
  ``spec:**`` catches any spec page no other line placed.
* ``?docname`` lists a page only if it exists, for pages written elsewhere
  (the implementer's guide).
"""

from __future__ import annotations

import re
from collections.abc import Callable
from fnmatch import fnmatchcase
from typing import cast

from docutils import nodes
from docutils.statemachine import StringList
from sphinx.application import Sphinx
from sphinx.directives.other import TocTree

from millebornes_docs.data import SPEC

SPEC_DOCS = "spec/"
"""Where the spec's Markdown files appear in the site (docs/spec links to ../spec)."""


def readme_order() -> list[str]:
    """The Markdown paths named in backticks in ``spec/README.md``, in order."""
    text = (SPEC / "README.md").read_text(encoding="utf-8")
    return [path.removesuffix(".md") for path in re.findall(r"`([\w./-]+\.md)`", text)]


def _spec_key(order: list[str]) -> Callable[[str], tuple[int, str]]:
    def key(relative: str) -> tuple[int, str]:
        return (order.index(relative) if relative in order else len(order), relative)

    return key


class SiteTocTree(TocTree):
    """A ``toctree`` that expands ``spec:PATTERN`` and ``?optional`` entries."""

    def run(self) -> list[nodes.Node]:
        found = self.env.found_docs
        spec_docs = sorted(d.removeprefix(SPEC_DOCS) for d in found if d.startswith(SPEC_DOCS))
        order = readme_order()
        key = _spec_key(order)
        # Shared by the site-toctrees of one page (reset by Sphinx for each page).
        listed = cast("set[str]", self.env.current_document.setdefault("mb_listed_spec", set()))
        lines: list[str] = []
        for raw in self.content:
            entry = raw.strip()
            if entry.startswith("spec:"):
                pattern = entry.removeprefix("spec:")
                matches = [d for d in spec_docs if fnmatchcase(d, pattern) and d not in listed]
                for relative in sorted(matches, key=key):
                    listed.add(relative)
                    lines.append("/" + SPEC_DOCS + relative)
            elif entry.startswith("?"):
                docname = entry.removeprefix("?")
                if docname in found:
                    lines.append(docname)
            elif entry:
                lines.append(entry)
                if entry.startswith("/" + SPEC_DOCS):
                    listed.add(entry.removeprefix("/" + SPEC_DOCS))
        self.content = StringList(lines, source=self.content.source(0) if self.content else "")
        return super().run()


def setup(app: Sphinx) -> None:
    app.add_directive("site-toctree", SiteTocTree)
