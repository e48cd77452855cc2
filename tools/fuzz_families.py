"""Measure the Fun & Speed and As du Volant boundary: the figures of issue 24.

    python tools/fuzz_families.py --games 3 --seed 1

Plays seeded random games of both families at every seat count (As du Volant with each
option too), then throws at the readers mutated states, actions and board files (field
edits, type swaps, cards moved, deep nesting, long integers, bytes that are not UTF-8),
the loader probes of ``millebornes.conformance.family_malformed`` and hostile ``serve``
lines, and prints: escapes (anything but ``MalformedInput`` or ``IllegalAction``),
accepted impossible states (probes), accepted states whose actor has no legal action,
``internal`` answers, and the peak memory of the worst request. Exit status 1 when any
figure but the memory is not zero. ``fuzz(...)`` returns the figures for the tests.
"""

from __future__ import annotations

import argparse
import copy
import io
import json
import random
import sys
import tracemalloc
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from millebornes.apps.stopping import run_command
from millebornes.conformance.family_malformed import asduvolant_probes, funspeed_probes
from millebornes.conformance.server import serve
from millebornes.core.errors import IllegalAction, MalformedInput
from millebornes.families import asduvolant as av
from millebornes.families import funspeed as fs
from millebornes.families.asduvolant.cards import DATA as AV_DATA
from millebornes.families.asduvolant.cards import OPTIONS
from millebornes.families.asduvolant.track import board_from_json, default_board
from millebornes.families.funspeed.cards import DATA as FS_DATA

ODD_VALUES: tuple[Any, ...] = (
    None, True, -1, 0, 7, 2**64 + 5, 10**23, 1.5, "", "D25", "STOP", "draw", [], [0], {}, {"a": 1},
)  # fmt: skip


@dataclass(frozen=True)
class Family:
    name: str
    to_dict: Callable[[Any], dict[str, Any]]
    from_json: Callable[[str | bytes], Any]
    action_to_dict: Callable[[Any], dict[str, Any]]
    action_from_json: Callable[[str | bytes], Any]
    legal_actions: Callable[[Any], tuple[Any, ...]]
    apply: Callable[[Any, Any], Any]
    violations: Callable[[Any, Any], tuple[str, ...]]
    cards: tuple[str, ...]


FS = Family("fun-speed", fs.state_to_dict, fs.from_json, fs.action_to_dict,
            fs.action_from_json, fs.legal_actions, fs.apply, fs.violations,
            tuple(c.name for c in fs.FsCard))  # fmt: skip
AV = Family("as-du-volant", av.state_to_dict, av.from_json, av.action_to_dict,
            av.action_from_json, av.legal_actions, av.apply, av.violations,
            tuple(c.name for c in av.AvCard))  # fmt: skip


def games(games: int, seed: int) -> dict[str, list[Any]]:
    """Every state of ``games`` seeded random games per seat count (and As du Volant option)."""
    rng = random.Random(seed)
    starts: list[tuple[Family, Any]] = []
    for players in FS_DATA.seats:
        starts += [(FS, fs.new_game(players, seed=rng.randrange(2**32))) for _ in range(games)]
    for players in AV_DATA.seats:
        for options in ((), *((o,) for o in OPTIONS)):
            if all(players in AV_DATA.option_seats[o] for o in options):
                starts += [
                    (AV, av.new_game(players, seed=rng.randrange(2**32), options=options))
                    for _ in range(games)
                ]
    found: dict[str, list[Any]] = {FS.name: [], AV.name: []}
    for family, start in starts:
        state = start
        for _ in range(400):
            found[family.name].append(state)
            if state.actor is None:
                break
            state = family.apply(state, rng.choice(family.legal_actions(state)))
    return found


def _paths(value: Any, prefix: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    out = [prefix] if prefix else []
    if isinstance(value, dict):
        for key, child in value.items():
            out += _paths(child, (*prefix, key))
    elif isinstance(value, list):
        for i, child in enumerate(value[:8]):
            out += _paths(child, (*prefix, i))
    return out


def mutate(data: Any, rng: random.Random, cards: tuple[str, ...]) -> str | bytes:
    """One hostile text made from the JSON value ``data``."""
    data = copy.deepcopy(data)
    how = rng.randrange(8)
    if how == 0:
        return "[" * rng.choice((40, 1000, 5000)) + "]" * rng.randrange(2)
    if how == 1:
        return json.dumps(data).replace("0", "9" * rng.choice((30, 5000)), 1)
    if how == 2:
        return json.dumps(data).encode()[:-1] + rng.choice((b"\xff", b"\xc3", b"\x00"))
    paths = _paths(data)
    for _ in range(rng.randint(1, 3)):
        if not paths:
            break
        *parents, last = rng.choice(paths)
        target = data
        try:
            for part in parents:
                target = target[part]
            if how in (3, 4):
                target[last] = copy.deepcopy(rng.choice(ODD_VALUES))  # never shared
            elif how == 5:
                target[last] = rng.choice(cards)
            elif how == 6 and isinstance(target, dict):
                del target[last]
            else:
                target[last] = [target[last]] if rng.random() < 0.5 else {"x": target[last]}
        except (KeyError, IndexError, TypeError):
            break
    text = json.dumps(data)
    return text.encode() if rng.random() < 0.2 else text


def _workout(family: Family, state: Any, figures: Counter[str]) -> None:
    """From an accepted state: a listed action applies and judging any raises no escape."""
    actions = family.legal_actions(state)
    if state.actor is not None and not actions:
        figures["stuck accepted states"] += 1
    for action in actions[:3]:
        after = family.apply(state, action)
        family.from_json(json.dumps(family.to_dict(after)))  # what it produced loads


def fuzz(games_per: int = 2, seed: int = 1, tries: int = 4000) -> Counter[str]:
    """The figures: counts by name (``tried …``, ``escapes``, ``accepted impossible
    states``, ``stuck accepted states``, ``internal answers``; ``peak KiB``)."""
    rng = random.Random(seed)
    figures: Counter[str] = Counter(dict.fromkeys(ZERO, 0))
    corpus = games(games_per, seed)
    families = {FS.name: FS, AV.name: AV}
    for _ in range(tries):
        family = families[rng.choice(sorted(families))]
        state = rng.choice(corpus[family.name])
        kind = rng.randrange(3)
        try:
            if kind == 0:
                figures["tried states"] += 1
                accepted = family.from_json(mutate(family.to_dict(state), rng, family.cards))
                _workout(family, accepted, figures)
            elif kind == 1 and state.actor is not None:
                figures["tried actions"] += 1
                action = rng.choice(family.legal_actions(state))
                text = mutate(family.action_to_dict(action), rng, family.cards)
                family.apply(state, family.action_from_json(text))
            else:
                figures["tried boards"] += 1
                board_from_json(mutate(default_board().to_dict(), rng, ()))
        except (MalformedInput, IllegalAction):
            pass
        except Exception as error:  # what is measured is exactly this
            figures["escapes"] += 1
            figures[f"escape {type(error).__name__}"] += 1
    for name, probes in ((FS.name, funspeed_probes()), (AV.name, asduvolant_probes())):
        for _check, _description, data in probes:
            figures["tried probes"] += 1
            try:
                families[name].from_json(json.dumps(data))
                figures["accepted impossible states"] += 1
            except MalformedInput:
                pass
    _serve(corpus, rng, figures, tries // 4)
    return figures


def _serve(corpus: dict[str, list[Any]], rng: random.Random, figures: Counter[str], n: int) -> None:
    """Hostile family lines, one request at a time: one answer each, never ``internal``."""
    peak = 0
    tracemalloc.start()
    for _ in range(n):
        name = rng.choice(sorted(corpus))
        family = FS if name == FS.name else AV
        state = rng.choice(corpus[name])
        request: dict[str, Any] = {
            "id": 1,
            "op": rng.choice(["legal", "apply", "score", "start", "explain"]),
            "state": family.to_dict(state),
        }
        if state.actor is not None:
            request["action"] = family.action_to_dict(rng.choice(family.legal_actions(state)))
        if request["op"] == "start":
            request.update(edition=name, players=rng.choice((2, 3, 7, "2", None)), seed=1)
        line = mutate(request, rng, family.cards)
        raw = (line if isinstance(line, bytes) else line.encode()) + b"\n"
        out = io.BytesIO()
        tracemalloc.reset_peak()
        serve(io.BytesIO(raw), out)
        peak = max(peak, tracemalloc.get_traced_memory()[1])
        answers = out.getvalue().splitlines()
        figures["tried serve lines"] += 1
        if len(answers) != 1:
            figures["escapes"] += 1
            continue
        if json.loads(answers[0]).get("error", {}).get("kind") == "internal":
            figures["internal answers"] += 1
    tracemalloc.stop()
    figures["peak KiB"] = peak // 1024


ZERO = ("escapes", "accepted impossible states", "stuck accepted states", "internal answers")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=2, help="games per seat count and option")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--tries", type=int, default=4000, help="mutated inputs")
    args = parser.parse_args(argv)
    figures = fuzz(args.games, args.seed, args.tries)
    for name in sorted(figures):
        print(f"{name}: {figures[name]}")
    return 1 if any(figures[name] for name in ZERO) else 0


if __name__ == "__main__":
    sys.exit(run_command("fuzz_families.py", main))
