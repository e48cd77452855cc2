"""One line per random Fun & Speed game: a digest of every state, every legal list and the
rules every well-formed action breaks in some of its states. Run as a script, by the pure
engine or, given a build folder, by the mypyc-compiled one (``tests/funspeed/test_fs_compiled.py``
compares the two outputs).

    python tests/funspeed/fs_trace.py GAMES [BUILD_LIB]
"""

from __future__ import annotations

import hashlib
import random
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path[:0] = [str(ROOT / "reference"), str(ROOT / "benchmarks")]


def main(argv: list[str]) -> None:
    if len(argv) > 1:
        import native  # noqa: PLC0415  (before anything imports the engine)

        native.load_family(native.TARGETS["fun-speed"], Path(argv[1]))
    from millebornes.families.funspeed import engine, serialize  # noqa: PLC0415
    from millebornes.families.funspeed.all_actions import every_action  # noqa: PLC0415

    print(f"engine {engine.__file__}")
    for players in (2, 3, 4):
        for seed in range(int(argv[0])):
            rng = random.Random(seed * 10 + players)
            digest = hashlib.sha256()
            state = engine.new_game(players, seed=seed)
            steps = 0
            while state.actor is not None:
                legal = engine.legal_actions(state)
                digest.update(serialize.to_json(state).encode())
                digest.update("|".join(map(serialize.action_to_json, legal)).encode())
                if rng.random() < 0.02:  # rejections, with their rule IDs, in a sample
                    for action in every_action(state):
                        digest.update(repr(engine.violations(state, action)).encode())
                state = engine.apply(state, legal[rng.randrange(len(legal))])
                steps += 1
            digest.update(serialize.to_json(state).encode())
            print(f"{players} players, seed {seed}: {steps} actions, {digest.hexdigest()}")


if __name__ == "__main__":
    main(sys.argv[1:])
