"""Fun & Speed and As du Volant as PettingZoo AEC environments with action masks.

``env(edition="fun-speed", players=3)`` or ``env(edition="as-du-volant", players=4,
options=("bonus",))`` (:func:`.pettingzoo_env.env` makes one for any of the six editions).
Agents are ``player_0`` … ``player_{n-1}``; every move goes through the neutral API
(:func:`millebornes.new_game` dealt from the environment's generator, so
``reset(seed=…)`` makes a run reproducible; :func:`millebornes.apply`).

Observations are dicts: ``observation``, the float32 vector of the family's codec
(:mod:`.funspeed_encoding`, :mod:`.asduvolant_encoding`), and ``action_mask``, int8 over
its fixed action table (all zeros for an agent not to act). A Fun & Speed Police is two
steps of the same agent: the target, then the card taken and the card given. Rewards
come at the end: the zero-sum utilities of the codec (win/loss, or As du Volant's points
lead with ``points_5000`` or ``bonus``). After :data:`~.race_encoding.MAX_MOVES` moves
the game is truncated, every reward 0.
"""

from __future__ import annotations

from typing import Any, ClassVar

import numpy as np
import numpy.typing as npt
from gymnasium import spaces
from gymnasium.utils import seeding
from pettingzoo import AECEnv

import millebornes as mb
from millebornes.apps.adapters import asduvolant_encoding, funspeed_encoding
from millebornes.apps.adapters.race_codecs import codec_for
from millebornes.apps.adapters.race_encoding import MAX_MOVES
from millebornes.core.errors import MalformedInput
from millebornes.core.shuffle import MASK64

Observation = dict[str, npt.NDArray[Any]]


class RaceEnv(AECEnv):
    """One Fun & Speed or As du Volant game for ``players`` agents."""

    metadata: ClassVar[dict[str, Any]] = {
        "name": "mille_bornes_race_v0",
        "render_modes": ["ansi", "human"],
    }

    def __init__(
        self,
        edition: str = "fun-speed",
        players: int = 2,
        options: tuple[str, ...] = (),
        rounds: int = 1,
        render_mode: str | None = None,
    ) -> None:
        super().__init__()
        if rounds != 1:
            raise MalformedInput(f"rounds: {edition} is played as one game, rounds=1")
        if render_mode not in (None, *self.metadata["render_modes"]):
            raise MalformedInput(f"render_mode: one of {self.metadata['render_modes']}")
        self.codec = codec_for(edition, players, tuple(options))
        self.render_mode = render_mode
        self.possible_agents = [f"player_{seat}" for seat in range(players)]
        module = funspeed_encoding if edition == "fun-speed" else asduvolant_encoding
        high = module.observation_high(players)
        size = self.codec.layout.size
        self.observation_spaces = {
            agent: spaces.Dict(
                {
                    "observation": spaces.Box(0.0, high, (size,), np.float32),
                    "action_mask": spaces.Box(0, 1, (self.codec.size,), np.int8),
                }
            )
            for agent in self.possible_agents
        }
        self.action_spaces = {
            agent: spaces.Discrete(self.codec.size) for agent in self.possible_agents
        }
        self.np_random, _ = seeding.np_random(None)
        self.partial: tuple[int, ...] = ()
        self.moves = 0
        self.engine: Any = self._deal()

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space[Any]:
        return self.action_spaces[agent]

    def _deal(self) -> Any:
        seed = int(self.np_random.integers(0, MASK64, dtype=np.uint64))
        codec = self.codec
        return mb.new_game(codec.edition, codec.players, codec.options, seed=seed)

    def _actor(self) -> int:
        seat = mb.actor(self.engine)
        assert seat is not None  # asked only while the game goes on
        return seat

    def _finished(self) -> bool:
        return mb.actor(self.engine) is None or self.moves >= MAX_MOVES[self.codec.edition]

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        if seed is not None:
            self.np_random, _ = seeding.np_random(seed)
        self.engine = self._deal()
        self.partial, self.moves = (), 0
        self.agents = list(self.possible_agents)
        self.rewards = {agent: 0.0 for agent in self.agents}
        self._cumulative_rewards = {agent: 0.0 for agent in self.agents}
        self.terminations = {agent: False for agent in self.agents}
        self.truncations = {agent: False for agent in self.agents}
        self.infos: dict[str, dict[str, Any]] = {agent: {} for agent in self.agents}
        self.agent_selection = self.possible_agents[self._actor()]

    def observe(self, agent: str) -> Observation:
        seat = self.possible_agents.index(agent)
        mask = np.zeros(self.codec.size, np.int8)
        if not self._finished() and seat == mb.actor(self.engine):
            mask[self.codec.legal(self.engine, self.partial)] = 1
        seen = self.codec.observation(self.engine, seat, self.partial, None)
        return {"observation": np.asarray(seen, dtype=np.float32), "action_mask": mask}

    def step(self, action: int | None) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        if action is None:
            raise MalformedInput(f"{agent} must act: None is only for agents that are done")
        self.partial, move = self.codec.step(self.engine, self.partial, int(action))
        self.moves += 1
        if move is not None:
            self.engine = mb.apply(self.engine, move)
        self._cumulative_rewards[agent] = 0.0
        self.rewards = {name: 0.0 for name in self.agents}
        if mb.actor(self.engine) is None:
            values = self.codec.utilities(self.engine)
            self.rewards = {name: values[s] for s, name in enumerate(self.possible_agents)}
            self.terminations = {name: True for name in self.agents}
        elif self.moves >= MAX_MOVES[self.codec.edition]:
            self.truncations = {name: True for name in self.agents}
        else:
            self.agent_selection = self.possible_agents[self._actor()]
        self._accumulate_rewards()
        if self.render_mode == "human":
            self.render()

    def render(self) -> str | None:
        text = self.codec.observation_string(self.engine, None, self.partial, None)
        if self.render_mode == "human":
            print(text)
            return None
        return text

    def close(self) -> None:
        """Nothing to release."""
