"""``play``, ``referee`` and ``explain`` for Fun & Speed and As du Volant, run as a user
runs them: whole games typed through standard input, transcripts refereed (and a
corrupted line named with its rules), one line of a transcript explained, and every bad
value one line without a traceback."""

from __future__ import annotations

import io
import json
from pathlib import Path

import pytest
from transcript_support import cli

from millebornes import api
from millebornes.apps.bots import make_bot
from millebornes.apps.play import Game, Session, parse_move
from millebornes.apps.record import (
    Header,
    TranscriptWriter,
    dealt_deck,
    header_line,
    read_transcript,
    transcript_text,
)
from millebornes.apps.referee import referee
from millebornes.core.errors import MalformedInput
from millebornes.families.asduvolant import actions as av
from millebornes.families.asduvolant.cards import AvCard
from millebornes.families.asduvolant.track import default_board
from millebornes.families.funspeed import actions as fs
from millebornes.families.funspeed.cards import FsCard

FAMILIES = ("fun-speed", "as-du-volant")
SEED = 11
MOVES = "1\n" * 3000


def played(edition: str, tmp_path: Path, *extra: str, script: str = MOVES) -> tuple[str, Path]:
    path = tmp_path / f"{edition}.jsonl"
    argv = ["play", "--edition", edition, "--seed", str(SEED), "--bots", "random"]
    result = cli(*argv, "--transcript", str(path), *extra, stdin=script)
    assert result.returncode == 0, result.stderr
    assert result.stderr == "" and "Traceback" not in result.stdout
    return result.stdout, path


@pytest.mark.parametrize("edition", FAMILIES)
def test_a_whole_game_typed_by_number_ends_and_referees_as_legal(
    edition: str, tmp_path: Path
) -> None:
    out, path = played(edition, tmp_path)
    title = next(info.title for info in api.editions() if info.id == edition)
    assert out.startswith(f"{title}: 2 players, seed {SEED}\nyou are seat 0\n")
    assert "your hand (seat 0): " in out and "   1. seat 0 " in out
    assert "your hand (seat 1)" not in out, "another seat's hand is never shown"
    assert "game over: seat " in out
    if edition == "fun-speed":  # the zones, the attack suffered, the window that asks
        assert "; free; no radar; Bornes " in out and "; STOPPED by " in out
        assert "  window: seat 1 attacks seat 0 with " in out
        assert "   2. seat 0 lets the STOP land" in out
    assert out.rstrip().endswith(f"transcript written to {path}")
    lines = path.read_text(encoding="utf-8").splitlines()
    header = json.loads(lines[0])
    assert header["family"] == edition and header["seed"] == SEED
    assert header["deck"] == list(dealt_deck(edition, 2, SEED) or ())
    assert ("board" in header) == (edition == "as-du-volant")
    checked = cli("referee", str(path))
    assert checked.returncode == 0, checked.stdout
    assert "every move is legal\ngame over: seat " in checked.stdout
    data = json.loads(cli("referee", "--json", str(path)).stdout)
    assert data["verdict"] == "legal" and data["family"] == edition and data["game_over"]
    assert data["legal_moves"] == len(lines) - 1 and data["winners"]


def test_the_as_du_volant_track_is_drawn(tmp_path: Path) -> None:
    out, _ = played("as-du-volant", tmp_path, script="q\n")
    assert "  track 'default': lanes shown as . (free) or the seat of the car on it" in out
    assert "    km 0      25     50" in out and "L75" in out and "+50" in out and ">SC" in out
    assert "       01.... ..     " in out, "both cars on the start square, lanes 0 and 1"
    assert "    shortcut from 300 km: 350 km [.] -> 400 km [.] -> back at 450 km" in out
    assert "  seat 0:    0 km (square 0, lane 0); free; safeties -; 200s 0/2; hand 7  <- you" in out


@pytest.mark.parametrize("edition", ["classic", *FAMILIES])
def test_a_five_thousand_digit_move_is_one_line(edition: str, tmp_path: Path) -> None:
    script = "9" * 5000 + "\nplay " + "1" * 5000 + "\n" + "9" * 50 + "\nplay 1" + "0" * 60
    out, _ = played(edition, tmp_path, script=script + "\nq\n")
    assert "Traceback" not in out
    assert "not a move: a line of 5000 characters" in out
    assert "not a move: a line of 5005 characters" in out
    assert "no move 999999999999…: choose 1 to " in out
    assert "unknown card '1000000000000000000" in out
    assert "you left the game" in out


@pytest.mark.parametrize("edition", FAMILIES)
def test_a_corrupted_line_is_named_with_its_rules(edition: str, tmp_path: Path) -> None:
    _, path = played(edition, tmp_path)
    lines = path.read_text(encoding="utf-8").splitlines()
    # Seat 1 acts first: the file's first action is seat 0's, so seat 1 acting is refused.
    first = json.loads(lines[1])
    first["seat"] = 1
    bad = tmp_path / "bad.jsonl"
    bad.write_text("\n".join([lines[0], json.dumps(first), *lines[2:]]) + "\n", encoding="utf-8")
    result = cli("referee", str(bad))
    assert result.returncode == 1, result.stdout
    assert "0 legal moves" in result.stdout
    assert "line 2: ILLEGAL: seat 1 " in result.stdout and "(breaks " in result.stdout
    rules = json.loads(cli("referee", "--json", str(bad)).stdout)["rules"]
    assert rules and all(f"  {rule['id']}: " in result.stdout for rule in rules)
    assert any("ACTOR" in rule["id"] for rule in rules)


@pytest.mark.parametrize("edition", FAMILIES)
def test_explain_a_line_of_a_transcript(edition: str, tmp_path: Path) -> None:
    _, path = played(edition, tmp_path)
    lines = path.read_text(encoding="utf-8").splitlines()
    result = cli("explain", "--transcript", str(path), "--line", "5")
    assert result.returncode == 0, result.stderr
    assert result.stdout.startswith("legal: ")
    transcript = read_transcript(lines)
    before = referee(read_transcript(lines[:4])).final
    wrong = json.dumps({"type": "pass", "seat": 1 - (api.actor(before) or 0)})
    result = cli("explain", "--transcript", str(path), "--line", "5", "--action", wrong)
    assert result.returncode == 1 and result.stdout.startswith("ILLEGAL: ")
    # Past the last line: the final state, with an action to judge.
    last = str(len(lines) + 1)
    result = cli("explain", "--transcript", str(path), "--line", last, "--action", wrong)
    assert result.returncode == 1 and "ILLEGAL" in result.stdout
    assert transcript.entries


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["play", "--edition", "fun-speed", "--players", "7"], "argument --players: fun-speed"),
        (["play", "--edition", "fun-speed", "--option", "goal_700"], "argument --option"),
        (["play", "--edition", "mario-kart"], "argument --edition: unknown edition"),
        (["play", "--players", "9" * 5000], "argument --players: '999"),
        (["play", "--seat", "9" * 5000], "argument --seat: '999"),
        (["play", "--seed", "9" * 5000], "argument --seed"),
        (["play", "--rounds", "-3"], "argument --rounds: -3 is negative"),
        (["play", "--board", "x.json"], "argument --board: classic is not played on a board"),
        (["play", "--edition", "as-du-volant", "--board", "/nonexistent.json"], "--board"),
        (["explain", "--transcript", "-"], "argument --line: required with --transcript"),
        (["explain", "--state", "-"], "argument --action: required with --state"),
        (["explain", "--transcript", "-", "--line", "x"], "argument --line: 'x'"),
        (["explain", "--transcript", "-", "--line", "99"], "argument --line: 99 is not a line"),
        (["explain", "--state", "-", "--line", "2", "--action", "{}"], "goes with --transcript"),
        (["explain", "--state", "-", "--transcript", "-"], "not allowed with argument"),
    ],
)
def test_bad_values_are_one_line_and_exit_2(args: list[str], message: str) -> None:
    header = header_line(Header("fun-speed", 2, (), 1, deck=dealt_deck("fun-speed", 2, 1)))
    result = cli(*args, stdin=header + "\n")
    assert result.returncode == 2, result.stdout
    assert result.stderr.startswith(f"millebornes {args[0]}: error: "), result.stderr
    assert message in result.stderr and len(result.stderr.strip().splitlines()) == 1
    assert "Traceback" not in result.stderr


@pytest.mark.parametrize("edition", FAMILIES)
def test_the_recorded_deck_deals_the_seeded_game(edition: str) -> None:
    deck = dealt_deck(edition, 3, 5)
    header = Header(edition, 3, (), 5, deck=deck)
    assert header.start() == api.new_game(edition, 3, seed=5)
    text = header_line(header)
    assert read_transcript([text]).header == header
    assert transcript_text(read_transcript([text])) == text + "\n"


@pytest.mark.parametrize(
    ("line", "message"),
    [
        ({"deck": None}, "header.deck: missing"),
        ({"deck": "D25"}, "header.deck: expected a list of card IDs"),
        ({"deck": ["D25"]}, "line 1: header: deck: not the 66 cards"),
        ({"family": "classic"}, "header.family: fun-speed is played by 'fun-speed'"),
        ({"board": {}}, "header.board: fun-speed is not played on a board"),
    ],
)
def test_a_bad_header_of_a_family_names_its_field(line: dict[str, object], message: str) -> None:
    data = json.loads(
        header_line(Header("fun-speed", 2, (), 1, deck=dealt_deck("fun-speed", 2, 1)))
    )
    data.update(line)
    data = {key: value for key, value in data.items() if value is not None}
    with pytest.raises(MalformedInput, match=message):
        read_transcript([json.dumps(data)])


def test_a_classic_header_refuses_a_deck() -> None:
    text = header_line(Header("classic", 2)).replace("{", '{"deck":[],', 1)
    with pytest.raises(MalformedInput, match=r"header\.deck: the classic family deals in deal"):
        read_transcript([text])


def test_a_board_in_the_header_is_checked() -> None:
    deck = dealt_deck("as-du-volant", 2, 1)
    board = default_board().to_dict()
    assert read_transcript([header_line(Header("as-du-volant", 2, (), 1, deck=deck, board=board))])
    board["start"] = 99
    with pytest.raises(MalformedInput, match=r"line 1: header: board\.start: no square 99"):
        read_transcript([header_line(Header("as-du-volant", 2, (), 1, deck=deck, board=board))])


def test_fun_speed_moves_by_name_and_the_announcement() -> None:
    state = api.new_game("fun-speed", 3, seed=1)
    assert parse_move("play D100 !", state, 0) == fs.LayBorne(0, FsCard.D100, 0, True)
    assert parse_move("play 100", state, 0) == fs.LayBorne(0, FsCard.D100, 0, False)
    assert parse_move("borne D200 1 «200 bornes !»", state, 0) == fs.LayBorne(
        0, FsCard.D200, 1, True
    )
    assert parse_move("attack STOP 2 STOP !", state, 0) == fs.Attack(0, FsCard.STOP, 2, True)
    assert parse_move("attack STOP 2", state, 0) == fs.Attack(0, FsCard.STOP, 2, False)
    assert parse_move("remedy ROLL STOP under", state, 0) == fs.Remedy(
        0, FsCard.ROLL, FsCard.STOP, False
    )
    assert parse_move("killer", state, 1) == fs.Killer(1)
    assert parse_move("demi-tour", state, 1) == fs.UTurn(1)
    assert parse_move("mirror", state, 1) == fs.Mirror(1)
    assert parse_move("holdup 2 0", state, 1) == fs.HoldUp(1, 2, 0)
    assert parse_move("take", state, 0) == fs.DrawDiscard(0)
    for text, message in (
        ("attack STOP", "say which seat: attack STOP 1"),
        ("attack STOP 7", "no seat for attack STOP '7'"),
        ("play " + "9" * 5000, "unknown card '99999"),
        ("play ACCELERATOR", "is not played alone"),
        ("fly", "not a move: 'fly'"),
    ):
        with pytest.raises(MalformedInput, match=message):
            parse_move(text, state, 0)


def test_as_du_volant_moves_by_name() -> None:
    state = api.new_game("as-du-volant", 3, seed=1)
    assert parse_move("play D50", state, 0) == av.Move(0, AvCard.D50, False, False)
    assert parse_move("move 25 acc shortcut", state, 0) == av.Move(0, AvCard.D25, True, True)
    assert parse_move("attack STOP 2", state, 0) == av.Attack(0, AvCard.STOP, 2)
    assert parse_move("turbo", state, 0) == av.Turbo(0)
    assert parse_move("end", state, 0) == av.EndTurn(0)
    assert parse_move("safety DRIVING_ACE", state, 0) == av.Safety(0, AvCard.DRIVING_ACE)
    with pytest.raises(MalformedInput, match="say which seat: attack STOP 1"):
        parse_move("attack STOP", state, 0)


class Scripted(Session):
    def __init__(self, edition: str, script: str, seat: int = 0) -> None:
        bots = {s: make_bot("greedy", 40 + s) for s in range(2) if s != seat}
        deck = dealt_deck(edition, 2, SEED)
        game = Game(edition, 2, (), SEED, seat, bots, None, deck=deck)
        self.output = io.StringIO()
        self.record = io.StringIO()
        writer = TranscriptWriter(self.record, Header(edition, 2, (), SEED, deck=deck))
        super().__init__(game, io.StringIO(script), self.output, writer)


@pytest.mark.parametrize("edition", FAMILIES)
def test_a_refused_move_names_its_rules_and_changes_nothing(edition: str) -> None:
    probe = Scripted(edition, "q\n")
    probe.run()
    before = probe.state
    refused = "play D200 !" if edition == "fun-speed" else "attack STOP 1"
    session = Scripted(edition, f"{refused}\nq\n")
    session.run()
    out = session.output.getvalue()
    assert session.state == before
    assert "refused: seat 0 " in out and "(breaks " in out
    assert "docs/_build/html/id/" in out and "nothing changed; choose again" in out
    assert session.record.getvalue() == probe.record.getvalue()


def test_the_police_shows_the_hand_only_once_chosen() -> None:
    """FS-POLICE: the numbered list offers the Police once per target; the target's hand
    is shown after it is chosen, to pick the cards."""
    for seed in range(200):
        state = api.new_game("fun-speed", 2, seed=seed)
        state = api.apply(state, api.legal_actions(state)[0])
        police = [a for a in api.legal_actions(state) if isinstance(a, fs.Police)]
        if police:
            break
    else:
        pytest.skip("no seed deals a Police to seat 0 at once")
    from millebornes.apps.board import menu  # noqa: PLC0415

    choices = menu(state, api.legal_actions(state), 0)
    grouped = [c for c in choices if len(c.actions) > 1]
    assert len(grouped) == 1 and "sees its hand and chooses" in grouped[0].text
    assert not any("takes" in c.text for c in choices)


@pytest.mark.parametrize("edition", FAMILIES)
def test_the_draw_pile_order_is_never_shown(edition: str) -> None:
    """A draw offered in the list is not told by the card it would draw; the human's own
    draw, once made, names the card."""
    from millebornes.apps.board import menu  # noqa: PLC0415

    state = api.new_game(edition, 2, seed=3)
    choices = menu(state, api.legal_actions(state), 0)
    draws = [c.text for c in choices if "draws" in c.text]
    assert draws and all(text.endswith("draws a card") for text in draws)
