"""The neutral API: one set of functions for all six rule sets, dispatching on the state.

Every rule set is dealt, played to its end and read back through ``millebornes`` alone;
values of no family, and actions of another family, are refused as malformed input.
"""

from __future__ import annotations

import random
from typing import Any

import pytest

import millebornes
from millebornes import IllegalAction, MalformedInput
from millebornes.families import asduvolant, funspeed
from millebornes.families.classic import Card, Draw, Play
from millebornes.registry import FAMILIES

SIX = ("classic", "cars", "asterix", "allonge", "fun-speed", "as-du-volant")


def play_out(state: Any, rng: random.Random, limit: int = 20_000) -> tuple[Any, int]:
    """Random legal moves (and seeded deals at chance nodes) until someone has won."""
    for step in range(limit):
        if millebornes.winners(state):
            return state, step
        if millebornes.is_chance(state):
            state = millebornes.apply(state, millebornes.chance_action(state, rng.randrange(2**64)))
            continue
        legal = millebornes.legal_actions(state)
        assert legal, (
            f"a game with an actor and no legal action: {millebornes.describe_state(state)}"
        )
        state = millebornes.apply(state, rng.choice(legal))
    raise AssertionError(f"no winner after {limit} steps")


def test_editions_lists_the_six_rule_sets_with_their_families() -> None:
    infos = {info.id: info for info in millebornes.editions()}
    assert set(infos) == set(SIX)
    assert {infos[e].family for e in ("classic", "cars", "asterix", "allonge")} == {"classic"}
    assert infos["fun-speed"].family == "fun-speed"
    assert infos["as-du-volant"].family == "as-du-volant"
    assert infos["as-du-volant"].board is not None and infos["classic"].board is None
    assert infos["classic"].seat_counts == (2, 3, 4, 6, 8)
    assert {row.players: row.teams for row in infos["classic"].seats}[6] == 3
    assert infos["fun-speed"].seat_counts == funspeed.DATA.seats
    assert "goal_700" in infos["as-du-volant"].options


@pytest.mark.parametrize("edition", SIX)
def test_every_rule_set_plays_to_a_winner_through_the_api(edition: str) -> None:
    state = millebornes.new_game(edition, players=2, seed=7)
    assert millebornes.actor(state) is not None and not millebornes.winners(state)
    final, steps = play_out(state, random.Random(edition))
    assert steps > 0 and millebornes.actor(final) is None
    assert millebornes.winners(final) == millebornes.winners(
        millebornes.from_json(millebornes.to_json(final))
    )
    assert isinstance(millebornes.score(final), dict)


@pytest.mark.parametrize("edition", SIX)
def test_json_names_its_family_and_routes_back(edition: str) -> None:
    state = millebornes.new_game(edition, players=3, seed=11)
    text = millebornes.to_json(state)
    again = millebornes.from_json(text)
    assert again == state and millebornes.to_json(again) == text
    assert millebornes.from_json(text.encode("utf-8")) == state
    action = millebornes.legal_actions(state)[0]
    assert millebornes.action_from_json(state, millebornes.action_to_json(action)) == action
    assert millebornes.family_of(state).name == next(
        info.family for info in millebornes.editions() if info.id == edition
    )
    assert millebornes.describe_action(state, action).startswith(f"seat {action.seat}")
    assert millebornes.describe_state(state)


def test_a_deck_may_be_given_as_card_ids() -> None:
    dealt = millebornes.new_game("fun-speed", players=2, seed=3)
    deck = [card.name for card in (*dealt.hands[0], *dealt.hands[1], *dealt.draw_pile)]
    rebuilt = millebornes.new_game("fun-speed", players=2, deck=deck)
    assert sorted(rebuilt.hands[0] + rebuilt.hands[1]) == sorted(dealt.hands[0] + dealt.hands[1])


def test_a_value_of_no_family_is_malformed_not_a_finished_game() -> None:
    for call in (
        lambda: millebornes.legal_actions(object()),
        lambda: millebornes.winners({"family": "fun-speed"}),
        lambda: millebornes.to_json(None),
    ):
        with pytest.raises(MalformedInput, match="state: not a state of any rule family"):
            call()


def test_an_action_of_another_family_is_malformed_and_names_both() -> None:
    fs_state = millebornes.new_game("fun-speed", players=2, seed=1)
    classic_draw = Draw(0)
    with pytest.raises(MalformedInput, match="a classic action cannot be judged in a fun-speed"):
        millebornes.violations(fs_state, classic_draw)
    with pytest.raises(MalformedInput, match="action: a classic action"):
        millebornes.apply(fs_state, classic_draw)
    classic = millebornes.new_game("classic", players=2, seed=1)
    with pytest.raises(MalformedInput, match="action: not an action of any rule family"):
        millebornes.apply(classic, "draw")


def test_an_illegal_move_names_its_rules_and_leaves_the_state() -> None:
    state = millebornes.new_game("classic", players=2, seed=2026)
    before = millebornes.to_json(state)
    bad = Play(seat=1, card=Card.D100, target=1)
    with pytest.raises(IllegalAction) as refused:
        millebornes.apply(state, bad)
    assert "DIST-ROLLING" in refused.value.rule_ids
    assert refused.value.rule_ids == millebornes.violations(state, bad)
    assert millebornes.to_json(state) == before


def test_unknown_editions_options_and_boards_are_named() -> None:
    with pytest.raises(MalformedInput, match="edition: unknown edition 'monopoly'"):
        millebornes.new_game("monopoly", seed=1)
    with pytest.raises(MalformedInput, match="options: fun-speed has no options"):
        millebornes.new_game("fun-speed", options=("goal_700",), seed=1)
    with pytest.raises(MalformedInput, match="board: the classic family"):
        millebornes.new_game("classic", seed=1, board=asduvolant.default_board())
    with pytest.raises(MalformedInput, match="options: a list of option names"):
        millebornes.new_game("classic", options="goal_700", seed=1)
    with pytest.raises(MalformedInput, match="seed"):
        millebornes.new_game("as-du-volant", seed="7")  # type: ignore[arg-type]


@pytest.mark.parametrize("edition", SIX)
@pytest.mark.parametrize(
    ("given", "field"),
    [
        ({"options": [["goal_700"]]}, "options\\[0\\]"),
        ({"options": 7}, "options"),
        ({"players": True}, "players"),
        ({"players": "2"}, "players"),
        ({"seed": True}, "seed"),
        ({"seed": 1.5}, "seed"),
        ({"seed": -1}, "seed"),
        ({"seed": 2**70}, "seed"),
        ({"deck": 5}, "deck"),
        ({"deck": ["D25", 3]}, "deck"),
    ],
)
def test_every_bad_value_is_malformed_input_naming_its_field(
    edition: str, given: dict[str, Any], field: str
) -> None:
    arguments: dict[str, Any] = {"players": 2, "seed": 1} | given
    if "deck" in given:
        del arguments["seed"]
    with pytest.raises(MalformedInput, match=field):
        millebornes.new_game(edition, **arguments)


def test_as_du_volant_takes_a_board_as_an_object_or_as_its_json() -> None:
    board = asduvolant.default_board()
    by_object = millebornes.new_game("as-du-volant", players=2, seed=5, board=board)
    by_json = millebornes.new_game("as-du-volant", players=2, seed=5, board=board.to_dict())
    assert by_object == by_json
    with pytest.raises(MalformedInput, match="board"):
        millebornes.new_game("as-du-volant", players=2, seed=5, board={"format": 1})


def test_the_classic_deal_between_rounds_is_the_only_chance_node() -> None:
    for family in FAMILIES:
        edition = family.editions[0]
        state = millebornes.new_game(edition, players=2, seed=9)
        assert not millebornes.is_chance(state)
        if family.name != "classic":
            with pytest.raises(MalformedInput, match="no chance node"):
                millebornes.chance_action(state, 1)
    with pytest.raises(MalformedInput, match="phase"):
        millebornes.chance_action(millebornes.new_game("classic", seed=9), 1)


def test_the_registry_holds_one_object_per_family_each_owning_its_own_values() -> None:
    assert [f.name for f in FAMILIES] == ["classic", "fun-speed", "as-du-volant"]
    states = {f.name: millebornes.new_game(f.editions[0], players=2, seed=4) for f in FAMILIES}
    for family in FAMILIES:
        for name, state in states.items():
            assert family.owns_state(state) == (name == family.name)
