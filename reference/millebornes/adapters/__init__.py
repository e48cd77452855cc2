"""Adapters to learning frameworks: OpenSpiel (:mod:`.openspiel_game`) and PettingZoo
(:mod:`.pettingzoo_env`).

The engine itself needs nothing outside the standard library. Each framework is
imported only by its own module, so ``import millebornes`` and this package stay
dependency-free; install the frameworks with the ``rl`` extra
(``pip install 'millebornes[rl]'``). What both adapters share (the fixed action
index, the observation tensor and its string, the utilities) lives in
:mod:`.encoding`, which needs no framework either.
"""
