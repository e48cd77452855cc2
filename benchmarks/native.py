"""The fast engine compiled to C with mypyc: an opt-in build, never part of the package.

mypyc (it ships with mypy) compiles the very source files of the pure fast engine,
``reference/millebornes/fast/engine.py`` and ``tables.py``, into C extension modules;
there is no second copy of the engine to keep in step. The build goes to a folder of
its own (``build/native`` by default, which git ignores), never into the source tree:
:func:`load` then puts the compiled modules in front of the pure ones for the process
that asks for them, so ``millebornes.fast.FastState`` is the compiled class there and
the pure one everywhere else.

A stamp beside the build records the sources it was compiled from (their SHA-256, the
Python and mypy versions); :func:`load` refuses a build whose stamp no longer matches,
so an edited engine is never measured or tested through a stale compilation.

``benchmarks/peers.py`` measures it as ``fast-compiled`` when it is built;
``tests/fast/test_compiled.py`` builds it in a temporary folder and runs the fast
engine's differential test against the reference, and the conformance suite, through it.
``--serve`` serves the conformance protocol with an existing build instead of building
(``millebornes.fast.serve`` on the compiled engine).

``--family fun-speed`` compiles instead the Fun & Speed reference's own hot modules (its
transitions, precondition tables, plays, state, actions, cards and the shared action
instances, with the core helpers they call) into ``build/native-funspeed``, with the same
stamp and the same refusal of a stale build; :func:`load_family` puts them in front of
the pure ones. ``benchmarks/family_speed.py --compiled`` measures it and
``tests/funspeed/test_compiled.py`` checks it against the pure engine.

    python benchmarks/native.py [--build-dir build/native]
``--family fun-speed-fast`` compiles the Fun & Speed fast engine
(``reference/millebornes/fast/funspeed/engine.py`` and ``tables.py``) into
``build/native-funspeed-fast``, loaded the same way by :func:`load_family`;
``benchmarks/family_speed.py --compiled`` measures it as "fun-speed fast compiled";
``--family as-du-volant-fast`` does the same for the As du Volant fast engine
(``reference/millebornes/fast/asduvolant/``, into ``build/native-asduvolant-fast``).

    python benchmarks/native.py --family fun-speed [--build-dir build/native-funspeed]
    python benchmarks/native.py --family fun-speed-fast
    python benchmarks/native.py --family as-du-volant-fast
    millebornes conformance run --engine "python benchmarks/native.py --serve"
"""

from __future__ import annotations

import argparse
import contextlib
import hashlib
import importlib
import importlib.machinery
import importlib.util
import platform
import shutil
import sys
import sysconfig
from dataclasses import dataclass
from pathlib import Path
from types import ModuleType
from typing import TYPE_CHECKING

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tools"))
import project_python  # noqa: F401  (re-executes under .venv/bin/python if needed)

if TYPE_CHECKING:
    from millebornes.fast import FastState

ROOT = Path(__file__).resolve().parents[1]
REFERENCE = ROOT / "reference"
FAST = REFERENCE / "millebornes" / "fast"
SOURCES = (FAST / "engine.py", FAST / "tables.py")
"""What is compiled. ``errors.py`` stays pure: mypyc cannot compile its exception class."""
DEFAULT_BUILD = ROOT / "build" / "native"
STAMP = "SOURCES.stamp"


@dataclass(frozen=True)
class Target:
    """One set of source files compiled together, and where its build goes by default."""

    name: str
    sources: tuple[Path, ...]
    default_build: Path

    def modules(self) -> tuple[str, ...]:
        """The dotted names of the compiled modules."""
        return tuple(".".join(p.relative_to(REFERENCE).with_suffix("").parts) for p in self.sources)


FUNSPEED_MODULES = ("engine", "rules", "plays", "state", "shared", "actions", "cards")
"""The Fun & Speed modules an action goes through (``apply`` and ``legal_actions``)."""
_FS = REFERENCE / "millebornes" / "families" / "funspeed"
_CORE = REFERENCE / "millebornes" / "core"
TARGETS = {
    "fast": Target("fast", SOURCES, DEFAULT_BUILD),
    "fun-speed": Target(
        "fun-speed",
        tuple(_FS / f"{name}.py" for name in FUNSPEED_MODULES)
        + tuple(_CORE / f"{name}.py" for name in ("preconditions", "tuples", "checks")),
        ROOT / "build" / "native-funspeed",
    ),
    "fun-speed-fast": Target(
        "fun-speed-fast",
        (FAST / "funspeed" / "engine.py", FAST / "funspeed" / "tables.py"),
        ROOT / "build" / "native-funspeed-fast",
    ),
    "as-du-volant-fast": Target(
        "as-du-volant-fast",
        (FAST / "asduvolant" / "engine.py", FAST / "asduvolant" / "tables.py"),
        ROOT / "build" / "native-asduvolant-fast",
    ),
}
"""What ``--family`` builds: the classic fast engine (``fast``, the default) or a family's
reference modules. The other modules of the family (JSON, validation, the family object)
stay pure and use the compiled ones."""


class NativeUnavailable(Exception):
    """The compiled engine cannot be built or loaded here; the message says why."""


def stamp(target: Target = TARGETS["fast"]) -> str:
    """What a build depends on: the sources' digests, the Python and the mypy versions."""
    from mypy.version import __version__ as mypy_version  # noqa: PLC0415

    lines = [f"python {platform.python_version()} {sysconfig.get_platform()}"]
    lines.append(f"mypy {mypy_version}")
    lines += [f"{hashlib.sha256(p.read_bytes()).hexdigest()}  {p.name}" for p in target.sources]
    return "\n".join(lines) + "\n"


def unavailable() -> str | None:
    """Why a build is impossible on this machine, or None when it is possible."""
    compiler = (sysconfig.get_config_var("CC") or "cc").split()[0]
    if shutil.which(compiler) is None:
        return f"no C compiler: {compiler!r} (the compiler Python was built with) is not found"
    headers = Path(sysconfig.get_paths()["include"]) / "Python.h"
    if not headers.is_file():
        return f"no Python headers: {headers} is missing (install the python3-dev package)"
    for module in ("mypyc", "setuptools"):
        if importlib.util.find_spec(module) is None:
            return f"{module} is not installed (bash tools/setup.sh installs the dev tools)"
    return None


def build(out: Path = DEFAULT_BUILD, target: Target = TARGETS["fast"]) -> Path:
    """Compile ``target`` (the fast engine by default) into ``out``; return the folder to
    hand to :func:`load` or :func:`load_family`."""
    reason = unavailable()
    if reason:
        raise NativeUnavailable(reason)
    from mypyc.build import mypycify  # noqa: PLC0415
    from setuptools import setup  # noqa: PLC0415

    out = out.resolve()
    lib = out / "lib"
    shutil.rmtree(lib, ignore_errors=True)  # no module of an older build survives
    # mypy reads the project's configuration (mypy_path) from the repository root ...
    with contextlib.chdir(ROOT):
        extensions = mypycify(
            [str(p) for p in target.sources], opt_level="3", target_dir=str(out / "c")
        )
    # ... but setuptools must not see the project's pyproject.toml: build from ``out``.
    out.mkdir(parents=True, exist_ok=True)
    with contextlib.chdir(out):
        setup(
            name=f"millebornes-{target.name}-compiled",
            ext_modules=extensions,
            script_args=["--quiet", "build_ext", "--build-lib", str(lib), "--build-temp", "temp"],
        )
    (lib / STAMP).write_text(stamp(target), encoding="utf-8")
    return lib


def check(lib: Path, target: Target = TARGETS["fast"]) -> str | None:
    """Why ``lib`` is not a usable build of the current sources, or None when it is."""
    command = "benchmarks/native.py" + ("" if target.name == "fast" else f" --family {target.name}")
    written = lib / STAMP
    if not written.is_file():
        return f"not built in {lib} (python {command} builds it)"
    if written.read_text(encoding="utf-8") != stamp(target):
        return f"the build in {lib} is stale: the sources changed (rebuild: {command})"
    return None


def load(lib: Path = DEFAULT_BUILD / "lib") -> type[FastState]:
    """Make ``millebornes.fast`` this process's compiled engine and return its FastState.

    Must run before anything imports ``millebornes.fast``: one process holds one engine.
    The package is the source one, but its search path lists the build first, so
    ``engine`` and ``tables`` come from the build and ``errors`` from the sources.
    """
    reason = check(lib)
    if reason:
        raise NativeUnavailable(reason)
    if "millebornes.fast" in sys.modules:
        raise NativeUnavailable("millebornes.fast is already imported in this process")
    sys.path.insert(0, str(lib))  # mypyc's shared runtime library is a top-level module
    name = "millebornes.fast"
    spec = importlib.util.spec_from_file_location(
        name,
        FAST / "__init__.py",
        submodule_search_locations=[str(lib / "millebornes" / "fast"), str(FAST)],
    )
    assert spec is not None and spec.loader is not None
    package = importlib.util.module_from_spec(spec)
    sys.modules[name] = package
    spec.loader.exec_module(package)
    engine = sys.modules[f"{name}.engine"]
    if Path(engine.__file__ or "").suffix == ".py":
        raise NativeUnavailable(f"{name}.engine was loaded from its source, not from {lib}")
    compiled: type[FastState] = package.FastState
    return compiled


class _BuildFinder:
    """Finds the compiled modules of one build before the path finder finds their sources."""

    def __init__(self, lib: Path, modules: tuple[str, ...]) -> None:
        self.lib = lib
        self.modules = frozenset(modules)

    def find_spec(
        self, fullname: str, path: object = None, target: ModuleType | None = None
    ) -> importlib.machinery.ModuleSpec | None:
        if fullname not in self.modules:
            return None
        folder = self.lib.joinpath(*fullname.split(".")[:-1])
        return importlib.machinery.PathFinder.find_spec(fullname, [str(folder)])


def load_family(target: Target, lib: Path | None = None) -> None:
    """Make ``target``'s modules this process's compiled ones (a family's build).

    Must run before anything imports them: one process holds one engine. The packages
    stay the source ones; an import finder placed first hands out the compiled module for
    each name the build holds, so everything else of the family comes from the sources.
    """
    lib = target.default_build / "lib" if lib is None else lib
    reason = check(lib, target)
    if reason:
        raise NativeUnavailable(reason)
    loaded = [name for name in target.modules() if name in sys.modules]
    if loaded:
        raise NativeUnavailable(f"{loaded[0]} is already imported in this process")
    sys.path.insert(0, str(lib))  # mypyc's shared runtime library is a top-level module
    sys.meta_path.insert(0, _BuildFinder(lib, target.modules()))
    first = importlib.import_module(target.modules()[0])
    if Path(first.__file__ or "").suffix == ".py":
        raise NativeUnavailable(f"{first.__name__} was loaded from its source, not from {lib}")


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument(
        "--family",
        choices=sorted(TARGETS),
        default="fast",
        help="what to compile: the classic fast engine (default) or a family's reference",
    )
    parser.add_argument("--build-dir", type=Path, default=None)
    parser.add_argument(
        "--serve", action="store_true", help="serve the conformance protocol with the build"
    )
    options = parser.parse_args()
    target = TARGETS[options.family]
    out = target.default_build if options.build_dir is None else options.build_dir
    if options.serve:
        if target.name != "fast":
            parser.error("--serve serves the classic fast engine only")
        try:
            load(out / "lib")
        except NativeUnavailable as error:
            sys.exit(f"cannot load the compiled fast engine: {error}")
        from millebornes.fast.serve import main as serve  # noqa: PLC0415  (after the load)

        sys.exit(serve([]))
    try:
        lib = build(out, target)
    except NativeUnavailable as error:
        sys.exit(f"cannot build the compiled {target.name} engine: {error}")
    print(f"compiled {target.name} engine built in {lib}")


if __name__ == "__main__":
    main()
