"""The engine behind the docs site's live page, "Can I play this?" (``docs/live.md``).

The page runs this module in the reader's browser (Pyodide). Its JavaScript keeps one
:class:`Table` and calls its methods with plain strings and numbers; every answer is a
JSON text, so nothing but strings crosses between the two languages. Everything the
page sends is outside input: a bad value becomes ``{"error": "..."}``, one clear line,
never an exception in the page.

Every rule set is played through the neutral API (:mod:`millebornes.api`): the classic
family (classic, Cars, Astérix, Allonge; a match of rounds, each dealt from the match
seed), Fun & Speed and As du Volant (one game, dealt from the seed). The table, the moves
in words and the moves typed by name are each family's (:mod:`millebornes.apps.board`);
the judging is the engine's own: :func:`millebornes.apps.referee.explain` (the rule IDs
an action breaks, ``violations``), the greedy bot of :mod:`millebornes.apps.bots`, and
the transcript referee of :mod:`millebornes.apps.referee`. Rule links are relative to
the page (``id/RULE.html``), so they lead to the site the page is part of, in its
language.

Against the bot, the reader sees what their seat may see and nothing else: their own
hand, every table, never another seat's hand or the draw pile's order (another seat's
draw is "a card", a move listed never names the card it would draw, and the state's
JSON, which holds every hand, is not handed to the page).
"""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

from millebornes import api
from millebornes.apps import board
from millebornes.apps.board import move_text, table_lines
from millebornes.apps.moves import Choice
from millebornes.apps.record import CLASSIC, read_transcript
from millebornes.apps.referee import explain, referee, verdict_to_dict
from millebornes.apps.roster import make_bot
from millebornes.core.errors import MilleBornesError
from millebornes.core.shuffle import round_seed
from millebornes.families.classic.actions import Draw
from millebornes.families.classic.engine import new_match
from millebornes.families.classic.scoring import score_round
from millebornes.families.classic.state import Phase
from millebornes.families.classic.transcript import score_sheet, whose_move
from millebornes.registry import family_of_edition

DOCS = ""
"""Rule links are ``id/RULE.html`` relative to the live page, which is at the site's root."""
BOT_SALT = 0xB075
"""Mixed into the match seed for the bot's own choices (as ``millebornes play`` does)."""
MAX_BOT_MOVES = 10_000
"""A bound on the moves made for the bot in one call: a round or a turn is far shorter."""
MAX_TEXT = 1_000_000
"""A pasted text longer than this (in characters) is refused before it is read."""

State = Any
"""A state of any family."""
Action = Any
"""An action of any family."""


def _answer(work: Callable[[], dict[str, Any]]) -> str:
    """``work``'s answer as JSON, or the one-line error that bad input gives."""
    try:
        return json.dumps(work(), ensure_ascii=False)
    except (MilleBornesError, ValueError) as error:
        return json.dumps({"error": str(error)}, ensure_ascii=False)


def editions() -> str:
    """Every rule set (``millebornes.editions()``): its id, family, title, seat counts
    (with teams and goal) and options, for the page's selectors."""
    return json.dumps(
        [
            {
                "id": info.id,
                "family": info.family,
                "title": info.title,
                "players": list(info.seat_counts),
                "seats": [
                    {"players": row.players, "teams": row.teams, "goal": row.goal}
                    for row in info.seats
                ],
                "options": list(info.options),
            }
            for info in api.editions()
        ],
        ensure_ascii=False,
    )


def _options(text: str) -> tuple[str, ...]:
    """Option names separated by commas or spaces (``goal_700, race``)."""
    if not isinstance(text, str):
        raise ValueError(f"options: option names separated by commas, not {text!r}")
    return tuple(word for word in text.replace(",", " ").split() if word)


def _classic(state: State) -> bool:
    return api.family_of(state).name == CLASSIC


def _words(state: State, action: Action, viewer: int | None) -> str:
    """A move not yet made, in words, as ``viewer`` may see it: a classic draw never names
    the card it would draw (the draw pile's order stays hidden, as in the other families)."""
    if isinstance(action, Draw):
        return move_text(state, action, hide_draw=True)
    return move_text(state, action, viewer=viewer)


class Table:
    """One game on the live page: the state, the seed, and the human's seat when the
    greedy bot plays every other seat (``None``: the reader moves for every seat)."""

    def __init__(self) -> None:
        self.state: State | None = None
        self.seed = 0
        self.human: int | None = None
        self.detail: tuple[Action, ...] = ()
        """The actions one listed move stands for, its detail chosen after (the cards of
        Fun & Speed's Police, FS-POLICE, chosen once the hand is seen)."""
        self.bot = "greedy"
        """The roster bot (:mod:`millebornes.apps.roster`) that plays every other seat."""

    # --- setting up ------------------------------------------------------------------

    def start(
        self, edition: str, players: int, seed: int, against_bot: bool, options: str = ""
    ) -> str:
        """A new game of ``edition`` at ``players`` seats with ``options`` (names separated
        by commas): the classic family's match, its first round dealt from ``seed``
        (SHUFFLE-MATCH-SEEDS); the other families' game dealt from ``seed``. With
        ``against_bot`` the reader plays seat 0 and the greedy bot every other seat."""

        def work() -> dict[str, Any]:
            self._new(edition, players, seed, options)
            self.human = 0 if against_bot else None
            return self._view(self._run_others())

        return _answer(work)

    def _new(self, edition: str, players: int, seed: int, options: str) -> None:
        """The game set up as ``start`` describes it, before anybody moves."""
        if isinstance(seed, bool) or not isinstance(seed, int) or not 0 <= seed < 2**64:
            raise ValueError(f"seed: expected an integer from 0 to 2**64 - 1, not {seed}")
        chosen = _options(options)
        if family_of_edition(edition).name == CLASSIC:
            state = new_match(edition, players, chosen)
        else:
            state = api.new_game(edition, players, chosen, seed=seed)
        self.state, self.seed, self.detail = state, seed, ()

    def load(self, state_json: str) -> str:
        """Continue from a pasted state of any family; the reader moves for every seat."""

        def work() -> dict[str, Any]:
            self._short(state_json)
            self.state, self.human, self.detail = api.from_json(state_json), None, ()
            return self._view(self._run_others())

        return _answer(work)

    # --- moving ----------------------------------------------------------------------

    def pick(self, index: int, detail: int = -1) -> str:
        """Make the legal move number ``index`` (0-based) of the list the page shows. A
        move whose detail is chosen after (the Police's cards) answers its choices
        (``choose``) until ``detail`` picks one of them."""

        def work() -> dict[str, Any]:
            state = self._state()
            choices = self._menu(state)
            if not 0 <= index < len(choices):
                raise ValueError(f"no move {index + 1}: choose 1 to {len(choices)}")
            actions = choices[index].actions
            if len(actions) == 1:
                return self._take(state, actions[0])
            self.detail = actions
            if detail < 0:
                return self._view([])
            return self._detail(state, detail)

        return _answer(work)

    def choose(self, detail: int) -> str:
        """Make the choice number ``detail`` (0-based) of the move whose detail is asked."""

        def work() -> dict[str, Any]:
            return self._detail(self._state(), detail)

        return _answer(work)

    def try_move(self, text: str) -> str:
        """Judge a typed move, by name in the game's family (``play D200``, ``discard
        STOP``, ``cf``, ``attack STOP 1 !``, ``move D50 acc``…, for the seat to act) or as
        action JSON. Legal: it is made. Illegal: the rule IDs it breaks with their
        statements and links, and the state unchanged."""

        def work() -> dict[str, Any]:
            state = self._state()
            named = self._parse(state, text.strip())
            if isinstance(named, tuple):  # the Police named without its cards
                self.detail = named
                return self._view([])
            answer = explain(state, named, DOCS)
            if answer.next_state is None:
                return {
                    "legal": False,
                    "move": _words(state, named, self._viewer(state)),
                    "rules": [reason.to_dict() for reason in answer.reasons],
                    **self._view([]),
                }
            return self._take(state, named)

        return _answer(work)

    def referee(self, transcript: str) -> str:
        """Replay a pasted transcript of any family (spec/transcript.md): its first illegal
        move with the rules it breaks, or the outcome; the page shows the final position."""

        def work() -> dict[str, Any]:
            self._short(transcript)
            verdict = referee(read_transcript(transcript.splitlines()), DOCS)
            self.state, self.human, self.detail = verdict.final, None, ()
            found = verdict_to_dict(verdict)
            if verdict.illegal is not None:
                why = verdict.illegal.why
                found["move"] = _words(why.state, why.action, None)
            return {"verdict": found, **self._view([])}

        return _answer(work)

    def next_round(self) -> str:
        """Deal the next round (from the match seed) after a classic round is over."""

        def work() -> dict[str, Any]:
            state = self._state()
            if not _classic(state):
                raise ValueError(f"no rounds in {api.family_of(state).name}: one game is played")
            if state.phase is not Phase.ROUND_OVER:
                raise ValueError("the round is not over: " + whose_move(state))
            return self._take(state, self._deal(state))

        return _answer(work)

    # --- inside ----------------------------------------------------------------------

    def _state(self) -> State:
        if self.state is None:
            raise ValueError("no game yet: start one or paste a state")
        return self.state

    @staticmethod
    def _short(text: str) -> None:
        if not isinstance(text, str):
            raise ValueError("paste a text")
        if len(text) > MAX_TEXT:
            raise ValueError(f"the text is too long: {len(text)} characters (at most {MAX_TEXT})")

    def _viewer(self, state: State) -> int | None:
        """The seat whose table is shown: the reader's against the bot, else the actor's."""
        return self.human if self.human is not None else api.actor(state)

    def _over(self, state: State) -> bool:
        """The game (the classic round) is over: no move but the next round's deal."""
        if _classic(state):
            return bool(state.phase in (Phase.ROUND_OVER, Phase.MATCH_OVER))
        return api.actor(state) is None

    def _menu(self, state: State) -> list[Choice]:
        """The legal moves as listed for the seat to act (the family's own list: Fun &
        Speed's Police once per opponent, its cards chosen after)."""
        if self._over(state) or api.is_chance(state):
            return []
        seat = api.actor(state)
        if seat is None or (self.human is not None and seat != self.human):
            return []
        legal = api.legal_actions(state)
        if _classic(state):
            return [Choice(_words(state, action, seat), (action,)) for action in legal]
        return board.menu(state, legal, seat)

    def _detail(self, state: State, detail: int) -> dict[str, Any]:
        actions = self.detail
        if not actions:
            raise ValueError("no move is waiting for a choice: pick one of the list")
        if not 0 <= detail < len(actions):
            raise ValueError(f"no choice {detail + 1}: choose 1 to {len(actions)}")
        return self._take(state, actions[detail])

    def _parse(self, state: State, text: str) -> Action:
        if not text:
            raise ValueError("type a move, e.g. play D100, discard STOP, cf, or action JSON")
        if len(text) > 2000:
            raise ValueError(f"not a move: a line of {len(text)} characters")
        if text.startswith("{"):
            return api.action_from_json(state, text)
        seat = api.actor(state)
        if seat is None:
            raise ValueError("nobody is to move: " + self._whose(state))
        return board.parse_move(text, state, seat)

    def _whose(self, state: State) -> str:
        if _classic(state):
            return whose_move(state)
        text: str = board.family_table(state).whose_move(state)
        return text

    def _take(self, state: State, action: Action) -> dict[str, Any]:
        self.detail = ()
        self.state = self._apply(state, action)
        moves = [self._record(state, action, self.state)]
        moves += self._run_others()
        return {"legal": True, **self._view(moves)}

    def _apply(self, state: State, action: Action) -> State:
        """Every action made goes through here (the Play page records it for its transcript)."""
        return api.apply(state, action)

    def _record(self, before: State, action: Action, after: State) -> str:
        """A move made, in words; another seat's draw (and Police) stays secret when the
        reader plays against the bot."""
        return move_text(before, action, viewer=self.human, after=after)

    def _deal(self, state: State) -> Action:
        """The deal of a chance node from the match seed (SHUFFLE-MATCH-SEEDS)."""
        number = getattr(state, "round_number", 0) + 1
        return api.chance_action(state, round_seed(self.seed, number))

    def _run_others(self) -> list[str]:
        """Deal from the seed, and move for the bot, until the reader must act; against
        the bot, the reader's moves with nothing to choose (a lone draw, a window they
        have nothing to answer with) are made too, as ``millebornes play`` does."""
        moves: list[str] = []
        for _ in range(MAX_BOT_MOVES):
            state = self._state()
            if self._over(state):
                return moves  # the page shows the result and deals on request
            seat = api.actor(state)
            if api.is_chance(state):
                action = self._deal(state)
            elif self.human is None or seat is None:
                return moves
            elif seat != self.human:
                salt = self.seed ^ BOT_SALT ^ seat ^ len(moves)
                action = make_bot(self.bot, salt).choose(state)
            else:
                action = board.auto_move(state, api.legal_actions(state))
                if action is None:
                    return moves
            self.state = self._apply(state, action)
            if not board.is_quiet(state, action):
                moves.append(self._record(state, action, self.state))
        return moves

    def _result(self, state: State) -> list[str]:
        """The classic round's score sheet once it is over; the other families' result
        (and points) once the game is over."""
        if not self._over(state):
            return []
        if _classic(state):
            return list(score_sheet(state, score_round(state))) + board.end_lines(state)
        return board.end_lines(state)

    def _view(self, moves: list[str]) -> dict[str, Any]:
        """What the page shows: the moves just made, the table as the reader's seat sees
        it, the legal moves (and the choices of one whose detail is asked), the result
        once over, and the state as JSON when nothing is hidden from the reader (they move
        for every seat; against the bot it holds the bot's hand, so it is not given)."""
        state = self._state()
        actor = api.actor(state)
        viewer = self._viewer(state)
        choose: dict[str, Any] | None = None
        if self.detail:
            table = board.family_table(state)
            choose = {
                "text": table.follow_up(state, self.detail),
                "moves": [_words(state, action, viewer) for action in self.detail],
            }
        return {
            "family": api.family_of(state).name,
            "moves_made": moves,
            "table": table_lines(state, viewer),
            "whose_move": self._whose(state),
            "your_turn": self.human is None or actor == self.human,
            "legal_moves": [
                {
                    "text": choice.text,
                    "action": (
                        api.action_to_dict(choice.actions[0]) if len(choice.actions) == 1 else None
                    ),
                }
                for choice in self._menu(state)
            ],
            "choose": choose,
            "help": board.help_text(state),
            "score_sheet": self._result(state),
            "round_over": _classic(state) and state.phase is Phase.ROUND_OVER,
            "game_over": (state.phase is Phase.MATCH_OVER if _classic(state) else actor is None),
            "state": api.to_json(state) if self.human is None else None,
        }
