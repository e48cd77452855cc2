"""Memory of a state and per step: the reference engine against the fast one.

- Deep size: the bytes of a state mid-round and of everything it reaches that is not
  shared by every state (the edition tables, card and phase members, the shared action
  objects and the fast engine's match figures are left out), from ``sys.getsizeof``.
- Per step (``tracemalloc``, over random playouts of whole rounds, the previous state
  kept alive as a search would): the bytes newly allocated and still alive after the
  step, and the peak of the step's allocations. The reference builds a new immutable
  state sharing what did not change; the fast engine either steps in place (``step``)
  or copies first (``apply``, what a search that keeps the parent does).

``--native`` measures the mypyc-compiled fast engine (``benchmarks/native.py`` builds it)
in place of the pure one: the same state, laid out in a C structure.

    python benchmarks/memory.py [--players 2 4] [--rounds 20] [--native]
"""

from __future__ import annotations

import argparse
import random
import sys
import tracemalloc
from collections.abc import Callable
from enum import Enum
from functools import partial
from pathlib import Path
from typing import TYPE_CHECKING

import native
from millebornes.apps.stopping import run_command
from millebornes.families.classic import Deal, State, apply, is_chance, legal_actions, new_match

if TYPE_CHECKING:
    from millebornes.fast import FastState


def _fields(item: object) -> tuple[str, ...]:
    """The attribute names of a slotted object; a mypyc-compiled class has no ``__slots__``
    but exposes each attribute of its C structure as a getset descriptor."""
    kind = type(item)
    slots: tuple[str, ...] = getattr(kind, "__slots__", ())
    if slots:
        return slots
    return tuple(n for n, v in vars(kind).items() if type(v).__name__ == "getset_descriptor")


def deep_size(root: object, shared: tuple[type, ...]) -> int:
    """Bytes of ``root`` and the objects it reaches, each once, instances of ``shared``
    (constants every state shares), types and None left out."""
    seen: set[int] = set()
    stack = [root]
    total = 0
    while stack:
        item = stack.pop()
        if id(item) in seen or isinstance(item, (*shared, type)) or item is None:
            continue
        seen.add(id(item))
        total += sys.getsizeof(item)
        if isinstance(item, (tuple, list)):
            stack.extend(item)
        else:
            stack.extend(getattr(item, name) for name in _fields(item) if hasattr(item, name))
    return total


def _mid_round(players: int, seed: int) -> State:
    rng = random.Random(seed)
    state = new_match("classic", players)
    deck = list(state.draw_pile)
    rng.shuffle(deck)
    state = apply(state, Deal(0, tuple(deck)))
    for _ in range(60):
        choices = legal_actions(state)
        state = apply(state, choices[rng.randrange(len(choices))])
    return state


def _measured(step: Callable[[], object]) -> tuple[int, int, object]:
    """Bytes allocated by ``step()`` and still alive after it, its peak, and its result."""
    tracemalloc.reset_peak()
    before = tracemalloc.get_traced_memory()[0]
    result = step()
    now, peak = tracemalloc.get_traced_memory()
    return now - before, peak - before, result


def per_step(
    players: int, rounds: int, engine: str, fast_state: type[FastState]
) -> tuple[float, float]:
    """Mean bytes kept and mean peak bytes per action over ``rounds`` random rounds;
    ``engine`` is reference, fast-step or fast-apply (``fast_state`` pure or compiled)."""
    rng = random.Random(players)
    kept = peak = steps = 0
    tracemalloc.start()
    for _ in range(rounds):
        start = new_match("classic", players)
        deck = list(start.draw_pile)
        rng.shuffle(deck)
        state = apply(start, Deal(0, tuple(deck)))
        fast = fast_state.of(state)
        while not is_chance(state) and state.actor is not None:
            choices = legal_actions(state)
            action = choices[rng.randrange(len(choices))]
            if engine == "reference":
                got = _measured(partial(apply, state, action))
            elif engine == "fast-step":
                got = _measured(partial(fast.step, action))
            else:
                got = _measured(partial(fast.apply, action))
                assert isinstance(got[2], fast_state)
                fast = got[2]
            state = apply(state, action)
            kept, peak, steps = kept + got[0], peak + got[1], steps + 1
    tracemalloc.stop()
    return kept / steps, peak / steps


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--players", type=int, nargs="+", default=[2, 4], choices=[2, 4])
    parser.add_argument("--rounds", type=int, default=20)
    parser.add_argument(
        "--native",
        nargs="?",
        const=native.DEFAULT_BUILD / "lib",
        type=Path,
        help="measure the compiled fast engine (its build folder; default build/native/lib)",
    )
    args = parser.parse_args()
    if args.rounds < 1:
        parser.error("--rounds must be at least 1")
    if args.native:
        try:
            fast_state = native.load(args.native)  # before anything imports millebornes.fast
        except native.NativeUnavailable as error:
            parser.error(f"--native: {error}")
    else:
        from millebornes.fast import FastState  # noqa: PLC0415

        fast_state = FastState
    from millebornes.fast.tables import Match  # noqa: PLC0415  (after a compiled load)

    shared = (Enum, Match)
    fast = "fast (compiled)" if args.native else "fast"
    for players in args.players:
        state = _mid_round(players, seed=players)
        print(
            f"{players} players, a state after 60 actions: reference"
            f" {deep_size(state, shared)} bytes, {fast} {deep_size(fast_state.of(state), shared)}"
            " bytes (deep size)"
        )
        for engine in ("reference", "fast-step", "fast-apply"):
            kept, peak = per_step(players, args.rounds, engine, fast_state)
            print(f"  {engine:10} per action: {kept:7.0f} bytes kept, {peak:7.0f} bytes peak")


if __name__ == "__main__":
    sys.exit(run_command("memory.py", main))
