"""The seeded demo: players that lay a card when they can, shown step by step.

:func:`play_demo` plays the match and records it; :func:`render_text` prints it for
people (each action, the tableaus it leaves, the score sheet of each round) and
:func:`as_json` for programs (every action in the protocol's JSON form, so the game
can be replayed, and each round's score sheet item by item).

Fun & Speed and As du Volant have no rounds: :func:`play_game_demo` plays one whole game
between greedy bots through the API (``millebornes.new_game``, ``apply``), and
:func:`render_game_text` and :func:`game_as_json` show it the same two ways, with each
seat's distance after every play and the result (the winners, and As du Volant's points).
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import asdict, dataclass, field
from typing import Any

from millebornes import api
from millebornes.apps.arguments import Game
from millebornes.apps.roster import make_bot
from millebornes.apps.simulate import derive
from millebornes.core.shuffle import SplitMix64, round_seed
from millebornes.families.classic.actions import Action, Deal, Discard, Draw, Play
from millebornes.families.classic.cards import CATEGORY, Category
from millebornes.families.classic.deal import deal_from_seed
from millebornes.families.classic.engine import apply, is_chance, legal_actions, new_match
from millebornes.families.classic.scoring import RoundScore, match_winners, score_round
from millebornes.families.classic.serialize import action_to_dict
from millebornes.families.classic.state import Phase, State
from millebornes.families.classic.transcript import (
    describe,
    match_result,
    score_sheet,
    tableau_line,
)

POLICY_SALT = 0x5EED_0F_B0_27E5
"""Mixed into the seed for the demo players' choices, so they differ from the shuffle."""


@dataclass(frozen=True, slots=True)
class Step:
    before: State
    action: Action
    after: State


@dataclass(slots=True)
class Round:
    steps: list[Step] = field(default_factory=list)
    sheet: RoundScore | None = None
    """The score sheet once the round is over; None if the demo stopped before."""
    end: State | None = None


@dataclass(slots=True)
class Demo:
    game: Game
    seed: int
    start: State
    rounds: list[Round] = field(default_factory=list)
    final: State | None = None


def play_demo(game: Game, seed: int, rounds: int | None) -> Demo:
    """Play ``rounds`` rounds (None: the whole match) with seeded choices.

    Round r is shuffled with ``round_seed(seed, r)`` (SHUFFLE-MATCH-SEEDS); the players
    lay a card when they can and discard only otherwise, picking with SplitMix64."""
    state = new_match(game.edition, game.players, game.options)
    demo = Demo(game, seed, state)
    chooser = SplitMix64(seed ^ POLICY_SALT)
    action: Action
    while state.phase is not Phase.MATCH_OVER:
        if is_chance(state):
            if rounds is not None and state.round_number >= rounds:
                break
            action = deal_from_seed(state, round_seed(seed, state.round_number + 1))
            demo.rounds.append(Round())
        else:
            choices = legal_actions(state)
            plays: list[Action] = [a for a in choices if not isinstance(a, Discard)]
            plays = plays or list(choices)
            action = plays[chooser.below(len(plays))]
        after = apply(state, action)
        current = demo.rounds[-1]
        current.steps.append(Step(state, action, after))
        if after.phase in (Phase.ROUND_OVER, Phase.MATCH_OVER):
            current.sheet, current.end = score_round(after), after
        state = after
    demo.final = state
    return demo


def _step_line(step: Step) -> str:
    before, action, after = step.before, step.action, step.after
    line = describe(before, action)
    if after.phase is Phase.COUP_FOURRE:
        line += f"; seat {after.actor} may call coup-fourré"
    elif (
        isinstance(action, Play)
        and CATEGORY[action.card] is Category.SAFETY
        and after.actor == action.seat
    ):
        line += "; plays again"  # SAFE-EXTRA-TURN
    return line


def render_text(demo: Demo) -> Iterator[str]:
    """The demo for people, line by line."""
    start = demo.start
    options = f" ({', '.join(start.options)})" if start.options else ""
    yield (
        f"{start.rules.title}: {start.players} players, {start.teams} teams,"
        f" goal {start.goal} km{options}"
    )
    yield f"seed {demo.seed}"
    for current in demo.rounds:
        for step in current.steps:
            if isinstance(step.action, Deal):
                yield ""
                dealer = f"(dealer: seat {step.action.seat})"
                yield f"=== {describe(step.before, step.action)} {dealer} ==="
                continue
            yield f"  {_step_line(step)}"
            if not isinstance(step.action, Draw):
                for team in range(step.after.teams):
                    yield f"      {tableau_line(step.after, team)}"
        if current.sheet is not None and current.end is not None:
            yield ""
            yield f"--- round {current.end.round_number} over: score sheet ---"
            yield from score_sheet(current.end, current.sheet)
    final = demo.final
    if final is not None and final.phase is Phase.MATCH_OVER:
        yield ""
        yield match_result(final, match_winners(final))


def as_json(demo: Demo) -> dict[str, Any]:
    """The demo for programs: settings, every action, each round's score sheet, the result."""
    start, final = demo.start, demo.final or demo.start
    rounds = []
    for number, current in enumerate(demo.rounds, start=1):
        record: dict[str, Any] = {
            "round": number,
            "steps": [
                {"action": action_to_dict(step.action), "says": describe(step.before, step.action)}
                for step in current.steps
            ],
        }
        if current.sheet is not None and current.end is not None:
            record["winner"] = current.sheet.winner
            record["score_sheet"] = [
                asdict(line) | {"total": line.total} for line in current.sheet.teams
            ]
            record["scores_after"] = list(current.end.scores)
        rounds.append(record)
    over = final.phase is Phase.MATCH_OVER
    return {
        "edition": start.edition,
        "title": start.rules.title,
        "players": start.players,
        "teams": start.teams,
        "options": list(start.options),
        "goal": start.goal,
        "seed": demo.seed,
        "rounds": rounds,
        "match_over": over,
        "scores": list(final.scores),
        "winners": list(match_winners(final)) if over else [],
    }


@dataclass(frozen=True, slots=True)
class GameStep:
    """One action of a whole game, with the line it is described by."""

    action: Any
    says: str
    km: tuple[int, ...] | None
    """Each seat's distance after the action when it laid or discarded a card, else None."""


@dataclass(slots=True)
class GameDemo:
    """A whole game of Fun & Speed or As du Volant between greedy bots."""

    game: Game
    seed: int
    start: Any
    steps: list[GameStep] = field(default_factory=list)
    final: Any = None


def _kms(state: Any) -> tuple[int, ...]:
    if hasattr(state, "zones"):  # Fun & Speed: FS-KM
        return tuple(zone.km for zone in state.zones)
    return tuple(state.board.squares[car.square].km for car in state.cars)


def play_game_demo(game: Game, seed: int) -> GameDemo:
    """One whole game dealt from ``seed``, every seat a greedy bot seeded from ``seed``."""
    state = api.new_game(game.edition, game.players, game.options, seed=seed)
    bots = [make_bot("greedy", derive(seed ^ POLICY_SALT, seat)) for seat in range(game.players)]
    demo = GameDemo(game, seed, state)
    while (seat := api.actor(state)) is not None:
        action = bots[seat].choose(state)
        says = api.describe_action(state, action)
        after = api.apply(state, action)
        kind = api.action_to_dict(action)["type"]
        shown = None if kind in _QUIET else _kms(after)
        demo.steps.append(GameStep(action, says, shown))
        state = after
    demo.final = state
    return demo


_QUIET = frozenset({"draw_pile", "draw_discard", "pass", "end_turn"})
"""Actions after which the distances are not shown again (nothing was laid)."""


def _km_line(km: tuple[int, ...]) -> str:
    return ", ".join(f"seat {seat} {value} km" for seat, value in enumerate(km))


def render_game_text(demo: GameDemo) -> Iterator[str]:
    """The whole game for people, line by line."""
    info = next(i for i in api.editions() if i.id == demo.game.edition)
    start = demo.start
    options = f" ({', '.join(demo.game.options)})" if demo.game.options else ""
    yield f"{info.title}: {demo.game.players} players alone, goal {start.goal} km{options}"
    yield f"seed {demo.seed}; every seat is a greedy bot"
    yield ""
    for step in demo.steps:
        yield f"  {step.says}"
        if step.km is not None:
            yield f"      {_km_line(step.km)}"
    final = demo.final
    yield ""
    turns = sum(1 for step in demo.steps if step.km is not None)
    winners = api.winners(final)
    who = " and ".join(f"seat {seat}" for seat in winners) or "nobody"
    yield f"game over after {len(demo.steps)} actions, {turns} of them plays"
    yield f"  {_km_line(_kms(final))}"
    yield f"  winner: {who}"
    points = api.score(final).get("points")
    if points and any(points):
        yield "  points: " + ", ".join(f"seat {s} {p}" for s, p in enumerate(points))


def game_as_json(demo: GameDemo) -> dict[str, Any]:
    """The whole game for programs: settings, every action (replayable), the result."""
    final = demo.final
    return {
        "edition": demo.game.edition,
        "family": api.family_of(demo.start).name,
        "players": demo.game.players,
        "options": list(demo.game.options),
        "goal": demo.start.goal,
        "seed": demo.seed,
        "steps": [
            {"action": api.action_to_dict(step.action), "says": step.says} for step in demo.steps
        ],
        "km": list(_kms(final)),
        "winners": list(api.winners(final)),
        "score": api.score(final),
    }
