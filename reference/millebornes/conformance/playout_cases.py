"""The case documents of what :mod:`.mine` chose from the playouts, and the traces.

Every case taken from a playout says how to reach its state by replay: the trace
case of that playout and the number of its actions to apply (``replay``).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator

from millebornes.conformance.canon import JsonDict, digest
from millebornes.conformance.cases import (
    actions_to_list,
    make_case,
    playout_provenance,
    state_json,
)
from millebornes.conformance.configs import Config
from millebornes.conformance.explore import History
from millebornes.conformance.mine import Mined, Pick
from millebornes.conformance.tags import Tags, configuration_tags, deal_tags
from millebornes.families.classic.actions import Action
from millebornes.families.classic.engine import legal_actions, new_match
from millebornes.families.classic.serialize import action_to_dict, score_to_dict, state_to_dict
from millebornes.families.classic.state import Phase, State
from millebornes.families.classic.transcript import describe


def _says(state: State, action: Action) -> str:
    try:
        return describe(state, action)
    except (IndexError, KeyError):  # a rejected draw from an empty pile, and the like
        return f"seat {action.seat} {type(action).__name__.lower()}"


def _from(pick: Pick) -> JsonDict:
    h = pick.history
    return {
        "provenance": playout_provenance(h.policy, h.seed, h.index),
        "replay": {"trace": h.name, "steps": pick.index},
    }


def mined_cases(config: Config, mined: Mined, *, first_of_edition: bool) -> Iterator[JsonDict]:
    """The step, legal-action and score cases chosen from the playouts, and malformed input."""
    counters: Counter[str] = Counter()

    def slug(base: str) -> str:
        counters[base] += 1
        return f"{base}-{counters[base]}"

    for pick in mined.applied:
        assert pick.action is not None
        after = pick.history.states[pick.index + 1]
        yield make_case(
            "step",
            config,
            slug(str(action_to_dict(pick.action)["type"])),
            tags=pick.tags,
            description=_says(pick.state, pick.action),
            input={"state": state_json(pick.state), "action": action_to_dict(pick.action)},
            expected={"outcome": "applied", "state": state_json(after)},
            **_from(pick),
        )
    for pick in mined.rejected:
        assert pick.action is not None
        first = pick.rule_ids[0].lower()
        base = f"reject-{first}" if len(pick.rule_ids) == 1 else f"reject-{first}-and-more"
        yield make_case(
            "step",
            config,
            slug(base),
            tags=pick.tags,
            description=f"{_says(pick.state, pick.action)}: refused ({', '.join(pick.rule_ids)})",
            input={"state": state_json(pick.state), "action": action_to_dict(pick.action)},
            expected={"outcome": "rejected", "rules": list(pick.rule_ids)},
            **_from(pick),
        )
    for pick in mined.legal:
        legal = legal_actions(pick.state)
        yield make_case(
            "legal",
            config,
            slug(pick.state.phase.value.replace("_", "-")),
            tags=pick.tags,
            description=(
                f"the {len(legal)} legal action{'' if len(legal) == 1 else 's'} of seat "
                f"{pick.state.actor} in the {pick.state.phase.value} phase"
            ),
            input={"state": state_json(pick.state)},
            expected={"actions": actions_to_list(legal)},
            **_from(pick),
        )
    for pick in mined.score:
        yield make_case(
            "score",
            config,
            slug("round-end"),
            tags=pick.tags,
            description=f"the score sheet of round {pick.state.round_number} just ended",
            input={"state": state_json(pick.state)},
            expected=score_to_dict(pick.state),
            **_from(pick),
        )
    yield from malformed_cases(config, mined, first_of_edition=first_of_edition)


def malformed_cases(config: Config, mined: Mined, *, first_of_edition: bool) -> Iterator[JsonDict]:
    """Actions that are not moves at all: the engine must say so, not judge them."""
    histories = mined.histories()
    found = next(
        (
            (h, i)
            for h in histories
            for i, state in enumerate(h.states)
            if state.phase is Phase.PLAY and legal_actions(state)
        ),
        None,
    )
    if found is None:
        return
    history, index = found
    state = history.states[index]
    actor = state.actor if state.actor is not None else 0
    template = action_to_dict(legal_actions(state)[0])
    bad: list[tuple[str, JsonDict, Tags, str]] = [
        ("seat", template | {"seat": state.players}, Tags({"SEAT-COUNTS"}), "a seat out of range")
    ]
    # Seats and teams count from 0: -1 is out of range too, not "the last one".
    bad.append(("seat-negative", template | {"seat": -1}, Tags({"SEAT-COUNTS"}), "seat -1"))
    if first_of_edition:
        card = state.hands[actor][0].name
        bad += [
            ("type", {"type": "teleport", "seat": actor}, Tags(), "an unknown action type"),
            (
                "card",
                {"type": "discard", "seat": actor, "card": "JOKER"},
                Tags(),
                "an unknown card",
            ),
            (
                "target",
                {"type": "play", "seat": actor, "card": card, "target": state.teams},
                Tags({"SEAT-TEAMS"}),
                "a team that does not exist",
            ),
            (
                "target-negative",
                {"type": "play", "seat": actor, "card": card, "target": -1},
                Tags({"SEAT-TEAMS"}),
                "team -1",
            ),
            # Past the last one by more than one: the range is checked, not one value.
            (
                "seat-beyond",
                template | {"seat": state.players + 1},
                Tags({"SEAT-COUNTS"}),
                "a seat two past the last",
            ),
            (
                "target-beyond",
                {"type": "play", "seat": actor, "card": card, "target": state.teams + 1},
                Tags({"SEAT-TEAMS"}),
                "a team two past the last",
            ),
        ]
    for name, action, tags, what in bad:
        tags.mark("malformed")
        yield make_case(
            "step",
            config,
            f"malformed-{name}",
            tags=tags,
            description=f"an action with {what} is malformed input, not an illegal move",
            input={"state": state_json(state), "action": action},
            expected={"outcome": "malformed"},
            provenance=playout_provenance(history.policy, history.seed, history.index),
            replay={"trace": history.name, "steps": index},
        )


def trace_case(config: Config, history: History, mined: Mined) -> JsonDict:
    """A whole playout: the deck, every action, the digest of every state and the end."""
    tags = Tags().merge(mined.trace_tags[history.name]).merge(configuration_tags(history.states[0]))
    tags.merge(
        deal_tags(new_match(config.edition, config.players, config.options), history.states[0])
    )
    final = history.states[-1]
    rounds = final.round_number
    return make_case(
        "trace",
        config,
        f"{history.policy}-{history.index}",
        tags=tags,
        description=(
            f"a {history.policy} playout: {len(history.actions)} actions over {rounds} "
            f"round{'s' if rounds > 1 else ''}, from the deal to the "
            f"{'end of the match' if final.phase is Phase.MATCH_OVER else 'end of the round'}"
        ),
        provenance=playout_provenance(history.policy, history.seed, history.index),
        input={
            "deck": [card.name for card in history.deck],
            "actions": actions_to_list(history.actions),
        },
        expected={
            "digests": [digest(state_to_dict(state)) for state in history.states],
            "final_state": state_json(final),
            "score": score_to_dict(final),
        },
    )
