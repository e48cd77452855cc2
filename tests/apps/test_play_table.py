"""The Play page's engine (millebornes.apps.play_table) without a browser: for each of the
six rule sets a game is set up, played to its end (a classic-family round) through the
moves the view offers, downloaded as a transcript that the referee accepts, and replayed;
a card that cannot be played carries the rules a play of it breaks; windows come as a
prompt with Pass; bad input from the page is one error naming the field."""

from __future__ import annotations

import itertools
import json
import random
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from babel.messages.pofile import read_po

from millebornes import api
from millebornes.apps import french
from millebornes.apps.play_table import PlayTable, roster
from millebornes.apps.record import read_transcript
from millebornes.apps.referee import referee
from millebornes.apps.roster import BOTS
from millebornes.core.spec_index import spec_entries

EDITIONS = ["classic", "cars", "asterix", "allonge", "fun-speed", "as-du-volant"]
CLASSIC_FAMILY = {"classic", "cars", "asterix", "allonge"}


def setup(name: str, **changes: Any) -> str:
    """The page's set-up for ``name`` at two seats, the human at seat 1, with ``changes``."""
    values: dict[str, Any] = {
        "edition": name,
        "players": 2,
        "seed": 5,
        "seat": 1,
        "bot": "greedy",
        "options": [],
    }
    return json.dumps({**values, **changes})


def answer(text: str) -> dict[str, Any]:
    found: dict[str, Any] = json.loads(text)
    assert "error" not in found, found
    return found


def offered(view: dict[str, Any]) -> list[int]:
    """Every move the view offers the human: prompt choices, or buttons and card targets."""
    if view["prompt"]:
        return [choice["move"] for choice in view["prompt"]["choices"]]
    moves = [button["move"] for button in view["buttons"]]
    for entry in view["cards"].values():
        moves += [move["move"] for group in entry["targets"].values() for move in group]
    return moves


def play_out(table: PlayTable, view: dict[str, Any], seed: int) -> dict[str, Any]:
    """Random offered moves until the game (a classic round) ends; also counts what was seen."""
    rng = random.Random(seed)
    seen = {"prompts": 0, "why": 0}
    for _ in range(5000):
        if view["game_over"] or view["round_over"]:
            view["seen"] = seen
            return view
        seen["prompts"] += view["prompt"] is not None
        seen["why"] += sum(1 for entry in view["cards"].values() if entry["why"])
        moves = offered(view)
        assert moves, f"the human is asked to move with nothing offered: {view['whose_move']}"
        view = answer(table.act(rng.choice(moves)))
    raise AssertionError("the game did not end")


@pytest.mark.parametrize("edition", EDITIONS)
def test_a_game_is_played_to_its_end_and_its_transcript_is_refereed_legal(edition: str) -> None:
    table = PlayTable()
    view = answer(table.new_game(setup(edition)))
    assert view["you"] == 1 and view["seats"][0]["who"] == "greedy"
    assert view["seats"][1]["who"] == "you"
    assert view["hand"] and all({"id", "kind", "en", "fr"} <= set(c) for c in view["hand"])
    end = play_out(table, view, seed=3)
    assert end["score"] is not None, "the result (score sheet) is shown at the end"
    if edition in CLASSIC_FAMILY:
        items = [item["id"] for item in end["score"]["items"]]
        assert "distance" in items
        assert len(end["score"]["sheet"]["teams"]) == 2
    else:
        assert end["score"]["winners"] and end["score"]["lines"][0].startswith("game over")
    text = answer(table.transcript())["text"]
    verdict = referee(read_transcript(text.splitlines()))
    assert verdict.illegal is None
    assert api.to_json(verdict.final) == api.to_json(table.state), "the record is the game"


@pytest.mark.parametrize("edition", EDITIONS)
def test_a_transcript_is_replayed_step_by_step(edition: str) -> None:
    table = PlayTable()
    play_out(table, answer(table.new_game(setup(edition, seat=0))), seed=4)
    text = answer(table.transcript())["text"]
    final = api.to_json(table.state)
    replay = PlayTable()
    view = answer(replay.load_replay(text))
    assert view["replay"] == {"at": 0, "of": len(text.splitlines()) - 1}
    while not view.get("replay_done"):
        view = answer(replay.replay_step())
        assert view.get("legal") is not False
    assert api.to_json(replay.state) == final


def test_a_replay_stops_at_the_first_illegal_line_with_its_rules() -> None:
    table = PlayTable()
    answer(table.new_game(setup("classic", seat=0)))
    lines = answer(table.transcript())["text"].splitlines()
    lines.append('{"type": "play", "seat": 0, "card": "D200", "target": 0}')
    replay = PlayTable()
    view = answer(replay.load_replay("\n".join(lines)))
    for _ in range(len(lines)):
        view = answer(replay.replay_step())
        if view["legal"] is False:
            break
    assert view["legal"] is False and view["line"] == len(lines)
    assert view["rules"] and all(rule["link"] == f"id/{rule['id']}.html" for rule in view["rules"])


@pytest.mark.parametrize("edition", EDITIONS)
def test_every_card_in_hand_has_targets_or_the_rules_it_breaks(edition: str) -> None:
    table = PlayTable()
    view = answer(table.new_game(setup(edition, seat=0, seed=11)))  # first to move: no window
    assert set(view["cards"]) == {c["id"] for c in view["hand"]}
    for card_id, entry in view["cards"].items():
        plays = set(entry["targets"]) - {"discard"}
        if plays:
            assert entry["why"] is None, card_id
        else:
            rules = entry["why"]["rules"]
            assert rules, f"{card_id}: no play, so at least one rule says why"
            assert all(r["statement"] and r["link"].startswith("id/") for r in rules)


def test_a_card_played_on_a_target_it_cannot_reach_is_refused_and_nothing_changes() -> None:
    table = PlayTable()
    view = answer(table.new_game(setup("classic", seat=0, seed=7)))
    before = api.to_json(table.state)
    card = next(c for c, e in view["cards"].items() if e["why"])
    refused = answer(table.try_card(card, "team:0"))
    assert refused["legal"] is False and refused["rules"]
    assert api.to_json(table.state) == before


def test_the_classic_coup_fourre_window_is_a_prompt_with_pass() -> None:
    """Seed search: the first game in which the bot's hazard opens the human's window."""
    for seed in range(200):
        table = PlayTable()
        view = answer(table.new_game(setup("classic", seat=0, seed=seed)))
        for _ in range(400):
            if view["prompt"] or view["round_over"]:
                break
            view = answer(table.act(offered(view)[-1]))
        prompt = view["prompt"]
        if prompt and prompt["phase"] == "coup_fourre":
            assert any(choice["pass"] for choice in prompt["choices"])
            assert any(not choice["pass"] for choice in prompt["choices"])
            assert view["cards"] == {} and view["buttons"] == []
            return
    pytest.fail("no coup-fourré window in 200 games")


def test_the_bots_moves_come_back_as_log_lines() -> None:
    table = PlayTable()
    view = answer(table.new_game(setup("fun-speed", seat=1)))
    assert any(line.startswith("seat 0 ") for line in view["log"]), view["log"]
    assert not any(
        line.startswith("seat 0 draws") and line != "seat 0 draws a card" for line in view["log"]
    ), "the bot's draw stays secret"


@pytest.mark.parametrize(
    ("change", "field"),
    [
        ({"bot": "nobody"}, "bot:"),
        ({"seat": 5}, "seat:"),
        ({"seat": "1"}, "seat:"),
        ({"players": True}, "players:"),
        ({"options": "goal_700"}, "options:"),
        ({"edition": "chess"}, "chess"),
    ],
)
def test_a_bad_setup_is_one_error_naming_the_field(change: dict[str, Any], field: str) -> None:
    found = json.loads(PlayTable().new_game(setup("classic", **change)))
    assert field in found["error"], found


@pytest.mark.parametrize("text", ["", "[1]", "{", "x" * 2_000_000])
def test_a_setup_that_is_not_an_object_is_one_error(text: str) -> None:
    assert "error" in json.loads(PlayTable().new_game(text))


def test_a_move_number_out_of_range_or_out_of_turn_is_one_error() -> None:
    table = PlayTable()
    answer(table.new_game(setup("classic", seat=0)))
    assert "move:" in json.loads(table.act(10_000))["error"]
    assert "move:" in json.loads(table.act(True))["error"]  # a bool is not a move number
    assert "card:" in json.loads(table.try_card("NOPE", "team:0"))["error"]


def test_every_roster_bot_is_offered() -> None:
    assert json.loads(roster())["value"] == list(BOTS)


def test_as_du_volant_draws_its_track_and_cars() -> None:
    view = answer(PlayTable().new_game(setup("as-du-volant", players=3, seat=2)))
    table = view["table"]
    assert len(table["cars"]) == 3 and table["goal"] == 1000
    assert table["main"][0] == table["start"]
    assert any(square["shortcut"] is not None for square in table["squares"])
    assert sum(seat is not None for s in table["squares"] for seat in s["lanes"]) == 3


def test_a_refereed_transcript_shows_its_first_illegal_line_and_keeps_its_legal_part() -> None:
    table = PlayTable()
    answer(table.new_game(setup("classic", seat=0)))
    legal = answer(table.transcript())["text"]
    bad = legal + '{"type": "play", "seat": 0, "card": "D200", "target": 0}\n'
    judged = PlayTable()
    verdict = answer(judged.referee(bad))["verdict"]
    assert verdict["verdict"] == "illegal" and verdict["line"] == len(bad.splitlines())
    assert verdict["rules"], "the rules the line breaks"
    assert answer(judged.transcript())["text"] == legal


# --- French: the engine's lines and the rules' statements from the catalogues ---------------

LOCALE = Path(__file__).resolve().parents[2] / "docs" / "locale" / "fr" / "LC_MESSAGES"
FIELD = re.compile(r"\{[a-z_]+\d*\}")
FAMILIES = ("classic", "fun-speed", "as-du-volant")
"""One rule set of each family."""


def engine_catalogue() -> list[tuple[str, str, str]]:
    """engine.po read by babel (not by the module under test): context, English, French."""
    with (LOCALE / "engine.po").open("rb") as handle:
        catalogue = read_po(handle, locale="fr")
    return [
        (str(m.context or ""), str(m.id), str(m.string))
        for m in catalogue
        if m.id and m.string and not m.fuzzy
    ]


def template(text: str) -> re.Pattern[str]:
    """A catalogue message as a pattern of whole lines, any field standing for any text."""
    return re.compile(".*?".join(re.escape(part) for part in FIELD.split(text)), re.DOTALL)


def from_catalogue(english: str, french_line: str) -> bool:
    """Some whole-line message of engine.po reads ``english``, and its French ``french_line``."""
    return any(
        template(msgid).fullmatch(english) and template(msgstr).fullmatch(french_line)
        for context, msgid, msgstr in engine_catalogue()
        if context == ""
    )


def spec_french(rule_id: str) -> str:
    """The French of the paragraph a rule's statement comes from, read by babel from its
    page's catalogue, flat and without Markdown."""
    entry = next(e for e in spec_entries() if e.id == rule_id)
    with (LOCALE / "spec" / entry.file.replace(".md", ".po")).open("rb") as handle:
        catalogue = {str(m.id): str(m.string) for m in read_po(handle, locale="fr") if m.id}
    mark = {"ruling": "**Decision.**", "assumption": "**Value.**"}.get(entry.kind)
    for block in entry.text.split("\n\n"):
        # the paragraph up to a list that follows it: its items are messages of their own
        paragraph = " ".join(re.split(r"\n(?=\d+\. |- )", block)[0].split("\n"))
        if mark is None or mark in paragraph:
            found = catalogue[paragraph]
            return " ".join(found.replace("`", "").replace("**", "").split())
    raise AssertionError(rule_id)


def twin_games(edition: str, seed: int) -> Iterator[tuple[dict[str, Any], dict[str, Any]]]:
    """The same game on an English and a French table, the same moves made on both: each
    pair of views as it comes."""
    english, french_table = PlayTable(), PlayTable("fr")
    changes = {"seed": seed, "seat": 1, "players": 3 if edition == "as-du-volant" else 2}
    pair = answer(english.new_game(setup(edition, **changes)))
    pair2 = answer(french_table.new_game(setup(edition, **changes)))
    rng = random.Random(seed)
    for _ in range(3000):
        yield pair, pair2
        if pair["game_over"] or pair["round_over"]:
            return
        move = rng.choice(offered(pair))
        pair, pair2 = answer(english.act(move)), answer(french_table.act(move))


@pytest.mark.parametrize("edition", FAMILIES)
def test_a_french_table_s_lines_prompt_and_refusals_come_from_the_catalogues(edition: str) -> None:
    seen = {"lines": 0, "prompts": 0, "refusals": 0}
    for seed in range(40):
        for english, french_view in twin_games(edition, seed):
            assert len(english["log"]) == len(french_view["log"])
            for line, translated in zip(english["log"], french_view["log"], strict=True):
                assert from_catalogue(line, translated), (line, translated)
                assert not translated.startswith("seat "), translated
                seen["lines"] += 1
            assert from_catalogue(english["whose_move"], french_view["whose_move"])
            if english["prompt"]:
                text, translated = english["prompt"]["text"], french_view["prompt"]["text"]
                assert from_catalogue(text, translated) and text != translated, (text, translated)
                for one, other in zip(
                    english["prompt"]["choices"], french_view["prompt"]["choices"], strict=True
                ):
                    assert from_catalogue(one["text"], other["text"]), (one, other)
                seen["prompts"] += 1
            for card_id, entry in english["cards"].items():
                why = french_view["cards"][card_id]["why"]
                if entry["why"] is None or not entry["why"]["rules"]:
                    continue
                assert from_catalogue(entry["why"]["move"], why["move"])
                for rule, translated in zip(entry["why"]["rules"], why["rules"], strict=True):
                    assert translated["id"] == rule["id"] and translated["link"] == rule["link"]
                    assert translated["statement"] != rule["statement"]
                    assert translated["statement"] in spec_french(rule["id"])
                    seen["refusals"] += 1
        if seen["prompts"] and seen["refusals"] > 5:
            break
    assert seen["lines"] > 50 and seen["prompts"] and seen["refusals"] > 5, seen


def test_an_english_table_keeps_the_engine_s_own_words() -> None:
    """The French is added on a French table only: the English lines stay as the engine
    writes them (the transcripts and the terminal game read the same words)."""
    table = PlayTable()
    view = answer(table.new_game(setup("classic", seat=1)))
    assert view["log"] and all(line.startswith("seat ") for line in view["log"])
    assert view["whose_move"].startswith("seat 1 to ")


def test_an_unknown_language_is_one_error_naming_the_field() -> None:
    with pytest.raises(ValueError, match="language:"):
        PlayTable("de")


def test_the_catalogue_reader_agrees_with_babel() -> None:
    """millebornes.apps.french reads .po files itself (the browser has no babel): it finds
    the same current messages babel does, fuzzy and empty ones left out."""
    read = french.read_po((LOCALE / "engine.po").read_text(encoding="utf-8"))
    assert read == {(ctx, english): fr for ctx, english, fr in engine_catalogue()}
    sample = (
        'msgid "Done"\nmsgstr "Fait"\n\nmsgid "Empty"\nmsgstr ""\n\n#, fuzzy\nmsgid "Old"\n'
        'msgstr "Ancien"\n\nmsgctxt "item"\nmsgid "Two"\nmsgstr ""\n"Deux \\"lignes\\""\n'
    )
    assert french.read_po(sample) == {("", "Done"): "Fait", ("item", "Two"): 'Deux "lignes"'}


def test_every_french_engine_message_keeps_the_fields_of_its_english() -> None:
    changed = [
        english
        for _, english, fr in engine_catalogue()
        if sorted(FIELD.findall(english)) != sorted(FIELD.findall(fr))
    ]
    assert changed == []


def test_as_du_volant_moves_come_with_their_cars_routes() -> None:
    """Each log line that moved a car comes with the squares it went through: a route that
    follows the track (``next`` or, from its entry, the shortcut; a bonus square's main
    route after)."""
    table = PlayTable()
    view = answer(table.new_game(setup("as-du-volant", players=3, seat=2, seed=4)))
    rng = random.Random(4)
    routes = 0
    for _ in range(400):
        board = table._state().board
        for route in view["routes"]:
            line = view["log"][route["log"]]
            assert line.startswith(f"seat {route['seat']} moves with "), line
            squares = route["squares"]
            for here, there in itertools.pairwise(squares):
                square = board.squares[here]
                assert there in (square.next, square.shortcut), (here, there)
            routes += 1
        assert len({r["log"] for r in view["routes"]}) == len(view["routes"])
        if view["game_over"]:
            break
        view = answer(table.act(rng.choice(offered(view))))
    assert routes > 5
