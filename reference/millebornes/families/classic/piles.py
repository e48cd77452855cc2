"""Replaying a team's piles: is each a sequence the rules allow, card on card?

A pile is laid bottom first, one card on the previous top; only a safety takes a
card off (the matching hazard on top, RUL-SAFETY-CLEARS-HAZARD), and that restores
the pile as it was before the attack. So the cards left, read from the bottom,
must each be a lawful play on the one beneath:

* battle pile (PILE-BATTLE): a Roll only on a team that is not rolling, on nothing,
  a Stop or a remedy (REM-ROLL); another remedy only on its own hazard (REM-MATCH);
  a hazard only on a rolling team (HAZ-ROLLING-TARGET);
* speed pile (PILE-SPEED): a Speed Limit only on nothing or an End of Limit
  (HAZ-SPEED-LIMIT-ONCE); an End of Limit only on a Speed Limit (REM-MATCH).

A safety changes what follows it: no hazard it protects from comes after it
(SAFE-IMMUNITY), none is left on top when it is laid, and after Right of Way the team
is rolling without a Roll (SAFE-RIGHT-OF-WAY, PILE-ROLLING). The time a safety was
laid is not recorded, so the replay accepts a pile if some moment for Right of Way
makes it lawful; for the other safeties it is enough that no hazard they protect
from lies on top (a covered one was laid before them).
"""

from __future__ import annotations

from millebornes.families.classic.cards import (
    CATEGORY,
    CURES,
    HAZARDS_STOPPED_BY,
    PILE,
    SAFETY_OF,
    Card,
    Category,
    Pile,
)
from millebornes.families.classic.state import Tableau

RIGHT_OF_WAY = Card.RIGHT_OF_WAY
"""The one safety that changes when a team is rolling (SAFE-RIGHT-OF-WAY)."""


def _name(card: Card | None) -> str:
    return card.name if card is not None else "nothing"


def _rolling(top: Card | None, right_of_way: bool) -> bool:
    # PILE-ROLLING, restated: a Roll on top, or Right of Way and no hazard on top.
    if top is Card.ROLL:
        return True
    return right_of_way and (top is None or CATEGORY[top] is not Category.HAZARD)


def _battle_step(top: Card | None, card: Card, right_of_way: bool) -> str | None:
    """Why ``card`` may not lie on ``top`` in a battle pile, or None if it may."""
    if PILE[card] is not Pile.BATTLE:
        return f"{card.name} does not belong on a battle pile"
    if CATEGORY[card] is Category.HAZARD:
        return None if _rolling(top, right_of_way) else f"{card.name} on a team not rolling"
    if card is Card.ROLL:
        startable = top is None or top is CURES[Card.ROLL] or CATEGORY[top] is Category.REMEDY
        if _rolling(top, right_of_way) or not startable:
            return f"ROLL on {_name(top)}"
        return None
    if top is None or CURES[card] is not top:
        return f"{card.name} on {_name(top)}"
    return None


def _speed_step(top: Card | None, card: Card) -> str | None:
    if PILE[card] is not Pile.SPEED:
        return f"{card.name} does not belong on a speed pile"
    if CATEGORY[card] is Category.HAZARD:
        ok = top is None or (CATEGORY[top] is Category.REMEDY and CURES[top] is card)
        return None if ok else f"{card.name} on {_name(top)}"
    return None if top is not None and CURES[card] is top else f"{card.name} on {_name(top)}"


def _first_fault(
    pile: tuple[Card, ...], start: int, right_of_way: bool, battle: bool
) -> str | None:
    for i in range(start, len(pile)):
        top = pile[i - 1] if i else None
        fault = _battle_step(top, pile[i], right_of_way) if battle else _speed_step(top, pile[i])
        if fault:
            return f"{fault} (card {i + 1} from the bottom)"
    return None


def _right_of_way_fits(pile: tuple[Card, ...], moment: int) -> bool:
    """Right of Way laid when the pile held its first ``moment`` cards: no hazard it
    stops on top then (it would have been cleared), none laid after (SAFE-IMMUNITY)."""
    stopped = HAZARDS_STOPPED_BY[RIGHT_OF_WAY]
    if moment and pile[moment - 1] in stopped:
        return False
    return all(card not in stopped for card in pile[moment:])


def pile_problems(tableau: Tableau) -> list[str]:
    """Everything that makes the battle and speed piles impossible to have been laid."""
    problems = []
    has_row = RIGHT_OF_WAY in tableau.safeties
    for name, pile, battle in (("battle", tableau.battle, True), ("speed", tableau.speed, False)):
        if not has_row:
            fault = _first_fault(pile, 0, False, battle)
        else:
            # Some moment for Right of Way must make both parts lawful.
            fault = "no moment for Right of Way makes it lawful"
            for moment in range(len(pile) + 1):
                if _right_of_way_fits(pile, moment) and not (
                    _first_fault(pile[:moment], 0, False, battle)
                    or _first_fault(pile, moment, True, battle)
                ):
                    fault = None
                    break
            if fault and battle:
                fault = _first_fault(pile, 0, False, battle) or fault
        if fault:
            problems.append(f"{name} pile {[c.name for c in pile]}: {fault}")
    for safety in tableau.safeties:
        for top in (tableau.battle_top, tableau.speed_top):
            if top is not None and SAFETY_OF[top] is safety:
                problems.append(f"{top.name} stands on top although {safety.name} was laid")
    if tableau.distance and Card.ROLL not in tableau.battle and not has_row:
        problems.append("distance laid by a team that never started (no Roll, no Right of Way)")
    return problems
