"""As du Volant for the adapters: the fixed action table, the observation, the utilities.

Action indices for ``n`` seats (``o`` = (target - actor) mod n, card kinds in
:class:`~millebornes.families.asduvolant.cards.AvCard` order; size 87 + 5·n):

===============================  ============================================================
index                            engine action
===============================  ============================================================
0 … 5                            ``DrawPile``, ``DrawDiscard``, ``Turbo``, ``EndTurn``,
                                 ``UTurn``, ``Pass``
6 + card                         ``Discard(card)`` (23 kinds)
29 + d·4 + a·2 + s               ``Move(DISTANCES[d], accelerated a, shortcut s)``
49 + k·n + o                     ``Attack(ATTACKS[k], target = actor + o)``
49 + 5n + r·5 + k                ``Remedy(REMEDIES[r], ATTACKS[k])``
79 + 5n + j                      ``Safety(SAFETIES[j])``
83 + 5n + j                      ``CoupFourre(SAFETIES[j])``
===============================  ============================================================

The table is the conformance suite's ``every_action`` for one seat, so every
well-formed action has exactly one index. Games use the default board
(ASM-AV-LAYOUT).

Utilities: zero-sum win/loss (:func:`~.race_encoding.win_utilities`) — the winner +1,
each other seat -1/(n-1), shared wins (AV-END-STUCK) split — unless an option counts
points (``points_5000`` or ``bonus``, AV-POINTS): then each seat's points for the game
(:func:`millebornes.score`) minus the mean of all seats' points.
"""

from __future__ import annotations

from functools import cache

import millebornes as mb
from millebornes.apps.adapters.race_encoding import (
    Codec,
    Deal,
    Layout,
    fill_shared,
    hand_line,
    lead_utilities,
    rel,
)
from millebornes.core.errors import MalformedInput
from millebornes.families.asduvolant.actions import (
    Attack,
    CoupFourre,
    Discard,
    DrawDiscard,
    DrawPile,
    EndTurn,
    Move,
    Pass,
    Remedy,
    Safety,
    Turbo,
    UTurn,
)
from millebornes.families.asduvolant.cards import (
    ATTACKS,
    DATA,
    DISTANCES,
    KIND,
    OPTIONS,
    SAFETIES,
    TOKENS,
    AvCard,
    Kind,
)
from millebornes.families.asduvolant.state import AvPhase, AvState
from millebornes.families.asduvolant.track import Board, default_board

EDITION = "as-du-volant"
KINDS: tuple[AvCard, ...] = tuple(AvCard)
REMEDIES: tuple[AvCard, ...] = tuple(c for c in AvCard if KIND[c] is Kind.REMEDY)
PHASES: tuple[AvPhase, ...] = tuple(AvPhase)
SINGLES = (DrawPile, DrawDiscard, Turbo, EndTurn, UTurn, Pass)
POINTS_OPTIONS = frozenset({"points_5000", "bonus"})
_K = len(KINDS)


class AsDuVolantCodec(Codec):
    """The action table and views of an As du Volant game at ``players`` seats."""

    edition = EDITION
    kinds = KINDS
    hand_size = DATA.hand_size
    seed_bytes = 2

    def __init__(self, players: int, options: tuple[str, ...] = ()) -> None:
        start = mb.new_game(EDITION, players, options, seed=0)  # refuses seats and options
        n = self.players = players
        self.options = tuple(sorted(options))
        self.points = bool(POINTS_OPTIONS & set(options))
        self.goal = start.goal
        self.board: Board = default_board()
        self.deck = DATA.deck(players, options)
        self.discard = len(SINGLES)
        self.move = self.discard + _K
        self.attack = self.move + len(DISTANCES) * 4
        self.remedy = self.attack + len(ATTACKS) * n
        self.safety = self.remedy + len(REMEDIES) * len(ATTACKS)
        self.coup_fourre = self.safety + len(SAFETIES)
        self.size = self.coup_fourre + len(SAFETIES)
        self.squares = len(self.board.squares)
        self.lanes = max(square.lanes for square in self.board.squares)
        self.layout = _layout(n, self.squares, self.lanes)
        self.max_utility = _max_utility(players, self.board) if self.points else 1.0

    # --- actions -------------------------------------------------------------------

    def index(self, action: object) -> int:
        n = self.players
        match action:
            case DrawPile() | DrawDiscard() | Turbo() | EndTurn() | UTurn() | Pass():
                return SINGLES.index(type(action))
            case Discard(card=card):
                return self.discard + int(card)
            case Move(card=card, accelerated=a, shortcut=s):
                return self.move + DISTANCES.index(card) * 4 + int(a) * 2 + int(s)
            case Attack(seat=seat, card=card, target=target):
                return self.attack + ATTACKS.index(card) * n + rel(target, seat, n)
            case Remedy(card=card, attack=attack):
                return self.remedy + REMEDIES.index(card) * len(ATTACKS) + ATTACKS.index(attack)
            case Safety(card=card):
                return self.safety + SAFETIES.index(card)
            case CoupFourre(card=card):
                return self.coup_fourre + SAFETIES.index(card)
        raise MalformedInput(f"no As du Volant action index for {action!r}")

    def action(self, index: int, seat: int) -> object:
        self.check_index(index)
        n = self.players
        if index < self.discard:
            return SINGLES[index](seat)
        if index < self.move:
            return Discard(seat, KINDS[index - self.discard])
        if index < self.attack:
            d, rest = divmod(index - self.move, 4)
            a, s = divmod(rest, 2)
            return Move(seat, DISTANCES[d], bool(a), bool(s))
        if index < self.remedy:
            k, o = divmod(index - self.attack, n)
            return Attack(seat, ATTACKS[k], (seat + o) % n)
        if index < self.safety:
            r, k = divmod(index - self.remedy, len(ATTACKS))
            return Remedy(seat, REMEDIES[r], ATTACKS[k])
        if index < self.coup_fourre:
            return Safety(seat, SAFETIES[index - self.safety])
        return CoupFourre(seat, SAFETIES[index - self.coup_fourre])

    def name(self, index: int) -> str:
        match self.action(index, 0):
            case Discard(card=c):
                return f"discard {c.name}"
            case Move(card=c, accelerated=a, shortcut=s):
                return f"move {c.name}" + " accelerated" * a + " by the shortcut" * s
            case Attack(card=c, target=t):
                return f"attack {c.name} on seat +{t}"
            case Remedy(card=c, attack=k):
                return f"remedy {c.name} for {k.name}"
            case Safety(card=c):
                return f"safety {c.name}"
            case CoupFourre(card=c):
                return f"coup-fourré {c.name}"
            case other:
                return {EndTurn: "end turn", UTurn: "u-turn", DrawPile: "draw pile"}.get(
                    type(other), type(other).__name__.lower()
                )

    # --- views ---------------------------------------------------------------------

    def observation(
        self, state: AvState | None, seat: int, partial: tuple[int, ...], deal: Deal | None
    ) -> list[float]:
        """What ``seat`` sees, laid out by :func:`segments`."""
        n, at = self.players, self.layout.at
        out = self.layout.zeros()
        out[at["goal"]] = self.goal / 100
        for i, option in enumerate(OPTIONS):
            out[at["options"] + i] = float(option in self.options)
        if not fill_shared(out, at, seat, players=n, state=state, deal=deal, phases=PHASES):
            return out
        assert state is not None
        out[at["reshuffles"]] = float(state.reshuffles)
        if state.taken is not None:
            out[at["taken"] + state.taken] = 1.0
        turn = at["turn_state"]
        out[turn : turn + 4] = [
            float(state.plays),
            float(state.played),
            float(state.forced),
            float(state.stuck),
        ]
        for k in range(n):
            car = state.cars[(seat + k) % n]
            out[at["square"] + k * self.squares + car.square] = 1.0
            out[at["lane"] + k * self.lanes + car.lane] = 1.0
            if car.attack is not None:
                out[at["car_attack"] + k * len(ATTACKS) + ATTACKS.index(car.attack)] = 1.0
            out[at["limit"] + k] = float(car.limit)
            for safety in car.safeties:
                out[at["safeties"] + k * 4 + SAFETIES.index(safety)] = 1.0
            for safety in car.coups_fourres:
                out[at["coups_fourres"] + k * 4 + SAFETIES.index(safety)] = 1.0
            laid = at["laid"] + k * 3
            out[laid : laid + 3] = [
                float(car.laid_100),
                float(car.laid_200),
                float(car.laid_distance),
            ]
            out[at["km"] + k] = state.board.squares[car.square].km / 100
        for i, count in enumerate(state.supply):
            out[at["supply"] + i] = float(count)
        if state.pending is not None:
            out[at["pending"] + ATTACKS.index(state.pending)] = 1.0
        for name, who in (("source", state.source), ("mover", state.mover)):
            if who is not None:
                out[at[name] + rel(who, seat, n)] = 1.0
        if state.resume is not None:
            out[at["resume"] + rel(state.resume, seat, n)] = 1.0
        if state.origin is not None:
            out[at["origin"] + state.origin[0]] = 1.0
        if state.moved is not None:
            out[at["moved"] + DISTANCES.index(state.moved)] = 1.0
        return out

    def observation_string(
        self,
        state: AvState | None,
        seat: int | None,
        partial: tuple[int, ...],
        deal: Deal | None,
    ) -> str:
        """The same view as text (absolute seats); ``seat=None`` shows every hand."""
        if state is None:
            assert deal is not None
            who = "all seats" if seat is None else f"seat {seat}"
            mine = "" if seat is None else f"; hand: {hand_line(deal.hand)}"
            sizes = " ".join(map(str, deal.hand_sizes))
            return f"{who}; dealing; hand sizes {sizes}; {deal.to_deal} to deal{mine}"
        lines = [
            ("all seats" if seat is None else f"seat {seat}")
            + f"; phase {state.phase.value}; actor {state.actor}; turn {state.turn}"
            + f"; goal {state.goal}; options {' '.join(self.options) or '-'}"
            + f"; plays {state.plays}; played {state.played}; forced {state.forced}"
            + f"; stuck {state.stuck}",
        ]
        if seat is None:
            lines += [f"hand of seat {s}: {hand_line(h)}" for s, h in enumerate(state.hands)]
            lines.append(f"draw pile: {hand_line(state.draw_pile)}")
        else:
            lines.append(f"hand: {hand_line(state.hands[seat])}")
            lines.append(f"draw pile: {len(state.draw_pile)}")
        taken = state.taken.name if state.taken is not None else "-"
        lines.append(
            "hand sizes: " + " ".join(str(len(h)) for h in state.hands)
            + f"; discard pile: {hand_line(state.discard_pile)}; taken {taken}"
            + f"; reshuffles {state.reshuffles}; supply {list(state.supply)}"
        )  # fmt: skip
        for s, car in enumerate(state.cars):
            laid = " ".join(c.name + ("*" if c in car.coups_fourres else "") for c in car.safeties)
            attack = car.attack.name if car.attack is not None else "-"
            km = state.board.squares[car.square].km
            lines.append(
                f"seat {s}: square {car.square} lane {car.lane} ({km} km); attack {attack};"
                f" limit {car.limit}; safeties {laid or '-'}; laid 100 {car.laid_100},"
                f" 200 {car.laid_200}, distance {car.laid_distance}"
            )
        pending = state.pending.name if state.pending is not None else "-"
        moved = state.moved.name if state.moved is not None else "-"
        lines.append(
            f"pending {pending} from {state.source}; mover {state.mover} from {state.origin}"
            f" with {moved}; resume {state.resume}"
        )
        return "\n".join(lines)

    def move_lines(
        self, before: AvState, seat: int, partial: tuple[int, ...], index: int, after: AvState
    ) -> tuple[str, ...]:
        """Each seat's line: the move, and the seat's own hand when it changed (cards
        drawn show only to their drawer)."""
        public = f"seat {seat}: {self.name(index)}"
        return tuple(
            public + f"; hand {hand_line(after.hands[v])}" * (before.hands[v] != after.hands[v])
            for v in range(self.players)
        )

    def utilities(self, state: AvState) -> tuple[float, ...]:
        if self.points:
            points = mb.score(state)["points"]
            assert isinstance(points, list)
            return lead_utilities(points)
        return super().utilities(state)


def segments(players: int, squares: int, lanes: int) -> tuple[tuple[str, int], ...]:
    """The named parts of the observation, in order, with their lengths.

    Seats are relative to the observer; ``hand``, ``discard_counts``, ``discard_top``
    and ``taken`` run over the 23 card kinds; ``turn_state`` is plays left, cards played,
    forced, blocked turns in a row; per seat, ``square`` is one-hot over the board's
    squares and ``lane`` over its lanes, ``car_attack`` over ATTACKS, ``safeties`` and
    ``coups_fourres`` over SAFETIES, ``laid`` the 100s, 200s and distance cards whose
    moves stand, ``km`` in hundreds; ``supply`` the tokens left per kind (attacks then
    safeties); ``options`` over OPTIONS (goal_700, accelerated, points_5000, bonus, small_deck).
    """
    n = players
    return (
        ("dealing", 1),
        ("phase", len(PHASES)),
        ("actor", n),
        ("turn", n),
        ("hand", _K),
        ("hand_sizes", n),
        ("draw_pile", 1),
        ("reshuffles", 1),
        ("discard_counts", _K),
        ("discard_top", _K),
        ("taken", _K),
        ("turn_state", 4),
        ("square", n * squares),
        ("lane", n * lanes),
        ("car_attack", n * len(ATTACKS)),
        ("limit", n),
        ("safeties", n * 4),
        ("coups_fourres", n * 4),
        ("laid", n * 3),
        ("km", n),
        ("supply", len(TOKENS)),
        ("pending", len(ATTACKS)),
        ("source", n),
        ("mover", n),
        ("origin", squares),
        ("moved", len(DISTANCES)),
        ("resume", n),
        ("options", len(OPTIONS)),
        ("goal", 1),
    )


@cache
def _layout(players: int, squares: int, lanes: int) -> Layout:
    return Layout(segments(players, squares, lanes))


def max_points(players: int, board: Board) -> int:
    """An upper bound on one seat's points for a game (AV-POINTS, AV-BONUS-GAME)."""
    p = DATA.points
    km = max(square.km for square in board.squares)
    return (
        km
        + len(SAFETIES) * (p["safety"] + p["coup_fourre"])
        + p["win"]
        + p["win_without_200"]
        + p["win_without_200_or_100"]
        + p["before_reshuffle"]
        + p["no_distance_card"] * (players - 1)
    )


def _max_utility(players: int, board: Board) -> float:
    return max_points(players, board) * (players - 1) / players


def observation_high(players: int) -> float:
    """No entry exceeds this: counts are at most the box, turns and reshuffles bounded by
    the move limit."""
    return float(max(DATA.box_total, 20000))
