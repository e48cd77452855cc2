"""Memory of a state and per step: the reference engine against the fast one.

- Deep size: the bytes of a state mid-round and of everything it reaches that is not
  shared by every state (the edition tables, card and phase members, the shared action
  objects and the fast engine's match figures are left out), from ``sys.getsizeof``.
- Per step (``tracemalloc``, over random playouts of whole rounds, the previous state
  kept alive as a search would): the bytes newly allocated and still alive after the
  step, and the peak of the step's allocations. The reference builds a new immutable
  state sharing what did not change; the fast engine either steps in place (``step``)
  or copies first (``apply``, what a search that keeps the parent does).

    python benchmarks/memory.py [--players 2 4] [--rounds 20]
"""

from __future__ import annotations

import argparse
import random
import sys
import tracemalloc
from collections.abc import Callable
from enum import Enum
from functools import partial

from millebornes import Deal, State, apply, is_chance, legal_actions, new_match
from millebornes.fast import FastState
from millebornes.fast.tables import Match


def deep_size(root: object) -> int:
    """Bytes of ``root`` and the objects it reaches, each once, shared constants left out."""
    seen: set[int] = set()
    stack = [root]
    total = 0
    while stack:
        item = stack.pop()
        if id(item) in seen or isinstance(item, (Enum, Match, type)) or item is None:
            continue
        seen.add(id(item))
        total += sys.getsizeof(item)
        if isinstance(item, (tuple, list)):
            stack.extend(item)
        elif hasattr(item, "__slots__"):
            stack.extend(getattr(item, name) for name in item.__slots__ if hasattr(item, name))
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


def per_step(players: int, rounds: int, engine: str) -> tuple[float, float]:
    """Mean bytes kept and mean peak bytes per action over ``rounds`` random rounds;
    ``engine`` is reference, fast-step or fast-apply."""
    rng = random.Random(players)
    kept = peak = steps = 0
    tracemalloc.start()
    for _ in range(rounds):
        start = new_match("classic", players)
        deck = list(start.draw_pile)
        rng.shuffle(deck)
        state = apply(start, Deal(0, tuple(deck)))
        fast = FastState.of(state)
        while not is_chance(state) and state.actor is not None:
            choices = legal_actions(state)
            action = choices[rng.randrange(len(choices))]
            if engine == "reference":
                got = _measured(partial(apply, state, action))
            elif engine == "fast-step":
                got = _measured(partial(fast.step, action))
            else:
                got = _measured(partial(fast.apply, action))
                assert isinstance(got[2], FastState)
                fast = got[2]
            state = apply(state, action)
            kept, peak, steps = kept + got[0], peak + got[1], steps + 1
    tracemalloc.stop()
    return kept / steps, peak / steps


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--players", type=int, nargs="+", default=[2, 4], choices=[2, 4])
    parser.add_argument("--rounds", type=int, default=20)
    args = parser.parse_args()
    if args.rounds < 1:
        parser.error("--rounds must be at least 1")
    for players in args.players:
        state = _mid_round(players, seed=players)
        print(
            f"{players} players, a state after 60 actions: reference {deep_size(state)} bytes,"
            f" fast {deep_size(FastState.of(state))} bytes (deep size)"
        )
        for engine in ("reference", "fast-step", "fast-apply"):
            kept, peak = per_step(players, args.rounds, engine)
            print(f"  {engine:10} per action: {kept:7.0f} bytes kept, {peak:7.0f} bytes peak")


if __name__ == "__main__":
    main()
