"""The ``millebornes`` command: every subcommand is registered here.

Errors end in one line on stderr and a non-zero exit, never a traceback: a bad
argument exits 2 (:mod:`millebornes.apps.arguments`), a refused input (MalformedInput or
any engine error from any subcommand) exits 1.

A subcommand lives in its own module with two functions: one that adds its parser to
``commands`` (use :func:`millebornes.apps.arguments.add_game_arguments` for the edition,
players, options and seed) and one that runs it from the parsed arguments; it is
registered in :func:`build_parser` and :func:`run` with a line each.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Sequence
from typing import Any

from millebornes.apps.arguments import (
    Parser,
    add_game_arguments,
    count_value,
    game_from_args,
)
from millebornes.apps.play_commands import COMMANDS, add_play_commands, run_play_command
from millebornes.apps.stopping import run_command
from millebornes.conformance.commands import add_commands, dispatch
from millebornes.registry import family_of_edition

DESCRIPTION = """\
The canonical Mille Bornes rules as a command line.

quick commands (no set-up beyond tools/setup.sh, nothing regenerated):
  millebornes demo          play a seeded demo and print its transcript
  millebornes simulate      play many rounds between bots and report the figures
  millebornes tournament    rank bots (random, greedy, search, your own) with ratings
  millebornes editions      the rule sets, their seat counts, options and goals
  millebornes play          a game in the terminal against bots
  millebornes referee FILE  check a recorded game; explain: judge one action
the conformance suite:
  millebornes serve, millebornes conformance generate|run|coverage
"""


def version() -> str:
    from importlib import metadata  # noqa: PLC0415 - slow to import; only --version needs it

    try:
        return metadata.version("millebornes")
    except metadata.PackageNotFoundError:  # run from a source tree that is not installed
        return "unknown (not installed)"


class VersionAction(argparse.Action):
    """``--version``: the installed package's version, looked up only when asked."""

    def __call__(self, parser: argparse.ArgumentParser, *_: Any) -> None:
        print(f"millebornes {version()}")
        parser.exit()


def build_parser() -> argparse.ArgumentParser:
    parser = Parser(prog="millebornes", description=DESCRIPTION)
    parser.add_argument("--version", action=VersionAction, nargs=0, help="print the version")
    commands = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")

    demo = commands.add_parser(
        "demo",
        help="play a seeded demo and print its transcript",
        description="Play a seeded demo between players that lay a card when they can, and\n"
        "print every action, the tableaus it leaves and each round's score sheet.\n"
        "Fun & Speed and As du Volant: one whole game between greedy bots, every action,\n"
        "the distances after each card laid, the winners (and points).",
    )
    add_game_arguments(demo)
    demo.add_argument(
        "--rounds",
        type=count_value,
        default=1,
        metavar="N",
        help="rounds to play; 0 = the whole match (fun-speed and as-du-volant: always"
        " one whole game)",
    )
    demo.add_argument("--json", action="store_true", help="print one JSON document instead")

    editions = commands.add_parser(
        "editions",
        help="list the rule sets: family, seat counts, teams, options, goals",
        description="Every rule set (millebornes.editions()): the classic family's editions of\n"
        "spec/editions/, Fun & Speed and As du Volant; for each seat count the teams and\n"
        "the goal, with each option that applies (and the board of As du Volant).",
    )
    editions.add_argument("--json", action="store_true", help="print JSON instead of a table")

    from millebornes.apps.simulate_cli import add_simulate  # noqa: PLC0415 - keeps Dask out of start-up

    add_simulate(commands)
    from millebornes.apps.tournament_cli import add_tournament  # noqa: PLC0415 - as simulate

    add_tournament(commands)
    add_commands(commands)
    add_play_commands(commands)
    return parser


def _demo(parser: argparse.ArgumentParser, args: argparse.Namespace) -> int:
    from millebornes.apps.demo import (  # noqa: PLC0415
        as_json,
        game_as_json,
        play_demo,
        play_game_demo,
        render_game_text,
        render_text,
    )

    game = game_from_args(parser, args)
    if family_of_edition(game.edition).name != "classic":
        whole = play_game_demo(game, args.seed)
        if args.json:
            print(json.dumps(game_as_json(whole), ensure_ascii=False, indent=1))
        else:
            for line in render_game_text(whole):
                print(line)
        return 0
    record = play_demo(game, args.seed, args.rounds or None)
    if args.json:
        print(json.dumps(as_json(record), ensure_ascii=False, indent=1))
    else:
        for line in render_text(record):
            print(line)
    return 0


def _editions(args: argparse.Namespace) -> int:
    from millebornes.apps.edition_summary import render, summaries  # noqa: PLC0415

    data = summaries()
    if args.json:
        print(json.dumps(data, ensure_ascii=False, indent=1))
        return 0
    for number, edition in enumerate(data):
        if number:
            print()
        for line in render(edition):
            print(line)
    return 0


def run(argv: Sequence[str] | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    subparser = parser_of(parser, args.command)
    if args.command in COMMANDS:
        return run_play_command(args)
    if args.command == "demo":
        return _demo(subparser, args)
    if args.command == "editions":
        return _editions(args)
    if args.command == "simulate":
        from millebornes.apps.simulate_cli import run_simulate  # noqa: PLC0415

        return run_simulate(subparser, args)
    if args.command == "tournament":
        from millebornes.apps.tournament_cli import run_tournament  # noqa: PLC0415

        return run_tournament(subparser, args)
    return dispatch(args)


def parser_of(parser: argparse.ArgumentParser, command: str) -> argparse.ArgumentParser:
    """The subparser of ``command``, so its errors name it (``millebornes demo: error``)."""
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            found: argparse.ArgumentParser = action.choices[command]
            return found
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command; an engine error from any subcommand is one line, exit 1; Ctrl-C
    and SIGTERM are one line too, after what was open has closed (exit 130 and 143)."""
    return run_command("millebornes", lambda: run(argv))


if __name__ == "__main__":
    sys.exit(main())
