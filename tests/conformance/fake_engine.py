"""An engine that misbehaves on purpose, to test that the runner survives it.

    python fake_engine.py [--mode MODE] [--at N] [--once FILE] [--pids FILE] [--editions E ...]
                          [--no-shuffle] [--no-families]

It answers like ``millebornes serve`` except that at its N-th request (the
handshake is the first) it does what MODE says: ``crash`` (exits with status 3),
``hang`` (sleeps), ``garbage`` (prints text that is not JSON), ``out-of-order``
(answers with another id), ``double`` (answers twice), ``internal`` (an internal
error), ``bad-shape`` (a success without its fields), ``orphan`` (exits, leaving a
child that holds its output open and writes its pid to ``--pids``), ``flood``
(prints lines without end), ``long-line`` (prints one line without end),
``nested`` (answers with a field nested 100,000 deep), ``id-true`` and
``id-float`` (answer with the id ``true``, or the right id as ``2.0``);
``wrong-reason`` gives every rejection other rule IDs, ``bad-hello`` answers the
handshake without its editions, ``die`` exits before reading anything. With
``--once FILE`` the misbehaviour happens only in the first process that reaches
it (FILE marks it done).
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

from millebornes.conformance.server import Session
from millebornes.core.jsonio import canonical


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--mode", default="ok")
    parser.add_argument("--at", type=int, default=0)
    parser.add_argument("--once", type=Path, default=None)
    parser.add_argument("--pids", type=Path, default=None)
    parser.add_argument("--editions", nargs="*", default=None)
    parser.add_argument("--no-shuffle", action="store_true")
    parser.add_argument("--no-families", action="store_true")
    args = parser.parse_args()
    if args.pids is not None:
        with args.pids.open("a", encoding="utf-8") as pids:
            pids.write(f"{os.getpid()}\n")
    if args.mode == "die":
        print("cannot start", file=sys.stderr)
        return 4
    session = Session()
    count = 0
    for line in sys.stdin:
        count += 1
        request: Any = json.loads(line)
        response = session.handle(request)
        if request.get("op") == "hello":
            response = _hello(response, args)
        if args.mode == "wrong-reason" and response.get("outcome") == "rejected":
            response["rules"] = (
                ["TURN-ACTOR"] if response["rules"] != ["TURN-ACTOR"] else ["SETUP-DEAL"]
            )
        if count == args.at and _first_time(args.once):
            if args.mode == "orphan":
                _orphan(args.pids)
            if _misbehave(args.mode, request, response):
                continue
        print(canonical(response), flush=True)
        if session.stopped:
            break
    return 0


def _hello(response: dict[str, Any], args: argparse.Namespace) -> dict[str, Any]:
    if args.editions is not None:
        response["editions"] = args.editions
    if args.no_shuffle:
        response["capabilities"] = [c for c in response["capabilities"] if c != "shuffle"]
    if args.no_families:  # a classic-only engine: it declares no rule family
        response["capabilities"] = [c for c in response["capabilities"] if ":" not in c]
    if args.mode == "bad-hello":
        del response["editions"]
    return response


def _first_time(marker: Path | None) -> bool:
    if marker is None:
        return True
    if marker.exists():
        return False
    marker.write_text("done", encoding="utf-8")
    return True


def _misbehave(mode: str, request: dict[str, Any], response: dict[str, Any]) -> bool:
    """Do what ``mode`` says instead of answering; True when the answer is replaced."""
    if mode == "crash":
        print("fake engine: crashing on purpose", file=sys.stderr, flush=True)
        sys.exit(3)
    if mode == "hang":
        time.sleep(3600)
    if mode == "garbage":
        print("this is not JSON", flush=True)
        return True
    if mode == "out-of-order":
        print(canonical({**response, "id": 10_000}), flush=True)
        return True
    if mode == "double":
        print(canonical(response), flush=True)
        print(canonical(response), flush=True)
        return True
    if mode == "internal":
        error = {"kind": "internal", "message": "fake engine failure"}
        print(canonical({"id": request.get("id"), "ok": False, "error": error}), flush=True)
        return True
    if mode == "bad-shape":
        print(canonical({"id": request.get("id"), "ok": True}), flush=True)
        return True
    if mode == "flood":
        while True:
            print("flood " * 100, flush=True)
    if mode == "long-line":
        while True:
            sys.stdout.write("x" * 65536)
    if mode == "nested":
        deep = "[" * 100_000 + "]" * 100_000
        print(f'{{"id":{request.get("id")},"ok":true,"outcome":{deep}}}', flush=True)
        return True
    if mode in ("id-true", "id-float"):
        wrong = "true" if mode == "id-true" else f"{request.get('id')}.0"
        print(canonical({**response, "id": 0}).replace('"id":0', f'"id":{wrong}', 1), flush=True)
        return True
    return False


def _orphan(pids: Path | None) -> None:
    """Leave a child holding this engine's output open, and exit."""
    child = subprocess.Popen([sys.executable, "-c", "import time; time.sleep(600)"])
    if pids is not None:
        with pids.open("a", encoding="utf-8") as out:
            out.write(f"{child.pid}\n")
    os._exit(0)


if __name__ == "__main__":
    sys.exit(main())
