"""Editions as data: Cars, Astérix and the Allonge rules (spec/editions/*.md)."""

from __future__ import annotations

import subprocess
import sys
from collections import Counter
from pathlib import Path

import pytest

from millebornes._spec import load_json
from millebornes.families.classic import (
    Card,
    CoupFourre,
    Discard,
    Draw,
    Extension,
    IllegalAction,
    Phase,
    Play,
    Tableau,
    apply,
    edition_ids,
    legal_actions,
    load_edition,
    new_match,
    new_round,
    score_round,
    to_json,
    violations,
)
from millebornes.families.classic.edition import _edition_from_data
from millebornes.families.classic.position import position

ROOT = Path(__file__).resolve().parent.parent.parent
ROLLING = Tableau(battle=(Card.ROLL,))


def km(*cards: Card) -> Tableau:
    return Tableau(battle=(Card.ROLL,), distance=cards)


AT_650 = (Card.D200, Card.D200, Card.D100, Card.D100, Card.D50)
AT_950 = (Card.D200, Card.D200, Card.D100, Card.D100, Card.D100, Card.D100, Card.D100, Card.D50)


@pytest.mark.rules("ASM-CARS-COUNTS", "ASM-ASTERIX-COUNTS")
@pytest.mark.parametrize("edition", ["cars", "asterix"])
def test_themed_editions_use_the_classic_box(edition: str) -> None:
    rules = load_edition(edition)
    assert rules.box == load_edition("classic").box
    assert rules.box_total == 110
    assert (
        rules.names_fr[Card.ROLL] != load_edition("classic").names_fr[Card.ROLL]
        or edition == "asterix"
    )


@pytest.mark.rules("ASM-CARS-COUNTS")
def test_cars_names_follow_the_booklet() -> None:
    names = load_edition("cars").names_fr
    assert names[Card.ROLL] == "Drapeau Vert"
    assert names[Card.STOP] == "Drapeau Rouge"
    assert "Flo" in names[Card.GASOLINE]


@pytest.mark.rules("BOX-BY-SEATS", "ASM-ALLONGE-NO-MEMO", "BOX-CONTENTS")
def test_allonge_box_depends_on_the_seat_count() -> None:
    rules = load_edition("allonge")
    four = Counter(rules.playing_cards(4))
    assert (four[Card.STOP], four[Card.SPEED_LIMIT], four[Card.ACCIDENT]) == (5, 4, 3)
    for players in (2, 3, 6):
        cards = Counter(rules.playing_cards(players))
        assert cards[Card.STOP] == 4 and cards[Card.SPEED_LIMIT] == 3
        assert cards[Card.OUT_OF_GAS] == cards[Card.FLAT_TIRE] == cards[Card.ACCIDENT] == 2
        assert sum(cards.values()) == 101
        assert rules.memo_cards(players) == ()
        state = new_round("allonge", players, seed=players)
        assert Counter(state.all_cards()) == Counter(dict(state.box))
        assert len(state.all_cards()) == 101
    # A deck of the 4-player box is not the 2-player box.
    with pytest.raises(IllegalAction) as error:
        new_round("allonge", 2, deck=rules.playing_cards(4))
    assert error.value.rule_ids == ("BOX-CONTENTS",)


@pytest.mark.rules("GOAL-BY-SEATS", "SEAT-TEAMS")
def test_allonge_goals_and_teams_by_seat_count() -> None:
    assert [new_match("allonge", n).goal for n in (2, 3, 4, 6)] == [700, 700, 1000, 700]
    four = new_match("allonge", 4)
    assert four.teams == 2 and four.members(0) == (0, 2)
    assert new_match("allonge", 6).teams == 3


@pytest.mark.rules("ASM-ALLONGE-MATCH-TARGET")
def test_allonge_match_target() -> None:
    assert load_edition("allonge").match_target == 5000


@pytest.mark.rules("EXT-DECISION", "SW-EXTENSION")
def test_reaching_700_exactly_opens_the_decision() -> None:
    state = position("allonge", 3, hands={0: [Card.D50, Card.D25]}, tableaus={0: km(*AT_650)})
    decided = apply(state, Play(0, Card.D50, 0))
    assert decided.phase is Phase.EXTENSION and decided.actor == 0
    assert legal_actions(decided) == (Extension(0, extend=False), Extension(0, extend=True))
    # Nothing else may happen meanwhile, and only the player who reached 700 decides.
    assert violations(decided, Discard(0, Card.D25)) == ("TURN-PLAY-OR-DISCARD",)
    assert violations(decided, Extension(1, extend=True)) == ("TURN-ACTOR",)
    assert violations(state, Extension(0, extend=True)) == ("EXT-DECISION",)
    with pytest.raises(IllegalAction):
        apply(state, Extension(0, extend=True))
    # Without the switch (classic at 4 players, 700 km option) the round just ends.
    classic = position(
        "classic", 4, ("goal_700",), hands={0: [Card.D50]}, tableaus={0: km(*AT_650)}
    )
    assert apply(classic, Play(0, Card.D50, 0)).phase is Phase.ROUND_OVER


@pytest.mark.rules("EXT-DECISION", "END-WINNER-AT-GOAL", "SCORE-ROUND-WIN")
def test_stopping_at_700_wins_the_round() -> None:
    state = position("allonge", 3, hands={0: [Card.D50]}, tableaus={0: km(*AT_650)})
    stopped = apply(apply(state, Play(0, Card.D50, 0)), Extension(0, extend=False))
    assert stopped.phase is Phase.ROUND_OVER
    sheet = score_round(stopped)
    assert sheet.winner == 0
    assert sheet.teams[0].round_win == 400 and sheet.teams[0].extension == 0
    assert sheet.teams[0].shutout == 1000  # two teams without distance


@pytest.mark.rules("EXT-GOAL", "SCORE-EXTENSION")
def test_called_extension_moves_the_goal_for_everyone() -> None:
    state = position(
        "allonge", 3, hands={0: [Card.D50], 1: [Card.D75]}, tableaus={0: km(*AT_650), 1: ROLLING}
    )
    extended = apply(apply(state, Play(0, Card.D50, 0)), Extension(0, extend=True))
    assert extended.extended_by == 0 and extended.goal == 1000
    assert extended.phase is Phase.DRAW and extended.actor == 1
    # The extension is called once: reaching 1000 then ends the round.
    assert to_json(extended).count('"extended_by":0') == 1


@pytest.mark.rules("SCORE-EXTENSION", "SCORE-DELAYED-ACTION", "SCORE-NO-200", "EXT-GOAL")
def test_successful_extension_scores_for_the_caller() -> None:
    state = position(
        "allonge",
        3,
        hands={0: [Card.D50]},
        tableaus={0: km(*AT_950), 1: km(Card.D25)},
        draw_pile=(),
        extended_by=0,
    )
    assert state.goal == 1000
    done = apply(state, Play(0, Card.D50, 0))
    assert done.phase is Phase.ROUND_OVER
    line = score_round(done).teams[0]
    assert (line.round_win, line.extension, line.delayed_action) == (400, 200, 300)
    assert line.win_without_200 == 0  # it laid 200s
    assert score_round(done).teams[1].extension == 0


@pytest.mark.rules("SCORE-EXTENSION", "END-WINNER-AT-GOAL", "SW-WIN-REQUIRES-GOAL")
def test_failed_extension_pays_every_other_team() -> None:
    # The extension was called by team 0; the round ends with nobody at 1000.
    state = position(
        "allonge",
        3,
        hands={1: [Card.D25]},
        tableaus={0: km(*AT_650, Card.D50), 1: km(Card.D25)},
        draw_pile=(),
        actor=1,
        extended_by=0,
    )
    over = apply(state, Discard(1, Card.D25))
    assert over.phase is Phase.ROUND_OVER
    sheet = score_round(over)
    assert sheet.winner is None  # no farthest winner in these rules
    assert [line.extension for line in sheet.teams] == [0, 200, 200]
    assert [line.round_win for line in sheet.teams] == [0, 0, 0]
    # The classic edition would have made team 0 the farthest winner.
    assert load_edition("classic").switch("SW-WIN-REQUIRES-GOAL") is False


@pytest.mark.rules("SCORE-ALL-SAFETIES")
def test_all_four_safeties_bonus() -> None:
    four = (Card.RIGHT_OF_WAY, Card.EXTRA_TANK, Card.PUNCTURE_PROOF, Card.DRIVING_ACE)
    tableaus = {0: Tableau(safeties=four), 1: Tableau(safeties=four[:3])}
    allonge = position("allonge", 2, tableaus={0: tableaus[0], 1: Tableau()})
    assert score_round(allonge).teams[0].all_safeties == 300
    assert score_round(allonge).teams[0].safeties == 400
    three = position("allonge", 2, tableaus={0: tableaus[1]})
    assert score_round(three).teams[0].all_safeties == 0
    classic = position("classic", 2, tableaus={0: tableaus[0]})
    assert score_round(classic).teams[0].all_safeties == 0


@pytest.mark.rules(
    "END-DISTANCE-EXHAUSTED", "RUL-DISTANCE-EXHAUSTED", "SW-ROUND-END-DISTANCE-EXHAUSTED"
)
@pytest.mark.parametrize("edition", ["cars", "asterix"])
def test_round_ends_when_no_distance_card_is_left(edition: str) -> None:
    # Every distance card is laid or discarded but one, in seat 0's hand; the draw
    # pile holds no distance card. Discarding it ends the round at once.
    rules = load_edition(edition)
    distance = [c for c in rules.playing_cards(2) if c.name.startswith("D")]
    laid, last = distance[:-1], distance[-1]
    others = [c for c in rules.playing_cards(2) if not c.name.startswith("D")]
    state = position(
        edition,
        2,
        hands={0: [last, others[0]], 1: [others[1]]},
        discard_pile=laid,
        draw_pile=others[2:],
    )
    over = apply(state, Discard(0, last))
    assert over.phase is Phase.ROUND_OVER
    assert len(over.draw_pile) > 0  # cards were left to draw: the switch ended it
    classic = position(
        "classic",
        2,
        hands={0: [last, others[0]], 1: [others[1]]},
        discard_pile=laid,
        draw_pile=others[2:],
    )
    assert apply(classic, Discard(0, last)).phase is Phase.DRAW


@pytest.mark.rules("RUL-CARS-END-OF-LIMIT", "RUL-START-CLAUSE", "PILE-ROLLING")
@pytest.mark.parametrize("edition", ["cars", "asterix"])
def test_themed_editions_roll_as_the_classic(edition: str) -> None:
    # End of Limit alone lifts the limit: a 75 follows at once on a rolling team.
    limited = Tableau(battle=(Card.ROLL,), speed=(Card.SPEED_LIMIT,))
    state = position(edition, 2, hands={0: [Card.END_OF_LIMIT, Card.D75]}, tableaus={0: limited})
    lifted = apply(state, Play(0, Card.END_OF_LIMIT, 0))
    lifted = apply(apply(lifted, Draw(1)), Discard(1, lifted.draw_pile[0]))
    lifted = apply(lifted, Draw(0))
    assert violations(lifted, Play(0, Card.D75, 0)) == ()
    # A remedy alone does not let a team roll: "no attack on the battle pile" is not enough.
    remedied = Tableau(battle=(Card.ROLL, Card.FLAT_TIRE, Card.SPARE_TIRE))
    state = position(edition, 2, hands={0: [Card.D25]}, tableaus={0: remedied})
    assert violations(state, Play(0, Card.D25, 0)) == ("DIST-ROLLING",)


@pytest.mark.rules("RUL-ALLONGE-LOST-BULLETS", "RUL-RIGHT-OF-WAY-CLEARS", "CF-TURN")
def test_allonge_right_of_way_and_coup_fourre_as_classic() -> None:
    stopped = Tableau(battle=(Card.ROLL, Card.STOP), speed=(Card.SPEED_LIMIT,))
    state = position("allonge", 2, hands={0: [Card.RIGHT_OF_WAY]}, tableaus={0: stopped})
    laid = apply(state, Play(0, Card.RIGHT_OF_WAY, 0))
    assert laid.tableaus[0].battle == (Card.ROLL,) and laid.tableaus[0].speed == ()
    attack = position(
        "allonge", 3, hands={0: [Card.ACCIDENT], 2: [Card.DRIVING_ACE]}, tableaus={2: ROLLING}
    )
    window = apply(attack, Play(0, Card.ACCIDENT, 2))
    assert window.phase is Phase.COUP_FOURRE and window.actor == 2
    after = apply(window, CoupFourre(2, Card.DRIVING_ACE))
    assert after.actor == 2 and after.phase is Phase.DRAW
    assert after.tableaus[2].coups_fourres == (Card.DRIVING_ACE,)


@pytest.mark.rules("SW-EXTENSION", "SW-WIN-REQUIRES-GOAL", "SW-ROUND-END-DISTANCE-EXHAUSTED")
def test_switch_values_per_edition() -> None:
    expected = {
        "classic": (False, False, False),
        "cars": (False, False, True),
        "asterix": (False, False, True),
        "allonge": (True, True, False),
    }
    assert set(expected) == set(edition_ids())
    for edition, values in expected.items():
        rules = load_edition(edition)
        assert (
            rules.switch("SW-EXTENSION"),
            rules.switch("SW-WIN-REQUIRES-GOAL"),
            rules.switch("SW-ROUND-END-DISTANCE-EXHAUSTED"),
        ) == values


def test_edition_matrix_is_up_to_date() -> None:
    result = subprocess.run(
        [sys.executable, str(ROOT / "tools" / "edition_matrix.py"), "--check"],
        capture_output=True,
        text=True,
        check=False,
    )
    assert result.returncode == 0, result.stdout + result.stderr


@pytest.mark.rules("BOX-CONTENTS", "BOX-BY-SEATS")
@pytest.mark.parametrize("edition", edition_ids())
def test_count_is_the_box_at_every_seat_count(edition: str) -> None:
    """``Edition.count`` says how many of a kind the box holds: 0 for a kind it lacks."""
    rules = load_edition(edition)
    for players in rules.seat_counts:
        counts = {card: rules.count(card, players) for card in Card}
        assert all(n >= 0 for n in counts.values()), counts
        assert counts == {card: dict(rules.box_for(players)).get(card, 0) for card in Card}
        assert sum(counts.values()) == len(rules.playing_cards(players)) + len(
            rules.memo_cards(players)
        )


@pytest.mark.parametrize("off_by", [-1, 1])
def test_an_edition_file_whose_box_total_disagrees_is_refused(off_by: int) -> None:
    """The data files carry the box's total as a check on the counts: a file whose counts
    add up to more or to less than it says is refused at load, naming both figures."""
    data = load_json("editions/classic.json")
    data["box_total"] += off_by
    with pytest.raises(RuntimeError, match=f"add to 110, not {110 + off_by}"):
        _edition_from_data(data)
