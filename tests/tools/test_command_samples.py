"""The outputs shown for play, referee, explain, editions and simulate in the README and
docs/tools.md are what those commands print today (``tools/command_samples.py``)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

from transcript_support import ROOT

SAMPLED = ("README.md", "docs/tools.md")


def test_shown_outputs_are_current() -> None:
    result = subprocess.run(
        [sys.executable, str(ROOT / "tools" / "command_samples.py"), "--check", *SAMPLED],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=600,
        check=False,
    )
    assert result.returncode == 0, (
        "refresh with `.venv/bin/python tools/command_samples.py README.md docs/tools.md`:\n"
        + result.stderr
    )
    assert result.stdout.strip() == "every sample is current"


def test_the_sample_checker_sees_a_wrong_output(tmp_path: Path) -> None:
    page = tmp_path / "page.md"
    page.write_text("```console\n$ echo one; echo two; echo three\none\n...\nthree\n```\n")
    checker = [sys.executable, str(ROOT / "tools" / "command_samples.py")]
    ok = subprocess.run([*checker, "--check", str(page)], capture_output=True, check=False)
    assert ok.returncode == 0
    page.write_text("```console\n$ echo one; echo two\none\nthree\n```\n")
    bad = subprocess.run([*checker, "--check", str(page)], capture_output=True, check=False)
    assert bad.returncode == 1
    subprocess.run([*checker, str(page)], capture_output=True, check=True)
    assert page.read_text() == "```console\n$ echo one; echo two\none\ntwo\n```\n"
