"""The deals the Play page's browser test plays still bring what it needs.

The browser test (tests/docs/test_play_page.py, slow) must answer a reaction prompt in
each rule set's game; whether one comes depends on the deal, the bots and the engines.
Played the test's way without a browser (millebornes_dev.play_clicks), each deal of
SEEDS is checked here in a second, so a change that takes a prompt away fails at once,
naming the command that finds another deal.
"""

from __future__ import annotations

import pytest

from millebornes_dev import play_clicks


@pytest.mark.parametrize("edition", sorted(play_clicks.SEEDS))
def test_each_deal_brings_a_reaction_prompt_an_illegal_try_and_an_end(edition: str) -> None:
    seed = play_clicks.SEEDS[edition]
    game = play_clicks.play(edition, seed)
    assert game.fit(edition), (
        f"{edition} deal {seed} no longer suits the browser test ({game}); find another:"
        f" python -m millebornes_dev.play_clicks --edition {edition}"
    )


def test_a_deal_without_a_reaction_is_told_apart() -> None:
    """The check can fail: a game cut before its first reaction prompt is not fit."""
    game = play_clicks.play("fun-speed", play_clicks.SEEDS["fun-speed"], limit=1)
    assert not game.over and not game.reactions
    assert not game.fit("fun-speed")


def test_the_command_lists_the_deals_that_fit(capsys: pytest.CaptureFixture[str]) -> None:
    assert play_clicks.main(["--edition", "allonge", "--seeds", "3"]) == 0
    listed = capsys.readouterr().out
    assert f"allonge deal {play_clicks.SEEDS['allonge']}:" in listed


@pytest.mark.parametrize("seeds", ["0", "-3", "10001", "100000000000000000000000"])
def test_the_command_refuses_a_count_of_deals_out_of_range(
    seeds: str, capsys: pytest.CaptureFixture[str]
) -> None:
    with pytest.raises(SystemExit) as stopped:
        play_clicks.main(["--edition", "cars", "--seeds", seeds])
    assert stopped.value.code == 2
    assert "--seeds: from 1 to 10000" in capsys.readouterr().err
