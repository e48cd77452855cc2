"""The table as a person sees it, for every rule family: the text of each family's table
(:mod:`~millebornes.apps.board_classic`, :mod:`~millebornes.apps.board_funspeed`,
:mod:`~millebornes.apps.board_asduvolant`), chosen by the family of the state.

Shared by ``millebornes play`` (before each of the human's moves), ``referee`` and
``explain`` (the state a legal action leads to) and the live page. Each family module
gives ``HELP``, ``table_lines``, ``move_text``, ``end_lines``, ``auto``, ``menu`` and
``parse_move``; nothing here shows another seat's hand or the draw pile's order unless
asked for the table of no seat in particular (a referee's view of a finished record).
"""

from __future__ import annotations

from types import ModuleType
from typing import Any

from millebornes import api
from millebornes.apps import board_asduvolant, board_classic, board_funspeed
from millebornes.apps.moves import Choice

_TABLES: dict[str, ModuleType] = {
    "classic": board_classic,
    "fun-speed": board_funspeed,
    "as-du-volant": board_asduvolant,
}


def family_table(state: Any) -> ModuleType:
    """The text module of ``state``'s family."""
    return _TABLES[api.family_of(state).name]


def table_lines(state: Any, seat: int | None = None) -> list[str]:
    """Where the game stands and every team's or seat's table; ``seat``'s hand if given."""
    lines: list[str] = family_table(state).table_lines(state, seat)
    return lines


def move_text(
    state: Any,
    action: Any,
    *,
    hide_draw: bool = False,
    viewer: int | None = None,
    after: Any = None,
) -> str:
    """What ``action`` does in ``state``, in words. ``viewer`` is the seat watching (another
    seat's draw stays a card); ``hide_draw`` hides the drawn card whoever draws; ``after``,
    the state the action led to, lets a draw name the card the drawer got."""
    table = family_table(state)
    if table is board_classic:
        secret = hide_draw or (viewer is not None and getattr(action, "seat", None) != viewer)
        return board_classic.move_text(state, action, hide_draw=secret)
    if hide_draw:
        viewer = -1  # nobody's: every draw hidden
    text: str = table.move_text(state, action, viewer=viewer, after=after)
    return text


LOUD_WINDOWS = ("attack", "coup_fourre")
"""The windows whose pass is news: the attack then lands (RUL-FS-WINDOWS, RUL-AV-CF-WINDOW)."""


def is_quiet(state: Any, action: Any) -> bool:
    """A pass that changes nothing one needs told (a Borne let stand, no Hold Up called, a
    move not turned back): ``play`` does not say it; the transcript records it."""
    if type(action).__name__ != "Pass":
        return False
    phase = getattr(state, "phase", None)
    return getattr(phase, "value", None) not in LOUD_WINDOWS


def end_lines(state: Any) -> list[str]:
    """The result, once the game (the classic match) is over; [] before."""
    lines: list[str] = family_table(state).end_lines(state)
    return lines


def help_text(state: Any) -> str:
    """The moves one may type in ``state``'s family."""
    text: str = family_table(state).HELP
    return text


def auto_move(state: Any, legal: tuple[Any, ...]) -> Any | None:
    """The move made for the human without asking (a lone draw, a window with nothing to
    answer), or None."""
    return family_table(state).auto(state, legal)


def menu(state: Any, legal: tuple[Any, ...], seat: int) -> list[Choice]:
    """The numbered moves shown to ``seat``."""
    choices: list[Choice] = family_table(state).menu(state, legal, seat)
    return choices


def parse_move(text: str, state: Any, seat: int) -> Any:
    """The action ``seat`` names by ``text`` in ``state``'s family (a tuple of actions when
    a detail is chosen after, as the Police's cards); MalformedInput if it names none."""
    return family_table(state).parse_move(text, state, seat)
