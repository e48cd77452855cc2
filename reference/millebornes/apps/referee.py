"""Judging moves for people: a recorded game (``referee``) or one action (``explain``),
in every rule family (through :mod:`millebornes.api`).

An illegal move is reported with the IDs of the rules it breaks (``violations``), each
rule's statement in one line, read from the spec itself (:mod:`millebornes.core.spec_index`),
and the page of the docs site where the rule is (``id/RULE.html``): the local build when
it is there, else the page it will be at once built (:func:`docs_base` says how).
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

from millebornes import api
from millebornes._spec import spec_dir
from millebornes.apps.board import move_text
from millebornes.apps.record import CLASSIC, Transcript
from millebornes.core.spec_index import spec_entries
from millebornes.families.classic.scoring import match_winners, score_round
from millebornes.families.classic.serialize import sheet_to_dict
from millebornes.families.classic.state import Phase

State = Any
"""A state of any family."""
Action = Any
"""An action of any family."""

DOCS_BASE = "docs/_build/html/"
"""Where the docs site is built, relative to the repository (``tools/build_docs.sh``)."""
BUILD_HINT = (
    "(the rule pages are not built here: bash tools/build_docs.sh builds them into"
    " docs/_build/html, or give --docs URL)"
)
"""Said under the rules of a refusal when the links lead to a site that is not built."""


def built_site() -> Path | None:
    """The local build of the docs site with its rule pages, if there is one."""
    site = spec_dir().parent / DOCS_BASE
    return site if (site / "id").is_dir() and (site / "index.html").is_file() else None


def docs_base(given: str | None = None) -> tuple[str, bool]:
    """Where rule links point, and whether the pages are there: ``given`` (``--docs``) as
    it is; else the local build as a ``file://`` address when it is built; else the place
    it will be built at (``docs/_build/html/``), not there yet."""
    if given is not None:
        return given, True
    site = built_site()
    if site is None:
        return DOCS_BASE, False
    return site.resolve().as_uri() + "/", True


_SENTENCE_END = re.compile(r"(?<=[.!?])\s+(?=[A-Z(])")
_PART = {"ruling": "**Decision.**", "assumption": "**Value.**"}


@cache
def _texts() -> dict[str, tuple[str, str]]:
    return {entry.id: (entry.kind, entry.text) for entry in spec_entries()}


def statement(rule_id: str) -> str:
    """The first sentence of a rule (of a ruling's decision, of an assumption's value),
    on one line, without Markdown."""
    kind, text = _texts().get(rule_id, ("", ""))
    if not text:
        return "(not a statement of the specification)"
    return first_sentence(text, _PART.get(kind))


def first_sentence(text: str, part: str | None, end: re.Pattern[str] = _SENTENCE_END) -> str:
    """The first sentence of ``text`` (after the heading ``part`` when it has one), on one
    line, without Markdown; ``end`` finds where a sentence ends (the French page's
    statements are cut the same way, millebornes.apps.french)."""
    if part and part in text:
        text = text.split(part, 1)[1]
        text = text.split("**", 1)[0]  # up to the next part's heading
    flat = " ".join(text.replace("`", "").replace("**", "").split())
    return end.split(flat, 1)[0]


@dataclass(frozen=True, slots=True)
class Reason:
    """One rule an action breaks, as a person reads it."""

    rule_id: str
    statement: str
    link: str

    def lines(self) -> list[str]:
        return [f"  {self.rule_id}: {self.statement}", f"    see {self.link}"]

    def to_dict(self) -> dict[str, str]:
        return {"id": self.rule_id, "statement": self.statement, "link": self.link}


def reasons(rule_ids: tuple[str, ...], docs: str = DOCS_BASE) -> tuple[Reason, ...]:
    return tuple(Reason(r, statement(r), f"{docs}id/{r}.html") for r in rule_ids)


@cache
def _unbuilt(docs: str) -> bool:
    return docs == DOCS_BASE and built_site() is None


@dataclass(frozen=True, slots=True)
class Explanation:
    """One action judged in one state: the rules it breaks, or the state it leads to."""

    state: State
    action: Action
    reasons: tuple[Reason, ...]
    next_state: State | None

    def refusal_lines(self, label: str) -> Iterator[str]:
        """The refused action, the IDs it breaks, and each rule in words with its page."""
        ids = ", ".join(reason.rule_id for reason in self.reasons)
        yield f"{label}: {move_text(self.state, self.action)} (breaks {ids})"
        for reason in self.reasons:
            yield from reason.lines()
        if self.reasons and _unbuilt(self.reasons[0].link.split("id/", 1)[0]):
            yield f"    {BUILD_HINT}"


def explain(state: State, action: Action, docs: str = DOCS_BASE) -> Explanation:
    """``action`` judged in ``state``, a state of any family."""
    broken = api.violations(state, action)
    if broken:
        return Explanation(state, action, reasons(broken, docs), None)
    return Explanation(state, action, (), api.apply(state, action))


@dataclass(frozen=True, slots=True)
class IllegalMove:
    """The first illegal move of a transcript: its line, and why it is refused."""

    line: int
    why: Explanation


@dataclass(frozen=True, slots=True)
class Verdict:
    """The outcome of replaying a transcript: its first illegal move, or none."""

    final: State
    """The state after the last legal move."""
    actions: int
    """How many moves were legal."""
    rounds: tuple[State, ...]
    """The classic family: the state at the end of every round finished, whose score sheet
    it shows (the other families play one game: none)."""
    illegal: IllegalMove | None

    @property
    def family(self) -> str:
        return api.family_of(self.final).name


def referee(transcript: Transcript, docs: str = DOCS_BASE) -> Verdict:
    """Replay ``transcript`` from its start (the classic match before its first deal, the
    other families' game as its header deals it), stopping at the first action that
    breaks a rule."""
    state = transcript.header.start()
    classic = transcript.header.family == CLASSIC
    rounds: list[State] = []
    for count, entry in enumerate(transcript.entries):
        answer = explain(state, entry.action, docs)
        if answer.next_state is None:
            return Verdict(state, count, tuple(rounds), IllegalMove(entry.line, answer))
        state = answer.next_state
        if (
            classic
            and state.phase in (Phase.ROUND_OVER, Phase.MATCH_OVER)
            and (not rounds or rounds[-1].round_number != state.round_number)
        ):
            rounds.append(state)
    return Verdict(state, len(transcript.entries), tuple(rounds), None)


def state_before(transcript: Transcript, line: int, docs: str = DOCS_BASE) -> Verdict:
    """The replay of the action lines above ``line`` (a line number of the file): its
    ``final`` is the state in which the line's action is taken; ``illegal`` names an
    earlier line that breaks a rule, where the replay stopped."""
    before = tuple(entry for entry in transcript.entries if entry.line < line)
    return referee(Transcript(transcript.header, before), docs)


def verdict_to_dict(verdict: Verdict) -> dict[str, Any]:
    if verdict.family != CLASSIC:
        return _game_verdict(verdict)
    data: dict[str, Any] = {
        "verdict": "illegal" if verdict.illegal else "legal",
        "legal_moves": verdict.actions,
        "rounds": [
            {"round": end.round_number, **sheet_to_dict(score_round(end))} for end in verdict.rounds
        ],
        "match_over": verdict.final.phase is Phase.MATCH_OVER,
        "match_winners": list(match_winners(verdict.final)),
        "scores": list(verdict.final.scores),
    }
    return _with_illegal(data, verdict)


def _game_verdict(verdict: Verdict) -> dict[str, Any]:
    """The verdict of a family that plays one game: its winners and score, once over."""
    final = verdict.final
    data: dict[str, Any] = {
        "verdict": "illegal" if verdict.illegal else "legal",
        "family": verdict.family,
        "legal_moves": verdict.actions,
        "game_over": api.actor(final) is None,
        "winners": list(api.winners(final)),
        "score": api.score(final),
    }
    return _with_illegal(data, verdict)


def _with_illegal(data: dict[str, Any], verdict: Verdict) -> dict[str, Any]:
    if verdict.illegal is not None:
        data["line"] = verdict.illegal.line
        data["action"] = api.action_to_dict(verdict.illegal.why.action)
        data["rules"] = [reason.to_dict() for reason in verdict.illegal.why.reasons]
    return data
