"""The rule families, three peers: :mod:`.classic` (classic, Cars, Astérix, Allonge),
:mod:`.funspeed` (Fun & Speed) and :mod:`.asduvolant` (As du Volant).

Each is one package of the same shape — cards, actions, state, precondition tables
(``rules``), transitions (``engine``), scoring, JSON (``serialize``) — exporting one object
that satisfies :class:`millebornes.core.family.RuleFamily`. A family imports the core and
itself, never another family; :mod:`millebornes.registry` lists them. The card kinds the
families share by name (distance cards, hazards, remedies, safeties) stay each family's
own enum: each family's data (``spec/cards.json``, ``spec/families/*/edition.json``)
gives its cards their relations and names, and no code asks whether two families' cards
are the same.
"""
