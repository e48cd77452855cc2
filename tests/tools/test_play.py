"""``millebornes play``: scripted sessions (piped stdin, fixed seed), refused moves
explained and undone, quitting, and arguments refused in one line."""

from __future__ import annotations

import io
import json
from pathlib import Path

import pytest
from transcript_support import cli

from millebornes.apps.play import Game, Session, parse_move
from millebornes.apps.play_commands import DEFAULT_BOT
from millebornes.apps.record import Header, TranscriptWriter, read_transcript
from millebornes.apps.referee import referee, statement
from millebornes.apps.roster import make_bot
from millebornes.core.shuffle import SplitMix64
from millebornes.families.classic import (
    Card,
    CoupFourre,
    Discard,
    Draw,
    Extension,
    MalformedInput,
    Play,
)
from millebornes.families.classic.edition import edition_ids, load_edition
from millebornes.families.classic.engine import new_match
from millebornes.families.classic.state import Phase


class Played(Session):
    """A session run in memory: its input, output and transcript are strings."""

    def __init__(
        self, script: str, players: int, seat: int, rounds: int | None, edition: str = "classic"
    ) -> None:
        bots = {s: make_bot("random", 100 + s) for s in range(players) if s != seat}
        game = Game(edition, players, (), 7, seat, bots, rounds)
        self.output = io.StringIO()
        self.record = io.StringIO()
        writer = TranscriptWriter(self.record, Header(edition, players, (), 7))
        super().__init__(game, io.StringIO(script), self.output, writer)


def session(script: str, *, players: int = 2, seat: int = 0, rounds: int | None = 1) -> Played:
    played = Played(script, players, seat, rounds)
    played.run()
    return played


def output(played: Played) -> str:
    return played.output.getvalue()


def transcript_lines(played: Played) -> list[str]:
    return played.record.getvalue().splitlines()


@pytest.mark.rules("DIST-ROLLING")
def test_scripted_session_via_the_command_line(tmp_path: Path) -> None:
    """The whole program as a user runs it: refused moves explained, a round played to its
    score sheet, and a transcript that the referee finds legal."""
    path = tmp_path / "game.jsonl"
    script = "play D200\nhelp\n99\nfoo\n" + "1\n" * 600
    argv = ["play", "--seed", "7", "--bots", "random", "--transcript", str(path)]
    result = cli(*argv, stdin=script)
    assert result.returncode == 0, result.stderr
    assert result.stderr == ""
    out = result.stdout
    assert out == cli(*argv, stdin=script).stdout, "a seeded session is reproducible"
    assert out.startswith("1000 Bornes (Dujardin, classic): 2 players, 2 teams, seed 7\n")
    assert "your hand (seat 0): " in out and "   1. seat 0 " in out
    assert "refused: seat 0 plays 200 km" in out
    assert f"  DIST-ROLLING: {statement('DIST-ROLLING')}" in out
    assert "docs/_build/html/id/DIST-ROLLING.html" in out
    assert "nothing changed; choose again" in out
    assert "no move 99: choose 1 to " in out and "not a move: 'foo'" in out
    assert "--- round 1 over: score sheet ---" in out
    assert out.rstrip().endswith(f"transcript written to {path}")
    header = json.loads(path.read_text(encoding="utf-8").splitlines()[0])
    assert header["seed"] == 7 and header["seats"] == ["human", "random"]
    checked = cli("referee", str(path))
    assert checked.returncode == 0, checked.stdout
    assert "every move is legal" in checked.stdout


@pytest.mark.rules("TURN-ACTOR", "CARD-IN-HAND")
def test_a_refused_move_leaves_the_state_unchanged() -> None:
    probe = session("q\n")
    before = probe.state  # the human's first decision, after the deal and the bot's turn
    assert before.actor == 0 and before.phase is Phase.PLAY
    absent = next(card for card in Card if card not in before.hands[0] and card is not Card.MEMO)
    played = session(f"discard {absent.name}\nq\n")
    assert played.state == before
    assert "breaks CARD-IN-HAND" in output(played)
    assert transcript_lines(played) == transcript_lines(probe)


def test_quit_and_end_of_input_keep_the_transcript_so_far() -> None:
    for script, said in (("1\n1\nq\n", "you left the game"), ("1\n", "end of input: quitting")):
        played = session(script)
        assert said in output(played) and "Traceback" not in output(played)
        transcript = read_transcript(transcript_lines(played))
        assert referee(transcript).illegal is None
        assert referee(transcript).final == played.state


def test_a_whole_six_player_match_from_seat_two() -> None:
    played = session("1\n" * 20000, players=6, seat=2, rounds=None)
    assert played.state.phase is Phase.MATCH_OVER
    assert "match over; winning teams: " in output(played)
    assert "(seats 2, 5)  <- you" in output(played)
    verdict = referee(read_transcript(transcript_lines(played)))
    assert verdict.illegal is None and verdict.final == played.state


def test_moves_by_name() -> None:
    state = new_match("classic", 3)
    assert parse_move("play 100", state, 1) == Play(1, Card.D100, 1)
    assert parse_move("PLAY speed-limit 2", state, 1) == Play(1, Card.SPEED_LIMIT, 2)
    assert parse_move("discard stop", state, 0) == Discard(0, Card.STOP)
    assert parse_move("draw", state, 2) == Draw(2)
    assert parse_move("cf driving_ace", state, 0) == CoupFourre(0, Card.DRIVING_ACE)
    assert parse_move("extend", state, 0) == Extension(0, True)
    assert parse_move("stop", state, 0) == Extension(0, False)
    for text, message in (
        ("play STOP", "say which team: play STOP 0"),
        ("play STOP 3", "no team '3'"),
        ("play D300", "unknown card 'D300'"),
        ("cf", "no hazard to answer"),
        ("jump", "not a move: 'jump'"),
    ):
        with pytest.raises(MalformedInput, match=message):
            parse_move(text, state, 1)


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--edition", "chess"], "--edition: unknown edition 'chess'"),
        (["--players", "5"], "SEAT-COUNTS"),
        (["--option", "goal_700"], "argument --option: goal_700 is played by 4 or 8"),
        (["--seat", "2"], "--seat: seats are 0 to 1, not 2"),
        (["--bots", "nobody"], "argument --bots: unknown bot 'nobody'"),
        (["--players", "3", "--bots", "random,random,random"], "--bots: give one bot"),
        (["--rounds", "-1"], "--rounds"),
        (["--seed", "-3"], "--seed"),
        (["--transcript", "/nonexistent/dir/game.jsonl"], "--transcript: cannot write"),
    ],
)
def test_bad_arguments_are_one_line_and_exit_2(args: list[str], message: str) -> None:
    result = cli("play", *args, stdin="1\n")
    assert result.returncode == 2 and result.stdout == ""
    assert result.stderr.startswith("millebornes play: error: ") and message in result.stderr
    assert len(result.stderr.strip().splitlines()) == 1


def test_options_and_bots_per_seat_are_recorded(tmp_path: Path) -> None:
    path = tmp_path / "game.jsonl"
    argv = [
        "--players",
        "4",
        "--option",
        "goal_700",
        "--seat",
        "1",
        "--bots",
        "random,random,random",
    ]
    result = cli("play", *argv, "--seed", "4", "--transcript", str(path), stdin="1\n" * 400)
    assert result.returncode == 0, result.stderr
    assert "goal 700 km" in result.stdout
    header = json.loads(path.read_text(encoding="utf-8").splitlines()[0])
    assert header["options"] == ["goal_700"]
    assert header["seats"] == ["random", "human", "random", "random"]
    assert cli("referee", str(path)).returncode == 0


def test_default_bot_and_a_random_seed(tmp_path: Path) -> None:
    path = tmp_path / "game.jsonl"
    result = cli("play", "--transcript", str(path), stdin="q\n")
    assert result.returncode == 0, result.stderr
    header = json.loads(path.read_text(encoding="utf-8").splitlines()[0])
    assert header["seats"] == ["human", DEFAULT_BOT]
    assert f"seed {header['seed']}" in result.stdout


TOKENS = (
    "1",
    "2",
    "3",
    "9",
    "play D100",
    "play STOP",
    "play STOP 1",
    "discard ROLL",
    "cf",
    "decline",
    "extend",
    "stop",
    "draw",
    "help",
    "",
    "?!",
    "play",
    "0",
    "-1",
)


@pytest.mark.parametrize(
    ("edition", "players"),
    [(e, n) for e in edition_ids() for n in load_edition(e).seat_counts],
)
def test_any_typing_in_any_configuration_stays_legal(edition: str, players: int) -> None:
    """Mixed numbers, names and nonsense: no crash, and the transcript is legal."""
    chooser = SplitMix64(players)
    script = "\n".join(TOKENS[chooser.below(len(TOKENS))] for _ in range(3000)) + "\n"
    played = Played(script, players, 0, None, edition)
    played.run()
    verdict = referee(read_transcript(transcript_lines(played)))
    assert verdict.illegal is None and verdict.final == played.state
    assert verdict.actions > 0 and "Traceback" not in output(played)
