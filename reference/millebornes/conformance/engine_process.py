"""An engine under test, run as a subprocess that speaks JSON lines (PROTO-FRAMING).

The runner sends one request and waits for one response, with a deadline. The
engine may crash, hang, print garbage or answer out of order: each of these
raises :class:`EngineError` saying what happened (with the end of its stderr),
and the caller kills the process and starts a new one for the next case. Only
the process this module started, and its process group, are ever killed: the
group always, even once the engine itself has exited, since a child it left
behind may still hold its output open. Responses are read with the engine's own
bounds (:func:`millebornes.core.jsonio.load_json`: strict UTF-8, nesting and integers
bounded), and ids must be integers, not ``true`` or ``2.0``.
"""

from __future__ import annotations

import contextlib
import os
import queue
import select
import signal
import subprocess
import threading
import time
from collections.abc import Sequence
from typing import IO, Any

from millebornes.conformance.canon import JsonDict
from millebornes.core.errors import MalformedInput
from millebornes.core.jsonio import canonical, load_json

MAX_LINE = 4 * 1024 * 1024
"""The longest response line accepted, in bytes (a state is a few kilobytes)."""
STDERR_TAIL = 2000
QUEUED_LINES = 16
"""Lines read ahead of the runner at most: an engine that floods its output waits."""


class EngineError(Exception):
    """The engine did not answer a request as the protocol requires."""


class EngineProcess:
    """One running engine. Requests get consecutive integer IDs starting at 1 (PROTO-ID)."""

    def __init__(self, command: Sequence[str], *, cwd: str | None = None) -> None:
        self.command = list(command)
        self.cwd = cwd
        self._proc: subprocess.Popen[bytes] | None = None
        self._lines: queue.Queue[bytes | None] = queue.Queue(QUEUED_LINES)
        self._stderr = bytearray()
        self._lock = threading.Lock()
        self._next_id = 0
        self._killed = threading.Event()

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
        except (OSError, ValueError, subprocess.SubprocessError) as error:  # e.g. a NUL in it
            raise EngineError(f"could not start the engine {self.command!r}: {error}") from None
        assert self._proc.stdin is not None
        os.set_blocking(self._proc.stdin.fileno(), False)  # see _write
        self._lines = queue.Queue(QUEUED_LINES)
        self._killed = threading.Event()
        threading.Thread(target=self._read_stdout, args=(self._proc.stdout,), daemon=True).start()
        threading.Thread(target=self._read_stderr, args=(self._proc.stderr,), daemon=True).start()

    def _read_stdout(self, stream: IO[bytes] | None) -> None:
        # This thread alone reads and closes the engine's output: closing it from another
        # thread would wait for this one's lock, forever if a process outside the group
        # still held the pipe open.
        assert stream is not None
        lines, killed = self._lines, self._killed
        with contextlib.suppress(OSError, ValueError), stream:
            while (line := stream.readline(MAX_LINE + 1)) and _put(lines, line, killed):
                pass
        _put(lines, None, killed)

    def _read_stderr(self, stream: IO[bytes] | None) -> None:
        assert stream is not None
        with contextlib.suppress(OSError, ValueError), stream:
            while chunk := os.read(stream.fileno(), 4096):
                with self._lock:
                    self._stderr += chunk
                    del self._stderr[:-STDERR_TAIL]

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
        self._write(self._proc.stdin.fileno(), data, deadline, payload.get("op"))
        try:
            line = self._lines.get(timeout=max(0.0, deadline - time.monotonic()))
        except queue.Empty:
            raise EngineError(f"no answer to {payload.get('op')!r} within the time limit") from None
        if line is None:
            raise EngineError(self._died(f"instead of answering {payload.get('op')!r}"))
        return self._parse(line, request_id)

    def _write(self, fd: int, data: bytes, deadline: float, op: object) -> None:
        """Write a request without ever blocking past ``deadline``: an engine that answers
        without reading would otherwise fill the pipe and stall the runner."""
        view = memoryview(data)
        while view:
            left = deadline - time.monotonic()
            if left <= 0:
                raise EngineError(f"did not read the {op!r} request within the time limit")
            if not select.select([], [fd], [], left)[1]:
                continue
            try:
                view = view[os.write(fd, view) :]
            except BlockingIOError:
                continue
            except OSError:
                raise EngineError(self._died("while reading a request")) from None

    def _parse(self, line: bytes, request_id: int) -> JsonDict:
        if len(line) > MAX_LINE or not line.endswith(b"\n"):
            raise EngineError(f"printed a line longer than {MAX_LINE} bytes or unterminated")
        try:
            response: Any = load_json(line)
        except MalformedInput as error:
            raise EngineError(
                f"printed garbage instead of a JSON response ({error}): {_clip(line)}"
            ) from None
        if not isinstance(response, dict):
            raise EngineError(f"printed JSON that is not an object: {_clip(line)}")
        answered = response.get("id")
        if type(answered) is not int or answered != request_id:  # PROTO-ID: not true, not 2.0
            raise EngineError(
                f"answered out of order: expected id {request_id}, got {_clip(canonical(answered))}"
            )
        return response

    def _died(self, when: str) -> str:
        status: int | None = None
        if self._proc is not None:
            try:
                status = self._proc.wait(timeout=2)
            except subprocess.TimeoutExpired:
                status = None
            else:  # what it left behind goes too, while its group id is still reserved
                _kill_group(self._proc.pid)
        tail = self.stderr_tail()
        exited = f"exited with status {status}" if status is not None else "closed its output"
        return f"the engine {exited} {when}" + (f"; stderr ends: {tail[-300:]}" if tail else "")

    def kill(self) -> None:
        """Kill the engine and its process group, and reap it."""
        proc, self._proc = self._proc, None
        if proc is None:
            return
        self._killed.set()
        # The whole group, whether or not the engine itself is still running: a child
        # holding its output would otherwise keep the pipe, and this runner, waiting.
        # The engine is not reaped yet, so its id still names its group.
        _kill_group(proc.pid)
        if proc.poll() is None:
            proc.kill()
        if proc.stdin is not None:
            with contextlib.suppress(OSError):
                proc.stdin.close()
        with contextlib.suppress(subprocess.TimeoutExpired):
            proc.wait(timeout=10)

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


def _kill_group(pid: int) -> None:
    with contextlib.suppress(ProcessLookupError, PermissionError):
        os.killpg(pid, signal.SIGKILL)


def _put(lines: queue.Queue[bytes | None], line: bytes | None, killed: threading.Event) -> bool:
    """Queue ``line`` for the runner, waiting while the queue is full; False once the
    engine was killed (nobody will read it)."""
    while not killed.is_set():
        try:
            lines.put(line, timeout=0.2)
        except queue.Full:
            continue
        return True
    return False


def _clip(line: bytes | str) -> str:
    if isinstance(line, bytes):
        line = line.decode("utf-8", errors="replace")
    text = line.strip().encode("utf-8", errors="replace").decode("utf-8")
    return repr(text[:120] + ("…" if len(text) > 120 else ""))
