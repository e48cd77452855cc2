"""The API pages' rule for packages: a literal ``__all__``, each name documented once,
where it is defined (docs/_ext/millebornes_docs/apidoc.py), for any family package."""

from __future__ import annotations

import importlib
import sys
from pathlib import Path

import pytest
from sitecheck import ROOT
from sphinx.errors import ExtensionError

sys.path.insert(0, str(ROOT / "docs" / "_ext"))
from millebornes_docs import apidoc


def _package(tmp_path: Path, files: dict[str, str]) -> Path:
    """A made-up package ``fam`` from ``{relative path: source}``."""
    for name, text in files.items():
        path = tmp_path / "fam" / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
    return tmp_path / "fam"


FAMILY = {
    "__init__.py": '"""A family."""\nfrom fam.sub import Thing, helper\n'
    "from fam._hidden import secret\n\n__all__ = ['Thing', 'helper', 'secret', 'start']\n\n"
    "def start() -> None:\n    pass\n",
    "sub/__init__.py": "from .inner import Thing\nfrom fam.tools import helper\n"
    "__all__ = ('Thing', 'helper')\n",
    "sub/inner.py": "class Thing:\n    pass\n",
    "tools.py": "A, helper = 1, 2\n",
    "_hidden.py": "secret = 3\n",
}


def test_a_re_export_is_traced_to_the_module_that_defines_it(tmp_path: Path) -> None:
    package = _package(tmp_path, FAMILY)
    assert apidoc.home("fam", "Thing", package) == "fam.sub.inner"  # two hops, one relative
    assert apidoc.home("fam", "helper", package) == "fam.tools"  # a tuple assignment
    assert apidoc.home("fam", "start", package) == "fam"
    page = apidoc._module_page("fam", package)
    # Defined in the package, or in a private module (no page of its own): documented here.
    assert ":members: secret, start" in page
    assert "{py:obj}`~fam.sub.inner.Thing`, in {doc}`fam.sub.inner <fam.sub.inner>`" in page
    assert "{py:obj}`~fam.tools.helper`" in page
    sub = apidoc._module_page("fam.sub", package)
    assert ":no-members:" in sub and "{py:obj}`~fam.sub.inner.Thing`" in sub


def test_a_package_without_all_is_documented_as_a_module(tmp_path: Path) -> None:
    package = _package(tmp_path, {**FAMILY, "sub/__init__.py": "from .inner import Thing\n"})
    assert apidoc.literal_all("fam.sub", package) is None
    assert ":members:\n" in apidoc._module_page("fam.sub", package)


@pytest.mark.parametrize(
    "declaration",
    [
        "__all__ = [name for name in ('start',)]\n",
        "__all__ = ['start']\n__all__ += ['more']\n",
        "__all__ = ['start', 7]\n",
    ],
)
def test_an_all_that_is_not_a_literal_stops_the_build(tmp_path: Path, declaration: str) -> None:
    package = _package(tmp_path, {"__init__.py": f"def start() -> None:\n    pass\n{declaration}"})
    with pytest.raises(ExtensionError, match=r"fam \(\S*fam/__init__.py\): __all__ must be"):
        apidoc._module_page("fam", package)


def test_a_name_that_cannot_be_traced_stops_the_build(tmp_path: Path) -> None:
    package = _package(tmp_path, {**FAMILY, "tools.py": "from os import sep as helper\n"})
    with pytest.raises(ExtensionError, match=r"'helper'.*fam -> fam.sub -> fam.tools"):
        apidoc._module_page("fam", package)


def test_every_package_of_the_engine_links_its_names_to_their_modules() -> None:
    """On the real tree: the module found from the source is where Python says the
    object comes from, for every class and function a package exports."""
    packages = [m for m in ["millebornes", *apidoc.api_modules()] if apidoc.literal_all(m)]
    assert {"millebornes", "millebornes.fast", "millebornes.families.funspeed"} <= set(packages)
    for name in packages:
        module = importlib.import_module(name)
        exported = apidoc.literal_all(name)
        assert exported == list(module.__all__), name
        for item in exported:
            owner = getattr(getattr(module, item), "__module__", None)
            if isinstance(owner, str) and owner.startswith("millebornes"):
                assert apidoc.home(name, item) == owner, (name, item)
