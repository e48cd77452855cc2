"""Fun & Speed for the adapters: the fixed action table, the observation, the utilities.

Action indices for ``n`` seats (``o`` = (target - actor) mod n, ``K`` = 26 card kinds in
:class:`~millebornes.families.funspeed.cards.FsCard` order; size 846 + 36·n):

====================================  =====================================================
index                                 engine action
====================================  =====================================================
0 … 6                                 ``DrawPile``, ``DrawDiscard``, ``Trash``, ``Mirror``,
                                      ``UTurn``, ``Killer``, ``Pass``
7                                     ``FalseHoldUp(index=None)``
8 + i, i < 28                         ``FalseHoldUp(i)`` (24 Bornes in the box, 4 safeties)
36 + o·24 + i                         ``HoldUp(victim = actor + o, index = i)``
36 + 24n + o                          ``Helicopter(target = actor + o)``
36 + 25n + card                       ``Discard(card)``
62 + 25n + d·8 + a·2 + s              ``LayBorne(DISTANCES[d], accelerators a ≤ 3,
                                      announced s)``
102 + 25n + (k·n + o)·2 + s           ``Attack(ATTACKS[k], actor + o, announced s)``
102 + 35n + (r·5 + k)·2 + t           ``Remedy(REMEDIES[r], ATTACKS[k], remedy_on_top t)``
162 + 35n + j                         ``Safety(SAFETIES[j])``
166 + 35n + j                         ``CoupFourre(SAFETIES[j])``
170 + 35n + o                         Police, first choice: the target ``actor + o``
170 + 36n + take·26 + give            Police, second choice: the card taken and given
====================================  =====================================================

Police is the one move made in two choices: FS-POLICE lets the policeman take "a card
of his choice" from the target's hand, so once the target is chosen its hand shows to
the policeman (and only to him, in ``police_hand``) and the second choice names the
card taken and the card given back. A single index could not do it without the legal
actions telling every seat's hand. The table holds every well-formed action the
family's ``every_action`` helper lists (``accelerators`` up to 3, indexes up to the
box's 24 Bornes and 4 safeties), so an index names exactly one action in every state.

Utilities: zero-sum win/loss (:func:`~.race_encoding.win_utilities`): the winner +1,
each other seat -1/(n-1); shared wins (FS-END-GOAL, RUL-FS-EMPTY-PILE) split it.
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
    rel,
)
from millebornes.core.errors import MalformedInput
from millebornes.families.funspeed.actions import (
    Attack,
    CoupFourre,
    Discard,
    DrawDiscard,
    DrawPile,
    FalseHoldUp,
    Helicopter,
    HoldUp,
    Killer,
    LayBorne,
    Mirror,
    Pass,
    Police,
    Remedy,
    Safety,
    Trash,
    UTurn,
)
from millebornes.families.funspeed.cards import (
    ATTACKS,
    DATA,
    DISTANCES,
    KIND,
    SAFETIES,
    FsCard,
    Kind,
)
from millebornes.families.funspeed.state import FsPhase, FsState

EDITION = "fun-speed"
KINDS: tuple[FsCard, ...] = tuple(FsCard)
REMEDIES: tuple[FsCard, ...] = tuple(c for c in FsCard if KIND[c] is Kind.REMEDY)
PHASES: tuple[FsPhase, ...] = tuple(FsPhase)
MAX_ACCELERATORS = 3
"""Accélérateurs in the box: no LayBorne can name more (FS-ACCEL allows two)."""
BORNES = sum(n for card, n in DATA.box if KIND[card] is Kind.DISTANCE)
"""Bornes in the box: no zone holds more, so no Hold Up index reaches it."""
FORFEITS = BORNES + len(SAFETIES)
"""Cards a wrong Hold Up may cost: Bornes then safeties (FS-HOLDUP-WRONG)."""
SINGLES = (DrawPile, DrawDiscard, Trash, Mirror, UTurn, Killer, Pass)
_K = len(KINDS)


class FunSpeedCodec(Codec):
    """The action table and views of a Fun & Speed game at ``players`` seats."""

    edition = EDITION
    kinds = KINDS
    hand_size = DATA.hand_size
    max_utility = 1.0

    def __init__(self, players: int, options: tuple[str, ...] = ()) -> None:
        mb.new_game(EDITION, players, options, seed=0)  # refuses seats and options
        n = self.players = players
        self.options = options
        self.deck = DATA.deck()
        self.false_holdup = 7
        self.holdup = 8 + FORFEITS
        self.helicopter = self.holdup + BORNES * n
        self.discard = self.helicopter + n
        self.borne = self.discard + _K
        self.attack = self.borne + len(DISTANCES) * (MAX_ACCELERATORS + 1) * 2
        self.remedy = self.attack + len(ATTACKS) * n * 2
        self.safety = self.remedy + len(REMEDIES) * len(ATTACKS) * 2
        self.coup_fourre = self.safety + len(SAFETIES)
        self.police_target = self.coup_fourre + len(SAFETIES)
        self.police_swap = self.police_target + n
        self.size = self.police_swap + _K * _K
        self.layout = _layout(n)

    # --- actions -------------------------------------------------------------------

    def index(self, action: object) -> int:
        """The index of an engine action (a Police: its first choice, the target)."""
        n = self.players
        match action:
            case DrawPile() | DrawDiscard() | Trash() | Mirror() | UTurn() | Killer() | Pass():
                return SINGLES.index(type(action))
            case FalseHoldUp(index=None):
                return self.false_holdup
            case FalseHoldUp(index=int(i)) if 0 <= i < FORFEITS:
                return self.false_holdup + 1 + i
            case HoldUp(seat=seat, victim=victim, index=i) if 0 <= i < BORNES:
                return self.holdup + rel(victim, seat, n) * BORNES + i
            case Helicopter(seat=seat, target=target):
                return self.helicopter + rel(target, seat, n)
            case Discard(card=card):
                return self.discard + int(card)
            case LayBorne(card=card, accelerators=a, announced=s) if 0 <= a <= MAX_ACCELERATORS:
                d = DISTANCES.index(card)
                return self.borne + (d * (MAX_ACCELERATORS + 1) + a) * 2 + int(s)
            case Attack(seat=seat, card=card, target=target, announced=s):
                k = ATTACKS.index(card)
                return self.attack + (k * n + rel(target, seat, n)) * 2 + int(s)
            case Remedy(card=card, attack=attack, remedy_on_top=top):
                r, k = REMEDIES.index(card), ATTACKS.index(attack)
                return self.remedy + (r * len(ATTACKS) + k) * 2 + int(top)
            case Safety(card=card):
                return self.safety + SAFETIES.index(card)
            case CoupFourre(card=card):
                return self.coup_fourre + SAFETIES.index(card)
            case Police(seat=seat, target=target):
                return self.police_target + rel(target, seat, n)
        raise MalformedInput(f"no Fun & Speed action index for {action!r}")

    def swap_index(self, action: Police) -> int:
        """The second choice of a Police: the card taken and the card given."""
        return self.police_swap + int(action.take) * _K + int(action.give)

    def action(self, index: int, seat: int) -> object:
        """The engine action ``index`` names when ``seat`` acts (not a Police choice)."""
        self.check_index(index)
        n = self.players
        if index < self.false_holdup:
            return SINGLES[index](seat)
        if index == self.false_holdup:
            return FalseHoldUp(seat, None)
        if index < self.holdup:
            return FalseHoldUp(seat, index - self.false_holdup - 1)
        if index < self.helicopter:
            o, i = divmod(index - self.holdup, BORNES)
            return HoldUp(seat, (seat + o) % n, i)
        if index < self.discard:
            return Helicopter(seat, (seat + index - self.helicopter) % n)
        if index < self.borne:
            return Discard(seat, KINDS[index - self.discard])
        if index < self.attack:
            rest, s = divmod(index - self.borne, 2)
            d, a = divmod(rest, MAX_ACCELERATORS + 1)
            return LayBorne(seat, DISTANCES[d], a, bool(s))
        if index < self.remedy:
            rest, s = divmod(index - self.attack, 2)
            k, o = divmod(rest, n)
            return Attack(seat, ATTACKS[k], (seat + o) % n, bool(s))
        if index < self.safety:
            rest, top = divmod(index - self.remedy, 2)
            r, k = divmod(rest, len(ATTACKS))
            return Remedy(seat, REMEDIES[r], ATTACKS[k], bool(top))
        if index < self.coup_fourre:
            return Safety(seat, SAFETIES[index - self.safety])
        if index < self.police_target:
            return CoupFourre(seat, SAFETIES[index - self.coup_fourre])
        raise MalformedInput(f"action index {index} is a choice of a Police, not an action")

    def police(self, seat: int, target_index: int, swap_index: int) -> Police:
        take, give = divmod(swap_index - self.police_swap, _K)
        target = (seat + target_index - self.police_target) % self.players
        return Police(seat, target, KINDS[take], KINDS[give])

    def name(self, index: int) -> str:
        """A name for ``index`` that holds in every state, e.g. ``attack STOP on seat +1``."""
        self.check_index(index)
        if index >= self.police_swap:
            take, give = divmod(index - self.police_swap, _K)
            return f"police: take {KINDS[take].name}, give {KINDS[give].name}"
        if index >= self.police_target:
            return f"police on seat +{index - self.police_target}"
        match self.action(index, 0):
            case FalseHoldUp(index=i):
                return "false hold up" + ("" if i is None else f" losing zone card {i}")
            case HoldUp(victim=v, index=i):
                return f"hold up seat +{v} Borne {i}"
            case Helicopter(target=t):
                return f"helicopter with seat +{t}"
            case Discard(card=c):
                return f"discard {c.name}"
            case LayBorne(card=c, accelerators=a, announced=s):
                return (
                    f"lay {c.name}" + f" with {a} accelerators" * (a > 0) + " unannounced" * (not s)
                )
            case Attack(card=c, target=t, announced=s):
                return f"attack {c.name} on seat +{t}" + " unannounced" * (not s)
            case Remedy(card=c, attack=k, remedy_on_top=top):
                return f"remedy {c.name} for {k.name}" + (" on top" if top else " under")
            case Safety(card=c):
                return f"safety {c.name}"
            case CoupFourre(card=c):
                return f"coup-fourré {c.name}"
            case other:
                return type(other).__name__.lower()

    def legal(self, state: FsState, partial: tuple[int, ...] = ()) -> list[int]:
        actions = mb.legal_actions(state)
        if not partial:
            return sorted({self.index(a) for a in actions})
        return sorted(
            self.swap_index(a)
            for a in actions
            if isinstance(a, Police) and self.index(a) == partial[0]
        )

    def step(
        self, state: FsState, partial: tuple[int, ...], index: int
    ) -> tuple[tuple[int, ...], object | None]:
        self.check_index(index)
        seat = state.actor
        assert seat is not None
        if partial:
            if index < self.police_swap:
                raise MalformedInput(f"action index {index}: a Police needs its card choice")
            return (), self.police(seat, partial[0], index)
        if self.police_target <= index < self.police_swap:
            if index not in self.legal(state):
                target = (seat + index - self.police_target) % self.players
                tried = Police(seat, target, FsCard.POLICE, FsCard.POLICE)
                raise mb.IllegalAction(tried, mb.violations(state, tried) or ("FS-POLICE",))
            return (index,), None
        return (), self.action(index, seat)

    # --- views ---------------------------------------------------------------------

    def police_target_of(self, state: FsState, partial: tuple[int, ...]) -> int | None:
        if not partial or state.actor is None:
            return None
        return (state.actor + partial[0] - self.police_target) % self.players

    def observation(
        self, state: FsState | None, seat: int, partial: tuple[int, ...], deal: Deal | None
    ) -> list[float]:
        """What ``seat`` sees, laid out by :func:`segments`."""
        n, at = self.players, self.layout.at
        out = self.layout.zeros()
        out[at["goal"]] = DATA.goal_for(n) / 100
        if not fill_shared(out, at, seat, players=n, state=state, deal=deal, phases=PHASES):
            return out
        assert state is not None
        out[at["reshuffles"]] = float(state.reshuffles)
        for card in state.removed:
            out[at["removed"] + card] += 1.0
        for k in range(n):
            zone = state.zones[(seat + k) % n]
            base = at["bornes"] + k * BORNES * 6
            for i, (card, boost) in enumerate(zone.distance[:BORNES]):
                out[base + i * 6 + DISTANCES.index(card)] = 1.0
                out[base + i * 6 + 5] = float(boost)
            for i, safety in enumerate(zone.safeties[: len(SAFETIES)]):
                out[at["safeties"] + (k * 4 + i) * 4 + SAFETIES.index(safety)] = 1.0
            for safety in zone.coups_fourres:
                out[at["coups_fourres"] + k * 4 + SAFETIES.index(safety)] = 1.0
            if zone.attack is not None:
                out[at["attack"] + k * len(ATTACKS) + ATTACKS.index(zone.attack)] = 1.0
            out[at["radar"] + k] = float(zone.radar is not None)
            out[at["km"] + k] = zone.km / 100
        if state.pending is not None:
            out[at["pending"] + ATTACKS.index(state.pending)] = 1.0
        if state.source is not None:
            out[at["source"] + rel(state.source, seat, n)] = 1.0
        if state.layer is not None:
            out[at["layer"] + rel(state.layer, seat, n)] = 1.0
        out[at["unannounced"]] = float(state.phase is FsPhase.BORNE and not state.announced)
        target = self.police_target_of(state, partial)
        if target is not None:
            out[at["police_target"] + rel(target, seat, n)] = 1.0
            if seat == state.actor:
                for card in state.hands[target]:
                    out[at["police_hand"] + card] += 1.0
        return out

    def observation_string(
        self,
        state: FsState | None,
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
            + f"; goal {state.goal}",
        ]
        if seat is None:
            lines += [f"hand of seat {s}: {hand_line(h)}" for s, h in enumerate(state.hands)]
            lines.append(f"draw pile: {hand_line(state.draw_pile)}")
        else:
            lines.append(f"hand: {hand_line(state.hands[seat])}")
            lines.append(f"draw pile: {len(state.draw_pile)}")
        lines.append(
            "hand sizes: " + " ".join(str(len(h)) for h in state.hands)
            + f"; discard pile: {hand_line(state.discard_pile)}"
            + f"; removed: {hand_line(state.removed)}; reshuffles: {state.reshuffles}"
        )  # fmt: skip
        for s, zone in enumerate(state.zones):
            bornes = " ".join(c.name + "+" * b for c, b in zone.distance) or "-"
            laid = " ".join(
                c.name + ("*" if c in zone.coups_fourres else "") for c in zone.safeties
            )
            attack = zone.attack.name if zone.attack is not None else "-"
            lines.append(
                f"seat {s}: {zone.km} km; bornes {bornes}; safeties {laid or '-'};"
                f" attack {attack}; radar {zone.radar is not None}"
            )
        pending = state.pending.name if state.pending is not None else "-"
        lines.append(
            f"pending {pending} from {state.source}; layer {state.layer};"
            f" announced {state.announced}"
        )
        target = self.police_target_of(state, partial)
        if target is not None:
            lines.append(f"police on seat {target}")
            if seat == state.actor:
                lines.append(f"police sees: {hand_line(state.hands[target])}")
        return "\n".join(lines)

    def move_lines(
        self, before: FsState, seat: int, partial: tuple[int, ...], index: int, after: FsState
    ) -> tuple[str, ...]:
        """Each seat's line: the move (a Police's cards only to the two seats concerned,
        a draw's card only to the drawer) and the seat's own hand when it changed."""
        public = f"seat {seat}: {self.name(index)}"
        lines = []
        for viewer in range(self.players):
            line = public
            if partial:
                target = self.police_target_of(before, partial)
                if viewer not in (seat, target):
                    line = f"seat {seat}: police, a card taken and one given"
            if before.hands[viewer] != after.hands[viewer]:
                line += f"; hand {hand_line(after.hands[viewer])}"
            lines.append(line)
        return tuple(lines)


def segments(players: int) -> tuple[tuple[str, int], ...]:
    """The named parts of the observation, in order, with their lengths.

    Seats are relative to the observer; ``hand``, ``discard_counts``, ``discard_top``,
    ``removed`` and ``police_hand`` run over the 26 card kinds; ``bornes`` holds, per
    seat, 24 slots in zone order (one-hot Borne kind over 5, then its Accélérateurs);
    ``safeties`` per seat 4 slots in zone order (one-hot over SAFETIES); ``attack``
    per seat one-hot over ATTACKS; ``km`` and ``goal`` in hundreds of km.
    ``police_hand`` is the target's hand, shown to the policeman between his two
    choices; ``dealing`` is 1 while the deck is dealt.
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
        ("removed", _K),
        ("bornes", n * BORNES * 6),
        ("safeties", n * 4 * 4),
        ("coups_fourres", n * 4),
        ("attack", n * len(ATTACKS)),
        ("radar", n),
        ("km", n),
        ("pending", len(ATTACKS)),
        ("source", n),
        ("layer", n),
        ("unannounced", 1),
        ("police_target", n),
        ("police_hand", _K),
        ("goal", 1),
    )


@cache
def _layout(players: int) -> Layout:
    return Layout(segments(players))


def observation_high(players: int) -> float:
    """No entry exceeds this: card counts are at most the box, km at most all of it."""
    return float(DATA.box_total) * 4
