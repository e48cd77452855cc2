"""The OpenSpiel game passes OpenSpiel's own checks and plays the engine's rules.

``pyspiel.random_sim_test`` (random games checked by OpenSpiel's C++ tests, with
serialization) runs for every edition and seat count: two simulations each by
default, ten under HYPOTHESIS_PROFILE=deep, plus a three-round game with an option.
"""

from __future__ import annotations

import random
import re
import subprocess
import sys
from pathlib import Path

import pyspiel
import pytest
from adapter_support import CONFIGURATIONS, DEEP, config_id

from millebornes.apps.adapters.encoding import ActionTable, utilities
from millebornes.apps.adapters.openspiel_game import MilleBornesState
from millebornes.families.classic import (
    Card,
    Deal,
    MalformedInput,
    Phase,
    apply,
    legal_actions,
    load_edition,
    new_match,
)
from millebornes.families.classic.cards import SAFETIES, SAFETY_OF
from millebornes.families.classic.validate import state_problems

ROOT = Path(__file__).resolve().parents[2]
SIMS = 10 if DEEP else 2


def load(edition: str = "classic", players: int = 2, **more: object) -> pyspiel.Game:
    return pyspiel.load_game(
        "python_mille_bornes", {"edition": edition, "players": players, **more}
    )


def play_randomly(state: MilleBornesState, rng: random.Random) -> None:
    """Play to the end, checking every move against the engine on the way."""
    table = ActionTable(state.engine.teams)
    while not state.is_terminal():
        if state.is_chance_node():
            outcomes, probabilities = zip(*state.chance_outcomes(), strict=True)
            state.apply_action(rng.choices(outcomes, probabilities)[0])
            continue
        before = state.engine
        seat = state.current_player()
        assert seat == before.actor
        assert state.legal_actions() == sorted(table.index(a) for a in legal_actions(before))
        action = rng.choice(state.legal_actions())
        state.apply_action(action)
        assert state.engine == apply(before, table.action(action, seat))


@pytest.mark.parametrize("config", CONFIGURATIONS, ids=config_id)
def test_random_sim_test_passes(config: tuple[str, int]) -> None:
    game = load(*config)
    pyspiel.random_sim_test(game, num_sims=SIMS, serialize=True, verbose=False)


def test_random_sim_test_passes_for_a_match_of_rounds_with_an_option() -> None:
    game = pyspiel.load_game(
        "python_mille_bornes(edition=classic,players=4,options=goal_700,rounds=3)"
    )
    assert game.get_parameters()["options"] == "goal_700"
    pyspiel.random_sim_test(game, num_sims=SIMS, serialize=True, verbose=False)


def test_the_deal_is_card_by_card_chance_with_counts_over_remaining_cards() -> None:
    game = load("classic", 3)
    state = game.new_initial_state()
    box = load_edition("classic").playing_cards(3)
    deck_size = len(box)
    assert state.is_chance_node()
    first = dict(state.chance_outcomes())
    assert sum(first.values()) == pytest.approx(1.0)
    assert first[0] == pytest.approx(box.count(box[0]) / deck_size)  # D25
    rng = random.Random(5)
    order = []
    for _ in range(deck_size):
        outcomes, probabilities = zip(*state.chance_outcomes(), strict=True)
        card = rng.choices(outcomes, probabilities)[0]
        order.append(card)
        state.apply_action(card)
    assert not state.is_chance_node() and state.current_player() == 1
    deck = tuple(Card(c) for c in order)
    assert state.engine == apply(new_match("classic", 3), Deal(0, deck))


@pytest.mark.parametrize("config", [("classic", 2), ("allonge", 4), ("cars", 6)], ids=config_id)
def test_moves_are_the_engines_and_returns_its_score_lead(config: tuple[str, int]) -> None:
    state = load(*config).new_initial_state()
    play_randomly(state, random.Random(11))
    assert state.engine.phase in (Phase.ROUND_OVER, Phase.MATCH_OVER)
    assert state.returns() == list(utilities(state.engine))
    assert sum(state.returns()) == pytest.approx(0.0)


def test_information_state_hides_other_hands_and_the_draw_pile() -> None:
    game = load("classic", 4)
    state = game.new_initial_state()
    rng = random.Random(2)
    while state.is_chance_node() or state.move_number() < 150:
        actions = state.legal_actions()
        if state.is_chance_node():
            outcomes, probabilities = zip(*state.chance_outcomes(), strict=True)
            state.apply_action(rng.choices(outcomes, probabilities)[0])
        else:
            state.apply_action(rng.choice(actions))
    assert not state.is_terminal()
    for seat in range(4):
        sample = state.resample_from_infostate(seat, rng.random)
        assert state_problems(sample.engine) == []
        assert sample.engine.hands[seat] == state.engine.hands[seat]
        assert sample.information_state_string(seat) == state.information_state_string(seat)
        assert sample.information_state_tensor(seat) == state.information_state_tensor(seat)
        assert sample.observation_tensor(seat) == state.observation_tensor(seat)
        assert sample.observation_string(seat) == state.observation_string(seat)
    assert "you are dealt" in state.information_state_string(0)
    # Another seat's draws show in its history, not the card drawn.
    assert "seat 1: draw\n" in state.information_state_string(0) + "\n"
    assert re.search(r"\nseat 1: draw [A-Z]", state.information_state_string(1))


def test_a_seat_count_the_edition_does_not_offer_is_refused() -> None:
    with pytest.raises(MalformedInput, match="SEAT-COUNTS"):
        load("allonge", 8)
    with pytest.raises(MalformedInput, match="rounds"):
        load(rounds=0)


def test_mcts_example_plays_and_prints_a_win_rate() -> None:
    result = subprocess.run(
        [sys.executable, str(ROOT / "examples" / "openspiel_mcts.py"), "--rounds", "2"]
        + ["--simulations", "3", "--players", "3"],
        capture_output=True,
        text=True,
        timeout=600,
        check=False,
    )
    assert result.returncode == 0, result.stderr
    assert "won " in result.stdout and " of 2 rounds, win rate " in result.stdout


def test_a_declined_coup_fourre_shows_who_holds_the_safety_until_it_is_laid() -> None:
    """The window opens only for a seat holding the safety (CF-WINDOW), so after a
    decline everyone knows that seat holds it: the information state says so, and a
    resampled state leaves the safety with it."""
    game = load("classic", 2)
    table = ActionTable(2)
    rng = random.Random(0)
    for _ in range(200):
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                outcomes, probabilities = zip(*state.chance_outcomes(), strict=True)
                state.apply_action(rng.choices(outcomes, probabilities)[0])
                continue
            if table.decline in state.legal_actions():
                holder = state.current_player()
                hazard = state.engine.pending_hazard
                assert hazard is not None
                state.apply_action(table.decline)
                safety = SAFETY_OF[hazard]
                assert safety is not None
                observer = 1 - holder
                known = state.information_state_tensor(observer)[-8:]
                assert known[4 + SAFETIES.index(safety)] == 1.0  # seat +1 holds it
                assert sum(known) == 1.0
                sample = state.resample_from_infostate(observer, rng.random)
                assert safety in sample.engine.hands[holder]
                return
            state.apply_action(rng.choice(state.legal_actions()))
    pytest.fail("no coup-fourré was declined in 200 random rounds")
