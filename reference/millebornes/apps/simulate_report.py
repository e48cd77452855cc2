"""What a simulation shows: the summary (win rates, round length, endings, coups-fourrés,
extensions), as a table for people, as JSON, as CSV (one row per round) and as plots.

A seat "wins" a round when its team does (END-WINNER), so in a partnership both
partners win; a bot's win rate is over the seats it held.
"""

from __future__ import annotations

import csv
import statistics
from collections import Counter
from collections.abc import Iterator, Sequence
from pathlib import Path
from typing import Any

from millebornes.apps.simulate import ENDINGS, Chunk, Config, RoundRecord
from millebornes.families.classic.edition import load_edition


def _rate(part: int, whole: int) -> float:
    return round(part / whole, 4) if whole else 0.0


def _spread(values: Sequence[int]) -> dict[str, float]:
    if not values:
        return {"mean": 0.0, "median": 0.0, "min": 0, "max": 0}
    return {
        "mean": round(statistics.fmean(values), 2),
        "median": float(statistics.median(values)),
        "min": min(values),
        "max": max(values),
    }


def _won(record: RoundRecord, seat: int) -> bool:
    return record.winner is not None and record.winner == record.teams[seat]


def summary(config: Config, result: Chunk) -> dict[str, Any]:
    """The figures of a simulation as plain data (the ``--json`` form)."""
    rounds = result.rounds
    n = len(rounds)
    players = config.game.players
    by_seat = [sum(_won(r, seat) for r in rounds) for seat in range(players)]
    bot_wins: Counter[str] = Counter()
    bot_seats: Counter[str] = Counter()
    for record in rounds:
        for seat, bot in enumerate(record.bots):
            bot_seats[bot] += 1
            bot_wins[bot] += _won(record, seat)
    endings = Counter(r.end for r in rounds)
    extended = [r for r in rounds if r.extension is not None]
    data: dict[str, Any] = {
        "edition": config.game.edition,
        "players": players,
        "options": list(config.game.options),
        "bots": list(config.bots),
        "seats_rotate": not config.fixed_seats,
        "unit": config.unit,
        "games": config.count,
        "seed": config.seed,
        "rounds": n,
        "win_rate_by_seat": [_rate(w, n) for w in by_seat],
        "win_rate_by_bot": {bot: _rate(bot_wins[bot], bot_seats[bot]) for bot in sorted(bot_seats)},
        "no_winner_rate": _rate(sum(r.winner is None for r in rounds), n),
        "round_actions": _spread([r.actions for r in rounds]),
        "round_turns": _spread([r.turns for r in rounds]),
        "endings": {end: _rate(endings[end], n) for end in ENDINGS},
        "coups_fourres_per_round": round(sum(r.coups_fourres for r in rounds) / n, 4) if n else 0,
        "rounds_with_coup_fourre": _rate(sum(r.coups_fourres > 0 for r in rounds), n),
        "extension_in_edition": load_edition(config.game.edition).extension_goal is not None,
        "extension_rate": _rate(len(extended), n),
        "extension_success_rate": _rate(
            sum(r.winner == r.extension for r in extended), len(extended)
        ),
    }
    if config.unit == "matches":
        data["matches"] = _match_summary(result)
    return data


def _match_summary(result: Chunk) -> dict[str, Any]:
    wins: Counter[str] = Counter()
    seats: Counter[str] = Counter()
    for match in result.matches:
        for seat, bot in enumerate(match.bots):
            seats[bot] += 1
            wins[bot] += (seat % len(match.points)) in match.winners
    return {
        "count": len(result.matches),
        "win_rate_by_bot": {bot: _rate(wins[bot], seats[bot]) for bot in sorted(seats)},
        "rounds_per_match": _spread([m.rounds for m in result.matches]),
    }


def _percent(value: float) -> str:
    return f"{100 * value:5.1f} %"


def render(data: dict[str, Any]) -> Iterator[str]:
    """The summary as a table for people."""
    options = f" ({', '.join(data['options'])})" if data["options"] else ""
    played = f"{data['games']} {data['unit']}"
    if data["unit"] == "matches":
        played += f" ({data['rounds']} rounds)"
    seating = "moving one seat each game" if data["seats_rotate"] else "at fixed seats"
    yield (
        f"{data['edition']}{options}, {data['players']} players: {played}, seed {data['seed']},"
        f" bots {', '.join(data['bots'])} ({seating})"
    )
    yield ""
    yield "round wins by bot"
    for bot, rate in data["win_rate_by_bot"].items():
        yield f"  {bot:<12}{_percent(rate)}"
    yield "round wins by seat"
    for seat, rate in enumerate(data["win_rate_by_seat"]):
        yield f"  seat {seat:<7}{_percent(rate)}"
    yield f"  no winner   {_percent(data['no_winner_rate'])}"
    if "matches" in data:
        matches = data["matches"]
        yield f"match wins by bot ({matches['count']} matches)"
        for bot, rate in matches["win_rate_by_bot"].items():
            yield f"  {bot:<12}{_percent(rate)}"
        yield "  rounds per match: " + _spread_text(matches["rounds_per_match"])
    yield "round length"
    yield "  actions     " + _spread_text(data["round_actions"])
    yield "  turns       " + _spread_text(data["round_turns"])
    yield "how rounds end"
    for end, rate in data["endings"].items():
        yield f"  {end:<20}{_percent(rate)}"
    yield "coups-fourrés"
    yield f"  per round   {data['coups_fourres_per_round']:.3f}"
    yield f"  in rounds   {_percent(data['rounds_with_coup_fourre'])}"
    if data["extension_in_edition"]:
        yield "extension"
        yield f"  called in   {_percent(data['extension_rate'])} of rounds"
        yield f"  won by its caller {_percent(data['extension_success_rate'])} of those"


def _spread_text(spread: dict[str, float]) -> str:
    return (
        f"mean {spread['mean']:.1f}, median {spread['median']:.0f},"
        f" min {spread['min']}, max {spread['max']}"
    )


CSV_COLUMNS = (
    "game",
    "round",
    "bots",
    "winner",
    "end",
    "actions",
    "turns",
    "coups_fourres",
    "extension",
    "km",
    "points",
)
"""One row per round; a list (the bot at each seat, each team's km or points) is
written with spaces between its items; an empty winner or extension means none."""


def write_csv(path: Path, result: Chunk) -> None:
    with path.open("w", encoding="utf-8", newline="") as handle:
        writer = csv.writer(handle)
        writer.writerow(CSV_COLUMNS)
        for r in result.rounds:
            writer.writerow(
                [
                    r.game,
                    r.round,
                    " ".join(r.bots),
                    "" if r.winner is None else r.winner,
                    r.end,
                    r.actions,
                    r.turns,
                    r.coups_fourres,
                    "" if r.extension is None else r.extension,
                    " ".join(map(str, r.km)),
                    " ".join(map(str, r.points)),
                ]
            )


def write_plots(directory: Path, config: Config, result: Chunk) -> list[Path]:
    """round_length.{png,svg} (turns per round) and distance.{png,svg} (each bot's mean
    distance after each turn); matplotlib with the Agg backend, no display needed."""
    import matplotlib  # noqa: PLC0415 - only this command needs it

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt  # noqa: PLC0415

    directory.mkdir(parents=True, exist_ok=True)
    title = f"{config.game.edition}, {config.game.players} players, {len(result.rounds)} rounds"
    written: list[Path] = []

    figure, axes = plt.subplots(figsize=(7, 4))
    turns = [r.turns for r in result.rounds]
    axes.hist(turns, bins=min(40, max(1, len(set(turns)))), color="#4477aa")
    axes.set_xlabel("turns in the round (cards played or discarded)")
    axes.set_ylabel("rounds")
    axes.set_title(f"Round length: {title}")
    written += _save(figure, directory / "round_length")
    plt.close(figure)

    figure, axes = plt.subplots(figsize=(7, 4))
    longest = max(turns, default=0)
    for bot, sums in sorted(result.distance.items()):
        samples = result.seats[bot]
        mean = [total / samples for total in sums[: longest + 1]]
        axes.plot(range(1, len(mean) + 1), mean, label=bot)
    axes.set_xlabel("turn of the round")
    axes.set_ylabel("mean distance of the bot's team (km)")
    axes.set_title(f"Distance over turns: {title}")
    axes.legend()
    written += _save(figure, directory / "distance")
    plt.close(figure)
    return written


def _save(figure: Any, stem: Path) -> list[Path]:
    figure.tight_layout()
    paths = [stem.with_suffix(".png"), stem.with_suffix(".svg")]
    for path in paths:
        figure.savefig(path, metadata={"Date": None} if path.suffix == ".svg" else None)
    return paths
