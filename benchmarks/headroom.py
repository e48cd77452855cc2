"""How much better than the search bot's own policy any bot could play against greedy,
by the policy's own playouts: what is left to gain, in the classic family (in the
round's points) and in Fun & Speed and As du Volant (in wins).

The search bot's own seat plays the policy π of :mod:`millebornes.apps.search` (the
greedy scores, attacks first, and in the classic family cards counted); its playouts
play π on for its seat and the greedy bot for the other. Against that fixed opponent,
the performance difference lemma says what any other policy π' gains over π in a round:

    V(π') - V(π) = Σ over π''s decisions of  Q_π(s, π'(s)) - Q_π(s, π(s))

where Q_π(s, a) is the round's outcome (a game's, outside the classic family) when ``a``
is played at ``s`` and π plays on. No choice can gain more at a decision than the best
choice there, so the sum over a round of the best choice's advantage,
max_a Q_π(s, a) - Q_π(s, π(s)), is what any policy could add to π's round: measured here
on π's own decisions (the lemma wants π''s, so this is a first-order estimate, not a
bound), with Q in the round's points (the seat's lead over the other at the round's
end), so that advantages add up over a round and over a match. In Fun & Speed and As du
Volant, Q is the seat's share of the win (1, 1/2 or 0) and the sum runs over a game: π's
turns with a choice a game times the mean advantage, added to π's share of the games, is
what a bot taking the best choice each turn would win (to first order: measured once in
As du Volant, the first order overshot what the search bot's choices gain in games by
two thirds).

1. ``--matches`` whole matches (games) between π and greedy, each deal played from both
   seats; every turn of π with two choices or more is counted, and one in ``--share``
   becomes a position;
2. at each position, Q_π of every choice (not only the favourite few the search
   compares): the mean of ``--playouts`` playouts, the k-th of every choice on the same
   sampled deal with the same draws (common random numbers), as the search plays them.
   The best choice's advantage is given twice: the largest mean less the favourite's
   (biased up: the largest of noisy means), and the advantage, on the second half of
   the playouts, of the choice that leads on the first half (biased down: it sometimes
   picks a worse one);
3. the headroom per round (per game): the mean advantage times π's turns with a choice;
4. in the classic family, what points a round are worth in matches: the same matches'
   round scores, π's side given Δ points more at each round's end and the match's end
   worked out again (MATCH-TARGET), for Δ from 0 up: the share of matches π would win
   with Δ more points a round. Δ = 0 gives the matches as played (the policies never read the
   match's score, so a round is played the same whatever the totals).

``--save FILE`` keeps the matches and the measured positions; ``--load FILE`` then
judges search bots on them instead (``--bots``, :data:`SETTINGS`): each decides every
position ``--repeats`` times, and what its choice gains over π's is read off the
measured worths, a turn, a round (a game), and as π's share of the matches with that
much more (of the games, to first order); and what the best choice is worth over its
own, paired position by position.

Not a test, and not a proof: Q is the playouts' estimate, on the uniform deal of the
cards the seat has not seen (:func:`millebornes.apps.search.determinize`). Figures go
into docs/bots.md (about 25 minutes for the first command on two cores, 2 to 4 for
each bot of the second at 0.2 s a move).

    .venv/bin/python benchmarks/headroom.py --matches 600 --share 400 --playouts 2000 \\
        --seed 2 --workers 2 --save positions.pickle
    .venv/bin/python benchmarks/headroom.py --load positions.pickle --workers 2 \\
        --bots "seconds=0.2;seconds=0.2,classic_horizon=0,scale=400,margin=0.01,z=2"
    .venv/bin/python benchmarks/headroom.py --edition as-du-volant --matches 300 \\
        --share 14 --playouts 2000 --seed 2 --workers 2 --save av.pickle
"""

from __future__ import annotations

import argparse
import pickle
import random
import statistics
import sys
from collections.abc import Sequence
from contextlib import suppress
from dataclasses import dataclass
from typing import Any

from millebornes import api
from millebornes.apps import search
from millebornes.apps.arguments import positive_value, seed_value
from millebornes.apps.bots import GreedyBot, _groups, _key, seat_view
from millebornes.apps.search import ATTACK_FIRST, COUNTING, Budget, SearchBot, _stream
from millebornes.apps.simulate import derive
from millebornes.apps.stopping import run_command, worker_pool
from millebornes.core.errors import IllegalAction, MalformedInput
from millebornes.core.shuffle import SplitMix64, round_seed
from millebornes.families.classic.actions import Discard, Play
from millebornes.families.classic.cards import CATEGORY
from millebornes.families.classic.deal import deal_from_seed
from millebornes.families.classic.engine import apply, new_match
from millebornes.families.classic.state import Phase, State
from millebornes.families.classic.view import ClassicView

FAMILY = {edition.id: edition.family for edition in api.editions()}
"""Each edition's family: the classic family's are judged in the round's points, the
others in wins."""

MAX_ROUNDS = 60
"""A safeguard: a match stops here (none comes near it)."""

MAX_ACTIONS = 5000
"""A safeguard: a game of Fun & Speed or As du Volant stops here, unfinished."""


@dataclass(frozen=True)
class Match:
    """One match (a game, outside the classic family) between π and greedy: each
    round's points (π's side, greedy's; none for a game), π's share of the win, its
    turns with a choice, and the positions taken (a state and π's seat)."""

    rounds: list[tuple[int, int]]
    turns: int
    positions: list[Any]
    won: float


class _Taken:
    """π's turns with a choice, counted, and one in ``share`` of them kept as a
    position, drawn from ``draw``."""

    def __init__(self, own: int, share: int, draw: random.Random) -> None:
        self.own, self.share, self.draw = own, share, draw
        self.turns = 0
        self.positions: list[Any] = []

    def see(self, state: Any, seat: int) -> None:
        """The turn of ``seat`` about to be played at ``state``."""
        if seat == self.own and len(_groups(api.legal_actions(state))) > 1:
            self.turns += 1
            if self.draw.randrange(self.share) == 0:
                self.positions.append(state)


def play_match(edition: str, seed: int, own: int, share: int) -> Match:
    """Deal ``seed`` played with π at seat ``own`` and greedy at the other, two seats."""
    state = new_match(edition, 2)
    bonus = ATTACK_FIRST[ClassicView]
    bots = [GreedyBot(derive(seed, 1 + seat)) for seat in range(2)]
    bots[own] = GreedyBot(derive(seed, 1 + own), bonus, COUNTING)
    taken = _Taken(own, share, random.Random(derive(seed, 99 + own)))
    rounds: list[tuple[int, int]] = []
    while state.phase is not Phase.MATCH_OVER and state.round_number < MAX_ROUNDS:
        before = state.scores
        state = apply(state, deal_from_seed(state, round_seed(seed, state.round_number + 1)))
        while state.phase not in (Phase.ROUND_OVER, Phase.MATCH_OVER):
            seat = state.actor
            assert seat is not None  # only a finished match has no actor
            taken.see(state, seat)
            state = apply(state, bots[seat].choose(state))
        gained = [after - was for after, was in zip(state.scores, before, strict=True)]
        rounds.append((gained[own], gained[1 - own]))
    won = match_share(rounds, 0, state.rules.match_target)
    return Match(rounds, taken.turns, taken.positions, won)


def play_game(edition: str, seed: int, own: int, share: int) -> Match:
    """A Fun & Speed or As du Volant game dealt from ``seed``, π at seat ``own``: π is
    the greedy bot with the family's attack bonus (:data:`ATTACK_FIRST`)."""
    state = api.new_game(edition, 2, seed=seed)
    bonus = ATTACK_FIRST[type(seat_view(state, own))]
    bots = [GreedyBot(derive(seed, 1 + seat)) for seat in range(2)]
    bots[own] = GreedyBot(derive(seed, 1 + own), bonus)
    taken = _Taken(own, share, random.Random(derive(seed, 99 + own)))
    for step in range(MAX_ACTIONS):
        seat = api.actor(state)
        if seat is None:
            break
        if api.is_chance(state):
            state = api.apply(state, api.chance_action(state, derive(seed, 7, step)))
            continue
        taken.see(state, seat)
        state = api.apply(state, bots[seat].choose(state))
    winners = api.winners(state)
    won = 1.0 / len(winners) if own in winners else 0.0
    return Match([], taken.turns, taken.positions, won)


def match_share(rounds: Sequence[tuple[int, int]], delta: int, target: int) -> float:
    """π's share of the match (1, 1/2 or 0) had its side scored ``delta`` more a round:
    the match ends after the first round that brings a side to ``target`` (MATCH-TARGET);
    the higher total wins."""
    mine = theirs = 0
    for own_points, other_points in rounds:
        mine += own_points + delta
        theirs += other_points
        if max(mine, theirs) >= target:
            break
    return 1.0 if mine > theirs else 0.5 if mine == theirs else 0.0


class _Measured(SearchBot):
    """The search bot's playouts for every choice, whole: the round's points in the
    classic family, the seat's share of the win elsewhere."""

    def __init__(self) -> None:
        # Every choice; whole rounds, whole games.
        super().__init__(width=1_000, classic_horizon=None, horizon=None)

    def _playout(self, view: Any, twin: Any, action: Any, seed: int) -> float:
        if isinstance(view, ClassicView):
            return self._classic_margin(view, twin.copy(), action, seed)
        state = twin.copy()
        self._fast_play_out(view, state, action, seed)
        winners = state.winners  # none only past the safeguard of MAX_PLAYOUT_ACTIONS
        return 1.0 / len(winners) if view.seat in winners else 0.0

    def margins(self, view: Any, legal: Sequence[Any], playouts: int) -> list[list[float]]:
        """Each choice's playout results (the favourite first), the k-th of every choice
        on the same sample with the same draws."""
        keys = [_key(group[0]) for group in self._choices(view, legal)]
        results: list[list[float]] = [[] for _ in keys]
        for k in range(playouts):
            sample = self._sample(view, SplitMix64(_stream(0x4EAD, 2 * k)))
            twin = self._twin(view, sample)
            for index, key in enumerate(keys):
                result = 0.0
                action = self._realize(sample, key)  # a Police's card from the sample
                if action is not None:
                    with suppress(IllegalAction):  # a safeguard: every choice is legal here
                        result = self._playout(view, twin, action, _stream(0x4EAD, 2 * k + 1))
                results[index].append(result)
        return results


def kind(action: Any) -> str:
    """A choice's kind, for the table of where the advantage lies."""
    if isinstance(action, Play):
        return f"play {CATEGORY[action.card].value}"
    if isinstance(action, Discard):
        return f"discard {CATEGORY[action.card].value}"
    card = getattr(action, "card", None)  # Fun & Speed and As du Volant: class and card
    name = type(action).__name__  # a coup-fourré or an extension's choice, or any other
    return name if card is None else f"{name} {card.name.lower()}"


@dataclass(frozen=True)
class Position:
    """A measured position: the state, its choices (the favourite first) and each
    choice's Q (mean playout margin); the split-halves advantage; the largest standard
    error of a choice's paired difference with the favourite."""

    state: Any
    choices: list[Any]
    worths: list[float]
    split: float
    error: float

    @property
    def best(self) -> int:
        return max(range(len(self.worths)), key=lambda i: self.worths[i])

    @property
    def advantage(self) -> float:
        return self.worths[self.best] - self.worths[0]


def measure(job: tuple[Any, int]) -> Position:
    """One position, Q of each choice from ``playouts`` playouts."""
    state, playouts = job
    seat = state.actor
    assert seat is not None
    view = seat_view(state, seat)
    legal = api.legal_actions(state)
    bot = _Measured()
    keys = [group[0] for group in bot._choices(view, legal)]
    results = bot.margins(view, legal, playouts)
    half = playouts // 2
    lead = max(range(len(results)), key=lambda i: statistics.fmean(results[i][:half]))
    split = statistics.fmean(results[lead][half:]) - statistics.fmean(results[0][half:])
    errors = [
        statistics.stdev(a - b for a, b in zip(r, results[0], strict=True)) / len(r) ** 0.5
        for r in results[1:]
    ]
    worths = [statistics.fmean(r) for r in results]
    return Position(state, keys, worths, split, max(errors, default=0.0))


SETTINGS = (
    "seconds",
    "playouts",
    "width",
    "margin",
    "z",
    "classic_horizon",
    "horizon",
    "exploration",
    "scale",
)
"""What ``--bots`` may set: the search bot's budget and settings, and the module's
:data:`~millebornes.apps.search.EXPLORATION` and
:data:`~millebornes.apps.search.CLASSIC_SCALE`."""


_EXPLORATION, _CLASSIC_SCALE = search.EXPLORATION, search.CLASSIC_SCALE


def decide(job: tuple[Position, dict[str, float], int]) -> float:
    """What the search bot with ``settings`` gains over the favourite at a position, by
    the position's measured worths, deciding once with seed ``seed``."""
    position, settings, seed = job
    state = position.state
    seat = state.actor
    assert seat is not None
    options = dict(settings)
    # The module's own defaults where a bot does not set them (each job sets both).
    search.EXPLORATION = options.pop("exploration", _EXPLORATION)
    search.CLASSIC_SCALE = int(options.pop("scale", _CLASSIC_SCALE))
    seconds, playouts = options.pop("seconds", None), options.pop("playouts", None)
    budget = Budget(playouts=int(playouts)) if playouts is not None else Budget(seconds=seconds)
    given: dict[str, Any] = {name: options[name] for name in ("margin", "z") if name in options}
    if "width" in options:
        given["width"] = int(options["width"])
    for horizon in ("classic_horizon", "horizon"):
        if horizon in options:
            given[horizon] = int(options[horizon]) or None
    bot = SearchBot(seed, budget, **given)
    chosen = _key(bot.decide(seat_view(state, seat), api.legal_actions(state)))
    index = [_key(c) for c in position.choices].index(chosen)
    return position.worths[index] - position.worths[0]


def _settings(text: str) -> list[dict[str, float]]:
    """``seconds=0.2,width=8;seconds=1``: search bots, each a list of settings (a
    ``classic_horizon`` of 0 plays every playout to the round's end, a ``horizon`` of 0
    every Fun & Speed or As du Volant playout to the game's end)."""
    bots = []
    for bot in text.split(";"):
        table: dict[str, float] = {}
        for part in filter(None, (p.strip() for p in bot.split(","))):
            name, equals, value = part.partition("=")
            if name not in SETTINGS or not equals:
                known = ", ".join(SETTINGS)
                raise argparse.ArgumentTypeError(
                    f"{part!r} is not NAME=VALUE with NAME one of {known}"
                )
            try:
                table[name] = float(value)
            except ValueError:
                raise argparse.ArgumentTypeError(f"{name}: {value!r} is not a number") from None
        if ("seconds" in table) == ("playouts" in table):
            raise argparse.ArgumentTypeError(
                f"{bot!r}: give seconds or playouts, not both nor neither"
            )
        try:
            Budget(playouts=int(table["playouts"])) if "playouts" in table else Budget(
                seconds=table["seconds"]
            )
        except MalformedInput as error:
            raise argparse.ArgumentTypeError(str(error)) from None
        bots.append(table)
    return bots


def _play(job: tuple[str, int, int, int]) -> Match:
    return play_match(*job) if FAMILY[job[0]] == "classic" else play_game(*job)


def shares(matches: Sequence[Match], target: int, deltas: Sequence[int]) -> list[float]:
    """π's share of ``matches`` with each of ``deltas`` points more a round."""
    return [statistics.fmean(match_share(m.rounds, d, target) for m in matches) for d in deltas]


def turns_a_round(matches: Sequence[Match]) -> float:
    """π's turns with a choice, a round on average (a game, outside the classic family)."""
    rounds = sum(len(m.rounds) for m in matches)
    return sum(m.turns for m in matches) / (rounds or len(matches))


def _in_points(results: Sequence[Position]) -> bool:
    """Whether the positions are of the classic family, judged in the round's points."""
    return isinstance(results[0].state, State)


def _target(results: Sequence[Position]) -> int:
    """The match's target of the saved classic positions (MATCH-TARGET)."""
    state = results[0].state
    assert isinstance(state, State)
    return state.rules.match_target


def _mean_error(values: Sequence[float]) -> tuple[float, float]:
    return statistics.fmean(values), statistics.stdev(values) / len(values) ** 0.5


def report(edition: str, matches: list[Match], results: list[Position]) -> None:
    """The headroom, where it lies, and what points a round are worth in matches (in
    wins, outside the classic family: what it comes to a game)."""
    points = _in_points(results)
    per = turns_a_round(matches)
    unit, figures = ("round", 1) if points else ("game", 4)
    what = "points" if points else "wins"
    played = "matches" if points else "games"
    won = statistics.fmean(m.won for m in matches)
    print(f"{edition}, two seats: {len(matches)} {played} (each deal from both seats),")
    rounds = f"{sum(len(m.rounds) for m in matches)} rounds; " if points else ""
    print(f"  {rounds}π wins {won:.1%}, with {per:.2f} turns with a choice a {unit}")
    best = statistics.fmean(p.advantage for p in results)
    for name, values in (
        ("largest mean", [p.advantage for p in results]),
        ("split halves", [p.split for p in results]),
    ):
        mean, error = _mean_error(values)
        print(
            f"  best choice's advantage ({name}): {mean:.{figures}f} ± {error:.{figures}f}"
            f" {what} a turn over {len(values)} positions, {mean * per:.{figures - 1}f} ±"
            f" {error * per:.{figures - 1}f} {what} a {unit}"
        )
    left = [p for p in results if p.best]
    print(f"  the largest mean is not the favourite at {len(left)} of {len(results)} positions:")
    table: dict[tuple[str, str], list[float]] = {}
    for p in left:
        chosen = f"{kind(p.choices[p.best])} #{p.best + 1}"
        table.setdefault((kind(p.choices[0]), chosen), []).append(p.advantage)
    for (favourite, chosen), gains in sorted(table.items(), key=lambda item: -sum(item[1]))[:12]:
        print(
            f"    {favourite:>20} -> {chosen:<26} {len(gains):4} positions,"
            f" {sum(gains):8.{figures - 1}f}"
        )
    noise = statistics.fmean(p.error for p in results)
    print(
        f"  a paired difference's standard error, largest at a position: {noise:.{figures}f}"
        " on average"
    )
    if not points:
        print(f"  the best choice at every turn, to first order: {min(1.0, won + best * per):.1%}")
        return
    own = statistics.fmean(points for m in matches for points, _ in m.rounds)
    other = statistics.fmean(points for m in matches for _, points in m.rounds)
    print(f"  points a round: π {own:.0f}, greedy {other:.0f}")
    print("  π's share of the matches with Δ points more a round:")
    deltas = (0, 50, 100, 150, 200, 250, 300, 350, 400, 500, 600)
    for delta, share in zip(deltas, shares(matches, _target(results), deltas), strict=True):
        print(f"    Δ = {delta:3}: {share:.1%}")


def paired(first: Sequence[float], other: Sequence[float], repeats: int) -> tuple[float, float]:
    """What a bot gains a turn over the first bot, and its standard error, paired by
    position: both decided the same positions, ``repeats`` decisions each in turn, and a
    position's luck (how much its best choice is worth) cancels out of the difference."""
    differences = [
        statistics.fmean(other[i : i + repeats]) - statistics.fmean(first[i : i + repeats])
        for i in range(0, len(first), repeats)
    ]
    return _mean_error(differences)


def judge(args: argparse.Namespace, matches: list[Match], results: list[Position]) -> None:
    """Each search bot of ``--bots`` at every saved position: what it gains a turn, and
    what the best choice is worth over its own."""
    points = _in_points(results)
    per = turns_a_round(matches)
    unit, figures = ("round", 2) if points else ("game", 4)
    deltas = list(range(-1000, 1001, 10))  # a bot may play worse than π, too
    curve = shares(matches, _target(results), deltas) if points else []
    won = statistics.fmean(m.won for m in matches)
    best = statistics.fmean(p.advantage for p in results)
    what = "points" if points else "wins"
    print(f"{len(results)} positions: the best choice's advantage {best:.{figures}f} {what}")
    print(
        f"  a turn, {best * per:.{figures - 1}f} a {unit}; each bot's gain over the favourite,"
        " by their worths:"
    )
    first: list[float] = []
    with worker_pool(args.workers) as pool:
        for settings in args.bots:
            jobs = [(p, settings, seed) for p in results for seed in range(1, args.repeats + 1)]
            gains = list(pool.map(decide, jobs, chunksize=1))
            gain, error = _mean_error(gains)
            delta = gain * per
            if points:
                share = curve[min(len(deltas) - 1, max(0, round(delta / 10) + 100))]
                worth = f"π with that much more: {share:.1%} of matches"
            else:
                worth = f"π with that much more, to first order: {min(1.0, won + delta):.1%}"
            name = ",".join(f"{k}={v:g}" for k, v in settings.items())
            # Few playouts may find no choice better than the favourite anywhere.
            part = f"{gain / best:.0%} of the best" if best else "no best to share"
            print(
                f"  {name}: {gain:.{figures}f} ± {error:.{figures}f} a turn,"
                f" {delta:.{figures - 1}f} a {unit}, {part}; {worth}"
            )
            # What is left to it: the best choice's advantage less its own, paired.
            left, left_error = paired(
                gains, [p.advantage for p in results for _ in range(args.repeats)], args.repeats
            )
            print(
                f"    left to it (the best less its choice, paired): {left:.{figures}f} ±"
                f" {left_error:.{figures}f} a turn, {left * per:.{figures - 1}f} a {unit}"
            )
            if not first:
                first = gains
            else:
                more, more_error = paired(first, gains, args.repeats)
                print(
                    f"    against the first bot: {more:+.{figures}f} ± {more_error:.{figures}f}"
                    " a turn"
                )


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--edition", default="classic", choices=list(FAMILY))
    count = positive_value
    parser.add_argument("--matches", type=count, default=200, help="deals, from both seats")
    parser.add_argument("--share", type=count, default=20, help="one turn in SHARE is taken")
    parser.add_argument("--playouts", type=positive_value, default=1000, help="per choice, for Q")
    parser.add_argument("--seed", type=seed_value, default=1)
    parser.add_argument("--workers", type=positive_value, default=1)
    parser.add_argument("--save", help="keep the matches and the measured positions (pickle)")
    parser.add_argument("--load", help="saved positions to judge the search bots of --bots on")
    parser.add_argument("--bots", type=_settings, default=[{"seconds": 0.2}], help="see SETTINGS")
    parser.add_argument("--repeats", type=positive_value, default=2, help="decisions a position")
    args = parser.parse_args(argv)
    if args.load:
        try:
            with open(args.load, "rb") as file:
                matches, results = pickle.load(file)
        except (OSError, pickle.UnpicklingError, EOFError, ValueError, AttributeError) as error:
            parser.error(f"--load: {args.load}: not positions saved by --save ({error})")
        judge(args, matches, results)
        return 0
    jobs = [
        (args.edition, derive(args.seed, deal), own, args.share)
        for deal in range(args.matches)
        for own in (0, 1)
    ]
    with worker_pool(args.workers) as pool:
        matches = list(pool.map(_play, jobs, chunksize=1))
        states = [state for match in matches for state in match.positions]
        results = list(pool.map(measure, [(s, args.playouts) for s in states], chunksize=1))
    if len(results) < 2:
        parser.error(f"{len(results)} position taken: more --matches or a smaller --share")
    if args.save:
        with open(args.save, "wb") as file:
            pickle.dump((matches, results), file)
    report(args.edition, matches, results)
    return 0


if __name__ == "__main__":
    sys.exit(run_command("headroom.py", main))
