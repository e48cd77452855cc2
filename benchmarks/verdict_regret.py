"""How much of its own playouts' advice the search bot's decision rule takes.

The search bot plays its favourite (the greedy scores with attacks first) unless
another choice beats it clearly on the playouts they share: by ``margin`` on average
and by ``z`` standard errors (:func:`millebornes.apps.search._verdict`). This measures
what that rule costs or saves, against the search's own yardstick, position by position:

1. positions from games between greedy bots, each a turn of a seat with at least two
   choices, taken at random (``--positions`` of them, from ``--seed``);
2. the worth Q of each choice the search compares there: the mean of ``--playouts``
   playouts of each, the k-th of every choice on the same sampled deal with the same
   draws, exactly as the search plays them;
3. the search bot at ``--budget`` playouts a move decides each position ``--repeats``
   times (other seeds) under each rule of ``--rules``; its regret is Q of the best
   choice less Q of the one it played, averaged over every decision.

The favourite's regret (the greedy scores alone) is the mean gap between the best
choice and the favourite. Not a test, and not the bot's strength in games (Q is the
playouts' estimate, with their policy and horizon): figures go into docs/bots.md.

    .venv/bin/python benchmarks/verdict_regret.py --edition fun-speed --positions 100 \\
        --playouts 2000 --rules default,0:0,0.01:0.5 --workers 2
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
from collections.abc import Sequence
from contextlib import suppress
from typing import Any

from millebornes import api
from millebornes.apps.bots import GreedyBot, _key, seat_view
from millebornes.apps.search import Budget, SearchBot, _stream
from millebornes.apps.stopping import run_command, worker_pool
from millebornes.core.errors import IllegalAction
from millebornes.core.shuffle import SplitMix64

Rule = tuple[float | None, float | None]
"""A decision rule: (margin, z); (None, None) is the family's default."""

SHARE = 0.12
"""The chance that a turn with two choices or more becomes a position."""


def positions(edition: str, count: int, seed: int) -> list[Any]:
    """``count`` states of games between greedy bots, each where a seat has a choice."""
    draw = random.Random(seed)
    found: list[Any] = []
    game = 0
    while len(found) < count:
        state = api.new_game(edition, 2, seed=seed * 100_003 + game)
        bots = [GreedyBot(2 * game), GreedyBot(2 * game + 1)]
        steps = 0
        while (seat := api.actor(state)) is not None and len(found) < count:
            if api.is_chance(state):
                state = api.apply(state, api.chance_action(state, seed + game * 7919 + steps))
            else:
                choices = SearchBot()._choices(seat_view(state, seat), api.legal_actions(state))
                if len(choices) > 1 and draw.random() < SHARE:
                    found.append(state)
                state = api.apply(state, bots[seat].choose(state))
            steps += 1
        game += 1
    return found


class _Measured(SearchBot):
    """The search bot, also asked for the worth of each choice it compares."""

    def worths(
        self, view: Any, legal: Sequence[Any], playouts: int
    ) -> tuple[list[Any], list[float]]:
        """Each choice's key and Q: the mean of ``playouts`` common-random-number playouts."""
        keys = [_key(group[0]) for group in self._choices(view, legal)]
        totals = [0.0] * len(keys)
        base = 0x5EED
        for k in range(playouts):
            sample = self._sample(view, SplitMix64(_stream(base, 2 * k)))
            twin = self._twin(view, sample)
            for index, key in enumerate(keys):
                action = self._realize(sample, key)
                if action is None:
                    continue  # counts as lost, as in the search
                with suppress(IllegalAction):
                    totals[index] += self._playout(view, twin, action, _stream(base, 2 * k + 1))
        return keys, [total / playouts for total in totals]


def _measure(job: tuple[Any, int, int, int, list[Rule]]) -> tuple[float, list[float], list[float]]:
    """One position: the favourite's regret, and each rule's mean regret and share of
    decisions that left the favourite."""
    state, playouts, budget, repeats, rules = job
    seat = api.actor(state)
    assert seat is not None  # a position is a seat's turn
    view = seat_view(state, seat)
    legal = api.legal_actions(state)
    keys, worths = _Measured().worths(view, legal, playouts)
    best = max(worths)
    regrets: list[float] = []
    left: list[float] = []
    for margin, z in rules:
        chosen = [
            _key(SearchBot(seed, Budget(playouts=budget), margin=margin, z=z).decide(view, legal))
            for seed in range(1, repeats + 1)
        ]
        regrets.append(statistics.fmean(best - worths[keys.index(key)] for key in chosen))
        left.append(statistics.fmean(key != keys[0] for key in chosen))
    return best - worths[0], regrets, left


def _rule(text: str) -> Rule:
    if text == "default":
        return (None, None)
    margin, colon, z = text.partition(":")
    try:
        if not colon:
            raise ValueError
        return (float(margin), float(z))
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is neither default nor MARGIN:Z") from None


def _rules(text: str) -> list[Rule]:
    return [_rule(part.strip()) for part in text.split(",")]


def _positive(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a whole number") from None
    if value < 1:
        raise argparse.ArgumentTypeError(f"{value} is not at least 1")
    return value


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    editions = sorted(edition.id for edition in api.editions())
    parser.add_argument("--edition", default="fun-speed", choices=editions)
    parser.add_argument("--positions", type=_positive, default=100)
    parser.add_argument("--playouts", type=_positive, default=2000, help="per choice, for Q")
    parser.add_argument("--budget", type=_positive, default=600, help="the bot's playouts a move")
    parser.add_argument("--repeats", type=_positive, default=3)
    parser.add_argument("--rules", type=_rules, default=[(None, None)], help="default,MARGIN:Z,...")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--workers", type=_positive, default=1)
    args = parser.parse_args(argv)
    states = positions(args.edition, args.positions, args.seed)
    jobs = [(s, args.playouts, args.budget, args.repeats, args.rules) for s in states]
    with worker_pool(args.workers) as pool:
        results = list(pool.map(_measure, jobs, chunksize=1))
    print(f"{args.edition}: {len(results)} positions, Q from {args.playouts} playouts a choice,")
    print(f"the bot at {args.budget} playouts a move, {args.repeats} decisions a position")
    print(f"  the favourite alone: regret {statistics.fmean(r[0] for r in results):.4f}")
    for index, (margin, z) in enumerate(args.rules):
        name = "default" if margin is None else f"margin {margin} z {z}"
        regret = statistics.fmean(r[1][index] for r in results)
        left = statistics.fmean(r[2][index] for r in results)
        print(f"  {name}: regret {regret:.4f}, leaves the favourite in {left:.1%} of decisions")
    return 0


if __name__ == "__main__":
    sys.exit(run_command("verdict_regret.py", main))
