"""``millebornes serve`` answers every line exactly once and survives anything.

Fuzzed lines (garbage bytes, invalid UTF-8, deep nesting, long integers, requests with
any fields, requests carrying mutated states) each get one JSON response, never an
``internal`` error; the command itself does the same under the C, C.UTF-8 and
en_US.UTF-8 locales (en_US.UTF-8 is compiled into a temporary folder with localedef
when the system lacks it).
"""

from __future__ import annotations

import io
import json
import os
import shutil
import subprocess
import sys
from collections.abc import Iterator
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest
from fuzz_support import (
    FUZZ,
    HOSTILE_TEXT,
    JSON_VALUES,
    corpus,
    count,
    mutated_actions,
    mutated_states,
    show_tally,
)
from hypothesis import given
from hypothesis import strategies as st

from millebornes.conformance.families import CLASSIC, FAMILIES
from millebornes.conformance.server import ERROR_KINDS, MAX_REQUEST, Session, serve
from millebornes.families.classic import new_round, state_to_dict

SERVE = [sys.executable, "-m", "millebornes.apps.cli", "serve"]
OPS = ["hello", "shuffle", "start", "legal", "apply", "score", "dance"]

REQUESTS = st.fixed_dictionaries(
    {"id": st.integers(-5, 5) | JSON_VALUES, "op": st.sampled_from(OPS) | JSON_VALUES},
    optional={
        "protocol": st.just(1) | JSON_VALUES,
        "state": mutated_states(),
        "action": mutated_actions(),
        "edition": st.sampled_from(["classic", "allonge", "nope"]) | JSON_VALUES,
        "players": st.integers(0, 9) | JSON_VALUES,
        "seed": st.integers(-1, 2**64) | JSON_VALUES,
        "round": st.integers(-1, 3) | JSON_VALUES,
        "deck": JSON_VALUES,
        "options": JSON_VALUES,
    },
)
"""Requests of every op with fields of any value (``stop`` is left out: it ends the
conversation, and the lines after it would rightly get no answer)."""
PLAUSIBLE = st.fixed_dictionaries(
    {
        "id": st.integers(0, 99),
        "op": st.sampled_from(["legal", "score", "apply"]),
        "state": st.sampled_from(corpus()).map(state_to_dict),
        "action": mutated_actions(),
    }
)
"""Requests an engine should mostly take: a reachable state and a near-legal action."""


@pytest.fixture(scope="module", autouse=True)
def _figures(request: pytest.FixtureRequest) -> Iterator[None]:
    yield
    show_tally(request.config)


def _as_line(value: Any) -> bytes:
    if isinstance(value, bytes):
        return value.replace(b"\n", b" ")
    if isinstance(value, str):
        return value.replace("\n", " ").encode("utf-8", errors="surrogatepass")
    return json.dumps(value, allow_nan=True).encode("utf-8", errors="surrogatepass")


def answers(lines: list[bytes], session_lines: bytes = b"") -> list[dict[str, Any]]:
    """Run serve() over ``lines`` and return its responses, one JSON object per line."""
    out = io.BytesIO()
    assert serve(io.BytesIO(session_lines + b"\n".join(lines) + b"\n"), out) == 0
    return [json.loads(line) for line in out.getvalue().splitlines()]


@pytest.mark.rules("PROTO-FRAMING", "PROTO-ERRORS")
@FUZZ
@given(
    lines=st.lists(
        PLAUSIBLE | REQUESTS | HOSTILE_TEXT | st.binary(max_size=30), min_size=1, max_size=4
    )
)
def test_every_fuzzed_line_gets_one_answer_and_none_is_internal(lines: list[Any]) -> None:
    raw = [_as_line(line) for line in lines]
    count("serve", "tried", len(raw))
    got = answers(raw)
    internal = [a for a in got if a.get("error", {}).get("kind") == "internal"]
    count("serve", "escapes", len(internal) + abs(len(got) - len(raw)))
    assert len(got) == len(raw)
    assert internal == []
    for answer in got:
        assert answer.keys() >= {"id", "ok"}
        if answer["ok"] is False:
            assert answer["error"]["kind"] in ERROR_KINDS
    count("serve", "refused", sum(a["ok"] is False for a in got))
    count("serve", "accepted", sum(a["ok"] is True for a in got))


@pytest.mark.rules("PROTO-FRAMING", "PROTO-ERRORS")
def test_blank_overlong_and_undecodable_lines_are_each_answered() -> None:
    lines = [
        b"",
        b"   ",
        b"\xff\xfe not UTF-8",
        b"[" * 5000,
        b'{"id":"\\ud800","op":"hello","protocol":1}',  # a lone surrogate comes back escaped
        b"x" * (MAX_REQUEST + 10),
        b'{"id":9,"op":"hello","protocol":1}',
    ]
    got = answers(lines)
    assert [a["ok"] for a in got] == [False] * 4 + [True, False, True]
    assert [a["id"] for a in got] == [None] * 4 + ["\ud800", None, 9]
    assert "UTF-8" in got[2]["error"]["message"]
    assert "levels deep" in got[3]["error"]["message"]
    assert "longer than" in got[5]["error"]["message"]


@pytest.mark.rules("PROTO-ERRORS", "PROTO-SESSION")
def test_a_failure_inside_the_engine_is_internal_and_changes_nothing(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    session = Session()
    first = state_to_dict(new_round(seed=1))
    other = state_to_dict(new_round(seed=2))
    assert session.handle({"id": 1, "op": "legal", "state": first})["ok"] is True

    def broken(*_: Any) -> Any:
        raise RuntimeError("a bug")

    monkeypatch.setitem(FAMILIES, "classic", replace(CLASSIC, legal_actions=broken))
    answer = session.handle({"id": 2, "op": "legal", "state": other})
    assert answer["error"] == {"kind": "internal", "message": "RuntimeError: a bug"}
    assert session.current is not None and state_to_dict(session.current) == first


@pytest.mark.rules("PROTO-ERRORS")
def test_a_state_that_breaks_an_invariant_is_malformed() -> None:
    data = state_to_dict(new_round(seed=4))
    data["draw_pile"], data["discard_pile"] = [], data["draw_pile"]  # a draw from nothing
    answer = Session().handle({"id": 1, "op": "apply", "state": data, "action": {}})
    assert answer["error"]["kind"] == "malformed"
    assert "INV-ACTOR-CAN-ACT" in answer["error"]["message"]


@pytest.fixture(scope="module")
def locale_dir(tmp_path_factory: pytest.TempPathFactory) -> Path | None:
    """A folder holding en_US.UTF-8 if the system lacks it (LOCPATH), or None."""
    found = subprocess.run(["locale", "-a"], capture_output=True, text=True, check=False)
    if "en_US.utf8" in found.stdout.split() or "en_US.UTF-8" in found.stdout.split():
        return None
    if shutil.which("localedef") is None:
        pytest.skip("en_US.UTF-8 is not installed and localedef is not there to compile it")
    where = tmp_path_factory.mktemp("locales")
    subprocess.run(
        ["localedef", "-i", "en_US", "-f", "UTF-8", str(where / "en_US.UTF-8")],
        capture_output=True,
        check=True,
        timeout=300,
    )
    return where


@pytest.mark.rules("PROTO-FRAMING", "PROTO-ERRORS", "PROTO-STOP")
@pytest.mark.parametrize("locale", ["C", "C.UTF-8", "en_US.UTF-8"])
def test_serve_survives_every_line_under_each_locale(locale: str, locale_dir: Path | None) -> None:
    env = {**os.environ, "LC_ALL": locale}
    env.pop("PYTHONUTF8", None)
    if locale_dir is not None and locale.startswith("en_US"):
        env["LOCPATH"] = str(locale_dir)
    active = subprocess.run(
        [sys.executable, "-c", "import locale; print(locale.setlocale(locale.LC_ALL, ''))"],
        env=env,
        capture_output=True,
        text=True,
        check=True,
    )
    assert active.stdout.strip() == locale  # the locale is really in force, not a fallback
    lines = [
        b'{"id":1,"op":"hello","protocol":1}',
        b"\xc3\x28 invalid UTF-8",
        b"",
        b"[" * 992,
        '{"id":"caf\u00e9","op":"dance"}'.encode(),
        b'{"id":2,"op":"stop"}',
    ]
    done = subprocess.run(
        SERVE,
        input=b"\n".join(lines) + b"\n",
        env=env,
        capture_output=True,
        timeout=60,
        check=False,
    )
    assert done.returncode == 0 and b"Traceback" not in done.stderr, done.stderr
    got = [json.loads(line) for line in done.stdout.splitlines()]
    assert [a["id"] for a in got] == [1, None, None, None, "caf\u00e9", 2]
    assert [a.get("error", {}).get("kind") for a in got] == [
        None, "malformed", "malformed", "malformed", "unsupported", None,
    ]  # fmt: skip
