"""Players that choose an action: the interface every bot follows, the random bot and
the greedy heuristic bot, for every rule family.

A bot decides from what its seat may see and nothing else: :meth:`Bot.decide` takes
the seat's view (:func:`seat_view`: the family's own ``view`` module, its hand, every
table, the discard pile, the number of cards in each hand and in the draw pile; never
another hand or the draw pile's order) and the legal actions. :meth:`Bot.choose` is how
a table asks it: the view of the seat that acts and ``legal_actions`` of the state.
The legal actions hide nothing either, but for Fun & Speed's Police, whose player takes
a card of an opponent's hand "of his choice" (FS-POLICE): the bots choose whether to play
it, and on whom, from the view (``public_key``), and only then which card to take.

A bot is asked only at a state where one of its seats acts and the state is not a
chance node. Bots are deterministic given their seed, so a game between bots is
reproducible.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Sequence
from typing import Any, Protocol, TypeVar

from millebornes import api
from millebornes.core.errors import MalformedInput
from millebornes.core.shuffle import SplitMix64
from millebornes.families.asduvolant import actions as av
from millebornes.families.asduvolant import cards as avc
from millebornes.families.asduvolant.view import AsDuVolantView
from millebornes.families.asduvolant.view import seat_view as av_view
from millebornes.families.classic.actions import Action, CoupFourre, Discard, Extension, Play
from millebornes.families.classic.cards import (
    CATEGORY,
    CURES,
    HAZARDS_STOPPED_BY,
    KM,
    PILE,
    REMEDY_OF,
    SAFETY_OF,
    Card,
    Category,
    Pile,
)
from millebornes.families.classic.state import Phase, Tableau
from millebornes.families.classic.view import ClassicView
from millebornes.families.classic.view import seat_view as classic_view
from millebornes.families.funspeed import actions as fs
from millebornes.families.funspeed import cards as fsc
from millebornes.families.funspeed.view import FunSpeedView, public_key
from millebornes.families.funspeed.view import seat_view as fs_view

View = ClassicView | FunSpeedView | AsDuVolantView
"""What a seat may see, in the family of the game."""

T = TypeVar("T")

_VIEWS: dict[str, Callable[[Any, int], View]] = {
    "classic": classic_view,
    "fun-speed": fs_view,
    "as-du-volant": av_view,
}


def seat_view(state: Any, seat: int) -> View:
    """What ``seat`` may see of ``state``, a state of any family."""
    return _VIEWS[api.family_of(state).name](state, seat)


def _key(action: Any) -> Hashable:
    """The action as its player knows it before playing it (see :func:`public_key`)."""
    return public_key(action) if isinstance(action, fs.Police) else action


def _groups(legal: Sequence[Any]) -> list[list[Any]]:
    """The legal actions grouped by what the player knows of each, in their order."""
    groups: dict[Hashable, list[Any]] = {}
    for action in legal:
        groups.setdefault(_key(action), []).append(action)
    return list(groups.values())


class Bot(Protocol):
    """Chooses one legal action at a state where someone must act (not a deal)."""

    name: str

    def decide(self, view: Any, legal: Sequence[Any]) -> Any:
        """One of ``legal``, chosen from the acting seat's ``view`` alone."""
        ...

    def choose(self, state: Any) -> Any:
        """At the table: :meth:`decide` on the acting seat's view and the legal actions."""
        ...


class _Seated:
    """What every bot shares: its seeded draw and the way a table asks it."""

    name = "bot"

    def __init__(self, seed: int = 0) -> None:
        self._rng = SplitMix64(seed)

    def decide(self, view: Any, legal: Sequence[Any]) -> Any:
        raise NotImplementedError

    def choose(self, state: Any) -> Any:
        seat = api.actor(state)
        if seat is None or api.is_chance(state):
            raise MalformedInput("state: a bot acts only where a seat must act, not at a deal")
        return self.decide(seat_view(state, seat), api.legal_actions(state))

    def _pick(self, items: Sequence[T]) -> T:
        """One of ``items``, drawn from the seeded generator (no draw for a single item)."""
        return items[self._rng.below(len(items))] if len(items) > 1 else items[0]

    def _best(self, scored: Sequence[tuple[int, T]]) -> T:
        """The item of highest score; a tie goes to a seeded draw."""
        best = max(value for value, _ in scored)
        return self._pick([item for value, item in scored if value == best])


class RandomBot(_Seated):
    """Every legal action equally likely, drawn from SplitMix64 (portable, seeded); the
    Police of Fun & Speed counts once per target (its card is chosen at random after)."""

    name = "random"

    def decide(self, view: Any, legal: Sequence[Any]) -> Any:
        groups = _groups(legal)
        if len(groups) == len(legal):
            return legal[self._rng.below(len(legal))]
        return self._pick(groups[self._rng.below(len(groups))])


class GreedyBot(_Seated):
    """A one-step heuristic that sees only what its seat may see, in each family.

    Classic family, in order of preference: reach the goal exactly (DIST-EXACT-GOAL);
    call every coup-fourré (CF-WINDOW); cure its own hazard or lay the Roll it needs;
    attack the leading opponent when it is not behind; drive with the biggest distance
    card; lay a safety only when it unblocks the team or the round is ending (otherwise it
    is kept for a coup-fourré); and else discard the least useful card. Its one-ply
    lookahead (what a safety would leave on its own tableau) reads the tableau alone.

    Fun & Speed: answer an attack (coup-fourré, Rétroviseur, remedy at once); stop a
    leader's Borne (Bornes Killer !, Demi-tour); take a tied Borne (Hold Up !); on its
    turn lay the largest Borne, announced, cure its attack, attack the leader, take the
    leader's zone by Hélicoptère, lay safeties, else discard the least useful card.

    As du Volant: answer an attack by coup-fourré; turn back a leader's move (Demi-tour);
    on its turn make the longest move (bonus squares and shortcuts counted), cure its
    car, play a Turbo, attack the leader, lay safeties, else discard the least useful.
    Ties go to a seeded draw.

    ``attack_bonus`` is added to the score of every attack (a hazard of the classic
    family, an attack of As du Volant; Fun & Speed is left as it is): the greedy bot
    with attacks first, the policy the search bot plays its own seat with
    (:data:`millebornes.apps.search.ATTACK_FIRST` says why). 0, the greedy bot, by default.
    ``counting`` (classic family; off for the greedy bot) counts the cards it has not seen
    in its discards: a remedy is kept less when the seat holds its safety, or when no
    hazard it cures is left unseen, and a 200 its team may no longer lay goes first
    (:func:`_usefulness`); and in its choice of hazard: the scarcer the remedy, the
    readier (:func:`_value`; :data:`millebornes.apps.search.COUNTING` says what it is
    worth).
    """

    name = "greedy"

    def __init__(self, seed: int = 0, attack_bonus: int = 0, counting: bool = False) -> None:
        super().__init__(seed)
        self.attack_bonus = attack_bonus
        self.counting = counting

    def decide(self, view: Any, legal: Sequence[Any]) -> Any:
        if isinstance(view, ClassicView):
            return self._classic(view, tuple(legal))
        if isinstance(view, FunSpeedView):
            return self._fun_speed(view, legal)
        if isinstance(view, AsDuVolantView):
            return self._best([(_av_value(view, a) + self._adjust(a), a) for a in legal])
        raise MalformedInput(f"view: not a seat's view: {type(view).__name__}")

    def _classic(self, view: ClassicView, choices: tuple[Action, ...]) -> Action:
        if view.phase is Phase.EXTENSION:
            return _extension_choice(view, choices)
        calls = [a for a in choices if isinstance(a, CoupFourre)]
        if calls:
            return calls[0]
        scored = [(_value(view, a, self.counting) + self._adjust(a), a) for a in choices]
        return self._best(scored)

    def _adjust(self, action: Any) -> int:
        """What is added to ``action``'s score: ``attack_bonus`` to an attack of the
        classic family or As du Volant (a Fun & Speed score takes none). The one place a
        variant of the greedy bot changes its scores (``benchmarks/attack_first.py``)."""
        attack = _is_hazard(action) if isinstance(action, Play) else isinstance(action, av.Attack)
        return self.attack_bonus if attack else 0

    def _fun_speed(self, view: FunSpeedView, legal: Sequence[Any]) -> Any:
        # Scored by what the seat knows before playing (a Police by its target), then the
        # Police's card chosen once the target's hand is shown (FS-POLICE).
        groups = _groups(legal)
        group = self._best([(_fs_value(view, g[0]) + self._adjust(g[0]), g) for g in groups])
        if len(group) == 1:
            return group[0]
        return self._best([(_fs_police_value(view, a), a) for a in group])


# --- the classic family ------------------------------------------------------------------


def _is_hazard(action: Action) -> bool:
    """Whether ``action`` lays a hazard on an opponent (an attack)."""
    return isinstance(action, Play) and CATEGORY[action.card] is Category.HAZARD


def _extension_choice(view: ClassicView, choices: tuple[Action, ...]) -> Action:
    """EXT-DECISION: extend only with cards enough left and no opponent close behind."""
    own = view.team_of(view.seat)
    rivals = max(t.km for team, t in enumerate(view.tableaus) if team != own)
    extend = view.draw_count >= 20 and rivals <= view.goal - 300
    for action in choices:
        if isinstance(action, Extension) and action.extend == extend:
            return action
    return choices[0]


def _value(view: ClassicView, action: Action, counting: bool = False) -> int:
    """How much the greedy bot likes ``action`` (higher is better); ``counting``: its
    discards count the cards not seen (:func:`_usefulness`), and so does its choice of
    hazard: two less for each unseen copy of the hazard's remedy."""
    if isinstance(action, Discard):
        return 30 - _usefulness(view, action.card, counting)
    if not isinstance(action, Play):
        return 0  # a draw or a decline: the only choice there
    own = view.tableaus[view.team_of(action.seat)]
    card = action.card
    category = CATEGORY[card]
    if category is Category.DISTANCE:
        return 1000 if own.km + KM[card] == view.goal else 400 + KM[card]
    if category is Category.REMEDY:
        if card is Card.END_OF_LIMIT:
            fast = any(KM[c] > view.rules.speed_limit_max_km for c in view.hand)
            return 600 if fast else 100
        return 900
    if category is Category.SAFETY:
        return _safety_value(view, action, own)
    target = view.tableaus[action.target]
    behind = target.km >= own.km
    value = (650 if behind else 450) if PILE[card] is Pile.BATTLE else (350 if behind else 250)
    if view.goal - target.km <= 200:
        value += 200  # the target is about to finish
    remedy = REMEDY_OF[card]
    if counting and remedy is not None:  # the scarcer its remedy, the longer a hazard stops
        value -= 2 * unseen(view, remedy)
    return value + target.km // 10


def with_safety(tableau: Tableau, safety: Card) -> Tableau:
    """The tableau once ``safety`` is laid on it: every matching hazard showing on top of
    a pile goes (RUL-SAFETY-CLEARS-HAZARD). Public cards only: the lookahead of a bot."""
    battle, speed = tableau.battle, tableau.speed
    for hazard in HAZARDS_STOPPED_BY[safety]:
        if PILE[hazard] is Pile.SPEED:
            if speed and speed[-1] is hazard:
                speed = speed[:-1]
        elif battle and battle[-1] is hazard:
            battle = battle[:-1]
    safeties = (*tableau.safeties, safety)
    return Tableau(battle, speed, tableau.distance, safeties, tableau.coups_fourres)


def _safety_value(view: ClassicView, action: Play, own: Tableau) -> int:
    after = with_safety(view.tableaus[action.target], action.card)
    if after.is_rolling() and not own.is_rolling():
        return 850  # it unblocks the team
    if own.speed_top is Card.SPEED_LIMIT and after.speed_top is not Card.SPEED_LIMIT:
        return 550
    if view.draw_count <= 2 * view.players:
        return 700  # the round is ending: the coup-fourré will hardly come now
    return 20


def unseen(view: ClassicView, card: Card) -> int:
    """How many of ``card`` (a card that is dealt: not a memo card, which stays set
    aside) the seat has not seen: those in the draw pile or in another hand (the box's
    count less its own hand, the discard pile and every tableau)."""
    seen = view.hand.count(card) + view.discard_pile.count(card)
    for tableau in view.tableaus:
        seen += tableau.battle.count(card) + tableau.speed.count(card)
        seen += tableau.distance.count(card) + tableau.safeties.count(card)
    return view.rules.count(card, view.players) - seen


def _usefulness(view: ClassicView, card: Card, counting: bool = False) -> int:
    """How much keeping ``card`` is worth to the seat (the discard goes to the least).
    ``counting``: a remedy not needed now is worth little when the seat holds the
    safety against its hazard (a coup-fourré or the safety will answer it), and nearly
    nothing when no such hazard is left unseen (but a Roll, needed after every remedy);
    a 200 is worth nothing when the seat holds more of them than its team may still lay."""
    own = view.tableaus[view.team_of(view.seat)]
    category = CATEGORY[card]
    if category is Category.SAFETY:
        return 100
    if category is Category.DISTANCE:
        if own.km + KM[card] > view.goal:
            return 0
        if card is Card.D200:  # DIST-MAX-200: no more may be laid, or fewer than are held
            left = view.rules.max_200_per_round - own.count_200()
            if left <= 0 or (counting and view.hand.count(card) > left):
                return 0
        return KM[card] // 25 * 5
    if category is Category.REMEDY:
        hazard = CURES[card]
        guard = SAFETY_OF[hazard] if hazard is not None else None
        if guard is not None and own.has_safety(guard):
            return 0  # the safety already does its work
        if hazard is not None and hazard in (own.battle_top, own.speed_top):
            return 90
        if counting and hazard is not None:
            if guard is not None and guard in view.hand:
                return 3
            if card is not Card.ROLL and unseen(view, hazard) <= 0:
                return 1
        return 15 if view.hand.count(card) > 1 else 45
    guard = SAFETY_OF[card]
    open_targets = [
        t
        for team, t in enumerate(view.tableaus)
        if team != view.team_of(view.seat) and not (guard is not None and t.has_safety(guard))
    ]
    if not open_targets:
        return 0
    return 50 if PILE[card] is Pile.BATTLE else 30


# --- Fun & Speed ---------------------------------------------------------------------------

_FS_SPECIAL_KEEP = {
    fsc.FsCard.ACCELERATOR: 40,
    fsc.FsCard.MIRROR: 80,
    fsc.FsCard.U_TURN: 70,
    fsc.FsCard.HELICOPTER: 60,
    fsc.FsCard.POLICE: 35,
    fsc.FsCard.TRASH: 20,
}


def _fs_leader(view: FunSpeedView) -> int:
    """The best km among the seat's opponents."""
    return max(zone.km for seat, zone in enumerate(view.zones) if seat != view.seat)


def _fs_keep(view: FunSpeedView, card: fsc.FsCard) -> int:
    """How much keeping ``card`` is worth to the seat (the discard goes to the least)."""
    zone = view.zones[view.seat]
    kind = fsc.KIND[card]
    if kind is fsc.Kind.SAFETY:
        return 100
    if kind is fsc.Kind.DISTANCE:
        return fsc.KM[card] // 25 * 5
    if kind is fsc.Kind.REMEDY:
        standing = [a for a in (zone.attack, zone.radar) if a is not None]
        return 90 if any(fsc.cures(card, a) for a in standing) else 45
    if kind is fsc.Kind.ATTACK:
        return 50
    return _FS_SPECIAL_KEEP.get(card, 30)


def _fs_value(view: FunSpeedView, action: Any) -> int:
    """How much the greedy bot likes ``action`` in Fun & Speed (higher is better)."""
    zone = view.zones[view.seat]
    leader = _fs_leader(view)
    match action:
        case fs.DrawPile():
            return 10
        case fs.DrawDiscard():
            top = view.discard_pile[-1]
            standing = [a for a in (zone.attack, zone.radar) if a is not None]
            useful = fsc.KIND[top] is fsc.Kind.SAFETY or any(fsc.cures(top, a) for a in standing)
            return 20 if useful else 0
        case fs.CoupFourre():
            return 1000
        case fs.Mirror():
            return 950
        case fs.Remedy():
            super_parade = fsc.ANY_ATTACK[action.card]
            return (880 if super_parade else 900) + action.remedy_on_top
        case fs.Killer():
            return 1000
        case fs.UTurn():
            layer = view.layer if view.layer is not None else view.seat
            threat = view.zones[layer].km
            return 800 if threat >= view.goal or threat >= max(leader, zone.km) else -1
        case fs.HoldUp():
            card, boost = view.zones[action.victim].distance[action.index]
            return 700 + (fsc.KM[card] << boost)
        case fs.FalseHoldUp():
            return -100
        case fs.Pass():
            return 0
        case fs.LayBorne():
            gain = fsc.KM[action.card] << action.accelerators
            if not action.announced:
                return -50  # announce every Borne (FS-ANNOUNCE): a Killer cannot strike
            return 2000 if zone.km + gain >= view.goal else 700 + gain
        case fs.Attack():
            target = view.zones[action.target].km
            if not action.announced:
                return -50
            value = 500 + target // 10 + (100 if target == leader else 0)
            return value + (300 if view.goal - target <= 200 else 0)
        case fs.Safety():
            guards = [a for a in (zone.attack, zone.radar) if a is not None]
            if any(fsc.SAFETY_OF[a] is action.card for a in guards):
                return 850
            return 700 if view.draw_count <= 2 * view.players else 350
        case fs.Helicopter():
            ahead = view.zones[action.target].km - zone.km
            return 650 + ahead // 5 if ahead >= 200 else -1
        case fs.Police():
            return 150
        case fs.Trash():
            mine = sum(card is fsc.FsCard.D200 for card, _ in zone.distance)
            theirs = max(
                sum(card is fsc.FsCard.D200 for card, _ in z.distance)
                for seat, z in enumerate(view.zones)
                if seat != view.seat
            )
            return 300 + 50 * (theirs - mine) if theirs > mine else -1
        case fs.Discard():
            return 30 - _fs_keep(view, action.card)
    return 0


def _fs_police_value(view: FunSpeedView, action: fs.Police) -> int:
    """Which card to take and which to give, once the Police shows the target's hand."""
    return _fs_keep(view, action.take) - _fs_keep(view, action.give)


# --- As du Volant --------------------------------------------------------------------------


def _av_gain(view: AsDuVolantView, action: av.Move) -> int:
    """The km the move would take the car (its bonus square counted), -1 if it cannot."""
    car = view.cars[view.seat]
    square = view.board.squares[car.square]
    steps = (avc.KM[action.card] << action.accelerated) // avc.SQUARE_KM
    shortcut = action.shortcut and square.shortcut is not None
    path = view.board.route(car.square, steps, shortcut, view.goal)
    if path is None:
        return -1
    end = view.board.squares[path[-1]]
    bonus = 0 if car.limit else end.bonus or 0  # AV-BONUS: none under a Limite token
    return end.km + bonus - square.km


def _av_keep(view: AsDuVolantView, card: avc.AvCard) -> int:
    car = view.cars[view.seat]
    kind = avc.KIND[card]
    if kind is avc.Kind.SAFETY:
        return 100
    if kind is avc.Kind.DISTANCE:
        return avc.KM[card] // 25 * 5
    if kind is avc.Kind.REMEDY:
        standing = [a for a in (car.attack,) if a is not None]
        standing += [avc.AvCard.SPEED_LIMIT] if car.limit else []
        cures = any(avc.ANY_ATTACK[card] or avc.REMEDY_OF[a] is card for a in standing)
        return 90 if cures else 45
    if kind is avc.Kind.ATTACK:
        return 50
    return 60  # Turbo, Accélération, Demi-tour


def _av_value(view: AsDuVolantView, action: Any) -> int:
    """How much the greedy bot likes ``action`` in As du Volant (higher is better)."""
    mine = view.km(view.seat)
    leader = max(view.km(seat) for seat in range(view.players) if seat != view.seat)
    match action:
        case av.DrawPile():
            return 10
        case av.CoupFourre():
            return 1000
        case av.UTurn():
            mover = view.mover if view.mover is not None else view.seat
            return 800 if view.km(mover) >= max(mine, leader) else -1
        case av.Pass():
            return 0
        case av.Move():
            gain = _av_gain(view, action)
            if mine + gain >= view.goal:
                return 3000
            return 700 + gain - (40 if action.accelerated else 0)
        case av.Remedy():
            return 900
        case av.Safety():
            car = view.cars[view.seat]
            standing = [a for a in (car.attack,) if a is not None]
            standing += [avc.AvCard.SPEED_LIMIT] if car.limit else []
            if any(avc.SAFETY_OF[a] is action.card for a in standing):
                return 850
            return 350
        case av.Turbo():
            return 1500  # two cards drawn and two plays: before anything else
        case av.Attack():
            target = view.km(action.target)
            value = 500 + target // 10 + (100 if target == leader else 0)
            value += 300 if view.goal - target <= 200 else 0
            return value - (150 if avc.IS_LIMIT[action.card] else 0)
        case av.Discard():
            return 30 - _av_keep(view, action.card)
        case av.EndTurn():
            return 35  # the jeu accéléré: stop once nothing better than a discard is left
    return 0
