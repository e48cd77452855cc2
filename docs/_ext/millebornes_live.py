"""The live page's runtime in the built site: Pyodide and the reference engine.

``docs/live.md`` runs the engine in the reader's browser. When an HTML build finishes,
this extension copies into ``_live/`` of the output:

- the core files of Pyodide, installed from the npm registry by
  ``tools/install_pyodide.sh`` into ``.pyodide/`` (the version is pinned there and
  checked here);
- ``millebornes.zip``: the engine package with the spec's data and text as
  ``millebornes/_spec`` (where :func:`millebornes._spec.spec_dir` looks first, as in a
  wheel), which the page unpacks into Pyodide's file system, and the French the Play page
  reads from the catalogues (the engine's words, every rule's statement) as
  ``millebornes/_locale/fr.json`` (:func:`millebornes.apps.french.bundle`).

Nothing is fetched when a reader opens the page. A build whose ``live_runtime`` is not
``_live/`` (the French site, which uses the English site's copy at ``../_live/``) copies
nothing. The live page's script reads the runtime's address from ``MB_LIVE_RUNTIME``.
"""

from __future__ import annotations

import json
import shutil
import zipfile
from pathlib import Path
from typing import Any

from sphinx.application import Sphinx
from sphinx.errors import ExtensionError

from millebornes.apps import french  # the engine: conf.py puts reference/ on the path

ROOT = Path(__file__).resolve().parents[2]
PYODIDE = ROOT / ".pyodide" / "node_modules" / "pyodide"
PYODIDE_VERSION = "0.27.7"
"""The version ``tools/install_pyodide.sh`` installs."""
RUNTIME_FILES = (
    "pyodide.js",
    "pyodide.asm.js",
    "pyodide.asm.wasm",
    "python_stdlib.zip",
    "pyodide-lock.json",
)
"""What ``loadPyodide`` fetches for the interpreter and the standard library."""
LOCAL_RUNTIME = "_live/"
SPEC_SKIPPED = ("vectors",)
"""Folders of spec/ the engine never reads at run time (large test data)."""


def _check_pyodide() -> None:
    package = PYODIDE / "package.json"
    if not package.is_file():
        raise ExtensionError(
            f"Pyodide is not installed in {PYODIDE.relative_to(ROOT)}:"
            " run bash tools/install_pyodide.sh"
        )
    version = json.loads(package.read_text(encoding="utf-8")).get("version")
    if version != PYODIDE_VERSION:
        raise ExtensionError(
            f"Pyodide {version} is installed, the site needs {PYODIDE_VERSION}:"
            " run bash tools/install_pyodide.sh"
        )


def engine_zip(target: Path) -> None:
    """The engine package, spec/'s data as ``millebornes/_spec`` and the Play page's French,
    in one zip file."""
    package = ROOT / "reference" / "millebornes"
    spec = ROOT / "spec"
    with zipfile.ZipFile(target, "w", zipfile.ZIP_DEFLATED) as archive:
        for path in sorted(package.rglob("*.py")):
            archive.write(path, path.relative_to(package.parent).as_posix())
        locale = ROOT / "docs" / "locale" / "fr" / "LC_MESSAGES"
        archive.writestr(f"millebornes/{french.BUNDLE_NAME}", french.bundle(locale))
        for path in sorted(spec.rglob("*")):
            relative = path.relative_to(spec)
            if path.is_file() and relative.parts[0] not in SPEC_SKIPPED:
                archive.write(path, f"millebornes/_spec/{relative.as_posix()}")


def _copy_runtime(app: Sphinx, exception: Exception | None) -> None:
    if exception is not None or app.builder.format != "html":
        return
    if app.config.live_runtime != LOCAL_RUNTIME:
        return
    _check_pyodide()
    target = Path(app.outdir) / LOCAL_RUNTIME
    target.mkdir(parents=True, exist_ok=True)
    for name in RUNTIME_FILES:
        shutil.copyfile(PYODIDE / name, target / name)
    engine_zip(target / "millebornes.zip")


def _page_runtime(
    app: Sphinx, pagename: str, templatename: str, context: dict[str, Any], doctree: Any
) -> None:
    """Give the live page and the Play page (docs/play.md) their script and style, and
    where the runtime is (relative to the page); both use the one runtime."""
    if pagename in ("live", "play"):
        app.add_js_file(
            None, body=f"window.MB_LIVE_RUNTIME = {json.dumps(app.config.live_runtime)};"
        )
        app.add_js_file("live/engine.js")  # the start-up both pages share
        app.add_js_file(f"{pagename}/{pagename}.js")
        app.add_css_file(f"{pagename}/{pagename}.css")


def setup(app: Sphinx) -> dict[str, Any]:
    app.add_config_value("live_runtime", LOCAL_RUNTIME, "html", types=[str])
    app.connect("html-page-context", _page_runtime)
    app.connect("build-finished", _copy_runtime)
    return {"parallel_read_safe": True, "parallel_write_safe": True}
