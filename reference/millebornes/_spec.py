"""Locate the language-neutral data files of spec/.

The data lives once, in the repository's ``spec/`` folder; a built wheel carries
a copy as ``millebornes/_spec``. Nothing in the engine re-types what is there.
"""

from __future__ import annotations

import json
from functools import cache
from pathlib import Path
from typing import Any

_PACKAGE = Path(__file__).resolve().parent


@cache
def spec_dir() -> Path:
    """The spec folder: the wheel's bundled copy, else the repository's ``spec/``."""
    for candidate in (_PACKAGE / "_spec", _PACKAGE.parent.parent / "spec"):
        if (candidate / "cards.json").is_file():
            return candidate
    raise FileNotFoundError("cannot find the spec/ data folder (cards.json) next to millebornes")


def load_json(relative: str) -> Any:
    """Parse one JSON file of the spec folder."""
    with (spec_dir() / relative).open(encoding="utf-8") as handle:
        return json.load(handle)
