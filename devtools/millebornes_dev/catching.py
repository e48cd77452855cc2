"""Does the net catch the fish? Run the invariant state machine against a mutant.

:func:`catch` builds the family object of one classic mutant (:mod:`.classic`), then runs
the state machine of :mod:`millebornes_invariants.machine`, playing that object, over
configurations, in order, until a net fails; it reports which nets caught the
bug and how many steps the counterexample takes (after hypothesis has shrunk it,
when shrinking is on). Runs are derandomized, so a catch is reproducible.
"""

from __future__ import annotations

import time
from collections.abc import Sequence
from contextlib import redirect_stdout
from dataclasses import dataclass, field
from io import StringIO
from typing import Any

from hypothesis import Phase as HypothesisPhase
from hypothesis.stateful import run_state_machine_as_test

from millebornes_dev.classic import family_of
from millebornes_invariants.configurations import Configuration, label
from millebornes_invariants.machine import (
    LAST_FAILURE,
    Depth,
    MachineFailure,
    machine_for,
    machine_settings,
)


@dataclass(frozen=True, slots=True)
class Catch:
    mutant: str
    caught: bool
    configuration: str = ""
    nets: tuple[str, ...] = ()
    """The nets that failed at the counterexample's last step."""
    steps: int = 0
    """Length of the counterexample, in actions."""
    seconds: float = 0.0
    problems: tuple[str, ...] = ()
    transcript: tuple[str, ...] = field(default=())


def net_of(problem: str) -> str:
    """The name of the net that reported ``problem`` (its prefix)."""
    return problem.split(":", 1)[0].strip()


def _run(configuration: Configuration, depth: Depth, shrink: bool, family: Any) -> None:
    phases = [HypothesisPhase.generate]
    if shrink:
        phases.append(HypothesisPhase.shrink)
    run_state_machine_as_test(
        machine_for(configuration, depth, family),
        settings=machine_settings(depth, phases=phases, derandomize=True, database=None),
    )


def catch(
    name: str, configurations: Sequence[Configuration], depth: Depth, *, shrink: bool = False
) -> Catch:
    """Run the machine playing mutant ``name`` on each configuration until something fails."""
    began = time.perf_counter()
    family = family_of(name)
    for configuration in configurations:
        LAST_FAILURE.clear()
        try:
            with redirect_stdout(StringIO()):  # hypothesis prints the failing run
                _run(configuration, depth, shrink, family)
        except MachineFailure:
            failure = LAST_FAILURE[0]
            nets = tuple(dict.fromkeys(net_of(p) for p in failure.problems))
            return Catch(
                name,
                True,
                label(configuration),
                nets,
                failure.steps,
                time.perf_counter() - began,
                tuple(failure.problems),
                tuple(failure.transcript),
            )
        except Exception as error:
            problem = f"crash: {type(error).__name__}: {error}"
            return Catch(
                name,
                True,
                label(configuration),
                ("crash",),
                0,
                time.perf_counter() - began,
                (problem,),
            )
    return Catch(name, False, seconds=time.perf_counter() - began)


SIX = (
    "third-200",
    "speed-limit-75",
    "hazard-on-stopped",
    "coup-fourre-skips-nobody",
    "discard-loses-card",
    "hand-refilled-to-7",
)
"""The rule bugs the invariant suite must catch (issue: invariants, part 4)."""


def catching_order(configurations: Sequence[Configuration]) -> list[Configuration]:
    """Configurations with three seats or more first: a coup-fourré that skips a seat
    needs one between the attacker and the answering player."""
    return sorted(configurations, key=lambda c: (c[1] < 3, c[1]))


def catch_job(job: tuple[str, tuple[Configuration, ...], Depth, bool]) -> Catch:
    """:func:`catch` with its arguments in one tuple: a job for a worker process."""
    name, configurations, depth, shrink = job
    return catch(name, configurations, depth, shrink=shrink)
