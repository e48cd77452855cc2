"""The live page's engine side (millebornes.apps.live), run here in CPython: what the page
shows, moves judged with the rule IDs they break, the greedy bot's turns, a pasted
state or transcript, and one clear error for any bad input."""

from __future__ import annotations

import json
from typing import Any

import pytest

from millebornes.apps.live import Table, editions
from millebornes.apps.record import Header, action_line, header_line
from millebornes.core.shuffle import round_seed
from millebornes.families.classic import Draw, Play, legal_actions, new_round
from millebornes.families.classic.cards import Card
from millebornes.families.classic.deal import deal_from_seed
from millebornes.families.classic.engine import new_match
from millebornes.families.classic.serialize import from_json, to_json

SEED = 7
"""Classic, two seats: seat 1 acts first and holds a 200 km card while not rolling."""


def answer(text: str) -> dict[str, Any]:
    parsed: dict[str, Any] = json.loads(text)
    return parsed


def started(against_bot: bool = False) -> tuple[Table, dict[str, Any]]:
    table = Table()
    return table, answer(table.start("classic", 2, SEED, against_bot))


def test_editions_offer_their_seat_counts() -> None:
    found = {entry["id"]: entry for entry in json.loads(editions())}
    assert found["classic"]["players"] == [2, 3, 4, 6, 8]
    assert set(found) == {"classic", "cars", "asterix", "allonge"}


def test_a_seeded_deal_shows_the_state_the_engine_deals() -> None:
    _, view = started()
    expected = new_round("classic", 2, seed=round_seed(SEED, 1))
    assert from_json(view["state"]) == expected
    assert view["moves_made"] == ["seat 0 deals round 1"]
    assert [move["action"] for move in view["legal_moves"]] == [{"type": "draw", "seat": 1}]
    assert view["your_turn"] and "seat 1 to draw" in view["whose_move"]


def test_a_picked_move_is_made() -> None:
    table, _ = started()
    view = answer(table.pick(0))
    assert view["legal"] is True
    assert view["moves_made"][0].startswith("seat 1 draws")
    state = from_json(view["state"])
    assert state.actor == 1 and len(state.hands[1]) == 7


@pytest.mark.rules("DIST-ROLLING")
def test_an_illegal_move_names_the_rules_it_breaks_and_changes_nothing() -> None:
    table, _ = started()
    before = answer(table.pick(0))
    assert Card.D200 in from_json(before["state"]).hands[1]
    refused = answer(table.try_move("play D200"))
    assert refused["legal"] is False
    assert refused["rules"][0]["id"] == "DIST-ROLLING"
    assert refused["rules"][0]["link"] == "id/DIST-ROLLING.html"
    assert "rolling" in refused["rules"][0]["statement"]
    assert refused["state"] == before["state"]


def test_a_move_typed_as_json_is_judged_like_one_typed_by_name() -> None:
    table, _ = started()
    table.pick(0)
    action = '{"type": "play", "seat": 1, "card": "D200", "target": 1}'
    assert [r["id"] for r in answer(table.try_move(action))["rules"]] == ["DIST-ROLLING"]


def test_against_the_bot_the_reader_plays_seat_zero() -> None:
    table, view = started(against_bot=True)
    state = from_json(view["state"])
    assert state.actor == 0 and view["your_turn"]
    assert any(text.startswith("seat 1 ") for text in view["moves_made"]), "the bot moved"
    assert "seat 1 draws a card" in view["moves_made"], "the bot's draw stays secret"
    before = len(view["moves_made"])
    view = answer(table.pick(len(view["legal_moves"]) - 1))
    assert view["legal"] and from_json(view["state"]).actor == 0
    assert len(view["moves_made"]) > before - 1


def test_a_round_against_the_bot_plays_to_its_score_sheet() -> None:
    table, view = started(against_bot=True)
    for _ in range(500):
        if view["round_over"]:
            break
        view = answer(table.pick(0))
    assert view["round_over"] and view["score_sheet"] and view["legal_moves"] == []
    view = answer(table.next_round())
    assert from_json(view["state"]).round_number == 2


def test_a_pasted_state_is_played_from() -> None:
    state = new_round("classic", 2, seed=5)
    table = Table()
    view = answer(table.load(to_json(state)))
    assert [m["action"] for m in view["legal_moves"]] == [{"type": "draw", "seat": 1}]


def transcript(*actions: str) -> str:
    start = new_match("classic", 2)
    deal = deal_from_seed(start, round_seed(SEED, 1))
    lines = [header_line(Header("classic", 2, seed=SEED)), action_line(deal), *actions]
    return "\n".join(lines) + "\n"


def test_a_pasted_transcript_is_refereed() -> None:
    table = Table()
    legal = answer(table.referee(transcript(action_line(Draw(1)))))
    assert legal["verdict"]["verdict"] == "legal" and legal["verdict"]["legal_moves"] == 2
    illegal = answer(
        table.referee(transcript(action_line(Draw(1)), action_line(Play(1, Card.D200, 1))))
    )
    verdict = illegal["verdict"]
    assert verdict["verdict"] == "illegal" and verdict["line"] == 4
    assert [rule["id"] for rule in verdict["rules"]] == ["DIST-ROLLING"]
    assert "200 km" in verdict["move"]
    state = from_json(illegal["state"])
    assert legal_actions(state)[0].seat == 1, "the position before the illegal move"


@pytest.mark.parametrize(
    ("call", "message"),
    [
        (lambda t: t.pick(0), "no game yet"),
        (lambda t: t.start("nosuch", 2, 1, False), "nosuch"),
        (lambda t: t.start("classic", 5, 1, False), "5"),
        (lambda t: t.start("classic", 2, -1, False), "seed"),
        (lambda t: t.load("{not json"), "JSON"),
        (lambda t: t.load('{"format": "millebornes-state/1"}'), "edition"),
        (lambda t: t.referee('{"format": "nosuch"}\n'), "line 1"),
    ],
)
def test_bad_input_is_one_clear_error(call: Any, message: str) -> None:
    found = answer(call(Table()))
    assert set(found) == {"error"} and message in found["error"], found


def test_bad_moves_are_one_clear_error() -> None:
    table, _ = started()
    for text, message in [
        ("", "type a move"),
        ("fly", "not a move"),
        ("play NOSUCH", "unknown card"),
        ("{", "JSON"),
    ]:
        found = answer(table.try_move(text))
        assert set(found) == {"error"} and message in found["error"], (text, found)
    assert "choose 1 to 1" in answer(table.pick(3))["error"]
    assert "not over" in answer(table.next_round())["error"]
