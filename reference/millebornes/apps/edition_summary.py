"""What ``millebornes editions`` shows: each edition's seats, teams, options and goals.

Everything is read from the edition data (SEAT-COUNTS, SEAT-TEAMS, GOAL-DISTANCE,
GOAL-BY-SEATS, EXT-GOAL, MATCH-TARGET); the goal at a seat count is the one the
engine uses (:meth:`Edition.goal_for`), with and without each option.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from millebornes.families.classic.edition import Edition, edition_ids, load_edition


def summary(rules: Edition) -> dict[str, Any]:
    """One edition as plain data (the ``--json`` form)."""
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
        "extension_goal": rules.extension_goal,
        "hand_size": rules.hand_size,
        "match_target": rules.match_target,
    }


def summaries() -> list[dict[str, Any]]:
    return [summary(load_edition(edition)) for edition in edition_ids()]


def render(data: dict[str, Any]) -> Iterator[str]:
    """One edition for people: a line per seat count, then its options."""
    yield f"{data['id']}: {data['title']}"
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
    for name, option in data["options"].items():
        players = ", ".join(map(str, option["players"]))
        yield f"  option {name} ({players} players): {option['description']}"
    if data["extension_goal"] is not None:
        extended = data["extension_goal"]
        yield f"  extension: a team at the goal may call it; the goal becomes {extended} km"
    yield f"  hand {data['hand_size']} cards; the match ends at {data['match_target']} points"
