"""``plays`` asked without ``lean``: every way to lay a card of the hand, the ones the tables
refuse included.

Only the family's own ``legal_actions`` and FS-DISCARD-FORCED ask for the lean candidates
(``plays(lean=True)``), which leave out what is known to break a row; any other caller of
the Python API (tables other than the family's, as a mutant's) gets the whole list by
default and lets the tables judge it. A mechanical mutant that made ``lean`` the default
(conformance/mechanical-fun-speed.json) changed nothing the protocol asks, since every
call in the engine names ``lean``; this pins the default.
"""

from __future__ import annotations

import pytest
from fs_support import C, position

from millebornes.families.funspeed import Zone, violations
from millebornes.families.funspeed.actions import LayBorne, Remedy
from millebornes.families.funspeed.plays import plays


@pytest.mark.rules("FS-BORNE-FREE", "FS-REMEDY", "FS-REMEDY-TOP")
def test_plays_without_lean_proposes_what_the_tables_refuse() -> None:
    stopped = position(
        hands={0: (C.D25, C.GASOLINE, C.ROLL, C.D50, C.D75)}, zones={0: Zone(attack=C.STOP)}
    )
    whole = plays(stopped, 0)
    assert whole == plays(stopped, 0, lean=False)
    refused = {
        LayBorne(0, C.D25, 0, True): ("FS-BORNE-FREE",),  # a Borne under a Feu Rouge
        Remedy(0, C.GASOLINE, C.STOP, True): ("FS-REMEDY",),  # an Essence does not cure it
        Remedy(0, C.ROLL, C.STOP, False): ("FS-REMEDY-TOP",),  # on one's turn it lies on top
    }
    for action, rule_ids in refused.items():
        assert action in whole
        assert violations(stopped, action) == rule_ids
    lean = plays(stopped, 0, lean=True)
    assert lean == [Remedy(0, C.ROLL, C.STOP, True)]
    assert not set(refused) & set(lean)
