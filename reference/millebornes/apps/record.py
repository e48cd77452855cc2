"""Recorded games (transcripts): reading and writing the format of ``spec/transcript.md``.

A transcript is JSON lines: a header (edition, players, options, format version,
optionally the seed and who sat where; for the families dealt once at the start, Fun &
Speed and As du Volant, the family, the deck and the board), then one action per line in
the family's canonical action JSON (``millebornes.action_to_dict``), the classic
family's deals included with their deck order. :func:`read_transcript` is the one
boundary: every line becomes a valid value or a :class:`MalformedInput` naming the line
number and the field.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import IO, Any

from millebornes import api
from millebornes.core import jsonio
from millebornes.core.errors import MalformedInput
from millebornes.core.jsonio import canonical
from millebornes.core.shuffle import shuffled
from millebornes.families.asduvolant import cards as av_cards
from millebornes.families.classic.engine import new_match
from millebornes.families.funspeed import cards as fs_cards
from millebornes.registry import family_of_edition

TRANSCRIPT_FORMAT = "millebornes-transcript/1"
"""The header's ``format``; the number changes on any incompatible change."""

CLASSIC = "classic"
"""The family whose deals are action lines; every other family is dealt by its header."""
AS_DU_VOLANT = "as-du-volant"
"""The family played on a board, whose header may carry it."""

_HEADER_REQUIRED = {"format", "edition", "players", "options"}
_HEADER_OPTIONAL = {"seed", "seats", "note", "family", "deck", "board"}


@dataclass(frozen=True, slots=True)
class Header:
    """The configuration a transcript is played in, and what it says about itself."""

    edition: str
    players: int
    options: tuple[str, ...] = ()
    seed: int | None = None
    """The match seed the decks were shuffled from (SHUFFLE-MATCH-SEEDS); informative only
    in the classic family and Fun & Speed: the decks written out are what counts. As du
    Volant and Fun & Speed: also the seed of their reshuffles (RUL-AV-RESHUFFLE-SEED,
    RUL-FS-RESHUFFLE-SEED; 0 when absent)."""
    seats: tuple[str, ...] | None = None
    """Who played each seat (``human``, a bot's name), if recorded."""
    note: str | None = None
    deck: tuple[str, ...] | None = None
    """The deal's deck order, card IDs, first card dealt first: Fun & Speed and As du
    Volant (their one deal is the game's start, not an action line)."""
    board: dict[str, Any] | None = None
    """As du Volant: the board file's JSON the game is played on (the default layout,
    ASM-AV-LAYOUT, when absent)."""

    @property
    def family(self) -> str:
        """The rule family that plays the edition (``classic``, ``fun-speed``, …)."""
        return family_of_edition(self.edition).name

    def start(self) -> Any:
        """The game before its first action: the classic match before its first deal, the
        other families' game dealt from ``deck`` (raises MalformedInput for a configuration
        the edition does not offer, or a deck that is not the game's cards)."""
        family = self.family
        if family == CLASSIC:
            return new_match(self.edition, self.players, self.options)
        if self.deck is None:
            raise MalformedInput(f"deck: a {family} transcript gives the deal's deck")
        # the seed of the reshuffles (RUL-AV-RESHUFFLE-SEED, RUL-FS-RESHUFFLE-SEED)
        seed = self.seed or 0
        return api.new_game(
            self.edition,
            self.players,
            self.options,
            seed=seed,
            deck=self.deck,
            board=self.board,
        )


@dataclass(frozen=True, slots=True)
class Entry:
    """One action line: its line number in the file (the header is line 1)."""

    line: int
    action: Any
    note: str | None = None


@dataclass(frozen=True, slots=True)
class Transcript:
    header: Header
    entries: tuple[Entry, ...]


def _malformed(line: int, message: str) -> MalformedInput:
    return MalformedInput(f"line {line}: {message}")


def _object(text: str, line: int) -> dict[str, Any]:
    # The one JSON boundary's bounds (nesting, integer length, NaN), so that no line of a
    # transcript reaches Python's own limits and escapes as a traceback.
    try:
        data = jsonio.load_json(text)
    except MalformedInput as error:
        raise _malformed(line, f"not JSON: {error}") from None
    if not isinstance(data, dict):
        raise _malformed(line, f"expected a JSON object, got {type(data).__name__}")
    return data


def _note(data: dict[str, Any], line: int, where: str) -> str | None:
    note = data.get("note")
    if note is not None and not isinstance(note, str):
        raise _malformed(line, f"{where}.note: expected a string, got {note!r}")
    return note


def _short(value: object) -> str:
    text = repr(value)
    return text if len(text) <= 60 else text[:57] + "..."


def _family_fields(data: dict[str, Any], edition: str) -> tuple[tuple[str, ...] | None, Any]:
    """The header's ``family``, ``deck`` and ``board``, checked against the edition's family."""
    try:
        family = family_of_edition(edition).name
    except MalformedInput as error:
        raise _malformed(1, f"header.{error}") from None
    named = data.get("family", family)
    if named != family:
        raise _malformed(1, f"header.family: {edition} is played by {family!r}, not {named!r}")
    deck, board = data.get("deck"), data.get("board")
    if family == CLASSIC:
        for key in ("deck", "board"):
            if key in data:
                raise _malformed(
                    1, f"header.{key}: the classic family deals in deal lines, not in the header"
                )
        return None, None
    if deck is None:
        raise _malformed(1, f"header.deck: missing (a {family} game is dealt from it)")
    if not isinstance(deck, list) or not all(isinstance(card, str) for card in deck):
        raise _malformed(1, f"header.deck: expected a list of card IDs, got {_short(deck)}")
    if board is not None and family != AS_DU_VOLANT:
        raise _malformed(1, f"header.board: {family} is not played on a board")
    if board is not None and not isinstance(board, dict):
        raise _malformed(
            1, f"header.board: expected a board file's JSON object, got {_short(board)}"
        )
    return tuple(deck), board


def _header(data: dict[str, Any]) -> Header:
    missing = _HEADER_REQUIRED - data.keys()
    extra = data.keys() - _HEADER_REQUIRED - _HEADER_OPTIONAL
    if missing or extra:
        raise _malformed(1, f"header: missing {sorted(missing)} / unexpected {sorted(extra)}")
    if data["format"] != TRANSCRIPT_FORMAT:
        raise _malformed(
            1, f"header.format: expected {TRANSCRIPT_FORMAT!r}, got {_short(data['format'])}"
        )
    edition, players, options = data["edition"], data["players"], data["options"]
    if not isinstance(edition, str):
        raise _malformed(1, f"header.edition: expected a string, got {_short(edition)}")
    if not isinstance(players, int) or isinstance(players, bool):
        raise _malformed(1, f"header.players: expected an integer, got {_short(players)}")
    if not isinstance(options, list) or not all(isinstance(o, str) for o in options):
        raise _malformed(
            1, f"header.options: expected a list of option names, got {_short(options)}"
        )
    seed = data.get("seed")
    if seed is not None and (
        not isinstance(seed, int) or isinstance(seed, bool) or not 0 <= seed < 2**64
    ):
        raise _malformed(
            1, f"header.seed: expected an integer from 0 to 2**64 - 1, got {_short(seed)}"
        )
    seats = data.get("seats")
    if seats is not None and (
        not isinstance(seats, list)
        or len(seats) != players
        or not all(isinstance(s, str) for s in seats)
    ):
        raise _malformed(1, f"header.seats: expected {players} strings, got {_short(seats)}")
    deck, board = _family_fields(data, edition)
    return Header(
        edition=edition,
        players=players,
        options=tuple(options),
        seed=seed,
        seats=tuple(seats) if seats is not None else None,
        note=_note(data, 1, "header"),
        deck=deck,
        board=board,
    )


def _entry(data: dict[str, Any], line: int, start: Any) -> Entry:
    note = _note(data, line, "action")
    fields = {key: value for key, value in data.items() if key != "note"}
    try:
        action = api.action_from_dict(start, fields)
        api.violations(start, action)  # seats and teams that exist in this configuration
    except MalformedInput as error:
        raise _malformed(line, str(error)) from None
    return Entry(line, action, note)


def read_transcript(lines: Iterable[str]) -> Transcript:
    """Parse a transcript's lines (blank lines are skipped but counted)."""
    header: Header | None = None
    start: Any = None
    entries: list[Entry] = []
    for number, text in enumerate(lines, start=1):
        if not text.strip():
            continue
        data = _object(text, number)
        if header is None:
            if number != 1:
                raise _malformed(number, "the header must be the first line")
            header = _header(data)
            try:  # an edition, seat count, option, deck or board that is not offered
                start = header.start()
            except MalformedInput as error:
                raise _malformed(1, f"header: {error}") from None
        else:
            entries.append(_entry(data, number, start))
    if header is None:
        raise MalformedInput("line 1: the transcript is empty; expected a header line")
    return Transcript(header, tuple(entries))


def dealt_deck(
    edition: str, players: int, seed: int, options: tuple[str, ...] = ()
) -> tuple[str, ...] | None:
    """The deck a Fun & Speed or As du Volant game of ``seed`` is dealt from (the portable
    shuffle of the game's cards in box order, FS-DEAL, AV-DEAL, with ``options``, which
    may take cards out: AV-SMALL-DECK), as card IDs; None for the classic family, whose
    deals are action lines."""
    family = family_of_edition(edition).name
    if family == CLASSIC:
        return None
    box: tuple[Any, ...] = (
        fs_cards.DATA.deck() if family == "fun-speed" else av_cards.DATA.deck(players, options)
    )
    return tuple(card.name for card in shuffled(box, seed))


def header_line(header: Header) -> str:
    data: dict[str, Any] = {
        "format": TRANSCRIPT_FORMAT,
        "edition": header.edition,
        "players": header.players,
        "options": list(header.options),
    }
    if header.family != CLASSIC:  # the classic header stays as it always was
        data["family"] = header.family
    if header.seed is not None:
        data["seed"] = header.seed
    if header.seats is not None:
        data["seats"] = list(header.seats)
    if header.note is not None:
        data["note"] = header.note
    if header.deck is not None:
        data["deck"] = list(header.deck)
    if header.board is not None:
        data["board"] = header.board
    return canonical(data)


def action_line(action: Any, note: str | None = None) -> str:
    data = api.action_to_dict(action)
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

    def record(self, action: Any, note: str | None = None) -> None:
        self._write(action_line(action, note))


def transcript_text(transcript: Transcript) -> str:
    """The whole transcript as text (LF line ends, a final LF)."""
    lines = [header_line(transcript.header)]
    lines += [action_line(entry.action, entry.note) for entry in transcript.entries]
    return "\n".join(lines) + "\n"
