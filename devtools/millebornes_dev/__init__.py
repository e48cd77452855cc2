"""Development tooling of the Mille Bornes reference: the mutation harness.

Not shipped in the wheel (pyproject.toml lists ``devtools`` among the editable install's
folders only). A *mutant* is a family object with a table row or a transition replaced,
built from the family's own object and passed in to whatever judges it (the invariant
state machine, the protocol server, a family's case checker); nothing is patched.

* :mod:`.harness` — :class:`~.harness.Mutant` and the helpers that build one; the
  generator of the "this row always holds" mutants;
* :mod:`.classic`, :mod:`.funspeed`, :mod:`.asduvolant` — each family's mutants;
* :mod:`.judging` — the suites judged against a mutant, in this process or through
  ``serve``;
* :mod:`.catching` — the invariant state machine played against a mutant.
"""
