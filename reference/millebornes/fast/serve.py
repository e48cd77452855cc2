"""The conformance protocol served by the fast engine: ``python -m millebornes.fast.serve``.

The same session as ``millebornes serve`` (its requests, errors and JSON forms are the
reference server's own), with ``legal`` and ``apply`` answered by :class:`FastState`.
The session keeps the fast twin of its current state and steps it in place, so a
case's run exercises the incremental masks, not only fresh conversions. Running the
whole conformance suite against it is a differential test of the fast engine:

    millebornes conformance run --engine "python -m millebornes.fast.serve"
"""

from __future__ import annotations

import json
import sys

from millebornes.conformance.canon import JsonDict
from millebornes.conformance.server import Session
from millebornes.core.errors import IllegalAction
from millebornes.core.jsonio import canonical
from millebornes.families.classic.serialize import action_from_dict, action_to_dict, state_to_dict
from millebornes.families.classic.state import State
from millebornes.fast.engine import FastState

ENGINE_NAME = "millebornes-fast"


class FastSession(Session):
    """A protocol session whose ``legal`` and ``apply`` are the fast engine's."""

    FAMILIES = ("classic",)  # the fast engine plays the classic family only (PROTO-FAMILIES)

    def __init__(self, *, load_state: bool = True) -> None:
        super().__init__(load_state=load_state)
        self.fast: FastState | None = None
        self.fast_of: State | None = None
        """The reference state ``fast`` stands for (to notice a state loaded by a request)."""

    def _twin(self, state: State) -> FastState:
        if self.fast is None or self.fast_of is not state:
            self.fast, self.fast_of = FastState.of(state), state
        return self.fast

    def _dispatch(self, op: str, request: JsonDict) -> JsonDict:
        if op == "legal":  # PROTO-LEGAL
            fast = self._twin(self._state(request))
            return {"actions": [action_to_dict(a) for a in fast.legal_actions()]}
        body = super()._dispatch(op, request)
        if op == "hello":
            body["engine"] = {**body["engine"], "name": ENGINE_NAME}
        return body

    def _apply(self, request: JsonDict) -> JsonDict:
        # PROTO-APPLY: the next state, or the rules broken and the state unchanged.
        state = self._state(request)
        action = action_from_dict(request.get("action"))
        fast = self._twin(state)
        try:
            fast.step(action)
        except IllegalAction as error:
            return {"outcome": "rejected", "rules": list(error.rule_ids), **_state(state)}
        self.current = self.fast_of = fast.to_state()
        return {"outcome": "applied", **_state(self.current)}


def _state(state: State) -> JsonDict:
    return {"state": state_to_dict(state)}


def main(argv: list[str] | None = None) -> int:
    """Serve on stdin/stdout; ``--no-load-state`` as for ``millebornes serve``."""
    args = sys.argv[1:] if argv is None else argv
    unknown = [arg for arg in args if arg != "--no-load-state"]
    if unknown:
        print(
            f"unknown argument {unknown[0]!r}; the only option is --no-load-state", file=sys.stderr
        )
        return 2
    session = FastSession(load_state="--no-load-state" not in args)
    # The reference's serve() builds its own Session; this loop is its framing
    # (PROTO-FRAMING) around the fast session.
    for line in sys.stdin:
        if line.strip():
            sys.stdout.write(canonical(respond(session, line)) + "\n")
            sys.stdout.flush()
        if session.stopped:
            break
    return 0


def respond(session: Session, line: str) -> JsonDict:
    """The response to one request line, malformed JSON included (PROTO-ERRORS)."""
    try:
        request = json.loads(line)
    except ValueError as error:
        return {
            "id": None,
            "ok": False,
            "error": {"kind": "malformed", "message": f"not JSON: {error}"},
        }
    return session.handle(request)


if __name__ == "__main__":
    sys.exit(main())
