"""The race families' z3 proofs (spec/invariants.md, "Fun & Speed and As du Volant: machines
and proofs"), their non-vacuity, and their link to the engine.

The link is checked two ways: the models' figures are the data files' (read here from the
JSON itself, not through the engine), and every step of seeded engine games is an instance
of a model transition labelled with the step's action kind, between two states that have
every proved property — so a change of the engine's data or behaviour that the proofs do
not cover fails here.
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any

import pytest

from millebornes import api
from millebornes._spec import load_json, spec_dir
from millebornes.families.asduvolant.cards import DATA as AV
from millebornes.families.asduvolant.cards import TOKENS, AvCard
from millebornes.families.funspeed.cards import DATA as FS
from millebornes.families.funspeed.cards import FsCard
from millebornes_invariants import asduvolant_proofs as avp
from millebornes_invariants import funspeed_proofs as fsp
from millebornes_invariants.race_z3 import Counts, Model, fits, prove

FS_JSON = load_json("families/fun-speed/edition.json")
AV_JSON = load_json("families/as-du-volant/edition.json")
SPEC = " ".join((spec_dir() / "invariants.md").read_text(encoding="utf-8").split())


def assert_proved(model: Model) -> None:
    verdicts = prove(model)
    failed = [f"{v.proof} / {v.step}: {v.counterexample[:400]}" for v in verdicts if not v.proved]
    assert failed == [], f"{model.label}: {failed}"
    labels = {label for label, _ in model.moves()}
    for proof in model.properties:
        steps = {v.step for v in verdicts if v.proof == proof}
        assert steps == {"initiation", *labels}, (model.label, proof)


def test_every_family_proof_is_stated_in_the_spec() -> None:
    for proof in (*fsp.PROOF_IDS, *avp.PROOF_IDS):
        assert f"{{fact}} {proof}" in SPEC
    for players in FS.seats:
        assert f"{fsp.overshoot_bound(players)} km" in SPEC, players


# --- Fun & Speed -----------------------------------------------------------------------------


@pytest.mark.rules("PROOF-FS-HAND-SIZE", "PROOF-FS-CONSERVATION", "FS-REFILL", "FS-DRAW")
@pytest.mark.parametrize("players", FS.seats)
def test_fs_hand_sizes_and_card_count_are_inductive(players: int) -> None:
    assert_proved(fsp.cards_model(players, per_kind=False))


@pytest.mark.rules("PROOF-FS-OVERSHOOT", "FS-END-GOAL", "FS-ACCEL", "FS-KM")
@pytest.mark.parametrize("players", FS.seats)
def test_fs_overshoot_is_bounded(players: int) -> None:
    assert_proved(fsp.km_model(players))
    # Non-vacuity: one km unit tighter is refuted — the bound is reached.
    tighter = fsp.km_model(players, top=fsp.overshoot_bound(players) - fsp.UNIT)
    assert not all(v.proved for v in prove(tighter))


@pytest.mark.rules("PROOF-FS-CONSERVATION", "FS-BOX", "FS-SINGLE-USE")
def test_fs_conservation_per_kind_is_inductive() -> None:
    assert_proved(fsp.cards_model(FS.seats[0]))


@pytest.mark.slow
@pytest.mark.rules("PROOF-FS-CONSERVATION", "FS-BOX")
@pytest.mark.parametrize("players", FS.seats[1:])
def test_fs_conservation_per_kind_at_every_seat_count(players: int) -> None:
    assert_proved(fsp.cards_model(players))


@pytest.mark.rules("FS-GOAL", "FS-ACCEL")
def test_fs_goal_is_reachable_and_the_proofs_read_the_data_file() -> None:
    from millebornes_invariants.funspeed_z3 import fewest_turns  # noqa: PLC0415

    assert fewest_turns(FS.goal)[0] >= 1  # reachable: z3 finds a race to the goal
    assert tuple(FS_JSON["box"][card.name] for card in FsCard) == fsp.BOX
    assert sum(fsp.BOX) == FS_JSON["box_total"]
    assert FS_JSON["hand_size"] == fsp.H
    assert list(FS.seats) == FS_JSON["seats"]
    assert fsp.biggest_gain() == max(
        max(k.get("km", 0) for k in FS_JSON["kinds"]) << FS_JSON["max_accelerators"],
        FS_JSON["coup_fourre_km"],
        FS_JSON["safety_km"],
    )
    figures = [k.get("km", 0) for k in FS_JSON["kinds"]]
    figures += [FS_JSON["safety_km"], FS_JSON["coup_fourre_km"], FS_JSON["goal"]]
    figures += list(FS_JSON["goal_by_seats"].values())
    assert all(km % fsp.UNIT == 0 for km in figures)  # the km model's unit


# --- As du Volant ----------------------------------------------------------------------------


@pytest.mark.rules(
    "PROOF-AV-CONSERVATION", "PROOF-AV-MAX-200", "PROOF-AV-HAND-SIZE", "AV-BOX", "AV-TOKENS",
    "AV-MAX-200", "AV-HAND-SIX", "AV-TURBO", "RUL-AV-TURBO", "RUL-AV-ACCELERATED",
)  # fmt: skip
@pytest.mark.parametrize("accelerated", [False, True])
def test_av_conservation_the_200_cap_and_hand_sizes_are_inductive(accelerated: bool) -> None:
    assert_proved(avp.model(2, accelerated=accelerated))


@pytest.mark.slow
@pytest.mark.rules("PROOF-AV-CONSERVATION", "PROOF-AV-MAX-200", "PROOF-AV-HAND-SIZE")
@pytest.mark.parametrize("players", AV.seats[1:])
@pytest.mark.parametrize("accelerated", [False, True])
def test_av_proofs_at_every_seat_count(players: int, accelerated: bool) -> None:
    assert_proved(avp.model(players, accelerated=accelerated))


@pytest.mark.rules("PROOF-AV-MAX-200", "AV-MAX-200")
def test_av_cap_proof_can_fail() -> None:
    """Non-vacuity: the cap one lower is refuted by a Move of a 200."""
    tighter = prove(avp.model(2, max_200=AV.max_200 - 1))
    assert {v.step for v in tighter if not v.proved} == {"Move"}


@pytest.mark.rules("AV-BOX", "AV-SMALL-DECK", "AV-TOKENS", "AV-MAX-200")
def test_av_proofs_read_the_data_file() -> None:
    for players in AV_JSON["seats"]:
        box = dict(AV_JSON["box"])
        assert avp.deck_counts(players) == tuple(box[card.name] for card in AvCard)
        small = dict(box)
        for name in AV_JSON["small_deck_removed"]:
            small[name] -= 1
        assert avp.deck_counts(players, small_deck=True) == tuple(small[c.name] for c in AvCard)
    assert avp.token_counts() == tuple(AV_JSON["tokens"][kind.name] for kind in TOKENS)
    assert AV.max_200 == AV_JSON["max_200"] and AV_JSON["hand_size"] == avp.H


# --- the link: the engine's steps are the models' transitions ---------------------------------


def steps(
    family: str, players: int, options: tuple[str, ...], seed: int
) -> Iterator[tuple[Any, Any, Any]]:
    rng = random.Random(seed)
    state = api.new_game(family, players, options, seed=seed)
    while api.actor(state) is not None:
        action = rng.choice(api.legal_actions(state))
        after = api.apply(state, action)
        yield state, action, after
        state = after


def _holds(model: Model, counts: Counts) -> bool:
    return all(prop(counts) is True for prop in model.properties.values())


@pytest.mark.rules("PROOF-FS-HAND-SIZE", "PROOF-FS-OVERSHOOT", "PROOF-FS-CONSERVATION")
@pytest.mark.parametrize("players", [FS.seats[0], FS.seats[-1]])
def test_fs_engine_steps_are_model_transitions(players: int) -> None:
    totals, km, cards = (
        fsp.cards_model(players, per_kind=False),
        fsp.km_model(players),
        fsp.cards_model(players),
    )
    for i, (before, action, after) in enumerate(steps("fun-speed", players, (), seed=players)):
        kind = type(action).__name__
        b, a = fsp.abstract(before, per_kind=False), fsp.abstract(after, per_kind=False)
        assert _holds(totals, a) and fits(totals, b, a, kind), (i, action)
        kb, ka = fsp.abstract_km(before), fsp.abstract_km(after)
        assert _holds(km, ka)
        if (kb.phase, kb.seat_numbers, kb.numbers) != (ka.phase, ka.seat_numbers, ka.numbers):
            assert fits(km, kb, ka, kind), (i, action)
        if i % 25 == 0:  # the per-kind relation is slower to ask: a sample of the steps
            pb, pa = fsp.abstract(before), fsp.abstract(after)
            assert _holds(cards, pa) and fits(cards, pb, pa, kind), (i, action)


@pytest.mark.rules("PROOF-AV-CONSERVATION", "PROOF-AV-MAX-200", "PROOF-AV-HAND-SIZE")
@pytest.mark.parametrize(
    ("players", "options"),
    [(2, ()), (3, ("accelerated",)), (5, ("bonus",)), (2, ("small_deck",))],
)
def test_av_engine_steps_are_model_transitions(players: int, options: tuple[str, ...]) -> None:
    model = avp.model(
        players, accelerated="accelerated" in options, small_deck="small_deck" in options
    )
    for i, (before, action, after) in enumerate(steps("as-du-volant", players, options, seed=5)):
        a = avp.abstract(after)
        assert _holds(model, a), (i, action)
        if i % 10 == 0 or type(action).__name__ in (
            "Move",
            "UTurn",
            "CoupFourre",
            "Attack",
            "Turbo",
        ):
            assert fits(model, avp.abstract(before), a, type(action).__name__), (i, action)


def test_the_models_refuse_a_forged_step() -> None:
    """The link can fail: a step after which a card vanished fits no transition."""
    for before, action, after in steps("fun-speed", 2, (), seed=1):
        if after.draw_pile:
            forged = fsp.abstract(after, per_kind=False)
            forged.places["card.draw"] = (forged.places["card.draw"][0] - 1,)
            kind = type(action).__name__
            model = fsp.cards_model(2, per_kind=False)
            assert fits(
                model,
                fsp.abstract(before, per_kind=False),
                fsp.abstract(after, per_kind=False),
                kind,
            )
            assert not fits(model, fsp.abstract(before, per_kind=False), forged, kind)
            return
    raise AssertionError("no step with a draw pile left")
