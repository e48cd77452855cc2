"""Judging moves for people: a recorded game (``referee``) or one action (``explain``).

An illegal move is reported with the IDs of the rules it breaks (``violations``), each
rule's statement in one line, read from the spec itself (:mod:`millebornes.core.spec_index`),
and the page of the docs site where the rule is (``id/RULE.html``).
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass
from functools import cache
from typing import Any

from millebornes.apps.board import move_text
from millebornes.apps.record import Transcript
from millebornes.core.spec_index import spec_entries
from millebornes.families.classic.actions import Action
from millebornes.families.classic.engine import apply, violations
from millebornes.families.classic.scoring import match_winners, score_round
from millebornes.families.classic.serialize import action_to_dict, sheet_to_dict
from millebornes.families.classic.state import Phase, State

DOCS_BASE = "docs/_build/html/"
"""Where the docs site is: the local build of ``tools/build_docs.sh`` unless told otherwise."""

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
    part = _PART.get(kind)
    if part and part in text:
        text = text.split(part, 1)[1]
        text = text.split("**", 1)[0]  # up to the next part's heading
    flat = " ".join(text.replace("`", "").replace("**", "").split())
    return _SENTENCE_END.split(flat, 1)[0]


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


def explain(state: State, action: Action, docs: str = DOCS_BASE) -> Explanation:
    broken = violations(state, action)
    if broken:
        return Explanation(state, action, reasons(broken, docs), None)
    return Explanation(state, action, (), apply(state, action))


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
    """The state at the end of every round finished, whose score sheet it shows."""
    illegal: IllegalMove | None


def referee(transcript: Transcript, docs: str = DOCS_BASE) -> Verdict:
    """Replay ``transcript`` from the match before its first deal, stopping at the first
    action that breaks a rule."""
    state = transcript.header.start()
    rounds: list[State] = []
    for count, entry in enumerate(transcript.entries):
        answer = explain(state, entry.action, docs)
        if answer.next_state is None:
            return Verdict(state, count, tuple(rounds), IllegalMove(entry.line, answer))
        state = answer.next_state
        if state.phase in (Phase.ROUND_OVER, Phase.MATCH_OVER) and (
            not rounds or rounds[-1].round_number != state.round_number
        ):
            rounds.append(state)
    return Verdict(state, len(transcript.entries), tuple(rounds), None)


def verdict_to_dict(verdict: Verdict) -> dict[str, Any]:
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
    if verdict.illegal is not None:
        data["line"] = verdict.illegal.line
        data["action"] = action_to_dict(verdict.illegal.why.action)
        data["rules"] = [reason.to_dict() for reason in verdict.illegal.why.reasons]
    return data
