"""Mechanical mutation testing of a family's engine with cosmic-ray (issues 11 and 23).

    python tools/mechanical_mutants.py run [--family NAME] [--jobs 2] [--work DIR]
    python tools/mechanical_mutants.py report [--family NAME] [--work DIR] [--write FILE]
    python tools/mechanical_mutants.py relocate [--family NAME]

The deliberate mutants (tools/serve_mutant.py, conformance/strength.json) are bugs
someone chose; these are the ones nobody chose: cosmic-ray's operators (swapped
operators and comparisons, numbers changed, conditions negated, ``and`` for ``or``,
``break`` for ``continue``, …) applied one at a time to the family's modules
(:data:`MODULES`: those that hold its rules and transitions). A mutant is *killed* when
tools/suite_in_process.py (the family's conformance suite against the mutated engine,
in one process) fails or times out. ``--family`` is ``classic`` unless given; each
family's record is its own file (:func:`record_path`).

``run`` installs cosmic-ray into this Python if it is missing, clones the committed
HEAD once per job into ``--work`` (cosmic-ray edits the files it mutates in place),
shares the modules among the jobs, marks as skipped the mutants inside type
annotations (``from __future__ import annotations`` keeps those as strings nobody
evaluates: equivalent by construction), and runs the jobs side by side. On two cores
(measured at 713a251 and 00ea898) As du Volant's 2,041 mutants took 11 minutes, Fun &
Speed's 1,420 took 10, the classic family's 1,528 an hour (its suite is the longest, and
other work shared the cores). ``report`` prints, for every mutant that survived, its
place and its diff, and the counts; with ``--write`` it also writes the survivors,
keyed so they can be classified (conformance/mechanical.json keeps that
classification for the classic family, conformance/mechanical-<family>.json for the
others, each equivalent survivor with the reason it changes no behaviour).

``relocate`` brings a record's line numbers up to date after the modules were edited
without re-running the mutants: a survivor whose removed line is found once,
unchanged, in the function the record names gets that line's number; one whose line
was rewritten or removed keeps its old number (its replay skips, asking for a new
run). It says how many moved and how many are gone, and notes both in the record
(``relocated``), beside the commit of the run itself.
"""

from __future__ import annotations

import argparse
import ast
import importlib.util
import json
import shutil
import sqlite3
import subprocess
import sys
from collections import Counter
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[2]
CLASSIC = "classic"
_FAMILIES = "reference/millebornes/families"
MODULES = {
    CLASSIC: (
        f"{_FAMILIES}/classic/engine.py",
        f"{_FAMILIES}/classic/rules.py",
        f"{_FAMILIES}/classic/scoring.py",
        f"{_FAMILIES}/classic/edition.py",
    ),
    # the transitions, the precondition tables, the routes on the board (and the board
    # file's checks, which the board-file cases judge) and the score sheet
    "as-du-volant": (
        f"{_FAMILIES}/asduvolant/engine.py",
        f"{_FAMILIES}/asduvolant/rules.py",
        f"{_FAMILIES}/asduvolant/track.py",
        f"{_FAMILIES}/asduvolant/scoring.py",
    ),
    # the transitions, the precondition tables and the plays both read (FS-DISCARD-FORCED)
    "fun-speed": (
        f"{_FAMILIES}/funspeed/engine.py",
        f"{_FAMILIES}/funspeed/rules.py",
        f"{_FAMILIES}/funspeed/plays.py",
    ),
}
"""Each family's mutated modules, the largest first (:func:`shares`)."""
COSMIC_RAY = "cosmic-ray==8.7.0"
TIMEOUT = 120.0
"""Seconds per mutant: a whole suite takes about 15 s; a mutant that loops is killed."""


def shares(family: str, jobs: int) -> list[list[str]]:
    """The family's modules split among ``jobs`` sessions, about as many mutants each
    (engine.py has about as many as the others together)."""
    modules = MODULES[family]
    if jobs <= 1:
        return [list(modules)]
    return [[modules[0]], list(modules[1:])]


def record_path(family: str) -> Path:
    """Where the family's record is: conformance/mechanical.json for the classic family
    (the first one), conformance/mechanical-<family>.json for the others."""
    name = "mechanical.json" if family == CLASSIC else f"mechanical-{family}.json"
    return ROOT / "conformance" / name


def annotation_spans(path: Path) -> list[tuple[tuple[int, int], tuple[int, int]]]:
    """Where the type annotations of a module are: ((line, column), (end line, end column))."""
    spans = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        annotations: list[ast.expr | None] = []
        if isinstance(node, ast.arg):
            annotations.append(node.annotation)
        elif isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
            annotations.append(node.returns)
        elif isinstance(node, ast.AnnAssign):
            annotations.append(node.annotation)
        for found in annotations:
            if found is not None and found.end_lineno is not None:
                end = (found.end_lineno, found.end_col_offset or 0)
                spans.append(((found.lineno, found.col_offset), end))
    return spans


def in_annotation(row: int, col: int, spans: list[tuple[tuple[int, int], tuple[int, int]]]) -> bool:
    return any(start <= (row, col) < end for start, end in spans)


def skip_annotations(clone: Path, session: Path) -> int:
    """Mark the mutants that lie inside a type annotation as skipped; how many there were.
    (The session is cosmic-ray's SQLite file; it stores each outcome by its enum name.)"""
    spans: dict[str, list[tuple[tuple[int, int], tuple[int, int]]]] = {}
    skipped = []
    with sqlite3.connect(session) as db:
        query = "SELECT job_id, module_path, start_pos_row, start_pos_col FROM mutation_specs"
        for job_id, module, row, col in db.execute(query).fetchall():
            if module not in spans:
                spans[module] = annotation_spans(clone / module)
            if in_annotation(row, col, spans[module]):
                skipped.append((job_id,))
        db.executemany(
            "INSERT INTO work_results (job_id, worker_outcome, output) "
            "VALUES (?, 'SKIPPED', 'annotation')",
            skipped,
        )
    return len(skipped)


def config(clone: Path, modules: list[str], family: str) -> str:
    # the clone's own packages, devtools too: the .venv's path file names another checkout's
    paths = ":".join(str(clone / package) for package in ("reference", "invariants", "devtools"))
    # No bytecode: a mutant written within the same second as the last must not reuse it.
    python = f"env PYTHONDONTWRITEBYTECODE=1 PYTHONPATH={paths} {sys.executable}"
    command = f"{python} tools/suite_in_process.py --family {family}"
    return "\n".join(
        [
            "[cosmic-ray]",
            f"module-path = {json.dumps(modules)}",
            f"timeout = {TIMEOUT}",
            "excluded-modules = []",
            f"test-command = {json.dumps(command)}",
            "",
            "[cosmic-ray.distributor]",
            'name = "local"',
            "",
        ]
    )


def run(work: Path, jobs: int, family: str) -> int:
    if importlib.util.find_spec("cosmic_ray") is None:
        subprocess.run([sys.executable, "-m", "pip", "install", "-q", COSMIC_RAY], check=True)
    work.mkdir(parents=True, exist_ok=True)
    head = subprocess.run(
        ["git", "rev-parse", "HEAD"], cwd=ROOT, check=True, capture_output=True, text=True
    ).stdout.strip()
    started = []
    for job, modules in enumerate(shares(family, jobs)):
        clone = work / f"clone{job}"
        subprocess.run(["rm", "-rf", str(clone)], check=True)
        subprocess.run(["git", "clone", "-q", str(ROOT), str(clone)], check=True)
        subprocess.run(["git", "checkout", "-q", head], cwd=clone, check=True)
        settings = config(clone, modules, family)
        (work / f"session{job}.toml").write_text(settings, encoding="utf-8")
        session = work / f"session{job}.sqlite"
        session.unlink(missing_ok=True)
        cosmic = [sys.executable, "-m", "cosmic_ray.cli"]
        subprocess.run(
            [*cosmic, "init", str(work / f"session{job}.toml"), str(session)], cwd=clone, check=True
        )
        print(
            f"job {job}: {', '.join(modules)}; {skip_annotations(clone, session)} "
            "mutants inside annotations skipped",
            flush=True,
        )
        log = (work / f"session{job}.log").open("w")
        started.append(
            subprocess.Popen(
                [*cosmic, "exec", str(work / f"session{job}.toml"), str(session)],
                cwd=clone,
                stdout=log,
                stderr=subprocess.STDOUT,
            )
        )
    codes = [process.wait() for process in started]
    print(f"done at {head[:7]}; exit codes {codes}")
    return max(codes, default=0)


def outcomes(work: Path) -> tuple[Counter[str], list[dict[str, Any]]]:
    """The count of each outcome, and every mutant that survived (its place and diff)."""
    counts: Counter[str] = Counter()
    survivors: list[dict[str, Any]] = []
    for session in sorted(work.glob("session*.sqlite")):
        with sqlite3.connect(session) as db:
            rows = db.execute(
                "SELECT s.module_path, s.operator_name, s.start_pos_row, s.definition_name,"
                " r.worker_outcome, r.test_outcome, r.output, r.diff"
                " FROM mutation_specs s LEFT JOIN work_results r ON s.job_id = r.job_id"
            ).fetchall()
        for module, operator, row, definition, worker, test, output, diff in rows:
            if worker is None:
                counts["not run"] += 1
            elif worker == "SKIPPED":
                counts[f"skipped ({output})"] += 1
            elif worker != "NORMAL":
                counts[f"worker {worker}"] += 1
            else:
                counts[test.lower()] += 1
            if test == "SURVIVED":
                survivors.append(
                    {
                        "module": module,
                        "line": row,
                        "function": definition,
                        "operator": operator.removeprefix("core/"),
                        "diff": _changed_lines(diff),
                    }
                )
    return counts, survivors


def mutated_modules(work: Path) -> set[str]:
    """The modules the sessions in ``work`` mutate."""
    found: set[str] = set()
    for session in work.glob("session*.sqlite"):
        with sqlite3.connect(session) as db:
            rows = db.execute("SELECT DISTINCT module_path FROM mutation_specs").fetchall()
        found.update(module for (module,) in rows)
    return found


def _changed_lines(diff: str) -> list[str]:
    """The lines a unified diff takes out and puts in (no headers, no context)."""
    return [
        line.rstrip()
        for line in diff.splitlines()
        if line[:1] in "+-" and not line.startswith(("+++", "---"))
    ]


RECORD_FORMAT = "millebornes-mechanical-mutants/1"
VERDICTS = ("equivalent", "outside the protocol", "missing case")
"""What a survivor is: a change no behaviour shows (``reason`` names why, from the
record's ``reasons``; ``note`` adds what is particular to it); a change in a function
of the Python API that no protocol request reaches (``tests``: the pytest tests that
kill it); or a behaviour the suite did not pin (``cases``: the cases added since, which
kill it now)."""


def _key(survivor: dict[str, Any]) -> tuple[str, str, str, tuple[str, ...]]:
    return survivor["module"], survivor["function"], survivor["operator"], tuple(survivor["diff"])


def report(work: Path, write: Path | None, family: str) -> int:
    if not any(work.glob("session*.sqlite")):
        sys.exit(f"no cosmic-ray session in {work}: run `mechanical_mutants.py run` first")
    stray = sorted(mutated_modules(work) - set(MODULES[family]))
    if stray:  # a record of one family must not be written from another's run
        sys.exit(f"{work} holds a run over {stray[0]}, not one of {family}'s modules")
    counts, survivors = outcomes(work)
    for survivor in survivors:
        print(
            f"{survivor['module']}:{survivor['line']} {survivor['function']} {survivor['operator']}"
        )
        for line in survivor["diff"]:
            print(f"    {line}")
    for outcome, n in sorted(counts.items()):
        print(f"{outcome}: {n}")
    judged = counts["killed"] + counts["survived"]
    if judged:
        print(
            f"killed {counts['killed']} of {judged} run ({100 * counts['killed'] / judged:.1f} %)"
        )
    if write is not None:
        # Keep the classification of every survivor the file already has.
        old = json.loads(write.read_text(encoding="utf-8")) if write.exists() else {}
        known = {_key(s): s for s in old.get("survivors", [])}
        verdicts = ("verdict", "reason", "note", "tests", "cases")
        for survivor in survivors:
            before = known.get(_key(survivor), {})
            survivor.update({k: before[k] for k in verdicts if k in before})
        head = subprocess.run(
            ["git", "rev-parse", "HEAD"],
            cwd=next(work.glob("clone*")),
            check=True,
            capture_output=True,
            text=True,
        ).stdout.strip()
        record = {
            "format": RECORD_FORMAT,
            "tool": COSMIC_RAY,
            "commit": head,
            "modules": list(MODULES[family]),
            "counts": dict(sorted(counts.items())),
            "reasons": old.get("reasons", {}),
            "survivors": survivors,
        }
        write.write_text(json.dumps(record, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
    return 0


def definition_spans(path: Path) -> dict[str, list[tuple[int, int]]]:
    """Where each function, method or class of a module is, by name (cosmic-ray names a
    mutant's place so): its first line (its first decorator's) and its last."""
    spans: dict[str, list[tuple[int, int]]] = {}
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            first = min([node.lineno, *(d.lineno for d in node.decorator_list)])
            spans.setdefault(node.name, []).append((first, node.end_lineno or node.lineno))
    return spans


def relocate(family: str) -> int:
    """Update the line numbers of the family's record to today's modules (module doc)."""
    path = record_path(family)
    record = json.loads(path.read_text(encoding="utf-8"))
    moved = gone = 0
    texts: dict[str, list[str]] = {}
    functions: dict[str, dict[str, list[tuple[int, int]]]] = {}
    for survivor in record["survivors"]:
        module = survivor["module"]
        if module not in texts:
            texts[module] = (ROOT / module).read_text(encoding="utf-8").split("\n")
            functions[module] = definition_spans(ROOT / module)
        lines = texts[module]
        removed = next(line[1:] for line in survivor["diff"] if line.startswith("-"))
        # Only inside the function the record names (None: the module's top level, which
        # the whole module stands for): the same text elsewhere is another line, whose
        # survivor's verdict would not carry over.
        whole = [(1, len(lines))]
        name = survivor["function"]
        spans = whole if name is None else functions[module].get(name, [])
        places = [
            number
            for first, last in spans
            for number in range(first, last + 1)
            if lines[number - 1].rstrip() == removed
        ]
        if survivor["line"] in places:
            continue
        if len(places) == 1:
            survivor["line"] = places[0]
            moved += 1
        else:
            gone += 1
    head = subprocess.run(
        ["git", "rev-parse", "HEAD"], cwd=ROOT, check=True, capture_output=True, text=True
    ).stdout.strip()
    record["relocated"] = {"commit": head, "moved": moved, "gone": gone}
    path.write_text(json.dumps(record, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
    print(f"{path.name}: {moved} survivors moved to their line at {head[:10]}; {gone} gone")
    if gone:
        print(f"their lines were rewritten or removed: mechanical_mutants.py run --family {family}")
    return 0


def mutate(survivor: dict[str, Any], into: Path) -> None:
    """Write into ``into`` a copy of the engine's packages (``reference/``, ``invariants/``,
    with links to the data folders they read) with ``survivor``'s change made: its
    removed line, found nearest its recorded line, becomes its added line. Put
    ``into/reference`` and ``into/invariants`` first on PYTHONPATH to run the mutant."""
    for package in ("reference", "invariants"):
        shutil.copytree(ROOT / package, into / package, ignore=shutil.ignore_patterns("*.pyc"))
    for data in ("spec", "conformance"):  # found next to the package, as in a checkout
        (into / data).symlink_to(ROOT / data)
    path = into / survivor["module"]
    lines = path.read_text(encoding="utf-8").split("\n")
    removed = [line[1:] for line in survivor["diff"] if line.startswith("-")]
    added = [line[1:] for line in survivor["diff"] if line.startswith("+")]
    if len(removed) != 1 or len(added) != 1:
        raise ValueError(f"{survivor['module']}:{survivor['line']}: not a one-line change")
    places = [i for i, line in enumerate(lines) if line.rstrip() == removed[0]]
    if not places:
        raise ValueError(
            f"{survivor['module']}: {removed[0].strip()!r} is no longer there: "
            "the module changed since the run, run it again"
        )
    nearest = min(places, key=lambda i: abs(i + 1 - survivor["line"]))
    lines[nearest] = added[0]
    path.write_text("\n".join(lines), encoding="utf-8")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("command", choices=("run", "report", "relocate"))
    parser.add_argument("--family", choices=sorted(MODULES), default=CLASSIC)
    parser.add_argument(
        "--work",
        type=Path,
        help="scratch folder for the clones and sessions "
        "(/tmp/mechanical-mutants, with -<family> for a family other than classic)",
    )
    parser.add_argument("--jobs", type=int, choices=(1, 2), default=2)
    parser.add_argument("--write", type=Path, help="report: write the survivors as JSON here")
    args = parser.parse_args(argv)
    if args.write is not None and not args.write.parent.is_dir():
        parser.error(f"--write: no folder {args.write.parent}")
    default = "mechanical-mutants" + ("" if args.family == CLASSIC else f"-{args.family}")
    work = (args.work or Path("/tmp") / default).resolve()
    if args.command == "run":
        return run(work, args.jobs, args.family)
    if args.command == "relocate":
        return relocate(args.family)
    return report(work, args.write, args.family)
