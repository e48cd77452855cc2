"""``millebornes play``: a game in the terminal, one human seat against bots.

Input is read line by line from a stream (a terminal or a pipe, so a session can be
scripted): a number picks one of the legal moves listed, a move typed by name (``play
D100``, ``play STOP 1``, ``discard STOP``, ``cf``, ``decline``, ``extend``, ``stop``)
may be refused, and is then explained by the rules it breaks (``violations``) with the
state unchanged; ``q`` or the end of input quits. Every action is written to the
transcript as it is taken (``spec/transcript.md``).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import IO

from millebornes.apps.board import move_text, table_lines
from millebornes.apps.bots import Bot
from millebornes.apps.record import TranscriptWriter
from millebornes.apps.referee import DOCS_BASE, explain
from millebornes.core.errors import MalformedInput
from millebornes.core.shuffle import round_seed
from millebornes.families.classic.actions import (
    Action,
    CoupFourre,
    Decline,
    Discard,
    Draw,
    Extension,
    Play,
)
from millebornes.families.classic.cards import CATEGORY, KM, SAFETY_OF, Card, Category
from millebornes.families.classic.deal import deal_from_seed
from millebornes.families.classic.engine import apply, is_chance, legal_actions, new_match
from millebornes.families.classic.scoring import match_winners, score_round
from millebornes.families.classic.state import Phase, State
from millebornes.families.classic.transcript import score_sheet

HELP = (
    "moves: a number from the list, or by name: play CARD [TEAM] (play D100, play STOP 1),"
    " discard CARD, cf, decline, extend, stop; help lists them; q quits"
)

_DISTANCE_BY_KM = {str(KM[card]): card for card in Card if CATEGORY[card] is Category.DISTANCE}


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
    """Rounds to play; None for the whole match."""
    docs: str = DOCS_BASE


class Quit(Exception):
    """The human typed q, or the input ended."""


def parse_card(word: str) -> Card:
    """A card by its spec id, any case (``d100``, ``speed_limit``), or a distance by km."""
    name = word.upper().replace("-", "_")
    if name in Card.__members__:
        return Card[name]
    if name in _DISTANCE_BY_KM:
        return _DISTANCE_BY_KM[name]
    raise MalformedInput(f"unknown card {word!r}; cards: {', '.join(Card.__members__)}")


def _target(state: State, seat: int, card: Card, words: list[str]) -> int:
    if words:
        if not words[0].isdigit() or int(words[0]) >= state.teams:
            raise MalformedInput(f"no team {words[0]!r}: teams are 0 to {state.teams - 1}")
        return int(words[0])
    own = state.team_of(seat)
    if CATEGORY[card] is not Category.HAZARD:
        return own
    opponents = [team for team in range(state.teams) if team != own]
    if len(opponents) > 1:
        raise MalformedInput(f"say which team: play {card.name} {opponents[0]}")
    return opponents[0]


def parse_move(text: str, state: State, seat: int) -> Action:
    """The action ``seat`` names by ``text``; MalformedInput (one line) if it names none."""
    verb, *words = text.split()
    verb = verb.lower()
    if verb == "draw":
        return Draw(seat)
    if verb in ("play", "discard") and words:
        card = parse_card(words[0])
        if verb == "discard":
            return Discard(seat, card)
        return Play(seat, card, _target(state, seat, card, words[1:]))
    if verb in ("cf", "coup-fourre", "coup-fourré"):
        if words:
            return CoupFourre(seat, parse_card(words[0]))
        safety = SAFETY_OF[state.pending_hazard] if state.pending_hazard is not None else None
        if safety is None:
            raise MalformedInput("no hazard to answer: say which safety, e.g. cf DRIVING_ACE")
        return CoupFourre(seat, safety)
    if verb == "decline":
        return Decline(seat)
    if verb in ("extend", "stop"):
        return Extension(seat, verb == "extend")
    raise MalformedInput(f"not a move: {text!r} ({HELP})")


class Session:
    """One game: the state, the streams and the transcript."""

    def __init__(
        self, game: Game, stdin: IO[str], out: IO[str], writer: TranscriptWriter | None
    ) -> None:
        self.game = game
        self.stdin = stdin
        self.out = out
        self.writer = writer
        self.state = new_match(game.edition, game.players, game.options)

    def say(self, text: str = "") -> None:
        print(text, file=self.out)

    def take(self, action: Action) -> None:
        before = self.state
        self.state = apply(before, action)
        if self.writer is not None:
            self.writer.record(action)
        secret = isinstance(action, Draw) and action.seat != self.game.seat
        who = " (you)" if action.seat == self.game.seat else ""
        self.say(f"  {move_text(before, action, hide_draw=secret)}{who}")
        if self.state.phase in (Phase.ROUND_OVER, Phase.MATCH_OVER):
            self.say(f"\n--- round {self.state.round_number} over: score sheet ---")
            for line in score_sheet(self.state, score_round(self.state)):
                self.say(line)

    def ask(self) -> Action:
        """The human's move: read until a line names a legal one (raises Quit)."""
        choices = legal_actions(self.state)
        self.say()
        for line in table_lines(self.state, self.game.seat):
            self.say(line)
        self._list(choices)
        while True:
            self.out.write("your move> ")
            self.out.flush()
            text = self.stdin.readline()
            if not text:
                self.say("\nend of input: quitting")
                raise Quit
            text = text.strip()
            if not self.stdin.isatty():
                self.say(text)  # a scripted session reads like a typed one
            if text.lower() in ("q", "quit"):
                raise Quit
            if not text:
                continue
            if text.lower() in ("help", "?"):
                self.say(HELP)
                self._list(choices)
                continue
            if text.isdigit():
                if 1 <= int(text) <= len(choices):
                    return choices[int(text) - 1]
                self.say(f"no move {text}: choose 1 to {len(choices)}")
                continue
            try:
                action = parse_move(text, self.state, self.game.seat)
                answer = explain(self.state, action, self.game.docs)
            except MalformedInput as error:
                self.say(str(error))
                continue
            if answer.next_state is not None:
                return answer.action
            for line in answer.refusal_lines("refused"):
                self.say(line)
            self.say("nothing changed; choose again (help lists the ways to move)")

    def _list(self, choices: tuple[Action, ...]) -> None:
        for number, action in enumerate(choices, start=1):
            self.say(f"  {number:>2}. {move_text(self.state, action)}")

    def run(self) -> None:
        game = self.game
        title = self.state.rules.title
        self.say(f"{title}: {game.players} players, {self.state.teams} teams, seed {game.seed}")
        self.say(f"you are seat {game.seat} (team {self.state.team_of(game.seat)})")
        self.say(HELP)
        try:
            while not self.finished():
                self.step()
        except Quit:
            self.say("you left the game")
            return
        if self.state.phase is Phase.MATCH_OVER:
            winners = ", ".join(map(str, match_winners(self.state)))
            self.say(f"\nmatch over; winning teams: {winners}")
        else:
            scores = ", ".join(f"team {t}: {s}" for t, s in enumerate(self.state.scores))
            self.say(f"\n{self.state.round_number} round(s) played; match score {scores}")

    def finished(self) -> bool:
        """The match is over, or the rounds asked for are played."""
        if self.state.phase is Phase.MATCH_OVER:
            return True
        rounds = self.game.rounds
        return is_chance(self.state) and rounds is not None and self.state.round_number >= rounds

    def step(self) -> None:
        """One action: a deal, a bot's move or the human's (who may Quit)."""
        state, game = self.state, self.game
        if is_chance(state):
            self.say(f"\n=== round {state.round_number + 1} ===")
            self.take(deal_from_seed(state, round_seed(game.seed, state.round_number + 1)))
            return
        bot = game.bots.get(state.actor) if state.actor is not None else None
        if bot is not None:
            self.take(bot.choose(state))
            return
        choices = legal_actions(state)
        # The draw is the only move at the start of a turn (TURN-DRAW): made for the human.
        self.take(choices[0] if choices == (Draw(game.seat),) else self.ask())
