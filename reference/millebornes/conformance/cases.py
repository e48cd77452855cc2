"""Case documents: the metadata every case repeats, and the JSON of what it holds.

The format is specified in spec/conformance/format.md and checked by
spec/conformance/case.schema.json.
"""

from __future__ import annotations

from millebornes.conformance.canon import CASE_FORMAT, GENERATOR, JsonDict, spec_version
from millebornes.conformance.configs import Config, credit_notes
from millebornes.conformance.tags import Tags
from millebornes.families.classic.actions import Action
from millebornes.families.classic.serialize import action_to_dict, state_to_dict
from millebornes.families.classic.state import State


def actions_to_list(actions: tuple[Action, ...] | list[Action]) -> list[JsonDict]:
    return [action_to_dict(action) for action in actions]


def make_case(
    kind: str,
    config: Config,
    slug: str,
    *,
    tags: Tags,
    description: str,
    provenance: JsonDict,
    input: JsonDict,
    expected: JsonDict,
    replay: JsonDict | None = None,
    data_case: bool = False,
) -> JsonDict:
    """One case document. ``tags`` are credited with the edition's notes on those rules."""
    rules = credit_notes(config.edition, tags.rules, data_case=data_case)
    features = set(tags.features)
    if replay is None and kind in ("step", "legal", "score"):
        features.add("positional")
    document: JsonDict = {
        "format": CASE_FORMAT,
        "spec_version": spec_version(),
        "id": f"{config.name}-{kind}-{slug}",
        "kind": kind,
        "edition": config.edition,
        "players": config.players,
        "options": list(config.options),
        "rules": sorted(rules),
        "features": sorted(features),
        "description": description,
        "provenance": {"generator": GENERATOR, **provenance},
        "input": input,
        "expected": expected,
    }
    if replay is not None:
        document["replay"] = replay
    return document


def playout_provenance(policy: str, seed: int, index: int) -> JsonDict:
    return {"method": "playout", "policy": policy, "seed": seed, "playout": index}


def state_json(state: State) -> JsonDict:
    return state_to_dict(state)
