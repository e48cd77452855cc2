"""Arranged As du Volant positions: a state from the cards and cars that matter, every
other card of the game in the draw pile and every other token in the supply, so that
conservation (AV-BOX, AV-TOKENS) holds. The tests and the constructed conformance
cases build their positions with it.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence

from millebornes.families.asduvolant.cards import DATA, TOKENS, AvCard
from millebornes.families.asduvolant.serialize import check_whole
from millebornes.families.asduvolant.state import AvPhase, AvState, Car, box_tokens
from millebornes.families.asduvolant.track import Board, default_board

C = AvCard
FILLER = (C.ROLL, C.GASOLINE, C.SPARE_TIRE, C.REPAIRS, C.END_OF_LIMIT)
"""Cards given to hands a test leaves unspecified: remedies with nothing to cure."""
SPARE_FILLER = (C.D25,) * DATA.hand_size
"""When six seats use up those remedies: a hand out of turn still holds six (AV-HAND-SIX)."""


def car(square: int = 0, lane: int | None = None, **fields: object) -> Car:
    """A car; on a square other than the start, lane 0 unless given."""
    return Car(square, 0 if lane is None else lane, **fields)  # type: ignore[arg-type]


def position(
    players: int = 2,
    *,
    hands: Mapping[int, Sequence[AvCard]] = {},
    cars: Mapping[int, Car] = {},
    phase: AvPhase = AvPhase.PLAY,
    actor: int = 0,
    turn: int | None = None,
    discard: Sequence[AvCard] = (),
    draw_top: Sequence[AvCard] = (),
    options: frozenset[str] = frozenset(),
    board: Board | None = None,
    **fields: object,
) -> AvState:
    """A state with the given hands, cars and piles on the default board: unspecified hands
    get six remedies, unspecified cars stand on the start in their seat's lane, the other
    cards fill the draw pile under ``draw_top``; the supply holds the tokens no car has."""
    pool = Counter(DATA.deck(players, options))
    used: list[AvCard] = [*discard, *draw_top]
    for hand in hands.values():
        used += hand
    for c in cars.values():
        used += c.safeties
    pending = fields.get("pending")
    pool.subtract(used)
    if min(pool.values(), default=0) < 0:
        raise ValueError(f"more cards than the game holds: {-pool}")
    full: list[tuple[AvCard, ...]] = []
    for seat in range(players):
        if seat in hands:
            full.append(tuple(sorted(hands[seat])))
            continue
        filler: list[AvCard] = []
        for card in FILLER * 2 + SPARE_FILLER:
            if len(filler) < DATA.hand_size and pool[card] > 0:
                pool[card] -= 1
                filler.append(card)
        full.append(tuple(sorted(filler)))
    all_cars = tuple(cars.get(seat, Car(0, seat)) for seat in range(players))
    on_cars = Counter(token for c in all_cars for token in c.tokens())
    supply = tuple(n - on_cars[kind] for kind, n in zip(TOKENS, box_tokens(), strict=True))
    state = AvState(
        players=players,
        options=options,
        board=default_board() if board is None else board,
        seed=0,
        phase=phase,
        actor=actor,
        turn=actor if turn is None else turn,
        draw_pile=(*draw_top, *(card for card in AvCard for _ in range(pool[card]))),
        discard_pile=tuple(discard),
        hands=tuple(full),
        cars=all_cars,
        supply=supply,
        **fields,  # type: ignore[arg-type]
    )
    if pending is None:
        check_whole(state)
    return state
