"""The classic family's mutants: each a classic family object with one table row or one
transition replaced.

The "this row always holds" mutants come from :func:`~.harness.always_holds` (one per rule
of the tables; the ones the suites knew by name keep it). The others are written here: a
row judged another way, a row added (an engine that cites one more rule), or a transition
wrapped. A rule implemented by a helper of several transitions (the round's score sheet,
the end of a round, clearing a hazard) is broken by wrapping each transition that ends in
it; the chance transition (the deal made from a seed) is the family object's ``deal``.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from typing import Any

from millebornes.core.shuffle import SplitMix64
from millebornes.families.classic import engine
from millebornes.families.classic.actions import (
    CoupFourre,
    Deal,
    Decline,
    Discard,
    Draw,
    Extension,
    Play,
)
from millebornes.families.classic.cards import CATEGORY, KM, SAFETY_OF, Card, Category
from millebornes.families.classic.family import CLASSIC
from millebornes.families.classic.scoring import RoundScore, TeamScore, race_sheet, score_round
from millebornes.families.classic.state import Phase, State, Tableau, evolve
from millebornes_dev.harness import (
    Build,
    Mutant,
    after,
    always_holds,
    both,
    predicate,
    replaced,
    row,
    wrap,
    wrap_all,
)

FAMILY = CLASSIC.name
ENDS = (Phase.ROUND_OVER, Phase.MATCH_OVER)

NAMED: dict[str, tuple[str, str]] = {
    "TURN-ACTOR": ("out-of-turn", "any seat may act"),
    "TARGET-OWN-TEAM": ("distance-on-opponent", "distance may be laid on another team"),
    "TARGET-OPPONENT": ("hazard-on-own-team", "a hazard may be laid on one's own team"),
    "DIST-ROLLING": ("distance-without-roll", "distance may be laid without rolling"),
    "DIST-MAX-200": ("third-200", "a third 200 km card is allowed"),
    "DIST-EXACT-GOAL": ("past-the-goal", "a distance card may take a team past the goal"),
    "SAFE-IMMUNITY": ("immunity-ignored", "a hazard lands on a team protected by its safety"),
    "HAZ-ROLLING-TARGET": ("hazard-on-stopped", "a hazard hits an opponent who is not rolling"),
    "HAZ-SPEED-LIMIT-ONCE": ("speed-limit-twice", "a second Speed Limit lands on a standing one"),
    "REM-MATCH": ("any-remedy", "any remedy covers any hazard"),
    "REM-ROLL": ("roll-any-time", "a Roll may be laid on a Roll or an uncured hazard"),
    "SETUP-MEMO": ("memo-not-setup-memo", "a memo card played or discarded breaks CARD-IN-HAND "
                   "only"),
}  # fmt: skip
"""The names the suites knew some "always holds" mutants by."""

GENERATED: tuple[Mutant, ...] = tuple(always_holds(CLASSIC, NAMED))
"""One mutant per rule of the tables: its row always holds."""


# --- helpers of the hand-written mutants ------------------------------------------------------


def _is_safety(action: object) -> bool:
    return isinstance(action, Play) and CATEGORY[action.card] is Category.SAFETY


def _put(items: tuple[Tableau, ...], index: int, item: Tableau) -> tuple[Tableau, ...]:
    return items[:index] + (item,) + items[index + 1 :]


def at_round_end(change: Callable[[State, Any, State], State]) -> Build:
    """Every transition wrapped: when the step ends the round (or the match),
    ``change(state, action, next)`` gives the mutant's next state."""

    def edit(state: State, action: Any, nxt: State) -> State:
        if nxt.phase in ENDS and state.phase not in ENDS:
            return change(state, action, nxt)
        return nxt

    return wrap_all(after(edit))


def rescored(change: Callable[[State, RoundScore], RoundScore]) -> Build:
    """The round's score sheet edited by ``change`` where a step ends the round: the match
    totals, and whether the match is over, follow the edited sheet (SCORE-SHEET,
    MATCH-TARGET). The ``score`` answer of a state is the family's, unchanged."""

    def end(state: State, action: Any, nxt: State) -> State:
        sheet = change(nxt, score_round(nxt))
        scores = tuple(t + line.total for t, line in zip(state.scores, sheet.teams, strict=True))
        if max(scores) >= nxt.rules.match_target:
            return evolve(nxt, phase=Phase.MATCH_OVER, actor=None, turn=state.turn, scores=scores)
        dealer = (nxt.dealer + 1) % nxt.players
        return evolve(nxt, phase=Phase.ROUND_OVER, actor=dealer, turn=dealer, scores=scores)

    return at_round_end(end)


def _next_seat(state: State, action: Any) -> int:
    """The seat a step hands the turn to, before empty hands are passed over."""
    if isinstance(action, Decline):
        return state.turn + 1
    if isinstance(action, CoupFourre):
        return action.seat if state.draw_pile else state.turn + 1
    return int(action.seat) + 1


def _lines(sheet: RoundScore, **items: Callable[[TeamScore], int]) -> RoundScore:
    teams = tuple(
        replace(line, **{name: f(line) for name, f in items.items()}) for line in sheet.teams
    )
    return replace(sheet, teams=teams)


def _with_winner(state: State, sheet: RoundScore, winner: int | None) -> RoundScore:
    """``sheet`` with ``winner`` as the round's winner (the items that depend on it)."""
    if state.rules.switch("SW-PLAIN-RACE"):
        return race_sheet(state, winner)
    points = state.rules.scoring
    failed = state.extended_by is not None and winner != state.extended_by
    lines = []
    for line, tableau in zip(sheet.teams, state.tableaus, strict=True):
        won = line.team == winner
        lines.append(
            replace(
                line,
                round_win=points.round_win if won else 0,
                delayed_action=points.delayed_action
                if won and tableau.km == state.goal and not state.draw_pile
                else 0,
                win_without_200=points.win_without_200
                if won and Card.D200 not in tableau.distance
                else 0,
                extension=points.extension
                if (won and line.team == state.extended_by)
                or (failed and line.team != state.extended_by)
                else 0,
            )
        )
    return RoundScore(winner=winner, teams=tuple(lines))


# --- rows judged another way, rows added ----------------------------------------------------


def _speed_limit_lets_75_through(state: State, action: Play) -> bool:
    own = state.tableaus[state.team_of(action.seat)]
    return own.speed_top is not Card.SPEED_LIMIT or KM[action.card] <= 75


def _not_in_window(state: State, action: object) -> bool:
    return state.phase is not Phase.COUP_FOURRE


def _matches_if_pending(state: State, action: CoupFourre) -> bool:
    hazard = state.pending_hazard
    return hazard is None or SAFETY_OF[hazard] is action.card


def _by_actor(state: State, action: Any) -> bool:
    return bool(action.seat == state.actor)


def _safety_by_actor(state: State, action: Any) -> bool:
    return CATEGORY[action.card] is not Category.SAFETY or _by_actor(state, action)


# --- transitions ------------------------------------------------------------------------------


def _cf_skips_nobody(state: State, action: CoupFourre, nxt: State) -> State:
    if nxt.phase in (Phase.DRAW, Phase.PLAY):  # give the turn back to the attacker's left
        return engine._turn_from(evolve(nxt, actor=state.turn), state.turn + 1)
    return nxt


def _discard_loses_card(state: State, action: Discard, nxt: State) -> State:
    if nxt.discard_pile and nxt.discard_pile[-1] is action.card:
        return evolve(nxt, discard_pile=nxt.discard_pile[:-1])
    return nxt


def _refill_to_seven(state: State, action: Draw, nxt: State) -> State:
    if nxt.draw_pile:
        seat = action.seat
        hand = tuple(sorted((*nxt.hands[seat], nxt.draw_pile[0])))
        hands = nxt.hands[:seat] + (hand,) + nxt.hands[seat + 1 :]
        return evolve(nxt, hands=hands, draw_pile=nxt.draw_pile[1:])
    return nxt


def _no_extra_turn(state: State, action: Play, nxt: State) -> State:
    if _is_safety(action) and nxt.phase is Phase.DRAW and nxt.actor == action.seat:
        return engine._turn_from(nxt, action.seat + 1)
    return nxt


def _safety_keeps_hazard(state: State, action: Play | CoupFourre, nxt: State) -> State:
    if isinstance(action, Play) and not _is_safety(action):
        return nxt
    team = state.team_of(action.seat)
    before = state.tableaus[team]
    kept = replace(nxt.tableaus[team], battle=before.battle, speed=before.speed)
    return evolve(nxt, tableaus=_put(nxt.tableaus, team, kept), discard_pile=state.discard_pile)


def _no_window(state: State, action: Play, nxt: State) -> State:
    if nxt.phase is Phase.COUP_FOURRE:  # as if nobody held the safety
        laid = evolve(nxt, phase=Phase.PLAY, actor=action.seat, pending_hazard=None)
        return engine._turn_from(laid, action.seat + 1)
    return nxt


def _no_shutout(state: State, sheet: RoundScore) -> RoundScore:
    return _lines(sheet, shutout=lambda line: 0)


def _decline_skips_next(state: State, action: Decline, nxt: State) -> State:
    return engine._turn_from(evolve(state, pending_hazard=None), action.seat)


def _first_player_is_dealer(state: State, action: Deal, nxt: State) -> State:
    return evolve(nxt, actor=action.seat, turn=action.seat)


def _deal_in_blocks(state: State, action: Deal, nxt: State) -> State:
    n, size = state.players, state.rules.hand_size
    hands: list[tuple[Card, ...]] = [()] * n
    for k in range(n):
        seat = (action.seat + 1 + k) % n
        hands[seat] = tuple(sorted(action.deck[k * size : (k + 1) * size]))
    return evolve(nxt, hands=tuple(hands))


def _forward_deal(state: State, seed: int) -> Deal:
    """The deal with Fisher-Yates run from the first position: not Durstenfeld's order."""
    assert state.actor is not None
    rng = SplitMix64(seed)
    cards = list(state.rules.playing_cards(state.players))
    for i in range(len(cards) - 1):
        j = i + rng.below(len(cards) - i)
        cards[i], cards[j] = cards[j], cards[i]
    return Deal(state.actor, tuple(cards))


def _extra_turn_on_empty_pile(state: State, action: Play, nxt: State) -> State:
    seat = action.seat
    if _is_safety(action) and not state.draw_pile and nxt.hands[seat] and nxt.phase is Phase.PLAY:
        return evolve(nxt, actor=seat, turn=seat)
    return nxt


def _no_replacement(state: State, action: CoupFourre, nxt: State) -> State:
    if not state.draw_pile:
        return nxt
    drawn = state.draw_pile[0]  # put the replacement card back on the draw pile
    hand = list(nxt.hands[action.seat])
    hand.remove(drawn)
    hands = nxt.hands[: action.seat] + (tuple(hand),) + nxt.hands[action.seat + 1 :]
    return evolve(nxt, hands=hands, draw_pile=(drawn, *nxt.draw_pile))


def _goal_does_not_end(state: State, action: Any, nxt: State) -> State:
    at_goal = any(tableau.km == nxt.goal for tableau in nxt.tableaus)
    if at_goal and (nxt.draw_pile or any(nxt.hands)):
        reopened = evolve(nxt, scores=state.scores, pending_hazard=None)
        return engine._turn_from(reopened, state.turn + 1)
    return nxt


def _tie_has_winner(state: State, sheet: RoundScore) -> RoundScore:
    distances = [tableau.km for tableau in state.tableaus]
    open_race = not state.rules.switch("SW-WIN-REQUIRES-GOAL")
    if sheet.winner is None and max(distances) > 0 and open_race:
        return _with_winner(state, sheet, distances.index(max(distances)))
    return sheet


def _farthest_wins_anyway(state: State, sheet: RoundScore) -> RoundScore:
    distances = [tableau.km for tableau in state.tableaus]
    best = max(distances)
    if sheet.winner is None and best > 0 and distances.count(best) == 1:
        return _with_winner(state, sheet, distances.index(best))
    return sheet


def _distance_never_exhausted(state: State, action: Any, nxt: State) -> State:
    """The round goes on where it ended for want of distance cards (the turn passes as
    RUL-EMPTY-DRAW-PILE says, skipping END-DISTANCE-EXHAUSTED)."""
    if not nxt.rules.switch("SW-ROUND-END-DISTANCE-EXHAUSTED") or engine._distance_left(nxt):
        return nxt
    if any(tableau.km == nxt.goal for tableau in nxt.tableaus):
        return nxt
    going = evolve(nxt, scores=state.scores, pending_hazard=None)
    n = going.players
    seat = _next_seat(state, action) % n
    if going.draw_pile:
        return evolve(going, phase=Phase.DRAW, actor=seat, turn=seat)
    for step in range(n):
        candidate = (seat + step) % n
        if going.hands[candidate]:
            return evolve(going, phase=Phase.PLAY, actor=candidate, turn=candidate)
    return nxt


def _no_dealer_rotation(state: State, action: Any, nxt: State) -> State:
    if nxt.phase is Phase.ROUND_OVER:
        return evolve(nxt, actor=nxt.dealer, turn=nxt.dealer)
    return nxt


def _match_never_ends(state: State, action: Any, nxt: State) -> State:
    if nxt.phase is Phase.MATCH_OVER:
        dealer = (nxt.dealer + 1) % nxt.players
        return evolve(nxt, phase=Phase.ROUND_OVER, actor=dealer, turn=dealer)
    return nxt


def _no_coup_fourre_points(state: State, sheet: RoundScore) -> RoundScore:
    return _lines(sheet, coups_fourres=lambda line: 0)


def _flat_shutout(state: State, sheet: RoundScore) -> RoundScore:
    points = state.rules.scoring.shutout
    return _lines(sheet, shutout=lambda line: points if line.shutout else 0)


def _no_all_safeties(state: State, sheet: RoundScore) -> RoundScore:
    return _lines(sheet, all_safeties=lambda line: 0)


def _no_delayed_action(state: State, sheet: RoundScore) -> RoundScore:
    return _lines(sheet, delayed_action=lambda line: 0)


def _no_extension_points(state: State, sheet: RoundScore) -> RoundScore:
    return _lines(sheet, extension=lambda line: 0)


def _cf_turn_on_empty_pile(state: State, action: CoupFourre, nxt: State) -> State:
    if not state.draw_pile and nxt.phase is Phase.PLAY:
        return engine._turn_from(nxt, action.seat)  # the old reading: the turn is taken
    return nxt


def _turn_kept_between_rounds(state: State, action: Any, nxt: State) -> State:
    if nxt.phase is Phase.ROUND_OVER:
        return evolve(nxt, turn=state.turn)
    return nxt


def _extended_by_seat(state: State, action: Extension, nxt: State) -> State:
    if nxt.extended_by is not None:
        return evolve(nxt, extended_by=action.seat)
    return nxt


def _cleared_reversed(state: State, action: Play | CoupFourre, nxt: State) -> State:
    if isinstance(action, Play) and not _is_safety(action):
        return nxt
    cleared = nxt.discard_pile[len(state.discard_pile) :]
    return evolve(nxt, discard_pile=state.discard_pile + tuple(reversed(cleared)))


def _no_extension_for_shutout(state: State, sheet: RoundScore) -> RoundScore:
    teams = tuple(
        replace(line, extension=0) if not state.tableaus[line.team].distance else line
        for line in sheet.teams
    )
    return replace(sheet, teams=teams)


def _empty_hand_not_passed(state: State, action: Any, nxt: State) -> State:
    seat = _next_seat(state, action) % state.players
    if nxt.phase is Phase.PLAY and not nxt.draw_pile and nxt.actor != seat:
        return evolve(nxt, actor=seat, turn=seat)  # the empty hand keeps its turn
    return nxt


def _on(kinds: tuple[type, ...], change: Callable[[State, Any, State], State]) -> Build:
    return wrap(kinds, after(change))


SAFETIES_LAID = (Play, CoupFourre)
TURN_PASSERS = (Play, Discard, Decline, CoupFourre, Extension)

SPECS: tuple[tuple[str, str, tuple[str, ...], Build], ...] = (
    ("speed-limit-75", "a 75 km card passes under a Speed Limit", ("DIST-SPEED-LIMIT",),
     predicate("DIST-SPEED-LIMIT", _speed_limit_lets_75_through)),
    ("coup-fourre-skips-nobody", "after a coup-fourré play resumes at the attacker's left",
     ("CF-TURN",), _on((CoupFourre,), _cf_skips_nobody)),
    ("discard-loses-card", "a discarded card vanishes instead of going to the discard pile",
     ("TURN-PLAY-OR-DISCARD",), _on((Discard,), _discard_loses_card)),
    ("hand-refilled-to-7", "the draw brings the hand to 8, so it is 7 between turns",
     ("TURN-DRAW", "TURN-HAND-SIZE"), _on((Draw,), _refill_to_seven)),
    ("no-extra-turn", "laying a safety on one's turn ends the turn", ("SAFE-EXTRA-TURN",),
     _on((Play,), _no_extra_turn)),
    ("safety-keeps-hazard", "a safety laid leaves the matching hazard standing (the play and "
     "coup-fourré transitions)", ("RUL-SAFETY-CLEARS-HAZARD", "CF-EFFECT"),
     _on(SAFETIES_LAID, _safety_keeps_hazard)),
    ("no-coup-fourre", "the coup-fourré window never opens (the play transition)",
     ("CF-WINDOW",), _on((Play,), _no_window)),
    ("no-shutout", "the 500 points of a shutout are not scored (every transition that ends "
     "a round)", ("SCORE-SHUTOUT",), rescored(_no_shutout)),
    ("decline-skips-next", "after a declined coup-fourré the defender plays next",
     ("CF-DECLINE",), _on((Decline,), _decline_skips_next)),
    ("first-player-is-dealer", "the dealer plays first", ("SETUP-FIRST-PLAYER",),
     _on((Deal,), _first_player_is_dealer)),
    ("deal-in-blocks", "each player gets six consecutive cards of the deck", ("SETUP-DEAL",),
     _on((Deal,), _deal_in_blocks)),
    ("shuffle-forward", "Fisher-Yates from the first position (the deal made from a seed)",
     ("SHUFFLE-ALGORITHM",), replaced(deal=_forward_deal)),
    ("extra-turn-on-empty-pile", "a safety gives another turn after the draw pile ran out",
     ("RUL-EXTRA-TURN-EMPTY-PILE",), _on((Play,), _extra_turn_on_empty_pile)),
    ("coup-fourre-no-replacement", "no card is drawn to replace the coup-fourré's safety",
     ("CF-REPLACEMENT",), _on((CoupFourre,), _no_replacement)),
    ("goal-does-not-end-round", "play goes on after a team reaches the goal", ("END-GOAL",),
     at_round_end(_goal_does_not_end)),
    ("tie-has-winner", "the first of the teams tied for the farthest wins the round",
     ("RUL-FARTHEST-TIE",), rescored(_tie_has_winner)),
    ("farthest-wins-without-goal", "the farthest team wins even where the goal is required",
     ("END-WINNER-AT-GOAL",), rescored(_farthest_wins_anyway)),
    ("distance-never-exhausted", "the round never ends for want of distance cards",
     ("END-DISTANCE-EXHAUSTED",), at_round_end(_distance_never_exhausted)),
    ("no-dealer-rotation", "the same seat deals every round", ("MATCH-DEALER-ROTATION",),
     at_round_end(_no_dealer_rotation)),
    ("match-never-ends", "the match goes on past the target", ("MATCH-TARGET",),
     at_round_end(_match_never_ends)),
    ("coup-fourre-not-scored", "a coup-fourré scores nothing more than a safety",
     ("SCORE-COUP-FOURRE",), rescored(_no_coup_fourre_points)),
    ("shutout-flat", "a shutout pays 500 whatever the number of teams shut out",
     ("RUL-SHUTOUT-TEAM",), rescored(_flat_shutout)),
    ("no-all-safeties-bonus", "the bonus for all four safeties is not scored",
     ("SCORE-ALL-SAFETIES",), rescored(_no_all_safeties)),
    ("no-delayed-action-bonus", "the goal reached after the draw pile ran out scores nothing",
     ("SCORE-DELAYED-ACTION",), rescored(_no_delayed_action)),
    ("extension-not-scored", "the extension scores nothing", ("SCORE-EXTENSION",),
     rescored(_no_extension_points)),
    # the alternative readings of the text (issue: the spec as a contract)
    ("window-cites-cf-window", "a draw, play or discard in a coup-fourré window also breaks "
     "CF-WINDOW", ("CF-WINDOW", "TURN-PRECONDITIONS"),
     both(row("TURN-DRAW", "CF-WINDOW", _not_in_window, (Draw,)),
          row("TURN-PLAY-OR-DISCARD", "CF-WINDOW", _not_in_window, (Card, Discard)))),
    ("cf-outside-window-one-rule", "a coup-fourré outside a window breaks CF-WINDOW only",
     ("CF-MATCHING-SAFETY",), predicate("CF-MATCHING-SAFETY", _matches_if_pending)),
    ("deal-cites-rotation", "a deal by the wrong seat also breaks MATCH-DEALER-ROTATION",
     ("TURN-ACTOR", "MATCH-DEALER-ROTATION"),
     row("TURN-ACTOR", "MATCH-DEALER-ROTATION", _by_actor, (Deal,))),
    ("safety-cites-safe-on-turn", "a safety out of turn also breaks SAFE-ON-TURN",
     ("TURN-ACTOR", "SAFE-ON-TURN"),
     row("TARGET-OWN-TEAM", "SAFE-ON-TURN", _safety_by_actor, (Card,))),
    ("cf-empty-pile-takes-turn", "a coup-fourré on an empty draw pile still takes the turn "
     "(the ruling before it was re-decided)", ("RUL-CF-EMPTY-PILE",),
     _on((CoupFourre,), _cf_turn_on_empty_pile)),
    ("turn-kept-between-rounds", "turn is left unchanged when a round ends",
     ("STATE-TURN", "MATCH-DEALER-ROTATION"), at_round_end(_turn_kept_between_rounds)),
    ("extended-by-seat", "extended_by records the seat that called the extension",
     ("STATE-EXTENDED-BY",), _on((Extension,), _extended_by_seat)),
    ("cleared-hazards-reversed", "a safety that clears two hazards discards them in the "
     "other order", ("STATE-PILE-ORDER",), _on(SAFETIES_LAID, _cleared_reversed)),
    ("no-extension-for-shutout", "a shut-out team does not score a lost extension",
     ("SCORE-EXTENSION",), rescored(_no_extension_for_shutout)),
    ("empty-hand-keeps-turn", "a seat with no card is not passed over once the draw pile is "
     "empty", ("RUL-EMPTY-DRAW-PILE",), _on(TURN_PASSERS, _empty_hand_not_passed)),
)  # fmt: skip
WRITTEN: tuple[Mutant, ...] = tuple(
    Mutant(name, description, breaks, FAMILY, build) for name, description, breaks, build in SPECS
)
"""The hand-written mutants."""

MUTANTS: tuple[Mutant, ...] = GENERATED + WRITTEN
BY_NAME: dict[str, Mutant] = {m.name: m for m in MUTANTS}

INVARIANT_MUTANTS: tuple[str, ...] = (
    "third-200", "speed-limit-75", "hazard-on-stopped", "coup-fourre-skips-nobody",
    "discard-loses-card", "hand-refilled-to-7", "distance-without-roll", "past-the-goal",
    "immunity-ignored", "speed-limit-twice", "any-remedy", "roll-any-time", "no-extra-turn",
    "safety-keeps-hazard", "no-coup-fourre", "no-shutout", "out-of-turn",
)  # fmt: skip
"""The mutants the invariant state machine must catch (tests/invariants)."""


def family_of(name: str) -> Any:
    """The classic family object of the mutant ``name``."""
    return BY_NAME[name].of(CLASSIC)
