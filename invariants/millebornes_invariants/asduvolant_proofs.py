"""Inductive proofs for As du Volant over the count abstraction of :mod:`.race_z3`.

The model, read from the family's data (:data:`millebornes.families.asduvolant.cards.DATA`)
at each seat count of AV-SEATS, counts every card kind in the draw pile, the discard pile,
each seat's hand and the safeties laid beside the board; every token kind in the supply
and on each car (AV-TOKENS); and each car's count of 200s that stand (AV-MAX-200), with
the open Demi-tour window's mover and whether its move was a 200.

* PROOF-AV-CONSERVATION: per kind, the cards add up to the game's deck (AV-BOX,
  AV-SMALL-DECK) and the tokens to the box's (AV-TOKENS): no transition makes or loses
  a card or a token.
* PROOF-AV-MAX-200: no car ever counts more than ``max_200`` 200s, and none fewer than
  zero — a Move of a 200 needs fewer than ``max_200`` counted; a Demi-tour takes back
  only a 200 its window's move counted.
* PROOF-AV-HAND-SIZE: no hand but the turn player's holds more than six; outside the jeu
  accéléré the turn player's holds at most six plus the plays left (AV-HAND-SIX,
  AV-TURBO, RUL-AV-TURBO).

**Assumptions** (what the transitions allow, over-approximating the engine): a draw may
first turn any part of the discard pile into the draw pile (AV-RESHUFFLE: the order is
left to z3), and a hand may end a turn below six when no card is left to draw; the seat
asked in a window is any seat; the next turn is any seat; a turn goes on while it has
plays left (AV-PLAY-ONE, AV-TURBO; in the jeu accéléré until EndTurn) and ends only with
its player at six cards or fewer. The link test checks that the engine's real steps are
instances of these transitions.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence

from millebornes.families.asduvolant.cards import DATA, TOKENS, AvCard
from millebornes.families.asduvolant.state import AvPhase, AvState
from millebornes_invariants.race_z3 import (
    Counts,
    Flow,
    Model,
    Place,
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
from millebornes_invariants.z3model.algebra import Num, all_of, any_of, every, implies, ite, one_of

CONSERVATION = "PROOF-AV-CONSERVATION"
MAX_200 = "PROOF-AV-MAX-200"
HAND_SIZE = "PROOF-AV-HAND-SIZE"
PROOF_IDS = (CONSERVATION, MAX_200, HAND_SIZE)

DRAW, PLAY, COUP_FOURRE, U_TURN, TRIM, OVER = range(6)
PHASES = (DRAW, PLAY, COUP_FOURRE, U_TURN, TRIM, OVER)
KINDS = len(AvCard)
H = DATA.hand_size


def deck_counts(players: int, small_deck: bool = False) -> tuple[int, ...]:
    """AV-BOX, AV-SMALL-DECK: the game's cards per kind at ``players`` seats, with the
    option ``small_deck`` or without."""
    deck = DATA.deck(players, ("small_deck",) if small_deck else ())
    return tuple(deck.count(card) for card in AvCard)


def token_counts() -> tuple[int, ...]:
    return tuple(DATA.tokens[kind] for kind in TOKENS)


def shape(players: int) -> Shape:
    return Shape(
        kinds=KINDS,
        players=players,
        places={"card.draw": KINDS, "card.discard": KINDS, "token.supply": len(TOKENS)},
        seat_places={"card.hand": KINDS, "card.beside": KINDS, "token.car": len(TOKENS)},
        numbers=("mover", "moved200", "plays"),
        seat_numbers=("laid200",),
    )


def _cards(name: str, how_many: Num | None, kinds: Sequence[int] = ()) -> tuple[Vec, Truth]:
    return some_cards(KINDS, name, how_many, kinds)


def _tokens(name: str, how_many: Num | None) -> tuple[Vec, Truth]:
    return some_cards(len(TOKENS), name, how_many)


def _draws(m: Counts, seat: Num, count: int, *, upto: bool = False) -> tuple[Counts, Truth]:
    """``count`` cards drawn by ``seat`` (``upto``: as many as take its hand to ``count``),
    the discard pile first turned (in part) into draw pile (AV-RESHUFFLE); fewer if no card
    is left (the engine's ``_draw`` then does nothing)."""
    again, ok = _cards("reshuffled", None)
    drawn, ok2 = _cards("drawn", None)
    m2 = flowed(m, [Flow(("card.discard", None), ("card.draw", None), again)])
    m3 = flowed(m2, [Flow(("card.draw", None), ("card.hand", seat), drawn)])
    got = sum(drawn[1:], drawn[0])
    held = hand_count(m2, seat, "card.hand")
    most = ite(held < count, count - held, 0) if upto else count
    return m3, all_of(ok, ok2, got <= most, nonnegative(m2), nonnegative(m3))


def _keep(a: Counts, b: Counts, *, laid: Sequence[Num] | None = None) -> Truth:
    """The counters not named stay as they were."""
    new = a.seat_numbers["laid200"] if laid is None else laid
    return every(x == y for x, y in zip(b.seat_numbers["laid200"], new, strict=True))


def _then(n: int, m: Counts, b: Counts, *ends: str, accelerated: bool, extra: int = 0) -> Truth:
    """What follows: ``stay`` (same phase), the window phases ``cf``/``uturn``, ``trim``;
    ``played`` (a play is over: AV-PLAY-ONE, AV-TURBO — one play fewer, ``extra`` more,
    and the turn goes on while plays are left; in the jeu accéléré it goes on until
    EndTurn), ``end`` (refill, next turn: any seat, one play), ``over``."""
    same = same_places(m, b)
    plays, plays_after = m.numbers["plays"], b.numbers["plays"]
    options = []
    codes = {"stay": None, "cf": COUP_FOURRE, "uturn": U_TURN, "trim": TRIM}
    for end in ends:
        if end in codes:
            phase = m.phase if codes[end] is None else codes[end]
            options.append(all_of(same, b.phase == phase, b.turn == m.turn, plays_after == plays))
    turn_ends = "end" in ends
    if "played" in ends:
        left = plays if accelerated else plays - 1 + extra
        goes_on = True if accelerated else left >= 1
        options.append(
            all_of(same, goes_on, b.phase == PLAY, b.turn == m.turn, plays_after == left)
        )
        if not accelerated:
            ends_now = refilled(n, H, m, b, exact=False)
            nxt = all_of(b.turn >= 0, b.turn < n, b.phase == DRAW, plays_after == 1)
            options.append(all_of(left <= 0, ends_now, nxt))
    if turn_ends:
        # RUL-AV-TURBO, RUL-AV-ACCELERATED: a turn ends only once its player holds six or
        # fewer (a coup-fourré cutting a Turbo short makes the player trim first).
        trimmed = hand_count(m, m.turn, "card.hand") <= H
        turn = all_of(trimmed, b.turn >= 0, b.turn < n, plays_after == 1)
        refill = refilled(n, H, m, b, exact=False)
        options.append(all_of(refill, b.phase == (PLAY if accelerated else DRAW), turn))
    if "over" in ends or "end" in ends or "played" in ends:  # AV-END-STUCK: a turn's end
        options.append(all_of(same, b.phase == OVER, b.turn == m.turn))
    return any_of(*options)


# One table of transitions, each a closure over the seat count: long by nature.
def moves(players: int, accelerated: bool) -> Iterator[tuple[str, Relation]]:  # noqa: PLR0915
    """Every transition, labelled by the engine's action kinds it stands for; ``accelerated``
    for the jeu accéléré (AV-ACCELERATED)."""
    n = players

    def then(m: Counts, b: Counts, *ends: str, extra: int = 0) -> Truth:
        return _then(n, m, b, *ends, accelerated=accelerated, extra=extra)

    def frame(a: Counts, b: Counts) -> Truth:
        """The 200s stay counted; a Demi-tour window that stays open keeps its mover and
        move (outside one they mean nothing)."""
        window = all_of(
            b.numbers["mover"] == a.numbers["mover"],
            b.numbers["moved200"] == a.numbers["moved200"],
        )
        return all_of(_keep(a, b), implies(b.phase == U_TURN, window))

    def draw(a: Counts, b: Counts) -> Truth:
        t = a.turn
        m, ok = _draws(a, t, 1)
        one, ok2 = _cards("taken", 1)
        m2 = flowed(a, [Flow(("card.discard", None), ("card.hand", t), one)])
        options = any_of(
            all_of(ok, same_places(m, b)), all_of(ok2, nonnegative(m2), same_places(m2, b))
        )
        keep = b.numbers["plays"] == a.numbers["plays"]
        return all_of(a.phase == DRAW, options, b.phase == PLAY, b.turn == t, keep, frame(a, b))

    yield "DrawPile DrawDiscard", draw

    def move(a: Counts, b: Counts) -> Truth:
        t = a.turn
        cards, ok = _cards("move", None)
        is200 = fresh_int("is200")
        mine = a.seat_numbers["laid200"]
        counted = sum((ite(t == s, x, 0) for s, x in enumerate(mine)), 0)
        new = [x + ite(t == s, is200, 0) for s, x in enumerate(mine)]
        m = flowed(a, [Flow(("card.hand", t), ("card.discard", None), cards)])
        total_cards = sum(cards[1:], cards[0])
        pre = all_of(
            ok, one_of(total_cards, (1, 2)), one_of(is200, (0, 1)), nonnegative(m),
            implies(is200 == 1, counted < DATA.max_200), one_of(a.phase, (PLAY,)),
        )  # fmt: skip
        window = all_of(
            b.numbers["mover"] == t, b.numbers["moved200"] == is200, then(m, b, "uturn")
        )
        stands = then(m, b, "played", "over")
        return all_of(pre, _keep(a, b, laid=new), any_of(window, stands))

    yield "Move", move

    def lay(
        card_to: str,
        token_moves: Sequence[tuple[str, str, int]],
        ends: tuple[str, ...],
        *,
        phase: int = PLAY,
        asked: bool = False,
        draws: int = 0,
        upto: bool = False,
        extra: int = 0,
        at_target: bool = False,
    ) -> Relation:
        """A seat (the turn player, or any seat ``asked`` in a window) lays one card into
        ``card_to`` (or none if empty), moves tokens (``source``, ``target``, most) of its
        car (or, ``at_target``, of another seat's: an attack lands there), and draws
        ``draws`` cards."""

        def relation(a: Counts, b: Counts) -> Truth:
            x, on_board = a_seat(n, "asked") if asked else (a.turn, True)
            terms = [on_board, a.phase == phase]
            flows = []
            if card_to:
                card, ok = _cards("card", 1)
                target = ("card.beside", x) if card_to == "card.beside" else (card_to, None)
                flows.append(Flow(("card.hand", x), target, card))
                terms.append(ok)
            y, on_board2 = a_seat(n, "target") if at_target else (x, True)
            terms.append(on_board2)
            places: dict[str, Place] = {"supply": ("token.supply", None), "car": ("token.car", y)}
            for source, goes_to, most in token_moves:
                tokens, ok = _tokens("token", None)
                flows.append(Flow(places[source], places[goes_to], tokens))
                terms += [ok, sum(tokens[1:], tokens[0]) <= most]
                if (source, goes_to, most) == ("supply", "car", 1):  # exactly one token lands
                    terms.append(sum(tokens[1:], tokens[0]) == 1)
            m = flowed(a, flows)
            terms.append(nonnegative(m))
            if draws:
                m, ok = _draws(m, x, draws, upto=upto)
                terms.append(ok)
            return all_of(*terms, frame(a, b), then(m, b, *ends, extra=extra))

        return relation

    played = ("played",)
    turbo = 0 if accelerated else DATA.turbo_draws
    yield "Attack", lay("card.discard", (), ("cf",))
    yield "Attack", lay("card.discard", (("supply", "car", 1),), played, at_target=True)
    yield "Remedy", lay("card.discard", (("car", "supply", 1),), played)
    yield "Safety", lay("card.beside", (("supply", "car", 1), ("car", "supply", 2)), played)
    yield "Turbo", lay("card.discard", (), played, draws=DATA.turbo_draws, extra=turbo)
    yield "Discard", lay("card.discard", (), (*played, "over"))
    yield "Discard", lay("card.discard", (), ("stay", "end"), phase=TRIM)
    if accelerated:
        yield "EndTurn", lay("", (), ("end", "over"))
    cf_tokens = (("supply", "car", 1), ("car", "supply", 2))
    yield (
        "CoupFourre",
        lay(
            "card.beside",
            cf_tokens,
            ("trim", "end"),
            phase=COUP_FOURRE,
            asked=True,
            draws=H,
            upto=True,
        ),
    )
    yield "Pass", lay("", (("supply", "car", 1),), played, phase=COUP_FOURRE, asked=True)

    def uturn(a: Counts, b: Counts) -> Truth:
        x, on_board = a_seat(n, "asked")
        card, ok = _cards("uturn", 1, (int(AvCard.U_TURN),))
        m = flowed(a, [Flow(("card.hand", x), ("card.discard", None), card)])
        m2, ok2 = _draws(m, x, 1)
        mover, was200 = a.numbers["mover"], a.numbers["moved200"]
        new = [v - ite(mover == s, was200, 0) for s, v in enumerate(a.seat_numbers["laid200"])]
        return all_of(
            on_board, ok, nonnegative(m), ok2, a.phase == U_TURN, _keep(a, b, laid=new),
            # RUL-AV-UTURN-COUNTS: a Demi-tour ends the mover's turn, Turbo plays left or
            # not; the mover trims to six first if a Turbo left more cards (RUL-AV-TURBO)
            then(m2, b, "trim", "end"),
        )  # fmt: skip

    yield "UTurn", uturn
    yield "Pass", lay("", (), ("stay", *played, "over"), phase=U_TURN, asked=True)


def _max_200(players: int, a: Counts) -> Truth:
    mover, was200 = a.numbers["mover"], a.numbers["moved200"]
    counted = a.seat_numbers["laid200"]
    terms = [one_of(a.phase, PHASES), a.turn >= 0, a.turn < players]
    terms += [all_of(x >= 0, x <= DATA.max_200) for x in counted]
    mine = sum((ite(mover == s, x, 0) for s, x in enumerate(counted)), 0)
    window = all_of(mover >= 0, mover < players, one_of(was200, (0, 1)), mine >= was200)
    terms.append(implies(a.phase == U_TURN, window))
    return all_of(*terms)


def _conservation(players: int, a: Counts, small_deck: bool) -> Truth:
    return all_of(
        conserved(a, "card", deck_counts(players, small_deck)),
        conserved(a, "token", token_counts()),
        nonnegative(a),
        a.turn >= 0,
        a.turn < players,
    )


def _hand_size(players: int, a: Counts, accelerated: bool) -> Truth:
    """PROOF-AV-HAND-SIZE: no hand but the turn player's holds more than six; outside the
    jeu accéléré the turn player's holds at most six before the draw, and while playing
    at most six plus the plays left (one less once the play under way has opened a window
    or a trim)."""
    t, plays = a.turn, a.numbers["plays"]
    terms = [one_of(a.phase, PHASES), t >= 0, t < players]
    for s in range(players):
        held = hand_count(a, s, "card.hand")
        terms.append(implies(all_of(a.phase != OVER, t != s), held <= H))
    if not accelerated:  # the jeu accéléré counts no plays (AV-ACCELERATED)
        mine = hand_count(a, t, "card.hand")
        terms.append(implies(a.phase == DRAW, all_of(mine <= H, plays == 1)))
        terms.append(implies(a.phase == PLAY, all_of(mine <= H + plays, plays >= 1)))
        waiting = one_of(a.phase, (COUP_FOURRE, U_TURN, TRIM))
        terms.append(implies(waiting, all_of(mine <= H + plays - 1, plays >= 1)))
    return all_of(*terms)


def _initial(players: int, a: Counts, accelerated: bool, small_deck: bool) -> Truth:
    """AV-DEAL: six cards to each hand, the rest the draw pile, every token in the supply,
    nothing counted; seat 0 plays first, one play (at once in the jeu accéléré)."""
    empty = [a.places["card.discard"], *a.seat_places["card.beside"], *a.seat_places["token.car"]]
    return all_of(
        a.phase == (PLAY if accelerated else DRAW),
        a.numbers["plays"] == 1,
        a.turn == 0,
        every(x == 0 for row in empty for x in row),
        every(sum(row[1:], row[0]) == H for row in a.seat_places["card.hand"]),
        every(x == 0 for x in a.seat_numbers["laid200"]),
        _conservation(players, a, small_deck),
    )


def model(
    players: int,
    max_200: int | None = None,
    *,
    accelerated: bool = False,
    small_deck: bool = False,
) -> Model:
    """The model at ``players`` seats, of the jeu accéléré if ``accelerated``, with the
    smaller deck if ``small_deck``; ``max_200`` replaces the cap the proof checks (the
    non-vacuity test tightens it)."""
    cap = DATA.max_200 if max_200 is None else max_200

    def cap_holds(a: Counts) -> Truth:
        held = _max_200(players, a)
        return all_of(held, every(x <= cap for x in a.seat_numbers["laid200"]))

    return Model(
        label=f"as-du-volant/{players}p"
        + ("/accelerated" if accelerated else "")
        + ("/small_deck" if small_deck else ""),
        shape=shape(players),
        initial=lambda a: _initial(players, a, accelerated, small_deck),
        moves=lambda: moves(players, accelerated),
        properties={
            CONSERVATION: lambda a: _conservation(players, a, small_deck),
            MAX_200: cap_holds,
            HAND_SIZE: lambda a: _hand_size(players, a, accelerated),
        },
    )


def models() -> tuple[Model, ...]:
    small = [n for n in DATA.seats if n in DATA.option_seats.get("small_deck", ())]
    return tuple(model(n, accelerated=acc) for n in DATA.seats for acc in (False, True)) + tuple(
        model(n, small_deck=True) for n in small
    )


# --- the link: an engine state as the model sees it ------------------------------------------

_PHASE = {
    AvPhase.DRAW: DRAW,
    AvPhase.PLAY: PLAY,
    AvPhase.COUP_FOURRE: COUP_FOURRE,
    AvPhase.U_TURN: U_TURN,
    AvPhase.TRIM: TRIM,
    AvPhase.OVER: OVER,
}


def _per_kind(cards: Sequence[AvCard], kinds: Sequence[AvCard] = tuple(AvCard)) -> Vec:
    return tuple(sum(1 for c in cards if c is kind) for kind in kinds)


def abstract(state: AvState) -> Counts:
    """The engine's state as the model sees it."""
    return Counts(
        places={
            "card.draw": _per_kind(state.draw_pile),
            "card.discard": _per_kind(state.discard_pile),
            "token.supply": tuple(state.supply),
        },
        seat_places={
            "card.hand": tuple(_per_kind(hand) for hand in state.hands),
            "card.beside": tuple(_per_kind(car.safeties) for car in state.cars),
            "token.car": tuple(_per_kind(car.tokens(), TOKENS) for car in state.cars),
        },
        phase=_PHASE[state.phase],
        turn=state.turn,
        numbers={
            "mover": -1 if state.mover is None else state.mover,
            "moved200": int(state.moved is AvCard.D200),
            "plays": state.plays,
        },
        seat_numbers={"laid200": tuple(car.laid_200 for car in state.cars)},
    )
