"""Fun & Speed and As du Volant as OpenSpiel games (the ``python_mille_bornes`` game with
``edition=fun-speed`` or ``edition=as-du-volant``; :mod:`.openspiel_game` registers it).

Every move goes through the neutral API (:func:`millebornes.new_game`,
:func:`millebornes.legal_actions`, :func:`millebornes.apply`, :func:`millebornes.winners`,
:func:`millebornes.score`). Parameters: ``edition``, ``players`` (2 to 6), ``options``
(As du Volant's, joined with ``+``: ``goal_700`` at 2 or 3 seats, ``accelerated``,
``points_5000``, ``bonus``); ``rounds`` must be 1 (a game is one race).

Chance: the deck (66 cards, or As du Volant's 108, 103 at two or three seats) is dealt
card by card as chance outcomes, outcome ``i`` being card kind ``i`` with probability
(copies not yet dealt) / (cards not yet dealt); card ``k`` goes to seat ``k mod n``
while hands are filled (FS-DEAL, AV-DEAL), the rest is the draw pile. As du Volant then
draws two more chance outcomes of 256 each, the seed of its later reshuffles
(RUL-AV-RESHUFFLE-SEED), which no seat sees.

Actions, tensors and utilities: :mod:`.funspeed_encoding`, :mod:`.asduvolant_encoding`
(zero-sum, terminal). The information-state string is the seat's history: everyone's
moves, its own cards dealt, and its hand after every move that changed it; the
information-state tensor is the observation tensor. A game still going after
:data:`~.race_encoding.MAX_MOVES` player moves stops with every return 0.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, replace
from functools import cache
from typing import Any, cast

import numpy as np
import numpy.typing as npt
import pyspiel

import millebornes as mb
from millebornes.apps.adapters.race_codecs import codec_for
from millebornes.apps.adapters.race_encoding import MAX_MOVES, Codec, Deal
from millebornes.core.errors import MalformedInput


def _options(text: str) -> tuple[str, ...]:
    return tuple(sorted(name for name in text.split("+") if name))


@cache
def race_codec(edition: str, players: int, options: str, rounds: int) -> Codec:
    if rounds != 1:
        raise MalformedInput(f"rounds: {edition} is played as one game, rounds=1, not {rounds!r}")
    return codec_for(edition, players, _options(options))


class RaceGame(pyspiel.Game):
    """A Fun & Speed or As du Volant game for one seat count and option set."""

    def __init__(self, game_type: Any, params: dict[str, Any]) -> None:
        codec = race_codec(
            str(params["edition"]), int(params["players"]), str(params["options"]),
            params["rounds"],
        )  # fmt: skip
        bound = codec.max_utility
        info = pyspiel.GameInfo(
            num_distinct_actions=codec.size,
            max_chance_outcomes=max(len(codec.kinds), 256 if codec.seed_bytes else 0),
            num_players=codec.players,
            min_utility=-bound,
            max_utility=bound,
            utility_sum=0.0,
            max_game_length=len(codec.deck) + codec.seed_bytes + MAX_MOVES[codec.edition],
        )
        super().__init__(game_type, info, params)

    @property
    def codec(self) -> Codec:
        params = self.get_parameters()
        return race_codec(
            str(params["edition"]), int(params["players"]), str(params["options"]),
            params["rounds"],
        )  # fmt: skip

    def new_initial_state(self) -> RaceState:
        return RaceState(self)

    def make_py_observer(
        self, iig_obs_type: Any = None, params: dict[str, Any] | None = None
    ) -> RaceObserver:
        if params:
            raise ValueError(f"observation parameters are not supported: {params}")
        obs_type = iig_obs_type or pyspiel.IIGObservationType(perfect_recall=False)
        return RaceObserver(self.codec, obs_type)


@dataclass(frozen=True, slots=True)
class RacePosition:
    """Everything a state holds, immutable (OpenSpiel deep-copies a state's attributes)."""

    codec: Codec
    engine: Any = None
    """The engine's state; None until the deal is complete."""
    dealing: tuple[int, ...] = ()
    seed: tuple[int, ...] = ()
    partial: tuple[int, ...] = ()
    """The choices made so far of a move made in two (a Fun & Speed Police)."""
    moves: int = 0
    lines: tuple[tuple[str, ...], ...] = ()
    """Per move, the line each seat sees."""

    def __deepcopy__(self, memo: dict[int, object]) -> RacePosition:
        return self


class RaceState(pyspiel.State):
    """An OpenSpiel state over an engine state of a race family."""

    def __init__(self, game: RaceGame) -> None:
        super().__init__(game)
        self.position = RacePosition(game.codec)

    @property
    def engine(self) -> Any:
        return self.position.engine

    @property
    def codec(self) -> Codec:
        return self.position.codec

    def current_player(self) -> int:
        if self.is_terminal():
            return int(pyspiel.PlayerId.TERMINAL)
        if self.engine is None:
            return int(pyspiel.PlayerId.CHANCE)
        return cast(int, mb.actor(self.engine))

    def truncated(self) -> bool:
        return self.position.moves >= MAX_MOVES[self.codec.edition]

    def is_terminal(self) -> bool:
        return self.engine is not None and (mb.actor(self.engine) is None or self.truncated())

    def _legal_actions(self, player: int) -> list[int]:
        return self.codec.legal(self.engine, self.position.partial)

    def chance_outcomes(self) -> list[tuple[int, float]]:
        if len(self.position.dealing) == len(self.codec.deck):
            return [(i, 1 / 256) for i in range(256)]
        left = self._undealt()
        total = sum(left)
        return [(i, n / total) for i, n in enumerate(left) if n]

    def _undealt(self) -> list[int]:
        left = [0] * len(self.codec.kinds)
        for card in self.codec.deck:
            left[int(card)] += 1
        for i in self.position.dealing:
            left[i] -= 1
        return left

    def _apply_action(self, action: int) -> None:
        position, codec = self.position, self.codec
        if self.engine is None:
            self._deal(action)
            return
        seat = self.current_player()
        partial, move = codec.step(self.engine, position.partial, action)
        if move is None:
            line = f"seat {seat}: {codec.name(action)}"
            self.position = replace(
                position,
                partial=partial,
                moves=position.moves + 1,
                lines=(*position.lines, (line,) * codec.players),
            )
            return
        after = mb.apply(self.engine, move)
        lines = codec.move_lines(self.engine, seat, position.partial, action, after)
        self.position = replace(
            position,
            engine=after,
            partial=(),
            moves=position.moves + 1,
            lines=(*position.lines, lines),
        )

    def _deal(self, outcome: int) -> None:
        position, codec = self.position, self.codec
        n, k = codec.players, len(position.dealing)
        if k == len(codec.deck):
            drawn = ("a reshuffle seed is drawn",) * n
            self.position = replace(
                position, seed=(*position.seed, outcome), lines=(*position.lines, drawn)
            )
        else:
            card = codec.kinds[outcome]
            seen: tuple[str, ...]
            if k < n * codec.hand_size:
                seen = tuple(
                    f"you are dealt {card.name}"
                    if seat == k % n
                    else f"seat {k % n} is dealt a card"
                    for seat in range(n)
                )
            else:
                seen = ("a card goes to the draw pile",) * n
            self.position = replace(
                position, dealing=(*position.dealing, outcome), lines=(*position.lines, seen)
            )
        position = self.position
        if len(position.dealing) == len(codec.deck) and len(position.seed) == codec.seed_bytes:
            order = tuple(codec.kinds[i] for i in position.dealing)
            engine = codec.new_game(order, int.from_bytes(bytes(position.seed), "big"))
            self.position = replace(position, engine=engine)

    def _action_to_string(self, player: int, action: int) -> str:
        if player == pyspiel.PlayerId.CHANCE:
            if len(self.position.dealing) == len(self.codec.deck):
                return f"seed byte {action}"
            return f"deal {self.codec.kinds[action].name}"
        return self.codec.name(action)

    def returns(self) -> list[float]:
        if not self.is_terminal() or mb.actor(self.engine) is not None:
            return [0.0] * self.codec.players
        return list(self.codec.utilities(self.engine))

    def deal_view(self, seat: int | None) -> Deal | None:
        """Mid-deal: the hands dealt so far (``seat``'s own, every size)."""
        if self.engine is not None:
            return None
        codec, n = self.codec, self.codec.players
        dealt = self.position.dealing[: n * codec.hand_size]
        hands = [tuple(codec.kinds[c] for c in dealt[s::n]) for s in range(n)]
        left = len(codec.deck) - len(self.position.dealing)
        return Deal(hands[seat] if seat is not None else (), tuple(map(len, hands)), left)

    def __str__(self) -> str:
        # Everything, hidden cards included: OpenSpiel compares states by this string.
        text = self.codec.observation_string(
            self.engine, None, self.position.partial, self.deal_view(None)
        )
        dealt = " ".join(self.codec.kinds[c].name for c in self.position.dealing)
        seed, moves = list(self.position.seed), self.position.moves
        return f"{text}\ndealt: {dealt}\nseed: {seed}\nmoves: {moves}"

    def information_state_lines(self, player: int) -> str:
        return "\n".join([f"seat {player}", *(line[player] for line in self.position.lines)])

    def resample_from_infostate(
        self, player_id: int, probability_sampler: Callable[[], float]
    ) -> RaceState:
        """A state ``player_id`` may not tell from this one: the other hands and the draw
        pile dealt again at random from the cards it cannot see (sizes kept), and a new
        reshuffle seed. An approximation of the belief: what the windows and a Police
        showed of other hands is not kept (nor the police target's hand mid-Police)."""
        clone = cast(RaceState, self.clone())
        engine = self.engine
        if self.is_terminal() or engine is None or self.position.partial:
            return clone
        others = [seat for seat in range(engine.players) if seat != player_id]
        pool = list(engine.draw_pile)
        for seat in others:
            pool += engine.hands[seat]
        for i in range(len(pool) - 1, 0, -1):
            j = min(int(probability_sampler() * (i + 1)), i)
            pool[i], pool[j] = pool[j], pool[i]
        hands = list(engine.hands)
        for seat in others:
            size = len(engine.hands[seat])
            hands[seat], pool = tuple(sorted(pool[:size])), pool[size:]
        changes: dict[str, Any] = {"hands": tuple(hands), "draw_pile": tuple(pool)}
        if self.codec.seed_bytes:
            changes["seed"] = int(probability_sampler() * 2**32)
        clone.position = replace(self.position, engine=replace(engine, **changes))
        return clone


class RaceObserver:
    """OpenSpiel's observer: the observation tensor (the same for the information state)
    and, with perfect recall, the seat's history as the string. A public-only observer
    leaves out the observer's hand and what a Police shows it."""

    def __init__(self, codec: Codec, iig_obs_type: Any) -> None:
        if iig_obs_type.private_info == pyspiel.PrivateInfoType.ALL_PLAYERS:
            raise ValueError("an observer sees one player's private cards, not all")
        self.codec = codec
        self.perfect_recall = bool(iig_obs_type.perfect_recall)
        self.private = iig_obs_type.private_info == pyspiel.PrivateInfoType.SINGLE_PLAYER
        self.tensor: npt.NDArray[np.float32] = np.zeros(codec.layout.size, np.float32)
        self.dict: dict[str, npt.NDArray[np.float32]] = {}
        for name, size in codec.layout.parts:
            start = codec.layout.at[name]
            self.dict[name] = self.tensor[start : start + size]

    def set_from(self, state: RaceState, player: int) -> None:
        self.tensor[:] = self.codec.observation(
            state.engine, player, state.position.partial, state.deal_view(player)
        )
        if not self.private:
            self.dict["hand"][:] = 0.0
            if "police_hand" in self.dict:
                self.dict["police_hand"][:] = 0.0

    def string_from(self, state: RaceState, player: int) -> str:
        if self.perfect_recall:
            return state.information_state_lines(player)
        text = self.codec.observation_string(
            state.engine, player, state.position.partial, state.deal_view(player)
        )
        if not self.private:
            text = "\n".join(
                line.split("; hand:")[0]
                for line in text.splitlines()
                if not line.startswith(("hand:", "police sees:"))
            )
        return text
