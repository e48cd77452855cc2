"""What a simulation shows: the summary (win rates, round length, endings, coups-fourrés,
extensions), as a table for people, as JSON, as CSV (one row per round) and as plots.

A seat "wins" a round when its team does (END-WINNER), so in a partnership both
partners win; a bot's win rate is over the seats it held.

A simulation of Fun & Speed or As du Volant counts whole games instead: wins by seat and
by bot (every seat of a tie wins), game length, how games end, and what matters in that
game (:data:`~millebornes.apps.simulate.GAME_EVENTS`): the specials played and their
effect, Hold Ups and Demi-tours in Fun & Speed; turns without a move, bonus squares,
shortcuts and points in As du Volant.
"""

from __future__ import annotations

import csv
import statistics
from collections import Counter
from collections.abc import Iterator, Sequence
from pathlib import Path
from typing import Any

from millebornes.apps.simulate import (
    ENDINGS,
    GAME_ENDINGS,
    GAME_EVENTS,
    Chunk,
    Config,
    GameRecord,
    RoundRecord,
)
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
    if config.unit == "games":
        return game_summary(config, result)
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


EVENT_WORDS = {
    "lay_borne": "Bornes laid",
    "accelerators": "Accélérateurs laid with them",
    "attack": "attacks",
    "remedy": "remedies",
    "safety": "safeties laid",
    "coup_fourre": "coups-fourrés",
    "helicopter": "Hélicoptères",
    "helicopter_km": "km gained by Hélicoptère",
    "police": "Polices",
    "trash": "Poubelles",
    "trash_km": "km thrown away by Poubelle",
    "mirror": "Rétroviseurs",
    "u_turn": "Demi-tours",
    "u_turn_on_winning_borne": "Demi-tours on a winning Borne",
    "killer": "Bornes Killer !",
    "hold_up": "Hold Ups",
    "hold_up_km": "km taken by Hold Up",
    "false_hold_up": "wrong Hold Ups",
    "move": "moves",
    "accelerated_move": "moves with an Accélération",
    "shortcut": "shortcuts taken",
    "bonus": "bonus squares used",
    "bonus_km": "km gained on bonus squares",
    "turns_without_move": "turns without a move",
    "turbo": "Turbos",
    "reshuffles": "reshuffles",
}
"""How the table names each count of :data:`~millebornes.apps.simulate.GAME_EVENTS`."""


def _won_game(record: GameRecord, seat: int) -> bool:
    return seat in record.winners


def game_summary(config: Config, result: Chunk) -> dict[str, Any]:
    """The figures of a simulation of whole games (Fun & Speed, As du Volant)."""
    games = result.games
    n = len(games)
    players = config.game.players
    bot_wins: Counter[str] = Counter()
    bot_seats: Counter[str] = Counter()
    bot_points: Counter[str] = Counter()
    for record in games:
        for seat, bot in enumerate(record.bots):
            bot_seats[bot] += 1
            bot_wins[bot] += _won_game(record, seat)
            bot_points[bot] += record.points[seat]
    family = config.family
    endings = Counter(r.end for r in games)
    names = GAME_ENDINGS[family] + (("cut short",) if endings["cut short"] else ())
    turns = sum(r.turns for r in games)
    data: dict[str, Any] = {
        "edition": config.game.edition,
        "family": family,
        "players": players,
        "options": list(config.game.options),
        "bots": list(config.bots),
        "seats_rotate": not config.fixed_seats,
        "unit": config.unit,
        "games": config.count,
        "seed": config.seed,
        "win_rate_by_seat": [
            _rate(sum(_won_game(r, seat) for r in games), n) for seat in range(players)
        ],
        "win_rate_by_bot": {bot: _rate(bot_wins[bot], bot_seats[bot]) for bot in sorted(bot_seats)},
        "shared_win_rate": _rate(sum(len(r.winners) > 1 for r in games), n),
        "game_actions": _spread([r.actions for r in games]),
        "game_turns": _spread([r.turns for r in games]),
        "endings": {end: _rate(endings[end], n) for end in names},
        "per_game": {
            name: round(sum(r.events[name] for r in games) / n, 4) if n else 0
            for name in GAME_EVENTS[family]
        },
        "games_with": {
            name: _rate(sum(r.events[name] > 0 for r in games), n)
            for name in GAME_EVENTS[family]
            if not name.endswith("_km")
        },
    }
    if family == "as-du-volant":
        data["turns_without_move_rate"] = _rate(
            sum(r.events["turns_without_move"] for r in games), turns
        )
        data["points_by_bot"] = {
            bot: round(bot_points[bot] / bot_seats[bot], 2) for bot in sorted(bot_seats)
        }
    return data


def _percent(value: float) -> str:
    return f"{100 * value:5.1f} %"


def render(data: dict[str, Any]) -> Iterator[str]:
    """The summary as a table for people."""
    if data["unit"] == "games":
        yield from render_games(data)
        return
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


def render_games(data: dict[str, Any]) -> Iterator[str]:
    """The summary of whole games as a table for people."""
    options = f" ({', '.join(data['options'])})" if data["options"] else ""
    seating = "moving one seat each game" if data["seats_rotate"] else "at fixed seats"
    yield (
        f"{data['edition']}{options}, {data['players']} players: {data['games']} games,"
        f" seed {data['seed']}, bots {', '.join(data['bots'])} ({seating})"
    )
    yield ""
    yield "wins by bot"
    for bot, rate in data["win_rate_by_bot"].items():
        yield f"  {bot:<12}{_percent(rate)}"
    yield "wins by seat"
    for seat, rate in enumerate(data["win_rate_by_seat"]):
        yield f"  seat {seat:<7}{_percent(rate)}"
    yield f"  shared      {_percent(data['shared_win_rate'])}"
    yield "game length"
    yield "  actions     " + _spread_text(data["game_actions"])
    yield "  turns       " + _spread_text(data["game_turns"])
    yield "how games end"
    for end, rate in data["endings"].items():
        yield f"  {end:<20}{_percent(rate)}"
    yield "per game (in games)"
    for name, mean in data["per_game"].items():
        share = data["games_with"].get(name)
        within = f"  ({_percent(share).strip()})" if share is not None else ""
        yield f"  {EVENT_WORDS[name]:<30}{mean:8.2f}{within}"
    if "turns_without_move_rate" in data:
        yield f"  turns without a move: {_percent(data['turns_without_move_rate']).strip()}"
    if any(data.get("points_by_bot", {}).values()):
        yield "points per game by bot"
        for bot, points in data["points_by_bot"].items():
            yield f"  {bot:<12}{points:8.1f}"


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


GAME_COLUMNS = ("game", "bots", "winners", "end", "actions", "turns", "km", "points")
"""One row per whole game, then one column per count of the family's
:data:`~millebornes.apps.simulate.GAME_EVENTS`; lists are written with spaces."""


def write_csv(path: Path, result: Chunk, config: Config | None = None) -> None:
    if config is not None and config.unit == "games":
        _write_games_csv(path, result, config)
        return
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


def _write_games_csv(path: Path, result: Chunk, config: Config) -> None:
    events = GAME_EVENTS[config.family]
    with path.open("w", encoding="utf-8", newline="") as handle:
        writer = csv.writer(handle)
        writer.writerow((*GAME_COLUMNS, *events))
        for g in result.games:
            writer.writerow(
                [
                    g.game,
                    " ".join(g.bots),
                    " ".join(map(str, g.winners)),
                    g.end,
                    g.actions,
                    g.turns,
                    " ".join(map(str, g.km)),
                    " ".join(map(str, g.points)),
                    *(g.events[name] for name in events),
                ]
            )


def write_plots(directory: Path, config: Config, result: Chunk) -> list[Path]:
    """round_length.{png,svg} (turns per round) and distance.{png,svg} (each bot's mean
    distance after each turn); for whole games, game_length.{png,svg} and distance.{png,svg}
    (each bot's mean km after each turn). Matplotlib with the Agg backend, no display."""
    import matplotlib  # noqa: PLC0415 - only this command needs it

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt  # noqa: PLC0415

    directory.mkdir(parents=True, exist_ok=True)
    whole = config.unit == "games"
    played = f"{len(result.games)} games" if whole else f"{len(result.rounds)} rounds"
    title = f"{config.game.edition}, {config.game.players} players, {played}"
    written: list[Path] = []

    figure, axes = plt.subplots(figsize=(7, 4))
    turns = [r.turns for r in (result.games if whole else result.rounds)]
    axes.hist(turns, bins=min(40, max(1, len(set(turns)))), color="#4477aa")
    axes.set_xlabel(
        "turns in the game" if whole else "turns in the round (cards played or discarded)"
    )
    axes.set_ylabel("games" if whole else "rounds")
    axes.set_title(f"{'Game' if whole else 'Round'} length: {title}")
    written += _save(figure, directory / ("game_length" if whole else "round_length"))
    plt.close(figure)

    figure, axes = plt.subplots(figsize=(7, 4))
    longest = max(turns, default=0)
    for bot, sums in sorted(result.distance.items()):
        samples = result.seats[bot]
        mean = [total / samples for total in sums[: longest + 1]]
        axes.plot(range(1, len(mean) + 1), mean, label=bot)
    axes.set_xlabel("turn of the game" if whole else "turn of the round")
    axes.set_ylabel(
        "mean distance of the bot's seat (km)" if whole else "mean distance of the bot's team (km)"
    )
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
