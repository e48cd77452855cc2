"""The Play page (docs/play.md) in headless Chromium: for each of the six rule sets a whole
game (the classic family: one round of a match, at two seats) is played against the greedy
bot by clicking the page's cards, targets, buttons and prompts, with one illegal try that
shows its rule IDs and changes nothing and one out-of-turn prompt answered; the game is
downloaded as a transcript (the page's download link), which ``millebornes referee``
accepts; the page fits 390 px and 1280 px without a horizontal scroll; and a screenshot of
each final table is kept with the live page's (docs/_build/screenshots/).

As in test_live_page.py, a check page served next to the site loads the page in a frame
(same origin), drives it like a reader (``click()`` on the page's own elements), and writes
a JSON verdict that ``chromium --dump-dom`` prints. Debian's Chromium is the browser:
nothing downloads one.
"""

from __future__ import annotations

import html
import json
import re
import subprocess
import sys
import time
from collections.abc import Iterator
from contextlib import contextmanager
from functools import partial
from http.server import ThreadingHTTPServer
from pathlib import Path
from threading import Thread
from typing import Any

import pytest
from sitecheck import page, site
from test_docs_browser import SCREENSHOTS, _Handler, chromium, png_size_and_colours, run_chromium

from millebornes.apps.roster import BOTS

pytestmark = pytest.mark.slow

EDITIONS = ["classic", "cars", "asterix", "allonge", "fun-speed", "as-du-volant"]
SEED = 3
"""The deal of every game; the greedy bot sits at seat 0 and the reader at seat 1."""
BUDGET_MS = 600_000
"""Virtual time Chromium gives the check page: Pyodide's start and six whole games."""

CHECK_PLAY = """<!DOCTYPE html>
<html><head><meta charset="utf-8"><title>play check</title></head>
<body style="margin:0">
<iframe id="frame" width="1280" height="1400" style="border:0"></iframe>
<pre id="verdict">pending</pre>
<script>
const frame = document.getElementById("frame");
const EDITIONS = JSON.parse(decodeURIComponent("EDITIONS_JSON"));
const sleep = (ms) => new Promise((done) => setTimeout(done, ms));
async function until(test, what) {
  for (let i = 0; i < 3000; i++) {
    const value = test();
    if (value) return value;
    await sleep(100);
  }
  throw new Error("timed out waiting for " + what);
}
const texts = (doc, sel) => Array.from(doc.querySelectorAll(sel)).map((n) => n.textContent.trim());
// What the table shows: its text, the hand's cards, whose move it is, the moves made so far.
function snapshot(doc) {
  return [doc.getElementById("mb-play-table").textContent,
          Array.from(doc.querySelectorAll("#mb-play-hand .mb-play-card"))
            .map((b) => b.dataset.card).join(","),
          doc.getElementById("mb-play-whose").textContent,
          doc.getElementById("mb-play").dataset.moves].join("|");
}
function overflow(doc) {
  return doc.documentElement.scrollWidth - doc.documentElement.clientWidth;
}
async function game(doc, edition) {
  const $ = (id) => doc.getElementById(id);
  const out = {edition, clicks: 0, prompts: [], illegal: null};
  $("mb-play-edition").value = edition;
  $("mb-play-edition").dispatchEvent(new Event("change"));
  $("mb-play-players").value = "2";
  $("mb-play-players").dispatchEvent(new Event("change"));
  $("mb-play-seat").value = "1";
  $("mb-play-bot").value = "greedy";
  $("mb-play-seed").value = "SEED";
  $("mb-play-deal").click();
  out.firstLog = texts(doc, "#mb-play-log li");
  for (let step = 0; step < 1500; step++) {
    const over = !$("mb-play-score").hidden;
    if (over) break;
    const prompt = $("mb-play-prompt");
    if (!prompt.hidden) {
      const choices = Array.from(prompt.querySelectorAll(".mb-play-choice"));
      const answer = choices.find((c) => !c.classList.contains("mb-play-pass")) || choices[0];
      out.prompts.push({text: prompt.querySelector("p").textContent,
                        choices: texts(prompt, ".mb-play-choice"), chosen: answer.textContent});
      answer.click();
      out.clicks++;
      continue;
    }
    const cards = Array.from(doc.querySelectorAll("#mb-play-hand .mb-play-card:not(:disabled)"));
    const blocked = cards.find((c) => c.classList.contains("mb-play-blocked"));
    if (blocked && !out.illegal && $("mb-play-buttons").children.length === 0) {
      const before = snapshot(doc);
      blocked.click();
      out.illegal = {card: blocked.dataset.card, answer: $("mb-play-answer").textContent,
                     kind: $("mb-play-answer").className,
                     links: Array.from(doc.querySelectorAll("#mb-play-answer a.mb-play-rule")).map(
                       (a) => ({text: a.textContent, href: a.getAttribute("href"),
                                resolved: a.href})),
                     unchanged: snapshot(doc) === before};
      continue;
    }
    const playable = cards.filter((c) => !c.classList.contains("mb-play-blocked"));
    const button = $("mb-play-buttons").querySelector("button");
    if (button && (!playable.length || step % 2)) { button.click(); out.clicks++; continue; }
    const card = playable[0] || cards[0];
    if (!card) {
      if (button) { button.click(); out.clicks++; continue; }
      throw new Error("nothing to click: " + $("mb-play-whose").textContent);
    }
    card.click();
    const lit = Array.from(doc.querySelectorAll("#mb-play .mb-play-lit"));
    const place = lit.find((n) => n.dataset.target !== "discard") || lit[0];
    if (!place) throw new Error("a card with no lit place: " + card.dataset.card);
    place.click();
    out.clicks++;
    const chooser = doc.querySelector("#mb-play-answer .mb-play-choice");
    if (chooser && !doc.querySelector("#mb-play-answer .mb-play-lit")) {
      chooser.click();
    }
  }
  out.over = !$("mb-play-score").hidden;
  out.score = $("mb-play-score").textContent;
  out.log = doc.querySelectorAll("#mb-play-log li").length;
  out.whose = $("mb-play-whose").textContent;
  const link = $("mb-play-download");
  out.downloadName = link.getAttribute("download");
  out.transcript = await (await fetch(link.href)).text();
  out.overflow1280 = overflow(doc);
  frame.width = "390";
  await sleep(300);
  out.overflow390 = overflow(doc);
  frame.width = "1280";
  await sleep(100);
  return out;
}
async function drive(doc) {
  const $ = (id) => doc.getElementById(id);
  await until(() => $("mb-play").dataset.readyMs ||
              /could not/.test($("mb-play-status").textContent), "the engine");
  const out = {status: $("mb-play-status").textContent, games: [],
               editions: Array.from(doc.querySelectorAll("#mb-play-edition option"))
                 .map((o) => o.value),
               bots: Array.from(doc.querySelectorAll("#mb-play-bot option")).map((o) => o.value)};
  await fetch("/__mark__?ready");
  for (const edition of EDITIONS) {
    out.games.push(await game(doc, edition));
    await fetch("/__mark__?" + edition);
  }
  return out;
}
frame.addEventListener("load", async () => {
  let out;
  try {
    out = await drive(frame.contentDocument);
  } catch (error) {
    out = {error: String(error) + " " + (error.stack || "")};
  }
  out.resources = frame.contentWindow.performance.getEntriesByType("resource").map((r) => r.name);
  document.getElementById("verdict").textContent = JSON.stringify(out);
});
frame.src = "/PAGE";
</script>
</body></html>
"""


MARKS: list[tuple[str, float]] = []
"""When the check page was served, the engine ready, each game over (server's clock): the
times written to docs/_build/screenshots/play-times.txt (reported, never asserted)."""


class _PlayHandler(_Handler):
    """The site and the check page (for the editions in its query string)."""

    page = "play.html"

    def do_GET(self) -> None:  # noqa: N802 (http.server's name)
        path, _, query = self.path.partition("?")
        if path == "/__mark__":
            MARKS.append((query, time.monotonic()))
            body = b"ok"
            self.send_response(200)
            self.send_header("Content-Length", "2")
            self.end_headers()
            self.wfile.write(body)
        elif path == "/__play__.html":
            MARKS.append(("page", time.monotonic()))
            editions = query.split("=", 1)[1].split(",") if "=" in query else EDITIONS
            text = (
                CHECK_PLAY.replace("EDITIONS_JSON", json.dumps(editions).replace('"', "%22"))
                .replace("SEED", str(SEED))
                .replace("PAGE", self.page)
            )
            body = text.encode("utf-8")
            self.send_response(200)
            self.send_header("Content-Type", "text/html; charset=utf-8")
            self.send_header("Content-Length", str(len(body)))
            self.end_headers()
            self.wfile.write(body)
        else:
            super().do_GET()


@contextmanager
def serve_play() -> Iterator[str]:
    server = ThreadingHTTPServer(("127.0.0.1", 0), partial(_PlayHandler, directory=str(site())))
    thread = Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}"
    finally:
        server.shutdown()
        server.server_close()
        thread.join()


def drive(editions: list[str]) -> dict[str, Any]:
    chromium()
    MARKS.clear()
    with serve_play() as base:
        dom = run_chromium(
            f"--virtual-time-budget={BUDGET_MS}",
            "--window-size=1280,1500",
            "--dump-dom",
            f"{base}/__play__.html?editions={','.join(editions)}",
        )
    match = re.search(r'<pre id="verdict">(.*?)</pre>', dom, re.S)
    assert match and match.group(1) != "pending", f"the check did not finish: {dom[-1500:]}"
    found: dict[str, Any] = json.loads(html.unescape(match.group(1)))
    assert "error" not in found, found["error"]
    foreign = [url for url in found["resources"] if not url.startswith(base)]
    assert foreign == [], "the play page loaded resources from outside the site"
    found["base"] = base
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    start = MARKS[0][1]
    times = ", ".join(f"{name} {moment - start:.1f} s" for name, moment in MARKS[1:])
    with (SCREENSHOTS / "play-times.txt").open("a", encoding="utf-8") as report:
        report.write(f"play.html served -> {times} (local server, headless Chromium)\n")
    return found


@pytest.fixture(scope="module")
def verdict() -> dict[str, Any]:
    return drive(EDITIONS)


def game_of(verdict: dict[str, Any], edition: str) -> dict[str, Any]:
    found: dict[str, Any] = next(g for g in verdict["games"] if g["edition"] == edition)
    return found


def test_the_page_offers_every_rule_set_and_every_bot(verdict: dict[str, Any]) -> None:
    assert verdict["status"].startswith("Engine ready"), verdict["status"]
    assert sorted(verdict["editions"]) == sorted(EDITIONS)
    assert verdict["bots"] == list(BOTS)


@pytest.mark.parametrize("edition", EDITIONS)
def test_a_whole_game_is_played_by_clicking(verdict: dict[str, Any], edition: str) -> None:
    game = game_of(verdict, edition)
    assert game["over"], f"{edition}: not over after {game['clicks']} clicks ({game['whose']})"
    assert game["clicks"] > 0 and game["log"] > game["clicks"], "the bot's moves are logged"
    assert any(line.startswith("seat 0 ") for line in game["firstLog"]), "the bot moved first"
    if edition in ("fun-speed", "as-du-volant"):
        assert "game over" in game["score"]
    else:
        assert "Score sheet" in game["score"] and "distance" in game["score"]


@pytest.mark.parametrize("edition", EDITIONS)
def test_an_illegal_try_shows_its_rules_and_changes_nothing(
    verdict: dict[str, Any], edition: str
) -> None:
    illegal = game_of(verdict, edition)["illegal"]
    assert illegal is not None, f"{edition}: no card that cannot be played was met"
    assert "mb-play-illegal" in illegal["kind"] and "cannot be played" in illegal["answer"]
    assert illegal["links"], illegal
    for link in illegal["links"]:
        assert link["href"] == f"id/{link['text']}.html"
        assert link["resolved"] == f"{verdict['base']}/id/{link['text']}.html"
        assert (site() / "id" / f"{link['text']}.html").is_file()
    assert illegal["unchanged"], "the table, the hand and whose move it is stay as they were"


def test_reaction_prompts_are_answered(verdict: dict[str, Any]) -> None:
    prompts = [p for g in verdict["games"] for p in g["prompts"]]
    assert prompts, "no out-of-turn prompt came up in six games"
    assert all(p["choices"] for p in prompts)
    assert any(any(c.startswith("Pass") for c in p["choices"]) for p in prompts)


@pytest.mark.parametrize("edition", EDITIONS)
def test_the_downloaded_transcript_is_refereed_legal(
    verdict: dict[str, Any], edition: str, tmp_path: Path
) -> None:
    game = game_of(verdict, edition)
    assert game["downloadName"].endswith(".jsonl")
    record = tmp_path / f"{edition}.jsonl"
    record.write_text(game["transcript"], encoding="utf-8")
    result = subprocess.run(
        [str(Path(sys.executable).parent / "millebornes"), "referee", str(record)],
        capture_output=True,
        text=True,
        check=False,
        timeout=120,
    )
    assert result.returncode == 0, result.stdout[-800:] + result.stderr[-800:]
    assert "every move is legal" in result.stdout


@pytest.mark.parametrize("edition", EDITIONS)
def test_the_page_fits_a_phone_and_a_desktop(verdict: dict[str, Any], edition: str) -> None:
    game = game_of(verdict, edition)
    assert game["overflow1280"] <= 0, f"{edition}: {game['overflow1280']} px too wide at 1280"
    assert game["overflow390"] <= 0, f"{edition}: {game['overflow390']} px too wide at 390"


@pytest.mark.parametrize("edition", EDITIONS)
def test_a_screenshot_of_each_final_table_is_kept(verdict: dict[str, Any], edition: str) -> None:
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    target = SCREENSHOTS / f"play-{edition}.png"
    target.unlink(missing_ok=True)
    with serve_play() as base:
        run_chromium(
            f"--virtual-time-budget={BUDGET_MS}",
            "--hide-scrollbars",
            "--window-size=1280,1400",
            f"--screenshot={target}",
            f"{base}/__play__.html?editions={edition}",
        )
    width, height, colours = png_size_and_colours(target)
    assert (width, height) == (1280, 1400) and colours > 20, target


def test_the_play_page_is_linked_from_the_front_page() -> None:
    front = page(site() / "index.html")
    assert "play.html" in front.links
    play = page(site() / "play.html")
    assert any(src.startswith("_static/play/play.js") for src in play.resources)
    french = page(site() / "fr" / "play.html")
    assert any(src.startswith("_static/play/play.js") for src in french.resources)
