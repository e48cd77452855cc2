"""The count abstraction of the race families and its inductive proofs, shared by both.

A race state becomes counts (:class:`Counts`): how many cards of each kind lie in each
shared place (draw pile, discard pile, ...) and in each seat's places (hand, zone, ...),
plus a phase code, the turn seat and a few counters. A transition is a set of card
*flows* — a count of cards taken from one place and put in another, their kinds left to
z3 — followed by what it does to the phase, the turn and the counters. A flow moves
cards and never makes them, so whatever z3 chooses, a proof over these transitions
says what the rules' *movements* allow, the engine's data (box, hand size, figures) read
in.

As in :mod:`.z3model.proofs`, a property is proved inductive by asking z3 for a
counterexample: initiation (a dealt game has it) and consecution (no transition of a
state satisfying the whole invariant breaks it), each answered *unsat*.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field
from itertools import count as counter

import z3

from millebornes_invariants.z3model.algebra import Num, Truth, all_of, ite, total
from millebornes_invariants.z3model.proofs import Verdict

__all__ = [
    "Counts", "Flow", "Model", "Num", "Place", "Relation", "Shape", "Truth", "Vec", "a_seat",
    "conserved", "fits", "flowed", "fresh_int", "hand_count", "nonnegative", "prove",
    "refilled", "same_places", "some_cards", "symbolic",
]  # fmt: skip

Vec = tuple[Num, ...]
Place = tuple[str, Num | None]
"""A place's name and its seat (None for a shared place)."""


@dataclass(frozen=True)
class Counts:
    """One state as counts: per kind in each place, a phase, a turn, counters."""

    places: dict[str, Vec]
    seat_places: dict[str, tuple[Vec, ...]]
    phase: Num
    turn: Num
    numbers: dict[str, Num] = field(default_factory=dict)
    seat_numbers: dict[str, tuple[Num, ...]] = field(default_factory=dict)

    def cards(self, place: Place) -> Vec:
        name, seat = place
        if seat is None:
            return self.places[name]
        rows = self.seat_places[name]
        return tuple(_pick([row[k] for row in rows], seat) for k in range(len(rows[0])))


def _pick(values: Sequence[Num], index: Num) -> Num:
    if isinstance(index, int):
        return values[index]
    result = values[-1]
    for i in range(len(values) - 2, -1, -1):
        result = z3.If(index == i, values[i], result)
    return result


@dataclass(frozen=True)
class Shape:
    """Which places and counters a family's states have, and how many kinds and seats."""

    kinds: int
    players: int
    places: dict[str, int]
    """Shared place name to its number of kinds (cards, or token kinds)."""
    seat_places: dict[str, int]
    numbers: tuple[str, ...] = ()
    seat_numbers: tuple[str, ...] = ()


_FRESH = counter()


def fresh_int(name: str) -> z3.ArithRef:
    """A new z3 integer, its name made unique (transitions are composed many times)."""
    return z3.Int(f"{name}#{next(_FRESH)}")


def symbolic(shape: Shape, prefix: str) -> Counts:
    n = shape.players
    return Counts(
        places={
            p: tuple(z3.Int(f"{prefix}.{p}[{k}]") for k in range(size))
            for p, size in shape.places.items()
        },
        seat_places={
            p: tuple(tuple(z3.Int(f"{prefix}.{p}{s}[{k}]") for k in range(size)) for s in range(n))
            for p, size in shape.seat_places.items()
        },
        phase=z3.Int(f"{prefix}.phase"),
        turn=z3.Int(f"{prefix}.turn"),
        numbers={name: z3.Int(f"{prefix}.{name}") for name in shape.numbers},
        seat_numbers={
            name: tuple(z3.Int(f"{prefix}.{name}{s}") for s in range(n))
            for name in shape.seat_numbers
        },
    )


def fresh_counts(shape: Shape, prefix: str) -> Counts:
    """An intermediate state of a composed transition, with names of its own."""
    return symbolic(shape, f"{prefix}#{next(_FRESH)}")


# --- flows -----------------------------------------------------------------------------------


@dataclass(frozen=True)
class Flow:
    """``amount[k]`` cards of kind k go from ``source`` to ``target``."""

    source: Place
    target: Place
    amount: Vec


def some_cards(
    size: int, name: str, how_many: Num | None = None, kinds: Sequence[int] = ()
) -> tuple[Vec, Truth]:
    """A vector of ``size`` non-negative amounts adding up to ``how_many`` (any total if None),
    non-zero only at ``kinds`` if given; and the constraint saying so."""
    amount = tuple(fresh_int(f"{name}[{k}]") for k in range(size))
    allowed = set(kinds) if kinds else set(range(size))
    terms = [x >= 0 for x in amount] + [amount[k] == 0 for k in range(size) if k not in allowed]
    if how_many is not None:
        terms.append(total(amount) == how_many)
    return amount, all_of(*terms)


def _shift(row: Vec, amount: Vec, sign: int, when: Truth) -> Vec:
    return tuple(n + ite(when, sign * a, 0) for n, a in zip(row, amount, strict=True))


def flowed(a: Counts, flows: Sequence[Flow]) -> Counts:
    """``a`` after ``flows`` (no check that the sources held the cards: :func:`moved` adds it)."""
    places = dict(a.places)
    seat_places = {p: list(rows) for p, rows in a.seat_places.items()}
    for flow in flows:
        for (name, seat), sign in ((flow.source, -1), (flow.target, +1)):
            if seat is None:
                places[name] = _shift(places[name], flow.amount, sign, True)
            else:
                rows = seat_places[name]
                for s in range(len(rows)):
                    rows[s] = _shift(rows[s], flow.amount, sign, seat == s)
    return Counts(
        places,
        {p: tuple(rows) for p, rows in seat_places.items()},
        a.phase,
        a.turn,
        a.numbers,
        a.seat_numbers,
    )


def equal(a: Counts, b: Counts) -> Truth:
    """Every count, the phase, the turn and every counter of ``a`` and ``b`` agree."""
    terms = [x == y for p in a.places for x, y in zip(a.places[p], b.places[p], strict=True)]
    terms += [
        x == y
        for p in a.seat_places
        for ra, rb in zip(a.seat_places[p], b.seat_places[p], strict=True)
        for x, y in zip(ra, rb, strict=True)
    ]
    terms += [a.phase == b.phase, a.turn == b.turn]
    terms += [a.numbers[n] == b.numbers[n] for n in a.numbers]
    terms += [
        x == y
        for n in a.seat_numbers
        for x, y in zip(a.seat_numbers[n], b.seat_numbers[n], strict=True)
    ]
    return all_of(*terms)


def nonnegative(a: Counts) -> Truth:
    return all_of(
        *(x >= 0 for row in a.places.values() for x in row),
        *(x >= 0 for rows in a.seat_places.values() for row in rows for x in row),
    )


def moved(a: Counts, flows: Sequence[Flow], b_cards: Counts) -> Truth:
    """``b_cards``'s places are ``a``'s after ``flows``, and no place went below zero (a flow
    takes only cards that are there)."""
    after = flowed(a, flows)
    same = [
        x == y
        for p in after.places
        for x, y in zip(after.places[p], b_cards.places[p], strict=True)
    ]
    same += [
        x == y
        for p in after.seat_places
        for ra, rb in zip(after.seat_places[p], b_cards.seat_places[p], strict=True)
        for x, y in zip(ra, rb, strict=True)
    ]
    return all_of(*same, nonnegative(b_cards))


def same_places(x: Counts, b: Counts) -> Truth:
    terms = [
        p == q for name in x.places for p, q in zip(x.places[name], b.places[name], strict=True)
    ]
    terms += [
        p == q
        for name in x.seat_places
        for rx, rb in zip(x.seat_places[name], b.seat_places[name], strict=True)
        for p, q in zip(rx, rb, strict=True)
    ]
    return all_of(*terms)


def refilled(players: int, hand_size: int, m: Counts, b: Counts, *, exact: bool) -> Truth:
    """The end of a turn: any part of the discard pile may become draw pile (a turn-over
    or a reshuffle), then every hand below ``hand_size`` is completed from the draw pile
    (``exact``), or only partly (the pile ran out)."""
    size = len(m.places["card.draw"])
    again, ok = some_cards(size, "turned")
    m2 = flowed(m, [Flow(("card.discard", None), ("card.draw", None), again)])
    flows, terms = [], [ok, nonnegative(m2)]
    for s in range(players):
        need = ite(
            hand_count(m2, s, "card.hand") < hand_size,
            hand_size - hand_count(m2, s, "card.hand"),
            0,
        )
        amount, fine = some_cards(size, f"refill{s}")
        got = total(amount)
        terms += [fine, got == need if exact else got <= need]
        flows.append(Flow(("card.draw", None), ("card.hand", s), amount))
    m3 = flowed(m2, flows)
    return all_of(*terms, nonnegative(m3), same_places(m3, b))


def hand_count(a: Counts, seat: Num, place: str = "hand") -> Num:
    return total(a.cards((place, seat)))


def conserved(a: Counts, place_kind: str, box: Sequence[int]) -> Truth:
    """Per kind, the cards in every place of this kind of place (cards or tokens) add up to
    the box: ``place_kind`` selects the places whose names start with it."""
    rows: list[Vec] = [row for p, row in a.places.items() if p.startswith(place_kind)]
    rows += [r for p, rs in a.seat_places.items() if p.startswith(place_kind) for r in rs]
    return all_of(*(total([row[k] for row in rows]) == n for k, n in enumerate(box)))


def a_seat(players: int, name: str) -> tuple[z3.ArithRef, Truth]:
    seat = fresh_int(name)
    return seat, all_of(seat >= 0, seat < players)


# --- proofs ----------------------------------------------------------------------------------

Relation = Callable[[Counts, Counts], Truth]


@dataclass(frozen=True)
class Model:
    """What a family's proofs need: its shape, its dealt games, its moves, its properties."""

    label: str
    shape: Shape
    initial: Callable[[Counts], Truth]
    moves: Callable[[], Iterator[tuple[str, Relation]]]
    properties: dict[str, Callable[[Counts], Truth]]


def _unsat(solver: z3.Solver, goal: Truth) -> tuple[bool, str]:
    negation = z3.BoolVal(not goal) if isinstance(goal, bool) else z3.Not(goal)
    result = solver.check(negation)
    if result == z3.unsat:
        return True, ""
    return False, str(solver.model())[:2000] if result == z3.sat else f"z3 answered {result}"


def prove(model: Model) -> list[Verdict]:
    """Initiation and consecution of every property of ``model``, for every move."""
    a, b = symbolic(model.shape, "a"), symbolic(model.shape, "b")
    verdicts = []
    solver = z3.Solver()
    solver.add(model.initial(a))
    for proof, prop in model.properties.items():
        began = time.perf_counter()
        proved, found = _unsat(solver, prop(a))
        verdicts.append(
            Verdict(proof, model.label, "initiation", proved, time.perf_counter() - began, found)
        )
    invariant = all_of(*(prop(a) for prop in model.properties.values()))
    for label, relation in model.moves():
        solver = z3.Solver()
        solver.add(invariant, relation(a, b))
        for proof, prop in model.properties.items():
            began = time.perf_counter()
            proved, found = _unsat(solver, prop(b))
            verdicts.append(
                Verdict(proof, model.label, label, proved, time.perf_counter() - began, found)
            )
    return verdicts


def fits(model: Model, before: Counts, after: Counts, action: str) -> bool:
    """Does the concrete step ``before`` → ``after`` satisfy one of the moves whose label
    names ``action`` (the engine's action kind; ``*`` names them all)? The link: the
    engine's real steps are instances of the model's transitions."""
    for label, relation in model.moves():
        if action in label.split() or label == "*":
            solver = z3.Solver()
            solver.add(relation(before, after))
            if solver.check() == z3.sat:
                return True
    return False
