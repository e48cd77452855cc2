"""Load time of the docs site's live page ("Can I play this?") from a local server.

Serves the built site (``bash tools/build_docs.sh`` first) on 127.0.0.1 and opens the
live page in headless Chromium, inside a small page served next to the site that waits
until the page says the engine is ready and then asks the server for ``/__ready__``.
The time is the server's wall clock from the request for the live page to that
request: HTML, Pyodide (download and WebAssembly compilation), the standard library
and the engine, up to the first call into the engine. A fresh browser profile each
run, so no cache helps. Not a test: figures go into issue notes.

    python benchmarks/live_page_load.py [--runs 3] [--page live.html|fr/live.html]
"""

from __future__ import annotations

import argparse
import os
import shutil
import statistics
import subprocess
import tempfile
import threading
import time
from functools import partial
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any

SITE = Path(__file__).resolve().parents[1] / "docs" / "_build" / "html"
WAITER = """<!DOCTYPE html><html><head><meta charset="utf-8"></head><body>
<iframe id="f" src="/PAGE" width="1200" height="800"></iframe><script>
const f = document.getElementById("f");
const poll = setInterval(() => {
  const live = f.contentDocument && f.contentDocument.getElementById("mb-live");
  if (live && live.dataset.readyMs) { clearInterval(poll); fetch("/__ready__"); }
}, 20);
</script></body></html>"""


class Handler(SimpleHTTPRequestHandler):
    page = "live.html"
    marks: dict[str, float]
    ready: threading.Event

    def do_GET(self) -> None:
        path = self.path.split("?")[0]
        if path == f"/{self.page}":
            self.marks.setdefault("page", time.perf_counter())
        if path == "/__wait__.html":
            self._send(WAITER.replace("PAGE", self.page).encode("utf-8"))
        elif path == "/__ready__":
            self.marks["ready"] = time.perf_counter()
            self._send(b"ready")
            self.ready.set()
        else:
            super().do_GET()

    def _send(self, body: bytes) -> None:
        self.send_response(200)
        self.send_header("Content-Type", "text/html; charset=utf-8")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def log_message(self, format: str, *args: Any) -> None:
        """Quiet."""


def one_run(browser: str, page: str, timeout: float) -> float:
    marks: dict[str, float] = {}
    ready = threading.Event()
    handler = type("H", (Handler,), {"page": page, "marks": marks, "ready": ready})
    server = ThreadingHTTPServer(("127.0.0.1", 0), partial(handler, directory=str(SITE)))
    threading.Thread(target=server.serve_forever, daemon=True).start()
    url = f"http://127.0.0.1:{server.server_address[1]}/__wait__.html"
    with tempfile.TemporaryDirectory(prefix="mb-bench-") as profile:
        chrome = subprocess.Popen(
            [browser, "--headless", "--no-sandbox", "--disable-gpu", "--no-first-run",
             "--disable-dev-shm-usage", "--disable-background-networking",
             f"--user-data-dir={profile}", "--remote-debugging-port=0", url],
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )  # fmt: skip
        try:
            if not ready.wait(timeout):
                raise SystemExit(f"the engine was not ready after {timeout:.0f} s")
        finally:
            chrome.terminate()
            chrome.wait(10)
            server.shutdown()
            server.server_close()
    return marks["ready"] - marks["page"]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=3, help="runs (default: %(default)s)")
    parser.add_argument("--page", default="live.html", help="page (default: %(default)s)")
    parser.add_argument("--timeout", type=float, default=180.0, help="seconds per run")
    args = parser.parse_args()
    browser = shutil.which("chromium") or shutil.which("chromium-browser")
    if browser is None:
        raise SystemExit("Chromium is not installed (run: bash tools/install_browser.sh)")
    if not (SITE / args.page).is_file():
        raise SystemExit(f"{SITE / args.page} is missing: run bash tools/build_docs.sh")
    times = [one_run(browser, args.page, args.timeout) for _ in range(args.runs)]
    load = os.getloadavg()[0]
    print(
        f"{args.page}: engine ready after {statistics.median(times):.2f} s median "
        f"({', '.join(f'{t:.2f}' for t in times)} s; {os.cpu_count()} CPUs, load {load:.1f})"
    )


if __name__ == "__main__":
    main()
