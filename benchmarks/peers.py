"""Rounds per CPU-second of random legal playouts: this engine, its fast twin and the peers.

Each engine plays whole rounds with uniformly random legal moves at 2 and 4 players,
in its own process, for ``--seconds`` of CPU time (``time.process_time``, so other
processes on the machine do not count); the load average is printed beside the
figures, since a loaded machine still slows every engine through shared caches.

- ``reference``: ``legal_actions`` then ``apply`` (which re-checks every precondition),
  immutable states.
- ``fast``: :class:`millebornes.fast.FastState`, ``legal_actions`` then ``step`` in place
  (which checks every precondition too). Both deal a deck shuffled by ``random``.
- ``fast-compiled``: the same fast engine source compiled to C by mypyc, measured only
  once ``python benchmarks/native.py`` has built it (``--native``, default
  ``build/native/lib``); skipped with the reason otherwise, or when the build is stale.
- ``racecard`` (justkrys/racecard, Python 3): a random legal move is found by trying the
  player's candidate moves (each card on each target, each discard) in random order
  until the game accepts one; the first accepted of a random order is uniform among
  the legal ones. It lists no legal moves, which spares it work the others do.
- ``mille-ai`` (elliotkendall/mille-ai, Python 2): a random choice among the game's own
  ``validMoves`` (see ``benchmarks/mille_ai_driver.py``).

A peer whose checkout or interpreter is missing is skipped with the reason. Their code
runs from their own checkouts (``--racecard``, ``--mille-ai`` or the environment
variables ``RACECARD_PATH``, ``MILLE_AI_PATH``, ``PYTHON2``); nothing of it is copied here.

    python benchmarks/peers.py [--seconds 10] [--players 2 4]
"""

from __future__ import annotations

import argparse
import glob
import json
import os
import platform
import random
import shutil
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING

import native  # first: it re-executes the script under .venv/bin/python if needed
from mille_ai_driver import DRIVER
from millebornes.apps.stopping import run_command
from millebornes.families.classic import Deal, State, apply, is_chance, legal_actions, new_match

if TYPE_CHECKING:
    from millebornes.fast import FastState

Measure = dict[str, float]
OURS = ("reference", "fast", "fast-compiled")


def _deal(players: int, rng: random.Random) -> tuple[State, Deal]:
    """A new classic match and its first deal, shuffled by ``rng`` as the peers shuffle
    (the spec's portable shuffle, pure Python, would cost the fast engine 15% of a round)."""
    state = new_match("classic", players)
    deck = list(state.draw_pile)
    rng.shuffle(deck)
    return state, Deal(0, tuple(deck))


def _reference_round(players: int, rng: random.Random) -> int:
    state, deal = _deal(players, rng)
    state = apply(state, deal)
    rnd = rng.random
    steps = 0
    while not is_chance(state) and state.actor is not None:
        choices = legal_actions(state)
        state = apply(state, choices[int(rnd() * len(choices))])
        steps += 1
    return steps


def _fast_rounds(engine: type[FastState]) -> Callable[[int, random.Random], int]:
    """Rounds of ``engine``: the pure fast engine or its compiled build (one per process)."""

    def play_round(players: int, rng: random.Random) -> int:
        start, deal = _deal(players, rng)
        state = engine.of(start)
        state.step(deal)
        rnd = rng.random
        steps = 0
        while not state.is_chance() and state.actor is not None:
            choices = state.legal_actions()
            state.step(choices[int(rnd() * len(choices))])
            steps += 1
        return steps

    return play_round


def _ours(play_round: Callable[[int, random.Random], int]) -> Callable[[int, float], Measure]:
    def measure(players: int, seconds: float) -> Measure:
        rng = random.Random(players)
        rounds = actions = 0
        start = time.process_time()
        while time.process_time() - start < seconds:
            actions += play_round(players, rng)
            rounds += 1
        return {"rounds": rounds, "cpu": time.process_time() - start, "actions": actions}

    return measure


def _racecard(path: str, players: int, seconds: float) -> Measure:
    """Random legal rounds of racecard's core ``Hand`` (imported from its checkout)."""
    sys.path.insert(0, str(Path(path) / "src"))
    from racecard.core import exceptions, hand  # type: ignore[import-not-found]  # noqa: PLC0415

    results = hand.PlayResults
    rng = random.Random(players)
    ids = list(range(players))
    rounds = actions = 0
    start = time.process_time()
    while time.process_time() - start < seconds:
        game = hand.Hand(ids)
        while not game.is_completed:
            seat = game.current_player_id
            me = game._players[seat]  # the peer's own state: read, never changed here
            if game.cards_remaining and not me.is_hand_full:
                game.draw(seat)
                actions += 1
            moves: list[tuple[int, int | None]] = [
                (i, t) for i in range(len(me._hand)) for t in ids if t != seat
            ]
            moves += [(i, None) for i in range(len(me._hand))]
            rng.shuffle(moves)
            for index, target in moves:
                try:
                    if target is None:
                        result = game.discard(seat, index, force=True)
                    else:
                        result = game.play(seat, index, target)
                except exceptions.ExceptionBase:
                    continue
                actions += 1
                if result == results.CAN_COUP_FOURRE and rng.random() < 0.5:
                    victim = next(i for i, p in game._players.items() if p is game._last_target)
                    game.coup_fourre(victim)
                    actions += 1
                elif result == results.WIN_CAN_EXTEND:
                    (game.extension if rng.random() < 0.5 else game.no_extension)(seat)
                    actions += 1
                break
            else:  # nothing to play: an empty hand after the draw pile ran out
                game._next_turn()
        rounds += 1
    return {"rounds": rounds, "cpu": time.process_time() - start, "actions": actions}


def _python2(option: str | None) -> str | None:
    """A working Python 2 interpreter: the option, $PYTHON2, pyenv's 2.7, or python2."""
    found = [option, os.environ.get("PYTHON2")]
    found += sorted(glob.glob(os.path.expanduser("~/.pyenv/versions/2.7*/bin/python")))
    found += [shutil.which("python2.7"), shutil.which("python2")]
    for candidate in found:
        if (
            candidate
            and subprocess.run(
                [candidate, "-c", "pass"], check=False, capture_output=True
            ).returncode
            == 0
        ):
            return candidate
    return None


def _measure(command: list[str], players: int, seconds: float) -> Measure:
    """Run one engine's child process; ``{players}`` and ``{seconds}`` are filled in.
    It runs from ``/``, outside this repository, as the peers are run."""
    filled = {"{players}": str(players), "{seconds}": str(seconds)}
    argv = [filled.get(arg, arg) for arg in command]
    done = subprocess.run(argv, capture_output=True, text=True, cwd="/", check=True)
    result: Measure = json.loads(done.stdout.strip().splitlines()[-1])
    return result


def _engines(options: argparse.Namespace) -> tuple[dict[str, list[str]], list[str]]:
    """Each available engine's command (a fresh process per measure), and the skips."""
    child = [sys.executable, str(Path(__file__).resolve()), "--child"]
    engines = {name: [*child, name, "{players}", "{seconds}"] for name in ("reference", "fast")}
    skipped: list[str] = []
    not_built = native.check(options.native)
    if not_built:
        skipped.append(f"fast-compiled: {not_built}")
    else:
        compiled = [*child, "fast-compiled", "{players}", "{seconds}", str(options.native)]
        engines["fast-compiled"] = compiled
    racecard = options.racecard
    if racecard and (Path(racecard) / "src" / "racecard" / "core" / "hand.py").is_file():
        engines["racecard"] = [*child, "racecard", "{players}", "{seconds}", racecard]
    else:
        skipped.append(f"racecard: no checkout at {racecard!r} (--racecard or RACECARD_PATH)")
    mille = options.mille_ai
    python2 = _python2(options.python2)
    if not (mille and (Path(mille) / "mille" / "game.py").is_file()):
        skipped.append(f"mille-ai: no checkout at {mille!r} (--mille-ai or MILLE_AI_PATH)")
    elif python2 is None:
        skipped.append("mille-ai: no Python 2 interpreter (--python2 or PYTHON2)")
    else:
        engines["mille-ai"] = [python2, "-c", DRIVER, mille, "{players}", "{seconds}"]
    return engines, skipped


def _load() -> str:
    one, five, fifteen = os.getloadavg()
    return f"load average {one:.2f} {five:.2f} {fifteen:.2f} on {os.cpu_count()} cores"


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument(
        "--seconds", type=float, default=10.0, help="CPU seconds per engine and seat count"
    )
    parser.add_argument("--players", type=int, nargs="+", default=[2, 4], choices=[2, 4])
    parser.add_argument(
        "--racecard", default=os.environ.get("RACECARD_PATH", "/work/peers/racecard")
    )
    parser.add_argument(
        "--mille-ai", default=os.environ.get("MILLE_AI_PATH", "/work/peers/mille-ai")
    )
    parser.add_argument("--python2", default=None, help="the interpreter for mille-ai")
    parser.add_argument(
        "--native",
        type=Path,
        default=native.DEFAULT_BUILD / "lib",
        help="the compiled fast engine's build (python benchmarks/native.py)",
    )
    parser.add_argument("--child", nargs="+", help=argparse.SUPPRESS)
    options = parser.parse_args()
    if options.child:
        print(json.dumps(_run_child(options.child)))
        return
    if options.seconds <= 0:
        parser.error("--seconds must be positive")
    engines, skipped = _engines(options)
    print(f"python {platform.python_version()} on {platform.machine()}; {_load()}")
    for reason in skipped:
        print(f"skipped {reason}")
    rates: dict[tuple[str, int], float] = {}
    print(f"{'engine':13} {'players':>7} {'rounds/CPU-s':>13} {'actions/CPU-s':>14} actions/round")
    for players in options.players:
        for name, command in engines.items():
            m = _measure(command, players, options.seconds)
            rate = rates[name, players] = m["rounds"] / m["cpu"]
            per_second, per_round = m["actions"] / m["cpu"], m["actions"] / m["rounds"]
            print(
                f"{name:13} {players:7} {rate:13.1f} {per_second:14.0f} {per_round:13.1f}",
                flush=True,
            )
    for players in options.players:
        peers = {n: r for (n, p), r in rates.items() if p == players and n not in OURS}
        if peers:
            best = max(peers, key=lambda n: peers[n])
            against = [
                f"{n} {rates[n, p] / peers[best]:.2f}x"
                for n, p in rates
                if p == players and n in OURS
            ]
            print(f"{players} players, against {best}: " + ", ".join(against))
    print(f"after: {_load()}")


def _run_child(argv: list[str]) -> Measure:
    name, players, seconds = argv[0], int(argv[1]), float(argv[2])
    if name == "racecard":
        return _racecard(argv[3], players, seconds)
    if name == "reference":
        return _ours(_reference_round)(players, seconds)
    if name == "fast-compiled":
        return _ours(_fast_rounds(native.load(Path(argv[3]))))(players, seconds)
    from millebornes.fast import FastState  # noqa: PLC0415  (not before a compiled load)

    return _ours(_fast_rounds(FastState))(players, seconds)


if __name__ == "__main__":
    sys.exit(run_command("peers.py", main))
