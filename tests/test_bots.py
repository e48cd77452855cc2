"""Bots: the shared interface (a seat's view and the legal actions), the random bot's
legality and reproducibility in every rule family, and the views themselves: a seat sees
its hand and the tables, never another hand nor the draw pile's order."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import pytest

import millebornes as mb
from millebornes.apps.bots import BOTS, RandomBot, make_bot, seat_view
from millebornes.core.shuffle import shuffled
from millebornes.families.asduvolant.view import AsDuVolantView
from millebornes.families.classic import MalformedInput, Phase, apply, legal_actions, new_round
from millebornes.families.classic.view import ClassicView
from millebornes.families.funspeed import actions as fs
from millebornes.families.funspeed.cards import FsCard
from millebornes.families.funspeed.view import FunSpeedView

FAMILIES = [("classic", 2), ("fun-speed", 3), ("as-du-volant", 4)]


def play_round(bot_name: str, seed: int) -> list[object]:
    state = new_round("classic", 2, seed=seed)
    bot = make_bot(bot_name, seed)
    chosen: list[object] = []
    while state.phase not in (Phase.ROUND_OVER, Phase.MATCH_OVER):
        action = bot.choose(state)
        assert action in legal_actions(state)
        chosen.append(action)
        state = apply(state, action)
    return chosen


def test_random_bot_is_legal_and_reproducible() -> None:
    first = play_round("random", 11)
    assert first == play_round("random", 11)
    assert first != play_round("random", 12)


def test_unknown_bot_is_malformed_input_naming_the_field() -> None:
    with pytest.raises(MalformedInput, match="bot"):
        make_bot("nobody")


def play_game(edition: str, players: int, names: tuple[str, ...], seed: int) -> list[Any]:
    """A whole game (the first round of a classic match) between the named bots, every
    choice checked against the legal actions; the chosen actions."""
    state = new_round(edition, players, seed=seed) if edition == "classic" else None
    if state is None:
        state = mb.new_game(edition, players, seed=seed)
    bots = [make_bot(names[seat % len(names)], seed + seat) for seat in range(players)]
    chosen = []
    while (seat := mb.actor(state)) is not None and not mb.is_chance(state):
        if edition == "classic" and state.phase is Phase.ROUND_OVER:
            break
        action = bots[seat].choose(state)
        assert action in mb.legal_actions(state)
        chosen.append(action)
        state = mb.apply(state, action)
    return chosen


@pytest.mark.parametrize(("edition", "players"), FAMILIES)
@pytest.mark.parametrize("name", sorted(BOTS))
def test_every_bot_plays_every_family_legally_and_reproducibly(
    edition: str, players: int, name: str
) -> None:
    first = play_game(edition, players, (name,), 5)
    assert first and first == play_game(edition, players, (name,), 5)


def test_a_bot_decides_from_the_view_and_the_legal_actions() -> None:
    state = mb.new_game("fun-speed", 2, seed=3)
    view = seat_view(state, 0)
    legal = mb.legal_actions(state)
    assert isinstance(view, FunSpeedView) and view.hand == state.hands[0]
    assert make_bot("greedy", 1).decide(view, legal) == make_bot("greedy", 1).choose(state)
    assert RandomBot(4).decide(view, legal) in legal


def test_each_family_has_its_view() -> None:
    assert isinstance(seat_view(new_round("classic", 2, seed=1), 1), ClassicView)
    assert isinstance(seat_view(mb.new_game("fun-speed", 2, seed=1), 1), FunSpeedView)
    assert isinstance(seat_view(mb.new_game("as-du-volant", 2, seed=1), 1), AsDuVolantView)


def _midgame(edition: str, players: int, seed: int, moves: int) -> Any:
    state = new_round(edition, players, seed=seed) if edition == "classic" else None
    if state is None:
        state = mb.new_game(edition, players, seed=seed)
    bot = make_bot("random", seed)
    for _ in range(moves):
        state = mb.apply(state, bot.choose(state))
    return state


def _hidden_changed(state: Any, seat: int) -> Any:
    """``state`` with what ``seat`` cannot see changed: the other hands swap their cards
    (each keeps its size), the draw pile is shuffled, As du Volant's reshuffle seed moves."""
    others = [s for s in range(len(state.hands)) if s != seat]
    pool = [card for s in others for card in state.hands[s]]
    pool += list(state.draw_pile)
    mixed = list(shuffled(tuple(pool), 99))
    hands = list(state.hands)
    for s in others:
        taken, mixed = mixed[: len(hands[s])], mixed[len(hands[s]) :]
        hands[s] = tuple(sorted(taken))
    changed = replace(state, hands=tuple(hands), draw_pile=tuple(mixed))
    if hasattr(state, "seed"):
        changed = replace(changed, seed=state.seed + 1)
    assert changed != state
    return changed


@pytest.mark.rules("AV-HANDS-SECRET", "FS-HANDS-SECRET")
@pytest.mark.parametrize(("edition", "players"), FAMILIES)
def test_what_a_seat_cannot_see_does_not_change_its_view(edition: str, players: int) -> None:
    state = _midgame(edition, players, seed=8, moves=12)
    for seat in range(players):
        other = _hidden_changed(state, seat)
        assert seat_view(other, seat) == seat_view(state, seat)
        assert seat_view(other, seat).hand == state.hands[seat]
        if other.hands != state.hands:  # the view of a seat whose hand changed differs
            moved = next(s for s in range(players) if other.hands[s] != state.hands[s])
            assert seat_view(other, moved) != seat_view(state, moved)


@pytest.mark.parametrize(("edition", "players"), FAMILIES)
@pytest.mark.parametrize("name", sorted(BOTS))
def test_a_bot_choosing_on_its_turn_ignores_what_it_cannot_see(
    edition: str, players: int, name: str
) -> None:
    state = _midgame(edition, players, seed=21, moves=7)
    seat = mb.actor(state)
    assert seat is not None
    other = _hidden_changed(state, seat)
    if mb.legal_actions(other) != mb.legal_actions(state):
        pytest.skip("the legal actions name a card of another hand (a Police)")
    for seed in range(5):
        assert make_bot(name, seed).choose(other) == make_bot(name, seed).choose(state)


def test_the_police_is_chosen_by_target_before_its_card() -> None:
    """FS-POLICE: how often a bot plays the Police does not depend on the target's hand."""
    from millebornes.families.funspeed.view import public_key  # noqa: PLC0415

    cards = list(FsCard)
    police = [fs.Police(0, 1, cards[i], cards[i + 1]) for i in range(0, 6, 2)]
    assert {public_key(a) for a in police} == {("police", 0, 1)}
    assert public_key(fs.Trash(0)) == fs.Trash(0)
