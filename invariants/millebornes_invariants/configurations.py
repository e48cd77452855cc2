"""Every configuration the engine supports: edition, seat count and option in force.

Read from the edition data files, so an edition added under spec/editions/ is
covered by every test and proof that iterates over :data:`CONFIGURATIONS`
without new test code.
"""

from __future__ import annotations

from millebornes.families.classic import edition_ids, load_edition

Configuration = tuple[str, int, tuple[str, ...]]
"""(edition id, number of players, options in force)."""


def configurations() -> tuple[Configuration, ...]:
    """Each edition at each seat count, without options and with each option it offers there."""
    found: list[Configuration] = []
    for edition in edition_ids():
        rules = load_edition(edition)
        for players in rules.seat_counts:
            found.append((edition, players, ()))
            found.extend(
                (edition, players, (name,))
                for name, option in rules.options.items()
                if players in option.seats
            )
    return tuple(found)


CONFIGURATIONS = configurations()


def label(configuration: Configuration) -> str:
    edition, players, options = configuration
    return f"{edition}-{players}p" + "".join(f"-{name}" for name in options)
