"""Bots: the shared interface, the random bot's legality and reproducibility."""

from __future__ import annotations

import pytest

from millebornes.apps.bots import make_bot
from millebornes.families.classic import MalformedInput, Phase, apply, legal_actions, new_round


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
