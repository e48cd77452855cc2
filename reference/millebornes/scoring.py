"""The score sheet of a round (SCORE-* rules), derived from the tableaus.

The sheet is computed, not stored: the tableaus stay in place until the next
deal, so the sheet of a finished round can always be recomputed from its state.
"""

from __future__ import annotations

from dataclasses import dataclass

from millebornes.cards import Card
from millebornes.state import State


@dataclass(frozen=True, slots=True)
class TeamScore:
    """One team's line of the score sheet, item by item, in SCORE-SHEET order."""

    team: int
    distance: int
    safeties: int
    coups_fourres: int
    round_win: int
    win_without_200: int
    shutout: int

    @property
    def total(self) -> int:
        return (
            self.distance
            + self.safeties
            + self.coups_fourres
            + self.round_win
            + self.win_without_200
            + self.shutout
        )


@dataclass(frozen=True, slots=True)
class RoundScore:
    winner: int | None
    """The round's winning team (END-WINNER), or None (RUL-FARTHEST-TIE)."""
    teams: tuple[TeamScore, ...]


def round_winner(state: State) -> int | None:
    """END-WINNER: the team at the goal, else the one farthest; RUL-FARTHEST-TIE: none on a tie."""
    distances = [tableau.km for tableau in state.tableaus]
    best = max(distances)
    if best == 0 or distances.count(best) > 1:
        return None
    return distances.index(best)


def score_round(state: State) -> RoundScore:
    """The score sheet of the round whose tableaus ``state`` holds."""
    points = state.rules.scoring
    winner = round_winner(state)
    shut_out = sum(1 for tableau in state.tableaus if not tableau.distance)
    lines = []
    for team, tableau in enumerate(state.tableaus):
        won = team == winner
        lines.append(
            TeamScore(
                team=team,
                distance=tableau.km,  # SCORE-DISTANCE
                safeties=points.per_safety * len(tableau.safeties),  # SCORE-SAFETY
                coups_fourres=points.per_coup_fourre
                * len(tableau.coups_fourres),  # SCORE-COUP-FOURRE
                round_win=points.round_win if won else 0,  # SCORE-ROUND-WIN
                win_without_200=(  # SCORE-NO-200
                    points.win_without_200 if won and Card.D200 not in tableau.distance else 0
                ),
                # SCORE-SHUTOUT, RUL-SHUTOUT-TEAM: 500 per team without distance,
                # to each team that has some.
                shutout=points.shutout * shut_out if tableau.distance else 0,
            )
        )
    return RoundScore(winner=winner, teams=tuple(lines))


def match_winners(state: State) -> tuple[int, ...]:
    """MATCH-TARGET, RUL-MATCH-TIE: the teams with the highest total once the match is over."""
    best = max(state.scores)
    if best < state.rules.match_target:
        return ()
    return tuple(team for team, score in enumerate(state.scores) if score == best)
