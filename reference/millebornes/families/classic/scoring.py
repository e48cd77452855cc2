"""The score sheet of a round (SCORE-* rules), derived from the tableaus.

The sheet is computed, not stored: the tableaus stay in place until the next
deal, so the sheet of a finished round can always be recomputed from its state.
Every item is scored in every edition; an edition that does not know an item
scores it 0 in its data (``scoring`` table).
"""

from __future__ import annotations

from dataclasses import dataclass

from millebornes.families.classic.cards import SAFETIES, Card
from millebornes.families.classic.state import State


@dataclass(frozen=True, slots=True)
class TeamScore:
    """One team's line of the score sheet, item by item, in SCORE-SHEET order."""

    team: int
    distance: int
    safeties: int
    all_safeties: int
    coups_fourres: int
    round_win: int
    delayed_action: int
    win_without_200: int
    extension: int
    shutout: int

    @property
    def total(self) -> int:
        return (
            self.distance
            + self.safeties
            + self.all_safeties
            + self.coups_fourres
            + self.round_win
            + self.delayed_action
            + self.win_without_200
            + self.extension
            + self.shutout
        )


SHEET_ITEMS = (
    "distance",
    "safeties",
    "all_safeties",
    "coups_fourres",
    "round_win",
    "delayed_action",
    "win_without_200",
    "extension",
    "shutout",
)
"""The items of a line, in SCORE-SHEET order (the line's fields after ``team``)."""


@dataclass(frozen=True, slots=True)
class RoundScore:
    winner: int | None
    """The round's winning team (END-WINNER), or None (RUL-FARTHEST-TIE, END-WINNER-AT-GOAL)."""
    teams: tuple[TeamScore, ...]


def round_winner(state: State) -> int | None:
    """END-WINNER: the team at the goal, else the one farthest; RUL-FARTHEST-TIE: none on
    a tie; END-WINNER-AT-GOAL (switch SW-WIN-REQUIRES-GOAL): none unless at the goal."""
    distances = [tableau.km for tableau in state.tableaus]
    if state.goal in distances:
        return distances.index(state.goal)
    if state.rules.switch("SW-WIN-REQUIRES-GOAL"):
        return None
    best = max(distances)
    if best == 0 or distances.count(best) > 1:
        return None
    return distances.index(best)


def score_round(state: State) -> RoundScore:
    """The score sheet of the round whose tableaus ``state`` holds."""
    points = state.rules.scoring
    winner = round_winner(state)
    if state.rules.switch("SW-PLAIN-RACE"):
        return race_sheet(state, winner)
    shut_out = sum(1 for tableau in state.tableaus if not tableau.distance)
    extension_failed = state.extended_by is not None and winner != state.extended_by
    lines = []
    for team, tableau in enumerate(state.tableaus):
        won = team == winner
        lines.append(
            TeamScore(
                team=team,
                distance=tableau.km,  # SCORE-DISTANCE
                safeties=points.per_safety * len(tableau.safeties),  # SCORE-SAFETY
                all_safeties=(  # SCORE-ALL-SAFETIES
                    points.all_safeties_bonus if len(set(tableau.safeties)) == len(SAFETIES) else 0
                ),
                coups_fourres=points.per_coup_fourre
                * len(tableau.coups_fourres),  # SCORE-COUP-FOURRE
                round_win=points.round_win if won else 0,  # SCORE-ROUND-WIN
                # SCORE-DELAYED-ACTION: the winner reached the goal after the draw pile ran out.
                delayed_action=(
                    points.delayed_action
                    if won and tableau.km == state.goal and not state.draw_pile
                    else 0
                ),
                win_without_200=(  # SCORE-NO-200
                    points.win_without_200 if won and Card.D200 not in tableau.distance else 0
                ),
                # SCORE-EXTENSION: to the team that called it and won, else to every other team.
                extension=points.extension
                if (won and team == state.extended_by)
                or (extension_failed and team != state.extended_by)
                else 0,
                # SCORE-SHUTOUT, RUL-SHUTOUT-TEAM: per team without distance, to each team
                # that has some.
                shutout=points.shutout * shut_out if tableau.distance else 0,
            )
        )
    return RoundScore(winner=winner, teams=tuple(lines))


def race_sheet(state: State, winner: int | None) -> RoundScore:
    """SCORE-RACE-SHEET (switch SW-PLAIN-RACE): no points; the winner's line shows the round won
    as 1 and every other item 0, so a team's match total counts the rounds it won."""
    nothing = dict.fromkeys(SHEET_ITEMS, 0)
    lines = tuple(
        TeamScore(team=team, **(nothing | {"round_win": int(team == winner)}))
        for team in range(state.teams)
    )
    return RoundScore(winner=winner, teams=lines)


def match_winners(state: State) -> tuple[int, ...]:
    """MATCH-TARGET, RUL-MATCH-TIE: the teams with the highest total once the match is over."""
    best = max(state.scores)
    if best < state.rules.match_target:
        return ()
    return tuple(team for team, score in enumerate(state.scores) if score == best)
