"""The live page's engine side (millebornes.apps.live), run here in CPython: what the page
shows, moves judged with the rule IDs they break, the greedy bot's turns, a pasted
state or transcript, and one clear error for any bad input — in every rule family (the
classic family, Fun & Speed, As du Volant)."""

from __future__ import annotations

import json
from typing import Any

import pytest

import millebornes
from millebornes.apps.live import Table, editions
from millebornes.apps.record import Header, action_line, dealt_deck, header_line
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


def test_editions_offer_every_rule_set_with_its_seat_counts_and_options() -> None:
    found = {entry["id"]: entry for entry in json.loads(editions())}
    assert set(found) == {info.id for info in millebornes.editions()}
    assert set(found) == {"classic", "cars", "asterix", "allonge", "fun-speed", "as-du-volant"}
    assert found["classic"]["players"] == [2, 3, 4, 6, 8]
    assert found["classic"]["seats"][3] == {"players": 6, "teams": 3, "goal": 1000}
    assert found["fun-speed"]["players"] == [2, 3, 4]
    assert found["fun-speed"]["family"] == "fun-speed" and found["fun-speed"]["options"] == []
    assert "goal_700" in found["as-du-volant"]["options"]
    assert found["as-du-volant"]["title"] == "Mille Bornes As du Volant"


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
    state = table.state
    assert state is not None and state.actor == 0 and view["your_turn"]
    assert view["state"] is None, "the state holds the bot's hand: not given to the page"
    assert any(text.startswith("seat 1 ") for text in view["moves_made"]), "the bot moved"
    assert "seat 1 draws a card" in view["moves_made"], "the bot's draw stays secret"
    before = len(view["moves_made"])
    view = answer(table.pick(len(view["legal_moves"]) - 1))
    assert view["legal"] and millebornes.actor(table.state) == 0
    assert len(view["moves_made"]) > before - 1


def test_a_round_against_the_bot_plays_to_its_score_sheet() -> None:
    table, view = started(against_bot=True)
    for _ in range(500):
        if view["round_over"]:
            break
        view = answer(table.pick(0))
    assert view["round_over"] and view["score_sheet"] and view["legal_moves"] == []
    view = answer(table.next_round())
    assert getattr(table.state, "round_number", None) == 2 and view["legal_moves"]


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


def test_a_listed_classic_draw_never_names_the_card_it_would_draw() -> None:
    _, view = started()
    assert [move["text"] for move in view["legal_moves"]] == ["seat 1 draws a card"]


# --- Fun & Speed and As du Volant -------------------------------------------------------

FAMILIES = [
    # edition, the rule a second draw breaks, a move made after the draw
    ("fun-speed", "FS-DRAW", "lays the Borne"),
    ("as-du-volant", "AV-DRAW", "moves with"),
]


@pytest.mark.parametrize(("edition", "rule", "made"), FAMILIES)
def test_a_game_of_the_other_families_is_dealt_listed_tried_and_played(
    edition: str, rule: str, made: str
) -> None:
    table = Table()
    view = answer(table.start(edition, 2, SEED, False))
    assert view["family"] == edition
    assert millebornes.from_json(view["state"]) == millebornes.new_game(edition, 2, seed=SEED)
    assert [move["text"] for move in view["legal_moves"]] == ["seat 0 draws a card"]
    assert view["your_turn"] and "seat 0 to draw" in view["whose_move"]
    assert view["table"][0].startswith("Mille Bornes") and "goal 1000 km" in view["table"][0]
    assert view["table"][-1].startswith("  your hand (seat 0): ")
    drawn = answer(table.pick(0))
    assert drawn["legal"] is True and drawn["moves_made"][0].startswith("seat 0 draws ")
    refused = answer(table.try_move("draw"))
    assert refused["legal"] is False and refused["move"] == "seat 0 draws a card"
    assert [r["id"] for r in refused["rules"]] == [rule]
    assert refused["rules"][0]["link"] == f"id/{rule}.html" and refused["rules"][0]["statement"]
    assert refused["state"] == drawn["state"], "nothing changed"
    as_json = answer(table.try_move('{"type": "draw_pile", "seat": 0}'))
    assert [r["id"] for r in as_json["rules"]] == [rule]
    index = next(i for i, m in enumerate(drawn["legal_moves"]) if made in m["text"])
    played = answer(table.pick(index))
    assert played["legal"] is True and made in played["moves_made"][0]
    assert played["state"] != drawn["state"]


@pytest.mark.parametrize(("edition", "rule", "made"), FAMILIES)
def test_the_other_families_play_against_the_bot_to_the_end(
    edition: str, rule: str, made: str
) -> None:
    table = Table()
    view = answer(table.start(edition, 3, SEED, True))
    assert view["state"] is None and view["your_turn"]
    for _ in range(5000):  # Fun & Speed asks every seat in each Hold Up window
        if view["game_over"]:
            break
        hands = [line for line in view["table"] if "hand (" in line]
        assert hands == [hands[0]] and hands[0].startswith("  your hand (seat 0)"), view["table"]
        assert not any(
            "draws" in text and "a card" not in text and not text.startswith("seat 0")
            for text in view["moves_made"]
        ), "another seat's draw stays a card"
        pick = (
            answer(table.pick(len(view["legal_moves"]) - 1))
            if view["legal_moves"]
            else answer(table.try_move("pass"))
        )
        view = answer(table.choose(0)) if pick.get("choose") else pick
        assert "error" not in view, view
    assert view["game_over"] and view["score_sheet"][0].startswith("game over"), view["score_sheet"]
    assert view["legal_moves"] == [] and not view["round_over"]
    assert "one game" in answer(table.next_round())["error"]


def test_the_police_is_listed_once_and_its_cards_chosen_after() -> None:
    table = Table()
    answer(table.start("fun-speed", 3, 6, False))
    view = answer(table.pick(0))
    police = [i for i, move in enumerate(view["legal_moves"]) if move["action"] is None]
    assert police and "Police" in view["legal_moves"][police[0]]["text"]
    asked = answer(table.pick(police[0]))
    assert asked["choose"]["text"].startswith("seat 1's hand: ") and asked["moves_made"] == []
    assert asked["state"] == view["state"], "nothing made before the cards are chosen"
    typed = answer(table.try_move("police 1"))
    assert typed["choose"] == asked["choose"]
    done = answer(table.choose(0))
    assert done["legal"] and done["moves_made"][0] == asked["choose"]["moves"][0]
    assert done["choose"] is None
    assert "no move is waiting" in answer(table.choose(0))["error"]


def test_options_are_passed_to_the_game() -> None:
    table = Table()
    view = answer(table.start("as-du-volant", 2, SEED, False, "goal_700"))
    assert "goal 700 km" in view["table"][0]
    assert "option" in answer(table.start("fun-speed", 2, SEED, False, "nosuch"))["error"]


def other_transcript(edition: str, *actions: str) -> str:
    deck = dealt_deck(edition, 2, SEED)
    lines = [header_line(Header(edition, 2, seed=SEED, deck=deck)), *actions]
    return "\n".join(lines) + "\n"


@pytest.mark.parametrize(("edition", "rule", "made"), FAMILIES)
def test_a_pasted_transcript_of_the_other_families_is_refereed(
    edition: str, rule: str, made: str
) -> None:
    draw = '{"seat":0,"type":"draw_pile"}'
    table = Table()
    legal = answer(table.referee(other_transcript(edition, draw)))
    assert legal["verdict"]["verdict"] == "legal" and legal["verdict"]["legal_moves"] == 1
    assert legal["verdict"]["family"] == edition
    illegal = answer(table.referee(other_transcript(edition, draw, draw)))
    verdict = illegal["verdict"]
    assert verdict["verdict"] == "illegal" and verdict["line"] == 3
    assert [r["id"] for r in verdict["rules"]] == [rule]
    assert verdict["move"] == "seat 0 draws a card"
    assert illegal["state"] == legal["state"], "the position before the illegal move"
    assert illegal["legal_moves"], "the reader may play on from there"


@pytest.mark.parametrize("edition", ["fun-speed", "as-du-volant"])
def test_a_pasted_state_of_the_other_families_is_played_from(edition: str) -> None:
    state = millebornes.new_game(edition, 2, seed=3)
    view = answer(Table().load(millebornes.to_json(state)))
    assert view["family"] == edition and view["legal_moves"][0]["text"] == "seat 0 draws a card"
