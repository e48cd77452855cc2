"""The main job's demo: a seeded transcript with the edition's names and its score sheet."""

from __future__ import annotations

import contextlib
import io

import pytest

from millebornes.apps.cli import main
from millebornes.families.classic import Card, edition_ids, load_edition, new_match


def run_demo(*args: str) -> str:
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        assert main(["demo", *args]) == 0
    return out.getvalue()


@pytest.mark.parametrize("edition", edition_ids())
def test_demo_round_prints_transcript_and_score_sheet(edition: str) -> None:
    text = run_demo("--edition", edition, "--seed", "5")
    assert text == run_demo("--edition", edition, "--seed", "5"), "the demo is seeded"
    rules = load_edition(edition)
    assert f"{rules.title}: 2 players" in text
    assert "deals round 1" in text
    assert rules.names_fr[Card.ROLL] in text  # the edition's own card names
    sheet = text.split("score sheet ---\n", 1)[1].splitlines()
    assert sheet[0].split()[:3] == ["team", "distance", "safeties"]
    assert [row.split()[0] for row in sheet[1:3]] == ["0", "1"]
    assert sheet[3].startswith("round winner:")


def test_demo_plays_a_whole_match() -> None:
    text = run_demo("--players", "4", "--option", "goal_700", "--rounds", "0", "--seed", "2")
    assert "goal 700 km" in text
    assert "match over after" in text
    rounds = text.count("score sheet ---")
    assert f"match over after {rounds} rounds" in text
    assert new_match("classic", 4, ("goal_700",)).goal == 700
