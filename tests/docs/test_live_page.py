"""The live page ("Can I play this?", docs/live.md) in headless Chromium: the engine
starts in the page from the site's own files, a legal move is made, an illegal one is
refused with its rule IDs linked to their pages, a transcript is refereed, and the
greedy bot plays; the same for a Fun & Speed and an As du Volant game (dealt, listed,
tried, played, against the bot); nothing is loaded from outside the site.

As in test_docs_browser.py, a check page served next to the site (never written into
it) loads the live page in a frame and drives it like a reader would (same origin), then
writes a JSON verdict that ``chromium --dump-dom`` prints. A second run screenshots the
check page, which shows the live page after the illegal move, as a CI artifact. The
server notes when the live page was asked for and when the engine was ready: that load
time is written to ``docs/_build/screenshots/live-load.txt`` (reported, not asserted).
"""

from __future__ import annotations

import html
import json
import re
import subprocess
import sys
import time
import zipfile
from collections.abc import Iterator
from contextlib import contextmanager
from functools import partial
from http.server import ThreadingHTTPServer
from pathlib import Path
from threading import Thread
from typing import Any

import pytest
from sitecheck import ROOT, page, site
from test_docs_browser import SCREENSHOTS, _Handler, chromium, png_size_and_colours, run_chromium

from millebornes.apps.record import Header, action_line, header_line
from millebornes.core.shuffle import round_seed
from millebornes.families.classic.deal import deal_from_seed
from millebornes.families.classic.engine import new_match

SEED = 7
"""Classic, two seats: seat 1 draws first and then holds a 200 km card while stopped."""
RULE = "DIST-ROLLING"
"""What ``play D200`` breaks there: no distance card before the team rolls."""
BUDGET_MS = 120_000
"""Virtual time Chromium gives the check page (Pyodide compiles ~10 MB of WebAssembly)."""

CHECK_LIVE = """<!DOCTYPE html>
<html><head><meta charset="utf-8"><title>live check</title></head>
<body style="margin:0">
<iframe id="frame" width="1280" height="1000" style="border:0"></iframe>
<pre id="verdict">pending</pre>
<script>
const frame = document.getElementById("frame");
const sleep = (ms) => new Promise((done) => setTimeout(done, ms));
async function until(test, what) {
  for (let i = 0; i < 1000; i++) {
    const value = test();
    if (value) return value;
    await sleep(100);
  }
  throw new Error("timed out waiting for " + what);
}
function texts(doc, selector) {
  return Array.from(doc.querySelectorAll(selector)).map((n) => n.textContent.trim());
}
// A game of another family: deal (hot seat), draw, try a second draw (refused), make a
// move whose words hold MADE; then deal against the bot and make the first move listed.
function family(doc, edition, made) {
  const $ = (id) => doc.getElementById(id);
  const out = {};
  $("mb-live-bot").checked = false;
  $("mb-live-edition").value = edition;
  $("mb-live-edition").dispatchEvent(new Event("change"));
  out.players = texts(doc, "#mb-live-players option");
  out.options = Array.from(doc.querySelectorAll("#mb-live-options input")).map((n) => n.value);
  $("mb-live-players").value = "2";
  $("mb-live-seed").value = "SEED";
  $("mb-live-deal").click();
  out.dealt = {moves: texts(doc, ".mb-live-pick"), table: $("mb-live-table").textContent};
  doc.querySelector(".mb-live-pick").click();
  out.drawn = {answer: $("mb-live-answer").textContent, moves: texts(doc, ".mb-live-pick")};
  $("mb-live-move").value = "draw";
  $("mb-live-try").requestSubmit();
  out.illegal = {answer: $("mb-live-answer").textContent, kind: $("mb-live-answer").className,
                 links: links(doc), moves: texts(doc, ".mb-live-pick")};
  const move = Array.from(doc.querySelectorAll(".mb-live-pick")).find(
    (n) => n.textContent.includes(made));
  move.click();
  out.played = {answer: $("mb-live-answer").textContent, kind: $("mb-live-answer").className};
  $("mb-live-bot").checked = true;
  $("mb-live-deal").click();
  out.bot = {table: $("mb-live-table").textContent, moves: texts(doc, ".mb-live-pick"),
             copy: $("mb-live-copy").disabled};
  doc.querySelector(".mb-live-pick").click();
  out.bot.answer = $("mb-live-answer").textContent;
  out.bot.made = texts(doc, "#mb-live-made li");
  $("mb-live-bot").checked = false;
  return out;
}
function links(doc) {
  return Array.from(doc.querySelectorAll("#mb-live-answer a.mb-live-rule")).map(
    (a) => ({text: a.textContent, href: a.getAttribute("href"), resolved: a.href}));
}
async function drive(doc) {
  const $ = (id) => doc.getElementById(id);
  const out = {};
  await until(() => $("mb-live").dataset.readyMs || /could not/.test(
    $("mb-live-status").textContent), "the engine");
  await fetch("/__ready__");
  out.status = $("mb-live-status").textContent;
  out.editions = texts(doc, "#mb-live-edition option");
  $("mb-live-edition").value = "classic";
  $("mb-live-edition").dispatchEvent(new Event("change"));
  $("mb-live-players").value = "2";
  $("mb-live-seed").value = "SEED";
  $("mb-live-deal").click();
  out.dealt = {moves: texts(doc, ".mb-live-pick"), table: $("mb-live-table").textContent};
  doc.querySelector(".mb-live-pick").click();
  out.legal = {answer: $("mb-live-answer").textContent, kind: $("mb-live-answer").className,
               moves: texts(doc, ".mb-live-pick")};
  $("mb-live-move").value = "play D200";
  $("mb-live-try").requestSubmit();
  out.illegal = {answer: $("mb-live-answer").textContent, kind: $("mb-live-answer").className,
                 links: links(doc), moves: texts(doc, ".mb-live-pick")};
  const recorded = await fetch("/__transcript__.jsonl");
  $("mb-live-text").value = await recorded.text();
  $("mb-live-referee").click();
  out.referee = {answer: $("mb-live-answer").textContent, links: links(doc)};
  $("mb-live-bot").checked = true;
  $("mb-live-deal").click();
  out.bot = {made: texts(doc, "#mb-live-made li"), moves: texts(doc, ".mb-live-pick")};
  out.funSpeed = family(doc, "fun-speed", "lays the Borne");
  out.asDuVolant = family(doc, "as-du-volant", "moves with");
  // Leave the refused move on screen for the screenshot.
  $("mb-live-bot").checked = false;
  $("mb-live-edition").value = "classic";
  $("mb-live-edition").dispatchEvent(new Event("change"));
  $("mb-live-players").value = "2";
  $("mb-live-deal").click();
  doc.querySelector(".mb-live-pick").click();
  $("mb-live-move").value = "play D200";
  $("mb-live-try").requestSubmit();
  $("mb-live-answer").scrollIntoView({block: "center"});
  return out;
}
frame.addEventListener("load", async () => {
  let out;
  try {
    out = await drive(frame.contentDocument);
  } catch (error) {
    out = {error: String(error)};
  }
  out.resources = frame.contentWindow.performance.getEntriesByType("resource").map((r) => r.name);
  document.getElementById("verdict").textContent = JSON.stringify(out);
});
frame.src = "/PAGE";
</script>
</body></html>
"""


def transcript_with_an_illegal_move() -> str:
    """Deal, seat 1 draws, then plays a 200 km card while stopped (line 4)."""
    deal = deal_from_seed(new_match("classic", 2), round_seed(SEED, 1))
    lines = [
        header_line(Header("classic", 2, seed=SEED)),
        action_line(deal),
        '{"type": "draw", "seat": 1}',
        '{"type": "play", "seat": 1, "card": "D200", "target": 1}',
    ]
    return "\n".join(lines) + "\n"


class _LiveHandler(_Handler):
    """The site, the check page, a transcript, and the two moments of the load time."""

    marks: dict[str, float]
    page: str

    def do_GET(self) -> None:  # noqa: N802 (http.server's name)
        path = self.path.split("?")[0]
        if path in (f"/{self.page}", "/__ready__"):
            self.marks.setdefault(path, time.monotonic())
        if path == "/__live__.html":
            self._send(CHECK_LIVE.replace("SEED", str(SEED)).replace("PAGE", self.page))
        elif path == "/__transcript__.jsonl":
            self._send(transcript_with_an_illegal_move(), "application/jsonl")
        elif path == "/__ready__":
            self._send("ready", "text/plain")
        else:
            super().do_GET()

    def _send(self, text: str, kind: str = "text/html") -> None:
        body = text.encode("utf-8")
        self.send_response(200)
        self.send_header("Content-Type", f"{kind}; charset=utf-8")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)


@contextmanager
def serve_live(page_path: str, marks: dict[str, float]) -> Iterator[str]:
    """Serve the site with the check page for the live page at ``page_path``."""
    handler = type("Handler", (_LiveHandler,), {"marks": marks, "page": page_path})
    server = ThreadingHTTPServer(("127.0.0.1", 0), partial(handler, directory=str(site())))
    thread = Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}"
    finally:
        server.shutdown()
        server.server_close()
        thread.join()


def drive(page_path: str) -> dict[str, Any]:
    """Drive the live page at ``page_path`` (one per language) in headless Chromium."""
    chromium()
    marks: dict[str, float] = {}
    with serve_live(page_path, marks) as base:
        dom = run_chromium(
            f"--virtual-time-budget={BUDGET_MS}",
            "--window-size=1280,1100",
            "--dump-dom",
            f"{base}/__live__.html",
        )
    match = re.search(r'<pre id="verdict">(.*?)</pre>', dom, re.S)
    assert match and match.group(1) != "pending", f"the check did not finish: {dom[-1500:]}"
    found: dict[str, Any] = json.loads(html.unescape(match.group(1)))
    assert "error" not in found, found
    foreign = [url for url in found["resources"] if not url.startswith(base)]
    assert foreign == [], "the live page loaded resources from outside the site"
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    seconds = marks["/__ready__"] - marks[f"/{page_path}"]
    with (SCREENSHOTS / "live-load.txt").open("a", encoding="utf-8") as report:
        report.write(f"{page_path} asked for -> engine ready: {seconds:.2f} s (local server)\n")
    found["base"] = base
    return found


def screenshot(page_path: str, name: str) -> None:
    """The check page after its moves (the live page in its frame) as a PNG artifact."""
    target = SCREENSHOTS / name
    target.unlink(missing_ok=True)
    with serve_live(page_path, {}) as base:
        run_chromium(
            f"--virtual-time-budget={BUDGET_MS}",
            "--hide-scrollbars",
            "--window-size=1280,1000",
            f"--screenshot={target}",
            f"{base}/{page_path if page_path.endswith('index.html') else '__live__.html'}",
        )
    width, height, colours = png_size_and_colours(target)
    assert (width, height) == (1280, 1000) and colours > 20, name


@pytest.fixture(scope="module")
def verdict() -> dict[str, Any]:
    (SCREENSHOTS / "live-load.txt").unlink(missing_ok=True)
    return drive("live.html")


@pytest.fixture(scope="module")
def verdict_fr() -> dict[str, Any]:
    return drive("fr/live.html")


def test_the_engine_starts_in_the_page(verdict: dict[str, Any]) -> None:
    assert verdict["status"].startswith("Engine ready"), verdict["status"]
    assert "1000 Bornes (Dujardin, classic)" in verdict["editions"]
    assert any(url.endswith("/_live/pyodide.asm.wasm") for url in verdict["resources"])
    assert any(url.endswith("/_live/millebornes.zip") for url in verdict["resources"])


def test_a_seeded_deal_lists_the_legal_moves(verdict: dict[str, Any]) -> None:
    assert len(verdict["dealt"]["moves"]) == 1
    assert verdict["dealt"]["moves"][0].startswith("seat 1 draws")
    assert "round 1, goal 1000 km" in verdict["dealt"]["table"]


def test_a_legal_move_is_made(verdict: dict[str, Any]) -> None:
    legal = verdict["legal"]
    assert "mb-live-legal" in legal["kind"] and legal["answer"].startswith("Legal: seat 1 draws")
    assert any(move.startswith("seat 1 discards") for move in legal["moves"]), legal


def test_an_illegal_move_shows_the_rule_it_breaks_with_its_link(verdict: dict[str, Any]) -> None:
    illegal = verdict["illegal"]
    assert "mb-live-illegal" in illegal["kind"] and "Refused" in illegal["answer"]
    assert illegal["links"][0]["text"] == RULE
    assert illegal["links"][0]["href"] == f"id/{RULE}.html"
    assert illegal["links"][0]["resolved"] == f"{verdict['base']}/id/{RULE}.html"
    assert (site() / "id" / f"{RULE}.html").is_file(), "the link leads to the rule"
    assert illegal["moves"] == verdict["legal"]["moves"], "nothing changed"


def test_a_pasted_transcript_is_refereed(verdict: dict[str, Any]) -> None:
    referee = verdict["referee"]
    assert "line 4" in referee["answer"], referee
    assert [link["text"] for link in referee["links"]] == [RULE]


def test_the_greedy_bot_plays_the_other_seat(verdict: dict[str, Any]) -> None:
    made = verdict["bot"]["made"]
    assert made[0] == "seat 0 deals round 1" and "seat 1 draws a card" in made, made
    assert any(text.startswith("seat 1 ") and "draws" not in text for text in made), made
    assert verdict["bot"]["moves"], "then the reader (seat 0) is to move"


FAMILIES = [
    # the verdict's key, the edition's title, the rule a second draw breaks, a move's words
    ("funSpeed", "Mille Bornes Fun & Speed", "FS-DRAW", "lays the Borne"),
    ("asDuVolant", "Mille Bornes As du Volant", "AV-DRAW", "moves with"),
]
SEATS = {"funSpeed": ["2", "3", "4"], "asDuVolant": ["2", "3", "4", "5", "6"]}
"""The seat counts the page offers: RUL-FS-SEATS (two to four), AV-SEATS (two to six)."""


@pytest.mark.parametrize(("key", "title", "rule", "made"), FAMILIES)
def test_the_other_families_are_dealt_listed_tried_and_played(
    verdict: dict[str, Any], key: str, title: str, rule: str, made: str
) -> None:
    assert title in verdict["editions"]
    game = verdict[key]
    assert game["players"] == SEATS[key], game["players"]
    assert game["dealt"]["moves"] == ["seat 0 draws a card"], game["dealt"]
    assert title in game["dealt"]["table"] and "your hand (seat 0)" in game["dealt"]["table"]
    assert game["drawn"]["answer"].startswith("Legal: seat 0 draws "), game["drawn"]
    assert any(made in move for move in game["drawn"]["moves"]), game["drawn"]
    illegal = game["illegal"]
    assert "mb-live-illegal" in illegal["kind"], illegal
    assert illegal["answer"].startswith("Refused: seat 0 draws a card"), illegal
    assert [link["text"] for link in illegal["links"]] == [rule]
    assert illegal["links"][0]["resolved"] == f"{verdict['base']}/id/{rule}.html"
    assert (site() / "id" / f"{rule}.html").is_file(), "the link leads to the rule"
    assert illegal["moves"] == game["drawn"]["moves"], "nothing changed"
    assert "mb-live-legal" in game["played"]["kind"] and made in game["played"]["answer"]


@pytest.mark.parametrize(("key", "title", "rule", "made"), FAMILIES)
def test_the_other_families_play_against_the_bot_and_hide_its_hand(
    verdict: dict[str, Any], key: str, title: str, rule: str, made: str
) -> None:
    bot = verdict[key]["bot"]
    assert bot["table"].count("your hand") == 1 and "your hand (seat 0)" in bot["table"]
    assert bot["copy"] is True, "the state (every hand) cannot be copied against the bot"
    assert bot["moves"] and bot["answer"].startswith("Legal: seat 0 ")
    assert any(text.startswith("seat 1 ") for text in bot["made"]), "the bot answered"
    assert not any(
        text.startswith("seat 1 draws") and text != "seat 1 draws a card" for text in bot["made"]
    ), "the bot's draw stays secret"


def test_as_du_volant_offers_its_options(verdict: dict[str, Any]) -> None:
    assert "goal_700" in verdict["asDuVolant"]["options"]
    assert verdict["funSpeed"]["options"] == []


def test_a_screenshot_of_a_refused_move_is_kept(verdict: dict[str, Any]) -> None:
    screenshot("live.html", "live-refused.png")


def test_the_french_live_page_uses_the_same_runtime_and_french_links(
    verdict_fr: dict[str, Any],
) -> None:
    assert verdict_fr["status"].startswith("Moteur prêt"), verdict_fr["status"]
    base = verdict_fr["base"]
    assert f"{base}/_live/pyodide.asm.wasm" in verdict_fr["resources"], "one runtime for both"
    assert verdict_fr["legal"]["answer"].startswith("Permis"), verdict_fr["legal"]
    illegal = verdict_fr["illegal"]
    assert illegal["answer"].startswith("Refusé"), illegal
    assert illegal["links"][0]["text"] == RULE
    assert illegal["links"][0]["resolved"] == f"{base}/fr/id/{RULE}.html", "the French rule"
    assert (site() / "fr" / "id" / f"{RULE}.html").is_file()
    screenshot("fr/live.html", "live-refused-fr.png")


def test_screenshots_of_both_landing_pages_are_kept() -> None:
    screenshot("index.html", "landing-en.png")
    screenshot("fr/index.html", "landing-fr.png")


def test_the_live_page_is_in_the_site_and_loads_only_the_site() -> None:
    live = page(site() / "live.html")
    assert "Can I play this?" in live.text
    assert any(src.startswith("_static/live/live.js") for src in live.resources)


def test_the_engine_zip_finds_its_spec_data_inside_itself(tmp_path: Path) -> None:
    """Unpacked anywhere (as Pyodide does), the engine reads spec/ from millebornes/_spec."""
    with zipfile.ZipFile(site() / "_live" / "millebornes.zip") as archive:
        names = set(archive.namelist())
        archive.extractall(tmp_path)
    assert {"millebornes/apps/live.py", "millebornes/_spec/cards.json"} <= names
    assert not any(name.startswith("millebornes/_spec/vectors/") for name in names)
    program = (
        "import json, millebornes._spec as s, millebornes.apps.live as live;"
        "print(s.spec_dir()); t = live.Table(); t.start('classic', 2, 7, False); t.pick(0);"
        "print(json.loads(t.try_move('play D200'))['rules'][0]['id'])"
    )
    result = subprocess.run(
        [
            sys.executable,
            "-I",
            "-S",
            "-c",
            f"import sys; sys.path.insert(0, {str(tmp_path)!r}); {program}",
        ],
        capture_output=True,
        text=True,
        check=True,
        cwd=tmp_path,
    )
    spec_dir, rule = result.stdout.split()
    assert Path(spec_dir) == tmp_path / "millebornes" / "_spec"
    assert rule == RULE
    assert ROOT.as_posix() not in result.stdout
