"""Cases for the protocol's decided points (spec/conformance/protocol.md, malformed.md): the
answers an implementer of the classic family could otherwise give either way and still pass.

``protocol`` cases send one request as written (the runner adds only its ``id``) and
compare the answer's ``ok``, its error kind, and where given its outcome and state; the
other decisions are step and legal cases of the usual kinds. Every answer is the
reference engine's (:class:`~millebornes.conformance.server.Session`), so the cases say
what it does, whatever that is.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import replace

from millebornes.conformance.canon import JsonDict
from millebornes.conformance.cases import make_case, state_json
from millebornes.conformance.configs import Config
from millebornes.conformance.server import Session
from millebornes.conformance.tags import Tags, step_tags
from millebornes.core.jsonio import MAX_DEPTH, MAX_INT_DIGITS
from millebornes.core.shuffle import shuffled
from millebornes.families.classic.actions import Deal
from millebornes.families.classic.cards import Card
from millebornes.families.classic.edition import load_edition
from millebornes.families.classic.engine import apply, legal_actions, new_match
from millebornes.families.classic.position import position
from millebornes.families.classic.serialize import action_to_dict
from millebornes.families.classic.state import Phase, Tableau

HOME = Config("classic", 2)
"""The configuration every protocol case belongs to."""
BOTH = Config("classic", 4, ("goal_700", "race"))
"""Two options the edition offers together at four players."""
PROVENANCE: JsonDict = {"method": "constructed", "seed": None}


def _deck(config: Config) -> list[str]:
    box = load_edition(config.edition).playing_cards(config.players)
    return [card.name for card in shuffled(box, config.seed("protocol", 0))]


def _start(config: Config, options: list[str], **extra: object) -> JsonDict:
    return {
        "op": "start",
        "edition": config.edition,
        "players": config.players,
        "options": options,
        "deck": _deck(config),
        **extra,
    }


def _nested(depth: int) -> object:
    """A JSON value ``depth`` levels deep: lists inside lists around one integer."""
    value: object = 0
    for _ in range(depth):
        value = [value]
    return value


def _protocol(config: Config, slug: str, rules: set[str], text: str, request: JsonDict) -> JsonDict:
    """A protocol case: the reference engine's answer to ``request`` is the expected one."""
    answer = Session().handle({**request, "id": 1})
    expected: JsonDict = {"ok": answer["ok"]}
    if answer["ok"]:
        expected |= {k: answer[k] for k in ("outcome", "state") if k in answer}
    else:
        expected["error"] = answer["error"]["kind"]
    return make_case(
        "protocol",
        config,
        slug,
        tags=Tags(rules),
        description=text,
        provenance=PROVENANCE,
        input={"request": request},
        expected=expected,
    )


def protocol_requests() -> Iterator[JsonDict]:
    """The protocol cases."""
    yield _protocol(
        HOME,
        "unknown-op",
        {"PROTO-ERRORS"},
        "a request whose op the protocol does not define is answered with an 'unsupported' "
        "error, not a 'malformed' one",
        {"op": "undo"},
    )
    yield _protocol(
        HOME,
        "unknown-field",
        {"PROTO-FRAMING", "PROTO-START"},
        "a start request with a field the protocol does not define: the field is ignored",
        _start(HOME, [], note="a field of a later protocol"),
    )
    yield _protocol(
        HOME,
        "family-field-in-classic-start",
        {"PROTO-START", "PROTO-FAMILIES"},
        "a start of the classic family with As du Volant's 'seed' field is malformed, never "
        "ignored",
        _start(HOME, [], seed=3),
    )
    yield _protocol(
        BOTH,
        "options-any-order",
        {"PROTO-START", "LOAD-OPTIONS"},
        "a start whose options are unsorted and repeat a name: accepted, and the state lists "
        "them sorted, each once",
        _start(BOTH, ["race", "goal_700", "race"]),
    )
    # The request object is the first level and ``padding`` the second: 32 levels in all.
    padding = {"deep": _nested(MAX_DEPTH - 2), "big": 10**MAX_INT_DIGITS - 1}
    yield _protocol(
        HOME,
        "bounds-accepted",
        {"PROTO-FRAMING"},
        f"a request nested {MAX_DEPTH} levels deep with an integer of {MAX_INT_DIGITS} digits "
        "(in a field the engine ignores) is within the bounds every engine accepts",
        _start(HOME, [], padding=padding),
    )


def _action_with_note() -> JsonDict:
    """A step case: a legal action carrying a ``note`` is malformed over the protocol."""
    state = apply(new_match(HOME.edition, HOME.players), Deal(0, shuffled(_box(), 7)))
    action = action_to_dict(legal_actions(state)[0]) | {"note": "a transcript's annotation"}
    return make_case(
        "step",
        HOME,
        "action-with-note",
        tags=Tags({"PROTO-FORMATS"}, {"malformed"}),
        description="an action with a field its type does not have ('note', which only a "
        "transcript line may carry) is malformed input, not a move",
        provenance=PROVENANCE,
        input={"state": state_json(state), "action": action},
        expected={"outcome": "malformed"},
    )


def _box() -> tuple[Card, ...]:
    return load_edition(HOME.edition).playing_cards(HOME.players)


def _round_over_short_hands() -> JsonDict:
    """A legal case: hands that INV-HAND-SIZE would refuse during a round load once it is
    over."""
    config = Config("classic", 3)
    state = position(
        config.edition,
        config.players,
        hands={0: [Card.D25], 1: [Card.D50, Card.D75]},
        tableaus={0: Tableau(battle=(Card.ROLL,), distance=(Card.D100,))},
        phase=Phase.ROUND_OVER,
        actor=1,
        turn=1,
    )
    return make_case(
        "legal",
        config,
        "round-over-short-hands",
        tags=Tags({"LOAD-HAND-LIMIT", "STATE-PILE-ORDER"}),
        description="a round over with cards left in the draw pile and hands of 1, 2 and 0 "
        "cards: INV-HAND-SIZE holds only during a round, so the state loads; no legal action",
        provenance=PROVENANCE,
        input={"state": state_json(state)},
        expected={"actions": [action_to_dict(a) for a in legal_actions(state)]},
    )


def _deal_from_any_order() -> JsonDict:
    """A step case: a state before the first deal whose draw pile is not in box order."""
    before = new_match(HOME.edition, HOME.players)
    before = replace(before, draw_pile=tuple(reversed(before.draw_pile)))
    action = Deal(0, shuffled(_box(), 11))
    after = apply(before, action)
    return make_case(
        "step",
        HOME,
        "deal-from-unordered-draw-pile",
        tags=step_tags(before, action, after).merge(Tags({"STATE-BEFORE-DEAL"})),
        description="a state before the first deal whose draw pile is not in box order loads "
        "(a loader does not enforce STATE-BEFORE-DEAL), and the deal replaces the pile",
        provenance=PROVENANCE,
        input={"state": state_json(before), "action": action_to_dict(action)},
        expected={"outcome": "applied", "state": state_json(after)},
    )


def protocol_cases(config: Config) -> Iterator[JsonDict]:
    """Every case of the decided points, emitted once, with the configuration they name."""
    if config == HOME:
        yield from protocol_requests()
        yield _action_with_note()
        yield _deal_from_any_order()
    if config == Config("classic", 3):
        yield _round_over_short_hands()
