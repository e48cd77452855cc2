"""The Python API reference: one generated page per module of ``millebornes``.

With ``millebornes_api_pages = True`` in ``conf.py``, at the start of each build
every public module of ``reference/millebornes/``
gets a small Markdown page in ``docs/api/generated/`` holding an ``automodule``
directive (files rewritten only when their text changes, so incremental builds
stay incremental); pages of modules that no longer exist are removed. The
folder is ignored by git (``docs/.gitignore``): it is build output that Sphinx
must read as source. The package page lists ``millebornes.__all__`` with the
module that defines each name, so every public name is documented once.
"""

from __future__ import annotations

import ast
from pathlib import Path

from docutils import nodes
from sphinx import addnodes
from sphinx.application import Sphinx

import millebornes
from millebornes_docs.data import ROOT

PACKAGE = ROOT / "reference" / "millebornes"
GENERATED = "api/generated"


def _module_name(path: Path) -> str:
    parts = path.relative_to(PACKAGE.parent).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def api_modules() -> list[str]:
    """The public modules of the package and its subpackages, the package itself
    excepted (a leading underscore marks a private module or package)."""
    modules = {
        _module_name(path)
        for path in PACKAGE.rglob("*.py")
        if not any(part.startswith("_") for part in path.relative_to(PACKAGE).parts[:-1])
        and (path.name == "__init__.py" or not path.stem.startswith("_"))
    }
    modules.discard("millebornes")
    return sorted(modules)


def _source(module: str) -> Path:
    relative = Path(*module.split(".")[1:])
    package = PACKAGE / relative / "__init__.py"
    return package if package.is_file() else PACKAGE / relative.with_suffix(".py")


def _defined_names(module: str) -> set[str]:
    """Top-level names a module defines itself (not the ones it imports)."""
    tree = ast.parse(_source(module).read_text(encoding="utf-8"))
    names: set[str] = set()
    for stmt in tree.body:
        if isinstance(stmt, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef):
            names.add(stmt.name)
        elif isinstance(stmt, ast.Assign):
            names |= {t.id for t in stmt.targets if isinstance(t, ast.Name)}
        elif isinstance(stmt, ast.AnnAssign) and isinstance(stmt.target, ast.Name):
            names.add(stmt.target.id)
    return names


def _module_page(module: str) -> str:
    # autodoc writes reStructuredText, so its directives sit in an eval-rst block.
    return (
        f"# `{module}`\n\n"
        "```{eval-rst}\n"
        f".. automodule:: {module}\n"
        "   :members:\n"
        "   :undoc-members:\n"
        "   :show-inheritance:\n"
        "```\n"
    )


def _package_page() -> str:
    where = {module: _defined_names(module) for module in api_modules()}
    items = []
    for name in millebornes.__all__:
        home = next((m for m, names in where.items() if name in names), None)
        if home is not None:
            items.append(f"- {{py:obj}}`~{home}.{name}`, in {{doc}}`{home} <{home}>`")
        else:
            items.append(f"- {{py:obj}}`millebornes.{name}`")
    return (
        "# `millebornes`\n\n"
        "```{eval-rst}\n"
        ".. automodule:: millebornes\n"
        "   :no-members:\n\n"
        ".. autofunction:: millebornes.new_round\n"
        "```\n\n"
        "Every public name of the package, with the module that defines it:\n\n"
        + "\n".join(items)
        + "\n"
    )


def _write(path: Path, text: str) -> None:
    if not path.is_file() or path.read_text(encoding="utf-8") != text:
        path.write_text(text, encoding="utf-8")


def generate(app: Sphinx) -> None:
    """Write the API pages into the source folder before Sphinx looks for documents."""
    if not app.config.millebornes_api_pages:
        return
    folder = Path(app.srcdir) / GENERATED
    folder.mkdir(parents=True, exist_ok=True)
    pages = {module: _module_page(module) for module in api_modules()}
    pages["millebornes"] = _package_page()
    for stale in folder.glob("*.md"):
        if stale.stem not in pages:
            stale.unlink()
    for module, text in pages.items():
        _write(folder / f"{module}.md", text)


def _summaries_link_no_source(app: Sphinx, doctree: nodes.document) -> None:
    """A function shown a second time with ``:no-index:`` (the guide on ``api/index``)
    is a summary: the highlighted source must link back to its full entry on its
    module's page, so viewcode (which runs after this) is told the summary has no module."""
    for entry in doctree.findall(addnodes.desc):
        if entry.get("no-index"):
            for signature in entry.findall(addnodes.desc_signature):
                signature["module"] = None


def setup(app: Sphinx) -> None:
    # Off unless conf.py asks: a project that only renders spec pages needs no API pages.
    app.add_config_value("millebornes_api_pages", False, "env", types=frozenset({bool}))
    app.connect("builder-inited", generate)
    app.connect("doctree-read", _summaries_link_no_source, priority=400)  # viewcode: 500
