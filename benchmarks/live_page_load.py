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
import statistics
import sys
import tempfile
import threading
import time

from millebornes.apps.stopping import run_command
from site_server import Handler, browser_and_page, open_in_chromium

WAITER = """<!DOCTYPE html><html><head><meta charset="utf-8"></head><body>
<iframe id="f" src="/PAGE" width="1200" height="800"></iframe><script>
const f = document.getElementById("f");
const poll = setInterval(() => {
  const live = f.contentDocument && f.contentDocument.getElementById("mb-live");
  if (live && live.dataset.readyMs) { clearInterval(poll); fetch("/__ready__"); }
}, 20);
</script></body></html>"""


class Waiter(Handler):
    page = "live.html"
    marks: dict[str, float]
    ready: threading.Event

    def answer(self, path: str, query: str) -> bool:
        if path == f"/{self.page}":
            self.marks.setdefault("page", time.perf_counter())
        if path == "/__wait__.html":
            self.send_text(WAITER.replace("PAGE", self.page))
        elif path == "/__ready__":
            self.marks["ready"] = time.perf_counter()
            self.send_text("ready")
            self.ready.set()
        else:
            return False
        return True


def one_run(browser: str, page: str, timeout: float) -> float:
    marks: dict[str, float] = {}
    ready = threading.Event()
    handler = type("H", (Waiter,), {"page": page, "marks": marks, "ready": ready})
    with tempfile.TemporaryDirectory(prefix="mb-bench-") as profile:
        open_in_chromium(
            browser,
            handler=handler,
            path="/__wait__.html",
            profile=profile,
            done=ready,
            timeout=timeout,
            what="the engine",
        )
    return marks["ready"] - marks["page"]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=3, help="runs (default: %(default)s)")
    parser.add_argument("--page", default="live.html", help="page (default: %(default)s)")
    parser.add_argument("--timeout", type=float, default=180.0, help="seconds per run")
    args = parser.parse_args()
    browser = browser_and_page(args.page)
    times = [one_run(browser, args.page, args.timeout) for _ in range(args.runs)]
    load = os.getloadavg()[0]
    print(
        f"{args.page}: engine ready after {statistics.median(times):.2f} s median "
        f"({', '.join(f'{t:.2f}' for t in times)} s; {os.cpu_count()} CPUs, load {load:.1f})"
    )


if __name__ == "__main__":
    sys.exit(run_command("live_page_load.py", main))
