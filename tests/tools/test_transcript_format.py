"""The transcript format (spec/transcript.md): one validating reader, an exact writer,
and the conformance suite's traces read as transcripts."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from transcript_support import TRACES, first_round, parse, trace_case, transcript_of_trace

from millebornes.apps.record import (
    TRANSCRIPT_FORMAT,
    Header,
    action_line,
    header_line,
    read_transcript,
    transcript_text,
)
from millebornes.apps.referee import referee, verdict_to_dict
from millebornes.families.classic import Draw, MalformedInput, Play, state_from_dict
from millebornes.families.classic.cards import Card


@pytest.mark.parametrize("path", TRACES, ids=lambda p: p.stem)
def test_every_conformance_trace_referees_as_legal_with_its_expected_end(path: Path) -> None:
    case = trace_case(path)
    verdict = referee(parse(transcript_of_trace(case)))
    assert verdict.illegal is None
    assert verdict.actions == len(case["input"]["actions"]) + 1
    assert verdict.final == state_from_dict(case["expected"]["final_state"])
    last = verdict_to_dict(verdict)["rounds"][-1]
    assert {"winner": last["winner"], "teams": last["teams"]} == case["expected"]["score"]["sheet"]
    assert verdict_to_dict(verdict)["match_winners"] == case["expected"]["score"]["match_winners"]


def test_writing_what_was_read_gives_the_same_text() -> None:
    lines = transcript_of_trace(trace_case(TRACES[0]))
    transcript = read_transcript(lines)
    assert transcript_text(transcript) == "\n".join(lines) + "\n"
    assert read_transcript(transcript_text(transcript).splitlines()) == transcript
    assert json.loads(lines[0])["format"] == TRANSCRIPT_FORMAT


def test_optional_fields_notes_spacing_and_blank_lines_are_read() -> None:
    header = Header("classic", 4, ("goal_700",), 9, ("human", "random", "random", "random"), "x")
    lines = [
        header_line(header),
        "",
        action_line(Draw(1), note="a bot's reason"),
        '{ "type" : "play", "target": 1, "seat": 1, "card": "ROLL" }',
    ]
    transcript = read_transcript(lines)
    assert transcript.header == header
    assert [(e.line, e.action, e.note) for e in transcript.entries] == [
        (3, Draw(1), "a bot's reason"),
        (4, Play(1, Card.ROLL, 1), None),
    ]


HEADER = header_line(Header("classic", 2))
DRAW = '{"seat":1,"type":"draw"}'


@pytest.mark.parametrize(
    ("lines", "message"),
    [
        ([], "line 1: the transcript is empty"),
        (["[1, 2]"], "line 1: expected a JSON object, got list"),
        (["{not json"], "line 1: not JSON"),
        ([HEADER.replace("/1", "/9")], "line 1: header.format"),
        ([HEADER.replace('"options":[],', "")], "line 1: header: missing ['options']"),
        ([HEADER.replace('"players":2', '"players":"2"')], "line 1: header.players"),
        ([HEADER.replace('"players":2', '"players":5')], "line 1: header: SEAT-COUNTS"),
        ([HEADER.replace('"classic"', '"chess"')], "line 1: header.edition: unknown edition"),
        ([HEADER.replace("[]", '["goal_700"]')], "line 1: header: option 'goal_700'"),
        ([HEADER.replace("{", '{"seed":-1,')], "line 1: header.seed"),
        ([HEADER.replace("{", '{"seats":["human"],')], "line 1: header.seats"),
        (
            [HEADER.replace("{", '{"colour":1,')],
            "line 1: header: missing [] / unexpected ['colour']",
        ),
        (["", HEADER], "line 2: the header must be the first line"),
        ([HEADER, DRAW, '{"seat":1,"type":"fly"}'], "line 3: action.type: unknown action type"),
        (
            [HEADER, '{"card":"D300","seat":1,"type":"discard"}'],
            "line 2: action.card: unknown card",
        ),
        ([HEADER, '{"seat":2,"type":"draw"}'], "line 2: seat 2 does not exist"),
        ([HEADER, '{"card":"STOP","seat":0,"target":3,"type":"play"}'], "line 2: team 3"),
        ([HEADER, '{"seat":0,"type":"draw","card":"STOP"}'], "line 2: action: missing [] / unexp"),
        ([HEADER, '{"seat":0,"type":"draw","note":3}'], "line 2: action.note"),
        ([HEADER, "3"], "line 2: expected a JSON object, got int"),
    ],
)
def test_every_malformed_line_names_its_number_and_field(lines: list[str], message: str) -> None:
    with pytest.raises(MalformedInput) as caught:
        read_transcript(lines)
    assert str(caught.value).startswith(message), str(caught.value)


@pytest.mark.rules("TURN-ACTOR", "DIST-ROLLING", "CARD-IN-HAND")
def test_the_first_illegal_move_is_found_at_its_line_with_its_rules() -> None:
    lines = first_round(5)
    # Seat 1 plays first after seat 0 deals: seat 0 drawing is out of turn (line 3).
    verdict = referee(parse([*lines, '{"seat":0,"type":"draw"}', DRAW]))
    assert verdict.illegal is not None
    assert verdict.illegal.line == 3
    assert [r.rule_id for r in verdict.illegal.why.reasons] == ["TURN-ACTOR"]
    assert verdict.actions == 1
    # After the draw, a 200 km card before any Roll: not rolling, and not in hand.
    transcript = parse([*lines, DRAW, '{"card":"D200","seat":1,"target":1,"type":"play"}'])
    illegal = referee(transcript).illegal
    assert illegal is not None and illegal.line == 4
    hand = illegal.why.state.hands[1]
    expected = ["DIST-ROLLING"] if Card.D200 in hand else ["CARD-IN-HAND", "DIST-ROLLING"]
    assert [r.rule_id for r in illegal.why.reasons] == expected


@pytest.mark.rules("BOX-CONTENTS")
def test_a_deck_that_is_not_the_box_is_an_illegal_deal() -> None:
    deal = json.loads(first_round(5)[1])
    deal["deck"] = deal["deck"][1:]
    verdict = referee(parse([first_round(5)[0], json.dumps(deal)]))
    assert verdict.illegal is not None and verdict.illegal.line == 2
    assert "BOX-CONTENTS" in [r.rule_id for r in verdict.illegal.why.reasons]
