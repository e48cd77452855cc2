"""``benchmarks/headroom.py``: the arithmetic its figures rest on (a match's end worked out
again with Δ points more a round, the worths of every choice) and its command line."""

from __future__ import annotations

import argparse
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "benchmarks"))

import headroom  # noqa: E402  (a benchmark script, on the path just above)
from millebornes import api  # noqa: E402
from millebornes.apps.bots import _groups  # noqa: E402
from millebornes.families.classic.engine import new_match  # noqa: E402

TARGET = 5000


def test_a_match_ends_after_the_round_that_brings_a_side_to_the_target() -> None:
    rounds = [(1000, 2000), (3000, 3500), (1200, 100)]
    assert headroom.match_share(rounds, 0, TARGET) == 0.0  # 4,000 against 5,500
    assert headroom.match_share(rounds, 600, TARGET) == 0.0  # 5,200 against 5,500
    assert headroom.match_share(rounds, 750, TARGET) == 0.5  # 5,500 each
    assert headroom.match_share(rounds, 800, TARGET) == 1.0  # 5,600 against 5,500
    # With points enough π ends the match sooner: after the first round, 5,000 to 2,000.
    assert headroom.match_share([(1000, 2000), (0, 9000)], 4000, TARGET) == 1.0


@pytest.mark.parametrize("edition", ["classic", "cars", "asterix", "allonge"])
def test_matches_as_played_and_their_positions(edition: str) -> None:
    match = headroom.play_match(edition, 7, 1, 10)
    target = new_match(edition, 2).rules.match_target
    mine = sum(own for own, _ in match.rounds)
    theirs = sum(other for _, other in match.rounds)
    # The match ended at its last round and not before (MATCH-TARGET).
    assert max(mine, theirs) >= target
    before = match.rounds[:-1]
    assert max(sum(o for o, _ in before), sum(t for _, t in before)) < target
    assert (
        match.won
        == headroom.match_share(match.rounds, 0, target)
        == (1.0 if mine > theirs else 0.5 if mine == theirs else 0.0)
    )
    assert match.positions and match.turns >= len(match.positions)
    for state in match.positions:
        assert state.actor == 1 and len(_groups(api.legal_actions(state))) > 1


def test_every_choice_is_judged_and_a_bot_is_read_off_the_worths() -> None:
    state = headroom.play_match("classic", 7, 1, 10).positions[0]
    position = headroom.measure((state, 6))
    assert len(position.worths) == len(_groups(api.legal_actions(state)))
    assert position.advantage == max(position.worths) - position.worths[0] >= 0
    gain = headroom.decide((position, {"playouts": 8, "width": 8}, 1))
    assert any(gain == worth - position.worths[0] for worth in position.worths)


@pytest.mark.parametrize("edition", ["as-du-volant", "fun-speed"])
def test_a_game_outside_the_classic_family_is_judged_in_wins(edition: str) -> None:
    match = headroom.play_game(edition, 7, 1, 4)
    assert match.rounds == [] and match.won in (0.0, 0.5, 1.0)
    assert match.positions and match.turns >= len(match.positions)
    for state in match.positions:
        assert api.actor(state) == 1 and len(_groups(api.legal_actions(state))) > 1
    position = headroom.measure((match.positions[0], 6))
    assert len(position.worths) == len(_groups(api.legal_actions(match.positions[0])))
    # Each playout ends the game: a share of the win, so each worth is k/12 for some k.
    for worth in position.worths:
        assert 0.0 <= worth <= 1.0 and (worth * 12) == pytest.approx(round(worth * 12))
    gain = headroom.decide((position, {"playouts": 8, "width": 8, "horizon": 0}, 1))
    assert any(gain == worth - position.worths[0] for worth in position.worths)


def _headroom(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, str(ROOT / "benchmarks" / "headroom.py"), *args],
        capture_output=True,
        text=True,
        timeout=300,
        check=False,
    )


def test_every_edition_is_offered_and_played_by_its_family() -> None:
    assert set(headroom.FAMILY) == {
        "classic",
        "cars",
        "asterix",
        "allonge",
        "fun-speed",
        "as-du-volant",
    }
    for edition, family in headroom.FAMILY.items():
        match = headroom._play((edition, 3, 0, 1_000_000))
        assert (match.rounds != []) == (family == "classic")


def test_the_games_report_and_judge_speak_in_wins(tmp_path: Path) -> None:
    saved = str(tmp_path / "av.pickle")
    made = _headroom(
        *("--edition", "as-du-volant", "--matches", "2", "--share", "2", "--playouts", "4"),
        *("--save", saved),
    )
    assert made.returncode == 0, made.stderr
    assert "4 games (each deal from both seats)" in made.stdout
    assert "wins a turn" in made.stdout and "to first order" in made.stdout
    judged = _headroom("--load", saved, "--bots", "playouts=4;playouts=8")
    assert judged.returncode == 0, judged.stderr
    assert judged.stdout.count("left to it (the best less its choice, paired)") == 2
    assert "against the first bot" in judged.stdout and "Traceback" not in judged.stderr


def test_positions_where_no_choice_beats_the_favourite_are_judged(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """Few playouts may leave every choice level with the favourite: the judge still
    reports what the bot gains (nothing), not a division by zero."""
    match = headroom.play_game("as-du-volant", 7, 1, 4)
    measured = headroom.measure((match.positions[0], 4))
    level = headroom.Position(
        measured.state, measured.choices, [0.5] * len(measured.choices), 0.0, 0.0
    )
    args = argparse.Namespace(bots=[{"playouts": 4.0}], repeats=1, workers=1)
    headroom.judge(args, [match], [level, level])
    out = capsys.readouterr().out
    assert "0.0000 ± 0.0000 a turn" in out and "no best to share" in out


@pytest.mark.parametrize(
    ("bots", "message"),
    [
        ("playout=30", "is not NAME=VALUE"),
        ("seconds=0", "budget: seconds from above 0"),
        ("seconds=1,width=x", "width: 'x' is not a number"),
        ("width=4", "give seconds or playouts"),
    ],
)
def test_a_bad_setting_is_one_line_naming_it(bots: str, message: str) -> None:
    result = subprocess.run(
        [sys.executable, str(ROOT / "benchmarks" / "headroom.py"), "--bots", bots],
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )
    assert result.returncode == 2
    assert message in result.stderr and "Traceback" not in result.stderr


def test_a_file_not_saved_by_it_is_refused(tmp_path: Path) -> None:
    other = tmp_path / "other.pickle"
    other.write_text("not a pickle")
    result = subprocess.run(
        [sys.executable, str(ROOT / "benchmarks" / "headroom.py"), "--load", str(other)],
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )
    assert result.returncode == 2
    assert "not positions saved by --save" in result.stderr and "Traceback" not in result.stderr


def test_two_bots_are_compared_position_by_position() -> None:
    # Three positions, two decisions each; the second bot gains 1, 3 and 2 more at them.
    first = [0.0, 2.0, 10.0, 10.0, -4.0, 0.0]
    other = [2.0, 2.0, 14.0, 12.0, 0.0, 0.0]
    more, error = headroom.paired(first, other, 2)
    assert more == pytest.approx(2.0)
    assert error == pytest.approx(1.0 / 3**0.5)  # the stdev of 1, 3, 2 over √3


def test_a_reader_gone_or_a_file_it_cannot_write_is_no_traceback(tmp_path: Path) -> None:
    # The reader of its output gone before it says anything (`headroom.py ... | true`):
    # it stops quietly, exit 1, as `millebornes` does.
    command = [sys.executable, str(ROOT / "benchmarks" / "headroom.py"), "--edition"]
    command += ["allonge", "--matches", "2", "--share", "5", "--playouts", "4"]
    process = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    assert process.stdout is not None
    process.stdout.close()
    _, err = process.communicate(timeout=120)
    assert (process.returncode, err) == (1, "")
    # A file it cannot write: one line that names it, exit 1.
    missing = tmp_path / "no such folder" / "positions.pickle"
    result = _headroom(*command[2:], "--save", str(missing))
    assert result.returncode == 1, result.stderr
    assert result.stderr.startswith("headroom.py: error: ")
    assert str(missing) in result.stderr and result.stderr.count("\n") == 1
