"""Fun & Speed at the terminal: the zones as a person sees them, moves in words, and
moves typed by name.

Shared by ``millebornes play``, ``referee`` and ``explain`` through
:mod:`millebornes.apps.board`. It reads the family's state and never shows what the
seat at the table may not see: another seat's hand (but for the Police, whose player
sees the hand he takes from, FS-POLICE) or the draw pile's order.
"""

from __future__ import annotations

from typing import Any

from millebornes import api
from millebornes.apps.moves import Choice, card_word, number, plain_words
from millebornes.core.errors import MalformedInput
from millebornes.families.funspeed import actions as fs
from millebornes.families.funspeed.cards import (
    DATA,
    KIND,
    KM,
    SAFETY_OF,
    SOUND,
    FsCard,
    Kind,
    cures,
)
from millebornes.families.funspeed.state import FsPhase, FsState, Zone

HELP = (
    "moves: a number from the list, or by name: draw, take (the discard pile's top),"
    " play CARD [N] [!] (a Borne with N Accélérateurs, an attack on seat N, a remedy,"
    " a safety, HELICOPTER N, TRASH), borne D100 [N] [!], attack STOP N [!],"
    " remedy ROLL [STOP] [under], police N [TAKE GIVE], discard CARD; in a window:"
    " remedy, cf [CARD], mirror (Rétroviseur), uturn (Demi-tour), killer (Bornes Killer !),"
    " holdup [SEAT [INDEX]] (Hold Up !), pass. A Borne or an attack typed without ! is"
    " laid unannounced (a Borne then may be killed, an attack does not count); the"
    " numbered moves announce. help lists them; q quits"
)

WAITING_FOR = {
    FsPhase.DRAW: "to draw",
    FsPhase.PLAY: "to lay or discard a card",
    FsPhase.ATTACK: "to answer the attack (remedy, coup-fourré, Rétroviseur) or let it land",
    FsPhase.BORNE: "to let the Borne stand, or cancel it (Demi-tour, Bornes Killer !)",
    FsPhase.HOLDUP: "to call Hold Up ! or not",
}


def name(card: FsCard) -> str:
    """``STOP «Feu Rouge»``: the ID one types, and the card's French name."""
    return f"{card.name} «{DATA.names_fr[card]}»"


def _borne(borne: tuple[FsCard, int]) -> str:
    card, boost = borne
    return card.name + ("+" * boost)


def zone_line(state: FsState, seat: int, you: int | None) -> str:
    """One seat's zone at a glance: km, the attack and the Radar suffered, the Bornes and
    safeties (a coup-fourré marked), the hand's size."""
    zone: Zone = state.zones[seat]
    attack = f"STOPPED by {zone.attack.name}" if zone.attack is not None else "free"
    radar = f"RADAR (Bornes up to {DATA.radar_max_km} km)" if zone.radar is not None else "no radar"
    bornes = " ".join(_borne(b) for b in zone.distance) or "-"
    safeties = ", ".join(
        s.name + (" (coup-fourré)" if s in zone.coups_fourres else "") for s in zone.safeties
    )
    mark = "  <- you" if seat == you else ""
    return (
        f"  seat {seat}: {zone.km:>4} km; {attack}; {radar}; Bornes {bornes} ({zone.borne_km} km);"
        f" safeties {safeties or '-'}; hand {len(state.hands[seat])}{mark}"
    )


def whose_move(state: FsState) -> str:
    if state.actor is None:
        return "the game is over"
    return f"seat {state.actor} {WAITING_FOR.get(state.phase, 'to act')}"


def window_line(state: FsState) -> str | None:
    """The open reaction window in words (RUL-FS-WINDOWS), or None."""
    if state.phase is FsPhase.ATTACK and state.pending is not None:
        sound = SOUND[state.pending]
        return (
            f"  window: seat {state.source} attacks seat {state.actor} with"
            f" {name(state.pending)} «{sound}»"
        )
    if state.phase is FsPhase.BORNE and state.layer is not None:
        said = "announced" if state.announced else "WITHOUT its announcement"
        borne = _borne(state.zones[state.layer].distance[-1])
        return f"  window: seat {state.layer} laid the Borne {borne}, {said}"
    if state.phase is FsPhase.HOLDUP and state.layer is not None:
        # RUL-FS-HOLDUP: the ties the change made, by race total
        ties = ", ".join(f"seat {s} ({state.zones[s].km} km)" for s in state.tied) or "none"
        return f"  window: seat {state.layer} changed the race totals; ties made: {ties}"
    return None


def table_lines(state: FsState, seat: int | None = None) -> list[str]:
    """The game, every zone, the open window; ``seat``'s hand if given."""
    top = state.discard_pile[-1].name if state.discard_pile else "-"
    lines = [
        f"{DATA.title}: goal {state.goal} km, draw pile {len(state.draw_pile)} cards,"
        f" discard pile {len(state.discard_pile)} (top {top}); next: {whose_move(state)}"
    ]
    lines += [zone_line(state, s, seat) for s in range(state.players)]
    window = window_line(state)
    if window is not None:
        lines.append(window)
    if seat is not None:
        lines.append(f"  your hand (seat {seat}): {hand_text(state.hands[seat])}")
    return lines


def hand_text(cards: tuple[Any, ...]) -> str:
    return (
        ", ".join(
            card.name + (f" x{cards.count(card)}" if cards.count(card) > 1 else "")
            for card in sorted(set(cards))
        )
        or "-"
    )


def drawn(before: FsState, after: FsState | None, seat: int) -> FsCard | None:
    """The card ``seat``'s draw put in its hand, once drawn (before it, the draw pile's
    order stays hidden: a move listed is never told by the card it would draw)."""
    if after is None:
        return None
    extra = list(after.hands[seat])
    for card in before.hands[seat]:
        if card in extra:
            extra.remove(card)
    return extra[0] if extra else None


def move_text(
    before: FsState, action: Any, *, viewer: int | None = None, after: FsState | None = None
) -> str:
    """What ``action`` does in ``before``, in words; ``viewer`` (a seat) sees only what that
    seat may see: another seat's draw stays a card, the Police's cards stay hidden unless
    the viewer gives or takes them."""
    who = f"seat {action.seat}"
    hidden = viewer is not None and viewer != action.seat
    match action:
        case fs.DrawPile():
            card = None if hidden else drawn(before, after, action.seat)
            return f"{who} draws {name(card) if card is not None else 'a card'}"
        case fs.DrawDiscard():
            top = before.discard_pile[-1] if before.discard_pile else None
            return f"{who} takes {name(top) if top else 'nothing'} from the discard pile"
        case fs.LayBorne():
            km = KM[action.card] << action.accelerators
            boost = (
                f" with {action.accelerators} Accélérateur(s), {km} km"
                if action.accelerators
                else ""
            )
            said = (
                f", announcing «{km} bornes !»" if action.announced else ", WITHOUT announcing it"
            )
            return f"{who} lays the Borne {name(action.card)}{boost}{said}"
        case fs.Attack():
            said = (
                f", shouting «{SOUND[action.card]}»"
                if action.announced
                else " WITHOUT its sound: it does not count and is discarded"
            )
            return f"{who} attacks seat {action.target} with {name(action.card)}{said}"
        case fs.Remedy():
            top = action.card if action.remedy_on_top else action.attack
            when = " at once" if before.phase is FsPhase.ATTACK else ""
            return (
                f"{who} cures {action.attack.name} with {name(action.card)}{when}"
                f" ({top.name} on top of the discard pile)"
            )
        case fs.Safety():
            return f"{who} lays the safety {name(action.card)} (+{DATA.safety_km} km)"
        case fs.Helicopter():
            return f"{who} flies the Hélicoptère: its zone and seat {action.target}'s change places"
        case fs.Police():
            if viewer is not None and viewer not in (action.seat, action.target):
                return f"{who} sends the Police to seat {action.target}: a card taken, one given"
            return (
                f"{who} sends the Police to seat {action.target}: takes {action.take.name},"
                f" gives {action.give.name}"
            )
        case fs.Trash():
            return f"{who} plays the Poubelle: every 200 laid goes to the discard pile"
        case fs.Discard():
            return f"{who} discards {name(action.card)}"
        case fs.CoupFourre():
            return f"{who} calls COUP-FOURRÉ with {name(action.card)}"
        case fs.Mirror():
            return f"{who} holds up the Rétroviseur: the attack goes back to seat {before.source}"
        case fs.UTurn():
            return f"{who} plays the Demi-tour: seat {before.layer}'s Borne is cancelled"
        case fs.Killer():
            return (
                f"{who} shouts «Bornes Killer !»: seat {before.layer}'s unannounced Borne"
                " is discarded"
            )
        case fs.HoldUp():
            borne = before.zones[action.victim].distance[action.index]
            taken = _borne(borne)
            return f"{who} calls «Hold Up !» and takes the Borne {taken} of seat {action.victim}"
        case fs.FalseHoldUp():
            return f"{who} calls «Hold Up !» with no tie" + (
                "" if action.index is None else f" and loses card {action.index} of its zone"
            )
        case fs.Pass():
            if before.phase is FsPhase.ATTACK and before.pending is not None:
                return f"{who} lets the {before.pending.name} land"
            if before.phase is FsPhase.BORNE:
                return f"{who} lets seat {before.layer}'s Borne stand"
            return f"{who} calls nothing"
    return f"{who} {type(action).__name__}"


def end_lines(state: FsState) -> list[str]:
    """The result once the game is over (FS-END-GOAL, RUL-FS-EMPTY-PILE)."""
    if state.phase is not FsPhase.OVER:
        return []
    km = ", ".join(f"seat {s} {zone.km} km" for s, zone in enumerate(state.zones))
    who = " and ".join(f"seat {s}" for s in state.winners) or "nobody"
    return [f"game over: {who} {'wins' if len(state.winners) == 1 else 'win'} ({km})"]


# --- the human's choices ---------------------------------------------------------------------


def auto(state: FsState, legal: tuple[Any, ...]) -> Any | None:
    """The move made for the human without asking: the only legal one, or a pass where a
    window offers nothing else but a wrong Hold Up (the window does not concern them)."""
    if len(legal) == 1:
        return legal[0]
    if all(isinstance(a, (fs.Pass, fs.FalseHoldUp)) for a in legal):
        return next(a for a in legal if isinstance(a, fs.Pass))
    return None


def menu(state: FsState, legal: tuple[Any, ...], seat: int) -> list[Choice]:
    """The numbered moves: announced Bornes and attacks (typed without ! they go
    unannounced), the Police once per target (its cards are chosen once the hand is seen)."""
    announced = {
        (type(a), a.card, getattr(a, "target", None), getattr(a, "accelerators", None))
        for a in legal
        if isinstance(a, (fs.LayBorne, fs.Attack)) and a.announced
    }
    choices: list[Choice] = []
    police: dict[int, list[Any]] = {}
    for action in legal:
        if isinstance(action, (fs.LayBorne, fs.Attack)) and not action.announced:
            key = (
                type(action),
                action.card,
                getattr(action, "target", None),
                getattr(action, "accelerators", None),
            )
            if key in announced:
                continue
        if isinstance(action, fs.FalseHoldUp):
            continue  # a wrong Hold Up is typed, never offered
        if isinstance(action, fs.Police):
            police.setdefault(action.target, []).append(action)
            continue
        choices.append(Choice(move_text(state, action, viewer=seat), (action,)))
    for target, group in police.items():
        text = f"seat {seat} sends the Police to seat {target} (then sees its hand and chooses)"
        choices.append(Choice(text, tuple(group)))
    return choices


def follow_up(state: FsState, group: tuple[Any, ...]) -> str:
    """What the human sees before choosing among ``group`` (the Police's cards)."""
    target = group[0].target
    return f"seat {target}'s hand: {hand_text(state.hands[target])}; take which card, give which?"


# --- moves typed by name -----------------------------------------------------------------------


def _card(word: str) -> FsCard:
    return card_word(word, FsCard, KM)


def _standing(state: FsState, seat: int, remedy: FsCard) -> FsCard:
    if state.phase is FsPhase.ATTACK and state.pending is not None:
        return state.pending
    zone = state.zones[seat]
    standing = [a for a in (zone.attack, zone.radar) if a is not None]
    for attack in standing:
        if cures(remedy, attack):
            return attack
    if standing:
        return standing[0]
    raise MalformedInput(f"no attack to cure: say which, e.g. remedy {remedy.name} STOP")


def _opponent(state: FsState, seat: int, words: list[str], what: str) -> int:
    if words:
        return number(words[0], f"seat for {what}", state.players)
    others = [s for s in range(state.players) if s != seat]
    if len(others) > 1:
        raise MalformedInput(f"say which seat: {what} {others[0]}")
    return others[0]


def parse_move(text: str, state: FsState, seat: int) -> Any:
    """The action ``seat`` names by ``text`` (a group of Police actions when the cards are
    not named); MalformedInput (one line) if it names none."""
    announced, words = plain_words(text)
    if not words:
        raise MalformedInput(f"not a move: {text!r} ({HELP})")
    verb, args = words[0].lower(), words[1:]
    if verb == "draw":
        return fs.DrawPile(seat)
    if verb == "take":
        return fs.DrawDiscard(seat)
    if verb in ("cf", "coup-fourre", "coup-fourré"):
        if args:
            return fs.CoupFourre(seat, _card(args[0]))
        safety = SAFETY_OF[state.pending] if state.pending is not None else None
        if safety is None:
            raise MalformedInput("no attack to answer: say which safety, e.g. cf DRIVING_ACE")
        return fs.CoupFourre(seat, safety)
    simple = {
        "mirror": fs.Mirror,
        "uturn": fs.UTurn,
        "u-turn": fs.UTurn,
        "demi-tour": fs.UTurn,
        "killer": fs.Killer,
        "pass": fs.Pass,
        "trash": fs.Trash,
    }
    if verb in simple and not args:
        return simple[verb](seat)
    if verb in ("holdup", "hold-up"):
        return _holdup(state, seat, args)
    if verb == "helicopter":
        return fs.Helicopter(seat, _opponent(state, seat, args, "helicopter"))
    if verb == "police":
        return _police(state, seat, args)
    if verb == "discard" and args:
        return fs.Discard(seat, _card(args[0]))
    if verb in ("play", "borne", "attack", "remedy", "safety") and args:
        return _play(state, seat, verb, _card(args[0]), args[1:], announced=announced)
    raise MalformedInput(f"not a move: {text!r} ({HELP})")


def _play(
    state: FsState, seat: int, verb: str, card: FsCard, args: list[str], *, announced: bool
) -> Any:
    kind = KIND[card]
    if verb == "borne" or (verb == "play" and kind is Kind.DISTANCE):
        boost = number(args[0], "Accélérateurs", DATA.max_accelerators + 1) if args else 0
        return fs.LayBorne(seat, card, boost, announced)
    if verb == "attack" or (verb == "play" and kind is Kind.ATTACK):
        return fs.Attack(seat, card, _opponent(state, seat, args, f"attack {card.name}"), announced)
    if verb == "remedy" or (verb == "play" and kind is Kind.REMEDY):
        rest = [w for w in args if w.lower() != "under"]
        attack = _card(rest[0]) if rest else _standing(state, seat, card)
        return fs.Remedy(seat, card, attack, not any(w.lower() == "under" for w in args))
    if verb == "safety" or (verb == "play" and kind is Kind.SAFETY):
        return fs.Safety(seat, card)
    specials = {FsCard.MIRROR: fs.Mirror, FsCard.U_TURN: fs.UTurn, FsCard.TRASH: fs.Trash}
    if card in specials:
        return specials[card](seat)
    if card is FsCard.HELICOPTER:
        return fs.Helicopter(seat, _opponent(state, seat, args, "play HELICOPTER"))
    if card is FsCard.POLICE:
        return _police(state, seat, args)
    raise MalformedInput(
        f"{card.name} is not played alone: lay it with a Borne (play D100 1 !)"
        if card is FsCard.ACCELERATOR
        else f"say how to play {card.name} ({HELP})"
    )


def _police(state: FsState, seat: int, args: list[str]) -> Any:
    target = _opponent(state, seat, args[:1], "police")
    if len(args) >= 3:
        return fs.Police(seat, target, _card(args[1]), _card(args[2]))
    # The cards are chosen once the hand is seen (FS-POLICE): every legal pair, to choose from.
    group = tuple(
        a for a in api.legal_actions(state) if isinstance(a, fs.Police) and a.target == target
    )
    if not group:
        take = state.hands[target][0] if state.hands[target] else FsCard.D25
        return fs.Police(seat, target, take, take)  # judged and refused with its rules
    return group


def _holdup(state: FsState, seat: int, args: list[str]) -> Any:
    if not args:
        layer = state.layer if state.layer is not None else seat
        km = state.zones[layer].borne_km
        tied = [
            s for s in range(state.players) if s != seat and km and state.zones[s].borne_km == km
        ]
        if not tied:
            return fs.FalseHoldUp(seat, 0 if state.zones[seat].forfeitable() else None)
        victim = tied[0]
        zone = state.zones[victim]
        best = max(
            range(len(zone.distance)), key=lambda i: KM[zone.distance[i][0]] << zone.distance[i][1]
        )
        return fs.HoldUp(seat, victim, best)
    victim = number(args[0], "seat for holdup", state.players)
    index = number(args[1], "index of the Borne", 64) if len(args) > 1 else 0
    return fs.HoldUp(seat, victim, index)
