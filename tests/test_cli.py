"""The command line: a bad value is one line naming the argument and a non-zero exit,
never a traceback; --help shows defaults without markup; --version; editions; --json."""

from __future__ import annotations

import contextlib
import io
import json
import subprocess
import sys
from pathlib import Path

import pytest

import millebornes as mb
from millebornes.apps.cli import main
from millebornes.families.classic import IllegalAction, MalformedInput, edition_ids, load_edition
from millebornes.families.classic.actions import Draw

BAD = [
    (["demo", "--edition", "nowhere"], "--edition", "nowhere"),
    (["demo", "--players", "0"], "--players", "not 0"),
    (["demo", "--players", "1"], "--players", "not 1"),
    (["demo", "--players", "5"], "--players", "not 5"),
    (["demo", "--players", "9"], "--players", "not 9"),
    (["demo", "--players", "two"], "--players", "two"),
    (["demo", "--option", "goal_900"], "--option", "goal_900"),
    (["demo", "--option", "goal_700"], "--option", "4 or 8 players only, not 2"),
    (["demo", "--players", "6", "--option", "goal_700"], "--option", "not 6"),
    (["demo", "--edition", "allonge", "--players", "4", "--option", "goal_700"], "--option", ""),
    (["demo", "--seed", "-3"], "--seed", "-3 is out of range"),
    (["demo", "--seed", str(2**64)], "--seed", str(2**64)),
    (["demo", "--seed", "1e3"], "--seed", "'1e3'"),
    (["demo", "--rounds", "-1"], "--rounds", "-1 is negative"),
    (["demo", "--unknown"], "--unknown", ""),
    (["editions", "--players", "2"], "--players", ""),
    (["nothing"], "nothing", ""),
    ([], "COMMAND", ""),
    (["simulate", "--bots", "greedy,clever"], "--bots", "clever"),
    (["simulate", "--bots", "greedy,random,random"], "--bots", "3 bots for 2 seats"),
    (["simulate", "--rounds", "0"], "--rounds", "0 is too few: give 1 or more"),
    (["simulate", "--rounds", "-3"], "--rounds", "-3 is negative: give 1 or more"),
    (["simulate", "--edition", "fun-speed", "--rounds", "3"], "--rounds", "--games"),
    (["simulate", "--edition", "as-du-volant", "--matches", "3"], "--matches", "--games"),
    (["demo", "--edition", "fun-speed", "--players", "7"], "--players", "not 7"),
    (["demo", "--edition", "fun-speed", "--option", "race"], "--option", "no option"),
    (["demo", "--edition", "as-du-volant", "--option", "goal_9"], "--option", "goal_9"),
    (
        ["demo", "--edition", "as-du-volant", "--players", "4", "--option", "goal_700"],
        "--option",
        "goal_700",
    ),
    (["simulate", "--rounds", "3", "--matches", "2"], "--matches", ""),
    (["simulate", "--workers", "0"], "--workers", ""),
    (["simulate", "--chunk", "-2"], "--chunk", "-2"),
    (["simulate", "--players", "5"], "--players", "not 5"),
    (["simulate", "--rounds", "1", "--scheduler", "no port"], "--scheduler", "'no port'"),
]


def run_main(args: list[str]) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        try:
            status = main(args)
        except SystemExit as leaving:
            status = leaving.code if isinstance(leaving.code, int) else 1
    return status, out.getvalue(), err.getvalue()


@pytest.mark.parametrize(("args", "argument", "detail"), BAD, ids=str)
def test_a_bad_value_is_one_line_naming_the_argument(
    args: list[str], argument: str, detail: str
) -> None:
    status, out, err = run_main(args)
    assert status == 2
    assert out == ""
    lines = err.splitlines()
    assert len(lines) == 1, err
    assert "error" in lines[0] and argument in lines[0] and detail in lines[0]
    assert "Traceback" not in err


@pytest.mark.parametrize(
    "args", [["demo", "--seed", "-3"], ["demo", "--players", "5"], ["frobnicate"]]
)
def test_the_installed_command_prints_no_traceback(args: list[str]) -> None:
    done = subprocess.run(
        [sys.executable, "-m", "millebornes.apps.cli", *args],
        capture_output=True,
        text=True,
        check=False,
    )
    assert done.returncode == 2
    assert done.stdout == ""
    assert len(done.stderr.splitlines()) == 1, done.stderr
    assert "Traceback" not in done.stderr


@pytest.mark.parametrize(
    "error",
    [MalformedInput("state.hands: expected a list"), IllegalAction(Draw(0), ("TURN-DRAW",))],
)
def test_an_engine_error_from_any_subcommand_is_one_line(
    monkeypatch: pytest.MonkeyPatch, error: Exception
) -> None:
    def refuse(*_: object) -> int:
        raise error

    monkeypatch.setattr("millebornes.apps.cli.dispatch", refuse)
    status, _, err = run_main(["serve"])
    assert status == 1
    assert err.splitlines() == [f"millebornes: error: {error}"]


@pytest.mark.parametrize("option", ["--csv", "--plot"])
def test_an_output_path_that_cannot_be_written_is_refused_before_the_games(
    tmp_path: Path, option: str
) -> None:
    blocker = tmp_path / "a file"
    blocker.write_text("")
    target = tmp_path / "missing" / "rounds.csv" if option == "--csv" else blocker / "plots"
    # A million rounds would take hours: the refusal comes before any of them.
    args = ["simulate", "--rounds", "1000000", "--quiet", option, str(target)]
    status, out, err = run_main(args)
    assert status == 2 and out == ""
    assert len(err.splitlines()) == 1 and str(target) in err
    assert err.startswith(f"millebornes simulate: error: argument {option}: cannot write")


@pytest.mark.parametrize(
    "command", [[], ["demo"], ["editions"], ["simulate"], ["serve"], ["conformance", "run"]]
)
def test_help_shows_defaults_and_no_markup(command: list[str]) -> None:
    status, text, _ = run_main([*command, "--help"])
    assert status == 0
    out = " ".join(text.split())  # help wraps lines anywhere
    assert "``" not in out and ":mod:" not in out
    assert "(default: None)" not in out and "(default: False)" not in out
    if command in (["demo"], ["simulate"]):
        assert "(default: classic)" in out and "(default: 2)" in out


def test_version() -> None:
    status, out, _ = run_main(["--version"])
    assert status == 0
    assert out.split()[0] == "millebornes" and out.split()[1][0].isdigit()


def test_editions_lists_seats_options_and_goals() -> None:
    status, out, _ = run_main(["editions"])
    assert status == 0
    for edition in edition_ids():
        assert f"{edition}: {load_edition(edition).title}" in out
    for info in mb.editions():
        assert f"{info.id}: {info.title}" in out
    volant = out.split("as-du-volant:", 1)[1]
    assert "family as-du-volant" in volant and "board: default" in volant
    assert "goal_700, accelerated, points_5000, bonus, small_deck" in volant
    speed = out.split("fun-speed:", 1)[1].split("\n\n", 1)[0]
    assert "4  4 alone         700 km" in speed and "options: none" in speed
    allonge = out.split("allonge:", 1)[1].split("\n\n", 1)[0]
    rows = {line.split()[0]: line for line in allonge.splitlines()[2:] if line.split()[0].isdigit()}
    assert "700 km" in rows["2"] and "1000 km" in rows["4"] and "teams of 2" in rows["6"]
    assert "goal_700: 700 km" in out.split("classic:", 1)[1]


def test_editions_json_matches_the_edition_data() -> None:
    status, out, _ = run_main(["editions", "--json"])
    assert status == 0
    listed = json.loads(out)
    assert [item["id"] for item in listed] == [info.id for info in mb.editions()]
    assert len(listed) == 6
    data = {item["id"]: item for item in listed}
    for info in mb.editions():
        item = data[info.id]
        assert (item["family"], item["title"], item["board"]) == (
            info.family,
            info.title,
            info.board,
        )
        assert [row["players"] for row in item["seats"]] == list(info.seat_counts)
        assert list(item["options"]) == list(info.options)
    assert data["as-du-volant"]["seats"][0]["goal_with_option"] == {"goal_700": 700}
    for edition in edition_ids():
        item = data[edition]
        rules = load_edition(edition)
        assert [row["players"] for row in item["seats"]] == list(rules.seat_counts)
        for row in item["seats"]:
            assert row["goal"] == rules.goal_for(row["players"], ())
            assert row["teams"] == rules.teams_by_seats[row["players"]]
    classic = {row["players"]: row for row in data["classic"]["seats"]}
    assert classic[4]["goal_with_option"] == {"goal_700": 700}
    assert classic[2]["goal_with_option"] == {}
    assert data["allonge"]["extension_goal"] == 1000
    race = data["classic"]["options"]["race"]  # MATCH-RACE-END: 3 rounds to win
    assert race["match_target"] == 3
    assert race["switches"] == {"SW-PLAIN-RACE": True}
    assert race["goal"] is None
    assert "race" not in data["allonge"]["options"]


def test_demo_json_replays_to_the_same_score() -> None:
    from millebornes.families.classic import action_from_dict, apply, new_match  # noqa: PLC0415

    status, out, _ = run_main(["demo", "--json", "--seed", "9", "--players", "3"])
    assert status == 0
    data = json.loads(out)
    assert (data["edition"], data["players"], data["seed"]) == ("classic", 3, 9)
    state = new_match("classic", 3)
    for step in data["rounds"][0]["steps"]:
        state = apply(state, action_from_dict(step["action"]))
    assert list(state.scores) == data["rounds"][0]["scores_after"] == data["scores"]
    sheet = data["rounds"][0]["score_sheet"]
    assert [line["total"] for line in sheet] == data["scores"]
    assert data["match_over"] is False and data["winners"] == []


def test_demo_text_reads_like_a_sentence() -> None:
    status, out, _ = run_main(
        ["demo", "--seed", "4", "--players", "4", "--option", "goal_700", "--rounds", "0"]
    )
    assert status == 0
    assert "«" in out and "((" not in out and "))" not in out
    last = out.strip().splitlines()[-1]
    assert last.startswith("match over after ") and " points" in last
    assert "winner(s)" not in out and "(2,)" not in out
    headings = [line for line in out.splitlines() if line.startswith("team ") and "match" in line]
    assert headings and all("_" not in line for line in headings)
    assert "coups-fourrés" in headings[0]
