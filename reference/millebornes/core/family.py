"""The family protocol: what every rule family gives the API, the conformance package and
the applications.

A *rule family* is a game of one shape: its own cards, actions, state, precondition
tables, transitions, scoring and JSON (the classic family plays classic, Cars, Astérix
and the Allonge rules; Fun & Speed and As du Volant are families of their own). The
layers above the families (``millebornes.api``, ``millebornes.conformance``,
``millebornes.apps``) never ask which family they hold: they call these methods on the
family the state belongs to. A new family is one package that exports one object
satisfying :class:`RuleFamily`, and one line in :mod:`millebornes.registry`.

States and actions are the family's own types; the protocol speaks of them as ``S`` and
``A``. Every method refuses a value of another family with :class:`MalformedInput`
(the API routes by :meth:`RuleFamily.owns_state` first, so a family only sees its own).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from enum import Enum
from typing import Any, Protocol, TypeVar

from millebornes.core.errors import MalformedInput

S = TypeVar("S")
A = TypeVar("A")
C = TypeVar("C", bound=Enum)

JsonDict = dict[str, Any]


@dataclass(frozen=True, slots=True)
class SeatCount:
    """One seat count an edition is played at."""

    players: int
    teams: int
    """Equal to ``players`` when everyone plays alone."""
    goal: int
    """The distance that wins, in km, without options."""
    goal_with_option: Mapping[str, int] = field(default_factory=dict)
    """The goal under each option that changes it at this seat count."""


@dataclass(frozen=True, slots=True)
class EditionInfo:
    """What a person or a program needs to choose a game: one rule set of one family."""

    id: str
    """The edition id every function takes (``classic``, ``cars``, ``fun-speed``, …)."""
    family: str
    """The rule family that plays it (``classic``, ``fun-speed``, ``as-du-volant``)."""
    title: str
    seats: tuple[SeatCount, ...]
    options: tuple[str, ...]
    """The option names ``new_game`` takes (``spec/`` says what each changes)."""
    board: str | None = None
    """The default board of a family played on a track (As du Volant), else None."""

    @property
    def seat_counts(self) -> tuple[int, ...]:
        return tuple(row.players for row in self.seats)


class RuleFamily(Protocol[S, A]):
    """One rule family, as every layer above the families sees it."""

    name: str
    """The family's name: ``classic``, ``fun-speed`` or ``as-du-volant``; a family state's
    JSON carries it (``family``), except the classic state's, which carries ``format``."""
    editions: tuple[str, ...]
    """The edition ids the family plays."""

    def edition_info(self) -> tuple[EditionInfo, ...]:
        """Every edition the family plays, with its seats, options and goals."""
        ...

    def owns_state(self, value: object) -> bool:
        """True when ``value`` is a state of this family (how the API dispatches)."""
        ...

    def owns_action(self, value: object) -> bool:
        """True when ``value`` is an action of this family."""
        ...

    def new_game(
        self,
        edition: str,
        players: int,
        options: Sequence[str],
        *,
        seed: int | None,
        deck: Sequence[Any] | None,
        board: object | None,
    ) -> S:
        """A game ready for its first move: dealt from ``deck`` (cards or card IDs, in
        order) or from ``seed`` through the portable shuffle. ``board`` is a board of a
        family played on a track (a board object or its JSON), else refused when given."""
        ...

    def actor(self, state: S) -> int | None:
        """The seat that acts next, or None once the game is over."""
        ...

    def is_chance(self, state: S) -> bool:
        """True at a chance node: the next action is a deal, made by :meth:`chance_action`."""
        ...

    def chance_action(self, state: S, seed: int) -> A:
        """The deal (or reshuffle) of a chance node, made from ``seed`` by the portable
        shuffle; :class:`MalformedInput` where the state is not a chance node."""
        ...

    def legal_actions(self, state: S) -> tuple[A, ...]:
        """Every legal action in the family's canonical order; () at a chance node and
        once the game is over."""
        ...

    def violations(self, state: S, action: A) -> tuple[str, ...]:
        """The IDs of the rules ``action`` breaks, in the family's table order; () when it
        is legal."""
        ...

    def apply(self, state: S, action: A) -> S:
        """The state after ``action``, or :class:`IllegalAction` naming the rules broken."""
        ...

    def winners(self, state: S) -> tuple[int, ...]:
        """Who has won: the winning teams of a finished classic match, the winning seats
        of a finished game of the other families; () while play goes on."""
        ...

    def score(self, state: S) -> JsonDict:
        """The family's score sheet as JSON (documented with the family's JSON forms)."""
        ...

    def state_to_dict(self, state: S) -> JsonDict:
        """The state's canonical JSON form, naming its family (``family``; the classic
        state carries ``format`` instead)."""
        ...

    def state_from_dict(self, data: object) -> S:
        """A loadable state, or :class:`MalformedInput` naming the field."""
        ...

    def action_to_dict(self, action: A) -> JsonDict:
        """The action's JSON form: its ``type`` and its fields."""
        ...

    def action_from_dict(self, data: object) -> A:
        """A well-formed action, or :class:`MalformedInput` naming the field."""
        ...

    def describe_action(self, state: S, action: A) -> str:
        """``action`` in ``state`` in words, for a person."""
        ...

    def describe_state(self, state: S) -> str:
        """Where the game stands, in a line, for a person."""
        ...


def read_deck(deck: object, cards: type[C], parse: Callable[[object, str], C]) -> tuple[C, ...]:
    """A deck given to ``new_game``: a sequence of the family's ``cards`` or of their IDs
    (each read by the family's ``parse``, which names the field it refuses)."""
    if isinstance(deck, (str, bytes)) or not isinstance(deck, Sequence):
        raise MalformedInput(f"deck: a list of cards, not {type(deck).__name__}")
    return tuple(
        card if isinstance(card, cards) else parse(card, f"deck[{i}]")
        for i, card in enumerate(deck)
    )


def describe_fields(action: Mapping[str, Any]) -> str:
    """An action in words from its JSON form: ``seat 1 attack: card STOP, target 0``. The
    families whose actions carry no prose of their own are described this way."""
    rest = ", ".join(
        f"{name} {value}" for name, value in action.items() if name not in ("type", "seat")
    )
    what = str(action.get("type", "?")).replace("_", " ")
    return f"seat {action.get('seat')} {what}" + (f": {rest}" if rest else "")


def race_line(phase: str, goal: int, draw_pile: int, km: Sequence[int], actor: int | None) -> str:
    """Where a race of seats playing alone stands, in a line: the phase, the goal, the
    draw pile, each seat's km and who acts."""
    seats = ", ".join(f"seat {seat} {value} km" for seat, value in enumerate(km))
    who = "the game is over" if actor is None else f"seat {actor} to act"
    return f"{phase}, goal {goal} km, draw pile {draw_pile} cards; {seats}; next: {who}"


class ModuleFamily:
    """The usual way a family satisfies :class:`RuleFamily`: its ``engine`` module gives
    ``legal_actions``, ``violations`` and ``apply``, its ``json`` module the four JSON
    functions, and the subclass what differs (starting a game, editions, winners, score,
    words). The family's rules are data the object holds and passes to the engine:
    ``rules``, its precondition tables, and ``transitions``, each action kind's effect. A
    subclass is a frozen dataclass with both as fields, so ``dataclasses.replace`` makes a
    family that plays by other tables or transitions (how the mutation harness builds a
    mutant), and nothing is ever patched in place."""

    name: str
    editions: tuple[str, ...]
    engine: Any
    json: Any
    state_type: type
    action_types: tuple[type, ...]
    rules: Any
    """The precondition tables the engine judges by."""
    transitions: Any
    """Action kind to the transition applied once the tables find nothing broken."""

    def owns_state(self, value: object) -> bool:
        return isinstance(value, self.state_type)

    def owns_action(self, value: object) -> bool:
        return isinstance(value, self.action_types)

    def actor(self, state: Any) -> int | None:
        seat: int | None = state.actor
        return seat

    def is_chance(self, state: Any) -> bool:
        """No chance node once dealt, unless the family says otherwise."""
        return False

    def chance_action(self, state: Any, seed: int) -> Any:
        raise MalformedInput(f"{self.name} has no chance node after the deal")

    def legal_actions(self, state: Any) -> tuple[Any, ...]:
        actions: tuple[Any, ...] = self.engine.legal_actions(state, self.rules)
        return actions

    def violations(self, state: Any, action: Any) -> tuple[str, ...]:
        ids: tuple[str, ...] = self.engine.violations(state, action, self.rules)
        return ids

    def apply(self, state: Any, action: Any) -> Any:
        return self.engine.apply(state, action, self.rules, self.transitions)

    def winners(self, state: Any) -> tuple[int, ...]:
        """The seats that won, once the game is over (the state records them)."""
        seats: tuple[int, ...] = state.winners
        return seats

    def state_to_dict(self, state: Any) -> JsonDict:
        data: JsonDict = self.json.state_to_dict(state)
        return data

    def state_from_dict(self, data: object) -> Any:
        return self.json.state_from_dict(data)

    def action_to_dict(self, action: Any) -> JsonDict:
        data: JsonDict = self.json.action_to_dict(action)
        return data

    def action_from_dict(self, data: object) -> Any:
        return self.json.action_from_dict(data)

    def describe_action(self, state: Any, action: Any) -> str:
        return describe_fields(self.action_to_dict(action))
