"""Readable transcripts: each action with the state it leaves, and the score sheet."""

from __future__ import annotations

from collections.abc import Iterator

from millebornes.families.classic.actions import (
    Action,
    CoupFourre,
    Deal,
    Decline,
    Discard,
    Draw,
    Extension,
    Play,
)
from millebornes.families.classic.cards import NAME_EN, Card
from millebornes.families.classic.scoring import SHEET_ITEMS, RoundScore
from millebornes.families.classic.state import Phase, State, Tableau


def card_name(state: State, card: Card) -> str:
    """English name with the edition's French name in guillemets, e.g. ``Roll «Feu Vert (Roulez)»``.

    Guillemets, not parentheses: several French names carry parentheses of their own."""
    return f"{NAME_EN[card]} «{state.rules.names_fr[card]}»"


def _pile(cards: tuple[Card, ...]) -> str:
    return NAME_EN[cards[-1]] if cards else "-"


def tableau_line(state: State, team: int) -> str:
    t: Tableau = state.tableaus[team]
    safeties = ", ".join(
        NAME_EN[s] + (" (coup-fourré)" if s in t.coups_fourres else "") for s in t.safeties
    )
    rolling = "rolling" if t.is_rolling() else "stopped"
    return (
        f"team {team}: {t.km:>4} km, {rolling}; battle {_pile(t.battle)}; speed {_pile(t.speed)};"
        f" 200s {t.count_200()}; safeties {safeties or '-'}"
    )


WAITING_FOR = {
    Phase.DEAL: "to deal",
    Phase.DRAW: "to draw",
    Phase.PLAY: "to play or discard a card",
    Phase.COUP_FOURRE: "to call coup-fourré or decline",
    Phase.EXTENSION: "to stop at the goal or call the extension",
    Phase.ROUND_OVER: "to deal the next round",
}
"""What the actor must do in each phase (TURN-ACTOR)."""


def whose_move(state: State) -> str:
    if state.phase is Phase.MATCH_OVER or state.actor is None:
        return "the match is over"
    return f"seat {state.actor} {WAITING_FOR[state.phase]}"


def status_line(state: State) -> str:
    """Where the match stands, in a line: the round, the goal, the draw pile and who acts."""
    return (
        f"round {state.round_number}, goal {state.goal} km, draw pile {len(state.draw_pile)}"
        f" cards; next: {whose_move(state)}"
    )


def describe(before: State, action: Action) -> str:
    """One line saying what ``action`` does in ``before``."""
    who = f"seat {action.seat}"
    match action:
        case Deal():
            return f"{who} deals round {before.round_number + 1}"
        case Draw():
            return f"{who} draws {card_name(before, before.draw_pile[0])}"
        case Play(_, card, target):
            where = "its own tableau" if target == before.team_of(action.seat) else f"team {target}"
            return f"{who} plays {card_name(before, card)} on {where}"
        case Discard(_, card):
            return f"{who} discards {card_name(before, card)}"
        case CoupFourre(_, card):
            return f"{who} calls COUP-FOURRÉ with {card_name(before, card)}"
        case Decline():
            return f"{who} declines the coup-fourré"
        case Extension(_, extend):
            return f"{who} calls the EXTENSION" if extend else f"{who} stops at the goal"


SHEET_LABELS = {
    "distance": "distance",
    "safeties": "safeties",
    "all_safeties": "all safeties",
    "coups_fourres": "coups-fourrés",
    "round_win": "round won",
    "delayed_action": "delayed action",
    "win_without_200": "won without 200",
    "extension": "extension",
    "shutout": "shutout",
}
"""Column headings of the score sheet for people, one per item of SCORE-SHEET."""


def score_sheet(state: State, sheet: RoundScore) -> Iterator[str]:
    """The score sheet as aligned text lines."""
    # The edition's items only: an item it scores 0 for everybody, always, is left out;
    # in the plain race that is every item but the round won (SCORE-RACE-SHEET).
    points = state.rules.scoring
    unused = {
        "all_safeties": points.all_safeties_bonus,
        "delayed_action": points.delayed_action,
        "extension": points.extension,
    }
    columns = [item for item in SHEET_ITEMS if unused.get(item, 1)]
    if state.rules.switch("SW-PLAIN-RACE"):
        columns = ["round_win"]
    widths = [len(SHEET_LABELS[c]) + 2 for c in columns]
    heads = "".join(f"{SHEET_LABELS[c]:>{w}}" for c, w in zip(columns, widths, strict=True))
    yield f"team {heads}{'round':>8}{'match':>8}"
    for line in sheet.teams:
        values = "".join(f"{getattr(line, c):>{w}}" for c, w in zip(columns, widths, strict=True))
        yield f"{line.team:>4} {values}{line.total:>8}{state.scores[line.team]:>8}"
    yield f"round winner: {'team ' + str(sheet.winner) if sheet.winner is not None else 'nobody'}"


def teams_phrase(teams: tuple[int, ...]) -> str:
    """``team 2``, ``teams 0 and 2``, ``teams 0, 1 and 3``."""
    if len(teams) == 1:
        return f"team {teams[0]}"
    return f"teams {', '.join(map(str, teams[:-1]))} and {teams[-1]}"


def match_result(state: State, winners: tuple[int, ...]) -> str:
    """The closing line of a match (MATCH-TARGET, RUL-MATCH-TIE), e.g.
    ``match over after 4 rounds: team 1 wins with 5125 points``."""
    head = f"match over after {state.round_number} rounds"
    unit = "rounds won" if state.rules.switch("SW-PLAIN-RACE") else "points"  # MATCH-RACE-END
    if not winners:
        return f"{head}: nobody reached {state.rules.match_target} {unit}"
    points = state.scores[winners[0]]
    if len(winners) == 1:
        return f"{head}: {teams_phrase(winners)} wins with {points} {unit}"
    return f"{head}: {teams_phrase(winners)} tie with {points} {unit}"
