"""The z3 count abstraction of the rules: one transition relation, three uses.

The relation of :mod:`.transition` is written once over values that are either
Python integers or z3 terms (:mod:`.algebra`). With z3 terms it is what the
inductive proofs of :mod:`.proofs` reason about; with the integers of a concrete
step taken by the engine it is evaluated directly, which is how the state machine
keeps the model honest (:mod:`.link`). Every number comes from the edition data
(:mod:`.setting`), never from this package.
"""
