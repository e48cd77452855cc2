"""What the OpenSpiel and PettingZoo adapters share: action indices, tensors, utilities.

Nothing here imports a framework. The engine's actions become integers in a fixed
table (:class:`ActionTable`), a seat's view of a state becomes a flat list of
numbers (:func:`observation`) and a line of text (:func:`observation_string`), and
the score sheet becomes zero-sum utilities (:func:`utilities`).

Seats and teams in the tensors are *relative to the observer* (index 0 is the
observer's own seat or team, 1 the next one clockwise, …), and play targets in the
action table are relative to the actor's team, so one policy can sit in any seat.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from functools import cache

from millebornes.core.errors import MalformedInput
from millebornes.families.classic.actions import (
    Action,
    CoupFourre,
    Deal,
    Decline,
    Discard,
    Draw,
    Extension,
    Play,
)
from millebornes.families.classic.cards import CATEGORY, SAFETIES, Card, Category
from millebornes.families.classic.edition import load_edition
from millebornes.families.classic.engine import legal_actions
from millebornes.families.classic.state import Phase, State

PLAYING_CARDS: tuple[Card, ...] = tuple(c for c in Card if CATEGORY[c] is not Category.MEMO)
"""The card kinds that can be dealt and played (memo cards stay out of play)."""
DISTANCE_CARDS: tuple[Card, ...] = tuple(c for c in Card if CATEGORY[c] is Category.DISTANCE)
PHASES: tuple[Phase, ...] = tuple(Phase)
_KINDS = len(PLAYING_CARDS)
_SAFETY_INDEX = {safety: i for i, safety in enumerate(SAFETIES)}
_PHASE_INDEX = {phase: i for i, phase in enumerate(PHASES)}


@dataclass(frozen=True, slots=True)
class ActionTable:
    """The fixed action index of a game with ``teams`` teams.

    ========================  ==============================================
    index                     engine action
    ========================  ==============================================
    0                         ``Draw``
    1 + card·T + offset       ``Play(card, team)``, offset = (team - own team) mod T
    1 + 19·T + card           ``Discard(card)``
    20 + 19·T + safety        ``CoupFourre(safety)``, safety in SAFETIES order
    24 + 19·T                 ``Decline``
    25 + 19·T                 ``Extension(extend=False)`` (stop at the goal)
    26 + 19·T                 ``Extension(extend=True)``
    ========================  ==============================================

    ``card`` is the card's position in :data:`PLAYING_CARDS` (the card order of
    spec/cards.json), T the number of teams. The seat of an action is always the
    actor, so an index names exactly one action in every state.
    """

    teams: int

    @property
    def play_base(self) -> int:
        return 1

    @property
    def discard_base(self) -> int:
        return 1 + _KINDS * self.teams

    @property
    def coup_fourre_base(self) -> int:
        return self.discard_base + _KINDS

    @property
    def decline(self) -> int:
        return self.coup_fourre_base + len(SAFETIES)

    @property
    def size(self) -> int:
        """How many distinct action indices there are (27 + 19·T)."""
        return self.decline + 3

    def index(self, action: Action) -> int:
        """The index of ``action`` (never a ``Deal``: the deal is chance)."""
        match action:
            case Draw():
                return 0
            case Play(seat=seat, card=card, target=target):
                offset = (target - seat % self.teams) % self.teams
                return self.play_base + int(card) * self.teams + offset
            case Discard(card=card):
                return self.discard_base + int(card)
            case CoupFourre(card=card):
                return self.coup_fourre_base + _SAFETY_INDEX[card]
            case Decline():
                return self.decline
            case Extension(extend=extend):
                return self.decline + 1 + int(extend)
            case Deal():
                raise MalformedInput("a deal is a chance outcome, not an indexed action")

    def action(self, index: int, seat: int) -> Action:
        """The engine action that ``index`` names when ``seat`` acts."""
        if not isinstance(index, int) or not 0 <= index < self.size:
            raise MalformedInput(f"action index {index!r} is not in 0..{self.size - 1}")
        if index == 0:
            return Draw(seat)
        if index < self.discard_base:
            card, offset = divmod(index - self.play_base, self.teams)
            return Play(seat, PLAYING_CARDS[card], (seat % self.teams + offset) % self.teams)
        if index < self.coup_fourre_base:
            return Discard(seat, PLAYING_CARDS[index - self.discard_base])
        if index < self.decline:
            return CoupFourre(seat, SAFETIES[index - self.coup_fourre_base])
        if index == self.decline:
            return Decline(seat)
        return Extension(seat, extend=index == self.decline + 2)

    def name(self, index: int) -> str:
        """A name for ``index`` that holds in every state, e.g. ``play STOP on team +1``."""
        action = self.action(index, 0)
        match action:
            case Draw():
                return "draw"
            case Play(card=card, target=target):
                return f"play {card.name} on " + (f"team +{target}" if target else "own team")
            case Discard(card=card):
                return f"discard {card.name}"
            case CoupFourre(card=card):
                return f"coup-fourré {card.name}"
            case Decline():
                return "decline"
            case Extension(extend=extend):
                return "extend" if extend else "stop at the goal"
            case _:
                raise AssertionError(action)

    def legal(self, state: State) -> list[int]:
        """The indices of ``legal_actions(state)``, ascending."""
        return sorted(self.index(action) for action in legal_actions(state))


# --- utilities -------------------------------------------------------------------


def utilities(state: State) -> tuple[float, ...]:
    """Each seat's utility: its team's match total minus the mean of all teams' totals.

    Zero-sum by construction (every team has as many seats), so zero-sum algorithms
    apply; what decides a match is the lead over the other teams, not the raw total.
    """
    mean = sum(state.scores) / len(state.scores)
    return tuple(float(state.scores[state.team_of(seat)] - mean) for seat in range(state.players))


def max_round_points(edition: str, players: int, options: tuple[str, ...] = ()) -> int:
    """An upper bound on one team's score sheet for a round (SCORE-SHEET items)."""
    rules = load_edition(edition)
    points = rules.scoring
    teams = rules.teams_by_seats[players]
    distance = max(rules.goal_for(players, options), rules.extension_goal or 0)
    return (
        distance
        + len(SAFETIES) * (points.per_safety + points.per_coup_fourre)
        + points.all_safeties_bonus
        + points.round_win
        + points.delayed_action
        + points.win_without_200
        + points.extension
        + points.shutout * (teams - 1)
    )


def max_utility(edition: str, players: int, options: tuple[str, ...], rounds: int) -> float:
    """The largest utility :func:`utilities` can give after ``rounds`` rounds."""
    teams = load_edition(edition).teams_by_seats[players]
    return rounds * max_round_points(edition, players, options) * (teams - 1) / teams


# --- observations ----------------------------------------------------------------


def segments(players: int, teams: int) -> tuple[tuple[str, int], ...]:
    """The named parts of :func:`observation`, in order, with their lengths.

    Seats (``actor``, ``turn``, ``hand_sizes``) and teams (everything per team) are
    relative to the observer; ``*_top``, ``hand``, ``discard_counts`` and
    ``pending_hazard`` run over :data:`PLAYING_CARDS`; ``distance`` counts each
    distance card laid; ``safeties`` and ``coups_fourres`` run over SAFETIES;
    ``km``, ``goal`` are in hundreds of km and ``scores`` in thousands of points.
    """
    return (
        ("phase", len(PHASES)),
        ("actor", players),
        ("turn", players),
        ("hand", _KINDS),
        ("hand_sizes", players),
        ("draw_pile", 1),
        ("discard_counts", _KINDS),
        ("discard_top", _KINDS),
        ("battle_top", teams * _KINDS),
        ("speed_top", teams * _KINDS),
        ("distance", teams * len(DISTANCE_CARDS)),
        ("km", teams),
        ("safeties", teams * len(SAFETIES)),
        ("coups_fourres", teams * len(SAFETIES)),
        ("pending_hazard", _KINDS),
        ("extended_by", teams),
        ("goal", 1),
        ("scores", teams),
    )


def observation_size(players: int, teams: int) -> int:
    return _offsets(players, teams)["end"]


def observation_high(edition: str, players: int, options: tuple[str, ...], rounds: int) -> float:
    """No entry of :func:`observation` exceeds this: card counts are at most a box, and
    scores (in thousands) at most ``rounds`` full score sheets."""
    box = float(load_edition(edition).box_total)
    return max(box, rounds * max_round_points(edition, players, options) / 1000)


def dealt_hands(state: State, dealer: int, dealt: tuple[Card, ...]) -> tuple[tuple[Card, ...], ...]:
    """The hands after the first cards ``dealt`` of a deal by ``dealer`` (SETUP-DEAL:
    one card at a time from the dealer's left), for views during a card-by-card deal."""
    n = state.players
    size = state.rules.hand_size * n
    return tuple(tuple(sorted(dealt[(seat - dealer - 1) % n : size : n])) for seat in range(n))


def observation(
    state: State,
    seat: int,
    hands: tuple[tuple[Card, ...], ...] | None = None,
    draw_pile: int | None = None,
) -> list[float]:
    """What ``seat`` sees of ``state``, as numbers laid out by :func:`segments`.

    ``hands`` and ``draw_pile`` replace the state's during a card-by-card deal.
    Hidden: the other hands (only their sizes show) and the draw pile's order.
    Card kinds index their parts by ``int(card)`` (:data:`PLAYING_CARDS` is in card order).
    """
    n, teams = state.players, state.teams
    hands = state.hands if hands is None else hands
    own_team = seat % teams
    at = _offsets(n, teams)
    out = [0.0] * at["end"]
    out[at["phase"] + _PHASE_INDEX[state.phase]] = 1.0
    if state.actor is not None:
        out[at["actor"] + (state.actor - seat) % n] = 1.0
    out[at["turn"] + (state.turn - seat) % n] = 1.0
    for card in hands[seat]:
        out[at["hand"] + card] += 1.0
    for k in range(n):
        out[at["hand_sizes"] + k] = float(len(hands[(seat + k) % n]))
    out[at["draw_pile"]] = float(len(state.draw_pile) if draw_pile is None else draw_pile)
    for card in state.discard_pile:
        out[at["discard_counts"] + card] += 1.0
    if state.discard_pile:
        out[at["discard_top"] + state.discard_pile[-1]] = 1.0
    for k in range(teams):
        tableau = state.tableaus[(own_team + k) % teams]
        if tableau.battle:
            out[at["battle_top"] + k * _KINDS + tableau.battle[-1]] = 1.0
        if tableau.speed:
            out[at["speed_top"] + k * _KINDS + tableau.speed[-1]] = 1.0
        for card in tableau.distance:
            out[at["distance"] + k * len(DISTANCE_CARDS) + card] += 1.0
        out[at["km"] + k] = tableau.km / 100
        for safety in tableau.safeties:
            out[at["safeties"] + k * len(SAFETIES) + _SAFETY_INDEX[safety]] = 1.0
        for safety in tableau.coups_fourres:
            out[at["coups_fourres"] + k * len(SAFETIES) + _SAFETY_INDEX[safety]] = 1.0
        out[at["scores"] + k] = state.scores[(own_team + k) % teams] / 1000
    if state.pending_hazard is not None:
        out[at["pending_hazard"] + state.pending_hazard] = 1.0
    if state.extended_by is not None:
        out[at["extended_by"] + (state.extended_by - own_team) % teams] = 1.0
    out[at["goal"]] = state.goal / 100
    return out


if tuple(Card)[: len(PLAYING_CARDS)] != PLAYING_CARDS or PLAYING_CARDS[:5] != DISTANCE_CARDS:
    raise RuntimeError("observation indexes card kinds by int(card): keep memo cards last")


@cache
def _offsets(players: int, teams: int) -> dict[str, int]:
    """Where each part of :func:`segments` starts, and ``end``, the total length."""
    at, start = {}, 0
    for name, size in segments(players, teams):
        at[name] = start
        start += size
    at["end"] = start
    return at


NAMES: tuple[str, ...] = tuple(card.name for card in Card)
"""Card names by ``int(card)`` (an enum's ``.name`` is slow on the hot path)."""


def cards_text(cards: Iterable[Card]) -> str:
    """Card names separated by spaces, or ``-`` for none."""
    return " ".join([NAMES[card] for card in cards]) or "-"


def observation_string(
    state: State,
    seat: int | None,
    hands: tuple[tuple[Card, ...], ...] | None = None,
    draw_pile: int | None = None,
) -> str:
    """The same view as :func:`observation`, as text (absolute seat and team numbers).

    ``seat=None`` is nobody's view: every hand and the draw pile's order show.
    """
    hands = state.hands if hands is None else hands
    if seat is None:
        who = "all seats"
        shown = [f"hand of seat {s}: {cards_text(hand)}" for s, hand in enumerate(hands)]
        pile = cards_text(state.draw_pile) if draw_pile is None else f"{draw_pile} to deal"
    else:
        who = f"seat {seat} (team {state.team_of(seat)})"
        shown = [f"hand: {cards_text(hands[seat])}"]
        pile = str(len(state.draw_pile) if draw_pile is None else draw_pile)
    lines = [
        f"{who}; round {state.round_number}; phase {state.phase.value};"
        f" actor {state.actor}; turn {state.turn}",
        *shown,
        "hand sizes: " + " ".join(str(len(hand)) for hand in hands),
        f"draw pile: {pile}; discard pile: {cards_text(state.discard_pile)}",
    ]
    for team, tableau in enumerate(state.tableaus):
        laid = " ".join(
            NAMES[s] + ("*" if s in tableau.coups_fourres else "") for s in tableau.safeties
        )
        lines.append(
            f"team {team}: {tableau.km} km; battle {cards_text(tableau.battle[-1:])};"
            f" speed {cards_text(tableau.speed[-1:])}; distance {cards_text(tableau.distance)};"
            f" safeties {laid or '-'}; score {state.scores[team]}"
        )
    pending = cards_text(() if state.pending_hazard is None else (state.pending_hazard,))
    lines.append(f"goal {state.goal}; pending hazard {pending}; extended by {state.extended_by}")
    return "\n".join(lines)
