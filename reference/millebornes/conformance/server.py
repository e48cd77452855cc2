"""``millebornes serve``: the reference engine behind the conformance protocol.

The protocol (spec/conformance/protocol.md) is JSON lines on stdin and stdout:
one request, one response. This adapter is also the model for adapters in other
languages: it keeps a current state (PROTO-SESSION), loads any state a request
carries unless told not to (``--no-load-state``, to test the runner's replay
path), and never dies on bad input: every line gets exactly one response.

It reads bytes and decodes them as UTF-8 itself, whatever the locale; each line is
read by :func:`millebornes.core.jsonio.load_json`, so its nesting and integers are
bounded, and a line longer than :data:`MAX_REQUEST` bytes is answered without being
kept. A state the request carries must be loadable (every state invariant holds), so
nothing the engine takes can make it fail; if it fails all the same, the answer is an
``internal`` error and the current state is the one before the request.
"""

from __future__ import annotations

import json
import sys
import traceback
from collections.abc import Mapping
from typing import Any, BinaryIO, TypeGuard

from millebornes.conformance.canon import PROTOCOL_VERSION, JsonDict, spec_version
from millebornes.conformance.families import (
    CLASSIC,
    FAMILIES,
    Family,
    for_edition,
    for_state,
    start_extras,
)
from millebornes.core.errors import IllegalAction, MalformedInput
from millebornes.core.jsonio import canonical, load_json
from millebornes.families.classic.edition import edition_ids

ENGINE_NAME = "millebornes-reference"
ERROR_KINDS = ("malformed", "unsupported", "no_state", "internal")
MAX_REQUEST = 1024 * 1024
"""The longest request line read, in bytes (a request with a state is a few kilobytes)."""


class ProtocolError(Exception):
    """A request this engine answers with an error response (PROTO-ERRORS)."""

    def __init__(self, kind: str, message: str) -> None:
        super().__init__(message)
        self.kind = kind


class Session:
    """One conversation: the current state, its rule family, and what the engine declared."""

    FAMILIES: tuple[str, ...] = tuple(FAMILIES)
    """The rule families this engine plays (PROTO-FAMILIES); a subclass may serve fewer."""

    def __init__(
        self, *, load_state: bool = True, families: Mapping[str, Family] | None = None
    ) -> None:
        self.load_state = load_state
        self.families: Mapping[str, Family] = FAMILIES if families is None else families
        """The protocol's entry of each family played, by name (:data:`FAMILIES` by default;
        the mutation harness passes a mutant's entry in its family's place)."""
        self.current: Any = None
        """The current state, in the representation of ``family``; None before any."""
        self.family: Family = self.families[CLASSIC.name]
        self.stopped = False

    def capabilities(self) -> list[str]:
        found = ["load_state", "shuffle"] if self.load_state else ["shuffle"]
        return found + [c for n in self.FAMILIES if (c := self.families[n].capability) is not None]

    def handle(self, request: Any) -> JsonDict:
        """The response to one request; never raises."""
        request_id = request.get("id") if isinstance(request, dict) else None
        before = self.current, self.family
        try:
            if not isinstance(request, dict) or not isinstance(request.get("op"), str):
                raise ProtocolError("malformed", "a request is an object with a string 'op'")
            if not isinstance(request_id, (int, str)) or isinstance(request_id, bool):
                raise ProtocolError("malformed", "a request has an integer or string 'id'")
            body = self._dispatch(request["op"], request)
        except ProtocolError as error:
            return _error(request_id, error.kind, str(error))
        except MalformedInput as error:
            return _error(request_id, "malformed", str(error))
        except Exception as error:  # PROTO-ERRORS: an internal failure is answered, not fatal
            self.current, self.family = before  # and changes nothing
            detail = traceback.format_exception_only(type(error), error)[-1].strip()
            return _error(request_id, "internal", detail)
        # PROTO-FORMATS: states, actions and sheets leave in the spec's JSON forms.
        return {"id": request_id, "ok": True, **body}

    def _dispatch(self, op: str, request: JsonDict) -> JsonDict:
        match op:
            case "hello":
                return self._hello(request)
            case "shuffle":
                return self._shuffle(request)
            case "start":
                return self._start(request)
            case "legal":  # PROTO-LEGAL
                state = self._state(request)
                return {
                    "actions": [
                        self.family.action_to_dict(a) for a in self.family.legal_actions(state)
                    ]
                }
            case "apply":
                return self._apply(request)
            case "score":  # PROTO-SCORE
                carried = request.get("state")  # judged before it is loaded: an error keeps
                family = (
                    self.family
                    if carried is None
                    else for_state(carried, self.FAMILIES, self.families)
                )
                if family.score is None:  # the current state as it was
                    raise ProtocolError("unsupported", f"{family.name} keeps no score sheet")
                return family.score(self._state(request))
            case "stop":
                self.stopped = True  # PROTO-STOP
                return {}
        raise ProtocolError("unsupported", f"unknown op {op!r}")

    def _hello(self, request: JsonDict) -> JsonDict:
        # PROTO-HELLO: name the engine, its editions and what it can do.
        if request.get("protocol") != PROTOCOL_VERSION:
            raise ProtocolError(
                "unsupported", f"this engine speaks protocol {PROTOCOL_VERSION} only"
            )
        return {
            "protocol": PROTOCOL_VERSION,
            "engine": {"name": ENGINE_NAME, "version": spec_version(), "language": "Python"},
            "editions": list(edition_ids()),
            "capabilities": self.capabilities(),
        }

    def _family(self, edition: object) -> Family:
        """PROTO-FAMILIES: the family that plays ``edition``."""
        if not isinstance(edition, str):
            raise ProtocolError("malformed", "edition: a string")
        family = for_edition(edition, self.FAMILIES, self.families)
        if family is None:
            raise MalformedInput(f"edition: unknown edition {edition!r}")
        return family

    def _state(self, request: JsonDict) -> Any:
        """PROTO-SESSION: the state a request carries becomes the current state; PROTO-FAMILIES:
        its own form says which family it belongs to."""
        if "state" in request:
            if not self.load_state:
                raise ProtocolError("unsupported", "this engine was started without load_state")
            family = for_state(request["state"], self.FAMILIES, self.families)
            self.current, self.family = family.state_from_dict(request["state"]), family
        if self.current is None:
            raise ProtocolError("no_state", "no current state: start a round first")
        return self.current

    def _start(self, request: JsonDict) -> JsonDict:
        # PROTO-START: a new game of that edition's family from the deck given.
        edition, players = request.get("edition"), request.get("players")
        options = request.get("options", [])
        if not isinstance(edition, str) or not _is_int(players):
            raise ProtocolError("malformed", "start needs an edition (string) and players (int)")
        if not isinstance(options, list) or not all(isinstance(o, str) for o in options):
            raise ProtocolError("malformed", "options is a list of option names")
        family = self._family(edition)
        extras = start_extras(family, request)
        try:
            state = family.start(edition, players, tuple(options), request.get("deck"), extras)
        except IllegalAction as error:
            return {"outcome": "rejected", "rules": list(error.rule_ids)}
        self.current, self.family = state, family
        return {"outcome": "applied", "state": family.state_to_dict(state)}

    def _apply(self, request: JsonDict) -> JsonDict:
        # PROTO-APPLY: the next state, or the rules broken and the state unchanged.
        state = self._state(request)
        family = self.family
        action = family.action_from_dict(request.get("action"))
        try:
            self.current = family.apply(state, action)
        except IllegalAction as error:
            return {
                "outcome": "rejected",
                "rules": list(error.rule_ids),
                "state": family.state_to_dict(state),
            }
        return {"outcome": "applied", "state": family.state_to_dict(self.current)}

    def _shuffle(self, request: JsonDict) -> JsonDict:
        # PROTO-SHUFFLE: the portable shuffle of spec/shuffle.md, in the edition's family.
        edition, players = request.get("edition"), request.get("players")
        seed, round_number = request.get("seed"), request.get("round", 1)
        if not isinstance(edition, str) or not _is_int(players):
            raise ProtocolError("malformed", "shuffle needs an edition (string) and players (int)")
        if not _is_int(round_number) or not 1 <= round_number < 2**32:
            raise ProtocolError("malformed", "shuffle needs a round number from 1 to 2**32 - 1")
        if not _is_int(seed) or not 0 <= seed < 2**64:
            raise ProtocolError("malformed", "a seed is an integer from 0 to 2**64 - 1")
        family = self._family(edition)
        if family.shuffle is None:
            raise ProtocolError("unsupported", f"no portable shuffle for the {family.name} family")
        return {"deck": family.shuffle(edition, players, seed, round_number)}


def _is_int(value: Any) -> TypeGuard[int]:
    return isinstance(value, int) and not isinstance(value, bool)


def _error(request_id: Any, kind: str, message: str) -> JsonDict:
    return {"id": request_id, "ok": False, "error": {"kind": kind, "message": message}}


def respond(session: Session, line: bytes) -> JsonDict:
    """The response to one line of input, blank or not (PROTO-FRAMING, PROTO-ERRORS)."""
    try:
        request = load_json(line)
    except MalformedInput as error:
        return _error(None, "malformed", str(error))
    return session.handle(request)


def encoded(response: JsonDict) -> bytes:
    """One response line in UTF-8; a lone surrogate a request smuggled in (JSON allows
    ``"\\ud800"``) is written escaped, since UTF-8 cannot carry it."""
    try:
        return (canonical(response) + "\n").encode("utf-8")
    except UnicodeEncodeError:
        return (json.dumps(response, sort_keys=True, separators=(",", ":")) + "\n").encode()


def serve(
    stdin: BinaryIO | None = None,
    stdout: BinaryIO | None = None,
    *,
    load_state: bool = True,
    families: Mapping[str, Family] | None = None,
) -> int:
    """Answer each line until ``stop`` or the end of input (PROTO-FRAMING); ``families`` as
    for :class:`Session`."""
    source = stdin if stdin is not None else sys.stdin.buffer
    sink = stdout if stdout is not None else sys.stdout.buffer
    session = Session(load_state=load_state, families=families)
    while line := source.readline(MAX_REQUEST + 1):
        if len(line) > MAX_REQUEST:
            while not line.endswith(b"\n") and (line := source.readline(MAX_REQUEST + 1)):
                pass  # the rest of an overlong line is read and dropped, never kept
            response = _error(None, "malformed", f"a line longer than {MAX_REQUEST} bytes")
        else:
            response = respond(session, line)
        sink.write(encoded(response))
        sink.flush()
        if session.stopped:
            break
    return 0
