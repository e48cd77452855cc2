"""The built docs site served on 127.0.0.1 and opened in headless Chromium: what the page
benchmarks (live_page_load.py, play_page.py) share.

Each benchmark serves a small page of its own next to the site (it drives or watches the
page under test in an iframe) and answers the requests that page sends back; it
subclasses :class:`Handler` for that and calls :func:`open_in_chromium`.
"""

from __future__ import annotations

import shutil
import subprocess
import threading
from functools import partial
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any

SITE = Path(__file__).resolve().parents[1] / "docs" / "_build" / "html"


class Handler(SimpleHTTPRequestHandler):
    """Serves the site, and the benchmark's own requests: a subclass's ``answer``."""

    def do_GET(self) -> None:
        path, _, query = self.path.partition("?")
        if not self.answer(path, query):
            super().do_GET()

    def answer(self, path: str, query: str) -> bool:
        """Answer a request of the benchmark's own (``send_text``), or note one of the
        site's; True when answered here, False to serve the site's file."""
        return False

    def send_text(self, body: str) -> None:
        data = body.encode("utf-8")
        self.send_response(200)
        self.send_header("Content-Type", "text/html; charset=utf-8")
        self.send_header("Content-Length", str(len(data)))
        self.end_headers()
        self.wfile.write(data)

    def log_message(self, format: str, *args: Any) -> None:
        """Quiet."""


def browser_and_page(page: str) -> str:
    """Debian's Chromium, after checking the site has ``page``; a clear exit otherwise."""
    browser = shutil.which("chromium") or shutil.which("chromium-browser")
    if browser is None:
        raise SystemExit("Chromium is not installed (run: bash tools/install_browser.sh)")
    if not (SITE / page).is_file():
        raise SystemExit(f"{SITE / page} is missing: run bash tools/build_docs.sh")
    return browser


def open_in_chromium(
    browser: str,
    *,
    handler: type[Handler],
    path: str,
    profile: str,
    done: threading.Event,
    timeout: float,
    what: str,
) -> None:
    """Serve the site with ``handler``, open ``path`` in headless Chromium with the browser
    profile ``profile``, and wait until ``done`` is set (by the handler), at most
    ``timeout`` seconds (then exit saying ``what`` did not finish). The browser and the
    server are stopped either way."""
    server = ThreadingHTTPServer(("127.0.0.1", 0), partial(handler, directory=str(SITE)))
    threading.Thread(target=server.serve_forever, daemon=True).start()
    url = f"http://127.0.0.1:{server.server_address[1]}{path}"
    chrome = subprocess.Popen(
        [browser, "--headless", "--no-sandbox", "--disable-gpu", "--no-first-run",
         "--disable-dev-shm-usage", "--disable-background-networking",
         f"--user-data-dir={profile}", "--remote-debugging-port=0", url],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )  # fmt: skip
    try:
        if not done.wait(timeout):
            raise SystemExit(f"{what} did not finish after {timeout:.0f} s")
    finally:
        chrome.terminate()
        chrome.wait(10)
        server.shutdown()
        server.server_close()
