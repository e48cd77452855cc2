"""Speed of the docs site's Play page (docs/play.md) in headless Chromium, from a local server.

Serves the built site (``bash tools/build_docs.sh`` first) on 127.0.0.1 and opens the Play
page inside a small driver page served next to the site. Two figures, as the issue asks:

- **load to ready**: the server's wall clock from the request for ``play.html`` to the
  driver's report that the engine is ready (Pyodide, the standard library, the engine).
  *Cold*: a fresh browser profile. *Warm*: the same profile again, its HTTP cache filled
  by the cold load (Chromium also caches the compiled WebAssembly).
- **click to redraw**: for each move of a whole game (the reader at seat 1 against the
  greedy bot, the bot's speed "instant"), the page's own measure, ``data-draw-ms``: from
  the click to the table drawn again, the bot's answers included.

Not a test: the figures go into issue notes. The machine's load is printed with them.

    python benchmarks/play_page.py [--editions classic,fun-speed,as-du-volant] [--seed 3]
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import sys
import tempfile
import threading
import time
from typing import Any
from urllib.parse import unquote

from millebornes.apps.stopping import run_command
from site_server import Handler, browser_and_page, open_in_chromium

DRIVER = """<!DOCTYPE html><html><head><meta charset="utf-8"></head><body>
<iframe id="f" src="/play.html" width="1280" height="1000"></iframe><script>
const EDITIONS = "__EDITIONS__".split(",").filter(Boolean);
const f = document.getElementById("f");
const sleep = (ms) => new Promise((done) => setTimeout(done, ms));
async function game(doc, edition) {
  const $ = (id) => doc.getElementById(id);
  $("mb-play-edition").value = edition;
  $("mb-play-edition").dispatchEvent(new Event("change"));
  $("mb-play-players").value = "2";
  $("mb-play-players").dispatchEvent(new Event("change"));
  $("mb-play-seat").value = "1";
  $("mb-play-seed").value = "__SEED__";
  $("mb-play-deal").click();
  const times = [];
  for (let i = 0; i < 2000 && $("mb-play-score").hidden; i++) {
    const prompt = $("mb-play-prompt");
    let clicked = null;
    if (!prompt.hidden) clicked = prompt.querySelector(".mb-play-choice");
    else {
      const card = doc.querySelector(
        "#mb-play-hand .mb-play-card:not(.mb-play-blocked):not(:disabled)");
      const button = $("mb-play-buttons").querySelector("button");
      if (button && (!card || i % 2)) clicked = button;
      else if (card) {
        card.click();
        const lit = Array.from(doc.querySelectorAll("#mb-play .mb-play-lit"));
        clicked = lit.find((n) => n.dataset.target !== "discard") || lit[0];
      } else {
        const any = doc.querySelector("#mb-play-hand .mb-play-card:not(:disabled)");
        if (!any) break;
        any.click();
        clicked = doc.querySelector("#mb-play .mb-play-lit");
      }
    }
    if (!clicked) break;
    const before = $("mb-play").dataset.drawMs;
    clicked.click();
    const chooser = doc.querySelector("#mb-play-answer .mb-play-choice");
    if (chooser && $("mb-play").dataset.drawMs === before) chooser.click();
    times.push(Number($("mb-play").dataset.drawMs));
    await sleep(0);
  }
  return {edition, times};
}
const poll = setInterval(async () => {
  const play = f.contentDocument && f.contentDocument.getElementById("mb-play");
  if (!play || !play.dataset.readyMs) return;
  clearInterval(poll);
  await fetch("/__ready__");
  const games = [];
  for (const edition of EDITIONS) games.push(await game(f.contentDocument, edition));
  await fetch("/__result__?" + encodeURIComponent(JSON.stringify(games)));
}, 20);
</script></body></html>"""


class Driver(Handler):
    marks: dict[str, float]
    done: threading.Event
    result: list[Any]
    driver: str

    def answer(self, path: str, query: str) -> bool:
        if path == "/play.html":
            self.marks.setdefault("page", time.perf_counter())
        if path == "/__drive__.html":
            self.send_text(self.driver)
        elif path == "/__ready__":
            self.marks["ready"] = time.perf_counter()
            self.send_text("ready")
        elif path == "/__result__":
            self.result.append(json.loads(unquote(query)))
            self.send_text("ok")
            self.done.set()
        else:
            return False
        return True


def one_run(browser: str, profile: str, editions: str, seed: int, timeout: float) -> dict[str, Any]:
    """One load of the page (and the games, if any): the load time and the click times."""
    marks: dict[str, float] = {}
    done = threading.Event()
    result: list[Any] = []
    driver = DRIVER.replace("__EDITIONS__", editions).replace("__SEED__", str(seed))
    fields = {"marks": marks, "done": done, "result": result, "driver": driver}
    handler = type("H", (Driver,), fields)
    open_in_chromium(
        browser,
        handler=handler,
        path="/__drive__.html",
        profile=profile,
        done=done,
        timeout=timeout,
        what="the run",
    )
    return {"load": marks["ready"] - marks["page"], "games": result[0]}


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--editions", default="classic,fun-speed,as-du-volant")
    parser.add_argument("--seed", type=int, default=3)
    parser.add_argument("--timeout", type=float, default=600.0, help="seconds per run")
    args = parser.parse_args()
    browser = browser_and_page("play.html")
    with tempfile.TemporaryDirectory(prefix="mb-bench-") as profile:
        cold = one_run(browser, profile, "", args.seed, args.timeout)
        warm = one_run(browser, profile, args.editions, args.seed, args.timeout)
    load = os.getloadavg()[0]
    print(f"play.html ready: cold {cold['load']:.2f} s, warm {warm['load']:.2f} s")
    every: list[float] = []
    for game in warm["games"]:
        times = [t for t in game["times"] if isinstance(t, (int, float)) and t > 0]  # null: none
        every += times
        print(
            f"  {game['edition']}: {len(times)} clicks, click to redraw median"
            f" {statistics.median(times):.1f} ms, p95 {percentile(times, 0.95):.1f} ms"
        )
    print(
        f"  all: {len(every)} clicks, median {statistics.median(every):.1f} ms,"
        f" p95 {percentile(every, 0.95):.1f} ms ({os.cpu_count()} CPUs, load {load:.1f})"
    )


if __name__ == "__main__":
    sys.exit(run_command("play_page.py", main))
