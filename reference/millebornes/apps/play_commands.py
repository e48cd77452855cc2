"""The command line of ``millebornes play``, ``referee`` and ``explain``, for every rule set.

- ``play [--edition E] [--players N] [--option O] [--seed S] [--seat K] [--bots B,...]
  [--rounds R] [--transcript FILE]``: a game in the terminal against bots;
- ``referee FILE`` (``-`` for stdin): replay a transcript; exit 0 if every move is legal,
  1 at the first illegal move, 2 if the file is malformed;
- ``explain (--state FILE | --transcript FILE --line N) [--action JSON]``: one action in
  one state; exit codes as referee.

Every value from outside becomes a valid value or one line and exit code 2, in the style
of every command: ``millebornes play: error: argument --seat: …``.
"""

from __future__ import annotations

import argparse
import json
import secrets
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from typing import IO, Any

from millebornes import api
from millebornes.apps.arguments import (
    UsageError,
    check_game,
    count_value,
    edition_ids,
    edition_value,
    fail,
    seed_value,
)
from millebornes.apps.board import end_lines, move_text, table_lines
from millebornes.apps.bots import Bot
from millebornes.apps.play import Game, Session
from millebornes.apps.record import (
    CLASSIC,
    Header,
    Transcript,
    TranscriptWriter,
    dealt_deck,
    read_transcript,
)
from millebornes.apps.referee import (
    DOCS_BASE,
    Explanation,
    Verdict,
    docs_base,
    explain,
    referee,
    state_before,
    verdict_to_dict,
)
from millebornes.apps.roster import BOTS, make_bot
from millebornes.apps.stopping import reader_gone
from millebornes.core.errors import MalformedInput
from millebornes.core.jsonio import load_json
from millebornes.families.asduvolant.track import board_from_dict, default_board
from millebornes.families.classic.scoring import score_round
from millebornes.families.classic.transcript import score_sheet
from millebornes.registry import family_of_edition

COMMANDS = ("play", "referee", "explain")
ILLEGAL, MALFORMED = 1, 2
DEFAULT_BOT = "greedy" if "greedy" in BOTS else "random"
BOT_SALT = 0xB075
"""Mixed into the match seed for the bots' own choices, so they differ from the shuffle."""

Subparsers = Any  # argparse's _SubParsersAction is private


EXIT_CODES = "exit status: 0 every move legal, 1 an illegal move found, 2 malformed input"
DOCS_HELP = (
    "the docs site, whose rule pages are URL + id/RULE.html (default: the local build,"
    f" {DOCS_BASE}, as a file:// address when it is built; bash tools/build_docs.sh builds it)"
)


class ArgumentError(Exception):
    """A value the command refuses, naming its argument (``--seat``)."""

    def __init__(self, argument: str, message: str) -> None:
        super().__init__(f"argument {argument}: {message}")


def whole(text: str) -> int:
    """A whole number as typed on the command line (bounded: never an unbounded read)."""
    digits = text.lstrip("-")
    if not digits.isascii() or not digits.isdigit() or len(digits) > 20:
        shown = text if len(text) <= 24 else text[:24] + "…"
        raise argparse.ArgumentTypeError(f"{shown!r} is not a whole number")
    return int(text)


def add_play_commands(commands: Subparsers) -> None:
    play = commands.add_parser(
        "play",
        help="play a game in the terminal against bots",
        description="Play in the terminal against bots, in any rule set: type the number of a "
        "move, or a move by name (help lists each family's forms: play D100, play STOP 1, "
        "attack STOP 1 !, move D50 acc, cf, pass, ...); q or the end of input quits, "
        "writing the transcript so far.",
    )
    play.add_argument(
        "--edition",
        type=edition_value,
        default="classic",
        help=f"{', '.join(edition_ids())}; see millebornes editions (default: %(default)s)",
    )
    play.add_argument(
        "--players", type=whole, default=2, metavar="N", help="seat count (default: %(default)s)"
    )
    play.add_argument(
        "--option",
        action="append",
        default=[],
        metavar="NAME",
        help="an edition option, e.g. goal_700 at 4 or 8 players (repeatable; default: none)",
    )
    play.add_argument(
        "--seed",
        type=seed_value,
        default=None,
        metavar="N",
        help="match seed, 0 to 2**64 - 1 (default: a random one, printed)",
    )
    play.add_argument(
        "--seat",
        type=whole,
        default=0,
        metavar="K",
        help="your seat; seat 0 deals (plays) first (default: %(default)s)",
    )
    play.add_argument(
        "--bots",
        default=DEFAULT_BOT,
        metavar="NAME[,NAME...]",
        help="one bot for every other seat, or one per other seat in seat order; known: "
        f"{', '.join(BOTS)} (default: %(default)s)",
    )
    play.add_argument(
        "--rounds",
        type=count_value,
        default=1,
        metavar="N",
        help="rounds to play, 0 for the whole match; fun-speed and as-du-volant always play"
        " one whole game (default: %(default)s)",
    )
    play.add_argument(
        "--board",
        default=None,
        metavar="FILE",
        help="as-du-volant: a board file (spec/families/as-du-volant/board.md; default: the"
        " default layout)",
    )
    play.add_argument(
        "--transcript",
        default=None,
        metavar="FILE",
        help="write the game to FILE (spec/transcript.md; default: no file)",
    )
    _add_docs(play)
    check = commands.add_parser(
        "referee",
        help="check a recorded game of any rule set (spec/transcript.md)",
        description="Replay a transcript of any rule set and report its first illegal move "
        "with the rules it breaks, or the score sheets (the winners) if every move is legal.",
        epilog=EXIT_CODES,
    )
    check.add_argument("file", metavar="FILE", help="the transcript, or - for standard input")
    _add_docs(check, json_help="print the verdict as JSON")
    why = commands.add_parser(
        "explain",
        help="judge one action in one state",
        description="Judge one action in one state, of any rule set: the next state if it is "
        "legal, the rules it breaks if not. The state is a state's JSON (--state), or the "
        "state before a line of a transcript (--transcript FILE --line N), whose action is "
        "judged unless --action gives another.",
        epilog="exit status: 0 legal, 1 illegal, 2 malformed input",
    )
    where = why.add_mutually_exclusive_group(required=True)
    where.add_argument(
        "--state",
        metavar="FILE",
        help="a state as JSON (millebornes.to_json, any family), or - for standard input",
    )
    where.add_argument(
        "--transcript",
        metavar="FILE",
        help="a transcript (spec/transcript.md), or - for standard input; with --line",
    )
    why.add_argument(
        "--line",
        type=whole,
        default=None,
        metavar="N",
        help="with --transcript: the state before line N of the file (line 2 is the first"
        " action); its action is judged unless --action is given",
    )
    why.add_argument(
        "--action",
        default=None,
        metavar="JSON",
        help='an action as JSON, e.g. \'{"type": "draw", "seat": 1}\' (required with --state)',
    )
    _add_docs(why, json_help="print the answer as JSON")


def _add_docs(parser: argparse.ArgumentParser, json_help: str | None = None) -> None:
    """``--docs URL`` (where the rule pages are) and, for the judging commands, ``--json``."""
    if json_help is not None:
        parser.add_argument("--json", action="store_true", help=json_help)
    parser.add_argument("--docs", default=None, metavar="URL", help=DOCS_HELP)


def run_play_command(args: argparse.Namespace) -> int:
    """Run ``play``, ``referee`` or ``explain``; any bad input is one line and exit 2."""
    command = f"millebornes {args.command}"
    try:
        if args.command == "play":
            return _play(args)
        if args.command == "referee":
            return _referee(args)
        return _explain(args)
    except (ArgumentError, UsageError) as error:
        fail(f"{command}: error: {error} (see {command} --help)")
    except MalformedInput as error:
        if getattr(args, "json", False):
            print(json.dumps({"verdict": "malformed", "error": str(error)}, ensure_ascii=False))
        else:
            fail(f"{command}: error: {error}")
        return MALFORMED
    except KeyboardInterrupt:
        print(f"\n{command}: interrupted", file=sys.stderr)
        return 130
    except BrokenPipeError:  # the reader went away (| head): stop quietly
        return reader_gone()


def _read(path: str, what: str) -> str:
    try:
        if path == "-":
            return sys.stdin.read()
        with open(path, encoding="utf-8") as handle:
            return handle.read()
    except (OSError, UnicodeDecodeError) as error:
        raise ArgumentError(what, f"cannot read {path}: {error}") from None


# --- referee and explain -------------------------------------------------------------


def _referee(args: argparse.Namespace) -> int:
    transcript = read_transcript(_read(args.file, "FILE").splitlines())
    verdict = referee(transcript, docs_base(args.docs)[0])
    return _report(args.json, verdict_to_dict(verdict), verdict_lines(verdict))


def _report(as_json: bool, data: dict[str, Any], lines: Iterator[str]) -> int:
    """Print the answer (JSON or lines); exit 0 when legal, 1 when illegal."""
    if as_json:
        print(json.dumps(data, ensure_ascii=False, indent=1))
    else:
        for line in lines:
            print(line)
    return ILLEGAL if data["verdict"] == "illegal" else 0


def _title(state: Any) -> str:
    if api.family_of(state).name == CLASSIC:
        title: str = state.rules.title
        return title
    return next(info.title for info in api.editions() if info.family == api.family_of(state).name)


def verdict_lines(verdict: Verdict) -> Iterator[str]:
    final = verdict.final
    yield f"{_title(final)}, {final.players} players: {verdict.actions} legal moves"
    for end in verdict.rounds:
        yield f"--- round {end.round_number}: score sheet ---"
        yield from score_sheet(end, score_round(end))
    if verdict.illegal is not None:
        yield from verdict.illegal.why.refusal_lines(f"line {verdict.illegal.line}: ILLEGAL")
        return
    ended = end_lines(final)
    if ended and verdict.family == CLASSIC:
        yield f"every move is legal; {ended[0]}"
    elif ended:
        yield "every move is legal"
        yield from ended
    else:
        yield f"every move is legal; the transcript stops at {table_lines(final)[0]}"


def _explain(args: argparse.Namespace) -> int:
    docs = docs_base(args.docs)[0]
    if args.state is not None:
        if args.line is not None:
            raise ArgumentError("--line", "goes with --transcript, not --state")
        if args.action is None:
            raise ArgumentError("--action", "required with --state")
        state = api.from_json(_read(args.state, "--state"))
        action = api.action_from_json(state, args.action)
    else:
        state, action = _transcript_state(args, docs)
    answer = explain(state, action, docs)
    return _report(args.json, explanation_to_dict(answer), explanation_lines(answer))


def _transcript_state(args: argparse.Namespace, docs: str) -> tuple[Any, Any]:
    """The state before ``--line`` of ``--transcript``, and the action to judge there."""
    if args.line is None:
        raise ArgumentError("--line", "required with --transcript (line 2 is the first action)")
    transcript: Transcript = read_transcript(_read(args.transcript, "--transcript").splitlines())
    last = max((entry.line for entry in transcript.entries), default=1)
    if not 2 <= args.line <= last + 1:
        raise ArgumentError(
            "--line", f"{args.line} is not a line of the transcript's actions: 2 to {last + 1}"
        )
    replay = state_before(transcript, args.line, docs)
    if replay.illegal is not None:
        found = replay.illegal
        ids = ", ".join(reason.rule_id for reason in found.why.reasons)
        raise ArgumentError(
            "--line",
            f"line {found.line} above it breaks {ids}; its state is never reached"
            f" (millebornes referee names it)",
        )
    if args.action is not None:
        return replay.final, api.action_from_json(replay.final, args.action)
    entry = next((e for e in transcript.entries if e.line == args.line), None)
    if entry is None:
        raise ArgumentError("--action", f"line {args.line} holds no action: give one to judge")
    return replay.final, entry.action


def explanation_to_dict(answer: Explanation) -> dict[str, Any]:
    data: dict[str, Any] = {
        "verdict": "illegal" if answer.reasons else "legal",
        "action": api.action_to_dict(answer.action),
        "rules": [reason.to_dict() for reason in answer.reasons],
    }
    if answer.next_state is not None:
        data["next_state"] = api.state_to_dict(answer.next_state)
    return data


def explanation_lines(answer: Explanation) -> Iterator[str]:
    if answer.next_state is None:
        yield from answer.refusal_lines("ILLEGAL")
        return
    text = move_text(answer.state, answer.action, after=answer.next_state)
    yield f"legal: {text}; the state becomes:"
    yield from table_lines(answer.next_state)


# --- play ------------------------------------------------------------------------------


def _bots(names: str, players: int, human: int, seed: int) -> dict[int, Bot]:
    others = [seat for seat in range(players) if seat != human]
    chosen = [name.strip() for name in names.split(",")]
    if len(chosen) == 1:
        chosen *= len(others)
    if len(chosen) != len(others):
        raise ArgumentError(
            "--bots", f"give one bot, or one per other seat ({len(others)}), not {len(chosen)}"
        )
    try:
        return {
            seat: make_bot(name, seed ^ BOT_SALT ^ seat)
            for seat, name in zip(others, chosen, strict=True)
        }
    except MalformedInput as error:
        raise ArgumentError("--bots", str(error).removeprefix("bot: ")) from None


@contextmanager
def _transcript_file(path: str | None) -> Iterator[IO[str] | None]:
    if path is None:
        yield None
        return
    try:
        handle = open(path, "w", encoding="utf-8")  # noqa: SIM115 - closed below
    except OSError as error:
        raise ArgumentError("--transcript", f"cannot write {path}: {error}") from None
    with handle:
        yield handle


def _board(args: argparse.Namespace) -> dict[str, Any] | None:
    """The board file's JSON (As du Volant), checked; the default board's when none given."""
    family = family_of_edition(args.edition).name
    if args.board is None:
        return default_board().to_dict() if family == "as-du-volant" else None
    if family != "as-du-volant":
        raise ArgumentError("--board", f"{args.edition} is not played on a board")
    try:
        data = load_json(_read(args.board, "--board"))
        board_from_dict(data)
    except MalformedInput as error:
        raise ArgumentError("--board", f"{args.board}: {error}") from None
    if not isinstance(data, dict):
        raise ArgumentError("--board", f"{args.board}: not a board file")
    return data


def _play(args: argparse.Namespace) -> int:
    # Refuses a seat count or option the edition does not offer; sorts the options.
    options = check_game(args.edition, args.players, tuple(args.option)).options
    if not 0 <= args.seat < args.players:
        raise ArgumentError("--seat", f"seats are 0 to {args.players - 1}, not {args.seat}")
    board = _board(args)
    seed = args.seed if args.seed is not None else secrets.randbelow(2**32)
    bots = _bots(args.bots, args.players, args.seat, seed)
    deck = dealt_deck(args.edition, args.players, seed, options)
    rounds = args.rounds or None
    game = Game(
        args.edition, args.players, options, seed, args.seat, bots, rounds,
        docs_base(args.docs)[0], deck, board,
    )  # fmt: skip
    seats = tuple("human" if s == args.seat else bots[s].name for s in range(args.players))
    with _transcript_file(args.transcript) as handle:
        header = Header(args.edition, args.players, options, seed, seats, deck=deck, board=board)
        writer = TranscriptWriter(handle, header) if handle is not None else None
        Session(game, sys.stdin, sys.stdout, writer).run()
    if args.transcript is not None:
        print(f"transcript written to {args.transcript}")
    return 0
