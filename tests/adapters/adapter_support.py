"""Shared by the adapter tests: the configurations every adapter must pass, and the
test profile (HYPOTHESIS_PROFILE=deep runs the frameworks' checks longer)."""

from __future__ import annotations

import os

from millebornes.families.classic import edition_ids, load_edition

DEEP = os.environ.get("HYPOTHESIS_PROFILE") == "deep"

CONFIGURATIONS: tuple[tuple[str, int], ...] = tuple(
    (edition, players) for edition in edition_ids() for players in load_edition(edition).seat_counts
)
"""Every edition with every seat count its data offers (SEAT-COUNTS)."""


def config_id(config: tuple[str, int]) -> str:
    return f"{config[0]}-{config[1]}p"
