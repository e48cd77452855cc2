"""The fuzz tests' figures, printed at the end of the session (inputs tried, accepted,
refused, escapes, accepted states breaking an invariant)."""

from __future__ import annotations

import pytest
from fuzz_support import TALLY


def pytest_terminal_summary(terminalreporter: pytest.TerminalReporter) -> None:
    for target, counts in sorted(TALLY.items()):
        figures = ", ".join(
            f"{name} {counts[name]}"
            for name in ("tried", "accepted", "refused", "escapes", "broken")
        )
        terminalreporter.write_line(f"fuzz {target}: {figures}")
