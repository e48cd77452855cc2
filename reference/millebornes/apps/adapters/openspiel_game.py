"""Mille Bornes as an OpenSpiel game: ``pyspiel.load_game("python_mille_bornes")``.

Importing this module registers the game with :mod:`pyspiel` (it needs the ``rl``
extra). The game wraps the reference engine: every state holds an engine
:class:`~millebornes.State`, and every move goes through :func:`millebornes.apply`,
so OpenSpiel plays exactly the rules of the specification.

Parameters (``python_mille_bornes(edition=cars,players=4,options=goal_700,rounds=2)``):

- ``edition``: an id of :func:`millebornes.edition_ids` (default ``classic``); the six
  rule sets are played: ``fun-speed`` and ``as-du-volant`` by
  :mod:`~millebornes.apps.adapters.openspiel_races` (their parameters and encoding are
  described there), the four classic-family editions as described here;
- ``players``: a seat count the edition offers (SEAT-COUNTS; default 2);
- ``options``: the edition's options, joined with ``+`` (default none, e.g. ``goal_700``);
- ``rounds``: how many rounds are played (default 1); the game also ends when the
  match does (MATCH-TARGET). Scores carry over from round to round.

Chance: the engine's ``Deal`` carries the whole deck order, so the game deals it card
by card as chance outcomes. Outcome ``i`` is the card kind ``PLAYING_CARDS[i]``,
with probability (copies of it not yet dealt) / (cards not yet dealt): a uniform
shuffle, drawn one position at a time. Card k of the order goes to seat
``dealer + 1 + k`` while hands are filled (SETUP-DEAL) and the rest, in order, is
the draw pile. Once the order is complete the engine's ``Deal`` is applied.

Utilities are zero-sum (:func:`~millebornes.apps.adapters.encoding.utilities`): a seat
gets its team's match total (the score sheets of the rounds played, SCORE-SHEET)
minus the mean of all teams' totals, at the end only (terminal rewards). The raw
sheet stays available through :func:`millebornes.score_round` on ``state.engine``.

Player actions use the fixed table of
:class:`~millebornes.apps.adapters.encoding.ActionTable`; tensors and strings are
described in :mod:`millebornes.apps.adapters.encoding`. The information state adds
to the observation what a player remembers: the string is the seat's whole history
(its own cards dealt and drawn, everyone's public moves), and the tensor adds
``known_safeties``: the safeties another seat was seen to hold (a coup-fourré
window opened for it) that have not been laid or discarded since. Serialization is
OpenSpiel's default for Python games: the move history and the state's attributes
(one immutable :class:`Position`), pickled.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, replace
from functools import cache
from typing import Any, cast

import numpy as np
import numpy.typing as npt
import pyspiel

from millebornes.apps.adapters.encoding import (
    NAMES,
    PLAYING_CARDS,
    ActionTable,
    cards_text,
    dealt_hands,
    max_utility,
    observation,
    observation_string,
    segments,
    utilities,
)
from millebornes.apps.adapters.openspiel_races import RaceGame
from millebornes.apps.adapters.race_encoding import is_race_edition
from millebornes.core.errors import MalformedInput
from millebornes.families.classic.actions import Deal, Draw
from millebornes.families.classic.cards import SAFETIES, SAFETY_OF, Card
from millebornes.families.classic.edition import edition_ids, load_edition
from millebornes.families.classic.engine import apply, is_chance, new_match
from millebornes.families.classic.state import Phase, State

SHORT_NAME = "python_mille_bornes"
DEFAULTS: dict[str, Any] = {"edition": "classic", "players": 2, "options": "", "rounds": 1}
_MAX_PLAYERS = max(max(load_edition(e).seat_counts) for e in edition_ids())

GAME_TYPE = pyspiel.GameType(
    short_name=SHORT_NAME,
    long_name="Python Mille Bornes (reference engine)",
    dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
    chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
    information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
    utility=pyspiel.GameType.Utility.ZERO_SUM,
    reward_model=pyspiel.GameType.RewardModel.TERMINAL,
    max_num_players=_MAX_PLAYERS,
    min_num_players=2,
    provides_information_state_string=True,
    provides_information_state_tensor=True,
    provides_observation_string=True,
    provides_observation_tensor=True,
    parameter_specification=DEFAULTS,
)


def _options(text: str) -> tuple[str, ...]:
    return tuple(sorted(name for name in text.split("+") if name))


@dataclass(frozen=True, slots=True)
class Setup:
    """What a game's parameters fix: the match before its first deal, the rounds, the
    action table and the deck size."""

    initial: State
    rounds: int
    table: ActionTable
    deck_size: int

    def __deepcopy__(self, memo: dict[int, object]) -> Setup:
        return self  # immutable


@cache
def _setup(edition: str, players: int, options: str, rounds: int) -> Setup:
    if not isinstance(rounds, int) or rounds < 1:
        raise MalformedInput(f"rounds: a whole number of rounds, at least 1, not {rounds!r}")
    initial = new_match(edition, players, _options(options))
    deck_size = len(initial.rules.playing_cards(players))
    return Setup(initial, rounds, ActionTable(initial.teams), deck_size)


def setup_of(params: dict[str, Any]) -> Setup:
    """The setup of a game with these parameters (defaults filled in)."""
    given = {**DEFAULTS, **params}
    return _setup(
        str(given["edition"]), int(given["players"]), str(given["options"]), given["rounds"]
    )


class MilleBornesGame(pyspiel.Game):
    """The game for one edition, seat count, option set and number of rounds.

    Made for a Fun & Speed or As du Volant edition, it is a
    :class:`~.openspiel_races.RaceGame` instead."""

    def __new__(cls, params: dict[str, Any] | None = None) -> Any:
        given = {**DEFAULTS, **(params or {})}
        if is_race_edition(given["edition"]):
            return RaceGame(GAME_TYPE, given)
        return super().__new__(cls)

    def __init__(self, params: dict[str, Any] | None = None) -> None:
        given = {**DEFAULTS, **(params or {})}
        setup = setup_of(given)
        start = setup.initial
        bound = max_utility(start.edition, start.players, start.options, setup.rounds)
        info = pyspiel.GameInfo(
            num_distinct_actions=setup.table.size,
            max_chance_outcomes=len(PLAYING_CARDS),
            num_players=start.players,
            min_utility=-bound,
            max_utility=bound,
            utility_sum=0.0,
            # Per round: the deck dealt card by card, then at most one draw, one card
            # played and one decline per card of the deck, and one extension decision.
            max_game_length=setup.rounds * (4 * setup.deck_size + 1),
        )
        super().__init__(GAME_TYPE, info, given)

    @property
    def setup(self) -> Setup:
        # Read from the parameters, not stored: OpenSpiel may rebuild the Python object
        # of a game (pickling) without calling __init__.
        return setup_of(self.get_parameters())

    def new_initial_state(self) -> MilleBornesState:
        return MilleBornesState(self)

    def make_py_observer(
        self, iig_obs_type: Any = None, params: dict[str, Any] | None = None
    ) -> MilleBornesObserver:
        if params:
            raise ValueError(f"observation parameters are not supported: {params}")
        obs_type = iig_obs_type or pyspiel.IIGObservationType(perfect_recall=False)
        return MilleBornesObserver(self.setup, obs_type)


@dataclass(frozen=True, slots=True)
class Position:
    """Everything an OpenSpiel state holds, immutable: OpenSpiel clones a Python state by
    deep-copying its attributes, and this one copy is shared instead."""

    setup: Setup
    engine: State
    dealing: tuple[Card, ...] = ()
    """The deck order dealt so far in a card-by-card deal."""
    known: frozenset[tuple[int, Card]] = frozenset()
    """(seat, safety) pairs seen in a coup-fourré window since the deal."""
    lines: tuple[tuple[int | None, str, str], ...] = ()
    """Per move: the seat that sees more, what everyone sees, what that seat sees."""

    def __deepcopy__(self, memo: dict[int, object]) -> Position:
        return self


class MilleBornesState(pyspiel.State):
    """An OpenSpiel state: the engine state, plus the deck order dealt so far."""

    def __init__(self, game: MilleBornesGame) -> None:
        super().__init__(game)
        setup = game.setup
        self.position = Position(setup, setup.initial)

    @property
    def engine(self) -> State:
        """The engine's state (mid-deal: the state before the deal)."""
        return self.position.engine

    # --- the OpenSpiel API ---------------------------------------------------------

    def current_player(self) -> int:
        if self.is_terminal():
            return int(pyspiel.PlayerId.TERMINAL)
        if is_chance(self.engine):
            return int(pyspiel.PlayerId.CHANCE)
        assert self.engine.actor is not None
        return self.engine.actor

    def is_terminal(self) -> bool:
        state = self.engine
        return state.phase is Phase.MATCH_OVER or (
            state.phase is Phase.ROUND_OVER and state.round_number >= self.position.setup.rounds
        )

    def _legal_actions(self, player: int) -> list[int]:
        return self.position.setup.table.legal(self.engine)

    def chance_outcomes(self) -> list[tuple[int, float]]:
        left = self._undealt()
        total = sum(left)
        return [(i, n / total) for i, n in enumerate(left) if n]

    def _apply_action(self, action: int) -> None:
        if is_chance(self.engine):
            self._deal_one(PLAYING_CARDS[action])
            return
        table = self.position.setup.table
        seat = self.current_player()
        move = table.action(action, seat)
        before = self.engine
        after = apply(before, move)
        public = f"seat {seat}: {table.name(action)}"
        private = (
            f"seat {seat}: draw {NAMES[before.draw_pile[0]]}" if isinstance(move, Draw) else public
        )
        known = self.position.known
        if after.phase is Phase.COUP_FOURRE and after.pending_hazard is not None:
            safety = SAFETY_OF[after.pending_hazard]
            assert after.actor is not None and safety is not None
            known |= {(after.actor, safety)}
        self.position = replace(
            self.position,
            engine=after,
            known=known,
            lines=(*self.position.lines, (seat, public, private)),
        )

    def _action_to_string(self, player: int, action: int) -> str:
        if player == pyspiel.PlayerId.CHANCE:
            return f"deal {NAMES[action]}"
        return self.position.setup.table.name(action)

    def returns(self) -> list[float]:
        if not self.is_terminal():
            return [0.0] * self.engine.players
        return list(utilities(self.engine))

    def __str__(self) -> str:
        # Everything, hidden cards included: OpenSpiel compares states by this string.
        hands, to_deal = self.view()
        text = observation_string(self.engine, None, hands, to_deal)
        return text + "\ndealt so far: " + cards_text(self.position.dealing)

    # --- the deal, card by card ------------------------------------------------------

    def _undealt(self) -> list[int]:
        state = self.engine
        left = [0] * len(PLAYING_CARDS)
        for card in state.rules.playing_cards(state.players):
            left[PLAYING_CARDS.index(card)] += 1
        for card in self.position.dealing:
            left[PLAYING_CARDS.index(card)] -= 1
        return left

    def _deal_one(self, card: Card) -> None:
        state, position = self.engine, self.position
        assert state.actor is not None
        k, n = len(position.dealing), state.players
        if k < n * state.rules.hand_size:
            seat: int | None = (state.actor + 1 + k) % n
            public = f"seat {seat} is dealt a card"
        else:
            seat, public = None, "a card goes to the draw pile"
        lines = (*position.lines, (seat, public, f"you are dealt {NAMES[card]}"))
        dealing = (*position.dealing, card)
        if len(dealing) < position.setup.deck_size:
            self.position = replace(position, dealing=dealing, lines=lines)
        else:
            engine = apply(state, Deal(state.actor, dealing))
            self.position = replace(
                position, engine=engine, dealing=(), known=frozenset(), lines=lines
            )

    def view(self) -> tuple[tuple[tuple[Card, ...], ...] | None, int | None]:
        """The hands and draw pile size to show: mid-deal, what has been dealt so far."""
        if self.is_terminal() or not is_chance(self.engine):
            return None, None
        dealer = self.engine.actor
        assert dealer is not None
        dealing = self.position.dealing
        hands = dealt_hands(self.engine, dealer, dealing)
        return hands, self.position.setup.deck_size - len(dealing)

    def known_safeties(self, player: int) -> list[float]:
        """Per seat (relative to ``player``) and safety: 1 if that seat is known to hold it
        (it was asked in a coup-fourré window, and the safety has not shown since)."""
        state = self.engine
        shown = set(state.discard_pile)
        for tableau in state.tableaus:
            shown.update(tableau.safeties)
        n = state.players
        out = [0.0] * (n * len(SAFETIES))
        for seat, safety in self.position.known:
            if safety not in shown:
                out[((seat - player) % n) * len(SAFETIES) + SAFETIES.index(safety)] = 1.0
        return out

    def information_state_lines(self, player: int) -> str:
        """The perfect-recall history of ``player``: its own cards, everyone's moves."""
        lines = [f"seat {player}"]
        for seat, public, private in self.position.lines:
            lines.append(private if seat == player else public)
        return "\n".join(lines)

    # --- search with hidden cards ------------------------------------------------------

    def resample_from_infostate(
        self, player_id: int, probability_sampler: Callable[[], float]
    ) -> MilleBornesState:
        """A state ``player_id`` cannot tell from this one: the other hands and the draw
        pile dealt again at random from the cards it cannot see (sizes kept, and the
        safeties other seats are known to hold left with them).

        For determinized search (examples/openspiel_mcts.py). ``probability_sampler``
        returns uniform floats in [0, 1). Only what ``known_safeties`` records
        constrains the sample; the absence of a coup-fourré window (the target did not
        hold the safety then) is not used, so the sample is close to, not exactly, the
        belief. The other seats' private history lines are left as they were.
        """
        clone = cast(MilleBornesState, self.clone())
        if self.is_terminal() or self.is_chance_node():
            return clone
        state = self.engine
        held = self.known_safeties(player_id)
        others = [seat for seat in range(state.players) if seat != player_id]
        fixed: dict[int, list[Card]] = {seat: [] for seat in others}
        for seat, safety in self.position.known:
            rel = (seat - player_id) % state.players
            if seat != player_id and held[rel * len(SAFETIES) + SAFETIES.index(safety)]:
                fixed[seat].append(safety)
        pool = list(state.draw_pile)
        for seat in others:
            pool += state.hands[seat]
        for cards in fixed.values():
            for card in cards:
                pool.remove(card)
        for i in range(len(pool) - 1, 0, -1):  # Fisher-Yates on the sampler's floats
            j = min(int(probability_sampler() * (i + 1)), i)
            pool[i], pool[j] = pool[j], pool[i]
        hands = list(state.hands)
        for seat in others:
            need = len(state.hands[seat]) - len(fixed[seat])
            hands[seat] = tuple(sorted(fixed[seat] + pool[:need]))
            pool = pool[need:]
        engine = replace(state, hands=tuple(hands), draw_pile=tuple(pool))
        clone.position = replace(self.position, engine=engine)
        return clone


class MilleBornesObserver:
    """OpenSpiel's observer interface: ``tensor``, named views in ``dict``, ``set_from``,
    ``string_from``. Perfect recall (the information state) adds ``known_safeties`` to
    the tensor and uses the history as the string; a public-only observer leaves out
    the observer's own hand."""

    def __init__(self, setup: Setup, iig_obs_type: Any) -> None:
        if iig_obs_type.private_info == pyspiel.PrivateInfoType.ALL_PLAYERS:
            raise ValueError("an observer sees one player's private cards, not all")
        self.perfect_recall = bool(iig_obs_type.perfect_recall)
        self.private = iig_obs_type.private_info == pyspiel.PrivateInfoType.SINGLE_PLAYER
        players, teams = setup.initial.players, setup.initial.teams
        parts = list(segments(players, teams))
        if self.perfect_recall:
            parts.append(("known_safeties", players * len(SAFETIES)))
        self.tensor: npt.NDArray[np.float32] = np.zeros(sum(n for _, n in parts), np.float32)
        self.dict: dict[str, npt.NDArray[np.float32]] = {}
        start = 0
        for name, size in parts:
            self.dict[name] = self.tensor[start : start + size]
            start += size

    def set_from(self, state: MilleBornesState, player: int) -> None:
        hands, draw_pile = state.view()
        values = observation(state.engine, player, hands, draw_pile)
        if self.perfect_recall:
            values += state.known_safeties(player)
        self.tensor[:] = values
        if not self.private:
            self.dict["hand"][:] = 0.0

    def string_from(self, state: MilleBornesState, player: int) -> str:
        if self.perfect_recall:
            return state.information_state_lines(player)
        hands, draw_pile = state.view()
        text = observation_string(state.engine, player, hands, draw_pile)
        if not self.private:
            text = "\n".join(line for line in text.splitlines() if not line.startswith("hand:"))
        return text


pyspiel.register_game(GAME_TYPE, MilleBornesGame)
