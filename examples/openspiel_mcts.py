"""OpenSpiel's MCTS against random players on Mille Bornes, with a win rate.

    .venv/bin/python examples/openspiel_mcts.py --rounds 10 --simulations 100

Plays one-round games of ``python_mille_bornes``: one seat (seat ``r mod players``
in game ``r``, so every seat gets its turn) is OpenSpiel's
:class:`open_spiel.python.algorithms.mcts.MCTSBot`, the others choose uniformly
among the legal actions. A game counts as won when the MCTS seat's team ends it
with more points than every other team; the mean return (the team's lead over the
mean of all teams' scores) is printed too. The deal is sampled from the game's
chance outcomes.

The search does not see hidden cards: before every decision the state is
resampled from the MCTS player's information state
(:meth:`MilleBornesState.resample_from_infostate`), and the tree is searched on that
sample (one determinization per move; ``--perfect-information`` searches the true
state instead). Leaves are evaluated by random playouts run straight on the engine,
which is several times faster than stepping the OpenSpiel state. A decision with
one legal action (every draw) is taken without a search.

``--edition fun-speed`` and ``--edition as-du-volant`` (with ``--options``, e.g.
``bonus``) play those games the same way, through the neutral API: a game is won when
the MCTS seat is among the winners, and the return is the codec's zero-sum utility
(+1 for a lone win at two seats; As du Volant's points lead under ``points_5000`` or
``bonus``). Their playouts stop after ``--playout-moves`` moves, scored 0.

    .venv/bin/python examples/openspiel_mcts.py --edition fun-speed --rounds 10 --simulations 20

``--opponent NAME`` seats a bot of the project's roster at the other seats instead of
uniform random players: ``greedy``, or the project's own search bot (``search-easy``,
``search``, ``search-hard``: information-set search from the seat's view, see
docs/bots.md), a stronger baseline to measure an agent against:

    .venv/bin/python examples/openspiel_mcts.py --opponent search-easy --rounds 4
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence

import numpy as np
import numpy.typing as npt
import pyspiel
from open_spiel.python.algorithms import mcts

import millebornes as mb
from millebornes.apps.adapters.encoding import utilities
from millebornes.apps.adapters.openspiel_game import MilleBornesState
from millebornes.apps.adapters.openspiel_races import RaceState
from millebornes.apps.adapters.race_encoding import is_race_edition
from millebornes.apps.bots import Bot
from millebornes.apps.roster import BOTS, make_bot
from millebornes.families.classic import MalformedInput, Phase, apply, legal_actions


class EnginePlayouts(mcts.Evaluator):  # type: ignore[misc]  # open_spiel has no type hints
    """Random playouts to the end of the round on the engine itself."""

    def __init__(self, rng: np.random.Generator) -> None:
        self.rng = rng

    def evaluate(self, state: MilleBornesState) -> npt.NDArray[np.float64]:
        engine = state.engine
        while engine.phase not in (Phase.ROUND_OVER, Phase.MATCH_OVER):
            choices = legal_actions(engine)
            engine = apply(engine, choices[int(self.rng.integers(len(choices)))])
        return np.array(utilities(engine))

    def prior(self, state: MilleBornesState) -> list[tuple[int, float]]:
        actions = state.legal_actions()
        return [(action, 1.0 / len(actions)) for action in actions]


class RacePlayouts(mcts.Evaluator):  # type: ignore[misc]  # open_spiel has no type hints
    """Random playouts of a Fun & Speed or As du Volant game, through the neutral API."""

    def __init__(self, rng: np.random.Generator, limit: int) -> None:
        self.rng = rng
        self.limit = limit

    def evaluate(self, state: RaceState) -> npt.NDArray[np.float64]:
        engine, codec = state.engine, state.codec
        if state.position.partial:  # mid-Police: finish the move at random first
            choices = state.legal_actions()
            clone = state.clone()
            clone.apply_action(choices[int(self.rng.integers(len(choices)))])
            engine = clone.engine
        for _ in range(self.limit):
            if mb.actor(engine) is None:
                return np.array(codec.utilities(engine))
            choices = mb.legal_actions(engine)
            engine = mb.apply(engine, choices[int(self.rng.integers(len(choices)))])
        return np.zeros(codec.players)

    def prior(self, state: RaceState) -> list[tuple[int, float]]:
        actions = state.legal_actions()
        return [(action, 1.0 / len(actions)) for action in actions]


def _reaches(state: MilleBornesState | RaceState, wanted: object) -> bool:
    """Whether ``state`` stands at the engine state ``wanted``, or gets there by one more
    step (a race's Police takes two OpenSpiel steps: its target, then its card)."""
    position = getattr(state, "position", None)
    if not getattr(position, "partial", False):
        return bool(state.engine == wanted)
    for action in state.legal_actions():
        clone = state.clone()
        clone.apply_action(action)
        if clone.engine == wanted:
            return True
    return False


def opponent_action(state: MilleBornesState | RaceState, opponent: Bot) -> int:
    """The OpenSpiel action that makes the roster bot's choice (its first step)."""
    wanted = mb.apply(state.engine, opponent.choose(state.engine))
    for action in state.legal_actions():
        clone = state.clone()
        clone.apply_action(action)
        if _reaches(clone, wanted):
            return int(action)
    raise RuntimeError("the bot's choice is none of the OpenSpiel actions")


def play(
    game: pyspiel.Game,
    mcts_seat: int,
    bot: mcts.MCTSBot,
    rng: np.random.Generator,
    perfect_information: bool,
    *,
    opponent: Bot | None = None,
) -> tuple[bool, float]:
    """One game: did the MCTS seat's team score more than every other, and its return."""
    state = game.new_initial_state()
    while not state.is_terminal():
        if state.is_chance_node():
            outcomes, probabilities = zip(*state.chance_outcomes(), strict=True)
            state.apply_action(int(rng.choice(outcomes, p=probabilities)))
            continue
        actions = state.legal_actions()
        if len(actions) == 1:
            action = actions[0]
        elif state.current_player() == mcts_seat:
            searched = state
            if not perfect_information:
                searched = state.resample_from_infostate(mcts_seat, rng.random)
            action = bot.step(searched)
        elif opponent is not None and not getattr(
            getattr(state, "position", None), "partial", False
        ):
            action = opponent_action(state, opponent)
        else:
            action = int(rng.choice(actions))
        state.apply_action(action)
    if isinstance(state, RaceState):
        return mcts_seat in mb.winners(state.engine), float(state.returns()[mcts_seat])
    scores = list(state.engine.scores)
    ours = scores.pop(state.engine.team_of(mcts_seat))
    return ours > max(scores), float(state.returns()[mcts_seat])


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--edition", default="classic")
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--options", default="", help="joined with +, e.g. goal_700")
    parser.add_argument("--playout-moves", type=int, default=2000, help="races only")
    parser.add_argument("--rounds", type=int, default=10, help="games of one round each")
    parser.add_argument("--simulations", type=int, default=100, help="MCTS simulations a move")
    parser.add_argument("--uct-c", type=float, default=None, help="default: 2 x max utility")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--perfect-information", action="store_true")
    parser.add_argument(
        "--opponent", default=None, choices=sorted(BOTS), help="default: uniform random"
    )
    args = parser.parse_args(argv)
    if args.rounds < 1 or args.simulations < 1:
        parser.error("--rounds and --simulations must be at least 1")
    try:
        game = pyspiel.load_game(
            "python_mille_bornes",
            {"edition": args.edition, "players": args.players, "options": args.options},
        )
    except MalformedInput as error:
        print(f"openspiel_mcts: {error}", file=sys.stderr)
        return 2
    rng = np.random.default_rng(args.seed)
    # Returns are in points (hundreds) or ±1; UCT's exploration term must be on that scale.
    uct_c = args.uct_c if args.uct_c is not None else 2 * game.max_utility()
    bot = mcts.MCTSBot(
        game,
        uct_c=uct_c,
        max_simulations=args.simulations,
        evaluator=(
            RacePlayouts(rng, args.playout_moves)
            if is_race_edition(args.edition)
            else EnginePlayouts(rng)
        ),
        solve=False,
        random_state=np.random.RandomState(args.seed),
    )
    wins, total = 0, 0.0
    digits = 2 if game.max_utility() <= 1 else 0  # win/loss returns, or points
    for game_number in range(args.rounds):
        seat = game_number % args.players
        opponent = make_bot(args.opponent, args.seed + game_number) if args.opponent else None
        won, result = play(game, seat, bot, rng, args.perfect_information, opponent=opponent)
        wins += won
        total += result
        outcome = "won" if won else "lost"
        print(
            f"round {game_number + 1}: MCTS in seat {seat} {outcome}, return {result:+.{digits}f}"
        )
    print(
        f"MCTS ({args.simulations} simulations) vs {args.opponent or 'random'},"
        f" {args.edition} {args.players}p: "
        f"won {wins} of {args.rounds} rounds, win rate {wins / args.rounds:.0%}, "
        f"mean return {total / args.rounds:+.{digits}f} points"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
