"""Adapters to learning frameworks: OpenSpiel (:mod:`.openspiel_game`) and PettingZoo
(:mod:`.pettingzoo_env`).

The engine itself needs nothing outside the standard library. Each framework is
imported only by its own module, so ``import millebornes`` and this package stay
dependency-free. The frameworks are the project's ``rl`` extra, which
``bash tools/setup.sh`` installs (``.venv/bin/pip install -e '.[rl]'`` in a
checkout). What both adapters share (the fixed action index, the observation and
its string, the utilities) lives in :mod:`.encoding`, which needs no framework either.
"""
