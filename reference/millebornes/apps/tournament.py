"""A tournament between bots: every seat arrangement, the same deals at every table.

The bots entered (``B`` of them, for ``N`` seats) sit at every table of
:meth:`TournamentConfig.tables`: each ordered choice of ``min(B, N)`` different bots,
repeated round the table when there are fewer bots than seats, so that every bot takes
every seat against every other. Deal ``d`` is seeded from the tournament's seed and
``d`` alone (:func:`~millebornes.apps.simulate.derive`) and played at every table: the
same cards meet every arrangement, and the luck of the deal cancels out.

A game is a whole match in the classic family (its result: the match winners,
MATCH-TARGET; its points: the team's match points over whole rounds) and a whole game
in Fun & Speed and As du Volant (the winners, a shared win split; points: the share of
the win, or As du Volant's own points, AV-POINTS, under the options that count them).
Work is cut into chunks of deals, each a task that runs anywhere: the result is the
same here or on any number of Dask workers. :func:`standings` turns the games into each
bot's wins, points and rating (:mod:`millebornes.apps.rating`).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass
from itertools import permutations
from typing import Any

from millebornes import api
from millebornes.apps.arguments import Game
from millebornes.apps.bots import Bot
from millebornes.apps.entrants import entrant
from millebornes.apps.rating import bootstrap, bradley_terry, wilson
from millebornes.apps.search import Budget
from millebornes.apps.simulate import MAX_ACTIONS, derive
from millebornes.core.errors import MalformedInput
from millebornes.core.shuffle import round_seed
from millebornes.families.asduvolant.scoring import game_points
from millebornes.families.asduvolant.state import AvPhase, AvState
from millebornes.families.classic.deal import deal_from_seed
from millebornes.families.classic.engine import apply, new_match
from millebornes.families.classic.scoring import match_winners
from millebornes.families.classic.state import Phase, State
from millebornes.registry import family_of_edition

POINTS_OPTIONS = frozenset({"points_5000", "bonus"})
"""The As du Volant options under which a game's points are counted (AV-POINTS)."""

MAX_ROUNDS = 200
"""A classic match stopped after so many rounds is scored as it stands (a safeguard)."""


@dataclass(frozen=True, slots=True)
class TournamentConfig:
    """What to play; plain data, so that it can be sent to a Dask worker."""

    game: Game
    bots: tuple[str, ...]
    """Roster names or ``module:function`` (:mod:`millebornes.apps.entrants`)."""
    deals: int
    seed: int
    budget: Budget | None = None
    """Every search bot's budget per move; None: each its level's."""
    chunk: int = 1
    """Deals per task (each at every table)."""

    @property
    def family(self) -> str:
        return family_of_edition(self.game.edition).name

    def tables(self) -> list[tuple[int, ...]]:
        """Each table as the bot (its index in ``bots``) at every seat."""
        players, count = self.game.players, len(self.bots)
        return [
            tuple(chosen[seat % len(chosen)] for seat in range(players))
            for chosen in permutations(range(count), min(count, players))
        ]

    def chunks(self) -> list[tuple[int, int]]:
        return [(a, min(a + self.chunk, self.deals)) for a in range(0, self.deals, self.chunk)]


@dataclass(frozen=True, slots=True)
class TableGame:
    """One game: which deal, which table, who sat where and how each seat did."""

    deal: int
    table: int
    seating: tuple[int, ...]
    """The bot (index) at each seat."""
    shares: tuple[float, ...]
    """Each seat's share of the win: 1 alone, 1/k in a k-way tie, 0 if it lost."""
    points: tuple[float, ...]
    """Each seat's points: its team's match points (classic family), its AV-POINTS (As du
    Volant with ``points_5000`` or ``bonus``), else its share of the win."""
    rounds: int
    """Rounds of the classic match (0 in the other families)."""
    actions: int


def _bots(config: TournamentConfig, seating: tuple[int, ...], seed: int) -> list[Bot]:
    makers: dict[int, Callable[[int], Bot]] = {}
    for index in set(seating):
        makers[index] = entrant(config.bots[index], config.budget)
    return [makers[index](derive(seed, 1 + seat)) for seat, index in enumerate(seating)]


def play(config: TournamentConfig, deal: int, table: int) -> TableGame:
    """Deal ``deal`` played at table ``table``."""
    seating = config.tables()[table]
    seed = derive(config.seed, deal)
    bots = _bots(config, seating, derive(seed, table))
    if config.family == "classic":
        return _classic_match(config, deal, table, seating=seating, seed=seed, bots=bots)
    g = config.game
    state = api.new_game(g.edition, g.players, g.options, seed=seed)
    actions = 0
    while (seat := api.actor(state)) is not None and actions < MAX_ACTIONS:
        state = api.apply(state, bots[seat].choose(state))
        actions += 1
    winners = api.winners(state)
    shares = tuple(1 / len(winners) if s in winners else 0.0 for s in range(g.players))
    points: tuple[float, ...] = shares
    counted = isinstance(state, AvState) and bool(state.options & POINTS_OPTIONS)
    if counted and state.phase is AvPhase.OVER:
        points = tuple(float(p) for p in game_points(state))
    return TableGame(deal, table, seating, shares, points, 0, actions)


def _classic_match(
    config: TournamentConfig,
    deal: int,
    table: int,
    *,
    seating: tuple[int, ...],
    seed: int,
    bots: list[Bot],
) -> TableGame:
    """A whole match; round r shuffled with the deal's seed + r - 1 (SHUFFLE-MATCH-SEEDS)."""
    g = config.game
    state: State = new_match(g.edition, g.players, g.options)
    actions = 0
    while state.phase is not Phase.MATCH_OVER and state.round_number < MAX_ROUNDS:
        state = apply(state, deal_from_seed(state, round_seed(seed, state.round_number + 1)))
        while state.phase not in (Phase.ROUND_OVER, Phase.MATCH_OVER):
            actor = state.actor
            assert actor is not None  # only a finished match has no actor
            state = apply(state, bots[actor].choose(state))
            actions += 1
    winners = match_winners(state)
    if not winners:  # cut short by MAX_ROUNDS: the leaders so far
        best = max(state.scores)
        winners = tuple(t for t, score in enumerate(state.scores) if score == best)
    teams = [state.team_of(seat) for seat in range(g.players)]
    shares = tuple(1 / len(winners) if team in winners else 0.0 for team in teams)
    points = tuple(float(state.scores[team]) for team in teams)
    return TableGame(deal, table, seating, shares, points, state.round_number, actions)


def run_chunk(config: TournamentConfig, start: int, stop: int) -> list[TableGame]:
    """Deals ``start`` to ``stop - 1`` at every table: the unit of work of a task."""
    tables = range(len(config.tables()))
    return [play(config, deal, table) for deal in range(start, stop) for table in tables]


def _ordered(games: Iterable[TableGame]) -> list[TableGame]:
    return sorted(games, key=lambda game: (game.deal, game.table))


def run_local(
    config: TournamentConfig, progress: Callable[[int], None] | None = None
) -> list[TableGame]:
    games: list[TableGame] = []
    for start, stop in config.chunks():
        games += run_chunk(config, start, stop)
        if progress is not None:
            progress(stop - start)
    return _ordered(games)


def run_dask(
    config: TournamentConfig, client: Any, progress: Callable[[int], None] | None = None
) -> list[TableGame]:
    """Every chunk as a task on ``client``'s cluster; the games come back in deal order."""
    from millebornes.apps.simulate_dask import chunk_results  # noqa: PLC0415 - as the CLI does

    chunks = chunk_results(client, run_chunk, config, progress)
    return _ordered([game for chunk in chunks for game in chunk])


def check_entrants(config: TournamentConfig) -> None:
    """Every bot resolvable (names known, modules importable), names distinct, at least
    two: refused before any game is played."""
    if len(config.bots) < 2:
        raise MalformedInput("bots: a tournament needs at least two bots")
    seen = set()
    for name in config.bots:
        if name in seen:
            raise MalformedInput(f"bots: {name!r} is entered twice")
        seen.add(name)
        entrant(name, config.budget)(0)


RATING_METHOD = (
    "Bradley-Terry on the Elo scale (mean 0; 400 points = odds of 10 to 1), fitted from"
    " every pair of bots at each table (the better seat outcome scores 1, equal outcomes"
    " 1/2), one virtual draw per pair; 95% interval: 200 bootstrap resamples of the deals"
)


def standings(config: TournamentConfig, games: list[TableGame]) -> dict[str, Any]:
    """Each bot's games, wins, points per game and rating with its 95% interval, and
    every pair's head-to-head score with Wilson's 95% interval (the ``--json`` form)."""
    n = len(config.bots)
    played, wins, points = [0] * n, [0.0] * n, [0.0] * n
    pair_points = [[0.0] * n for _ in range(n)]
    pair_games = [[0] * n for _ in range(n)]
    per_deal: dict[int, list[list[float]]] = {}
    for game in games:
        result: dict[int, float] = {}
        seat_points: dict[int, list[float]] = {}
        for seat, bot in enumerate(game.seating):
            result[bot] = min(1.0, result.get(bot, 0.0) + game.shares[seat])
            seat_points.setdefault(bot, []).append(game.points[seat])
        deal = per_deal.setdefault(game.deal, [[0.0] * n for _ in range(n)])
        for bot, share in result.items():
            played[bot] += 1
            wins[bot] += share
            points[bot] += sum(seat_points[bot]) / len(seat_points[bot])
            for other, theirs in result.items():
                if other == bot:
                    continue
                score = 1.0 if share > theirs else 0.5 if share == theirs else 0.0
                pair_points[bot][other] += score
                pair_games[bot][other] += 1
                deal[bot][other] += score
    ratings = bradley_terry(n, pair_points)
    intervals = bootstrap(n, list(per_deal.values()), seed=config.seed)
    g = config.game
    return {
        "edition": g.edition,
        "players": g.players,
        "options": list(g.options),
        "deals": config.deals,
        "tables": len(config.tables()),
        "games": len(games),
        "seed": config.seed,
        "budget": None if config.budget is None else str(config.budget),
        "game": "a whole match" if config.family == "classic" else "a whole game",
        "points": _points_meaning(config),
        "rating_method": RATING_METHOD,
        "bots": [
            {
                "bot": name,
                "games": played[i],
                "wins": round(wins[i], 3),
                "win_rate": round(wins[i] / played[i], 4) if played[i] else 0.0,
                "points_per_game": round(points[i] / played[i], 2) if played[i] else 0.0,
                "rating": round(ratings[i], 1),
                "rating_95": [round(intervals[i][0], 1), round(intervals[i][1], 1)],
            }
            for i, name in enumerate(config.bots)
        ],
        "pairs": [
            {
                "bot": config.bots[i],
                "opponent": config.bots[j],
                "games": pair_games[i][j],
                "score": round(pair_points[i][j] / pair_games[i][j], 4),
                "score_95": [round(v, 4) for v in wilson(pair_points[i][j], pair_games[i][j])],
            }
            for i in range(n)
            for j in range(n)
            if i != j and pair_games[i][j]
        ],
    }


def _points_meaning(config: TournamentConfig) -> str:
    if config.family == "classic":
        return "match points of the bot's team over the whole match"
    if config.family == "as-du-volant" and POINTS_OPTIONS & set(config.game.options):
        return "the game's points (AV-POINTS)"
    return "share of the win (1 alone, 1/k shared)"
