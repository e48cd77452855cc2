"""Ratings from pairwise results: a Bradley-Terry model on the Elo scale, with a 95%
interval by bootstrap over the deals; and Wilson's interval for a head-to-head score.

The tournament turns each game into pairwise results: every two bots at the table, the
one whose seat did better (a win beats a loss, a win alone beats a shared win) scores 1,
an equal outcome ½ each. Bradley-Terry gives bot ``i`` a strength ``p_i`` such that
``i`` beats ``j`` with probability ``p_i / (p_i + p_j)``; it is fitted by Hunter's
minorization-maximization iterations, every pair given one virtual drawn game (½ a
win each way) so that a bot that never loses still has a finite rating. A rating is
``400 · log10(p_i)`` shifted so that the ratings average 0: a 400-point gap means odds
of 10 to 1, as in Elo. The interval resamples the deals with replacement (each deal
keeps all its seat arrangements, so the mirroring still cancels the luck of the deal),
refits, and takes the 2.5th and 97.5th percentiles of each bot's rating.
"""

from __future__ import annotations

import math
from collections.abc import Sequence

from millebornes.core.shuffle import SplitMix64

PRIOR = 0.5
"""Virtual wins each way between every two bots (one drawn game)."""


def bradley_terry(n: int, wins: Sequence[Sequence[float]], *, iterations: int = 200) -> list[float]:
    """Ratings (Elo scale, mean 0) of ``n`` bots from ``wins[i][j]``, the points ``i``
    scored against ``j`` (a draw counts ½ to each)."""
    if n == 1:
        return [0.0]
    w = [[wins[i][j] + (PRIOR if i != j else 0.0) for j in range(n)] for i in range(n)]
    games = [[w[i][j] + w[j][i] for j in range(n)] for i in range(n)]
    total = [sum(row) for row in w]
    p = [1.0] * n
    for _ in range(iterations):
        new = []
        for i in range(n):
            denominator = sum(games[i][j] / (p[i] + p[j]) for j in range(n) if j != i)
            new.append(total[i] / denominator if denominator else p[i])
        scale = math.exp(sum(math.log(v) for v in new) / n)  # keep the mean log at 0
        p = [v / scale for v in new]
    return [400 * math.log10(v) for v in p]


def bootstrap(
    n: int,
    per_deal: Sequence[Sequence[Sequence[float]]],
    *,
    samples: int = 200,
    seed: int = 0,
) -> list[tuple[float, float]]:
    """The 95% interval of each rating: ``per_deal[d][i][j]`` is the points ``i`` scored
    against ``j`` over deal ``d``'s games; the deals are drawn with replacement from a
    seeded generator, so the interval depends on ``seed`` and the results alone."""
    deals = len(per_deal)
    if deals == 0:
        return [(0.0, 0.0)] * n
    rng = SplitMix64(seed)
    fits: list[list[float]] = []
    for _ in range(samples):
        wins = [[0.0] * n for _ in range(n)]
        for _ in range(deals):
            deal = per_deal[rng.below(deals)]
            for i in range(n):
                for j in range(n):
                    wins[i][j] += deal[i][j]
        fits.append(bradley_terry(n, wins, iterations=60))
    low, high = int(0.025 * (samples - 1)), math.ceil(0.975 * (samples - 1))
    out = []
    for i in range(n):
        values = sorted(fit[i] for fit in fits)
        out.append((values[low], values[high]))
    return out


def wilson(points: float, games: float, z: float = 1.96) -> tuple[float, float]:
    """Wilson's 95% score interval for a share of ``points`` out of ``games`` (a draw
    counts ½); (0, 1) without games."""
    if games <= 0:
        return (0.0, 1.0)
    share = points / games
    middle = share + z * z / (2 * games)
    spread = z * math.sqrt(share * (1 - share) / games + z * z / (4 * games * games))
    scale = 1 + z * z / games
    return (max(0.0, (middle - spread) / scale), min(1.0, (middle + spread) / scale))
