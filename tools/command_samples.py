"""Run the shell commands shown in Markdown and check (or refresh) the output shown.

A ``console`` block holds commands (lines starting ``$ ``), each followed by the
output it prints. A line ``...`` stands for any number of lines: a sample shows the
head and the tail of a long output. Commands run in order, with bash, in one
scratch directory per file where ``.venv`` points at the repository's, so that
``.venv/bin/millebornes ...`` works as a reader at the repository root types it.

    .venv/bin/python tools/command_samples.py --check README.md docs/tools.md
    .venv/bin/python tools/command_samples.py README.md docs/tools.md   # refresh outputs
"""

from __future__ import annotations

import argparse
import re
import subprocess
import sys
import tempfile
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
BLOCK = re.compile(r"^```console\n(.*?)^```", re.S | re.M)
GAP = "..."


@dataclass
class Sample:
    command: str
    shown: list[str]
    start: int
    """Offset in the file of the first line of the shown output."""
    end: int


def samples(text: str) -> list[Sample]:
    found: list[Sample] = []
    for block in BLOCK.finditer(text):
        offset = block.start(1)
        current: Sample | None = None
        for line in block.group(1).splitlines(keepends=True):
            if line.startswith("$ "):
                current = Sample(line[2:].strip(), [], offset + len(line), offset + len(line))
                found.append(current)
            elif current is not None:
                current.shown.append(line.rstrip("\n"))
                current.end = offset + len(line)
            offset += len(line)
    return found


def matches(shown: list[str], actual: list[str]) -> bool:
    """``shown`` equals ``actual``, a ``...`` line matching any run of lines."""
    if GAP not in shown:
        return shown == actual
    cut = shown.index(GAP)
    head, rest = shown[:cut], shown[cut + 1 :]
    if actual[:cut] != head:
        return False
    return any(matches(rest, actual[i:]) for i in range(cut, len(actual) + 1))


def refreshed(shown: list[str], actual: list[str]) -> list[str]:
    """The actual output, cut as the shown one was: as many lines before the first gap and
    after the last one (what was shown between gaps is dropped)."""
    if GAP not in shown:
        return actual
    cut = shown.index(GAP)
    tail = shown[::-1].index(GAP)  # lines after the last gap
    return actual[:cut] + [GAP] + (actual[-tail:] if tail else [])


def run(command: str, cwd: Path) -> list[str]:
    # One stream, as a terminal shows it: error lines where they come.
    result = subprocess.run(
        ["bash", "-c", command],
        cwd=cwd,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
        timeout=300,
        check=False,
    )
    return result.stdout.splitlines()


def process(path: Path, check: bool) -> list[str]:
    """Problems found (with ``check``), else rewrite ``path`` with the actual outputs."""
    text = path.read_text(encoding="utf-8")
    problems: list[str] = []
    pieces: list[str] = []
    done = 0
    with tempfile.TemporaryDirectory() as scratch:
        (Path(scratch) / ".venv").symlink_to(ROOT / ".venv")
        for sample in samples(text):
            actual = run(sample.command, Path(scratch))
            if not matches(sample.shown, actual):
                problems.append(f"{path.name}: `{sample.command}` printed:\n" + "\n".join(actual))
            lines = refreshed(sample.shown, actual)
            pieces += [text[done : sample.start], "".join(line + "\n" for line in lines)]
            done = sample.end
    if not check:
        path.write_text("".join(pieces) + text[done:], encoding="utf-8")
    return problems


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("files", nargs="+", type=Path)
    parser.add_argument("--check", action="store_true", help="compare, write nothing")
    args = parser.parse_args()
    problems = [problem for path in args.files for problem in process(path, args.check)]
    for problem in problems:
        print(problem, file=sys.stderr)
    if args.check:
        print(f"{len(problems)} sample(s) differ" if problems else "every sample is current")
    return 1 if problems and args.check else 0


if __name__ == "__main__":
    sys.exit(main())
