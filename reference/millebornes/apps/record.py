"""Recorded games (transcripts): reading and writing the format of ``spec/transcript.md``.

A transcript is JSON lines: a header (edition, players, options, format version,
optionally the seed and who sat where), then one action per line in the canonical
action JSON of :mod:`millebornes.families.classic.serialize`, deals included with their deck order.
:func:`read_transcript` is the one boundary: every line becomes a valid value or a
:class:`MalformedInput` naming the line number and the field.
"""

from __future__ import annotations

import json
from collections.abc import Iterable
from dataclasses import dataclass
from typing import IO, Any

from millebornes.core.errors import MalformedInput
from millebornes.core.jsonio import canonical
from millebornes.families.classic.actions import Action
from millebornes.families.classic.engine import check_well_formed, new_match
from millebornes.families.classic.serialize import action_from_dict, action_to_dict
from millebornes.families.classic.state import State

TRANSCRIPT_FORMAT = "millebornes-transcript/1"
"""The header's ``format``; the number changes on any incompatible change."""

_HEADER_REQUIRED = {"format", "edition", "players", "options"}
_HEADER_OPTIONAL = {"seed", "seats", "note"}


@dataclass(frozen=True, slots=True)
class Header:
    """The configuration a transcript is played in, and what it says about itself."""

    edition: str
    players: int
    options: tuple[str, ...] = ()
    seed: int | None = None
    """The match seed the decks were shuffled from (SHUFFLE-MATCH-SEEDS); informative only:
    the decks in the deal lines are what counts."""
    seats: tuple[str, ...] | None = None
    """Who played each seat (``human``, a bot's name), if recorded."""
    note: str | None = None

    def start(self) -> State:
        """The match before its first deal (raises MalformedInput for a configuration the
        edition does not offer)."""
        return new_match(self.edition, self.players, self.options)


@dataclass(frozen=True, slots=True)
class Entry:
    """One action line: its line number in the file (the header is line 1)."""

    line: int
    action: Action
    note: str | None = None


@dataclass(frozen=True, slots=True)
class Transcript:
    header: Header
    entries: tuple[Entry, ...]


def _malformed(line: int, message: str) -> MalformedInput:
    return MalformedInput(f"line {line}: {message}")


def _object(text: str, line: int) -> dict[str, Any]:
    try:
        data = json.loads(text)
    except json.JSONDecodeError as error:
        raise _malformed(line, f"not JSON: {error.msg} (column {error.colno})") from None
    if not isinstance(data, dict):
        raise _malformed(line, f"expected a JSON object, got {type(data).__name__}")
    return data


def _note(data: dict[str, Any], line: int, where: str) -> str | None:
    note = data.get("note")
    if note is not None and not isinstance(note, str):
        raise _malformed(line, f"{where}.note: expected a string, got {note!r}")
    return note


def _header(data: dict[str, Any]) -> Header:
    missing = _HEADER_REQUIRED - data.keys()
    extra = data.keys() - _HEADER_REQUIRED - _HEADER_OPTIONAL
    if missing or extra:
        raise _malformed(1, f"header: missing {sorted(missing)} / unexpected {sorted(extra)}")
    if data["format"] != TRANSCRIPT_FORMAT:
        raise _malformed(
            1, f"header.format: expected {TRANSCRIPT_FORMAT!r}, got {data['format']!r}"
        )
    edition, players, options = data["edition"], data["players"], data["options"]
    if not isinstance(edition, str):
        raise _malformed(1, f"header.edition: expected a string, got {edition!r}")
    if not isinstance(players, int) or isinstance(players, bool):
        raise _malformed(1, f"header.players: expected an integer, got {players!r}")
    if not isinstance(options, list) or not all(isinstance(o, str) for o in options):
        raise _malformed(1, f"header.options: expected a list of option names, got {options!r}")
    seed = data.get("seed")
    if seed is not None and (not isinstance(seed, int) or isinstance(seed, bool) or seed < 0):
        raise _malformed(1, f"header.seed: expected a non-negative integer, got {seed!r}")
    seats = data.get("seats")
    if seats is not None and (
        not isinstance(seats, list)
        or len(seats) != players
        or not all(isinstance(s, str) for s in seats)
    ):
        raise _malformed(1, f"header.seats: expected {players} strings, got {seats!r}")
    return Header(
        edition=edition,
        players=players,
        options=tuple(options),
        seed=seed,
        seats=tuple(seats) if seats is not None else None,
        note=_note(data, 1, "header"),
    )


def _entry(data: dict[str, Any], line: int, start: State) -> Entry:
    note = _note(data, line, "action")
    fields = {key: value for key, value in data.items() if key != "note"}
    try:
        action = action_from_dict(fields)
        check_well_formed(start, action)  # seats and teams that exist in this configuration
    except MalformedInput as error:
        raise _malformed(line, str(error)) from None
    return Entry(line, action, note)


def read_transcript(lines: Iterable[str]) -> Transcript:
    """Parse a transcript's lines (blank lines are skipped but counted)."""
    header: Header | None = None
    start: State | None = None
    entries: list[Entry] = []
    for number, text in enumerate(lines, start=1):
        if not text.strip():
            continue
        data = _object(text, number)
        if header is None or start is None:
            if number != 1:
                raise _malformed(number, "the header must be the first line")
            header = _header(data)
            try:  # an edition, seat count or option that is not offered
                start = header.start()
            except MalformedInput as error:
                raise _malformed(1, f"header: {error}") from None
        else:
            entries.append(_entry(data, number, start))
    if header is None:
        raise MalformedInput("line 1: the transcript is empty; expected a header line")
    return Transcript(header, tuple(entries))


def header_line(header: Header) -> str:
    data: dict[str, Any] = {
        "format": TRANSCRIPT_FORMAT,
        "edition": header.edition,
        "players": header.players,
        "options": list(header.options),
    }
    if header.seed is not None:
        data["seed"] = header.seed
    if header.seats is not None:
        data["seats"] = list(header.seats)
    if header.note is not None:
        data["note"] = header.note
    return canonical(data)


def action_line(action: Action, note: str | None = None) -> str:
    data = action_to_dict(action)
    if note is not None:
        data["note"] = note
    return canonical(data)


class TranscriptWriter:
    """Writes a transcript line by line, flushing each, so a game cut short is on disk."""

    def __init__(self, out: IO[str], header: Header) -> None:
        self._out = out
        self._write(header_line(header))

    def _write(self, line: str) -> None:
        self._out.write(line + "\n")
        self._out.flush()

    def record(self, action: Action, note: str | None = None) -> None:
        self._write(action_line(action, note))


def transcript_text(transcript: Transcript) -> str:
    """The whole transcript as text (LF line ends, a final LF)."""
    lines = [header_line(transcript.header)]
    lines += [action_line(entry.action, entry.note) for entry in transcript.entries]
    return "\n".join(lines) + "\n"
