"""Build a well-formed position by naming only the cards that matter.

Rule tests, documentation examples and conformance cases need positions such as
"team 0 rolling under a Speed Limit, seat 0 holding a 75". :func:`position`
places the named cards and puts every other card of the box where it cannot
interfere (the draw pile, or the discard pile when the draw pile is given
exactly), so the result always conserves the box and is well formed
(:func:`millebornes.families.classic.validate.state_problems`). A position is not always loadable
(:func:`millebornes.families.classic.validate.load_problems`): its hands hold only the cards named,
unless ``fill_hands`` deals them up to the hand size (INV-HAND-SIZE).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence

from millebornes.core.errors import MalformedInput
from millebornes.families.classic.cards import Card
from millebornes.families.classic.edition import load_edition
from millebornes.families.classic.engine import new_match
from millebornes.families.classic.state import Phase, State, Tableau
from millebornes.families.classic.validate import state_problems


def position(
    edition: str = "classic",
    players: int = 2,
    options: tuple[str, ...] = (),
    *,
    hands: Mapping[int, Sequence[Card]] | None = None,
    tableaus: Mapping[int, Tableau] | None = None,
    discard_pile: Sequence[Card] = (),
    draw_top: Sequence[Card] = (),
    draw_pile: Sequence[Card] | None = None,
    phase: Phase = Phase.PLAY,
    actor: int | None = 0,
    turn: int | None = None,
    dealer: int | None = None,
    pending_hazard: Card | None = None,
    extended_by: int | None = None,
    scores: Sequence[int] | None = None,
    round_number: int = 1,
    fill_hands: bool = False,
) -> State:
    """A state of round ``round_number`` with the given cards in place.

    Seats not in ``hands`` hold no card, unless ``fill_hands`` tops every hand up to the
    hand size from the cards not placed. The draw pile is ``draw_top`` followed by
    every card not placed elsewhere, in box order; or exactly ``draw_pile`` when
    given, the unplaced cards then going under ``discard_pile``. ``turn`` defaults
    to ``actor`` and ``dealer`` to the seat before ``turn``. Raises
    :class:`MalformedInput` when the cards named are not in the box or the state
    is not well formed.
    """
    rules = load_edition(edition)
    base = new_match(edition, players, options)
    hands = hands or {}
    tableaus = tableaus or {}
    table = tuple(tableaus.get(team, Tableau()) for team in range(base.teams))
    hand_tuple = tuple(tuple(sorted(hands.get(seat, ()))) for seat in range(players))
    placed: Counter[Card] = Counter(discard_pile)
    for hand in hand_tuple:
        placed.update(hand)
    for tableau in table:
        placed.update(tableau.cards())
    placed.update(draw_pile if draw_pile is not None else draw_top)
    pool = Counter(rules.playing_cards(players))
    if placed - pool:
        raise MalformedInput(f"more cards named than the box holds: {dict(placed - pool)}")
    rest = tuple((pool - placed).elements())  # box order: the pool was counted in box order
    if fill_hands:
        hand_tuple, rest = _filled(hand_tuple, rest, rules.hand_size, actor, phase)
    if draw_pile is None:
        draws, discards = tuple(draw_top) + rest, tuple(discard_pile)
    else:
        draws, discards = tuple(draw_pile), rest + tuple(discard_pile)
    whose_turn = turn if turn is not None else (actor if actor is not None else 0)
    state = State(
        edition=edition,
        options=base.options,
        players=players,
        phase=phase,
        actor=actor,
        turn=whose_turn,
        dealer=dealer if dealer is not None else (whose_turn - 1) % players,
        round_number=round_number,
        draw_pile=draws,
        discard_pile=discards,
        hands=hand_tuple,
        tableaus=table,
        set_aside=rules.memo_cards(players),
        pending_hazard=pending_hazard,
        extended_by=extended_by,
        scores=tuple(scores) if scores is not None else base.scores,
    )
    problems = state_problems(state)
    if problems:
        raise MalformedInput("position: " + "; ".join(problems))
    return state


def _filled(
    hands: tuple[tuple[Card, ...], ...],
    rest: tuple[Card, ...],
    size: int,
    actor: int | None,
    phase: Phase,
) -> tuple[tuple[tuple[Card, ...], ...], tuple[Card, ...]]:
    """Hands topped up to the hand size (the player who has drawn holding one more,
    TURN-HAND-SIZE) from the first unplaced cards; and the cards still unplaced."""
    filled = []
    for seat, hand in enumerate(hands):
        need = max(0, size + (seat == actor and phase is Phase.PLAY) - len(hand))
        filled.append(tuple(sorted(hand + rest[:need])))
        rest = rest[need:]
    return tuple(filled), rest
