"""The engine behind the docs site's Play page (``docs/play.md``): a game of any rule set
against the roster's bots, the human at any seat, seen as cards on a table.

It is the live page's :class:`~millebornes.apps.live.Table` (same dealing from the match
seed, same bots' turns, same refusals with rule IDs, same transcript referee) with
another answer: instead of text lines, :meth:`PlayTable._view` gives the table as data
(:mod:`millebornes.apps.play_view`) and, for each card in the human's hand, the legal
moves that use it grouped by where the card goes, or, for a card with none, the rules a
play of it breaks. Moves are named by their number in ``api.legal_actions`` (``act``), so
the page never builds an action itself. Every action made is kept, so the game can be
downloaded as a transcript that ``millebornes referee`` accepts, and a transcript can be
loaded and replayed one action at a time.

As on the live page, every answer is a JSON text and anything the page sends is outside
input: a bad value is ``{"error": "..."}`` naming what was wrong, never an exception.
"""

from __future__ import annotations

import json
from typing import Any

from millebornes import api
from millebornes.apps import board, french, play_view
from millebornes.apps.live import DOCS, Table, _answer, _words
from millebornes.apps.play_view import CLASSIC, JsonDict, card, card_of, family, target_of
from millebornes.apps.record import (
    Entry,
    Header,
    action_line,
    dealt_deck,
    header_line,
    read_transcript,
)
from millebornes.apps.referee import Reason, explain
from millebornes.apps.roster import BOTS
from millebornes.families.classic.scoring import score_round
from millebornes.families.classic.serialize import sheet_to_dict
from millebornes.families.classic.state import Phase
from millebornes.families.classic.transcript import SHEET_LABELS

State = Any
Action = Any

SETUP_FIELDS: tuple[tuple[str, type], ...] = (
    ("edition", str),
    ("players", int),
    ("seed", int),
    ("seat", int),
    ("bot", str),
    ("options", list),
)
"""The fields of the page's set-up, in order, with their JSON types."""
PASSING = ("Pass", "Decline")
"""The answers of a window that let the thing stand: the prompt's Pass button."""
LANGUAGES = ("en", "fr")
"""The page's languages: the engine's words are English, or French from the catalogues
(:mod:`millebornes.apps.french`)."""


def roster() -> str:
    """The bots the page offers (every roster bot), as a JSON list of names."""
    return api_json(list(BOTS))


def api_json(value: Any) -> str:
    return _answer(lambda: {"value": value})


class PlayTable(Table):
    """One game on the Play page: the live page's table plus the human's seat, the bot's
    name, every action made (for the transcript) and a transcript being replayed; its
    words in ``language`` (``en`` or ``fr``)."""

    def __init__(self, language: str = "en") -> None:
        super().__init__()
        if language not in LANGUAGES:
            raise ValueError(f"language: one of {', '.join(LANGUAGES)}, not {language!r}")
        self.language = language
        self.french: french.Translator | None = None
        """The French of the engine's lines, for the edition being played (its card names)."""
        self.edition = ""
        self.actions: list[Action] = []
        self.header: Header | None = None
        self.replaying: tuple[Entry, ...] = ()
        self.cursor = 0
        self.lines = 0
        """Log lines made since the page's last answer: where a car's route belongs."""
        self.routes: list[JsonDict] = []
        """The As du Volant cars' routes since the last answer (``car_route``), for the page
        to move each car square by square as its log line is shown."""

    # --- setting up ------------------------------------------------------------------

    def new_game(self, setup: str) -> str:
        """A new game from the page's set-up, a JSON object: ``edition``, ``players``,
        ``seed``, ``seat`` (the human's), ``bot`` (a roster name, at every other seat) and
        ``options`` (a list of option names); dealt from ``seed``."""

        def work() -> JsonDict:
            self._short(setup)
            edition, players, seed, human, bot, options = _setup(setup)
            self._new(edition, players, seed, options)
            state = self._state()
            self._speak(state)
            if human >= state.players:
                raise ValueError(f"seat: no seat {human} at {state.players} players")
            self.human, self.bot, self.edition = human, bot, edition
            self.actions, self.replaying, self.cursor = [], (), 0
            chosen = tuple(sorted(getattr(state, "options", ())))
            self.header = Header(
                edition,
                state.players,
                chosen,
                seed=seed,
                seats=tuple("human" if s == human else bot for s in range(state.players)),
                deck=dealt_deck(edition, state.players, seed, chosen),
            )
            return self._view(self._run_others())

        return _answer(work)

    # --- moving ----------------------------------------------------------------------

    def act(self, index: int) -> str:
        """Make the legal move number ``index`` of ``api.legal_actions`` (what the view's
        cards, targets, buttons and prompt choices name)."""

        def work() -> JsonDict:
            state = self._state()
            seat = api.actor(state)
            if self.human is not None and seat != self.human:
                raise ValueError(f"move: it is not your turn ({self._whose(state)})")
            legal = api.legal_actions(state) if seat is not None else ()
            if isinstance(index, bool) or not isinstance(index, int):
                raise ValueError(f"move: a move number, not {index!r}")
            if not 0 <= index < len(legal):
                raise ValueError(f"move: no move {index} (0 to {len(legal) - 1})")
            return self._take(state, legal[index])

        return _answer(work)

    def try_card(self, card_id: str, target: str) -> str:
        """Judge ``card_id`` played onto ``target`` (``team:N``, ``seat:N``, ``discard``)
        when no legal move does that: the rule IDs and statements, the table unchanged."""

        def work() -> JsonDict:
            state = self._state()
            seat = self.human if self.human is not None else api.actor(state)
            if seat is None:
                raise ValueError("move: the game is over")
            which = play_view.card_kind(state, card_id)
            action = play_view.representative(state, seat, which)
            action = _retargeted(state, action, target)
            answer = explain(state, action, DOCS)
            if answer.next_state is None:
                return {
                    "legal": False,
                    "move": self._say(_words(state, action, seat)),
                    "rules": self._rules(answer.reasons),
                    **self._view([]),
                }
            return {"legal": None, **self._view([])}

        return _answer(work)

    # --- records ---------------------------------------------------------------------

    def transcript(self) -> str:
        """The game so far as a transcript (spec/transcript.md) that ``millebornes referee``
        accepts: the header, then every action made, deals included."""

        def work() -> JsonDict:
            if self.header is None:
                raise ValueError("no game yet: start one")
            lines = [header_line(self.header)] + [action_line(a) for a in self.actions]
            return {"text": "\n".join(lines) + "\n"}

        return _answer(work)

    def load_replay(self, text: str) -> str:
        """Read a transcript and stand at its start, to replay it one action at a time."""

        def work() -> JsonDict:
            self._short(text)
            recorded = read_transcript(text.splitlines())
            self.header, self.replaying, self.cursor = recorded.header, recorded.entries, 0
            self.state, self.human, self.detail = recorded.header.start(), None, ()
            self.actions = []
            self.edition = recorded.header.edition
            self._speak(self.state)
            return self._view([])

        return _answer(work)

    def replay_step(self) -> str:
        """The next action of the loaded transcript: made if legal; if not, its line and the
        rules it breaks, and the replay stops there."""

        def work() -> JsonDict:
            state = self._state()
            if self.cursor >= len(self.replaying):
                return {"replay_done": True, **self._view([])}
            entry = self.replaying[self.cursor]
            answer = explain(state, entry.action, DOCS)
            if answer.next_state is None:
                return {
                    "legal": False,
                    "line": entry.line,
                    "move": self._say(_words(state, entry.action, None)),
                    "rules": self._rules(answer.reasons),
                    **self._view([]),
                }
            self.cursor += 1
            self.actions.append(entry.action)
            self.state = answer.next_state
            words = self._record(state, entry.action, self.state)
            return {"legal": True, "line": entry.line, **self._view([words])}

        return _answer(work)

    def referee(self, transcript: str) -> str:
        """The live table's referee (the first illegal line with its rules, or the outcome),
        keeping the transcript's header and legal actions as this game's record."""
        answer = super().referee(transcript)
        if '"verdict"' not in answer:
            return answer
        recorded = read_transcript(transcript.splitlines())
        found = json.loads(answer)
        verdict = found["verdict"]
        self.header, self.replaying, self.cursor = recorded.header, (), 0
        self.actions = [entry.action for entry in recorded.entries[: verdict.get("legal_moves", 0)]]
        self.edition = recorded.header.edition
        if self.language == "en":
            return answer
        # The live table wrote the verdict in English: its move and statements said again.
        self._speak(self._state())
        if "move" in verdict:
            verdict["move"] = self._say(verdict["move"])
        for rule in verdict.get("rules", ()):
            rule["statement"] = french.statement(rule["id"], rule["statement"])
        found.update(self._view([]))
        return json.dumps(found, ensure_ascii=False)

    # --- the live table's hooks --------------------------------------------------------

    def _apply(self, state: State, action: Action) -> State:
        self.actions.append(action)
        return super()._apply(state, action)

    def _record(self, before: State, action: Action, after: State) -> str:
        """A move's log line, in the page's language; a car's route kept with its line."""
        squares = play_view.car_route(before, action, after)
        if squares is not None:
            self.routes.append({"log": self.lines, "seat": action.seat, "squares": squares})
        self.lines += 1
        return self._say(super()._record(before, action, after))

    def _whose(self, state: State) -> str:
        return self._say(super()._whose(state))

    def _view(self, moves: list[str]) -> JsonDict:
        """The table as the human's seat (in a replay: the seat to act) sees it, as data."""
        state = self._state()
        actor = api.actor(state)
        seat = self._viewer(state)
        legal = api.legal_actions(state) if actor is not None and not api.is_chance(state) else ()
        mine = seat is not None and actor == seat and not play_view.over(state)
        offered = self._offered(state, legal, seat) if mine and seat is not None else {}
        view: JsonDict = {
            "family": family(state),
            "edition": self.edition,
            "players": state.players,
            "seats": self._seats(state),
            "you": seat,
            "actor": actor,
            "phase": getattr(state.phase, "value", str(state.phase)),
            "whose_move": self._whose(state),
            "table": play_view.table(state, seat),
            "hand": [],
            "cards": {},
            "buttons": [],
            "prompt": None,
            "log": moves,
            "score": self._score(state),
            "round_over": family(state) == CLASSIC and state.phase is Phase.ROUND_OVER,
            "game_over": (
                state.phase is Phase.MATCH_OVER if family(state) == CLASSIC else actor is None
            ),
            "replay": {"at": self.cursor, "of": len(self.replaying)} if self.replaying else None,
            "moves_made": len(self.actions),
            "routes": self.routes,
        }
        # What the next answer logs starts afresh.
        self.lines, self.routes = 0, []
        if seat is None:
            return view
        view["hand"] = [card(state, c) for c in state.hands[seat]]
        if mine and play_view.in_window(state):
            view["prompt"] = self._prompt(state, legal, offered)
            return view
        view["buttons"] = [
            {"move": i, "text": text} for i, text in offered.items() if card_of(legal[i]) is None
        ]
        view["cards"] = self._cards(state, seat, legal, offered)
        return view

    # --- inside ----------------------------------------------------------------------

    def _speak(self, state: State) -> None:
        """The French of the edition now played (its card names), on a French page."""
        if self.language == "fr":
            self.french = french.Translator(play_view.names_fr(state))

    def _say(self, text: str) -> str:
        """One of the engine's lines in the page's language."""
        return self.french.line(text) if self.french is not None else text

    def _rules(self, reasons: tuple[Reason, ...]) -> list[JsonDict]:
        """The rules a move breaks as the page lists them; on a French page, each statement
        in French from the spec's catalogues."""
        found: list[JsonDict] = [reason.to_dict() for reason in reasons]
        if self.language == "fr":
            for rule in found:
                rule["statement"] = french.statement(rule["id"], rule["statement"])
        return found

    def _offered(self, state: State, legal: tuple[Action, ...], seat: int) -> dict[int, str]:
        return {i: self._say(text) for i, text in _offered(state, legal, seat).items()}

    def _seats(self, state: State) -> list[JsonDict]:
        teams = state.teams if family(state) == CLASSIC else state.players
        names = self.header.seats if self.header is not None and self.header.seats else None
        return [
            {
                "seat": s,
                "team": s % teams,
                "who": "you" if s == self.human else (names[s] if names else "—"),
            }
            for s in range(state.players)
        ]

    def _cards(
        self, state: State, seat: int, legal: tuple[Action, ...], offered: dict[int, str]
    ) -> JsonDict:
        """Per card kind in the hand: its legal moves by target; for a kind with no play but
        a discard, the rules a play of it breaks (its ``why``)."""
        found: JsonDict = {}
        for which in sorted(set(state.hands[seat])):
            targets: dict[str, list[JsonDict]] = {}
            for i, text in offered.items():
                if card_of(legal[i]) == which:
                    where = target_of(state, legal[i])
                    targets.setdefault(where, []).append({"move": i, "text": text})
            entry: JsonDict = {"targets": targets, "why": None}
            if not set(targets) - {"discard"}:
                action = play_view.representative(state, seat, which)
                answer = explain(state, action, DOCS)
                entry["why"] = {
                    "move": self._say(_words(state, action, seat)),
                    "rules": self._rules(answer.reasons),
                }
            found[which.name] = entry
        return found

    def _prompt(self, state: State, legal: tuple[Action, ...], offered: dict[int, str]) -> JsonDict:
        """A window's question to the human: its choices, Pass among them."""
        choices = [
            {"move": i, "text": text, "pass": type(legal[i]).__name__ in PASSING}
            for i, text in offered.items()
        ]
        lines = board.table_lines(state, None)
        window = [line.strip() for line in lines if line.strip().startswith("window")]
        return {
            "phase": state.phase.value,
            "text": self._say(window[0]) if window else self._whose(state),
            "choices": choices,
        }

    def _score(self, state: State) -> JsonDict | None:
        """The round's score sheet item by item (classic family, once the round is over);
        the result of the other families' game once it is over."""
        if not play_view.over(state):
            return None
        lines = [self._say(line) for line in board.end_lines(state)]
        if family(state) == CLASSIC:
            sheet = sheet_to_dict(score_round(state))
            used = [
                item
                for item in SHEET_LABELS
                if any(team["items"].get(item) for team in sheet["teams"])
            ]
            return {
                "items": [{"id": item, "label": self._label(SHEET_LABELS[item])} for item in used],
                "sheet": sheet,
                "match": list(state.scores),
                "lines": lines,
            }
        result = api.score(state)
        return {
            "winners": list(result.get("winners", [])),
            "points": result.get("points"),
            "lines": lines,
        }

    def _label(self, text: str) -> str:
        return self.french.label(text) if self.french is not None else text


def _offered(state: State, legal: tuple[Action, ...], seat: int) -> dict[int, str]:
    """The legal moves the family lists for ``seat`` (``board.menu``: announced Bornes and
    attacks only, no wrong Hold Up), by their number in ``legal``, with their words."""
    listed = {id(a) for choice in board.menu(state, legal, seat) for a in choice.actions}
    return {
        i: _words(state, action, seat) for i, action in enumerate(legal) if id(action) in listed
    }


def _setup(text: str) -> tuple[str, int, int, int, str, str]:
    """The page's set-up read field by field; ValueError naming the field that is wrong."""
    try:
        data = json.loads(text)
    except ValueError as error:
        raise ValueError(f"setup: not JSON ({error})") from None
    if not isinstance(data, dict):
        raise ValueError("setup: a JSON object")
    values: list[Any] = []
    for field, kind in SETUP_FIELDS:
        value = data.get(field)
        if not isinstance(value, kind) or isinstance(value, bool):
            raise ValueError(f"{field}: expected {kind.__name__}, not {value!r}")
        values.append(value)
    edition, players, seed, seat, bot, options = values
    if bot not in BOTS:
        raise ValueError(f"bot: unknown bot {bot!r} (known: {', '.join(BOTS)})")
    if seat < 0:
        raise ValueError(f"seat: a seat number from 0, not {seat}")
    if not all(isinstance(name, str) for name in options):
        raise ValueError(f"options: a list of option names, not {options!r}")
    return edition, players, seed, seat, bot, ",".join(options)


def _retargeted(state: State, action: Action, target: str) -> Action:
    """``action`` aimed at ``target`` (``team:N``, ``seat:N``) when its kind takes one."""
    if not isinstance(target, str):
        raise ValueError(f"target: team:N, seat:N or discard, not {target!r}")
    kind, _, number = target.partition(":")
    if kind not in ("team", "seat") or not number.isdigit() or len(number) > 3:
        return action
    value = int(number)
    for field in ("target", "victim"):
        if hasattr(action, field):
            return type(action)(**{**_fields(action), field: value})
    return action


def _fields(action: Action) -> JsonDict:
    return {name: getattr(action, name) for name in action.__slots__}
