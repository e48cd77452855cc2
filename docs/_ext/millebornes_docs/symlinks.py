"""Keep Markdown links working inside the symbolically linked ``docs/spec`` folder.

Sphinx resolves a relative link against the real path of the file, following
symbolic links (``Path.resolve`` in ``BuildEnvironment.relfn2path``). A link
``[shuffle](shuffle.md)`` in ``spec/cards.md`` therefore names the document
``/…/repo/spec/shuffle``, outside the source folder, instead of
``spec/shuffle``. This transform maps such targets back through the link, so
the spec's own relative links stay checked and resolved.
"""

from __future__ import annotations

from pathlib import Path

from sphinx import addnodes
from sphinx.application import Sphinx
from sphinx.transforms import SphinxTransform


def linked_folders(srcdir: Path) -> list[tuple[str, str]]:
    """(real path, path in the source folder) of each linked folder at the top level."""
    return [
        (str(child.resolve()), child.name)
        for child in sorted(srcdir.iterdir())
        if child.is_symlink() and child.is_dir()
    ]


class FollowSymlinkedLinks(SphinxTransform):
    """Rewrite document links that resolved through a symbolic link."""

    default_priority = 500

    def apply(self, **kwargs: object) -> None:
        folders = linked_folders(Path(self.env.srcdir))
        for ref in self.document.findall(addnodes.pending_xref):
            target = str(ref.get("reftarget", ""))
            if ref.get("refdomain") != "doc" or not target.startswith("/"):
                continue
            for real, linked in folders:
                if target.startswith(real + "/"):
                    ref["reftarget"] = linked + target[len(real) :]
                    break


def setup(app: Sphinx) -> None:
    app.add_transform(FollowSymlinkedLinks)
