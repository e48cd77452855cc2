"""The engine behind the docs site's live page, "Can I play this?" (``docs/live.md``).

The page runs this module in the reader's browser (Pyodide). Its JavaScript keeps one
:class:`Table` and calls its methods with plain strings and numbers; every answer is a
JSON text, so nothing but strings crosses between the two languages. Everything the
page sends is outside input: a bad value becomes ``{"error": "..."}``, one clear line,
never an exception in the page.

The judging is the engine's own: :func:`millebornes.apps.referee.explain` (the rule IDs an
action breaks, ``violations``), the greedy bot of :mod:`millebornes.apps.bots`, and the
transcript referee of :mod:`millebornes.apps.referee`. Rule links are relative to the page
(``id/RULE.html``), so they lead to the site the page is part of, in its language.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

from millebornes.apps.board import move_text, table_lines
from millebornes.apps.bots import make_bot
from millebornes.apps.play import parse_move
from millebornes.apps.record import read_transcript
from millebornes.apps.referee import explain, referee, verdict_to_dict
from millebornes.core.errors import MilleBornesError
from millebornes.core.shuffle import round_seed
from millebornes.families.classic.actions import Action, Draw
from millebornes.families.classic.deal import deal_from_seed
from millebornes.families.classic.edition import edition_ids, load_edition
from millebornes.families.classic.engine import apply, is_chance, legal_actions, new_match
from millebornes.families.classic.scoring import score_round
from millebornes.families.classic.serialize import (
    action_from_json,
    action_to_dict,
    from_json,
    to_json,
)
from millebornes.families.classic.state import Phase, State
from millebornes.families.classic.transcript import score_sheet, whose_move

DOCS = ""
"""Rule links are ``id/RULE.html`` relative to the live page, which is at the site's root."""
BOT_SALT = 0xB075
"""Mixed into the match seed for the bot's own choices (as ``millebornes play`` does)."""
MAX_BOT_MOVES = 10_000
"""A bound on the moves made for the bot in one call: a round is far shorter."""


def _answer(work: Callable[[], dict[str, Any]]) -> str:
    """``work``'s answer as JSON, or the one-line error that bad input gives."""
    try:
        return json.dumps(work(), ensure_ascii=False)
    except (MilleBornesError, ValueError) as error:
        return json.dumps({"error": str(error)}, ensure_ascii=False)


def editions() -> str:
    """Every edition with its title and seat counts, for the page's selectors."""
    return json.dumps(
        [
            {"id": ident, "title": edition.title, "players": list(edition.seat_counts)}
            for ident in edition_ids()
            for edition in (load_edition(ident),)
        ],
        ensure_ascii=False,
    )


class Table:
    """One game on the live page: the state, the match seed, and the human's seat when
    the greedy bot plays every other seat (``None``: the reader moves for every seat)."""

    def __init__(self) -> None:
        self.state: State | None = None
        self.seed = 0
        self.human: int | None = None

    # --- setting up ------------------------------------------------------------------

    def start(self, edition: str, players: int, seed: int, against_bot: bool) -> str:
        """A new match of ``edition`` at ``players`` seats, its first round dealt from
        ``seed`` (SHUFFLE-MATCH-SEEDS); with ``against_bot`` the reader plays seat 0."""

        def work() -> dict[str, Any]:
            if seed < 0:
                raise ValueError(f"seed: expected a non-negative integer, not {seed}")
            self.state = new_match(edition, players)
            self.seed = seed
            self.human = 0 if against_bot else None
            return self._view(self._run_others())

        return _answer(work)

    def load(self, state_json: str) -> str:
        """Continue from a pasted state (millebornes-state/1); the reader moves for all."""

        def work() -> dict[str, Any]:
            self.state = from_json(state_json)
            self.human = None
            return self._view(self._run_others())

        return _answer(work)

    # --- moving ----------------------------------------------------------------------

    def pick(self, index: int) -> str:
        """Make the legal move number ``index`` (0-based) of the list the page shows."""

        def work() -> dict[str, Any]:
            state = self._state()
            choices = legal_actions(state)
            if not 0 <= index < len(choices):
                raise ValueError(f"no move {index + 1}: choose 1 to {len(choices)}")
            return self._take(state, choices[index])

        return _answer(work)

    def try_move(self, text: str) -> str:
        """Judge a typed move: by name (``play D200``, ``discard STOP``, ``cf``…, for the
        seat to act) or as action JSON. Legal: it is made. Illegal: the rule IDs it breaks
        with their statements and links, and the state unchanged."""

        def work() -> dict[str, Any]:
            state = self._state()
            action = self._parse(state, text.strip())
            answer = explain(state, action, DOCS)
            if answer.next_state is None:
                return {
                    "legal": False,
                    "move": move_text(state, action),
                    "rules": [reason.to_dict() for reason in answer.reasons],
                    **self._view([]),
                }
            return self._take(state, action)

        return _answer(work)

    def referee(self, transcript: str) -> str:
        """Replay a pasted transcript (spec/transcript.md): its first illegal move with
        the rules it breaks, or the score sheets; the page shows the final position."""

        def work() -> dict[str, Any]:
            verdict = referee(read_transcript(transcript.splitlines()), DOCS)
            self.state, self.human = verdict.final, None
            found = verdict_to_dict(verdict)
            if verdict.illegal is not None:
                found["move"] = move_text(verdict.illegal.why.state, verdict.illegal.why.action)
            return {"verdict": found, **self._view([])}

        return _answer(work)

    # --- inside ----------------------------------------------------------------------

    def _state(self) -> State:
        if self.state is None:
            raise ValueError("no game yet: start one or paste a state")
        return self.state

    def _parse(self, state: State, text: str) -> Action:
        if not text:
            raise ValueError("type a move, e.g. play D100, discard STOP, cf, or action JSON")
        if text.startswith("{"):
            return action_from_json(text)
        if state.actor is None:
            raise ValueError("nobody is to move: " + whose_move(state))
        action: Action = parse_move(text, state, state.actor)
        return action

    def _take(self, state: State, action: Action) -> dict[str, Any]:
        moves = [self._record(state, action)]
        self.state = apply(state, action)
        moves += self._run_others()
        return {"legal": True, **self._view(moves)}

    def _record(self, state: State, action: Action) -> str:
        """The move in words; another seat's draw stays secret when the reader plays one."""
        secret = self.human is not None and isinstance(action, Draw) and action.seat != self.human
        return move_text(state, action, hide_draw=secret)

    def _run_others(self) -> list[str]:
        """Deal from the match seed, and move for the bot, until the reader must act;
        against the bot, the reader's lone draw is made too (TURN-DRAW)."""
        moves: list[str] = []
        for _ in range(MAX_BOT_MOVES):
            state = self._state()
            if state.phase in (Phase.ROUND_OVER, Phase.MATCH_OVER):
                return moves  # the page shows the score sheet and deals on request
            if is_chance(state):
                number = state.round_number + 1
                action: Action = deal_from_seed(state, round_seed(self.seed, number))
            elif self.human is None:
                return moves
            elif state.actor != self.human:
                seat = state.actor if state.actor is not None else 0
                action = make_bot("greedy", self.seed ^ BOT_SALT ^ seat ^ len(moves)).choose(state)
            elif legal_actions(state) == (Draw(self.human),):
                action = Draw(self.human)
            else:
                return moves
            moves.append(self._record(state, action))
            self.state = apply(state, action)
        return moves

    def next_round(self) -> str:
        """Deal the next round (from the match seed) after a round is over."""

        def work() -> dict[str, Any]:
            state = self._state()
            if state.phase is not Phase.ROUND_OVER:
                raise ValueError("the round is not over: " + whose_move(state))
            deal = deal_from_seed(state, round_seed(self.seed, state.round_number + 1))
            return self._take(state, deal)

        return _answer(work)

    def _view(self, moves: list[str]) -> dict[str, Any]:
        """What the page shows: the moves just made, the table, the legal moves, the
        score sheet at a round's end, and the state as JSON (to copy and paste back)."""
        state = self._state()
        over = state.phase in (Phase.ROUND_OVER, Phase.MATCH_OVER)
        choices = () if over or is_chance(state) else legal_actions(state)
        actor = state.actor
        return {
            "moves_made": moves,
            "table": table_lines(state, self.human if self.human is not None else actor),
            "whose_move": whose_move(state),
            "your_turn": self.human is None or actor == self.human,
            "legal_moves": [
                {"text": move_text(state, choice), "action": action_to_dict(choice)}
                for choice in choices
            ],
            "score_sheet": list(score_sheet(state, score_round(state))) if over else [],
            "round_over": state.phase is Phase.ROUND_OVER,
            "state": to_json(state),
        }
