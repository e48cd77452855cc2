"""The conformance suite: test vectors generated from the reference engine, and a runner.

Every other implementation of the specification tests itself against these
vectors. The parts, one concern per module:

- :mod:`.canon`: canonical JSON text, state digests, the suite's constants;
- :mod:`.configs`: every (edition, seats, options) the edition data offers;
- :mod:`.explore`: seeded playouts, the histories cases are mined from;
- :mod:`.tags`: which rule IDs a case covers, derived from what it exercises;
- :mod:`.mine`, :mod:`.scenarios`, :mod:`.setup`: the cases of each kind;
- :mod:`.generate`: writes the suite, its index and its coverage report;
- :mod:`.coverage`: cases per rule ID, and what is missing;
- :mod:`.server`: ``millebornes serve``, the reference engine's protocol adapter;
- :mod:`.engine_process`, :mod:`.runner`, :mod:`.checks`: ``millebornes conformance run``.

The format is specified in ``spec/conformance/format.md`` and the protocol in
``spec/conformance/protocol.md``.
"""
