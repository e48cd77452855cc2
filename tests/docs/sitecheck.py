"""Shared helpers of the docs tests: build the site once, and read its HTML.

The build is the README's: ``tools/build_docs.sh`` (offline, warnings as errors,
fresh environment). It runs once per test session, whichever docs test asks
first; a failed build fails every test that needs the site, with Sphinx's output.
"""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from dataclasses import dataclass, field
from functools import cache
from html.parser import HTMLParser
from pathlib import Path
from typing import Any
from urllib.parse import unquote, urldefrag, urlsplit

import pytest

ROOT = Path(__file__).resolve().parents[2]
SPEC = ROOT / "spec"
BUILD = ROOT / "docs" / "_build"
SITE = BUILD / "html"
BUILD_TIMEOUT = 600

OPENING = re.compile(r"^```\{(rule|ruling|assumption|invariant|fact)\}\s+(\S+)\s*$")
"""A statement's opening line in spec/ Markdown, read independently of the extension
and of millebornes.core.spec_index, so that the tests check the site against the source."""


@dataclass(frozen=True)
class Build:
    returncode: int
    output: str


def _run_build(builder: str) -> Build:
    # The interpreter running the tests has Sphinx and the engine: build with it.
    env = dict(os.environ, DOCS_PYTHON=os.environ.get("DOCS_PYTHON", sys.executable))
    result = subprocess.run(
        ["bash", str(ROOT / "tools" / "build_docs.sh"), builder],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=BUILD_TIMEOUT,
        check=False,
        env=env,
    )
    return Build(result.returncode, result.stdout + result.stderr)


@cache
def html_build() -> Build:
    return _run_build("html")


@cache
def doctest_build() -> Build:
    return _run_build("doctest")


def site() -> Path:
    """The built HTML site; fails the calling test if the build did not succeed."""
    build = html_build()
    if build.returncode != 0:
        pytest.fail(f"the docs build failed:\n{build.output}")
    return SITE


def spec_statements() -> dict[str, tuple[str, str]]:
    """Every statement in spec/: ID -> (kind, Markdown file relative to spec/)."""
    found: dict[str, tuple[str, str]] = {}
    for path in sorted(SPEC.rglob("*.md")):
        for line in path.read_text(encoding="utf-8").splitlines():
            match = OPENING.match(line)
            if match:
                found[match.group(2)] = (match.group(1), path.relative_to(SPEC).as_posix())
    return found


def ids_catalogue() -> dict[str, Any]:
    catalogue: dict[str, Any] = json.loads((site() / "ids.json").read_text(encoding="utf-8"))
    return catalogue


# --- reading HTML ------------------------------------------------------------------


@dataclass
class Page:
    """What the tests need from one HTML page."""

    path: Path
    ids: set[str] = field(default_factory=set)
    links: list[str] = field(default_factory=list)
    """Targets of <a href>, <link href>, <form action>: what a reader can follow."""
    resources: list[str] = field(default_factory=list)
    """What the browser loads with the page: <script src>, <img src>, stylesheets…"""
    elements: list[tuple[str, dict[str, str]]] = field(default_factory=list)
    text: str = ""


class _Parser(HTMLParser):
    def __init__(self, page: Page) -> None:
        super().__init__(convert_charrefs=True)
        self.page = page
        self.chunks: list[str] = []
        self.skip = 0

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        values = {name: value or "" for name, value in attrs}
        self.page.elements.append((tag, values))
        if "id" in values:
            self.page.ids.add(values["id"])
        if tag == "a" and "name" in values:
            self.page.ids.add(values["name"])
        if tag in ("a", "area") and "href" in values:
            self.page.links.append(values["href"])
        if tag == "form" and "action" in values:
            self.page.links.append(values["action"])
        if tag == "link" and "href" in values:
            rel = values.get("rel", "")
            is_resource = any(r in rel for r in ("stylesheet", "icon", "preload"))
            (self.page.resources if is_resource else self.page.links).append(values["href"])
        if tag in ("script", "img", "iframe", "source", "embed", "video", "audio") and values.get(
            "src"
        ):
            self.page.resources.append(values["src"])
        if tag in ("script", "style"):
            self.skip += 1

    def handle_endtag(self, tag: str) -> None:
        if tag in ("script", "style") and self.skip:
            self.skip -= 1

    def handle_data(self, data: str) -> None:
        if not self.skip:
            self.chunks.append(data)


@cache
def page(path: Path) -> Page:
    parsed = Page(path)
    parser = _Parser(parsed)
    parser.feed(path.read_text(encoding="utf-8"))
    parser.close()
    parsed.text = " ".join(" ".join(parser.chunks).split())
    return parsed


def html_pages() -> list[Path]:
    return sorted(site().rglob("*.html"))


def is_external(url: str) -> bool:
    return bool(urlsplit(url).scheme) or url.startswith("//")


def resolve(source: Path, url: str) -> tuple[Path, str]:
    """The file and fragment an internal link of ``source`` points to."""
    target, fragment = urldefrag(url)
    target = urlsplit(target).path  # drop a ?v=… cache buster
    path = source if not target else (source.parent / unquote(target)).resolve()
    if path.is_dir():
        path = path / "index.html"
    return path, unquote(fragment)
