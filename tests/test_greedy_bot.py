"""The greedy bot: legal everywhere, sensible in the positions that show its heuristic,
and clearly stronger than the random bot over a fixed, seeded set of rounds (classic
family) or games (Fun & Speed, As du Volant)."""

from __future__ import annotations

from dataclasses import replace

import pytest

import millebornes as mb
from millebornes.apps.arguments import Game
from millebornes.apps.bots import GreedyBot, _value, unseen
from millebornes.apps.fast_greedy import _c_unseen, c_value
from millebornes.apps.roster import BOTS, make_bot
from millebornes.apps.simulate import Config, run_local
from millebornes.apps.simulate_report import summary
from millebornes.families.asduvolant import actions as av
from millebornes.families.asduvolant.cards import AvCard
from millebornes.families.asduvolant.state import AvPhase
from millebornes.families.classic import (
    Card,
    CoupFourre,
    Discard,
    Phase,
    Play,
    State,
    Tableau,
    legal_actions,
)
from millebornes.families.classic.edition import edition_ids, load_edition
from millebornes.families.classic.position import position
from millebornes.families.classic.view import seat_view as classic_view
from millebornes.families.funspeed import actions as fs
from millebornes.families.funspeed.cards import FsCard
from millebornes.families.funspeed.state import FsPhase, FsState
from millebornes.fast import FastState

ROLLING = Tableau(battle=(Card.ROLL,))
FILLER = (Card.D25, Card.D25, Card.STOP, Card.STOP)


def choice(state: State) -> object:
    action = GreedyBot(0).choose(state)
    assert action in legal_actions(state)
    return action


def test_greedy_is_registered() -> None:
    assert isinstance(make_bot("greedy", 3), GreedyBot)
    assert {"random", "greedy"} <= set(BOTS)


def test_finishes_exactly_when_it_can() -> None:
    state = position(
        hands={0: [Card.D200, Card.D100, Card.D50, Card.D25, Card.STOP, Card.ACCIDENT, Card.ROLL]},
        tableaus={
            0: Tableau(
                battle=(Card.ROLL,), distance=(Card.D200,) * 2 + (Card.D100,) * 5 + (Card.D50,)
            ),
            1: ROLLING,
        },
    )
    assert state.tableaus[0].km == 950
    assert choice(state) == Play(0, Card.D50, 0)


def test_calls_the_coup_fourre() -> None:
    state = position(
        hands={1: [Card.DRIVING_ACE, *FILLER, Card.D50]},
        tableaus={0: ROLLING, 1: Tableau(battle=(Card.ROLL, Card.ACCIDENT))},
        phase=Phase.COUP_FOURRE,
        actor=1,
        turn=0,
        pending_hazard=Card.ACCIDENT,
    )
    assert choice(state) == CoupFourre(1, Card.DRIVING_ACE)


def test_remedies_its_own_hazard_before_attacking() -> None:
    state = position(
        hands={
            0: [Card.GASOLINE, Card.ACCIDENT, Card.D100, Card.D25, Card.D50, Card.D75, Card.D200]
        },
        tableaus={0: Tableau(battle=(Card.ROLL, Card.OUT_OF_GAS)), 1: ROLLING},
    )
    assert choice(state) == Play(0, Card.GASOLINE, 0)


def test_attacks_the_leader() -> None:
    leader = Tableau(battle=(Card.ROLL,), distance=(Card.D100,) * 6)
    trailer = Tableau(battle=(Card.ROLL,), distance=(Card.D25,))
    state = position(
        players=3,
        hands={0: [Card.ACCIDENT, Card.D25, Card.D25, Card.D50, Card.D50, Card.D75, Card.D75]},
        tableaus={0: Tableau(battle=(Card.ROLL,)), 1: trailer, 2: leader},
    )
    assert choice(state) == Play(0, Card.ACCIDENT, 2)


def test_with_an_attack_bonus_it_attacks_a_trailing_opponent_before_driving() -> None:
    """The greedy bot drives with a 200 rather than stop a trailing opponent; with the
    search bot's attack bonus (``ATTACK_FIRST``) it lays the Accident first."""
    state = position(
        hands={0: [Card.ACCIDENT, Card.D200, Card.D25, Card.D25, Card.D50, Card.D75, Card.D75]},
        tableaus={0: Tableau(battle=(Card.ROLL,), distance=(Card.D100,) * 3), 1: ROLLING},
    )
    assert choice(state) == Play(0, Card.D200, 0)
    assert GreedyBot(0, attack_bonus=700).choose(state) == Play(0, Card.ACCIDENT, 1)


def test_keeps_a_safety_for_the_coup_fourre_and_drives() -> None:
    state = position(
        hands={0: [Card.EXTRA_TANK, Card.D100, Card.D25, Card.D25, Card.D50, Card.D75, Card.D75]},
        tableaus={0: ROLLING, 1: ROLLING},
    )
    assert choice(state) == Play(0, Card.D100, 0)


def test_lays_the_safety_that_unblocks_it() -> None:
    state = position(
        hands={0: [Card.DRIVING_ACE, Card.D100, Card.D25, Card.D25, Card.D50, Card.D75, Card.D75]},
        tableaus={0: Tableau(battle=(Card.ROLL, Card.ACCIDENT)), 1: ROLLING},
    )
    assert choice(state) == Play(0, Card.DRIVING_ACE, 0)


def test_discards_the_least_useful_card() -> None:
    # Extra Tank laid: the Gasoline is of no use any more; nothing can be played.
    own = Tableau(battle=(Card.ROLL, Card.ACCIDENT), safeties=(Card.EXTRA_TANK,))
    state = position(
        hands={
            0: [
                Card.GASOLINE,
                Card.D100,
                Card.D100,
                Card.D75,
                Card.D50,
                Card.PUNCTURE_PROOF,
                Card.SPARE_TIRE,
            ]
        },
        tableaus={0: own, 1: Tableau(battle=(Card.STOP,))},
    )
    assert choice(state) == Discard(0, Card.GASOLINE)


@pytest.mark.parametrize("edition", edition_ids())
def test_greedy_plays_only_legal_actions_at_every_seat_count(edition: str) -> None:
    for players in load_edition(edition).seat_counts:
        config = Config(Game(edition, players, ()), ("greedy",), "rounds", 1, players)
        record = run_local(config).rounds[0]  # the bot's choices go through apply()
        assert record.turns > 0 and record.end


def rounds_won(edition: str, players: int, rounds: int, seed: int) -> dict[str, float]:
    """The share of the rounds won by a seat of each bot (each team has one seat here)."""
    config = Config(Game(edition, players, ()), ("greedy", "random"), "rounds", rounds, seed)
    won = {"greedy": 0, "random": 0}
    for record in run_local(config).rounds:
        for seat, bot in enumerate(record.bots):
            won[bot] += record.winner == record.teams[seat]
    return {bot: n / rounds for bot, n in won.items()}


@pytest.mark.parametrize(("edition", "players"), [("classic", 2), ("allonge", 2), ("cars", 4)])
def test_greedy_beats_random_over_fixed_seeded_rounds(edition: str, players: int) -> None:
    share = rounds_won(edition, players, rounds=40, seed=20261123)
    assert share["greedy"] > 0.5 and share["greedy"] > 3 * share["random"], share


# --- Fun & Speed and As du Volant ----------------------------------------------------------
#
# Measured with seed 20261123, the bots moving one seat each game (greedy, random, ...):
#   fun-speed     2 players,  60 games: greedy wins 98.3 %, random 1.7 % (200 games: 96.5 / 3.5)
#   as-du-volant  2 players,  60 games: greedy wins 98.3 %, random 1.7 % (200 games: 97.5 / 2.5)
#     after the rulings of issue 23 (discards only when nothing can be played, the declared
#     end counted from the deal, shared wins of a blocked game): greedy 60.0 %, random 41.7 %
#   fun-speed     4 players,  40 games: each greedy seat 46.3 %, each random seat 3.8 %
#   as-du-volant  4 players,  40 games: each greedy seat 47.5 %, each random seat 3.8 %
#     after those rulings: each greedy seat 35.0 %, each random seat 17.5 %
# (at 4 players two seats are greedy: 50 % a seat is every game won by a greedy seat;
# 100 games at 4 players: 47.5 / 2.5 and 48.5 / 2.0).
# The margins asserted below are inside what was measured. Under the As du Volant rulings
# most random games end blocked, the farthest car winning, so greedy's edge is smaller.
MARGINS = {"fun-speed": ((0.85, 0.15), (0.4, 0.1)), "as-du-volant": ((0.5, 0.45), (0.3, 0.2))}
"""Per edition, (greedy at least, random at most) at two seats and at four."""


def games_won(edition: str, players: int, games: int) -> dict[str, float]:
    """Each bot's share of the games won, per seat it held (a tie counts for each winner)."""
    config = Config(Game(edition, players, ()), ("greedy", "random"), "games", games, 20261123)
    data = summary(config, run_local(config))
    rates: dict[str, float] = data["win_rate_by_bot"]
    return rates


@pytest.mark.parametrize("edition", ["fun-speed", "as-du-volant"])
def test_greedy_beats_random_head_to_head(edition: str) -> None:
    share = games_won(edition, 2, games=60)
    least, most = MARGINS[edition][0]
    assert share["greedy"] >= least and share["random"] <= most, share
    assert share["greedy"] > share["random"], share


@pytest.mark.slow
@pytest.mark.parametrize("edition", ["fun-speed", "as-du-volant"])
def test_greedy_beats_random_at_four_seats(edition: str) -> None:
    share = games_won(edition, 4, games=40)
    least, most = MARGINS[edition][1]
    assert share["greedy"] >= least and share["random"] <= most, share


def fs_choice(state: FsState) -> object:
    action = GreedyBot(0).choose(state)
    assert action in mb.legal_actions(state)
    return action


def test_fun_speed_greedy_lays_the_largest_borne_announced() -> None:
    state = mb.new_game("fun-speed", 2, seed=1)
    hand = (FsCard.D25, FsCard.D100, FsCard.D50, FsCard.STOP, FsCard.ROLL)
    state = replace(state, phase=FsPhase.PLAY, hands=(hand, state.hands[1]))
    assert fs_choice(state) == fs.LayBorne(0, FsCard.D100, 0, True)


def test_fun_speed_greedy_calls_the_coup_fourre() -> None:
    state = mb.new_game("fun-speed", 2, seed=1)
    hand = (FsCard.D25, FsCard.DRIVING_ACE, FsCard.REPAIRS, FsCard.STOP)
    state = replace(
        state,
        phase=FsPhase.ATTACK,
        actor=1,
        pending=FsCard.ACCIDENT,
        source=0,
        hands=(state.hands[0], hand),
    )
    assert fs_choice(state) == fs.CoupFourre(1, FsCard.DRIVING_ACE)


def test_as_du_volant_greedy_moves_farthest() -> None:
    state = mb.new_game("as-du-volant", 2, seed=1)
    hand = (AvCard.D25, AvCard.D50, AvCard.D100, AvCard.STOP, AvCard.REPAIRS, AvCard.GASOLINE)
    state = replace(state, phase=AvPhase.PLAY, hands=(hand, state.hands[1]))
    action = GreedyBot(0).choose(state)
    assert action in mb.legal_actions(state)
    assert isinstance(action, av.Move) and action.card is AvCard.D100


def test_as_du_volant_greedy_with_an_attack_bonus_attacks_before_moving() -> None:
    state = mb.new_game("as-du-volant", 2, seed=1)
    hand = (AvCard.D25, AvCard.D50, AvCard.D100, AvCard.STOP, AvCard.REPAIRS, AvCard.GASOLINE)
    state = replace(state, phase=AvPhase.PLAY, hands=(hand, state.hands[1]))
    action = GreedyBot(0, attack_bonus=400).choose(state)
    assert action in mb.legal_actions(state)
    assert isinstance(action, av.Attack) and action.card is AvCard.STOP


# --- counting the cards not seen (the search bot's own policy, search.COUNTING) ---------


STOPPED = Tableau(battle=(Card.STOP,))
"""Stopped with no Roll in hand: nothing but a safety or a discard can be played."""


def test_counting_keeps_a_remedy_less_when_it_holds_the_safety() -> None:
    """The Repairs is the card the greedy bot keeps most after the safety; holding the
    Driving Ace, the counting bot lets it go (a coup-fourré will answer an Accident)."""
    hand = [Card.REPAIRS, Card.DRIVING_ACE, Card.D25, Card.D75, Card.D75, Card.D100, Card.D100]
    state = position(hands={0: hand}, tableaus={0: STOPPED, 1: ROLLING})
    assert choice(state) == Discard(0, Card.D25)
    assert GreedyBot(0, counting=True).choose(state) == Discard(0, Card.REPAIRS)


def test_counting_keeps_a_remedy_less_when_no_hazard_it_cures_is_left() -> None:
    """Every Accident of the box is in the discard pile: no Repairs will be needed."""
    hand = [Card.REPAIRS, Card.D25, Card.D50, Card.D75, Card.D75, Card.D100, Card.D100]
    accidents = load_edition("classic").count(Card.ACCIDENT, 2)
    state = position(
        hands={0: hand}, tableaus={0: STOPPED, 1: ROLLING}, discard_pile=[Card.ACCIDENT] * accidents
    )
    assert choice(state) == Discard(0, Card.D25)
    assert GreedyBot(0, counting=True).choose(state) == Discard(0, Card.REPAIRS)
    one_left = replace(state, discard_pile=state.discard_pile[1:])
    assert GreedyBot(0, counting=True).choose(one_left) == Discard(0, Card.D25)


@pytest.mark.parametrize("edition", edition_ids())
def test_counting_on_the_fast_state_scores_as_on_the_view(edition: str) -> None:
    """The search's playouts count cards on the fast state (apps/fast_greedy.py): what is
    not seen and every action's score are the same as on the seat's view, at every
    decision of seeded rounds."""
    compared = 0
    for seed in range(3):
        state = mb.new_game(edition, 2, seed=seed)
        bots = [GreedyBot(seed), GreedyBot(seed + 1, counting=True)]
        while state.actor is not None and state.phase is not Phase.ROUND_OVER:
            seat = state.actor
            view, fast = classic_view(state, seat), FastState.of(state)
            for card in Card:  # every card that is dealt: memo cards stay set aside
                if card is Card.MEMO:
                    continue
                assert _c_unseen(fast, seat, int(card)) == unseen(view, card), card
            for action in legal_actions(state):
                assert c_value(fast, seat, action, True) == _value(view, action, True)
                compared += 1
            state = mb.apply(state, bots[seat % 2].choose(state))
    assert compared


def test_counting_lets_a_200_go_when_it_holds_more_than_its_team_may_lay() -> None:
    """One 200 laid of the two a round allows (DIST-MAX-200): of the two
    in hand one can never be laid, so the counting bot discards it before a 25."""
    hand = [Card.D200, Card.D200, Card.D25, Card.D50, Card.D75, Card.D100, Card.D100]
    stopped = Tableau(battle=(Card.ROLL, Card.STOP), distance=(Card.D200,))
    state = position(hands={0: hand}, tableaus={0: stopped, 1: ROLLING})
    assert choice(state) == Discard(0, Card.D25)
    assert GreedyBot(0, counting=True).choose(state) == Discard(0, Card.D200)
    none_laid = position(hands={0: hand}, tableaus={0: STOPPED, 1: ROLLING})
    assert GreedyBot(0, counting=True).choose(none_laid) == Discard(0, Card.D25)


def test_counting_stops_a_rival_with_the_hazard_whose_remedy_is_scarcest() -> None:
    """A Stop and a Flat Tire score alike for the greedy bot; counting, the bot lays the
    Flat Tire: fewer Spare Tires than Rolls are left unseen to cure it."""
    hand = [Card.STOP, Card.FLAT_TIRE, Card.D25, Card.D25, Card.D50, Card.D75, Card.D75]
    state = position(hands={0: hand}, tableaus={0: STOPPED, 1: ROLLING})
    view = classic_view(state, 0)
    assert unseen(view, Card.SPARE_TIRE) < unseen(view, Card.ROLL)
    stop, flat = Play(0, Card.STOP, 1), Play(0, Card.FLAT_TIRE, 1)
    assert _value(view, stop) == _value(view, flat)
    assert _value(view, flat, True) > _value(view, stop, True)
    assert all(GreedyBot(seed, counting=True).choose(state) == flat for seed in range(8))
