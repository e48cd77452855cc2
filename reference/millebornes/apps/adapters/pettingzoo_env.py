"""Mille Bornes as a PettingZoo AEC environment with action masks (needs the ``rl`` extra).

``env(edition="classic", players=2, options=(), rounds=1)`` makes one (for
``fun-speed`` and ``as-du-volant``, :class:`~.pettingzoo_races.RaceEnv`); agents are
``player_0`` … ``player_{n-1}`` (seat numbers). Every move goes through
:func:`millebornes.apply`. The deal is not an agent's move: the environment deals
each round from its generator (``reset(seed=…)`` makes a run reproducible) with
:func:`millebornes.deal_from_seed`. The episode ends after ``rounds`` rounds or when
the match is over (MATCH-TARGET).

Each observation is a dict: ``observation``, the float32 vector of
:func:`millebornes.apps.adapters.encoding.observation` (the agent's own view: its hand,
every tableau, the discard pile, the pile sizes, phase and turn), and
``action_mask``, int8 over the fixed action table of
:class:`~millebornes.apps.adapters.encoding.ActionTable` (all zeros for an agent that is
not to act). Rewards come when a round ends: the change in the zero-sum utility of
:func:`~millebornes.apps.adapters.encoding.utilities`, so an agent's cumulative reward at
the end is its team's lead over the mean of the match totals.

``env.engine`` is the engine's state (``state`` is the name of PettingZoo's
global-state method, which this environment does not offer). ``reset``'s
``options`` argument is accepted and ignored (the game's options are fixed when the
environment is made). ``render_mode="ansi"`` returns the whole table as text
(hidden cards included, for debugging), ``"human"`` prints it.
"""

from __future__ import annotations

from typing import Any, ClassVar

import numpy as np
import numpy.typing as npt
from gymnasium import spaces
from gymnasium.utils import seeding
from pettingzoo import AECEnv

from millebornes import api
from millebornes.apps.adapters.encoding import (
    ActionTable,
    observation,
    observation_high,
    observation_size,
    observation_string,
    utilities,
)
from millebornes.apps.adapters.pettingzoo_races import RaceEnv
from millebornes.apps.adapters.race_encoding import is_race_edition
from millebornes.core.errors import MalformedInput
from millebornes.core.shuffle import MASK64
from millebornes.families.classic.deal import deal_from_seed
from millebornes.families.classic.engine import apply, new_match
from millebornes.families.classic.state import Phase, State

Observation = dict[str, npt.NDArray[Any]]


class MilleBornesEnv(AECEnv):
    """One Mille Bornes game (``rounds`` rounds of one edition) for ``players`` agents."""

    metadata: ClassVar[dict[str, Any]] = {
        "name": "mille_bornes_v0",
        "render_modes": ["ansi", "human"],
    }

    def __init__(
        self,
        edition: str = "classic",
        players: int = 2,
        options: tuple[str, ...] = (),
        rounds: int = 1,
        render_mode: str | None = None,
    ) -> None:
        super().__init__()
        if not isinstance(rounds, int) or rounds < 1:
            raise MalformedInput(f"rounds: a whole number of rounds, at least 1, not {rounds!r}")
        if render_mode not in (None, *self.metadata["render_modes"]):
            raise MalformedInput(f"render_mode: one of {self.metadata['render_modes']}")
        self.initial: State = new_match(edition, players, tuple(options))
        self.rounds = rounds
        self.render_mode = render_mode
        self.table = ActionTable(self.initial.teams)
        self.possible_agents = [f"player_{seat}" for seat in range(players)]
        size = observation_size(players, self.initial.teams)
        high = observation_high(edition, players, self.initial.options, rounds)
        self.observation_spaces = {
            agent: spaces.Dict(
                {
                    "observation": spaces.Box(0.0, high, (size,), np.float32),
                    "action_mask": spaces.Box(0, 1, (self.table.size,), np.int8),
                }
            )
            for agent in self.possible_agents
        }
        self.action_spaces = {
            agent: spaces.Discrete(self.table.size) for agent in self.possible_agents
        }
        self.np_random, _ = seeding.np_random(None)
        self.engine: State = self._deal(self.initial)

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space[Any]:
        return self.action_spaces[agent]

    def _deal(self, state: State) -> State:
        seed = int(self.np_random.integers(0, MASK64, dtype=np.uint64))
        return apply(state, deal_from_seed(state, seed))

    def _finished(self) -> bool:
        phase = self.engine.phase
        return phase is Phase.MATCH_OVER or (
            phase is Phase.ROUND_OVER and self.engine.round_number >= self.rounds
        )

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        if seed is not None:
            self.np_random, _ = seeding.np_random(seed)
        self.engine = self._deal(self.initial)
        self.agents = list(self.possible_agents)
        self.rewards = {agent: 0.0 for agent in self.agents}
        self._cumulative_rewards = {agent: 0.0 for agent in self.agents}
        self.terminations = {agent: False for agent in self.agents}
        self.truncations = {agent: False for agent in self.agents}
        self.infos: dict[str, dict[str, Any]] = {agent: {} for agent in self.agents}
        self.agent_selection = self._agent_to_act()

    def _agent_to_act(self) -> str:
        actor = self.engine.actor
        assert actor is not None
        return self.possible_agents[actor]

    def observe(self, agent: str) -> Observation:
        seat = self.possible_agents.index(agent)
        mask = np.zeros(self.table.size, np.int8)
        if not self._finished() and seat == self.engine.actor:
            mask[self.table.legal(self.engine)] = 1
        return {
            "observation": np.asarray(observation(self.engine, seat), dtype=np.float32),
            "action_mask": mask,
        }

    def step(self, action: int | None) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        if action is None:
            raise MalformedInput(f"{agent} must act: None is only for agents that are done")
        seat = self.possible_agents.index(agent)
        before = utilities(self.engine)
        self.engine = apply(self.engine, self.table.action(int(action), seat))
        after = utilities(self.engine)
        self._cumulative_rewards[agent] = 0.0
        self.rewards = {
            name: after[seat_of] - before[seat_of]
            for seat_of, name in enumerate(self.possible_agents)
        }
        if self._finished():
            self.terminations = {name: True for name in self.agents}
        else:
            if self.engine.phase is Phase.ROUND_OVER:
                self.engine = self._deal(self.engine)
            self.agent_selection = self._agent_to_act()
        self._accumulate_rewards()
        if self.render_mode == "human":
            self.render()

    def render(self) -> str | None:
        text = observation_string(self.engine, None)
        if self.render_mode == "human":
            print(text)
            return None
        return text

    def close(self) -> None:
        """Nothing to release."""


def env(**kwargs: Any) -> MilleBornesEnv | RaceEnv:
    """A :class:`MilleBornesEnv` (PettingZoo's usual constructor name), or for
    ``edition="fun-speed"`` or ``"as-du-volant"`` a
    :class:`~.pettingzoo_races.RaceEnv`. An unknown edition is refused naming all six."""
    known = [info.id for info in api.editions()]
    if kwargs.get("edition", "classic") not in known:
        raise MalformedInput(f"edition: unknown edition {kwargs.get('edition')!r}; known: {known}")
    if is_race_edition(kwargs.get("edition")):
        return RaceEnv(**kwargs)
    return MilleBornesEnv(**kwargs)
