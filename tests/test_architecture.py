"""Import contracts: the layers of ``reference/millebornes`` and what each may import.

The engine is one core, three peer rule families and one API, with tools above it::

    apps                  cli, play, referee, demo, simulate, bots, live page, adapters
    conformance, fast     the suite (protocol, server, runner, generator); the fast engine
    API                   millebornes (the package), millebornes.api, millebornes.registry
    families              classic | funspeed | asduvolant, three peers
    core                  millebornes.core, millebornes._spec: errors, shuffle, spec index,
                          the family protocol, the JSON boundary

Forbidden, each checked by its own test below:

- an import circle between modules: a circle means neither side can be read, tested or
  replaced alone, and its import order decides whether it works at all;
- core importing anything of millebornes outside core: it is what every family builds
  on, so it names no family and knows nothing above it;
- a family importing another family, the API, conformance, fast or apps: the families
  are peers, each one complete with the core alone, so one can be removed or added
  without touching the others;
- the API layer importing anything but core and the families: it dispatches to the
  families, and the tools are built on it, not under it;
- conformance or fast importing apps, and anything outside apps importing apps: apps is
  the top floor, the only place that may use everything;
- anything under ``reference/`` importing a development package (millebornes_invariants,
  millebornes_dev, z3, hypothesis, cosmic_ray, pytest): the wheel ships ``reference/``
  alone and installs none of them (``tests/packaging/test_wheel.py`` plays every
  edition from it);
- a module that belongs to no layer: a new top-level module must be given one here.

How the graph is built. Every ``import`` and ``from … import`` counts, wherever it is
(inside a function, under ``if TYPE_CHECKING:``), and so does a call of
``importlib.import_module`` with a literal name. ``from a.b import c`` is an edge to the
module ``a.b.c`` when ``c`` is a submodule, else to ``a.b``; ``import a.b.c`` is an edge
to ``a.b.c``. An import is an edge to the module it names and to nothing else: Python
runs every enclosing package's ``__init__`` first, but that is not counted, or every
module would depend on ``millebornes/__init__.py`` (the API) and on the families'
``__init__`` re-exports, and every package would be a circle. So a package ``__init__``
importing its own submodules is an ordinary edge down, and a circle through an
``__init__`` appears only when a module really imports from a package whose ``__init__``
imports it back (``from millebornes.families.classic import State`` inside
``classic.engine``, say): that one is reported.
"""

from __future__ import annotations

import ast
from collections import defaultdict
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from functools import cache
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
REFERENCE = ROOT / "reference"
TOP = "millebornes"

CORE = "core"
API = "API"
FAMILIES = "families"  # the namespace package millebornes.families itself
FAMILY = "family "  # prefix: "family classic", "family funspeed", ...
CONFORMANCE, FAST, APPS = "conformance", "fast", "apps"
DEVELOPMENT = frozenset(
    {"millebornes_invariants", "millebornes_dev", "z3", "hypothesis", "cosmic_ray", "pytest"}
)


def module_name(path: Path, base: Path | None = None) -> str:
    """``reference/millebornes/core/errors.py`` -> ``millebornes.core.errors``."""
    parts = path.relative_to(base or REFERENCE).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def is_under(module: str, package: str) -> bool:
    return module == package or module.startswith(package + ".")


def layer(module: str) -> str | None:
    """The layer a module of millebornes belongs to (by name, so a missing one has one too)."""
    if is_under(module, f"{TOP}.core") or module == f"{TOP}._spec":
        return CORE
    if module in {TOP, f"{TOP}.api", f"{TOP}.registry"}:
        return API
    if module == f"{TOP}.families":
        return FAMILIES
    parts = module.split(".")
    if parts[:2] == [TOP, "families"]:
        return FAMILY + parts[2]
    for top in (CONFORMANCE, FAST, APPS):
        if is_under(module, f"{TOP}.{top}"):
            return top
    return None


@dataclass(frozen=True)
class Import:
    """One import statement's edge: ``source`` (at ``path:line``) imports ``target``."""

    source: str
    target: str
    path: Path
    line: int

    def __str__(self) -> str:
        where = self.path.relative_to(ROOT) if self.path.is_relative_to(ROOT) else self.path
        return f"{where}:{self.line}: {self.source} imports {self.target}"


def is_import_module(call: ast.Call) -> bool:
    func = call.func
    name = func.attr if isinstance(func, ast.Attribute) else getattr(func, "id", None)
    return name in {"import_module", "__import__"}


def imports_of(
    source: str, is_package: bool, tree: ast.AST, path: Path, modules: frozenset[str]
) -> Iterator[Import]:
    """The edges of one module, every import statement anywhere in it."""
    here = source.split(".") if is_package else source.split(".")[:-1]
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            for alias in node.names:
                yield Import(source, alias.name, path, node.lineno)
        elif isinstance(node, ast.ImportFrom):
            if node.level:  # relative: from . import x, from ..y import z
                base = here[: len(here) - node.level + 1]
                origin = ".".join(base + ([node.module] if node.module else []))
            else:
                origin = node.module or ""
            for alias in node.names:
                submodule = f"{origin}.{alias.name}"
                target = submodule if submodule in modules else origin
                yield Import(source, target, path, node.lineno)
        elif (
            isinstance(node, ast.Call)
            and is_import_module(node)
            and node.args
            and isinstance(node.args[0], ast.Constant)
            and isinstance(node.args[0].value, str)
            and not node.args[0].value.startswith(".")
        ):
            yield Import(source, node.args[0].value, path, node.lineno)


def graph_of(sources: dict[Path, str], base: Path) -> list[Import]:
    """Every import of the given files (path -> source text), deduplicated by line."""
    modules = frozenset(module_name(path, base) for path in sources)
    found: dict[tuple[str, str, int], Import] = {}
    for path, text in sorted(sources.items()):
        tree = ast.parse(text, filename=str(path))
        source, is_package = module_name(path, base), path.name == "__init__.py"
        for edge in imports_of(source, is_package, tree, path, modules):
            found.setdefault((edge.source, edge.target, edge.line), edge)
    return list(found.values())


@cache
def reference_sources() -> dict[Path, str]:
    return {path: path.read_text(encoding="utf-8") for path in sorted(REFERENCE.rglob("*.py"))}


@cache
def graph() -> tuple[Import, ...]:
    return tuple(graph_of(reference_sources(), REFERENCE))


@cache
def modules() -> frozenset[str]:
    return frozenset(module_name(path) for path in reference_sources())


def ours(edge: Import) -> bool:
    return is_under(edge.target, TOP)


def offending(allowed: Callable[[str, str], bool]) -> list[Import]:
    """The imports of millebornes by millebornes that ``allowed(source, target)`` refuses,
    both given as layers; only sources whose layer ``allowed`` is asked about are checked."""
    return [
        edge
        for edge in graph()
        if ours(edge) and not allowed(layer(edge.source) or "?", layer(edge.target) or "?")
    ]


def listing(edges: list[Import]) -> str:
    ordered = sorted(edges, key=lambda edge: (str(edge.path), edge.line, edge.target))
    return "\n".join(["", *map(str, ordered)])


def strongly_connected(nodes: frozenset[str], edges: dict[str, set[str]]) -> list[set[str]]:
    """Tarjan's algorithm, iterative: the components of more than one node, or with a loop."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[set[str]] = []
    for root in sorted(nodes):
        if root in index:
            continue
        work: list[tuple[str, Iterator[str]]] = [(root, iter(sorted(edges[root])))]
        index[root] = low[root] = len(index)
        stack.append(root)
        on_stack.add(root)
        while work:
            node, children = work[-1]
            child = next(children, None)
            if child is not None:
                if child not in index:
                    index[child] = low[child] = len(index)
                    stack.append(child)
                    on_stack.add(child)
                    work.append((child, iter(sorted(edges[child]))))
                elif child in on_stack:
                    low[node] = min(low[node], index[child])
                continue
            work.pop()
            if work:
                low[work[-1][0]] = min(low[work[-1][0]], low[node])
            if low[node] == index[node]:
                component: set[str] = set()
                while True:
                    member = stack.pop()
                    on_stack.discard(member)
                    component.add(member)
                    if member == node:
                        break
                if len(component) > 1 or node in edges[node]:
                    found.append(component)
    return found


def circles(imports: list[Import] | tuple[Import, ...], nodes: frozenset[str]) -> list[str]:
    """One report per import circle: its modules and the imports that close it."""
    edges: dict[str, set[str]] = defaultdict(set)
    for edge in imports:
        if edge.target in nodes:
            edges[edge.source].add(edge.target)
    reports = []
    for component in strongly_connected(nodes, edges):
        inside = [e for e in imports if e.source in component and e.target in component]
        reports.append(f"circle of {len(component)} modules:{listing(inside)}")
    return sorted(reports)


# The graph builder itself: a wrong resolution would make every contract pass vacuously.

SAMPLE = {
    "pkg/__init__.py": "from pkg.sub import thing\nfrom . import other\n",
    "pkg/sub.py": (
        "from typing import TYPE_CHECKING\n"
        "if TYPE_CHECKING:\n    from pkg.deep.leaf import Leaf\n"
        "def late():\n    import pkg.other\n"
        "import importlib\nimportlib.import_module('pkg.deep')\n"
    ),
    "pkg/other.py": "from .deep import leaf\nfrom pkg import thing\n",
    "pkg/deep/__init__.py": "",
    "pkg/deep/leaf.py": "from ..sub import late\n",
}


def test_the_graph_builder_resolves_every_kind_of_import(tmp_path: Path) -> None:
    sources = {tmp_path / name: text for name, text in SAMPLE.items()}
    edges = {(e.source, e.target, e.line) for e in graph_of(sources, tmp_path)}
    assert edges == {
        ("pkg", "pkg.sub", 1),
        ("pkg", "pkg.other", 2),
        ("pkg.sub", "typing", 1),
        ("pkg.sub", "pkg.deep.leaf", 3),  # under TYPE_CHECKING
        ("pkg.sub", "pkg.other", 5),  # inside a function
        ("pkg.sub", "importlib", 6),
        ("pkg.sub", "pkg.deep", 7),  # importlib.import_module
        ("pkg.other", "pkg.deep.leaf", 1),  # from .deep import leaf: the submodule
        ("pkg.other", "pkg", 2),  # from pkg import thing: the package __init__
        ("pkg.deep.leaf", "pkg.sub", 1),  # from ..sub import late: a name, not a module
    }
    names = frozenset(module_name(path, tmp_path) for path in sources)
    found = circles(graph_of(sources, tmp_path), names)
    assert len(found) == 1 and "circle of 4 modules" in found[0], found
    assert "pkg/other.py:2: pkg.other imports pkg" in found[0]


def test_the_graph_covers_the_package() -> None:
    assert {f"{TOP}.core.errors", f"{TOP}.families.classic.engine", f"{TOP}.apps.cli"} <= modules()
    assert len([edge for edge in graph() if ours(edge)]) > 100


def test_every_module_belongs_to_a_layer() -> None:
    lost = sorted(module for module in modules() if layer(module) is None)
    assert not lost, f"modules of no layer (give them one in {Path(__file__).name}): {lost}"


def test_there_is_no_import_circle() -> None:
    found = circles(graph(), modules())
    assert not found, "import circles:\n" + "\n".join(found)


def test_core_imports_nothing_above_it() -> None:
    bad = offending(lambda source, target: source != CORE or target == CORE)
    assert not bad, f"core (and _spec) may import only core:{listing(bad)}"


def test_a_family_imports_only_the_core_and_itself() -> None:
    def allowed(source: str, target: str) -> bool:
        if not source.startswith(FAMILY):
            return True
        return target in {CORE, FAMILIES, source}

    bad = offending(allowed)
    assert not bad, f"a family may import only core and itself:{listing(bad)}"


def test_the_namespace_of_the_families_imports_only_the_core() -> None:
    bad = offending(lambda source, target: source != FAMILIES or target == CORE)
    assert not bad, f"millebornes.families (the namespace) names no family:{listing(bad)}"


def test_the_api_imports_only_the_core_and_the_families() -> None:
    def allowed(source: str, target: str) -> bool:
        return source != API or target in {CORE, API, FAMILIES} or target.startswith(FAMILY)

    bad = offending(allowed)
    assert not bad, f"the API layer may import only core and the families:{listing(bad)}"


def test_conformance_and_fast_do_not_import_apps() -> None:
    bad = offending(lambda source, target: source not in {CONFORMANCE, FAST} or target != APPS)
    assert not bad, f"conformance and fast are below apps:{listing(bad)}"


def test_nothing_but_apps_imports_apps() -> None:
    bad = offending(lambda source, target: source == APPS or target != APPS)
    assert not bad, f"millebornes.apps is the top floor; only it imports itself:{listing(bad)}"


@pytest.mark.parametrize("package", sorted(DEVELOPMENT))
def test_the_engine_imports_no_development_package(package: str) -> None:
    bad = [edge for edge in graph() if is_under(edge.target, package)]
    assert not bad, f"the wheel does not install {package}:{listing(bad)}"
