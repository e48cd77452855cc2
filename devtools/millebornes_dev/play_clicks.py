"""The Play page's browser test, played without a browser: which deals bring the reader
a reaction prompt.

``tests/docs/test_play_page.py`` plays a whole game of each rule set by clicks, the
greedy bot at seat 0 and the reader at seat 1, and must answer a reaction prompt in each
(a coup-fourré, a remedy at once, a Hold Up !, a Demi-tour…). Whether one comes depends
on the deal, so the test plays the deals of :data:`SEEDS`. :func:`play` makes the same
choices the test's clicks make, through :class:`millebornes.apps.play_table.PlayTable`
(the engine the page runs), so a deal can be checked or found in a second rather than a
browser game; ``tests/apps/test_play_seeds.py`` checks every deal of :data:`SEEDS` still
brings its prompt (a change to a bot or an engine can take it away), and

    python -m millebornes_dev.play_clicks --edition cars --seeds 40

lists the deals that would do.
"""

from __future__ import annotations

import argparse
import json
from dataclasses import dataclass, field
from typing import Any

from millebornes.apps.play_table import PlayTable

SEEDS = {
    "classic": 22,
    "cars": 38,
    "asterix": 38,
    "allonge": 2,
    "fun-speed": 3,
    "as-du-volant": 2,
}
"""The deal of each rule set's game in the browser test: played the test's way, the
bot's move opens a reaction window to the reader (the classic family: a hazard answered
by a coup-fourré; Fun & Speed: a Hold Up ! and a remedy at once; As du Volant: a
Demi-tour on the bot's move)."""

REACTIONS = frozenset({"coup_fourre", "attack", "borne", "holdup", "u_turn"})
"""The prompts' phases that are reactions to another seat's move (the classic family's
extension question is a prompt but not a reaction)."""

KEYBOARD = frozenset({"classic"})
"""The rule sets whose game plays one card with the keyboard alone."""


MAX_SEEDS = 10_000
"""The most deals one command tries."""


@dataclass
class Game:
    """What a game played the test's way met."""

    prompts: list[tuple[str, str]] = field(default_factory=list)
    """Each prompt answered: its phase, and the text of the choice made."""
    illegal: str | None = None
    """The card of the one illegal try."""
    keyboard: bool | None = None
    """Whether the keyboard move made a move (None: not tried)."""
    over: bool = False
    moves: int = 0

    @property
    def reactions(self) -> list[tuple[str, str]]:
        return [prompt for prompt in self.prompts if prompt[0] in REACTIONS]

    def fit(self, edition: str) -> bool:
        """Whether the browser test may play this game: it ends, a card is tried in vain,
        a reaction prompt is answered, and the keyboard move is made where it is tried."""
        keyed = edition not in KEYBOARD or bool(self.keyboard)
        return self.over and self.illegal is not None and bool(self.reactions) and keyed


def _place_order(place: str) -> tuple[int, int]:
    """The order the page lists a card's lit places in: the discard, numbered places,
    then the others."""
    if place == "discard":
        return (0, 0)
    number = place.partition(":")[2]
    return (1, int(number)) if number else (2, 0)


def play(edition: str, seed: int, *, limit: int = 1500) -> Game:
    """The browser test's game of ``edition`` on deal ``seed``, at two seats, to the end
    of the game (in the classic family, of its first round: the browser test plays on to
    the match's end, but its prompt and its illegal try must come in the first round),
    played by the same rules as its clicks (``_step`` there): a prompt answered with its first
    choice that is not Pass; else one illegal try, when a card is blocked and no button
    is offered; else a button every other click (or when no card can be played); else the
    first playable card to its first lit place that is not the discard."""
    table = PlayTable()
    setup = {"edition": edition, "players": 2, "seed": seed, "seat": 1, "bot": "greedy"}
    view: dict[str, Any] = json.loads(table.new_game(json.dumps({**setup, "options": []})))
    game = Game()
    for step in range(limit):
        if view["score"] is not None:
            game.over = True
            break
        prompt = view["prompt"]
        if prompt:
            choice = next((c for c in prompt["choices"] if not c["pass"]), prompt["choices"][0])
            game.prompts.append((prompt["phase"], choice["text"]))
            view = json.loads(table.act(choice["move"]))
            continue
        hand, cards, buttons = view["hand"], view["cards"], view["buttons"]
        playable = [c for c in hand if set(cards[c["id"]]["targets"]) - {"discard"}]
        blocked = [c for c in hand if c not in playable]
        if blocked and game.illegal is None and not buttons:
            game.illegal = blocked[0]["id"]  # refused, the table unchanged: no move
            continue
        if buttons and (not playable or step % 2 or not hand):
            view = json.loads(table.act(buttons[0]["move"]))
            continue
        if not hand:
            raise AssertionError(f"{edition} deal {seed}: nothing to click at step {step}")
        card = (playable or hand)[0]["id"]
        targets = cards[card]["targets"]
        places = sorted(targets, key=_place_order)
        if edition in KEYBOARD and game.keyboard is None and playable:
            # The keyboard move goes to the first lit place in the page's order, and is
            # made only when that place allows one move.
            moves = targets[places[0]]
            game.keyboard = len(moves) == 1
            if game.keyboard:
                view = json.loads(table.act(moves[0]["move"]))
            continue
        place = next((p for p in places if p != "discard"), places[0])
        view = json.loads(table.act(targets[place][0]["move"]))
    game.moves = len(table.actions)
    return game


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--edition", choices=sorted(SEEDS), required=True)
    parser.add_argument(
        "--seeds", type=int, default=40, help=f"try the deals 0 to N - 1 (N up to {MAX_SEEDS})"
    )
    args = parser.parse_args(argv)
    if not 1 <= args.seeds <= MAX_SEEDS:  # a game takes about 0.1 s: a bound, not a hang
        parser.error(f"--seeds: from 1 to {MAX_SEEDS}, not {args.seeds}")
    for seed in range(args.seeds):
        game = play(args.edition, seed)
        if game.fit(args.edition):
            print(f"{args.edition} deal {seed}: {game.reactions[0]} ({game.moves} moves)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
