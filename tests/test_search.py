"""The search bot: legal, reproducible for a seed and a budget in playouts, blind to what
its seat cannot see, anytime with a budget in seconds, and its budgets checked."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import pytest

import millebornes as mb
from millebornes.apps.bots import seat_view
from millebornes.apps.roster import make_bot
from millebornes.apps.search import LEVELS, Budget, SearchBot, parse_budget
from millebornes.core.errors import MalformedInput
from seat_support import hidden_permuted

RULE_SETS = [
    ("classic", 2),
    ("allonge", 4),
    ("fun-speed", 2),
    ("fun-speed", 4),
    ("as-du-volant", 2),
    ("as-du-volant", 3),
]
TINY = Budget(playouts=6)


def _positions(edition: str, players: int, seed: int, count: int) -> list[Any]:
    """States along a greedy game where the acting seat has several choices."""
    state = mb.new_game(edition, players, seed=seed)
    bots = [make_bot("greedy", seed + s) for s in range(players)]
    found = []
    while (seat := mb.actor(state)) is not None and not mb.is_chance(state):
        if len(mb.legal_actions(state)) > 2:
            found.append(state)
            if len(found) == count:
                break
        state = mb.apply(state, bots[seat].choose(state))
    return found


@pytest.mark.parametrize(("edition", "players"), RULE_SETS)
def test_it_picks_a_legal_action_the_same_for_the_same_seed(edition: str, players: int) -> None:
    for state in _positions(edition, players, 4, 3):
        first = SearchBot(9, TINY).choose(state)
        assert first in mb.legal_actions(state)
        assert SearchBot(9, TINY).choose(state) == first


@pytest.mark.parametrize(("edition", "players"), RULE_SETS)
def test_it_never_reads_hidden_information(edition: str, players: int) -> None:
    """Two states that differ only in what the acting seat cannot see: the same choice,
    seed by seed, and the same playouts run."""
    compared = 0
    for number, state in enumerate(_positions(edition, players, 7, 4)):
        seat = mb.actor(state)
        assert seat is not None
        other = hidden_permuted(state, seat, 50 + number)
        assert other != state and seat_view(other, seat) == seat_view(state, seat)
        if mb.legal_actions(other) != mb.legal_actions(state):
            continue  # a Police lists the target's cards: the rules show that hand
        for seed in range(2):
            mine, theirs = SearchBot(seed, TINY), SearchBot(seed, TINY)
            assert mine.choose(state) == theirs.choose(other)
            assert mine.playouts == theirs.playouts
            compared += 1
    assert compared


def test_it_searches_more_than_the_greedy_favourite() -> None:
    """With a budget of playouts, each search runs exactly that many (one legal choice
    aside, which needs none)."""
    state = _positions("fun-speed", 2, 3, 1)[0]
    bot = SearchBot(1, Budget(playouts=5))
    bot.choose(state)
    assert bot.playouts == 5


def test_a_budget_in_seconds_is_anytime() -> None:
    state = _positions("classic", 2, 5, 1)[0]
    bot = SearchBot(2, Budget(seconds=0.05))
    assert bot.choose(state) in mb.legal_actions(state)
    assert bot.playouts >= 1


def test_the_levels_grow_in_budget() -> None:
    budgets = [LEVELS[name].playouts or 0 for name in ("easy", "medium", "hard")]
    assert budgets == sorted(budgets) and budgets[0] > 0


@pytest.mark.parametrize(
    ("text", "budget"),
    [("200", Budget(playouts=200)), ("7p", Budget(playouts=7)), ("0.2s", Budget(seconds=0.2))],
)
def test_budgets_are_read_in_playouts_or_seconds(text: str, budget: Budget) -> None:
    assert parse_budget(text) == budget


@pytest.mark.parametrize("text", ["0", "-3p", "fast", "0s", "1e9s", "2.5p"])
def test_a_bad_budget_is_malformed_input_naming_the_budget(text: str) -> None:
    with pytest.raises(MalformedInput, match="budget"):
        parse_budget(text)


def test_a_state_nobody_must_act_in_is_refused() -> None:
    state = mb.new_game("fun-speed", 2, seed=1)
    over = replace(state, actor=None)
    with pytest.raises(MalformedInput, match="state"):
        SearchBot(0, TINY).choose(over)


def test_an_as_du_volant_playout_cut_short_is_judged_over_the_whole_scale() -> None:
    """Cut after one action, no playout ends the game: each is judged on the seat's lead,
    a logistic around 1/2, not squeezed under the 0.2 a finished game's tie-break gets
    (which made the decision rule's margin five times stricter for cut playouts)."""
    state = _positions("as-du-volant", 2, 3, 1)[0]
    bot = SearchBot(1, Budget(playouts=8), horizon=1)
    bot.choose(state)
    means = [total / visits for _, visits, total in bot.last if visits]
    assert means and max(means) > 0.3


def test_the_classic_horizon_judges_a_round_cut_short() -> None:
    """``classic_horizon`` cuts classic playouts and judges the standing (km, safeties,
    coups-fourrés, whether the team can drive): still a legal, reproducible move."""
    state = _positions("classic", 2, 5, 1)[0]
    first = SearchBot(3, Budget(playouts=8), classic_horizon=4)
    move = first.choose(state)
    assert move in mb.legal_actions(state)
    assert SearchBot(3, Budget(playouts=8), classic_horizon=4).choose(state) == move


@pytest.mark.parametrize(("edition", "players"), RULE_SETS)
def test_fast_playouts_equal_the_reference_playouts(edition: str, players: int) -> None:
    """Playouts step the fast engine with the greedy bot's choice read off the fast state
    (apps/fast_greedy.py): each playout's result is the one the greedy bot gives on the
    reference (``fast=False``), playout by playout, to the horizon and to the end."""
    compared = 0
    for horizon in (40, None):
        for seed, state in enumerate(_positions(edition, players, 11, 8)):
            fast = SearchBot(seed, Budget(playouts=12), horizon=horizon)
            slow = SearchBot(seed, Budget(playouts=12), horizon=horizon, fast=False)
            assert fast.choose(state) == slow.choose(state)
            assert fast.last == slow.last
            compared += sum(visits for _, visits, _ in fast.last)
    assert compared
