"""What arithmetic allows in Fun & Speed: z3's fewest turns, checked three ways."""

from __future__ import annotations

import re
from functools import cache

import pytest
from fs_support import C, play

from millebornes._spec import spec_dir
from millebornes.families.funspeed import DATA, FsPhase, new_game
from millebornes.families.funspeed.actions import DrawPile, LayBorne, Pass, Safety
from millebornes.families.funspeed.cards import DISTANCES, KM, SAFETIES
from millebornes_invariants.funspeed_z3 import HAND_AT_PLAY, fewest_turns

DESIGN = spec_dir() / "families" / "fun-speed" / "design.md"


def _best_after(turns: int, accelerators: bool) -> int:
    """The most km a player can make in ``turns`` turns, by brute force over the same moves."""
    box = dict(DATA.box)
    safeties_left = sum(box[card] for card in SAFETIES)
    top = DATA.max_accelerators if accelerators else 0

    @cache
    def best(t: int, safeties: int, boosts: int, left: tuple[int, ...]) -> int:
        if t == 0:
            return 0
        found = 0
        for s in range(safeties + 1):  # each safety's replay draws: no hand limit on them
            found = max(found, 100 * s + best(t - 1, safeties - s, boosts, left))
            for i, card in enumerate(DISTANCES):
                for a in range(min(top, boosts) + 1):
                    if left[i] and 1 + a <= HAND_AT_PLAY:
                        rest = left[:i] + (left[i] - 1,) + left[i + 1 :]
                        km = 100 * s + (KM[card] << a)
                        found = max(found, km + best(t - 1, safeties - s, boosts - a, rest))
        return found

    counts = tuple(box[card] for card in DISTANCES)
    return best(turns, safeties_left, box[C.ACCELERATOR], counts)


@pytest.mark.rules("FS-ACCEL", "FS-KM", "FS-SAFETY", "FS-REPLAY", "FS-GOAL")
@pytest.mark.parametrize(
    ("goal", "accelerators", "turns"),
    [(1000, True, 1), (700, True, 1), (1000, False, 3), (700, False, 2)],
)
def test_fewest_turns_to_the_goal(goal: int, accelerators: bool, turns: int) -> None:
    found, plan = fewest_turns(goal, accelerators=accelerators)
    assert found == turns
    assert (
        sum(100 * p.safeties + (KM[p.borne] << p.accelerators if p.borne else 0) for p in plan)
        >= goal
    )
    assert _best_after(turns, accelerators) >= goal > _best_after(turns - 1, accelerators)
    stated = " ".join(DESIGN.read_text(encoding="utf-8").split())
    assert re.search(rf"\*\*{turns} turns?\*\*", stated)


@pytest.mark.rules("FS-ACCEL", "FS-END-GOAL", "FS-REPLAY")
def test_the_engine_plays_the_one_turn_win() -> None:
    order = list(DATA.deck())
    hand = [C.RIGHT_OF_WAY, C.EXTRA_TANK, C.D200, C.ACCELERATOR]
    for card in (*hand, C.ACCELERATOR):
        order.remove(card)
    # Seat 0 is dealt cards 0, 2, 4, 6 (two players); the first card drawn is card 8.
    others = order[:4]
    deck = [hand[0], others[0], hand[1], others[1], hand[2], others[2], hand[3], others[3]]
    deck += [C.ACCELERATOR, *order[4:]]
    state = new_game(2, deck=tuple(deck))
    # Each safety opens a Hold Up window (its total changed) and is followed by a draw.
    state = play(
        state, DrawPile(0), Safety(0, C.RIGHT_OF_WAY), Pass(1), Pass(0), DrawPile(0),
        Safety(0, C.EXTRA_TANK), Pass(1), Pass(0), DrawPile(0), LayBorne(0, C.D200, 2, True),
        Pass(1),
    )  # fmt: skip
    assert state.phase is FsPhase.OVER and state.winners == (0,) and state.zones[0].km == 1000
