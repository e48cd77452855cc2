"""Open the built site in headless Chromium: the landing page, a rule reached by its
ID, and a diagram must render, with nothing loaded from outside the site.

The site is served on 127.0.0.1 by a thread of this test. A check page served
next to it (never written into the site) loads the page under test in a frame,
measures it with the browser's own layout, lists every resource the page loaded,
and writes a JSON verdict that ``chromium --dump-dom`` prints. A screenshot of a
rule page is kept in ``docs/_build/screenshots/`` as the CI artifact.

Without Chromium the test is skipped, except in CI (``CI=true``), where it fails:
``tools/install_browser.sh`` installs it.
"""

from __future__ import annotations

import html
import json
import os
import re
import shutil
import struct
import subprocess
import tempfile
import threading
import zlib
from collections.abc import Iterator
from contextlib import contextmanager
from functools import partial
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any

import pytest
from sitecheck import BUILD, ids_catalogue, site

RULE = "DIST-MAX-200"
"""The rule the test reaches by its ID (IDs never change meaning, so this one stays)."""
SCREENSHOTS = BUILD / "screenshots"
BROWSER_TIMEOUT = 60
FRAME_HEIGHT = 900

CHECK_PAGE = """<!DOCTYPE html>
<html><head><meta charset="utf-8"><title>check</title></head>
<body>
<iframe id="frame" width="1280" height="900"></iframe>
<pre id="verdict">pending</pre>
<script>
const target = new URLSearchParams(location.search).get("page");
const frame = document.getElementById("frame");
function verdict(doc, win) {
  const found = {url: win.location.pathname + win.location.hash, title: doc.title};
  found.h1 = (doc.querySelector("h1") || {}).textContent || "";
  found.navLinks = doc.querySelectorAll(".sidebar-tree a").length;
  found.bodyFont = win.getComputedStyle(doc.body).fontFamily;
  const id = decodeURIComponent(win.location.hash.slice(1));
  const anchored = id ? doc.getElementById(id) : null;
  if (anchored) {
    const box = anchored.getBoundingClientRect();
    found.anchor = {id: id, text: anchored.textContent.replace(/\\s+/g, " ").trim(),
                    height: box.height, top: box.top, classes: anchored.className,
                    border: win.getComputedStyle(anchored).borderLeftWidth};
  }
  found.svgs = Array.from(doc.querySelectorAll("svg.mb-diagram")).map(svg => {
    const box = svg.getBoundingClientRect();
    const rects = Array.from(svg.querySelectorAll(".mb-node rect"));
    return {id: svg.id, width: box.width, height: box.height, nodes: rects.length,
            drawnNodes: rects.filter(r => r.getBBox().width > 20).length,
            nodeFill: rects.length ? win.getComputedStyle(rects[0]).fill : "",
            edges: svg.querySelectorAll("path.mb-edge").length};
  });
  const code = Array.from(doc.querySelectorAll("div.highlight pre"));
  found.codeBlocks = code.length;
  found.wideCode = code.filter(p => p.scrollWidth > p.clientWidth + 1)
    .map(p => p.textContent.split("\\n")[0]);
  found.resources = win.performance.getEntriesByType("resource").map(r => r.name);
  return found;
}
frame.addEventListener("load", () => {
  const win = frame.contentWindow;
  if (win.location.pathname.includes("/id/")) return;  // a forwarding page: wait
  setTimeout(() => {
    document.getElementById("verdict").textContent =
      JSON.stringify(verdict(frame.contentDocument, win));
  }, 300);
});
frame.src = target;
</script>
</body></html>
"""


def chromium() -> str:
    found = shutil.which("chromium") or shutil.which("chromium-browser")
    if found:
        return found
    reason = "Chromium is not installed (run: bash tools/install_browser.sh)"
    if os.environ.get("CI", "").lower() == "true":
        pytest.fail(reason)
    pytest.skip(reason)


class _Handler(SimpleHTTPRequestHandler):
    def do_GET(self) -> None:
        if self.path.startswith("/__check__.html"):
            body = CHECK_PAGE.encode("utf-8")
            self.send_response(200)
            self.send_header("Content-Type", "text/html; charset=utf-8")
            self.send_header("Content-Length", str(len(body)))
            self.end_headers()
            self.wfile.write(body)
            return
        super().do_GET()

    def log_message(self, format: str, *args: Any) -> None:
        """Keep the test output quiet."""


@contextmanager
def serve(root: Path) -> Iterator[str]:
    server = ThreadingHTTPServer(("127.0.0.1", 0), partial(_Handler, directory=str(root)))
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}"
    finally:
        server.shutdown()
        server.server_close()
        thread.join()


def run_chromium(*arguments: str) -> str:
    with tempfile.TemporaryDirectory(prefix="mb-chromium-") as profile:
        result = subprocess.run(
            [
                chromium(),
                "--headless",
                "--no-sandbox",
                "--disable-gpu",
                "--disable-quic",
                "--no-first-run",
                "--disable-background-networking",
                "--disable-component-update",
                "--disable-sync",
                "--disable-dev-shm-usage",
                f"--user-data-dir={profile}",
                *arguments,
            ],
            capture_output=True,
            text=True,
            timeout=BROWSER_TIMEOUT,
            check=False,
        )
    assert result.returncode == 0, result.stderr[-2000:]
    return result.stdout


def inspect(base: str, path: str) -> dict[str, Any]:
    """Load ``path`` of the site in the check page and return the browser's verdict."""
    dom = run_chromium(
        "--virtual-time-budget=15000",
        "--window-size=1400,1000",
        "--dump-dom",
        f"{base}/__check__.html?page=/{path}",
    )
    match = re.search(r'<pre id="verdict">(.*?)</pre>', dom, re.S)
    assert match and match.group(1) != "pending", f"the page did not load: {dom[-1500:]}"
    verdict: dict[str, Any] = json.loads(html.unescape(match.group(1)))
    foreign = [url for url in verdict["resources"] if not url.startswith(base)]
    assert foreign == [], f"{path} loaded resources from outside the site"
    return verdict


def png_size_and_colours(path: Path) -> tuple[int, int, int]:
    """Width, height, and the number of distinct byte values in the image data."""
    data = path.read_bytes()
    assert data[:8] == b"\x89PNG\r\n\x1a\n", "not a PNG file"
    width, height = struct.unpack(">II", data[16:24])
    idat = b"".join(
        data[offset + 8 : offset + 8 + length]
        for offset, length in _chunks(data)
        if data[offset + 4 : offset + 8] == b"IDAT"
    )
    return width, height, len(set(zlib.decompress(idat)))


def _chunks(data: bytes) -> Iterator[tuple[int, int]]:
    offset = 8
    while offset < len(data):
        (length,) = struct.unpack(">I", data[offset : offset + 4])
        yield offset, length
        offset += 12 + length


@pytest.fixture(scope="module")
def base() -> Iterator[str]:
    chromium()  # skip or fail before serving anything
    with serve(site()) as url:
        yield url


def test_the_landing_page_renders_with_its_navigation(base: str) -> None:
    verdict = inspect(base, "index.html")
    assert "Mille Bornes" in verdict["h1"]
    assert verdict["navLinks"] >= 20, "the sidebar lists the site"
    assert verdict["bodyFont"], "the theme's stylesheet applied"


def test_a_rule_reached_by_its_id_renders(base: str) -> None:
    verdict = inspect(base, f"id/{RULE}.html")  # the permanent link forwards to the page
    assert verdict["url"].endswith(f"#{RULE}"), verdict["url"]
    anchor = verdict["anchor"]
    assert anchor["id"] == RULE and "mb-rule" in anchor["classes"]
    assert "200 km" in anchor["text"] and "Traceability" in anchor["text"]
    assert anchor["height"] > 60, "the rule block is laid out"
    assert 0 <= anchor["top"] < FRAME_HEIGHT - 60, "the browser brought the rule into view"
    assert anchor["border"] == "4px", "the site's stylesheet applied"


def test_the_diagrams_render(base: str) -> None:
    verdict = inspect(base, "diagrams.html")
    svgs = verdict["svgs"]
    assert len(svgs) >= 4
    for svg in svgs:
        assert svg["width"] > 200 and svg["height"] > 100, svg
        assert svg["nodes"] >= 3 and svg["drawnNodes"] == svg["nodes"], svg
        assert svg["edges"] >= 2, svg
        assert svg["nodeFill"] not in ("", "rgb(0, 0, 0)"), "the diagram stylesheet applied"


def test_worked_examples_fit_their_column(base: str) -> None:
    """No code block of the worked examples needs a sideways scroll: long lines wrap."""
    verdict = inspect(base, "examples.html")
    assert verdict["codeBlocks"] >= 5
    assert verdict["wideCode"] == [], verdict["wideCode"]


def test_a_screenshot_of_a_rule_page_is_kept(base: str) -> None:
    page_url = ids_catalogue()[RULE]["url"].split("#")[0]
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    shots = {
        f"rule-{RULE}.png": page_url,
        "landing.png": "index.html",
        "diagrams.png": "diagrams.html",
    }
    for name, path in shots.items():
        assert (site() / path).is_file(), f"{path} was not built"
        target = SCREENSHOTS / name
        target.unlink(missing_ok=True)
        run_chromium(
            "--hide-scrollbars",
            "--window-size=1280,1000",
            f"--screenshot={target}",
            f"{base}/{path}",
        )
        width, height, colours = png_size_and_colours(target)
        assert (width, height) == (1280, 1000), name
        assert colours > 20, f"{name} is blank"
