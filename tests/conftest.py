"""Shared test configuration: hypothesis profiles, and which fast engine is under test.

``--hypothesis-profile=deep`` (or HYPOTHESIS_PROFILE=deep) plays many more matches.
``MILLEBORNES_FAST_NATIVE=DIR`` runs the session against the mypyc-compiled fast engine
built in ``DIR`` (``benchmarks/native.py``) instead of the pure one: it is loaded here,
before any test imports ``millebornes.fast`` (``tests/fast/test_compiled.py`` uses it).
``MILLEBORNES_FS_FAST_NATIVE=DIR`` likewise loads the compiled Fun & Speed fast engine
(``benchmarks/native.py --family fun-speed-fast``; ``tests/fast/test_family_fast_compiled.py``),
and ``MILLEBORNES_AV_FAST_NATIVE=DIR`` the compiled As du Volant one
(``--family as-du-volant-fast``; ``tests/fast/test_family_fast_compiled.py``).
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

import pytest
from hypothesis import HealthCheck, settings

settings.register_profile(
    "quick",
    max_examples=4,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)
settings.register_profile(
    "deep",
    max_examples=60,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "quick"))

NATIVE = os.environ.get("MILLEBORNES_FAST_NATIVE")
if NATIVE:
    sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "benchmarks"))
    import native

    native.load(Path(NATIVE))

FS_NATIVE = os.environ.get("MILLEBORNES_FS_FAST_NATIVE")
if FS_NATIVE:
    sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "benchmarks"))
    import native

    native.load_family(native.TARGETS["fun-speed-fast"], Path(FS_NATIVE))

AV_NATIVE = os.environ.get("MILLEBORNES_AV_FAST_NATIVE")
if AV_NATIVE:
    sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "benchmarks"))
    import native

    native.load_family(native.TARGETS["as-du-volant-fast"], Path(AV_NATIVE))


def pytest_report_header() -> str:
    """Say which fast engine the session tests (a compiled run is checked for this line)."""
    from millebornes.fast import engine  # noqa: PLC0415  (after the compiled load above)
    from millebornes.fast.asduvolant import engine as av  # noqa: PLC0415
    from millebornes.fast.funspeed import engine as fs  # noqa: PLC0415

    return (
        f"fast engine: {'compiled' if NATIVE else 'pure'}, from {engine.__file__}; "
        f"Fun & Speed fast engine: {'compiled' if FS_NATIVE else 'pure'}, from {fs.__file__}; "
        f"As du Volant fast engine: {'compiled' if AV_NATIVE else 'pure'}, from {av.__file__}"
    )


@pytest.hookimpl(tryfirst=True)  # before xdist's own hook reads the groups
def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """Under pytest-xdist (``tools/test.sh`` runs ``-n auto --dist loadgroup``), keep the
    tests of the docs site on one worker: they share one build of ``docs/_build`` (made
    once per process by ``tests/docs/sitecheck.py``), and two workers building it at once
    would delete each other's pages."""
    docs = Path(__file__).resolve().parent / "docs"
    for item in items:
        if docs in Path(str(item.path)).parents:
            item.add_marker(pytest.mark.xdist_group("docs-site"))


@pytest.hookimpl(trylast=True)  # after xdist has added the groups to the node IDs
def pytest_collection_finish(session: pytest.Session) -> None:
    """Fail loudly if xdist stops grouping (as it silently does under pytest 9.2,
    pytest-xdist#1386): the docs-site tests would then build the site twice at once."""
    # An xdist worker has ``workerinput``; a pytest that a test starts in a subprocess
    # inherits the worker's environment but is no worker, and has no ``loadgroup``.
    if not hasattr(session.config, "workerinput"):
        return
    if not getattr(session.config.option, "loadgroup", False):
        return
    for item in session.items:
        if item.get_closest_marker("xdist_group") and "@" not in item.nodeid:
            raise pytest.UsageError(
                f"pytest-xdist did not group {item.nodeid}: pytest and pytest-xdist versions"
                " that keep --dist loadgroup working are pinned in pyproject.toml"
            )
