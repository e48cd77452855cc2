"""``millebornes play``: a game in the terminal, one human seat against bots, in every
rule family.

Input is read line by line from a stream (a terminal or a pipe, so a session can be
scripted): a number picks one of the moves listed, a move typed by name (``play D100``,
``attack STOP 1 !``, ``move D50 acc``, …: ``help`` lists the family's forms) may be
refused, and is then explained by the rules it breaks (``violations``) with the state
unchanged; ``q`` or the end of input quits. The human is asked only where a choice is
theirs: a lone draw, or a reaction window they have nothing to answer with, is made for
them and said. The table shown is the human seat's: its hand, never another's, never
the draw pile's order. Every action is written to the transcript as it is taken
(``spec/transcript.md``).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import IO, Any

from millebornes import api
from millebornes.apps import board, board_classic
from millebornes.apps.board import move_text, table_lines
from millebornes.apps.bots import Bot
from millebornes.apps.moves import Choice, whole_number
from millebornes.apps.record import CLASSIC, TranscriptWriter
from millebornes.apps.referee import DOCS_BASE, explain
from millebornes.core.errors import MalformedInput
from millebornes.core.shuffle import round_seed
from millebornes.families.classic.engine import new_match
from millebornes.families.classic.scoring import score_round
from millebornes.families.classic.state import Phase
from millebornes.families.classic.transcript import score_sheet
from millebornes.registry import family_of_edition

HELP = board_classic.HELP
"""The classic family's typed moves (each family's: :func:`millebornes.apps.board.help_text`)."""

MAX_LINE = 200
"""A typed line longer than this is refused before it is read."""


@dataclass(frozen=True, slots=True)
class Game:
    """What a game is played with: the configuration, the human's seat and the bots."""

    edition: str
    players: int
    options: tuple[str, ...]
    seed: int
    seat: int
    bots: Mapping[int, Bot]
    rounds: int | None
    """Rounds to play (the classic family); None for the whole match. The other families
    play one whole game."""
    docs: str = DOCS_BASE
    deck: tuple[str, ...] | None = None
    """The deck a game of the families dealt once is dealt from (None: shuffled from
    ``seed``); the transcript's header records it."""
    board: dict[str, Any] | None = None
    """As du Volant: the board file's JSON (the default layout when None)."""


class Quit(Exception):
    """The human typed q, or the input ended."""


def parse_move(text: str, state: Any, seat: int) -> Any:
    """The action ``seat`` names by ``text`` in ``state``'s family; MalformedInput (one
    line) if it names none."""
    return board.parse_move(text, state, seat)


def start_state(game: Game) -> Any:
    """The classic match before its first deal (its deals are moves), or the other
    families' game dealt from the game's deck (or seed)."""
    if family_of_edition(game.edition).name == CLASSIC:
        return new_match(game.edition, game.players, game.options)
    if game.deck is None:
        return api.new_game(
            game.edition, game.players, game.options, seed=game.seed, board=game.board
        )
    # the deck deals; the seed orders the reshuffles (RUL-AV-RESHUFFLE-SEED, RUL-FS-RESHUFFLE-SEED)
    return api.new_game(
        game.edition, game.players, game.options, seed=game.seed, deck=game.deck, board=game.board
    )


class Session:
    """One game: the state, the streams and the transcript."""

    def __init__(
        self, game: Game, stdin: IO[str], out: IO[str], writer: TranscriptWriter | None
    ) -> None:
        self.game = game
        self.stdin = stdin
        self.out = out
        self.writer = writer
        self.state = start_state(game)
        self.classic = api.family_of(self.state).name == CLASSIC

    def say(self, text: str = "") -> None:
        print(text, file=self.out)

    def take(self, action: Any) -> None:
        before = self.state
        self.state = api.apply(before, action)
        if self.writer is not None:
            self.writer.record(action)
        seat = getattr(action, "seat", None)
        if board.is_quiet(before, action):
            return  # a window let go: nothing happened
        who = " (you)" if seat == self.game.seat else ""
        text = move_text(before, action, viewer=self.game.seat, after=self.state)
        self.say(f"  {text}{who}")
        if self.classic and self.state.phase in (Phase.ROUND_OVER, Phase.MATCH_OVER):
            self.say(f"\n--- round {self.state.round_number} over: score sheet ---")
            for line in score_sheet(self.state, score_round(self.state)):
                self.say(line)

    def read(self) -> str:
        """One typed line (raises Quit at the end of input or on q)."""
        self.out.write("your move> ")
        self.out.flush()
        text = self.stdin.readline()
        if not text:
            self.say("\nend of input: quitting")
            raise Quit
        text = text.strip()
        if not self.stdin.isatty():
            self.say(text if len(text) <= MAX_LINE else text[:MAX_LINE] + "…")
        if text.lower() in ("q", "quit"):
            raise Quit
        return text

    def ask(self) -> Any:
        """The human's move: read until a line names a legal one (raises Quit)."""
        legal = api.legal_actions(self.state)
        choices = board.menu(self.state, legal, self.game.seat)
        self.say()
        for line in table_lines(self.state, self.game.seat):
            self.say(line)
        self._list(choices)
        while True:
            text = self.read()
            if not text:
                continue
            if len(text) > MAX_LINE:
                self.say(f"not a move: a line of {len(text)} characters (help lists the moves)")
                continue
            if text.lower() in ("help", "?"):
                self.say(board.help_text(self.state))
                self._list(choices)
                continue
            if text.isdigit() or text.lstrip("-+").isdigit():
                picked = whole_number(text)
                if picked is not None and 1 <= picked <= len(choices):
                    action = self._one(choices[picked - 1].actions)
                    if action is not None:
                        return action
                    self._list(choices)
                    continue
                shown = text if len(text) <= 12 else text[:12] + "…"
                self.say(f"no move {shown}: choose 1 to {len(choices)}")
                continue
            try:
                named = parse_move(text, self.state, self.game.seat)
                action = self._one(named) if isinstance(named, tuple) else named
                if action is None:
                    self._list(choices)
                    continue
                answer = explain(self.state, action, self.game.docs)
            except MalformedInput as error:
                self.say(str(error))
                continue
            if answer.next_state is not None:
                return answer.action
            for line in answer.refusal_lines("refused"):
                self.say(line)
            self.say("nothing changed; choose again (help lists the ways to move)")

    def _one(self, actions: tuple[Any, ...]) -> Any | None:
        """One of ``actions``: itself when alone, else asked (the Police's cards, FS-POLICE,
        shown once the Police is chosen); None when the human goes back to the list."""
        if len(actions) == 1:
            return actions[0]
        table = board.family_table(self.state)
        self.say(table.follow_up(self.state, actions))
        for number, action in enumerate(actions, start=1):
            self.say(f"  {number:>2}. {move_text(self.state, action)}")
        self.say("   0. back to the list")
        while True:
            text = self.read()
            picked = whole_number(text)
            if picked == 0:
                return None
            if picked is not None and 1 <= picked <= len(actions):
                return actions[picked - 1]
            self.say(f"choose 0 to {len(actions)}")

    def _list(self, choices: list[Choice]) -> None:
        for number, choice in enumerate(choices, start=1):
            self.say(f"  {number:>2}. {choice.text}")

    def run(self) -> None:
        game = self.game
        info = next(i for i in api.editions() if i.id == game.edition)
        if self.classic:
            teams = f"{self.state.teams} teams"
            self.say(f"{info.title}: {game.players} players, {teams}, seed {game.seed}")
            self.say(f"you are seat {game.seat} (team {self.state.team_of(game.seat)})")
        else:
            self.say(f"{info.title}: {game.players} players, seed {game.seed}")
            self.say(f"you are seat {game.seat}")
        self.say(board.help_text(self.state))
        try:
            while not self.finished():
                self.step()
        except Quit:
            self.say("you left the game")
            return
        self.say()
        ended = board.end_lines(self.state)
        if ended:
            if not self.classic:
                for line in table_lines(self.state):
                    self.say(line)
            for line in ended:
                self.say(line)
        elif self.classic:
            scores = ", ".join(f"team {t}: {s}" for t, s in enumerate(self.state.scores))
            self.say(f"{self.state.round_number} round(s) played; match score {scores}")

    def finished(self) -> bool:
        """The game (the match) is over, or the classic rounds asked for are played."""
        if api.actor(self.state) is None:
            return True
        if not self.classic:
            return False
        rounds = self.game.rounds
        state = self.state
        return api.is_chance(state) and rounds is not None and state.round_number >= rounds

    def step(self) -> None:
        """One action: a deal, a bot's move or the human's (who may Quit)."""
        state, game = self.state, self.game
        if api.is_chance(state):
            self.say(f"\n=== round {state.round_number + 1} ===")
            self.take(api.chance_action(state, round_seed(game.seed, state.round_number + 1)))
            return
        seat = api.actor(state)
        bot = game.bots.get(seat) if seat is not None else None
        if bot is not None:
            self.take(bot.choose(state))
            return
        legal = api.legal_actions(state)
        made = board.auto_move(state, legal)
        self.take(made if made is not None else self.ask())
