"""The main job's demo: a seeded transcript with the edition's names and its score sheet."""

from __future__ import annotations

import contextlib
import io
import json

import pytest

import millebornes as mb
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


@pytest.mark.parametrize(
    ("edition", "players", "options"),
    [("fun-speed", 2, ()), ("fun-speed", 4, ()), ("as-du-volant", 3, ("points_5000",))],
)
def test_demo_of_a_whole_game_of_the_other_families(
    edition: str, players: int, options: tuple[str, ...]
) -> None:
    args = ["--edition", edition, "--players", str(players), "--seed", "3"]
    args += [word for name in options for word in ("--option", name)]
    text = run_demo(*args)
    assert text == run_demo(*args), "the demo is seeded"
    info = next(i for i in mb.editions() if i.id == edition)
    assert text.startswith(f"{info.title}: {players} players alone, goal ")
    assert "every seat is a greedy bot" in text
    assert "seat 0 draw pile" in text
    last = text.strip().splitlines()
    assert any(line.startswith("game over after ") for line in last)
    assert any(line.startswith("  winner: seat ") for line in last)
    if options:
        assert any(line.startswith("  points: seat 0 ") for line in last)


@pytest.mark.parametrize("edition", ["fun-speed", "as-du-volant"])
def test_demo_json_of_a_whole_game_replays_to_its_winners(edition: str) -> None:
    data = json.loads(run_demo("--edition", edition, "--seed", "8", "--json"))
    assert (data["edition"], data["family"], data["seed"]) == (edition, edition, 8)
    state = mb.new_game(edition, data["players"], data["options"], seed=8)
    for step in data["steps"]:
        action = mb.action_from_dict(state, step["action"])
        assert mb.describe_action(state, action) == step["says"]
        state = mb.apply(state, action)
    assert mb.actor(state) is None
    assert list(mb.winners(state)) == data["winners"] and data["winners"]
    assert mb.score(state) == data["score"]
