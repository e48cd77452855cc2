"""Command-line values made valid or refused in one line that names the argument.

Every subcommand parses with :class:`Parser`: a bad value ends the program with
``millebornes demo: error: argument --players: ...`` on one line and exit status 2,
never a usage block or a traceback. Help shows each option's default. The game
arguments (edition, players, option, seed) are shared by every command that starts
a match: :func:`add_game_arguments` declares them and :func:`game_from_args` checks
them against the edition's data (SEAT-COUNTS, GOAL-DISTANCE) for the classic family, and
against ``millebornes.editions()`` and ``millebornes.new_game`` for every rule set.
"""

from __future__ import annotations

import argparse
import sys
from dataclasses import dataclass
from typing import Any, NoReturn

from millebornes import api
from millebornes.core.errors import MalformedInput
from millebornes.core.family import EditionInfo
from millebornes.core.shuffle import MASK64
from millebornes.families.classic.edition import load_edition


def edition_ids() -> tuple[str, ...]:
    """Every rule set's id, the classic family's first (``millebornes.editions()``)."""
    return tuple(info.id for info in api.editions())


def edition_info(edition: str) -> EditionInfo:
    """The rule set ``edition`` as ``millebornes.editions()`` describes it."""
    return next(info for info in api.editions() if info.id == edition)


class HelpFormatter(argparse.ArgumentDefaultsHelpFormatter, argparse.RawDescriptionHelpFormatter):
    """Shows ``(default: X)`` where a default says something (not None, False or []) and
    the help does not already speak of it."""

    def _get_help_string(self, action: argparse.Action) -> str:
        text = action.help or ""
        if action.default in (None, False, [], argparse.SUPPRESS) or "default" in text:
            return text
        return super()._get_help_string(action) or text


class Parser(argparse.ArgumentParser):
    """An argument parser whose errors are one line: the command, the argument, the reason."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        kwargs.setdefault("formatter_class", HelpFormatter)
        super().__init__(*args, **kwargs)

    def error(self, message: str) -> NoReturn:
        fail(f"{self.prog}: error: {message} (see {self.prog} --help)")


def fail(line: str, status: int = 2) -> NoReturn:
    """Print ``line`` (one line) on stderr and exit with ``status``."""
    print(" ".join(line.split()), file=sys.stderr)
    raise SystemExit(status)


class UsageError(Exception):
    """A value that parses but does not fit the rest (e.g. 5 players in an edition of 2-4)."""


def seed_value(text: str) -> int:
    """A seed: an integer from 0 to 2**64 - 1 (SHUFFLE-PRNG); reported as typed if not."""
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not an integer") from None
    if not 0 <= value <= MASK64:
        raise argparse.ArgumentTypeError(f"{text} is out of range: a seed is 0 to 2**64 - 1")
    return value


def count_value(text: str) -> int:
    """A count that may be 0: 0, 1, 2, ..."""
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not an integer") from None
    return _at_least(value, 0)


def positive_value(text: str) -> int:
    """A count of at least 1."""
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not an integer") from None
    return _at_least(value, 1)


def _at_least(value: int, low: int) -> int:
    """``value``, or the one message every count gives below its least value."""
    if value < low:
        what = "negative" if value < 0 else "too few"
        raise argparse.ArgumentTypeError(f"{value} is {what}: give {low} or more")
    return value


def edition_value(text: str) -> str:
    if text not in edition_ids():
        raise argparse.ArgumentTypeError(
            f"unknown edition {text!r}; known: {', '.join(edition_ids())}"
        )
    return text


def add_game_arguments(parser: argparse.ArgumentParser, *, seed: int = 2026) -> None:
    """--edition, --players, --option and --seed, as every game command takes them."""
    parser.add_argument(
        "--edition",
        type=edition_value,
        default="classic",
        help=f"the edition: {', '.join(edition_ids())} (see `millebornes editions`)",
    )
    parser.add_argument(
        "--players",
        type=int,
        default=2,
        metavar="N",
        help="seat count; the edition says which it offers",
    )
    parser.add_argument(
        "--option",
        action="append",
        default=[],
        metavar="NAME",
        help="an edition option, repeatable (e.g. goal_700 at 4 or 8 players)",
    )
    parser.add_argument(
        "--seed",
        type=seed_value,
        default=seed,
        metavar="N",
        help="seeds the shuffle (0 to 2**64 - 1)",
    )


@dataclass(frozen=True, slots=True)
class Game:
    """A checked edition, seat count and options."""

    edition: str
    players: int
    options: tuple[str, ...]


def either(values: tuple[int, ...]) -> str:
    """``2, 3 or 4``."""
    words = [str(v) for v in values]
    return words[0] if len(words) == 1 else f"{', '.join(words[:-1])} or {words[-1]}"


def check_game(edition: str, players: int, options: tuple[str, ...]) -> Game:
    """The game, or :class:`UsageError` naming the argument that the edition refuses."""
    info = edition_info(edition)
    if info.family != "classic":
        return _check_other(info, players, options)
    rules = load_edition(edition)
    if players not in rules.teams_by_seats:
        raise UsageError(
            f"argument --players: {edition} is played by {either(rules.seat_counts)} players,"
            f" not {players} (SEAT-COUNTS)"
        )
    for name in options:
        option = rules.options.get(name)
        if option is None:
            offered = ", ".join(rules.options) or "no option"
            raise UsageError(
                f"argument --option: {edition} has no option {name!r}; it offers {offered}"
            )
        if players not in option.seats:
            raise UsageError(
                f"argument --option: {name} is played by {either(option.seats)} players only,"
                f" not {players}"
            )
    return Game(edition, players, tuple(sorted(set(options))))


def _check_other(info: EditionInfo, players: int, options: tuple[str, ...]) -> Game:
    """A game of another family: seats and options from ``millebornes.editions()``, then
    whatever else the family refuses (an option at a seat count) from ``new_game``."""
    if players not in info.seat_counts:
        raise UsageError(
            f"argument --players: {info.id} is played by {either(info.seat_counts)} players,"
            f" not {players}"
        )
    for name in options:
        if name not in info.options:
            offered = ", ".join(info.options) or "no option"
            raise UsageError(
                f"argument --option: {info.id} has no option {name!r}; it offers {offered}"
            )
    chosen = tuple(sorted(set(options)))
    try:
        api.new_game(info.id, players, chosen, seed=0)
    except MalformedInput as error:
        reason = str(error).removeprefix("options: ")
        raise UsageError(f"argument --option: {info.id}: {reason}") from None
    return Game(info.id, players, chosen)


def game_from_args(parser: argparse.ArgumentParser, args: argparse.Namespace) -> Game:
    """The game the arguments describe; a refused one ends the program in one line."""
    try:
        return check_game(args.edition, args.players, tuple(args.option))
    except UsageError as error:
        parser.error(str(error))
