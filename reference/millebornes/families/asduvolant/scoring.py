"""The points of a finished As du Volant game (AV-POINTS, AV-BONUS-GAME) and of a match.

Points are counted only with the option ``points_5000`` or ``bonus``; a
classic game has a winner and no score (AV-WINNER).
"""

from __future__ import annotations

from collections.abc import Sequence

from millebornes.core.errors import MalformedInput
from millebornes.families.asduvolant.cards import DATA
from millebornes.families.asduvolant.state import AvPhase, AvState


def game_points(state: AvState) -> tuple[int, ...]:
    """Each seat's points for a finished game: RUL-AV-KM-SCORE (the car's square), the
    safeties and coups-fourrés, the win and its bonuses (RUL-AV-BONUS-STACK), and 500 to
    the others for a player who played no distance card."""
    if state.phase is not AvPhase.OVER:
        raise MalformedInput("phase: points are counted once the game is over")
    if not state.options & {"points_5000", "bonus"}:
        return (0,) * state.players
    p = DATA.points
    points = []
    for seat, car in enumerate(state.cars):
        score = state.board.squares[car.square].km
        score += p["safety"] * len(car.safeties) + p["coup_fourre"] * len(car.coups_fourres)
        if seat in state.winners:
            score += p["win"]
            score += p["win_without_200"] if car.laid_200 == 0 else 0
            if "bonus" in state.options:
                plain = car.laid_200 == 0 and car.laid_100 == 0
                score += p["win_without_200_or_100"] if plain else 0
        arrived = car.square == state.board.goal_square(state.goal)
        if "bonus" in state.options and arrived and state.reshuffles == 0:
            score += p["before_reshuffle"]
        score += p["no_distance_card"] * sum(
            1 for other, c in enumerate(state.cars) if other != seat and c.laid_distance == 0
        )
        points.append(score)
    return tuple(points)


def points_match_winners(totals: Sequence[int]) -> tuple[int, ...]:
    """AV-POINTS: once a total reaches 5000 the match is over and the highest totals win;
    () while it goes on."""
    if max(totals) < DATA.points["match"]:
        return ()
    return tuple(seat for seat, total in enumerate(totals) if total == max(totals))
