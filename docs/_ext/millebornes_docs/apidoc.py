"""The Python API reference: one generated page per module of ``millebornes``.

With ``millebornes_api_pages = True`` in ``conf.py``, at the start of each build
every public module of ``reference/millebornes/``
gets a small Markdown page in ``docs/api/generated/`` holding an ``automodule``
directive (files rewritten only when their text changes, so incremental builds
stay incremental); pages of modules that no longer exist are removed. The
folder is ignored by git (``docs/.gitignore``): it is build output that Sphinx
must read as source.

**Packages and their ``__all__``.** A package (``millebornes`` itself, and any
family package such as ``millebornes.families.funspeed``) that declares ``__all__``
re-exports names defined in its modules. Each public name is documented once,
on the page of the module that defines it; the package's page documents only the
names it defines itself (or takes from a private module, which has no page) and
lists the others with a link to their module. Documenting a re-export a second
time under the package would also break the highlighted source's links
(viewcode keeps one anchor prefix per module). The extension reads ``__all__``
from the package's source without importing it, so **``__all__`` must be a
literal list or tuple of strings**, assigned once: anything else (a computed
``__all__``, ``__all__ +=``) stops the build with an error naming the package,
rather than leaving names off the site. A name is traced through the package's
``from … import`` lines to the module that defines it; a name that cannot be
traced stops the build too.
"""

from __future__ import annotations

import ast
import builtins
import importlib
from pathlib import Path

from docutils import nodes
from sphinx import addnodes
from sphinx.application import Sphinx
from sphinx.errors import ExtensionError
from sphinx.locale import _

from millebornes_docs.data import ROOT

PACKAGE = ROOT / "reference" / "millebornes"
GENERATED = "api/generated"


def _module_name(path: Path, package: Path = PACKAGE) -> str:
    parts = path.relative_to(package.parent).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def _is_public(path: Path, package: Path) -> bool:
    """Not private: no leading underscore in the file's name (``__init__`` aside) nor in
    any package above it."""
    folders = path.relative_to(package).parts[:-1]
    return not any(part.startswith("_") for part in folders) and (
        path.name == "__init__.py" or not path.stem.startswith("_")
    )


def api_modules(package: Path = PACKAGE) -> list[str]:
    """The public modules of the package and its subpackages, the package itself
    excepted (a leading underscore marks a private module or package)."""
    modules = {_module_name(p, package) for p in package.rglob("*.py") if _is_public(p, package)}
    modules.discard(package.name)
    return sorted(modules)


def _source(module: str, package: Path = PACKAGE) -> Path:
    relative = Path(*module.split(".")[1:])
    init = package / relative / "__init__.py"
    return init if init.is_file() else package / relative.with_suffix(".py")


def _tree(module: str, package: Path) -> ast.Module:
    return ast.parse(_source(module, package).read_text(encoding="utf-8"))


def _defined_names(module: str, package: Path = PACKAGE) -> set[str]:
    """Top-level names a module defines itself (not the ones it imports)."""
    names: set[str] = set()
    for stmt in _tree(module, package).body:
        if isinstance(stmt, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef):
            names.add(stmt.name)
        elif isinstance(stmt, ast.Assign):  # also ``A, _B = ...``
            names |= {n.id for t in stmt.targets for n in ast.walk(t) if isinstance(n, ast.Name)}
        elif isinstance(stmt, ast.AnnAssign) and isinstance(stmt.target, ast.Name):
            names.add(stmt.target.id)
    return names


def _assigns_all(stmt: ast.stmt) -> bool:
    targets = (
        stmt.targets
        if isinstance(stmt, ast.Assign)
        else [stmt.target]
        if isinstance(stmt, ast.AugAssign | ast.AnnAssign)
        else []
    )
    return any(isinstance(t, ast.Name) and t.id == "__all__" for t in targets)


def literal_all(module: str, package: Path = PACKAGE) -> list[str] | None:
    """The module's ``__all__`` read from its source (None when it has none).

    Raises :class:`ExtensionError` unless ``__all__`` is assigned once, as a literal
    list or tuple of strings: the API pages must not silently miss a public name.
    """
    assignments = [s for s in _tree(module, package).body if _assigns_all(s)]
    if not assignments:
        return None
    where = f"{module} ({_source(module, package).relative_to(package.parent.parent)})"
    if len(assignments) > 1 or not isinstance(assignments[0], ast.Assign | ast.AnnAssign):
        raise ExtensionError(f"{where}: __all__ must be assigned once, as a literal list")
    try:
        value = ast.literal_eval(assignments[0].value) if assignments[0].value else None
    except ValueError:
        value = None
    if not isinstance(value, list | tuple) or not all(isinstance(n, str) for n in value):
        raise ExtensionError(
            f"{where}: __all__ must be a literal list or tuple of strings; the API pages read"
            " it from the source without importing the package"
        )
    return list(value)


def _imports(module: str, package: Path) -> list[ast.stmt]:
    """``module``'s top-level statements, with those of an ``if TYPE_CHECKING:`` block: a
    package that loads its names when first asked for names their modules there."""
    found: list[ast.stmt] = []
    for stmt in _tree(module, package).body:
        if isinstance(stmt, ast.If) and ast.unparse(stmt.test) == "TYPE_CHECKING":
            found += stmt.body
        else:
            found.append(stmt)
    return found


def _imported_from(module: str, name: str, package: Path) -> str | None:
    """The module that ``module``'s ``from X import name`` line names, if any."""
    for stmt in _imports(module, package):
        if isinstance(stmt, ast.ImportFrom) and any(
            (alias.asname or alias.name) == name for alias in stmt.names
        ):
            if stmt.level == 0:
                return stmt.module
            is_package = _source(module, package).name == "__init__.py"
            base = module.split(".")[: len(module.split(".")) - stmt.level + is_package]
            return ".".join(base + ([stmt.module] if stmt.module else []))
    return None


def home(module: str, name: str, package: Path = PACKAGE) -> str:
    """The module of ``package`` that defines ``name``, following re-exports from
    ``module``; :class:`ExtensionError` if the trail leaves the package or ends."""
    seen = [module]
    while name not in _defined_names(module, package):
        source = _imported_from(module, name, package)
        if source is None or source.split(".")[0] != package.name or source in seen:
            raise ExtensionError(
                f"{seen[0]}.__all__ names {name!r}, which cannot be traced to the module of"
                f" {package.name} that defines it (followed: {' -> '.join(seen)})"
            )
        seen.append(source)
        module = source
    return module


def _module_page(module: str, package: Path = PACKAGE) -> str:
    # autodoc writes reStructuredText, so its directives sit in an eval-rst block.
    exported = literal_all(module, package)
    if exported is None or _source(module, package).name != "__init__.py":
        return (
            f"# `{module}`\n\n"
            "```{eval-rst}\n"
            f".. automodule:: {module}\n"
            "   :members:\n"
            "   :undoc-members:\n"
            "   :show-inheritance:\n"
            "```\n"
        )
    documented = set(api_modules(package))
    own, listed = [], []
    for name in exported:
        where = home(module, name, package)
        if where == module or where not in documented:
            own.append(name)
        else:
            listed.append(f"- {{py:obj}}`~{where}.{name}`, in {{doc}}`{where} <{where}>`")
    members = f"   :members: {', '.join(own)}\n" if own else "   :no-members:\n"
    return (
        f"# `{module}`\n\n"
        "```{eval-rst}\n"
        f".. automodule:: {module}\n"
        f"{members}"
        "   :undoc-members:\n"
        "   :show-inheritance:\n"
        "```\n\n"
        + (
            "Every public name the package re-exports, with the module that defines it:\n\n"
            + "\n".join(listed)
            + "\n"
            if listed
            else ""
        )
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
    pages = {module: _module_page(module) for module in [PACKAGE.name, *api_modules()]}
    for stale in folder.glob("*.md"):
        if stale.stem not in pages:
            stale.unlink()
    for module, text in pages.items():
        _write(folder / f"{module}.md", text)


def _summaries_link_no_source(app: Sphinx, doctree: nodes.document) -> None:
    """A function shown a second time with ``:no-index:`` (the guide on ``api/index``)
    is a summary: the highlighted source must link back to its full entry on its
    module's page, so viewcode (which runs after this) is told the summary has no module.
    The summary links to that full entry instead (``[docs]``), found where the object is
    defined: ``millebornes.new_game`` is documented on the page of ``millebornes.api``.
    A summary whose full entry does not exist stops the build (the reference warns)."""
    for entry in doctree.findall(addnodes.desc):
        if entry.get("no-index"):
            for signature in entry.children:
                if isinstance(signature, addnodes.desc_signature):
                    _link_full_entry(app, signature)
            for signature in entry.findall(addnodes.desc_signature):
                signature["module"] = None


BUILTIN_TYPES = frozenset(
    name
    for name, value in vars(builtins).items()
    if not name.startswith("_") and (isinstance(value, type) or value is None)
)
"""The names of Python's builtin types (``dict``, ``str``, ``object``, ...) and ``None``."""


def _builtins_stay_builtins(_app: Sphinx, doctree: nodes.document) -> None:
    """A builtin named in a signature or a docstring (``dict[str, Any]``) is the builtin:
    without this, the Python domain's fuzzy search links it to any documented attribute
    that happens to share its name (an observer's ``dict``), or, when two attributes do,
    stops the build as an ambiguous reference. The builtins' own pages are not part of
    this offline site, so the name is shown as it is, unlinked."""
    for xref in list(doctree.findall(addnodes.pending_xref)):
        if xref.get("refdomain") == "py" and xref.get("reftarget") in BUILTIN_TYPES:
            xref.replace_self(xref.children or nodes.literal("", xref["reftarget"]))


def _link_full_entry(app: Sphinx, signature: addnodes.desc_signature) -> None:
    module, fullname = signature.get("module"), signature.get("fullname")
    if not module or not fullname:
        return
    owner = _stay_in_package(app, module, fullname) or module
    signature += addnodes.pending_xref(
        "",
        nodes.inline("", _("[docs]"), classes=["viewcode-link"]),
        refdomain="py",
        reftype="obj",
        reftarget=f"{owner}.{fullname}",
        refexplicit=True,
        refwarn=True,
        refdoc=app.env.docname,
    )


def _stay_in_package(_app: Sphinx, modname: str, attribute: str) -> str | None:
    """Where viewcode looks for an object's source: the module its ``__module__`` names
    when that is one of the package's, else the module that documents it. A type alias
    (``Borne = tuple[...]``) reports ``builtins``, whose source no page holds, and
    viewcode would link a module page that is never written."""
    try:
        value: object = importlib.import_module(modname)
        for part in attribute.split("."):
            value = getattr(value, part)
    except (ImportError, AttributeError):
        return None  # viewcode's own rule
    owner = getattr(value, "__module__", None)
    if isinstance(owner, str) and owner.split(".")[0] == PACKAGE.name:
        return owner
    return modname


def _follow_with_viewcode(app: Sphinx) -> None:
    # The event exists only when viewcode is loaded (by then every extension is).
    if "sphinx.ext.viewcode" in app.extensions:
        app.connect("viewcode-follow-imported", _stay_in_package)


def setup(app: Sphinx) -> None:
    # Off unless conf.py asks: a project that only renders spec pages needs no API pages.
    app.add_config_value("millebornes_api_pages", False, "env", types=frozenset({bool}))
    app.connect("builder-inited", generate)
    app.connect("doctree-read", _summaries_link_no_source, priority=400)  # viewcode: 500
    app.connect("doctree-read", _builtins_stay_builtins)
    app.connect("builder-inited", _follow_with_viewcode)
