"""The configurations the suite covers, read from the edition data: no edition is named here.

A configuration is an edition, a seat count and a set of options. The suite
covers every edition of ``spec/editions/``, every seat count of each, and each
option at every seat count that offers it. The edition data also lists the
rulings and assumptions specific to the edition (``rulings``); :func:`edition_notes`
says which rules each one bears on, so that a case can be credited with it.
"""

from __future__ import annotations

import hashlib
import re
from dataclasses import dataclass
from functools import cache

from millebornes._spec import load_json
from millebornes.core.spec_index import spec_entries
from millebornes.families.classic.edition import edition_ids, load_edition


@dataclass(frozen=True, slots=True, order=True)
class Config:
    edition: str
    players: int
    options: tuple[str, ...] = ()

    @property
    def name(self) -> str:
        """``classic-4p`` or ``classic-4p-goal_700``: the prefix of its case IDs."""
        suffix = "".join(f"-{option}" for option in self.options)
        return f"{self.edition}-{self.players}p{suffix}".lower()

    def seed(self, salt: str, index: int) -> int:
        """A 64-bit seed that depends only on this configuration, ``salt`` and ``index``,
        so adding an edition never changes the cases of another."""
        text = f"{self.edition}/{self.players}/{'+'.join(self.options)}/{salt}/{index}"
        return int.from_bytes(hashlib.sha256(text.encode()).digest()[:8], "big")


def configs() -> tuple[Config, ...]:
    """Every configuration: each edition at each seat count, with no option and with each
    option the seat count offers."""
    found: list[Config] = []
    for edition in edition_ids():
        rules = load_edition(edition)
        for players in rules.seat_counts:
            found.append(Config(edition, players))
            for name, option in sorted(rules.options.items()):
                if players in option.seats:
                    found.append(Config(edition, players, (name,)))
    return tuple(found)


_REFERENCE = re.compile(r"`([A-Z][A-Z0-9]*(?:-[A-Z0-9]+)+)`")


@cache
def edition_notes(edition: str) -> dict[str, frozenset[str]]:
    """The rulings and assumptions the edition's data lists, each with the rules it bears on:
    the rules it ``:settles:``, else the rules its text names. An empty set means a note
    about the edition's data itself (such as its card counts)."""
    entries = {entry.id: entry for entry in spec_entries()}
    rule_ids = {entry.id for entry in spec_entries() if entry.kind == "rule"}
    notes: dict[str, frozenset[str]] = {}
    for note_id in load_json(f"editions/{edition}.json").get("rulings", []):
        entry = entries.get(note_id)
        if entry is None:
            continue
        settles = (entry.option("settles") or "").replace(",", " ").split()
        named = settles or _REFERENCE.findall(entry.text)
        notes[note_id] = frozenset(name for name in named if name in rule_ids)
    return notes


def credit_notes(edition: str, rules: set[str], *, data_case: bool) -> set[str]:
    """``rules`` with the edition's notes a case covering ``rules`` also covers.

    A note that bears on rules is covered by the cases of its edition that cover one
    of them; a note about the data alone by the cases that read the box (``data_case``:
    shuffle and set-up cases).
    """
    credited = set(rules)
    for note_id, bears_on in edition_notes(edition).items():
        if (bears_on and bears_on & rules) or (not bears_on and data_case):
            credited.add(note_id)
    return credited
