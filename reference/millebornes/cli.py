"""Command line: ``millebornes demo`` plays a seeded demo and prints its transcript;
``millebornes serve`` and ``millebornes conformance generate|run|coverage`` are the
conformance suite's commands (:mod:`millebornes.conformance.commands`)."""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence

from millebornes.actions import Action, Discard, Draw, Play
from millebornes.cards import CATEGORY, Category
from millebornes.conformance.commands import add_commands, dispatch
from millebornes.engine import apply, is_chance, legal_actions, new_match
from millebornes.play_commands import COMMANDS, add_play_commands, run_play_command
from millebornes.scoring import match_winners, score_round
from millebornes.shuffle import SplitMix64, deal_from_seed, round_seed
from millebornes.state import Phase
from millebornes.transcript import describe, score_sheet, tableau_line

POLICY_SALT = 0x5EED_0F_B0_27E5
"""Mixed into the seed for the demo players' choices, so they differ from the shuffle."""


def demo(
    edition: str, seed: int, players: int, options: tuple[str, ...], rounds: int | None
) -> None:
    """Play with random legal choices (drawn from SplitMix64) and print every step."""
    state = new_match(edition, players, options)
    chooser = SplitMix64(seed ^ POLICY_SALT)
    print(f"{state.rules.title}: {players} players, {state.teams} teams, goal {state.goal} km")
    print(f"seed {seed}")
    action: Action
    while state.phase is not Phase.MATCH_OVER:
        if is_chance(state):
            if rounds is not None and state.round_number >= rounds:
                break
            action = deal_from_seed(state, round_seed(seed, state.round_number + 1))
            print(f"\n=== {describe(state, action)} (dealer: seat {action.seat}) ===")
            state = apply(state, action)
            continue
        # The demo players lay a card when they can and discard only otherwise.
        choices = legal_actions(state)
        plays: list[Action] = [a for a in choices if not isinstance(a, Discard)] or list(choices)
        action = plays[chooser.below(len(plays))]
        line = describe(state, action)
        state = apply(state, action)
        if state.phase is Phase.COUP_FOURRE:
            line += f" -> seat {state.actor} may call coup-fourré"
        elif isinstance(action, Play) and CATEGORY[action.card] is Category.SAFETY:
            line += " -> plays again" if state.actor == action.seat else ""
        print(f"  {line}")
        if not isinstance(action, Draw):
            for team in range(state.teams):
                print(f"      {tableau_line(state, team)}")
        if state.phase in (Phase.ROUND_OVER, Phase.MATCH_OVER):
            print(f"\n--- round {state.round_number} over: score sheet ---")
            for text in score_sheet(state, score_round(state)):
                print(text)
    if state.phase is Phase.MATCH_OVER:
        winners = match_winners(state)
        print(f"\nmatch over after {state.round_number} rounds; winner(s): teams {winners}")


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="millebornes", description=__doc__)
    commands = parser.add_subparsers(dest="command", required=True)
    play = commands.add_parser("demo", help="play a seeded demo and print its transcript")
    play.add_argument("--edition", default="classic", help="classic, cars, asterix or allonge")
    play.add_argument("--seed", type=int, default=2026)
    play.add_argument("--players", type=int, default=2)
    play.add_argument(
        "--option", action="append", default=[], help="e.g. goal_700 (4 or 8 players)"
    )
    play.add_argument("--rounds", type=int, default=1, help="rounds to play; 0 = the whole match")
    add_commands(commands)
    add_play_commands(commands)
    args = parser.parse_args(argv)
    if args.command in COMMANDS:
        return run_play_command(args)
    if args.command == "demo":
        demo(args.edition, args.seed, args.players, tuple(args.option), args.rounds or None)
        return 0
    return dispatch(args)


if __name__ == "__main__":
    sys.exit(main())
