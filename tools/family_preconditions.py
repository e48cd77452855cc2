"""The precondition tables of a rule family other than the classic one, as text
(spec/families/<name>/preconditions.md; ``tools/preconditions.py`` writes them).

Everything is read from the family object of the registry, so that a table changed in
the engine changes its page: the action kinds in canonical order and their JSON names,
each kind's table (``family.rules``), and what each predicate says it checks (its
docstring, else the comment that opens its body or stands above it). The table of
actions at the wrong moment is computed, not written: a predicate that reads nothing of
the action and nothing of the state but its phase (and what stays fixed for a whole
game, such as the options) is a rule of the moment, and it is asked in every phase.
"""

from __future__ import annotations

import ast
import dis
import inspect
import random
import textwrap
from collections.abc import Callable, Iterable
from dataclasses import fields, is_dataclass, replace
from enum import Enum
from pathlib import Path
from typing import Any

from millebornes.core.errors import MalformedInput
from millebornes.registry import BY_NAME

ROOT = Path(__file__).resolve().parent.parent
Predicate = Callable[[Any, Any], bool]
GAME_STEPS = 400
"""Actions played in each sample game that finds what stays fixed for a whole game."""


def described(predicate: Predicate) -> str:
    """What ``predicate`` checks, in its own words: its docstring, else the comment that
    opens its body, else the comment above it; for a predicate made by a factory (an inner
    function without words of its own), the factory's."""
    words = predicate.__doc__ or _opening_comment(predicate) or inspect.getcomments(predicate)
    if not words and "<locals>" in predicate.__qualname__:
        outer = getattr(inspect.getmodule(predicate), predicate.__qualname__.split(".")[0], None)
        if callable(outer):
            words = described(outer)
    if not words:
        where = f"{predicate.__module__}.{predicate.__qualname__}"
        raise RuntimeError(f"{where} says nothing of what it checks: give it a comment")
    lines = [line.strip().removeprefix("#").strip() for line in words.strip().splitlines()]
    return " ".join(line for line in lines if line).replace("|", "\\|")


def _opening_comment(function: Callable[..., Any]) -> str:
    """The comment lines between a function's signature and its first statement."""
    try:
        source = textwrap.dedent(inspect.getsource(function))
    except (OSError, TypeError):
        return ""
    tree = ast.parse(source).body[0]
    if not isinstance(tree, (ast.FunctionDef, ast.AsyncFunctionDef)):
        return ""
    # The signature's own lines hold no comment line, so every comment line from the
    # ``def`` to the first statement opens the body.
    between = source.splitlines()[tree.lineno : tree.body[0].lineno - 1]
    return "\n".join(line for line in between if line.strip().startswith("#"))


def _reads(predicate: Predicate) -> tuple[bool, set[str]]:
    """Whether ``predicate`` reads its action, and the attribute names it reads."""
    code = predicate.__code__
    action = code.co_varnames[1] if code.co_argcount > 1 else None
    reads_action, names = False, set()
    for instruction in dis.get_instructions(code):
        if instruction.opname in ("LOAD_FAST", "LOAD_FAST_CHECK") and instruction.argval == action:
            reads_action = True
        if instruction.opname in ("LOAD_ATTR", "LOAD_METHOD"):
            names.add(str(instruction.argval))
    return reads_action, names


class Family:
    """One rule family as its page needs it."""

    def __init__(self, name: str) -> None:
        self.family: Any = BY_NAME[name]
        self.name = name
        self.info = self.family.edition_info()[0]
        self.configs = self._configs()
        """One dealt game per configuration (no option, then each option alone)."""
        phase_kind: type[Enum] = type(self.configs[0][1].phase)
        self.phases: tuple[Enum, ...] = tuple(phase_kind)
        self.fixed = self._fixed()

    def _configs(self) -> list[tuple[tuple[str, ...], Any]]:
        options: list[tuple[str, ...]] = [()]
        options += [(o,) for o in self.info.options]
        return [(chosen, self._dealt(chosen)) for chosen in options]

    def _dealt(self, options: tuple[str, ...]) -> Any:
        """A game dealt from seed 1 at the fewest seats that offer ``options``."""
        for seats in self.info.seat_counts:
            try:
                return self.family.new_game(
                    self.name, seats, options, seed=1, deck=None, board=None
                )
            except MalformedInput:
                continue  # the option is not played at this seat count
        raise RuntimeError(f"{self.name}: no seat count offers {options}")

    def _fixed(self) -> set[str]:
        """The state attributes no action changes in a sample game of every configuration
        (the seat count, the options and what derives from them)."""
        names = self._attributes(self.configs[0][1])
        for _, start in self.configs:
            state, rng = start, random.Random(7)
            for _ in range(GAME_STEPS):
                legal = self.family.legal_actions(state)
                if not legal:
                    break
                after = self.family.apply(state, rng.choice(legal))
                names = {n for n in names if getattr(after, n) == getattr(start, n)}
                state = after
        return names - {"phase"}

    def _attributes(self, state: Any) -> set[str]:
        kind = type(state)
        found = {f.name for f in fields(kind)} if is_dataclass(kind) else set()
        found |= {n for n, v in vars(kind).items() if isinstance(v, property)}
        return found

    def moment_only(self, predicate: Predicate) -> bool:
        """Whether ``predicate`` reads nothing but the phase and what stays fixed."""
        reads_action, names = _reads(predicate)
        members = {p.name for p in self.phases}
        return not reads_action and "phase" in names and names <= self.fixed | {"phase"} | members

    def kinds(self) -> list[tuple[str, tuple[tuple[str, Predicate], ...]]]:
        """Each action kind's JSON name and table, in canonical order."""
        names = self.family.json.ACTION_TYPES
        return [(names[kind], tuple(self.family.rules[kind])) for kind in self.family.action_types]


def _table(rows: Iterable[tuple[str, Predicate]]) -> list[str]:
    lines = ["| # | rule | what the row checks (the engine's words) |", "|---|---|---|"]
    for number, (rule_id, predicate) in enumerate(rows, 1):
        lines.append(f"| {number} | `{rule_id}` | {described(predicate)} |")
    return lines


def _moments(family: Family, state: Any) -> list[list[str]]:
    """For each action kind, per phase, the rules of the moment that fail in it."""
    rows = []
    for name, table in family.kinds():
        cells = []
        for phase in family.phases:
            at = replace(state, phase=phase)
            failing = [
                f"`{rule_id}`"
                for rule_id, predicate in table
                if family.moment_only(predicate) and not predicate(at, None)
            ]
            cells.append(", ".join(failing) or "allowed")
        rows.append([f"`{name}`", *cells])
    return rows


def _moment_tables(family: Family) -> list[str]:
    """The wrong-moment table, once per group of configurations in which it is the same."""
    groups: list[tuple[list[str], list[list[str]]]] = []
    for options, state in family.configs:
        rows = _moments(family, state)
        label = "no option" if not options else f"the option `{options[0]}`"
        for labels, shared in groups:
            if shared == rows:
                labels.append(label)
                break
        else:
            groups.append(([label], rows))
    header = "| action | " + " | ".join(f"`{p.value}`" for p in family.phases) + " |"
    lines: list[str] = []
    for labels, rows in groups:
        if len(groups) > 1:
            lines += [f"With {', '.join(labels)}:", ""]
        lines += [header, "|---|" + "---|" * len(family.phases)]
        lines += ["| " + " | ".join(row) + " |" for row in rows]
        lines.append("")
    return lines


def _source(family: Family) -> str:
    predicate = family.kinds()[0][1][0][1]
    module = inspect.getmodule(predicate)
    path = Path(module.__file__ if module and module.__file__ else "")
    try:
        return path.resolve().relative_to(ROOT).as_posix()
    except ValueError:
        return f"{predicate.__module__.replace('.', '/')}.py"


def render_family(name: str) -> str:
    """The page of the family ``name`` of the registry."""
    family = Family(name)
    kinds = family.kinds()
    actor = kinds[0][1][0][0]
    title = family.info.title
    lines = [
        f"# Precondition tables: {title}",
        "",
        "Generated by `tools/preconditions.py` from the engine's tables",
        f"(`{_source(family)}`); do not edit by hand. These tables are",
        f"normative for the `{name}` family as `spec/rules/preconditions.md` is for the",
        "classic family (`TURN-PRECONDITIONS`): an action of a kind breaks every rule of",
        "its kind's table whose condition it fails, and no other; that list, in table",
        "order, is what `violations` returns and what a rejection names (`PROTO-APPLY`,",
        "`PROTO-FAMILIES`; the suite compares it as a set). Every condition is asked",
        "whatever the others answer, and a rule may appear twice in one table when it",
        "checks two things (each row that fails names it; the rejection lists it once).",
        "The third column is the engine's own comment on the row.",
        "",
        "The JSON forms of the actions and the meaning of every state field are in",
        "[design.md](design.md).",
        "",
        "## The tables",
        "",
    ]
    for json_name, table in kinds:
        lines += [f"### `{json_name}`", "", *_table(table), ""]
    lines += [
        "## Actions at the wrong moment",
        "",
        "The rules of each table that read nothing but the phase (and what is fixed for",
        "the whole game, such as its options), and the phases in which they fail: the",
        "rule an action of the seat named `actor` breaks when it comes at the wrong",
        f"moment. An action of any other seat breaks `{actor}` as well (once the game",
        "is over `actor` is null, so every action does), and every other row of its",
        "table it fails: a card that is not in the hand, say, breaks its row in any phase.",
        "",
        *_moment_tables(family),
    ]
    return "\n".join(lines).rstrip("\n") + "\n"
