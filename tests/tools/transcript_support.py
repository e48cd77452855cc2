"""Helpers shared by the transcript, referee, explain and play tests."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from typing import Any

from millebornes.apps.record import Header, Transcript, header_line, read_transcript
from millebornes.apps.record import action_line as _action_line
from millebornes.families.classic import (
    Deal,
    action_from_dict,
    deal_from_seed,
    new_match,
    round_seed,
)

ROOT = Path(__file__).resolve().parents[2]
TRACES = sorted((ROOT / "conformance" / "cases").glob("*/trace/*.json"))
CLI = [sys.executable, "-m", "millebornes.apps.cli"]


def trace_case(path: Path) -> dict[str, Any]:
    case: dict[str, Any] = json.loads(path.read_text(encoding="utf-8"))
    return case


def transcript_of_trace(case: dict[str, Any]) -> list[str]:
    """A conformance trace case as transcript lines: its first deal becomes a deal line."""
    header = Header(case["edition"], case["players"], tuple(case["options"]))
    deal = {"type": "deal", "seat": 0, "deck": case["input"]["deck"]}
    actions = [deal, *case["input"]["actions"]]
    return [header_line(header)] + [_action_line(action_from_dict(a)) for a in actions]


def first_round(seed: int = 5) -> list[str]:
    """Header and first deal of a seeded two-player classic game."""
    start = new_match("classic", 2)
    deal: Deal = deal_from_seed(start, round_seed(seed, 1))
    return [header_line(Header("classic", 2, (), seed)), _action_line(deal)]


def parse(lines: list[str]) -> Transcript:
    return read_transcript(lines)


def cli(*args: str, stdin: str = "") -> subprocess.CompletedProcess[str]:
    """Run ``millebornes ARGS`` as a user would, with ``stdin`` piped in."""
    return subprocess.run(
        [*CLI, *args], input=stdin, capture_output=True, text=True, timeout=120, check=False
    )
