"""What ``millebornes editions`` shows: each rule set's family, seats, teams, options and
goals (and board, for a game played on a track).

Every rule set comes from ``millebornes.editions()``. The classic family's editions add
what their edition data says beyond it (SEAT-COUNTS, SEAT-TEAMS, GOAL-DISTANCE,
GOAL-BY-SEATS, EXT-GOAL, MATCH-TARGET): each option's description and seats, the
extension goal, the hand size and the match target; the goal at a seat count is the one
the engine uses (:meth:`Edition.goal_for`), with and without each option.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from millebornes import api
from millebornes.core.family import EditionInfo
from millebornes.families.classic.edition import Edition, load_edition


def summary(rules: Edition) -> dict[str, Any]:
    """One classic-family edition as plain data (the ``--json`` form)."""
    seats = []
    for players in rules.seat_counts:
        teams = rules.teams_by_seats[players]
        seats.append(
            {
                "players": players,
                "teams": teams,
                "players_per_team": players // teams,
                "goal": rules.goal_for(players, ()),
                "goal_with_option": {
                    name: rules.goal_for(players, (name,))
                    for name, option in rules.options.items()
                    if players in option.seats and option.goal is not None
                },
            }
        )
    return {
        "id": rules.id,
        "family": "classic",
        "title": rules.title,
        "seats": seats,
        "options": {
            name: {
                "description": o.description,
                "players": list(o.seats),
                "goal": o.goal,
                "switches": dict(o.switches),
                "match_target": o.match_target,
            }
            for name, o in rules.options.items()
        },
        "board": None,
        "extension_goal": rules.extension_goal,
        "hand_size": rules.hand_size,
        "match_target": rules.match_target,
    }


def info_summary(info: EditionInfo) -> dict[str, Any]:
    """A rule set of another family as plain data, from ``millebornes.editions()``."""
    return {
        "id": info.id,
        "family": info.family,
        "title": info.title,
        "seats": [
            {
                "players": row.players,
                "teams": row.teams,
                "players_per_team": row.players // row.teams,
                "goal": row.goal,
                "goal_with_option": dict(row.goal_with_option),
            }
            for row in info.seats
        ],
        "options": {name: {} for name in info.options},
        "board": info.board,
    }


def summaries() -> list[dict[str, Any]]:
    """Every rule set, the classic family's editions first."""
    return [
        summary(load_edition(info.id)) if info.family == "classic" else info_summary(info)
        for info in api.editions()
    ]


def render(data: dict[str, Any]) -> Iterator[str]:
    """One rule set for people: a line per seat count, then its options."""
    yield f"{data['id']}: {data['title']}"
    classic = data["family"] == "classic"
    if not classic:
        yield f"  family {data['family']} (spec/families/{data['family']}/rules.md)"
    yield f"  {'players':>7}  {'teams':<16}goal"
    for row in data["seats"]:
        alone = row["players_per_team"] == 1
        teams = (
            f"{row['teams']} alone"
            if alone
            else f"{row['teams']} teams of {row['players_per_team']}"
        )
        goal = f"{row['goal']} km" + "".join(
            f"; {name}: {km} km" for name, km in row["goal_with_option"].items()
        )
        yield f"  {row['players']:>7}  {teams:<16}{goal}"
    if not classic:
        yield f"  options: {', '.join(data['options']) or 'none'}"
        if data["board"] is not None:
            yield f"  board: {data['board']}"
        return
    for name, option in data["options"].items():
        players = ", ".join(map(str, option["players"]))
        yield f"  option {name} ({players} players): {option['description']}"
    if data["extension_goal"] is not None:
        extended = data["extension_goal"]
        yield f"  extension: a team at the goal may call it; the goal becomes {extended} km"
    yield f"  hand {data['hand_size']} cards; the match ends at {data['match_target']} points"
