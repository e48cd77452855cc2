"""Actions and games per CPU-second of every rule family's reference, side by side.

Each family plays whole games of uniformly random legal actions through the same path:
the family object of :mod:`millebornes.registry` (``new_game`` dealt from a seed, then
``legal_actions`` and ``apply``, which re-checks every precondition), so the families
pay alike for the dispatch and differ only in their engines. The classic family's
"game" is one round (from its deal to the next chance node): that is the unit the
classic figures have always been given in (``benchmarks/playouts.py``); Fun & Speed
and As du Volant play a whole game. Time is ``time.process_time`` of this process, so
other processes on the machine count only through the caches; the load average is
printed beside the table. Not a test: the figures go into issue notes.

``--compiled`` adds a row for each family built by ``benchmarks/native.py --family``
(its default build folder, or ``--build-dir``), measured in a process of its own, since a
process holds one engine; a family not built, or built from other sources, is skipped
with the reason.

Fun & Speed and As du Volant also have a ``fast`` row: their fast engines
(:mod:`millebornes.fast.funspeed`, :mod:`millebornes.fast.asduvolant`) playing the same
games by the same loop (dealt from the same seeds, by the reference's ``new_game`` and
converted once for Fun & Speed, by the fast engine's own ``new_game`` for As du Volant;
then ``legal_actions`` and ``step`` in place, which re-checks every precondition).
With ``--compiled``, their mypyc builds
(``benchmarks/native.py --family fun-speed-fast`` or ``as-du-volant-fast``) get a row too.

    python benchmarks/family_speed.py [--seconds 5] [--players 2 4] [--compiled]
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import random
import subprocess
import sys
import time
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import TYPE_CHECKING

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tools"))
sys.path.insert(0, str(ROOT / "reference"))  # this checkout's engines, not an installed copy
import native  # noqa: E402  (re-executes under .venv/bin/python if needed)

if TYPE_CHECKING:
    from millebornes.registry import Family

# millebornes is imported inside the functions: a --compiled child loads its build first.

EDITIONS = ("classic", "fun-speed", "as-du-volant")
"""One edition per family, the classic reference first."""


@dataclass(frozen=True)
class Measure:
    games: int
    actions: int
    cpu: float

    @property
    def actions_per_second(self) -> float:
        return self.actions / self.cpu

    @property
    def games_per_second(self) -> float:
        return self.games / self.cpu


def play_game(family: Family, edition: str, players: int, seed: int, rng: random.Random) -> int:
    """One game (a classic round) of random legal actions; the number of actions taken."""
    state = family.new_game(edition, players, (), seed=seed, deck=None, board=None)
    legal, apply, rnd = family.legal_actions, family.apply, rng.random
    actions = 0
    while family.actor(state) is not None and not family.is_chance(state):
        choices = legal(state)
        state = apply(state, choices[int(rnd() * len(choices))])
        actions += 1
    return actions


def play_fast_game(players: int, seed: int, rng: random.Random) -> int:
    """One Fun & Speed game of random legal actions on the fast engine; the actions taken."""
    from millebornes.families.funspeed.engine import new_game  # noqa: PLC0415
    from millebornes.fast.funspeed import FsFastState  # noqa: PLC0415

    state = FsFastState.from_reference(new_game(players, seed=seed))
    legal, step, rnd = state.legal_actions, state.step, rng.random
    actions = 0
    while state.actor is not None:
        choices = legal()
        step(choices[int(rnd() * len(choices))])
        actions += 1
    return actions


def play_av_fast_game(players: int, seed: int, rng: random.Random) -> int:
    """One As du Volant game of random legal actions on its fast engine, dealt by its own
    ``new_game`` (the reference's deal from the same seed; a random game is short, about 55
    actions at two seats, and the reference's deal would weigh like the play); the actions
    taken. The fast state's ``actor`` is -1, not None, once the game is over."""
    from millebornes.fast.asduvolant import AvFastState  # noqa: PLC0415

    state = AvFastState.new_game(players, seed=seed)
    legal, step, rnd = state.legal_actions, state.step, rng.random
    actions = 0
    while state.actor >= 0:
        choices = legal()
        step(choices[int(rnd() * len(choices))])
        actions += 1
    return actions


FAST = {"fun-speed": "fun-speed-fast", "as-du-volant": "as-du-volant-fast"}
"""Each family's fast engine by edition: the name of its row, and its target in
``native.TARGETS``."""
FAST_GAMES = {"fun-speed-fast": play_fast_game, "as-du-volant-fast": play_av_fast_game}


def measure(edition: str, players: int, seconds: float) -> Measure:
    """Games of ``edition`` at ``players`` seats for ``seconds`` of CPU time (at least one)."""
    from millebornes.registry import family_of_edition  # noqa: PLC0415

    rng = random.Random(players)
    games = actions = 0
    if edition in FAST_GAMES:
        play_fast = FAST_GAMES[edition]
        start = time.process_time()
        while games == 0 or time.process_time() - start < seconds:
            actions += play_fast(players, games, rng)
            games += 1
        return Measure(games, actions, time.process_time() - start)
    family = family_of_edition(edition)
    start = time.process_time()
    while games == 0 or time.process_time() - start < seconds:
        actions += play_game(family, edition, players, games, rng)
        games += 1
    return Measure(games, actions, time.process_time() - start)


def seats(edition: str) -> tuple[int, ...]:
    """The seat counts ``edition`` is played at (its registry entry)."""
    from millebornes.registry import family_of_edition  # noqa: PLC0415

    info = next(i for i in family_of_edition(edition).edition_info() if i.id == edition)
    return tuple(s.players for s in info.seats)


def measure_compiled(target: native.Target, lib: Path, players: int, seconds: float) -> Measure:
    """:func:`measure` of ``target``'s build, in a child process (one engine per process)."""
    argv = [sys.executable, __file__, "--child", target.name, str(lib), str(players), str(seconds)]
    done = subprocess.run(argv, capture_output=True, text=True, check=True)
    return Measure(**json.loads(done.stdout.splitlines()[-1]))


def _child(name: str, lib: str, players: str, seconds: str) -> None:
    native.load_family(native.TARGETS[name], Path(lib))
    print(json.dumps(asdict(measure(name, int(players), float(seconds)))))


def load() -> str:
    one, five, fifteen = os.getloadavg()
    return f"load average {one:.2f} {five:.2f} {fifteen:.2f} on {os.cpu_count()} cores"


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--seconds", type=float, default=5.0, help="CPU seconds per cell")
    parser.add_argument("--players", type=int, nargs="+", default=[2, 4])
    parser.add_argument("--editions", nargs="+", default=list(EDITIONS), choices=EDITIONS)
    parser.add_argument(
        "--compiled", action="store_true", help="add the families built by benchmarks/native.py"
    )
    parser.add_argument(
        "--build-dir", type=Path, default=None, help="the build of --compiled (one family)"
    )
    parser.add_argument("--child", nargs=4, help=argparse.SUPPRESS)
    options = parser.parse_args()
    if options.child:
        _child(*options.child)
        return
    if options.seconds <= 0:
        parser.error("--seconds must be positive")
    unplayed = [n for n in options.players if all(n not in seats(e) for e in options.editions)]
    if unplayed:
        parser.error(f"--players: no chosen rule family is played by {unplayed} players")
    builds: dict[str, tuple[native.Target, Path]] = {}
    print(f"python {platform.python_version()} on {platform.machine()}; {load()}")
    if options.compiled:
        for edition in [*options.editions, *FAST.values()]:
            if edition not in native.TARGETS:
                continue
            target = native.TARGETS[edition]
            folder = target.default_build if options.build_dir is None else options.build_dir
            reason = native.check(folder / "lib", target)
            if reason:
                print(f"skipped {edition} compiled: {reason}")
            else:
                builds[edition] = (target, folder / "lib")
    print()
    print("| engine | players | actions/CPU-s | games/CPU-s | actions/game |")
    print("|---|---:|---:|---:|---:|")
    for players in options.players:
        for edition in options.editions:
            if players not in seats(edition):
                continue
            m = measure(edition, players, options.seconds)
            unit = "rounds" if edition == "classic" else "games"
            _row(f"{edition} reference", players, m, unit)
            if edition in builds:
                target, lib = builds[edition]
                _row(
                    f"{edition} compiled",
                    players,
                    measure_compiled(target, lib, players, options.seconds),
                    unit,
                )
            if edition in FAST:
                fast_name = FAST[edition]
                _row(f"{edition} fast", players, measure(fast_name, players, options.seconds), unit)
                if fast_name in builds:
                    target, lib = builds[fast_name]
                    fast = measure_compiled(target, lib, players, options.seconds)
                    _row(f"{edition} fast compiled", players, fast, unit)
    print()
    print(f"after: {load()}")


def _row(engine: str, players: int, m: Measure, unit: str) -> None:
    print(
        f"| {engine} | {players} | {m.actions_per_second:,.0f} |"
        f" {m.games_per_second:,.1f} {unit} | {m.actions / m.games:,.1f} |",
        flush=True,
    )


if __name__ == "__main__":
    main()
