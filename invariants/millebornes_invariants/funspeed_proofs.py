"""Inductive proofs for Fun & Speed over the count abstraction of :mod:`.race_z3`.

Two models, both read from the family's data (:data:`millebornes.families.funspeed.DATA`)
at each seat count of RUL-FS-SEATS:

* **cards** — every card kind in the draw pile, the discard pile, the cards removed
  from play (FS-SINGLE-USE), the attack travelling in a window, and each seat's hand
  and zone (FS-ZONE). Every action kind is a transition that moves cards between these
  places, then ends (or not) the turn. PROOF-FS-CONSERVATION: per kind the places add
  up to the box (FS-BOX). PROOF-FS-HAND-SIZE: between turns and while a turn is played
  every hand but the turn player's holds four; that one holds at most five while
  playing, at most four otherwise (FS-DRAW, FS-REFILL).
* **km** — each zone's total (FS-KM) and whether a Borne window is open (its layer and
  the Borne's value). PROOF-FS-OVERSHOOT: no zone ever passes the goal by more than
  the largest single gain less the km unit (25) — the gain of one step is at most one
  Borne with every Accélérateur (FS-ACCEL), a coup-fourré or a safety; a Hold Up takes
  one Borne; the Hélicoptère only exchanges totals below the goal. The bound is
  :func:`overshoot_bound`; the goal itself is reachable
  (:func:`millebornes_invariants.funspeed_z3.fewest_turns` gives the fewest turns).

**Assumptions** (stated so that a ruling that changes them is seen): a transition may
refill the hands only at the end of a turn, from the draw pile, after turning any part of
the discard pile into the draw pile (RUL-FS-EMPTY-PILE, seeded or not: the model leaves
the order and the amount to z3); after a safety the turn may go on, end, or ask for a
new draw ("draw again" is one more transition); the seat that acts in a window is any
seat; the next turn is any seat. These over-approximate the engine, so what is proved
holds of the engine too — the link test checks that the engine's real steps are
instances of these transitions.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence

from millebornes.families.funspeed.cards import (
    DATA,
    DISTANCES,
    KM,
    FsCard,
)
from millebornes.families.funspeed.state import FsPhase, FsState
from millebornes_invariants.race_z3 import (
    Counts,
    Flow,
    Model,
    Relation,
    Shape,
    Truth,
    Vec,
    a_seat,
    conserved,
    flowed,
    fresh_int,
    hand_count,
    nonnegative,
    refilled,
    same_places,
    some_cards,
)
from millebornes_invariants.z3model.algebra import (
    Num,
    all_of,
    any_of,
    every,
    implies,
    ite,
    negate,
    one_of,
    total,
)

CONSERVATION = "PROOF-FS-CONSERVATION"
HAND_SIZE = "PROOF-FS-HAND-SIZE"
OVERSHOOT = "PROOF-FS-OVERSHOOT"
PROOF_IDS = (CONSERVATION, HAND_SIZE, OVERSHOOT)

DRAW, PLAY, WINDOW, OVER = range(4)
"""The model's phases: a Fun & Speed attack, Borne or Hold Up window is WINDOW."""
KINDS = len(FsCard)
BOX = tuple(n for _, n in DATA.box)
H = DATA.hand_size
ACCELERATOR = int(FsCard.ACCELERATOR)
BORNE_KINDS = tuple(int(c) for c in DISTANCES)


def shape(players: int, size: int = KINDS) -> Shape:
    """``size`` kinds: every card kind, or 1 (the totals: what the hand sizes depend on)."""
    return Shape(
        kinds=size,
        players=players,
        places={f"card.{p}": size for p in ("draw", "discard", "removed", "pending")},
        seat_places={"card.hand": size, "card.zone": size},
    )


def _hand(a: Counts, seat: object) -> object:
    return hand_count(a, seat, "card.hand")


def _then(players: int, m: Counts, b: Counts, *ends: str, window_seat: object = None) -> Truth:
    """What follows a move's card flows: ``stay`` (same phase, same turn), ``window`` (a
    window opens or goes on), ``draw`` (a new draw, same turn, the discard pile reshuffled
    into an empty draw pile first), ``end`` (the turn ends: refill, next turn to any seat,
    or the coup-fourré player's play; a change of the race totals then opens the Hold Up
    window, RUL-FS-HOLDUP), ``over``."""
    options = []
    same = same_places(m, b)
    if "stay" in ends:
        options.append(all_of(same, b.phase == m.phase, b.turn == m.turn))
    if "window" in ends:
        options.append(all_of(same, b.phase == WINDOW, b.turn == m.turn))
    if "draw" in ends:  # a reshuffle is a refill that completes no hand
        options.append(all_of(refilled(players, 0, m, b, exact=True), b.phase == DRAW,
                              b.turn == m.turn))  # fmt: skip
    if "end" in ends:
        nxt = all_of(b.turn >= 0, b.turn < players)
        phase = one_of(b.phase, (DRAW, PLAY, WINDOW) if window_seat is not None else (DRAW, WINDOW))
        turn = b.turn == window_seat if window_seat is not None else nxt
        options.append(
            all_of(
                refilled(players, H, m, b, exact=True),
                phase,
                any_of(turn, all_of(nxt, one_of(b.phase, (DRAW, WINDOW)))),
            )
        )
    if "over" in ends or "end" in ends:  # RUL-FS-EMPTY-PILE: any turn's end may end the game
        options.append(
            all_of(refilled(players, H, m, b, exact=False), b.phase == OVER, b.turn == m.turn)
        )
    return any_of(*options)


def _move(a: Counts, flows: list[Flow], *terms: Truth) -> tuple[Counts, Truth]:
    m = flowed(a, flows)
    return m, all_of(*terms, nonnegative(m))


# One table of transitions, each a closure over the seat count: long by nature.
def moves(players: int, size: int = KINDS) -> Iterator[tuple[str, Relation]]:  # noqa: PLR0915
    """Every transition, labelled by the engine's action kinds it stands for; with ``size``
    1, the same transitions over totals (a kind restriction is dropped: more is allowed)."""
    n = players
    accelerator = ACCELERATOR if size == KINDS else 0

    def _cards(name: str, how_many: Num | None, kinds: Sequence[int] = ()) -> tuple[Vec, Truth]:
        return some_cards(size, name, how_many, kinds if size == KINDS else ())

    def rel(build: object) -> Relation:
        return build  # type: ignore[return-value]

    def draw(a: Counts, b: Counts) -> Truth:
        one, ok = _cards("drawn", 1)
        source = ("card.draw", None)
        m, pre = _move(a, [Flow(source, ("card.hand", a.turn), one)], ok, a.phase == DRAW)
        m2, pre2 = _move(
            a, [Flow(("card.discard", None), ("card.hand", a.turn), one)], ok, a.phase == DRAW
        )
        # a draw that empties the pile is followed by a reshuffle (RUL-FS-EMPTY-PILE): a
        # refill that completes no hand
        return any_of(
            all_of(pre, refilled(n, 0, m, b, exact=True), b.phase == PLAY, b.turn == a.turn),
            all_of(pre2, same_places(m2, b), b.phase == PLAY, b.turn == a.turn),
        )

    yield "DrawPile DrawDiscard", rel(draw)

    def lay_borne(a: Counts, b: Counts) -> Truth:
        borne, ok = _cards("borne", 1, BORNE_KINDS)
        boost = fresh_int("boost")
        accel = tuple(ite(k == accelerator, boost, 0) for k in range(size))
        t = a.turn
        m, pre = _move(
            a,
            [
                Flow(("card.hand", t), ("card.zone", t), borne),
                Flow(("card.hand", t), ("card.zone", t), accel),
            ],
            ok, boost >= 0, boost <= DATA.max_accelerators, a.phase == PLAY,
        )  # fmt: skip
        return all_of(pre, _then(n, m, b, "window"))

    yield "LayBorne", rel(lay_borne)

    def from_hand(place: str, ends: tuple[str, ...], extra: int = 0) -> Relation:
        """The turn player lays one card into ``place`` (and ``extra`` cards of its zone
        go to the discard pile: the attacks a safety cures)."""

        def relation(a: Counts, b: Counts) -> Truth:
            t = a.turn
            card, ok = _cards("card", 1)
            target = (place, t) if place == "card.zone" else (place, None)
            flows = [Flow(("card.hand", t), target, card)]
            terms = [ok, a.phase == PLAY]
            if extra:
                cured, fine = _cards("cured", None)
                flows.append(Flow(("card.zone", t), ("card.discard", None), cured))
                terms += [fine, total(cured) <= extra]
            m, pre = _move(a, flows, *terms)
            return all_of(pre, _then(n, m, b, *ends))

        return relation

    yield "Attack", from_hand("card.pending", ("window",))
    yield "Attack Discard", from_hand("card.discard", ("end",))
    yield "Remedy", from_hand("card.discard", ("end",), extra=1)
    yield "Safety", from_hand("card.zone", ("stay", "window", "draw", "end", "over"), extra=2)
    yield "Trash Helicopter Police", from_hand("card.removed", ("end", "over"))

    def helicopter(a: Counts, b: Counts) -> Truth:
        t = a.turn
        x, on_board = a_seat(n, "other")
        card, ok = _cards("helicopter", 1, (int(FsCard.HELICOPTER),))
        mine, theirs = a.cards(("card.zone", t)), a.cards(("card.zone", x))
        m, pre = _move(
            a,
            [
                Flow(("card.hand", t), ("card.removed", None), card),
                Flow(("card.zone", t), ("card.zone", x), mine),
                Flow(("card.zone", x), ("card.zone", t), theirs),
            ],
            ok, on_board, x != t, a.phase == PLAY,
        )  # fmt: skip
        return all_of(pre, _then(n, m, b, "end", "over"))

    yield "Helicopter", rel(helicopter)

    def police(a: Counts, b: Counts) -> Truth:
        t = a.turn
        x, on_board = a_seat(n, "target")
        card, ok = _cards("police", 1, (int(FsCard.POLICE),))
        take, ok2 = _cards("take", 1)
        give, ok3 = _cards("give", 1)
        m, pre = _move(
            a,
            [
                Flow(("card.hand", t), ("card.removed", None), card),
                Flow(("card.hand", x), ("card.hand", t), take),
                Flow(("card.hand", t), ("card.hand", x), give),
            ],
            ok, ok2, ok3, on_board, x != t, a.phase == PLAY,
        )  # fmt: skip
        return all_of(pre, _then(n, m, b, "end"))

    yield "Police", rel(police)

    def trash(a: Counts, b: Counts) -> Truth:
        t = a.turn
        card, ok = _cards("trash", 1, (int(FsCard.TRASH),))
        flows = [Flow(("card.hand", t), ("card.removed", None), card)]
        terms = [ok, a.phase == PLAY]
        for s in range(n):
            thrown, fine = _cards(f"thrown{s}", None, (int(FsCard.D200), accelerator))
            flows.append(Flow(("card.zone", s), ("card.discard", None), thrown))
            terms.append(fine)
        m, pre = _move(a, flows, *terms)
        return all_of(pre, _then(n, m, b, "end"))

    yield "Trash", rel(trash)

    def window(
        spent: str | None,
        pending: str | None,
        zone_loss: str,
        ends: tuple[str, ...],
        *,
        own_turn: bool = False,
        cured: int = 0,
    ) -> Relation:
        """A seat answers a window: it spends a card of its hand into ``spent`` (or none);
        the pending attack goes to ``pending`` (or stays); a zone loses up to a Borne with
        its Accélérateurs (``zone_loss``: ``discard``, ``steal`` or ``none``)."""

        def relation(a: Counts, b: Counts) -> Truth:
            x, on_board = a_seat(n, "asked")
            y, on_board2 = a_seat(n, "other")
            flows: list[Flow] = []
            terms = [on_board, on_board2, a.phase == WINDOW]
            if spent is not None:
                card, ok = _cards("spent", 1)
                target = ("card.zone", x) if spent == "card.zone" else (spent, None)
                flows.append(Flow(("card.hand", x), target, card))
                terms.append(ok)
            if pending is not None:
                attack, ok = _cards("attack", None)
                target = ("card.zone", x) if pending == "card.zone" else (pending, None)
                flows.append(Flow(("card.pending", None), target, attack))
                terms += [ok, total(attack) <= 1]
            if zone_loss != "none":
                lost, ok = _cards("lost", None)
                target = ("card.zone", x) if zone_loss == "steal" else ("card.discard", None)
                flows.append(Flow(("card.zone", y), target, lost))
                terms += [ok, total(lost) <= 1 + DATA.max_accelerators]
            if cured:
                gone, ok = _cards("cured", None)
                flows.append(Flow(("card.zone", x), ("card.discard", None), gone))
                terms += [ok, total(gone) <= cured]
            m, pre = _move(a, flows, *terms)
            return all_of(pre, _then(n, m, b, *ends, window_seat=x if own_turn else None))

        return relation

    yield "Remedy", window("card.discard", "card.discard", "none", ("end",))
    yield (
        "CoupFourre",
        window("card.zone", "card.discard", "none", ("end", "over"), own_turn=True, cured=2),
    )
    yield "Mirror", window("card.discard", None, "none", ("window",))
    yield "Mirror", window("card.discard", "card.discard", "none", ("end",))
    yield "UTurn", window("card.removed", None, "discard", ("end",))
    yield "Killer FalseHoldUp", window(None, None, "discard", ("draw", "end", "over"))
    yield "HoldUp", window(None, None, "steal", ("draw", "end", "over"))
    yield "Pass", window(None, "card.zone", "none", ("window", "draw", "end", "over"))


def _hand_size(players: int, a: Counts) -> Truth:
    """PROOF-FS-HAND-SIZE: the upper bounds. (That the other hands hold exactly four before
    the draw is not inductive over this model, whose one WINDOW phase cannot tell a Hold Up
    window, after which play resumes at a draw, from an attack window, where a Rétroviseur
    leaves a hand short; INV-FS-HAND-SIZE checks it on every state the machines reach.)"""
    terms = [one_of(a.phase, (DRAW, PLAY, WINDOW, OVER)), a.turn >= 0, a.turn < players]
    for s in range(players):
        top = H + ite(all_of(a.phase == PLAY, a.turn == s), 1, 0)
        terms.append(implies(a.phase != OVER, _hand(a, s) <= top))
    return all_of(*terms)


def _initial(players: int, a: Counts, box: tuple[int, ...]) -> Truth:
    """FS-DEAL: four cards to each hand, the rest the draw pile; seat 0 draws first."""
    empty = [a.places[f"card.{p}"] for p in ("discard", "removed", "pending")]
    empty += list(a.seat_places["card.zone"])
    return all_of(
        a.phase == DRAW,
        a.turn == 0,
        every(x == 0 for row in empty for x in row),
        every(_hand(a, s) == H for s in range(players)),
        conserved(a, "card", box),
        nonnegative(a),
    )


def cards_model(players: int, *, per_kind: bool = True) -> Model:
    """Per kind: conservation of every kind. Over totals (``per_kind`` False): conservation
    of the count and the hand sizes, which depend on counts only (and are far cheaper to
    prove there: the per-kind relation projects onto this one)."""
    size, box = (KINDS, BOX) if per_kind else (1, (sum(BOX),))
    properties = {
        CONSERVATION: lambda a: all_of(
            conserved(a, "card", box), nonnegative(a), a.turn >= 0, a.turn < players
        )
    }
    if not per_kind:
        properties[HAND_SIZE] = lambda a: _hand_size(players, a)
    return Model(
        label=f"fun-speed/{players}p/{'cards' if per_kind else 'totals'}",
        shape=shape(players, size),
        initial=lambda a: _initial(players, a, box),
        moves=lambda: moves(players, size),
        properties=properties,
    )


# --- the km model ----------------------------------------------------------------------------

PLAYING, BORNE_WINDOW, FINISHED = range(3)
UNIT = 25
"""Every km figure of the family is a multiple of 25 (checked by the link test)."""


def borne_values() -> tuple[int, ...]:
    """FS-ACCEL, FS-KM: a Borne's km, doubled per Accélérateur laid with it."""
    return tuple(
        sorted({KM[c] << boost for c in DISTANCES for boost in range(DATA.max_accelerators + 1)})
    )


def biggest_gain() -> int:
    """The most km one step can add to a zone: a Borne with every Accélérateur (laid or taken
    by Hold Up), a coup-fourré or a safety."""
    return max((*borne_values(), DATA.coup_fourre_km, DATA.safety_km))


def overshoot_bound(players: int) -> int:
    """PROOF-FS-OVERSHOOT: the most km a zone can ever show."""
    return DATA.goal_for(players) - UNIT + biggest_gain()


def km_shape(players: int) -> Shape:
    return Shape(
        kinds=0,
        players=players,
        places={},
        seat_places={},
        numbers=("layer", "last"),
        seat_numbers=("km",),
    )


# One table of transitions, each a closure over the seat count: long by nature.
def _km_moves(players: int, bound_goal: int) -> Iterator[tuple[str, Relation]]:  # noqa: PLR0915
    n, goal = players, bound_goal
    values = borne_values()

    def kms(a: Counts) -> tuple[Num, ...]:
        return a.seat_numbers["km"]

    def settle(
        a: Counts, b: Counts, new: list[Num], *, window_for: Num | None = None, last: Num = 0
    ) -> Truth:
        """The km after a step; a Borne opens its window, else reaching the goal ends the game."""
        terms = [x == y for x, y in zip(kms(b), new, strict=True)]
        reached = any_of(*(k >= goal for k in new))
        if window_for is not None:
            terms += [
                b.phase == BORNE_WINDOW,
                b.numbers["layer"] == window_for,
                b.numbers["last"] == last,
            ]
        else:
            # The game ends when a zone reaches the goal, or at any turn's end when the draw
            # pile runs out for good (RUL-FS-EMPTY-PILE).
            phase = any_of(b.phase == FINISHED, all_of(negate(reached), b.phase == PLAYING))
            terms.append(phase)  # outside a Borne window, its layer and Borne mean nothing
        return all_of(*terms, b.turn == a.turn)

    def lay(a: Counts, b: Counts) -> Truth:
        s, ok = a_seat(n, "layer")
        v = fresh_int("borne")
        new = [k + ite(s == i, v, 0) for i, k in enumerate(kms(a))]
        return all_of(
            ok, one_of(v, values), a.phase == PLAYING, settle(a, b, new, window_for=s, last=v)
        )

    yield "LayBorne", lay

    def gain(a: Counts, b: Counts) -> Truth:
        s, ok = a_seat(n, "seat")
        v = fresh_int("gain")
        new = [k + ite(s == i, v, 0) for i, k in enumerate(kms(a))]
        return all_of(
            ok,
            one_of(v, (DATA.safety_km, DATA.coup_fourre_km)),
            a.phase == PLAYING,
            settle(a, b, new),
        )

    yield "Safety CoupFourre", gain

    def stand(a: Counts, b: Counts) -> Truth:
        return all_of(a.phase == BORNE_WINDOW, settle(a, b, list(kms(a))))

    yield "Pass", stand

    def cancel(a: Counts, b: Counts) -> Truth:
        layer, last = a.numbers["layer"], a.numbers["last"]
        new = [k - ite(layer == i, last, 0) for i, k in enumerate(kms(a))]
        return all_of(a.phase == BORNE_WINDOW, settle(a, b, new))

    yield "UTurn Killer", cancel

    def steal(a: Counts, b: Counts) -> Truth:
        s, ok = a_seat(n, "caller")
        x, ok2 = a_seat(n, "victim")
        v = fresh_int("stolen")
        new = [k + ite(s == i, v, 0) - ite(x == i, v, 0) for i, k in enumerate(kms(a))]
        held = total([ite(x == i, k, 0) for i, k in enumerate(kms(a))])  # the Borne is there
        return all_of(
            ok, ok2, s != x, one_of(v, values), v <= held, a.phase == PLAYING, settle(a, b, new)
        )

    yield "HoldUp", steal

    def lose(a: Counts, b: Counts) -> Truth:
        losses = [fresh_int(f"loss{i}") for i in range(n)]
        new = [k - d for k, d in zip(kms(a), losses, strict=True)]
        fine = [all_of(d >= 0, d % UNIT == 0, d <= k) for d, k in zip(losses, kms(a), strict=True)]
        return all_of(*fine, a.phase == PLAYING, settle(a, b, new))

    yield "Trash FalseHoldUp", lose

    def swap(a: Counts, b: Counts) -> Truth:
        s, ok = a_seat(n, "seat")
        x, ok2 = a_seat(n, "target")
        old = kms(a)
        mine = total([ite(s == i, k, 0) for i, k in enumerate(old)])
        theirs = total([ite(x == i, k, 0) for i, k in enumerate(old)])
        new = [ite(s == i, theirs, ite(x == i, mine, k)) for i, k in enumerate(old)]
        return all_of(ok, ok2, a.phase == PLAYING, settle(a, b, new))

    yield "Helicopter", swap

    def exhausted(a: Counts, b: Counts) -> Truth:
        """RUL-FS-EMPTY-PILE: any action that ends a turn may end the game, no km changed."""
        return all_of(a.phase == PLAYING, settle(a, b, list(kms(a))), b.phase == FINISHED)

    yield "*", exhausted


def _overshoot(players: int, a: Counts, top: int, goal: int) -> Truth:
    terms = [one_of(a.phase, (PLAYING, BORNE_WINDOW, FINISHED))]
    layer, last = a.numbers["layer"], a.numbers["last"]
    for i, k in enumerate(a.seat_numbers["km"]):
        terms += [k >= 0, k % UNIT == 0, k <= top]
        below = k - ite(all_of(a.phase == BORNE_WINDOW, layer == i), last, 0) < goal
        terms.append(implies(a.phase != FINISHED, below))
    laid = total([ite(layer == i, k, 0) for i, k in enumerate(a.seat_numbers["km"])])
    window = all_of(layer >= 0, layer < players, one_of(last, borne_values()), laid >= last)
    terms.append(implies(a.phase == BORNE_WINDOW, window))
    return all_of(*terms)


def km_model(players: int, top: int | None = None) -> Model:
    """The km model; ``top`` replaces the bound (the non-vacuity test tightens it)."""
    goal = DATA.goal_for(players)
    bound = overshoot_bound(players) if top is None else top
    return Model(
        label=f"fun-speed/{players}p/km",
        shape=km_shape(players),
        initial=lambda a: all_of(a.phase == PLAYING, every(k == 0 for k in a.seat_numbers["km"])),
        moves=lambda: _km_moves(players, goal),
        properties={OVERSHOOT: lambda a: _overshoot(players, a, bound, goal)},
    )


def models() -> tuple[Model, ...]:
    """Every Fun & Speed model, at every seat count of the family's data."""
    return tuple(
        m for n in DATA.seats for m in (cards_model(n), cards_model(n, per_kind=False), km_model(n))
    )


# --- the link: an engine state as the models see it ------------------------------------------

_PHASE = {"draw": DRAW, "play": PLAY, "over": OVER}


def _per_kind(cards: Sequence[FsCard]) -> tuple[int, ...]:
    return tuple(sum(1 for c in cards if c is kind) for kind in FsCard)


def abstract(state: FsState, *, per_kind: bool = True) -> Counts:
    """The engine's state as the cards model (or, not ``per_kind``, the totals model) sees it."""

    def row(cards: Sequence[FsCard]) -> Vec:
        return _per_kind(cards) if per_kind else (len(cards),)

    pending = () if state.pending is None else (state.pending,)
    return Counts(
        places={
            "card.draw": row(state.draw_pile),
            "card.discard": row(state.discard_pile),
            "card.removed": row(state.removed),
            "card.pending": row(pending),
        },
        seat_places={
            "card.hand": tuple(row(hand) for hand in state.hands),
            "card.zone": tuple(row(zone.cards()) for zone in state.zones),
        },
        phase=_PHASE.get(state.phase.value, WINDOW),
        turn=state.turn,
    )


def abstract_km(state: FsState) -> Counts:
    """The engine's state as the km model sees it (a Borne window, its layer and Borne)."""
    layer = state.layer if state.phase is FsPhase.BORNE else None
    last = 0
    if layer is not None:
        card, boost = state.zones[layer].distance[-1]
        last = KM[card] << boost
    phase = {FsPhase.OVER: FINISHED, FsPhase.BORNE: BORNE_WINDOW}.get(state.phase, PLAYING)
    return Counts(
        places={},
        seat_places={},
        phase=phase,
        turn=0,
        numbers={"layer": -1 if layer is None else layer, "last": last},
        seat_numbers={"km": tuple(zone.km for zone in state.zones)},
    )
