"""Canonical JSON text, state digests and the constants every part of the suite shares.

A case file is *canonical*: keys sorted, one-space indentation, an array or
object whose members are all scalars on one line (``", "`` and ``": "`` between
them), every other array and object one member per line, UTF-8 without escapes,
LF line ends and a final newline. The same value always gives
the same bytes, so regenerating the suite from the same commit is byte-identical.
"""

from __future__ import annotations

import hashlib
import json
from importlib import metadata
from pathlib import Path
from typing import Any

from millebornes.core.jsonio import canonical

CASE_FORMAT = "millebornes-conformance/1"
"""The ``format`` of every case file (and of the index); the number changes on any
incompatible change of the case format."""
SUITE_VERSION = "1.2.0"
"""The version of the suite's content, in ``index.json`` and the release tarball's name
(``tools/release.py``): the major number is the case format's, the minor one grows when
cases are added or change (an engine that passed may now fail), the patch one when only
descriptions or metadata change. Each version has its entry in CHANGELOG.md."""
INDEX_FORMAT = "millebornes-conformance-index/1"
COVERAGE_FORMAT = "millebornes-conformance-coverage/1"
PROTOCOL_VERSION = 1
"""The version of the JSON-lines protocol (spec/conformance/protocol.md)."""
GENERATOR = "millebornes.conformance.generate"

KINDS = ("shuffle", "setup", "step", "legal", "score", "trace", "protocol")
"""The kinds of case, in the order the suite lists them."""

JsonDict = dict[str, Any]


def spec_version() -> str:
    """The version of the specification the suite was generated from (the package's)."""
    try:
        return metadata.version("millebornes")
    except metadata.PackageNotFoundError:  # running from a source tree that is not installed
        return "0+unknown"


def repository_root() -> Path:
    """The repository the package runs from (reference/millebornes/conformance/../../..)."""
    return Path(__file__).resolve().parents[3]


def default_suite_dir() -> Path:
    """The suite: the wheel's bundled copy (``millebornes/_conformance``), else the
    repository's ``conformance/`` (a checkout, where ``generate`` writes it)."""
    package = Path(__file__).resolve().parents[1]
    for candidate in (package / "_conformance", repository_root() / "conformance"):
        if (candidate / "index.json").is_file():
            return candidate
    return repository_root() / "conformance"


def digest(state: JsonDict) -> str:
    """The digest of a state: the first 16 hex digits of the SHA-256 of its compact
    canonical JSON (sorted keys, no spaces, UTF-8), as ``serialize.canonical`` writes it."""
    return hashlib.sha256(canonical(state).encode("utf-8")).hexdigest()[:16]


def _scalar(value: Any) -> bool:
    return value is None or isinstance(value, (str, int, float, bool))


def dumps(value: Any) -> str:
    """The canonical text of a JSON value (see the module docstring), ending with LF."""
    return _dump(value, 0) + "\n"


def _text(value: Any) -> str:
    return json.dumps(value, ensure_ascii=False)


def _dump(value: Any, depth: int) -> str:
    pad = " " * (depth + 1)
    end = " " * depth
    if isinstance(value, dict):
        if all(_scalar(item) for item in value.values()):
            pairs = (f"{_text(str(key))}: {_text(value[key])}" for key in sorted(value))
            return "{" + ", ".join(pairs) + "}"
        items = [
            f"{pad}{json.dumps(str(key), ensure_ascii=False)}: {_dump(value[key], depth + 1)}"
            for key in sorted(value)
        ]
        return "{\n" + ",\n".join(items) + "\n" + end + "}"
    if isinstance(value, (list, tuple)):
        if all(_scalar(item) for item in value):
            return "[" + ", ".join(json.dumps(item, ensure_ascii=False) for item in value) + "]"
        return "[\n" + ",\n".join(pad + _dump(item, depth + 1) for item in value) + "\n" + end + "]"
    if not _scalar(value):
        raise TypeError(f"not a JSON value: {value!r}")
    return json.dumps(value, ensure_ascii=False)
