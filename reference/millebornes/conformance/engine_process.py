"""An engine under test, run as a subprocess that speaks JSON lines (PROTO-FRAMING).

The runner sends one request and waits for one response, with a deadline. The
engine may crash, hang, print garbage or answer out of order: each of these
raises :class:`EngineError` saying what happened (with the end of its stderr),
and the caller kills the process and starts a new one for the next case. Only
the process this module started, and its process group, are ever killed.
"""

from __future__ import annotations

import contextlib
import json
import os
import queue
import signal
import subprocess
import threading
import time
from collections.abc import Sequence
from typing import IO, Any

from millebornes.conformance.canon import JsonDict
from millebornes.serialize import canonical

MAX_LINE = 4 * 1024 * 1024
"""The longest response line accepted, in bytes (a state is a few kilobytes)."""
STDERR_TAIL = 2000


class EngineError(Exception):
    """The engine did not answer a request as the protocol requires."""


class EngineProcess:
    """One running engine. Requests get consecutive integer IDs starting at 1 (PROTO-ID)."""

    def __init__(self, command: Sequence[str], *, cwd: str | None = None) -> None:
        self.command = list(command)
        self.cwd = cwd
        self._proc: subprocess.Popen[bytes] | None = None
        self._lines: queue.Queue[bytes | None] = queue.Queue()
        self._stderr = bytearray()
        self._lock = threading.Lock()
        self._next_id = 0

    def start(self) -> None:
        try:
            self._proc = subprocess.Popen(
                self.command,
                stdin=subprocess.PIPE,
                stdout=subprocess.PIPE,
                stderr=subprocess.PIPE,
                cwd=self.cwd,
                start_new_session=True,  # its own process group, so a hang can be killed whole
            )
        except OSError as error:
            raise EngineError(f"could not start the engine {self.command!r}: {error}") from None
        self._lines = queue.Queue()
        threading.Thread(target=self._read_stdout, args=(self._proc.stdout,), daemon=True).start()
        threading.Thread(target=self._read_stderr, args=(self._proc.stderr,), daemon=True).start()

    def _read_stdout(self, stream: IO[bytes] | None) -> None:
        assert stream is not None
        try:
            while line := stream.readline(MAX_LINE + 1):
                self._lines.put(line)
        except (OSError, ValueError):  # the stream was closed by kill()
            pass
        self._lines.put(None)

    def _read_stderr(self, stream: IO[bytes] | None) -> None:
        assert stream is not None
        try:
            while chunk := os.read(stream.fileno(), 4096):
                with self._lock:
                    self._stderr += chunk
                    del self._stderr[:-STDERR_TAIL]
        except (OSError, ValueError):  # the stream was closed by kill()
            pass

    def stderr_tail(self) -> str:
        with self._lock:
            text = self._stderr.decode("utf-8", errors="replace").strip()
        return text[-STDERR_TAIL:]

    @property
    def running(self) -> bool:
        return self._proc is not None and self._proc.poll() is None

    def request(self, payload: JsonDict, deadline: float) -> JsonDict:
        """Send ``payload`` with the next ID and return the response, or raise EngineError."""
        if self._proc is None or self._proc.stdin is None:
            raise EngineError("the engine is not running")
        self._next_id += 1
        request_id = self._next_id
        data = (canonical({**payload, "id": request_id}) + "\n").encode("utf-8")
        try:
            # One request is outstanding at a time and is far smaller than a pipe's
            # buffer, so this write cannot block on an engine that stopped reading.
            self._proc.stdin.write(data)
            self._proc.stdin.flush()
        except OSError:
            raise EngineError(self._died("while reading a request")) from None
        try:
            line = self._lines.get(timeout=max(0.0, deadline - time.monotonic()))
        except queue.Empty:
            raise EngineError(f"no answer to {payload.get('op')!r} within the time limit") from None
        if line is None:
            raise EngineError(self._died(f"instead of answering {payload.get('op')!r}"))
        return self._parse(line, request_id)

    def _parse(self, line: bytes, request_id: int) -> JsonDict:
        if len(line) > MAX_LINE or not line.endswith(b"\n"):
            raise EngineError(f"printed a line longer than {MAX_LINE} bytes or unterminated")
        try:
            response: Any = json.loads(line)
        except ValueError:
            raise EngineError(
                f"printed garbage instead of a JSON response: {_clip(line)}"
            ) from None
        if not isinstance(response, dict):
            raise EngineError(f"printed JSON that is not an object: {_clip(line)}")
        if response.get("id") != request_id:
            raise EngineError(
                f"answered out of order: expected id {request_id}, got {response.get('id')!r}"
            )
        return response

    def _died(self, when: str) -> str:
        status: int | None = None
        if self._proc is not None:
            try:
                status = self._proc.wait(timeout=2)
            except subprocess.TimeoutExpired:
                status = None
        tail = self.stderr_tail()
        exited = f"exited with status {status}" if status is not None else "closed its output"
        return f"the engine {exited} {when}" + (f"; stderr ends: {tail[-300:]}" if tail else "")

    def kill(self) -> None:
        """Kill the engine and its process group, and reap it."""
        proc, self._proc = self._proc, None
        if proc is None:
            return
        if proc.poll() is None:
            try:
                os.killpg(proc.pid, signal.SIGKILL)
            except (ProcessLookupError, PermissionError):
                proc.kill()
        for stream in (proc.stdin, proc.stdout, proc.stderr):
            if stream is not None:
                with contextlib.suppress(OSError):
                    stream.close()
        proc.wait()

    def stop(self, grace: float = 2.0) -> None:
        """Ask the engine to stop (PROTO-STOP), then make sure it has."""
        if self.running:
            try:
                self.request({"op": "stop"}, time.monotonic() + grace)
                assert self._proc is not None
                self._proc.wait(timeout=grace)
            except (EngineError, subprocess.TimeoutExpired):
                pass
        self.kill()


def _clip(line: bytes) -> str:
    text = line.decode("utf-8", errors="replace").strip()
    return repr(text[:120] + ("…" if len(text) > 120 else ""))
