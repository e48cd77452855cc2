"""The docs extension on a made-up page: kinds and options the spec does not use yet
render instead of breaking the build, and old IDs kept as aliases still resolve."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

from sitecheck import BUILD_TIMEOUT, ROOT

from millebornes.apps.adapters.encoding import segments

CONF = f"""
import sys
sys.path.insert(0, {str(ROOT / "docs" / "_ext")!r})
sys.path.insert(0, {str(ROOT / "reference")!r})
extensions = ["myst_parser", "millebornes_docs"]
root_doc = "index"
myst_enable_extensions = ["deflist"]
"""

PAGE = """# A page from a later spec version

```{fact} XSAMPLE-FACT
:source: a booklet §SOMEWHERE
:aliases: XSAMPLE-OLD
:protects: XSAMPLE-RULE
:audience: players
A fact with an alias and an option no directive declares.
```

```{rule} XSAMPLE-RULE
:source: this test
:settles: XSAMPLE-OLD
A rule that names `XSAMPLE-OLD`, the fact's old ID.
```

See {spec:id}`XSAMPLE-OLD`.
"""


def _build(tmp_path: Path, page: str) -> subprocess.CompletedProcess[str]:
    source = tmp_path / "src"
    source.mkdir(parents=True)
    (source / "conf.py").write_text(CONF, encoding="utf-8")
    (source / "index.md").write_text(page, encoding="utf-8")
    return subprocess.run(
        [
            sys.executable,
            "-m",
            "sphinx",
            "-E",
            "-W",
            "-q",
            "-b",
            "html",
            str(source),
            str(tmp_path / "out"),
        ],
        capture_output=True,
        text=True,
        timeout=BUILD_TIMEOUT,
        check=False,
    )


def test_unknown_kinds_and_options_render_and_aliases_resolve(tmp_path: Path) -> None:
    result = _build(tmp_path, PAGE)
    assert result.returncode == 0, result.stdout + result.stderr
    html = (tmp_path / "out" / "index.html").read_text(encoding="utf-8")
    assert 'id="XSAMPLE-FACT"' in html and 'id="XSAMPLE-OLD"' in html
    assert "mb-fact" in html and "Audience" in html and "players" in html
    assert 'href="#XSAMPLE-FACT"' in html, "the alias links to the current ID"
    forward = (tmp_path / "out" / "id" / "XSAMPLE-OLD.html").read_text(encoding="utf-8")
    assert "index.html#XSAMPLE-FACT" in forward


def test_a_link_to_an_unknown_id_fails_the_build(tmp_path: Path) -> None:
    result = _build(tmp_path, PAGE + "\nAnd {spec:id}`XSAMPLE-MISSING`.\n")
    assert result.returncode != 0
    assert "XSAMPLE-MISSING" in result.stdout + result.stderr


def test_a_duplicate_id_fails_the_build(tmp_path: Path) -> None:
    duplicate = "\n```{rule} XSAMPLE-RULE\n:source: again\nTwice.\n```\n"
    result = _build(tmp_path, PAGE + duplicate)
    assert result.returncode != 0
    assert "defined twice" in result.stdout + result.stderr


def test_an_encoding_table_must_describe_exactly_the_codes_parts(tmp_path: Path) -> None:
    """The bots page's tables come from the adapters' code; a part the page does not
    describe (or describes but the code lacks) stops the build instead of vanishing."""
    names = [name for name, _ in segments(2, 2)]
    words = "".join(f"`{name}`\n: about {name}\n\n" for name in names[1:])
    missing = _build(tmp_path / "missing", f"# T\n\n```{{observation-table}}\n{words}```\n")
    assert missing.returncode != 0
    assert f"missing [{names[0]!r}]" in missing.stdout + missing.stderr
    extra = words + f"`{names[0]}`\n: first\n\n`no_such_part`\n: extra\n"
    unknown = _build(tmp_path / "extra", f"# T\n\n```{{observation-table}}\n{extra}```\n")
    assert unknown.returncode != 0 and "no_such_part" in unknown.stdout + unknown.stderr
