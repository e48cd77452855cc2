"""The command line of ``millebornes play``, ``referee`` and ``explain``.

- ``play [--edition E] [--players N] [--option O] [--seed S] [--seat K] [--bots B,...]
  [--rounds R] [--transcript FILE]``: a game in the terminal against bots;
- ``referee FILE`` (``-`` for stdin): replay a transcript; exit 0 if every move is legal,
  1 at the first illegal move, 2 if the file is malformed;
- ``explain --state FILE --action JSON``: one action in one state; exit codes as referee.

Every value from outside becomes a valid value or one clear line and exit code 2.
"""

from __future__ import annotations

import argparse
import json
import os
import secrets
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from typing import IO, Any

from millebornes.apps.board import move_text, table_lines
from millebornes.apps.bots import BOTS, Bot, make_bot
from millebornes.apps.play import Game, Session
from millebornes.apps.record import Header, TranscriptWriter, read_transcript
from millebornes.apps.referee import (
    DOCS_BASE,
    Explanation,
    Verdict,
    explain,
    referee,
    verdict_to_dict,
)
from millebornes.core.errors import MalformedInput
from millebornes.families.classic.edition import edition_ids
from millebornes.families.classic.engine import new_match
from millebornes.families.classic.scoring import match_winners, score_round
from millebornes.families.classic.serialize import (
    action_from_json,
    action_to_dict,
    from_json,
    state_to_dict,
)
from millebornes.families.classic.state import Phase
from millebornes.families.classic.transcript import score_sheet

COMMANDS = ("play", "referee", "explain")
ILLEGAL, MALFORMED = 1, 2
DEFAULT_BOT = "greedy" if "greedy" in BOTS else "random"
BOT_SALT = 0xB075
"""Mixed into the match seed for the bots' own choices, so they differ from the shuffle."""

Subparsers = Any  # argparse's _SubParsersAction is private


EXIT_CODES = "exit status: 0 every move legal, 1 an illegal move found, 2 malformed input"
DOCS_HELP = "the docs site, whose rule pages are URL + id/RULE.html (default: %(default)s)"


def add_play_commands(commands: Subparsers) -> None:
    play = commands.add_parser(
        "play",
        help="play a game in the terminal against bots",
        description="Play in the terminal against bots: type the number of a move, or a move "
        "by name (play D100, play STOP 1, discard STOP, cf, decline, extend, stop); "
        "q or the end of input quits, writing the transcript so far.",
    )
    play.add_argument(
        "--edition", default="classic", help=f"{', '.join(edition_ids())} (default: %(default)s)"
    )
    play.add_argument(
        "--players", type=int, default=2, metavar="N", help="seat count (default: %(default)s)"
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
        type=int,
        default=None,
        metavar="N",
        help="match seed (default: a random one, printed)",
    )
    play.add_argument(
        "--seat",
        type=int,
        default=0,
        metavar="K",
        help="your seat; seat 0 deals first (default: %(default)s)",
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
        type=int,
        default=1,
        metavar="N",
        help="rounds to play, 0 for the whole match (default: %(default)s)",
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
        help="check a recorded game (spec/transcript.md)",
        description="Replay a transcript and report its first illegal move with the rules it "
        "breaks, or the score sheets if every move is legal.",
        epilog=EXIT_CODES,
    )
    check.add_argument("file", metavar="FILE", help="the transcript, or - for standard input")
    _add_docs(check, json_help="print the verdict as JSON")
    why = commands.add_parser(
        "explain",
        help="judge one action in one state",
        description="Judge one action in one state: the next state if it is legal, the rules "
        "it breaks if not.",
        epilog="exit status: 0 legal, 1 illegal, 2 malformed input",
    )
    why.add_argument(
        "--state",
        required=True,
        metavar="FILE",
        help="a state as JSON (millebornes-state/1), or - for standard input",
    )
    why.add_argument(
        "--action",
        required=True,
        metavar="JSON",
        help='an action as JSON, e.g. \'{"type": "draw", "seat": 1}\'',
    )
    _add_docs(why, json_help="print the answer as JSON")


def _add_docs(parser: argparse.ArgumentParser, json_help: str | None = None) -> None:
    """``--docs URL`` (where the rule pages are) and, for the judging commands, ``--json``."""
    if json_help is not None:
        parser.add_argument("--json", action="store_true", help=json_help)
    parser.add_argument("--docs", default=DOCS_BASE, metavar="URL", help=DOCS_HELP)


def run_play_command(args: argparse.Namespace) -> int:
    """Run ``play``, ``referee`` or ``explain``; any bad input is one line and exit 2."""
    try:
        if args.command == "play":
            return _play(args)
        if args.command == "referee":
            return _referee(args)
        return _explain(args)
    except MalformedInput as error:
        if getattr(args, "json", False):
            print(json.dumps({"verdict": "malformed", "error": str(error)}, ensure_ascii=False))
        else:
            print(f"millebornes {args.command}: {error}", file=sys.stderr)
        return MALFORMED
    except KeyboardInterrupt:
        print(f"\nmillebornes {args.command}: interrupted", file=sys.stderr)
        return 130
    except BrokenPipeError:  # the reader went away (| head): stop quietly
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 1


def _read(path: str, what: str) -> str:
    try:
        if path == "-":
            return sys.stdin.read()
        with open(path, encoding="utf-8") as handle:
            return handle.read()
    except (OSError, UnicodeDecodeError) as error:
        raise MalformedInput(f"{what}: cannot read {path}: {error}") from None


# --- referee and explain -------------------------------------------------------------


def _referee(args: argparse.Namespace) -> int:
    transcript = read_transcript(_read(args.file, "FILE").splitlines())
    verdict = referee(transcript, args.docs)
    return _report(args.json, verdict_to_dict(verdict), verdict_lines(verdict))


def _report(as_json: bool, data: dict[str, Any], lines: Iterator[str]) -> int:
    """Print the answer (JSON or lines); exit 0 when legal, 1 when illegal."""
    if as_json:
        print(json.dumps(data, ensure_ascii=False, indent=1))
    else:
        for line in lines:
            print(line)
    return ILLEGAL if data["verdict"] == "illegal" else 0


def verdict_lines(verdict: Verdict) -> Iterator[str]:
    final = verdict.final
    yield f"{final.rules.title}, {final.players} players: {verdict.actions} legal moves"
    for end in verdict.rounds:
        yield f"--- round {end.round_number}: score sheet ---"
        yield from score_sheet(end, score_round(end))
    if verdict.illegal is not None:
        yield from verdict.illegal.why.refusal_lines(f"line {verdict.illegal.line}: ILLEGAL")
    elif final.phase is Phase.MATCH_OVER:
        winners = ", ".join(map(str, match_winners(final)))
        yield f"every move is legal; match over, winning teams: {winners}"
    else:
        yield f"every move is legal; the transcript stops at {table_lines(final)[0]}"


def _explain(args: argparse.Namespace) -> int:
    state = from_json(_read(args.state, "--state"))
    action = action_from_json(args.action)
    answer = explain(state, action, args.docs)
    return _report(args.json, explanation_to_dict(answer), explanation_lines(answer))


def explanation_to_dict(answer: Explanation) -> dict[str, Any]:
    data: dict[str, Any] = {
        "verdict": "illegal" if answer.reasons else "legal",
        "action": action_to_dict(answer.action),
        "rules": [reason.to_dict() for reason in answer.reasons],
    }
    if answer.next_state is not None:
        data["next_state"] = state_to_dict(answer.next_state)
    return data


def explanation_lines(answer: Explanation) -> Iterator[str]:
    if answer.next_state is None:
        yield from answer.refusal_lines("ILLEGAL")
        return
    yield f"legal: {move_text(answer.state, answer.action)}; the state becomes:"
    yield from table_lines(answer.next_state)


# --- play ------------------------------------------------------------------------------


def _bots(names: str, players: int, human: int, seed: int) -> dict[int, Bot]:
    others = [seat for seat in range(players) if seat != human]
    chosen = [name.strip() for name in names.split(",")]
    if len(chosen) == 1:
        chosen *= len(others)
    if len(chosen) != len(others):
        raise MalformedInput(
            f"--bots: give one bot, or one per other seat ({len(others)}), not {len(chosen)}"
        )
    return {
        seat: make_bot(name, seed ^ BOT_SALT ^ seat)
        for seat, name in zip(others, chosen, strict=True)
    }


@contextmanager
def _transcript_file(path: str | None) -> Iterator[IO[str] | None]:
    if path is None:
        yield None
        return
    try:
        handle = open(path, "w", encoding="utf-8")  # noqa: SIM115 - closed below
    except OSError as error:
        raise MalformedInput(f"--transcript: cannot write {path}: {error}") from None
    with handle:
        yield handle


def _play(args: argparse.Namespace) -> int:
    if args.edition not in edition_ids():
        raise MalformedInput(
            f"--edition: unknown edition {args.edition!r}; known: {', '.join(edition_ids())}"
        )
    # Refuses a seat count or option the edition does not offer; sorts the options.
    options = new_match(args.edition, args.players, tuple(args.option)).options
    if not 0 <= args.seat < args.players:
        raise MalformedInput(f"--seat: seats are 0 to {args.players - 1}, not {args.seat}")
    if args.rounds < 0:
        raise MalformedInput(f"--rounds: expected 0 or more, not {args.rounds}")
    if args.seed is not None and args.seed < 0:
        raise MalformedInput(f"--seed: expected a non-negative integer, not {args.seed}")
    seed = args.seed if args.seed is not None else secrets.randbelow(2**32)
    bots = _bots(args.bots, args.players, args.seat, seed)
    game = Game(
        args.edition, args.players, options, seed, args.seat, bots, args.rounds or None, args.docs
    )
    seats = tuple("human" if s == args.seat else bots[s].name for s in range(args.players))
    with _transcript_file(args.transcript) as handle:
        header = Header(args.edition, args.players, options, seed, seats)
        writer = TranscriptWriter(handle, header) if handle is not None else None
        Session(game, sys.stdin, sys.stdout, writer).run()
    if args.transcript is not None:
        print(f"transcript written to {args.transcript}")
    return 0
