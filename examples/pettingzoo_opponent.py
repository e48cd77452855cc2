"""A PettingZoo agent against the project's bots, in any rule set, with a win rate.

    .venv/bin/python examples/pettingzoo_opponent.py --edition fun-speed --opponent search-easy

Seat ``g mod players`` of game ``g`` is the agent being measured (so every seat gets its
turn); here it chooses uniformly among the legal actions of its ``action_mask``, the
place where a bot author puts their own policy (:func:`agent_policy`). Every other seat
is a bot of the project's roster (``--opponent``: ``random``, ``greedy``, or the search
bot ``search-easy``, ``search``, ``search-hard``; docs/bots.md). The opponents choose
from their own seat's view (:meth:`millebornes.apps.bots.Bot.choose` reads the state
only through :func:`millebornes.apps.bots.seat_view`), and their choice enters the
environment as action indices like any agent's: one index, or in Fun & Speed a Police's
target then its card.

A classic-family game is one round, won when the agent's team scores more than every
other team; Fun & Speed and As du Volant are one game, won when the agent is among the
winners. The agent's summed rewards are printed beside the win rate.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence
from typing import Any

import numpy as np

import millebornes as mb
from millebornes.apps.adapters.pettingzoo_env import MilleBornesEnv, env
from millebornes.apps.adapters.pettingzoo_races import RaceEnv
from millebornes.apps.bots import Bot
from millebornes.apps.roster import BOTS, make_bot
from millebornes.core.errors import MalformedInput


def agent_policy(observation: dict[str, Any], rng: np.random.Generator) -> int:
    """The agent under test: uniformly random among the legal indices (replace me)."""
    return int(rng.choice(np.flatnonzero(observation["action_mask"])))


def indices_for(table: MilleBornesEnv | RaceEnv, wanted: Any) -> list[int]:
    """The action indices that make the engine action ``wanted`` at the acting seat."""
    if isinstance(table, MilleBornesEnv):
        return [table.table.index(wanted)]
    return _race_indices(table, wanted, table.partial)


def _race_indices(table: RaceEnv, wanted: Any, partial: tuple[int, ...]) -> list[int]:
    """A race move is one index, or several (a Police: its target, then its card):
    search the codec's steps from ``partial`` for the one that ends in ``wanted``."""
    for index in table.codec.legal(table.engine, partial):
        following, move = table.codec.step(table.engine, partial, index)
        if move == wanted:
            return [index]
        if move is None:
            rest = _race_indices(table, wanted, following)
            if rest:
                return [index, *rest]
    return []


def play(
    table: MilleBornesEnv | RaceEnv, seat: int, opponents: list[Bot], rng: np.random.Generator
) -> tuple[bool, float]:
    """One game from ``table.reset``: whether the agent at ``seat`` won, and its rewards."""
    agent = table.possible_agents[seat]
    total = 0.0
    queued: list[int] = []
    for name in table.agent_iter():
        observation, reward, terminated, truncated, _ = table.last()
        if name == agent:
            total += reward
        if terminated or truncated:
            table.step(None)
            continue
        if name == agent:
            table.step(agent_policy(observation, rng))
            continue
        if not queued:
            bot = opponents[table.possible_agents.index(name)]
            queued = indices_for(table, bot.choose(table.engine))
        table.step(queued.pop(0))
    return _won(table, seat), total


def _won(table: MilleBornesEnv | RaceEnv, seat: int) -> bool:
    if isinstance(table, RaceEnv):
        return seat in mb.winners(table.engine)
    scores = list(table.engine.scores)
    ours = scores.pop(table.engine.team_of(seat))
    return ours > max(scores)


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").split("\n")[0])
    parser.add_argument("--edition", default="classic")
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--options", default="", help="joined with +, e.g. goal_700")
    parser.add_argument("--opponent", default="greedy", choices=sorted(BOTS))
    parser.add_argument("--games", type=int, default=10)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)
    if args.games < 1:
        parser.error("--games must be at least 1")
    options = tuple(word for word in args.options.split("+") if word)
    try:
        table = env(edition=args.edition, players=args.players, options=options)
    except MalformedInput as error:
        print(f"pettingzoo_opponent: {error}", file=sys.stderr)
        return 2
    rng = np.random.default_rng(args.seed)
    wins, rewards = 0, 0.0
    for game in range(args.games):
        seat = game % args.players
        opponents = [make_bot(args.opponent, args.seed * 1000 + game) for _ in range(args.players)]
        table.reset(seed=args.seed * 1000 + game)
        won, total = play(table, seat, opponents, rng)
        wins += won
        rewards += total
    print(
        f"{args.edition}, {args.players} players: the random agent won {wins} of {args.games}"
        f" games against {args.opponent} ({wins / args.games:.0%}),"
        f" mean reward {rewards / args.games:+.2f}"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
