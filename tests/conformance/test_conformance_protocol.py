"""``millebornes serve`` speaks the protocol of spec/conformance/protocol.md, request by request."""

from __future__ import annotations

import io
import json
import subprocess
from dataclasses import replace
from typing import Any

import pytest
from conformance_support import SERVE, ask

from millebornes.conformance.canon import PROTOCOL_VERSION
from millebornes.conformance.server import Session, serve
from millebornes.families.classic import (
    Card,
    Phase,
    Tableau,
    load_edition,
    new_round,
    round_seed,
    shuffled,
    state_to_dict,
)
from millebornes.families.classic.position import position

ROLLING = Tableau(battle=(Card.ROLL,))


def deck(players: int = 2, seed: int = 5) -> list[str]:
    return [card.name for card in shuffled(load_edition("classic").playing_cards(players), seed)]


@pytest.mark.rules("PROTO-HELLO", "PROTO-FAMILIES")
def test_hello_names_the_engine_its_editions_and_capabilities() -> None:
    hello = ask(Session(), op="hello", protocol=PROTOCOL_VERSION)
    assert hello["engine"]["name"] == "millebornes-reference"
    assert "classic" in hello["editions"] and "fun-speed" not in hello["editions"]
    assert hello["capabilities"] == [
        "load_state",
        "shuffle",
        "family:fun-speed",
        "family:as-du-volant",
    ]
    no_load = ask(Session(load_state=False), op="hello", protocol=1)
    assert no_load["capabilities"] == ["shuffle", "family:fun-speed", "family:as-du-volant"]
    refused = ask(Session(), valid=False, op="hello", protocol=99)
    assert refused["error"]["kind"] == "unsupported"


@pytest.mark.rules("PROTO-FRAMING", "PROTO-ID", "PROTO-STOP", "PROTO-ERRORS")
def test_one_line_answers_each_line_until_stop() -> None:
    lines = [
        json.dumps({"id": 1, "op": "hello", "protocol": 1}),
        "this is not JSON",
        "",
        json.dumps({"id": "x", "op": "dance"}),
        json.dumps({"op": "legal"}),
        json.dumps({"id": 4, "op": "stop"}),
        json.dumps({"id": 5, "op": "hello", "protocol": 1}),
    ]
    out = io.BytesIO()
    assert serve(io.BytesIO(("\n".join(lines) + "\n").encode()), out) == 0
    answers = [json.loads(line) for line in out.getvalue().splitlines()]
    assert [a["id"] for a in answers] == [1, None, None, "x", None, 4]  # nothing after stop
    assert [a["ok"] for a in answers] == [True, False, False, False, False, True]
    kinds = [a["error"]["kind"] for a in answers[1:5]]
    assert kinds == ["malformed", "malformed", "unsupported", "malformed"]  # a blank line too


@pytest.mark.rules("PROTO-FRAMING", "PROTO-STOP")
def test_the_serve_command_exits_after_stop() -> None:
    requests = '{"id":1,"op":"hello","protocol":1}\n{"id":2,"op":"stop"}\n'
    done = subprocess.run(
        SERVE, input=requests, capture_output=True, text=True, timeout=60, check=False
    )
    assert done.returncode == 0, done.stderr
    assert [json.loads(line)["id"] for line in done.stdout.splitlines()] == [1, 2]


@pytest.mark.rules("PROTO-START", "PROTO-FORMATS", "SETUP-DEAL", "BOX-CONTENTS")
def test_start_deals_from_the_deck_or_refuses_it() -> None:
    session = Session()
    started = ask(session, op="start", edition="classic", players=2, options=[], deck=deck())
    cards = tuple(Card[name] for name in deck())
    assert started["state"] == state_to_dict(new_round("classic", 2, deck=cards))
    short = ask(session, op="start", edition="classic", players=2, options=[], deck=deck()[:-1])
    assert short == {"id": 7, "ok": True, "outcome": "rejected", "rules": ["BOX-CONTENTS"]}
    assert session.current is not None and state_to_dict(session.current) == started["state"]
    five = ask(session, op="start", edition="classic", players=5, options=[], deck=deck())
    assert five["error"]["kind"] == "malformed"
    joker = ask(session, op="start", edition="classic", players=2, options=[], deck=["JOKER"])
    assert joker["error"]["kind"] == "malformed"


@pytest.mark.rules("PROTO-APPLY", "PROTO-SESSION", "PROTO-LEGAL", "DIST-MAX-200")
def test_apply_moves_on_or_names_the_rules_and_keeps_the_state() -> None:
    state = position(
        hands={0: [Card.D200, Card.D25]},
        tableaus={0: Tableau(battle=(Card.ROLL,), distance=(Card.D200, Card.D200))},
        fill_hands=True,
    )
    as_json = state_to_dict(state)
    session = Session()
    third = {"type": "play", "seat": 0, "card": "D200", "target": 0}
    refused = ask(session, op="apply", state=as_json, action=third)
    assert (refused["outcome"], refused["rules"], refused["state"]) == (
        "rejected", ["DIST-MAX-200"], as_json
    )  # fmt: skip
    legal = ask(session, op="legal")  # the current state: the one just loaded
    assert {"type": "play", "seat": 0, "card": "D25", "target": 0} in legal["actions"]
    assert third not in legal["actions"]
    moved = ask(
        session,
        op="apply",
        action={"type": "play", "seat": 0, "card": "D25", "target": 0},
    )
    assert moved["outcome"] == "applied" and moved["state"]["tableaus"][0]["distance"][-1] == "D25"
    assert ask(session, op="legal")["actions"][0]["type"] == "draw"
    bad = ask(
        session,
        op="apply",
        action={"type": "play", "seat": 9, "card": "D25", "target": 0},
    )
    assert bad["error"]["kind"] == "malformed"


@pytest.mark.rules("PROTO-SESSION", "PROTO-ERRORS")
def test_a_state_needs_load_state_and_a_session_needs_a_state() -> None:
    no_load = Session(load_state=False)
    state = state_to_dict(new_round(seed=1))
    refused = ask(no_load, op="legal", state=state)
    assert refused["error"]["kind"] == "unsupported"
    assert ask(no_load, op="score")["error"]["kind"] == "no_state"
    broken = dict(state, hands=[[], []])
    assert ask(Session(), op="legal", state=broken)["error"]["kind"] == "malformed"


@pytest.mark.rules("PROTO-SCORE", "RUL-MATCH-TIE", "SCORE-DISTANCE")
def test_score_gives_the_sheet_item_by_item_and_the_match_winners() -> None:
    state = position(
        tableaus={0: Tableau(battle=(Card.ROLL,), distance=(Card.D100,)), 1: ROLLING},
        draw_pile=(),
        scores=(6000, 6000),
        phase=Phase.MATCH_OVER,
        actor=None,
        turn=0,
    )
    answer = ask(Session(), op="score", state=state_to_dict(state))
    line = answer["sheet"]["teams"][0]
    assert line["items"]["distance"] == 100 and line["items"]["shutout"] == 500
    assert line["total"] == sum(line["items"].values())
    assert answer["sheet"]["winner"] == 0
    assert answer["match_winners"] == [0, 1]


@pytest.mark.rules("PROTO-SHUFFLE", "SHUFFLE-MATCH-SEEDS")
def test_shuffle_is_the_portable_shuffle_of_a_round() -> None:
    answer = ask(Session(), op="shuffle", edition="classic", players=2, seed=41, round=3)
    box = load_edition("classic").playing_cards(2)
    assert answer["deck"] == [card.name for card in shuffled(box, round_seed(41, 3))]
    bad = ask(
        Session(),
        valid=False,
        op="shuffle",
        edition="classic",
        players=2,
        seed=-1,
        round=1,
    )
    assert bad["error"]["kind"] == "malformed"


@pytest.mark.rules("PROTO-ERRORS")
def test_an_internal_failure_is_answered_not_fatal(monkeypatch: pytest.MonkeyPatch) -> None:
    from millebornes.conformance.families import CLASSIC, FAMILIES  # noqa: PLC0415

    def boom(*args: Any) -> Any:
        raise RuntimeError("kaput")

    monkeypatch.setitem(FAMILIES, "classic", replace(CLASSIC, legal_actions=boom))
    session = Session()
    session.handle({"id": 1, "op": "start", "edition": "classic", "players": 2, "options": [],
                    "deck": deck()})  # fmt: skip
    answer = session.handle({"id": 2, "op": "legal"})
    assert answer["error"] == {"kind": "internal", "message": "RuntimeError: kaput"}
