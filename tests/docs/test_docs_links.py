"""No broken internal link, no orphan page, nothing loaded from the network."""

from __future__ import annotations

import re
from collections import deque
from pathlib import Path

from sitecheck import html_pages, is_external, page, resolve, site

GENERATED_ELSEWHERE = ("_static/", "_sources/", "_downloads/", "_images/")


def test_every_internal_link_and_anchor_resolves() -> None:
    broken = []
    for path in html_pages():
        source = page(path)
        for url in source.links + source.resources:
            if is_external(url) or url.startswith(("mailto:", "javascript:", "data:")):
                continue
            target, fragment = resolve(path, url)
            if not target.exists():
                broken.append(f"{path.relative_to(site())}: {url} (no file)")
            elif fragment and target.suffix == ".html" and fragment not in page(target).ids:
                broken.append(f"{path.relative_to(site())}: {url} (no anchor)")
    assert broken == []


def _reachable_from_landing_page() -> set[Path]:
    start = site() / "index.html"
    seen = {start}
    queue = deque([start])
    while queue:
        current = queue.popleft()
        for url in page(current).links:
            if is_external(url):
                continue
            target, _ = resolve(current, url)
            if target.suffix == ".html" and target.is_file() and target not in seen:
                seen.add(target)
                queue.append(target)
    return seen


def test_every_page_is_reachable_from_the_landing_page() -> None:
    reachable = _reachable_from_landing_page()
    orphans = [
        path.relative_to(site()).as_posix()
        for path in html_pages()
        if path not in reachable
        and not path.relative_to(site()).as_posix().startswith(GENERATED_ELSEWHERE)
        and not path.relative_to(site()).as_posix().startswith(("id/", "fr/id/"))
    ]
    assert orphans == []


def test_every_content_page_is_in_the_navigation_of_the_landing_page() -> None:
    """The sidebar lists every page written from a source file: no page is reachable
    only through a link in some text."""
    landing = (site() / "index.html").read_text(encoding="utf-8")
    navigation = landing[landing.index('class="sidebar-tree"') :]
    navigation = navigation[: navigation.index("</nav>")] if "</nav>" in navigation else navigation
    linked = {
        resolve(site() / "index.html", href)[0]
        for href in re.findall(r'href="([^"#]+)(?:#[^"]*)?"', navigation)
    }
    content = [
        path
        for path in html_pages()
        # fr/: the French site, whose own landing page lists it (tests/docs/test_translations.py)
        if path.relative_to(site()).parts[0] not in ("_modules", "id", "_static", "fr")
        and path.name not in ("search.html", "genindex.html", "index.html")
    ]
    missing = [p.relative_to(site()).as_posix() for p in content if p not in linked]
    assert missing == []


def test_the_landing_page_shows_a_link_by_id() -> None:
    assert "id/DIST-MAX-200.html" in page(site() / "index.html").links


def test_no_page_loads_anything_from_the_network() -> None:
    remote = [
        f"{path.relative_to(site())}: {url}"
        for path in html_pages()
        for url in page(path).resources
        if is_external(url)
    ]
    assert remote == []
    for css in (site() / "_static").rglob("*.css"):
        text = css.read_text(encoding="utf-8")
        assert not re.search(r"@import\s+url\(\s*['\"]?https?:", text), css
        assert not re.search(r"url\(\s*['\"]?https?:", text), css
    for script in (site() / "_static").rglob("*.js"):
        text = script.read_text(encoding="utf-8")
        assert not re.search(r"""(import|fetch)\(\s*['"]https?:""", text), script
