"""Many games between bots, played in chunks that can run anywhere, and what they show.

A simulation is a list of games numbered 0, 1, 2, ...: in the classic family a game is
one round (a fresh match stopped after its first round) or a whole match; in Fun & Speed
and As du Volant, whose games have no rounds, a game is a whole game (unit ``games``).
Game ``g`` is seeded from the simulation's seed and ``g`` alone (:func:`derive`), and so
are its bots, so a game's result does not depend on which chunk, process or machine
plays it: the results are the same whether the chunks run here one after the other
(:func:`run_local`) or as Dask tasks on any number of workers
(:mod:`millebornes.apps.simulate_dask`).

By default the bots change seats from one game to the next (game ``g`` gives seat ``s``
the bot ``bots[(s + g) % len(bots)]``), so that no bot keeps the first turn.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, field
from functools import cache
from typing import Any, Literal

from millebornes import api
from millebornes.apps.arguments import Game
from millebornes.apps.bots import Bot
from millebornes.apps.roster import make_bot
from millebornes.core.shuffle import MASK64, SplitMix64, round_seed
from millebornes.families.asduvolant import actions as av
from millebornes.families.asduvolant.rules import route
from millebornes.families.asduvolant.scoring import game_points
from millebornes.families.asduvolant.state import AvPhase, AvState
from millebornes.families.classic.actions import Discard, Play
from millebornes.families.classic.deal import deal_from_seed
from millebornes.families.classic.engine import apply, new_match
from millebornes.families.classic.scoring import match_winners, round_winner
from millebornes.families.classic.state import Phase, State
from millebornes.families.funspeed import actions as fs
from millebornes.families.funspeed.state import FsPhase, FsState
from millebornes.registry import family_of_edition

Unit = Literal["rounds", "matches", "games"]

ENDINGS = ("goal reached", "distance exhausted", "cards exhausted")
"""How a round ends: a team at the goal (END-GOAL), no distance card left to draw or
play (END-DISTANCE-EXHAUSTED, in the editions with that switch), or nobody holding a
card (RUL-ROUND-BLOCKED)."""

GAME_ENDINGS = {
    "fun-speed": ("goal reached", "draw pile exhausted"),
    "as-du-volant": ("finish reached", "cars stuck"),
}
"""How a game of the other families ends: Fun & Speed at the goal (FS-END-GOAL) or when
the draw pile runs out a second time (RUL-FS-EMPTY-PILE); As du Volant on the finish
square (AV-END-FINISH) or after a blocked turn of every seat in a row (AV-END-STUCK)."""

GAME_EVENTS = {
    "fun-speed": (
        "lay_borne",
        "accelerators",
        "attack",
        "remedy",
        "safety",
        "coup_fourre",
        "helicopter",
        "helicopter_km",
        "police",
        "trash",
        "trash_km",
        "mirror",
        "u_turn",
        "u_turn_on_winning_borne",
        "killer",
        "hold_up",
        "hold_up_km",
        "false_hold_up",
    ),
    "as-du-volant": (
        "move",
        "accelerated_move",
        "shortcut",
        "bonus",
        "bonus_km",
        "turns_without_move",
        "attack",
        "remedy",
        "safety",
        "coup_fourre",
        "turbo",
        "u_turn",
        "reshuffles",
    ),
}
"""What is counted in each game of the other families, by name (see :func:`_events`)."""

GAME_HORIZON = 400
"""Turns of a game of the other families that the distance trace follows (a longer game
is traced for its first ``GAME_HORIZON`` turns)."""

MAX_ACTIONS = 200_000
"""A game of the other families stopped after so many actions ends as "cut short" (a
safeguard; no game between the bots here comes near it)."""


@dataclass(frozen=True, slots=True)
class Config:
    """What to simulate; plain data, so that it can be sent to a Dask worker."""

    game: Game
    bots: tuple[str, ...]
    """Bot names; seat ``s`` of game ``g`` gets ``bots[(s + g) % len(bots)]`` (or
    ``bots[s % len(bots)]`` with ``fixed_seats``)."""
    unit: Unit
    count: int
    seed: int
    fixed_seats: bool = False
    chunk: int = 25
    """Games per task."""

    @property
    def family(self) -> str:
        """The rule family that plays the edition."""
        return family_of_edition(self.game.edition).name

    def seating(self, game: int) -> tuple[str, ...]:
        shift = 0 if self.fixed_seats else game
        return tuple(self.bots[(s + shift) % len(self.bots)] for s in range(self.game.players))

    def chunks(self) -> list[tuple[int, int]]:
        """The games as (start, stop) ranges of at most ``chunk`` games."""
        return [(a, min(a + self.chunk, self.count)) for a in range(0, self.count, self.chunk)]


def derive(seed: int, *parts: int) -> int:
    """A 64-bit seed from ``seed`` and ``parts``: SplitMix64 applied at each step, so
    nearby inputs give unrelated seeds and any chunking gives the same ones."""
    value = seed
    for part in parts:
        value = SplitMix64((value ^ (part * 0x9E3779B97F4A7C15)) & MASK64).next_u64()
    return value


@dataclass(frozen=True, slots=True)
class RoundRecord:
    """One round: who sat where, how it went and how it ended."""

    game: int
    round: int
    bots: tuple[str, ...]
    """The bot at each seat."""
    teams: tuple[int, ...]
    """The team of each seat."""
    winner: int | None
    """The round's winning team (END-WINNER), None if nobody won it."""
    km: tuple[int, ...]
    """Each team's distance at the end."""
    points: tuple[int, ...]
    """Each team's match total after the round."""
    end: str
    actions: int
    """Actions taken, the deal excluded."""
    turns: int
    """Cards played or discarded (each ends a turn; a safety's extra turn counts)."""
    coups_fourres: int
    extension: int | None
    """The team that called the extension (EXT-DECISION), if any."""


@dataclass(frozen=True, slots=True)
class MatchRecord:
    game: int
    bots: tuple[str, ...]
    rounds: int
    winners: tuple[int, ...]
    """The teams with the highest total (MATCH-TARGET, RUL-MATCH-TIE)."""
    points: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class GameRecord:
    """One whole game of Fun & Speed or As du Volant: who sat where, how it went."""

    game: int
    bots: tuple[str, ...]
    """The bot at each seat."""
    winners: tuple[int, ...]
    """The winning seats (FS-END-GOAL, AV-WINNER); several on a tie."""
    km: tuple[int, ...]
    """Each seat's distance at the end (FS-KM; the km of the car's square)."""
    points: tuple[int, ...]
    """Each seat's points (AV-POINTS, with ``points_5000`` or ``bonus``); else zeros."""
    end: str
    actions: int
    turns: int
    events: dict[str, int]
    """The counts of :data:`GAME_EVENTS` for the family."""


@dataclass(slots=True)
class Chunk:
    """What a range of games gives; chunks add up in any order to the same totals."""

    rounds: list[RoundRecord] = field(default_factory=list)
    matches: list[MatchRecord] = field(default_factory=list)
    games: list[GameRecord] = field(default_factory=list)
    distance: dict[str, list[int]] = field(default_factory=dict)
    """For each bot, the sum over its seats and rounds of its team's km after each turn
    of the round (the round's last distance carried to the end of the horizon)."""
    seats: dict[str, int] = field(default_factory=dict)
    """For each bot, how many (seat, round) samples ``distance`` adds up."""

    def add(self, other: Chunk) -> None:
        self.rounds.extend(other.rounds)
        self.matches.extend(other.matches)
        self.games.extend(other.games)
        for bot, sums in other.distance.items():
            mine = self.distance.setdefault(bot, [0] * len(sums))
            self.distance[bot] = [a + b for a, b in zip(mine, sums, strict=True)]
        for bot, n in other.seats.items():
            self.seats[bot] = self.seats.get(bot, 0) + n


@cache
def horizon(game: Game) -> int:
    """An upper bound on a round's turns: each turn lays or discards a card held, and
    every card held comes from the deck."""
    return len(new_match(game.edition, game.players, game.options).draw_pile)


def ending(state: State) -> str:
    if state.goal in (t.km for t in state.tableaus):
        return ENDINGS[0]
    if state.draw_pile or any(state.hands):
        return ENDINGS[1]
    return ENDINGS[2]


def _play_round(
    config: Config, state: State, bots: list[Bot], seating: tuple[str, ...], out: Chunk
) -> tuple[State, int, int]:
    """Play one dealt round to its end; add its distance trace to ``out``; return the
    state at the end, the actions taken and the turns played."""
    actions = 0
    trace: list[tuple[int, ...]] = []
    while state.phase not in (Phase.ROUND_OVER, Phase.MATCH_OVER):
        actor = state.actor
        assert actor is not None  # only a finished match has no actor
        action = bots[actor].choose(state)
        state = apply(state, action)
        actions += 1
        if isinstance(action, (Play, Discard)):
            trace.append(tuple(t.km for t in state.tableaus))
    turns = len(trace)
    end = horizon(config.game)
    trace.extend([trace[-1] if trace else (0,) * state.teams] * (end - turns))
    for seat, bot in enumerate(seating):
        team = state.team_of(seat)
        sums = out.distance.setdefault(bot, [0] * end)
        out.distance[bot] = [s + kms[team] for s, kms in zip(sums, trace, strict=True)]
        out.seats[bot] = out.seats.get(bot, 0) + 1
    return state, actions, turns


def play_game(config: Config, game: int, out: Chunk) -> None:
    """Play game ``game`` of ``config`` and add its records to ``out``."""
    seed = derive(config.seed, game)
    seating = config.seating(game)
    bots = [make_bot(name, derive(seed, 1 + seat)) for seat, name in enumerate(seating)]
    if config.family != "classic":
        out.games.append(
            _play_whole_game(config, game, seed=seed, bots=bots, seating=seating, out=out)
        )
        return
    g = config.game
    state = new_match(g.edition, g.players, g.options)
    teams = tuple(state.team_of(seat) for seat in range(g.players))
    while state.phase is not Phase.MATCH_OVER:
        if config.unit == "rounds" and state.round_number == 1:
            break
        # SHUFFLE-MATCH-SEEDS: round r of the game is shuffled with the game's seed + r - 1.
        state = apply(state, deal_from_seed(state, round_seed(seed, state.round_number + 1)))
        state, actions, turns = _play_round(config, state, bots, seating, out)
        out.rounds.append(
            RoundRecord(
                game=game,
                round=state.round_number,
                bots=seating,
                teams=teams,
                winner=round_winner(state),
                km=tuple(t.km for t in state.tableaus),
                points=state.scores,
                end=ending(state),
                actions=actions,
                turns=turns,
                coups_fourres=sum(len(t.coups_fourres) for t in state.tableaus),
                extension=state.extended_by,
            )
        )
    if config.unit == "matches":
        out.matches.append(
            MatchRecord(game, seating, state.round_number, match_winners(state), state.scores)
        )


def _play_whole_game(
    config: Config, game: int, *, seed: int, bots: list[Bot], seating: tuple[str, ...], out: Chunk
) -> GameRecord:
    """One whole game of Fun & Speed or As du Volant through the API, dealt from ``seed``;
    its distance trace (each seat's km after each turn) is added to ``out``."""
    g = config.game
    family = config.family
    state = api.new_game(g.edition, g.players, g.options, seed=seed)
    events = dict.fromkeys(GAME_EVENTS[family], 0)
    trace: list[tuple[int, ...]] = []
    actions, moved = 0, False
    while api.actor(state) is not None and actions < MAX_ACTIONS:
        seat = api.actor(state)
        assert seat is not None
        action = bots[seat].choose(state)
        after = api.apply(state, action)
        actions += 1
        _events(state, action, after, events)
        if isinstance(action, av.Move):
            moved = True
        if after.turn != state.turn or api.actor(after) is None:
            trace.append(_kms(after))
            if isinstance(state, AvState) and not moved:
                events["turns_without_move"] += 1
            moved = False
        state = after
    turns = len(trace)
    trace = trace[:GAME_HORIZON]
    trace.extend([trace[-1] if trace else (0,) * g.players] * (GAME_HORIZON - len(trace)))
    for seat, bot in enumerate(seating):
        sums = out.distance.setdefault(bot, [0] * GAME_HORIZON)
        out.distance[bot] = [s + kms[seat] for s, kms in zip(sums, trace, strict=True)]
        out.seats[bot] = out.seats.get(bot, 0) + 1
    return GameRecord(
        game=game,
        bots=seating,
        winners=api.winners(state),
        km=_kms(state),
        points=_points(state),
        end=_game_ending(state, actions),
        actions=actions,
        turns=turns,
        events=events,
    )


def _kms(state: FsState | AvState) -> tuple[int, ...]:
    if isinstance(state, FsState):
        return tuple(zone.km for zone in state.zones)
    return tuple(state.board.squares[car.square].km for car in state.cars)


def _points(state: FsState | AvState) -> tuple[int, ...]:
    if isinstance(state, AvState) and state.phase is AvPhase.OVER:
        return game_points(state)
    return (0,) * state.players


def _game_ending(state: FsState | AvState, actions: int) -> str:
    if api.actor(state) is not None:
        return "cut short"
    if isinstance(state, FsState):
        reached = any(state.zones[seat].km >= state.goal for seat in state.winners)
        return GAME_ENDINGS["fun-speed"][0 if reached else 1]
    finish = state.board.goal_square(state.goal)
    reached = any(car.square == finish for car in state.cars)
    return GAME_ENDINGS["as-du-volant"][0 if reached else 1]


def _events(before: Any, action: Any, after: Any, events: dict[str, int]) -> None:
    """Count what ``action`` did (see :data:`GAME_EVENTS`)."""
    if isinstance(before, FsState):
        _fs_events(before, action, after, events)
    else:
        _av_events(before, action, after, events)


_FS_KINDS: dict[type, str] = {
    fs.LayBorne: "lay_borne",
    fs.Attack: "attack",
    fs.Remedy: "remedy",
    fs.Safety: "safety",
    fs.CoupFourre: "coup_fourre",
    fs.Helicopter: "helicopter",
    fs.Police: "police",
    fs.Trash: "trash",
    fs.Mirror: "mirror",
    fs.UTurn: "u_turn",
    fs.Killer: "killer",
    fs.HoldUp: "hold_up",
    fs.FalseHoldUp: "false_hold_up",
}


def _fs_events(before: FsState, action: Any, after: FsState, events: dict[str, int]) -> None:
    kind = _FS_KINDS.get(type(action))
    if kind is None:
        return
    events[kind] += 1
    if isinstance(action, fs.LayBorne):
        events["accelerators"] += action.accelerators
    elif isinstance(action, fs.Helicopter):
        seat = action.seat
        events["helicopter_km"] += after.zones[seat].km - before.zones[seat].km
    elif isinstance(action, fs.Trash):
        events["trash_km"] += sum(z.km for z in before.zones) - sum(z.km for z in after.zones)
    elif isinstance(action, fs.HoldUp):
        seat = action.seat
        events["hold_up_km"] += after.zones[seat].km - before.zones[seat].km
    elif isinstance(action, fs.UTurn) and before.layer is not None:
        # FS-UTURN on a Borne that had reached the goal (FS-END-GOAL): a win turned back.
        winning = before.phase is FsPhase.BORNE and before.zones[before.layer].km >= before.goal
        events["u_turn_on_winning_borne"] += winning


_AV_KINDS: dict[type, str] = {
    av.Move: "move",
    av.Attack: "attack",
    av.Remedy: "remedy",
    av.Safety: "safety",
    av.CoupFourre: "coup_fourre",
    av.Turbo: "turbo",
    av.UTurn: "u_turn",
}


def _av_events(before: AvState, action: Any, after: AvState, events: dict[str, int]) -> None:
    events["reshuffles"] += after.reshuffles - before.reshuffles
    kind = _AV_KINDS.get(type(action))
    if kind is None:
        return
    events[kind] += 1
    if isinstance(action, av.Move):
        events["accelerated_move"] += action.accelerated
        events["shortcut"] += action.shortcut  # AV-SHORTCUT: legal only from an entry
        path = route(before, action)
        landed = after.cars[action.seat].square
        if path is not None and landed != path[-1]:  # AV-BONUS: the car moved on
            events["bonus"] += 1
            squares = after.board.squares
            events["bonus_km"] += squares[landed].km - squares[path[-1]].km


def run_chunk(config: Config, start: int, stop: int) -> Chunk:
    """Games ``start`` to ``stop - 1``: the unit of work of a Dask task."""
    out = Chunk()
    for game in range(start, stop):
        play_game(config, game, out)
    return out


def run_local(config: Config, progress: Callable[[int], None] | None = None) -> Chunk:
    """Every chunk here, one after the other; ``progress`` hears of each finished game count."""
    return merge(_each(config, progress))


def _each(config: Config, progress: Callable[[int], None] | None) -> Iterator[Chunk]:
    for start, stop in config.chunks():
        yield run_chunk(config, start, stop)
        if progress is not None:
            progress(stop - start)


def merge(chunks: Iterable[Chunk]) -> Chunk:
    """The chunks added up, records in game order whatever order the chunks came in."""
    total = Chunk()
    for chunk in chunks:
        total.add(chunk)
    total.rounds.sort(key=lambda r: (r.game, r.round))
    total.matches.sort(key=lambda m: m.game)
    total.games.sort(key=lambda g: g.game)
    return total
