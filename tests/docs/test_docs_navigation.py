"""The navigation made from titles-only tables (``millebornes_docs.navigation``) is the
theme's own, byte for byte: a small site with every kind of toctree entry is built with
the extension and without it, and every page compares equal."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

from docutils import nodes
from sitecheck import BUILD_TIMEOUT, ROOT
from sphinx import addnodes

sys.path.insert(0, str(ROOT / "docs" / "_ext"))
from millebornes_docs.navigation import titles_only

PAGES = {
    "index.md": """# The site

```{toctree}
:caption: Pages

a
b
An outside page <https://example.org/>
```
""",
    "a.md": """# Page A

## A section

```{py:function} drive(km: int) -> None
A documented object: an entry of the page's table of contents.
```

### A subsection holding a toctree

```{toctree}
c
```

## Another section
""",
    "b.md": """# Page B

## Only sections

```{toctree}
:hidden:

d
```
""",
    "c.md": "# Page C\n\n## Its section\n\nText.\n",
    "d.md": "# Page D, hidden\n\nText.\n",
}


def _build(root: Path, extensions: list[str]) -> dict[str, bytes]:
    source = root / "src"
    source.mkdir(parents=True)
    conf = (
        f"import sys\nsys.path.insert(0, {str(ROOT / 'docs' / '_ext')!r})\n"
        f"sys.path.insert(0, {str(ROOT / 'reference')!r})\n"
        f"extensions = {['myst_parser', *extensions]!r}\n"
        'root_doc = "index"\nhtml_theme = "furo"\n'
    )
    (source / "conf.py").write_text(conf, encoding="utf-8")
    for name, text in PAGES.items():
        (source / name).write_text(text, encoding="utf-8")
    out = root / "out"
    command = [sys.executable, "-m", "sphinx", "-E", "-W", "-q", "-b", "html"]
    done = subprocess.run(
        [*command, str(source), str(out)],
        capture_output=True,
        text=True,
        timeout=BUILD_TIMEOUT,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    return {str(page.relative_to(out)): page.read_bytes() for page in out.glob("*.html")}


def test_the_navigation_is_the_themes_own_byte_for_byte(tmp_path: Path) -> None:
    plain = _build(tmp_path / "plain", [])
    lent = _build(tmp_path / "lent", ["millebornes_docs.navigation"])
    assert sorted(lent) == sorted(plain)
    for name in plain:
        assert lent[name] == plain[name], name
    # The navigation is not trivial: every page is in it, hidden and nested ones too.
    sidebar = plain["d.html"].decode()
    for title in ("Page A", "Page B", "Page C", "Page D, hidden", "An outside page"):
        assert title in sidebar


def test_a_titles_only_table_keeps_the_title_and_the_toctrees_below_it() -> None:
    toctree = addnodes.toctree()
    section = nodes.list_item("", addnodes.compact_paragraph("", "", nodes.reference("", "S")))
    inner = nodes.list_item("", addnodes.compact_paragraph("", "", nodes.reference("", "T")))
    inner += nodes.bullet_list("", nodes.list_item("", toctree))
    title = addnodes.compact_paragraph("", "", nodes.reference("", "Page"))
    top = nodes.list_item("", title, nodes.bullet_list("", section, inner))
    bare = nodes.list_item("", addnodes.compact_paragraph("", "", nodes.reference("", "Q")))
    bare += nodes.bullet_list("", section.deepcopy())
    table = titles_only(nodes.bullet_list("", top, bare))
    kept, kept_bare = (node for node in table.children if isinstance(node, nodes.Element))
    assert kept[0].astext() == "Page"
    assert [type(node) for node in kept[1].children] == [addnodes.toctree]
    assert len(kept_bare) == 1  # no toctree below: the title alone
    assert len(top[1].children) == 2  # the page's own table is left as it was
