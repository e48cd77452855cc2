"""The state invariants: pure predicates over one state, each under its invariant ID.

Each returns the problems it finds, in words (empty when the state satisfies it),
so that a failing test says what is wrong. The docstring of each is the text of its
invariant in spec/invariants.md. They live in the engine because they are also the
boundary: a state read from outside is refused unless every one of them holds
(:func:`millebornes.families.classic.validate.load_problems`), and the invariants
package's catalogue lists these same functions (:data:`STATE_CHECKS`) with the rules each protects.
They assume a state that is well formed
(:func:`millebornes.families.classic.validate.state_problems`).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Mapping
from types import MappingProxyType

from millebornes.families.classic.cards import CATEGORY, SAFETY_OF, Category
from millebornes.families.classic.piles import pile_problems
from millebornes.families.classic.state import Phase, State

IN_ROUND = (Phase.DRAW, Phase.PLAY, Phase.COUP_FOURRE, Phase.EXTENSION)
"""The phases of a round under way."""
MOVING = (Phase.DRAW, Phase.PLAY, Phase.COUP_FOURRE)
"""The phases in which nobody may be at the goal (END-GOAL, EXT-DECISION)."""


def card_conservation(state: State) -> list[str]:
    """Every card of the edition's box at this seat count is in exactly one zone (110 for
    the classic box: 106 playing cards and 4 memo cards)."""
    counts = Counter(state.all_cards())
    box = Counter(dict(state.box))
    if counts == box:
        return []
    gained = {card.name: n for card, n in (counts - box).items()}
    lost = {card.name: n for card, n in (box - counts).items()}
    return [f"the cards are not the box's: gained {gained} and lost {lost}"]


def hand_sizes(state: State) -> list[str]:
    """While the draw pile lasts, every hand holds the hand size, the player who has drawn
    one more; once it is empty, hands only shrink and nobody but that player holds more."""
    if state.phase not in IN_ROUND:
        return []
    size = state.rules.hand_size
    problems = []
    for seat, hand in enumerate(state.hands):
        holding_draw = seat == state.actor and state.phase is Phase.PLAY
        limit = size + 1 if holding_draw else size
        if len(hand) > limit or (state.draw_pile and len(hand) != limit):
            problems.append(f"seat {seat} holds {len(hand)} cards in phase {state.phase}")
    return problems


def distance_bounds(state: State) -> list[str]:
    """A team's distance, the sum of its distance cards, never passes the goal in force;
    while cards are being played it is below the goal, since reaching it ends the round
    or, in the extension decision, leaves only the deciding team at the goal."""
    problems = []
    goal = state.goal
    for team, tableau in enumerate(state.tableaus):
        if any(CATEGORY[card] is not Category.DISTANCE for card in tableau.distance):
            problems.append(f"team {team} counts a card that is not a distance card")
        if tableau.km > goal:
            problems.append(f"team {team} is at {tableau.km} km, past the goal {goal}")
        if state.phase in MOVING and tableau.km == goal:
            problems.append(f"team {team} reached the goal but the round goes on")
    if state.phase is Phase.EXTENSION and state.actor is not None:
        at_goal = [t for t, tableau in enumerate(state.tableaus) if tableau.km == goal]
        if at_goal != [state.team_of(state.actor)]:
            problems.append(f"extension decision for seat {state.actor}, teams at goal {at_goal}")
    return problems


def at_most_two_200s(state: State) -> list[str]:
    """No team has laid more 200 km cards in a round than the edition allows (two)."""
    allowed = state.rules.max_200_per_round
    return [
        f"team {team} laid {tableau.count_200()} cards of 200 km"
        for team, tableau in enumerate(state.tableaus)
        if tableau.count_200() > allowed
    ]


def safeties_once(state: State) -> list[str]:
    """Each safety is in play at most once, only safeties lie among a team's safeties, and
    coup-fourré marks lie only on safeties that team has laid, at most one on each."""
    problems = []
    laid = Counter(card for tableau in state.tableaus for card in tableau.safeties)
    box = dict(state.box)
    problems += [f"{card.name} laid {n} times" for card, n in laid.items() if n > box.get(card, 0)]
    for team, tableau in enumerate(state.tableaus):
        if len(set(tableau.safeties)) != len(tableau.safeties):
            problems.append(f"team {team} laid a safety twice")
        if any(CATEGORY[card] is not Category.SAFETY for card in tableau.safeties):
            problems.append(f"team {team} has a non-safety among its safeties")
        marks = Counter(tableau.coups_fourres)
        if any(n > tableau.safeties.count(card) for card, n in marks.items()):
            problems.append(f"team {team} has a coup-fourré mark on a safety it did not lay")
    return problems


def one_actor(state: State) -> list[str]:
    """Exactly one seat is expected to act unless the match is over: the player whose
    turn it is, the player offered the coup-fourré (of the attacked team), the player
    deciding the extension, or between rounds the next dealer."""
    phase, actor, n = state.phase, state.actor, state.players
    if (phase is Phase.MATCH_OVER) != (actor is None):
        return [f"actor {actor} in phase {phase}"]
    if actor is None:
        return []
    if not 0 <= actor < n:
        return [f"actor {actor} is not a seat"]
    if phase in (Phase.DRAW, Phase.PLAY, Phase.EXTENSION) and actor != state.turn:
        return [f"seat {actor} acts in seat {state.turn}'s turn"]
    if phase is Phase.COUP_FOURRE and state.team_of(actor) == state.team_of(state.turn):
        return [f"seat {actor} answers an attack by its own team"]
    if phase is Phase.ROUND_OVER and actor != (state.dealer + 1) % n:
        return [f"seat {actor} deals after seat {state.dealer}"]
    if phase is Phase.DEAL and actor != state.dealer:
        return [f"seat {actor} deals the first round, seat {state.dealer} named dealer"]
    return []


def pending_window(state: State) -> list[str]:
    """A coup-fourré window is open exactly when the actor holds the safety matching a
    hazard that lies on top of its team's pile."""
    if state.phase is not Phase.COUP_FOURRE:
        return [] if state.pending_hazard is None else ["a pending hazard outside the window"]
    hazard, actor = state.pending_hazard, state.actor
    if hazard is None or actor is None:
        return ["a window without a hazard or an actor"]
    tableau = state.tableaus[state.team_of(actor)]
    on_top = hazard in (tableau.speed_top, tableau.battle_top)
    if not on_top or SAFETY_OF[hazard] not in state.hands[actor]:
        return [f"window for {hazard.name} but seat {actor} cannot answer it"]
    return []


def piles_well_formed(state: State) -> list[str]:
    """Each team's battle pile and speed pile, read from the bottom, is a sequence of
    lawful plays, each card on the one beneath; no hazard stands on top of a team that
    laid the matching safety; a team with distance has started."""
    return [
        f"team {team}: {problem}"
        for team, tableau in enumerate(state.tableaus)
        for problem in pile_problems(tableau)
    ]


def actor_can_act(state: State) -> list[str]:
    """The seat expected to act always has something lawful to do: a draw pile to draw
    from, a card to play or discard, a coup-fourré to answer or decline, a deal."""
    phase = state.phase
    if phase is Phase.DRAW and not state.draw_pile:
        return ["a draw is expected from an empty draw pile"]
    if phase is Phase.PLAY and state.actor is not None and not state.hands[state.actor]:
        return [f"seat {state.actor} must play from an empty hand"]
    return []


def match_end(state: State) -> list[str]:
    """Scores are never negative; the match is over exactly when a team has reached the
    edition's match target, and nobody has scored before the first deal."""
    target = state.rules.match_target
    reached = max(state.scores) >= target
    problems = []
    if min(state.scores) < 0:
        problems.append(f"negative score in {state.scores}")
    if reached != (state.phase is Phase.MATCH_OVER):
        problems.append(f"scores {state.scores} against target {target} in phase {state.phase}")
    if state.phase is Phase.DEAL and any(state.scores):
        problems.append("points scored before the first deal")
    return problems


STATE_CHECKS: Mapping[str, Callable[[State], list[str]]] = MappingProxyType(
    {
        "INV-CARD-CONSERVATION": card_conservation,
        "INV-HAND-SIZE": hand_sizes,
        "INV-DISTANCE-BOUND": distance_bounds,
        "INV-MAX-TWO-200": at_most_two_200s,
        "INV-SAFETY-ONCE": safeties_once,
        "INV-ONE-ACTOR": one_actor,
        "INV-COUP-FOURRE-WINDOW": pending_window,
        "INV-PILES-WELL-FORMED": piles_well_formed,
        "INV-ACTOR-CAN-ACT": actor_can_act,
        "INV-MATCH-END": match_end,
    }
)
"""Every state invariant of spec/invariants.md by its ID, in the catalogue's order."""
