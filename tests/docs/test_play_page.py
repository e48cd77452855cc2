"""The Play page (docs/play.md) in a real browser: Playwright's Python package drives
Debian's Chromium (``executable_path``: nothing downloads a browser). For each of the six
rule sets a whole game (the classic family: one round of a match, at two seats) is played
against the greedy bot by clicking the page's cards, targets, buttons and prompts, with one
illegal try that shows its rule IDs and changes nothing, a reaction prompt answered in every
game, and the first move of the first game made with the keyboard alone; the game is
downloaded through the page's own link as a transcript, which ``millebornes referee``
accepts; the page fits 390 px and 1280 px without a horizontal scroll; and a screenshot of
each final table is kept with the live page's (docs/_build/screenshots/). Then an As du
Volant game at the bots' "fast" speed shows each car moving square by square along the
engine's route (and not at all when the reader asks for reduced motion), and the French
page speaks French: the engine's lines and a refused card's rule statements.
"""

from __future__ import annotations

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
from playwright.sync_api import Locator, Page, sync_playwright
from sitecheck import page, site
from test_docs_browser import SCREENSHOTS, _Handler, chromium, png_size_and_colours

from millebornes import api
from millebornes.apps import french, play_view
from millebornes.apps.record import read_transcript
from millebornes.apps.referee import statement
from millebornes.apps.roster import BOTS
from millebornes_dev import play_clicks

pytestmark = pytest.mark.slow

EDITIONS = ["classic", "cars", "asterix", "allonge", "fun-speed", "as-du-volant"]
SEEDS = play_clicks.SEEDS
"""The deal of each game: see millebornes_dev.play_clicks, which plays these clicks without
a browser (tests/apps/test_play_seeds.py checks each deal still brings a reaction prompt)."""
REACTIONS = ("coup-fourré", "window:")
"""Words of a reaction prompt (the classic family's coup-fourré question, the other families'
windows), not of the classic extension's yes/no."""
MAX_CLICKS = 8000
"""More clicks than a game (a classic match of several rounds) takes."""
FAST = "250"
"""The bots' "fast" speed (ms per move): the cars are seen moving."""
BUDGET_MS = 300_000
"""How long the page may take to start Pyodide and the engine."""

SNAPSHOT = """() => {
  const $ = (id) => document.getElementById(id);
  return [$("mb-play-table").textContent,
          Array.from(document.querySelectorAll("#mb-play-hand .mb-play-card"))
            .map((b) => b.dataset.card).join(","),
          $("mb-play-whose").textContent, $("mb-play").dataset.moves].join("|");
}"""
"""What the table shows: its text, the hand's cards, whose move it is, the moves made."""

OVERFLOW = "() => document.documentElement.scrollWidth - document.documentElement.clientWidth"
LAUNCH_FLAGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]
"""As test_docs_browser.py starts Chromium: without the network flags it keeps trying to
reach Google's hosts, which this closed network refuses."""


@contextmanager
def serve_site() -> Iterator[str]:
    server = ThreadingHTTPServer(("127.0.0.1", 0), partial(_Handler, directory=str(site())))
    thread = Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}"
    finally:
        server.shutdown()
        server.server_close()
        thread.join()


def _choice_index(page: Page) -> int:
    """The answer to a prompt: its first choice that is not Pass, or Pass."""
    found: int = page.evaluate(
        """() => {
        const choices = Array.from(document.querySelectorAll("#mb-play-prompt .mb-play-choice"));
        const index = choices.findIndex((c) => !c.classList.contains("mb-play-pass"));
        return index < 0 ? 0 : index;
    }"""
    )
    return found


def _by_keyboard(page: Page, card: Locator) -> bool:
    """Play ``card`` with the keyboard alone: focus it, Enter, Tab to a lit place, Enter.
    True when a move was made that way."""
    moves = page.evaluate("() => document.getElementById('mb-play').dataset.moves")
    card.focus()
    page.keyboard.press("Enter")
    lit = page.locator("#mb-play .mb-play-lit")
    if lit.count() == 0:
        return False
    lit.first.focus()
    page.keyboard.press("Enter")
    return bool(page.evaluate("() => document.getElementById('mb-play').dataset.moves") != moves)


def _deal(page: Page, edition: str, speed: str = "0") -> None:
    page.select_option("#mb-play-edition", edition)
    page.select_option("#mb-play-players", "2")
    page.select_option("#mb-play-seat", "1")
    page.select_option("#mb-play-bot", "greedy")
    page.select_option("#mb-play-speed", speed)
    page.fill("#mb-play-seed", str(SEEDS[edition]))
    page.click("#mb-play-deal")
    _settled(page)


def _settled(page: Page) -> None:
    """Wait for the bots' moves (and the cars) shown one by one to be all shown."""
    page.wait_for_function("() => !document.getElementById('mb-play').dataset.busy")


def _answer_prompt(page: Page) -> dict[str, Any]:
    """Click the prompt's answer (its first choice that is not Pass); what it showed."""
    prompt = page.locator("#mb-play-prompt")
    choices = prompt.locator(".mb-play-choice")
    answer = choices.nth(_choice_index(page))
    shown = {
        "text": prompt.locator("p").first.inner_text(),
        "choices": choices.all_inner_texts(),
        "chosen": answer.inner_text(),
    }
    answer.click()
    return shown


def _illegal_try(page: Page, card: Locator) -> dict[str, Any]:
    """Click a card that cannot be played: the rules the page shows, and whether the table
    stayed as it was."""
    before = page.evaluate(SNAPSHOT)
    name = card.get_attribute("data-card")
    card.click()
    answer = page.locator("#mb-play-answer")
    links = page.locator("#mb-play-answer a.mb-play-rule")
    return {
        "card": name,
        "answer": answer.inner_text(),
        "kind": answer.get_attribute("class") or "",
        "links": [
            {
                "text": links.nth(i).inner_text(),
                "href": links.nth(i).get_attribute("href"),
                "resolved": links.nth(i).evaluate("(a) => a.href"),
            }
            for i in range(links.count())
        ],
        "unchanged": page.evaluate(SNAPSHOT) == before,
    }


def _play_card(page: Page, card: Locator) -> None:
    """Click ``card``, then a lit place (not the discard when there is another), then the
    first choice when one place allows several moves."""
    card.click()
    lit = page.locator("#mb-play .mb-play-lit")
    assert lit.count(), f"a card with no lit place: {card.get_attribute('data-card')}"
    place = page.locator("#mb-play .mb-play-lit:not([data-target='discard'])")
    (place.first if place.count() else lit.first).click()
    chooser = page.locator("#mb-play-answer .mb-play-choice")
    if chooser.count() and page.locator("#mb-play-answer .mb-play-lit").count() == 0:
        chooser.first.click()


def _finish(page: Page, edition: str, out: dict[str, Any]) -> None:
    """The end of the game: the score, the transcript through the page's download link,
    the screenshot, and the page's width at 1280 and 390 px."""
    out["over"] = page.evaluate("() => document.getElementById('mb-play').dataset.over")
    out["score"] = page.inner_text("#mb-play-score") if out["over"] else ""
    out["log"] = page.locator("#mb-play-log li").count()
    out["whose"] = page.inner_text("#mb-play-whose")
    link = page.locator("#mb-play-download")
    out["downloadName"] = link.get_attribute("download")
    if not page.locator("#mb-play-records").evaluate("(d) => d.open"):
        page.click("#mb-play-records summary")  # the records are folded, as a reader finds them
    with page.expect_download() as download:
        link.click()
    out["transcript"] = Path(download.value.path()).read_text(encoding="utf-8")
    out["overflow1280"] = page.evaluate(OVERFLOW)
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SCREENSHOTS / f"play-{edition}.png"))
    page.set_viewport_size({"width": 390, "height": 900})
    out["overflow390"] = page.evaluate(OVERFLOW)
    page.set_viewport_size({"width": 1280, "height": 1400})


def play_game(page: Page, edition: str, *, keyboard: bool) -> dict[str, Any]:
    """One whole game by clicks (in the classic family a whole match: each round's score
    sheet, then "Next round", until the match is won); what the page showed on the way."""
    out: dict[str, Any] = {"edition": edition, "clicks": 0, "prompts": [], "illegal": None}
    _deal(page, edition)
    out["firstLog"] = page.locator("#mb-play-log li").all_inner_texts()
    out["keyboard"] = None
    out["rounds"] = 1
    for step in range(MAX_CLICKS):
        if page.locator("#mb-play-score").is_visible():
            if not page.locator("#mb-play-next").is_visible():
                break  # the game (the match) is over
            page.click("#mb-play-next")
            _settled(page)
            out["rounds"] += 1
            continue
        _step(page, out, step, keyboard=keyboard)
    _finish(page, edition, out)
    return out


def _step(page: Page, out: dict[str, Any], step: int, *, keyboard: bool) -> None:
    """One click of a game (the way every game here is played, so a seed of SEEDS brings
    the same moves): a prompt answered, else one illegal try when a card is blocked and
    no button is offered, else a button every other step, else a card played."""
    out["clicks"] += 1
    if page.locator("#mb-play-prompt").is_visible():
        out["prompts"].append(_answer_prompt(page))
        return
    cards = page.locator("#mb-play-hand .mb-play-card:not(:disabled)")
    blocked = page.locator("#mb-play-hand .mb-play-card.mb-play-blocked:not(:disabled)")
    playable = page.locator("#mb-play-hand .mb-play-card:not(:disabled):not(.mb-play-blocked)")
    buttons = page.locator("#mb-play-buttons button")
    if blocked.count() and out["illegal"] is None and buttons.count() == 0:
        out["illegal"] = _illegal_try(page, blocked.first)
    elif buttons.count() and (playable.count() == 0 or step % 2 or cards.count() == 0):
        buttons.first.click()
    elif cards.count() == 0:
        raise AssertionError(f"nothing to click: {page.inner_text('#mb-play-whose')}")
    elif keyboard and out["keyboard"] is None and playable.count():
        out["keyboard"] = _by_keyboard(page, playable.first)
    else:
        _play_card(page, playable.first if playable.count() else cards.first)


HOPS = """() => {
  window.MB_HOPS = [];
  new MutationObserver((changes) => {
    for (const change of changes) {
      const car = change.target;
      window.MB_HOPS.push([Number(car.dataset.seat), Number(car.dataset.square),
                           car.getAttribute("transform")]);
    }
  }).observe(document.getElementById("mb-play-table"),
             {subtree: true, attributes: true, attributeFilter: ["data-square"]});
}"""
"""Every square a car is shown on while it moves (a car's group of the track gets the square
it stands on at each hop): seat, square, where it is drawn."""


def _watch_cars(page: Page, clicks: int) -> dict[str, Any]:
    """An As du Volant game at the "fast" speed for ``clicks`` clicks: the squares the cars
    were seen on, one by one, and the game's transcript."""
    page.evaluate(HOPS)
    _deal(page, "as-du-volant", FAST)
    out: dict[str, Any] = {"clicks": 0, "prompts": [], "illegal": None, "keyboard": None}
    for step in range(clicks):
        if page.locator("#mb-play-score").is_visible():
            break
        _step(page, out, step, keyboard=False)
        _settled(page)
    with page.expect_download() as download:
        page.click("#mb-play-download")
    return {
        "hops": page.evaluate("() => window.MB_HOPS"),
        "transcript": Path(download.value.path()).read_text(encoding="utf-8"),
    }


def _in_french(page: Page, base: str) -> dict[str, Any]:
    """The French page: a classic game dealt, its log, and a blocked card's refusal."""
    page.goto(f"{base}/fr/play.html")
    page.wait_for_function(
        "() => document.getElementById('mb-play').dataset.readyMs", timeout=BUDGET_MS
    )
    _deal(page, "classic")
    blocked = page.locator("#mb-play-hand .mb-play-card.mb-play-blocked")
    blocked.first.click()
    rules = page.locator("#mb-play-answer ul.mb-play-rules li")
    return {
        "log": page.locator("#mb-play-log li").all_inner_texts(),
        "whose": page.inner_text("#mb-play-whose"),
        "answer": page.inner_text("#mb-play-answer"),
        "rules": rules.all_inner_texts(),
    }


def drive(editions: list[str]) -> dict[str, Any]:
    executable = chromium()
    marks: list[tuple[str, float]] = []
    with serve_site() as base, sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=executable, args=LAUNCH_FLAGS)
        try:
            context = browser.new_context(
                viewport={"width": 1280, "height": 1400}, accept_downloads=True
            )
            page = context.new_page()
            page.set_default_timeout(120_000)
            requests: list[str] = []
            page.on("request", lambda request: requests.append(request.url))
            marks.append(("page", time.monotonic()))
            page.goto(f"{base}/play.html")
            page.wait_for_function(
                "() => document.getElementById('mb-play').dataset.readyMs"
                " || /could not/.test(document.getElementById('mb-play-status').textContent)",
                timeout=BUDGET_MS,
            )
            marks.append(("ready", time.monotonic()))
            found: dict[str, Any] = {
                "status": page.inner_text("#mb-play-status"),
                "editions": page.eval_on_selector_all(
                    "#mb-play-edition option", "(os) => os.map((o) => o.value)"
                ),
                "bots": page.eval_on_selector_all(
                    "#mb-play-bot option", "(os) => os.map((o) => o.value)"
                ),
                "games": [],
            }
            for number, edition in enumerate(editions):
                found["games"].append(play_game(page, edition, keyboard=number == 0))
                marks.append((edition, time.monotonic()))
            found["moving"] = _watch_cars(page, clicks=12)
            page.emulate_media(reduced_motion="reduce")
            found["still"] = _watch_cars(page, clicks=4)
            page.emulate_media(reduced_motion="no-preference")
            marks.append(("cars", time.monotonic()))
            found["french"] = _in_french(page, base)
            marks.append(("french", time.monotonic()))
        finally:
            browser.close()
    foreign = [url for url in requests if not url.startswith((base, "blob:", "data:"))]
    assert foreign == [], f"the play page loaded resources from outside the site: {foreign}"
    found["base"] = base
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    start = marks[0][1]
    times = ", ".join(f"{name} {moment - start:.1f} s" for name, moment in marks[1:])
    with (SCREENSHOTS / "play-times.txt").open("a", encoding="utf-8") as report:
        report.write(f"play.html opened -> {times} (local server, Playwright, Chromium)\n")
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
    else:  # a whole match: rounds until a team reaches the match's points (MATCH-TARGET)
        assert "Score sheet" in game["score"] and "distance" in game["score"]
        assert game["rounds"] >= 2 and game["over"] == "game", (game["rounds"], game["whose"])


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


@pytest.mark.parametrize("edition", EDITIONS)
def test_a_reaction_prompt_is_answered_in_every_game(verdict: dict[str, Any], edition: str) -> None:
    """The seed of SEEDS brings the reader a reaction window, answered by a choice that is
    not Pass (a coup-fourré, a remedy at once, a Hold Up !, a Demi-tour…)."""
    prompts = game_of(verdict, edition)["prompts"]
    answered = [
        p
        for p in prompts
        if any(words in p["text"] for words in REACTIONS) and not p["chosen"].startswith("Pass")
    ]
    assert answered, f"{edition}: no reaction prompt answered ({prompts})"
    assert all(any(c.startswith("Pass") for c in p["choices"]) for p in answered)


def engine_hops(transcript: str) -> list[tuple[int, int]]:
    """The squares the engine moves each car through in a transcript's game, in order
    (play_view.car_route: the move's route, then its bonus move)."""
    recorded = read_transcript(transcript.splitlines())
    state, hops = recorded.header.start(), []
    for entry in recorded.entries:
        after = api.apply(state, entry.action)
        squares = play_view.car_route(state, entry.action, after)
        if squares:
            seat = entry.action.seat
            assert after.cars[seat].square == squares[-1], "the route ends where the car is"
            hops += [(seat, square) for square in squares]
        state = after
    return hops


def test_as_du_volant_cars_move_square_by_square(verdict: dict[str, Any]) -> None:
    moving = verdict["moving"]
    seen = [(seat, square) for seat, square, _ in moving["hops"]]
    expected = engine_hops(moving["transcript"])
    assert len(expected) > len(set(s for s, _ in expected)), "several moves were made"
    assert seen == expected, "the page shows each car on every square of its route"
    places = {(square, where) for _, square, where in moving["hops"]}
    assert len(places) == len({s for s, _ in places}) == len({w for _, w in places}), (
        "each square is drawn at a place of its own, where the car is shown"
    )


def test_no_car_moves_for_a_reader_who_asks_for_reduced_motion(verdict: dict[str, Any]) -> None:
    still = verdict["still"]
    assert engine_hops(still["transcript"]), "cars moved in the game"
    assert still["hops"] == [], "they jump to where they end, without animation"


def test_the_french_page_speaks_french(verdict: dict[str, Any]) -> None:
    """The engine's lines and a refused card's rule statements, from the catalogues."""
    shown = verdict["french"]
    assert shown["log"] and all(line.startswith("place ") for line in shown["log"]), shown
    assert "à la place 1" in shown["whose"]
    assert shown["rules"], shown["answer"]
    for text in shown["rules"]:
        rule_id, _, said = text.partition(": ")
        english = statement(rule_id)
        assert said == french.statement(rule_id, english) != english


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
    assert game_of(verdict, edition)["over"]
    width, height, colours = png_size_and_colours(SCREENSHOTS / f"play-{edition}.png")
    assert (width, height) == (1280, 1400) and colours > 20


def test_a_move_is_made_with_the_keyboard_alone(verdict: dict[str, Any]) -> None:
    """Focus a card, Enter, focus a lit place, Enter: the move is made."""
    assert verdict["games"][0]["keyboard"] is True


def test_the_play_page_is_linked_from_the_front_page() -> None:
    front = page(site() / "index.html")
    assert "play.html" in front.links
    play = page(site() / "play.html")
    assert any(src.startswith("_static/play/play.js") for src in play.resources)
    french = page(site() / "fr" / "play.html")
    assert any(src.startswith("_static/play/play.js") for src in french.resources)
