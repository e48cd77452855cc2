"""One state machine for the two race families, through the neutral API.

:func:`machine_for` builds a hypothesis ``RuleBasedStateMachine`` for one family
(Fun & Speed or As du Volant): it starts a game at a seat count and option set drawn
from every one the family's editions allow (:func:`configurations`, read from the
registry's ``editions()``), takes a legal action drawn from ``legal_actions``, makes the
chance actions when ``is_chance`` says so, and after every step checks the nets of
:func:`step_problems`: the family's state invariants (its catalogue's
``broken_invariants``), its step invariants (:mod:`.family_steps`), the JSON round trip
and the purity of ``apply``. :func:`play_games` is the same check over plain seeded
random games, many at once, with the figures it measured.

Nothing here names a card or a rule: a family is its name, its catalogue and its step
invariants.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass, field
from itertools import combinations
from typing import Any

from hypothesis import HealthCheck, note, settings
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, initialize, rule

from millebornes import api
from millebornes.core.errors import MalformedInput
from millebornes_invariants import asduvolant_catalogue, funspeed_catalogue
from millebornes_invariants.family_steps import broken_step_invariants

Configuration = tuple[str, int, tuple[str, ...]]
"""(edition id, number of players, options in force)."""

CATALOGUES: dict[str, Callable[[Any], list[str]]] = {
    "fun-speed": funspeed_catalogue.broken_invariants,
    "as-du-volant": asduvolant_catalogue.broken_invariants,
}
"""Each race family's state invariants, by family name."""

FAMILIES = tuple(CATALOGUES)

MAX_STEPS = 20_000
"""No game may last longer: a game that does not end is a failure (FS-END-GOAL,
RUL-FS-EMPTY-PILE, AV-END-FINISH, AV-END-STUCK all promise an end)."""


def configurations(family: str) -> tuple[Configuration, ...]:
    """Every edition of ``family`` at every seat count with every set of options that
    ``new_game`` accepts there (an option not played at a seat count is refused)."""
    found: list[Configuration] = []
    for info in api.editions():
        if info.family != family:
            continue
        for players in info.seat_counts:
            for size in range(len(info.options) + 1):
                for options in combinations(info.options, size):
                    try:
                        api.new_game(info.id, players, options, seed=0)
                    except MalformedInput:
                        continue
                    found.append((info.id, players, options))
    return tuple(found)


def label(configuration: Configuration) -> str:
    edition, players, options = configuration
    return f"{edition}-{players}p" + "".join(f"-{name}" for name in options)


# --- the nets --------------------------------------------------------------------------------


def state_problems(state: Any) -> list[str]:
    """The family's state invariants on ``state``."""
    return CATALOGUES[api.family_of(state).name](state)


def step_problems(before: Any, before_json: str, action: Any, after: Any) -> list[str]:
    """Every net on one step: state and step invariants, round trip, purity."""
    problems = state_problems(after) + broken_step_invariants(before, action, after)
    try:
        if api.from_json(api.to_json(after)) != after:
            problems.append("round trip: from_json(to_json(s)) != s")
    except MalformedInput as error:  # the loader refuses what the engine made
        problems.append(f"round trip: from_json refuses the state after: {error}")
    if api.to_json(before) != before_json:
        problems.append("purity: apply changed its input state")
    return problems


def take(state: Any, choose: Callable[[tuple[Any, ...]], Any], seed: int) -> tuple[Any, Any]:
    """The next action (a chance action from ``seed`` at a chance node, else ``choose`` among
    the legal actions) and the state after it."""
    if api.is_chance(state):
        action = api.chance_action(state, seed)
    else:
        legal = api.legal_actions(state)
        if not legal:
            raise AssertionError(f"liveness: no legal action for actor {api.actor(state)}")
        action = choose(legal)
    return action, api.apply(state, action)


# --- seeded random games ---------------------------------------------------------------------


@dataclass
class GamesReport:
    """What :func:`play_games` measured."""

    family: str
    games: int = 0
    steps: int = 0
    longest: int = 0
    by_configuration: dict[str, int] = field(default_factory=dict)
    problems: list[str] = field(default_factory=list)


def play_games(family: str, games: int, seed: int = 0) -> GamesReport:
    """Play ``games`` seeded random games of ``family``, round robin over its configurations,
    checking every net after every step; stop at the first problem (reported with its game
    and step)."""
    report = GamesReport(family)
    chosen = configurations(family)
    rng = random.Random(seed)
    for game in range(games):
        configuration = chosen[game % len(chosen)]
        edition, players, options = configuration
        state = api.new_game(edition, players, options, seed=rng.randrange(2**64))
        report.problems = [f"start: {p}" for p in state_problems(state)]
        steps = 0
        while api.actor(state) is not None and not report.problems:
            if steps == MAX_STEPS:
                report.problems = [f"no end after {MAX_STEPS} steps"]
                break
            before_json = api.to_json(state)
            action, after = take(state, rng.choice, rng.randrange(2**64))
            report.problems = step_problems(state, before_json, action, after)
            state, steps = after, steps + 1
        report.games += 1
        report.steps += steps
        report.longest = max(report.longest, steps)
        key = label(configuration)
        report.by_configuration[key] = report.by_configuration.get(key, 0) + 1
        if report.problems:
            where = f"game {game} ({key}), step {steps}"
            report.problems = [f"{where}: {p}" for p in report.problems]
            break
    return report


# --- the hypothesis machine ------------------------------------------------------------------


class FamilyMachineFailure(AssertionError):
    """A net caught something; the message lists the problems."""


def machine_settings(examples: int, steps: int) -> settings:
    return settings(
        max_examples=examples,
        stateful_step_count=steps,
        deadline=None,
        suppress_health_check=list(HealthCheck),
    )


def machine_for(family: str) -> type[RuleBasedStateMachine]:
    """The state machine of one race family, over every configuration of its editions."""
    chosen = configurations(family)

    class RaceFamilyMachine(RuleBasedStateMachine):
        state: Any = None
        configuration: Configuration = chosen[0]

        @initialize(data=st.data())
        def start(self, data: st.DataObject) -> None:
            self._new_game(data)

        def _new_game(self, data: st.DataObject) -> None:
            self.configuration = data.draw(st.sampled_from(chosen), label="configuration")
            seed = data.draw(st.integers(0, 2**64 - 1), label="deal seed")
            edition, players, options = self.configuration
            self.state = api.new_game(edition, players, options, seed=seed)
            note(f"a new game: {label(self.configuration)}, seed {seed}")
            self._fail(state_problems(self.state))

        def _fail(self, problems: list[str]) -> None:
            if problems:
                raise FamilyMachineFailure(f"{label(self.configuration)}: " + "\n".join(problems))

        @rule(data=st.data())
        def step(self, data: st.DataObject) -> None:
            state = self.state
            if api.actor(state) is None:
                self._new_game(data)  # the step invariants already checked the end
                return
            before_json = api.to_json(state)

            def choose(legal: tuple[Any, ...]) -> Any:
                return legal[data.draw(st.integers(0, len(legal) - 1), label="action")]

            seed = data.draw(st.integers(0, 2**64 - 1), label="chance seed")
            action, after = take(state, choose, seed)
            note(api.describe_action(state, action))
            self._fail(step_problems(state, before_json, action, after))
            self.state = after

    RaceFamilyMachine.__name__ = RaceFamilyMachine.__qualname__ = f"Machine_{family}".replace(
        "-", "_"
    )
    return RaceFamilyMachine
