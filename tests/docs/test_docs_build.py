"""The site builds offline with warnings as errors, and renders every statement of spec/
with its anchor, its traceability row and a permanent link by ID."""

from __future__ import annotations

import json
import re

from sitecheck import (
    ROOT,
    SPEC,
    html_build,
    ids_catalogue,
    page,
    resolve,
    site,
    spec_statements,
)


def test_the_site_builds_without_a_warning() -> None:
    build = html_build()
    assert build.returncode == 0, build.output
    # -W turns warnings into errors; check the log too, in case one slipped through
    # a path that only prints (an extension's own logger, a theme).
    assert "WARNING" not in build.output, build.output
    assert (site() / "index.html").is_file()


def test_the_build_script_is_offline_and_strict() -> None:
    script = (ROOT / "tools" / "build_docs.sh").read_text(encoding="utf-8")
    assert re.search(r"sphinx -E -W --keep-going", script), "fresh, warnings as errors"
    assert "http_proxy" in script, "network access must fail during the build"


def test_every_spec_statement_has_an_anchored_entry_and_a_trace_row() -> None:
    statements = spec_statements()
    assert len(statements) > 60
    catalogue = ids_catalogue()
    assert set(catalogue) == set(statements), "ids.json lists exactly the IDs of spec/"
    trace = page(site() / "traceability.html")
    for rule_id, (kind, source) in statements.items():
        entry = catalogue[rule_id]
        assert entry["kind"] == kind
        assert entry["docname"] == "spec/" + source.removesuffix(".md")
        target, fragment = resolve(site() / "index.html", entry["url"])
        assert fragment == rule_id
        rendered = page(target)
        assert rule_id in rendered.ids, f"{rule_id} has no anchor on {target}"
        classes = next(
            attrs.get("class", "") for tag, attrs in rendered.elements if attrs.get("id") == rule_id
        )
        assert f"mb-{kind}" in classes.split()
        assert f"trace-{rule_id}" in trace.ids, f"{rule_id} has no row on the traceability page"


def test_each_entry_carries_its_source_and_a_folded_traceability_row() -> None:
    html = (site() / "spec" / "rules" / "distance.html").read_text(encoding="utf-8")
    block = html[html.index('id="DIST-MAX-200"') :]
    block = block[: block.index("</details>")]
    assert "Source" in block and "000 §EXPLICATION DE CHAQUE CARTE" in block
    assert "<details" in block and "Traceability:" in block
    assert "tests/rules/" in block, "the tests that cover the rule are named"
    assert "reference/millebornes/" in block, "the code that implements it is named"


def test_every_id_has_a_permanent_link_that_forwards_to_its_entry() -> None:
    catalogue = ids_catalogue()
    for rule_id, entry in catalogue.items():
        names = [rule_id, *entry["aliases"]]
        for name in names:
            redirect = site() / "id" / f"{name}.html"
            text = redirect.read_text(encoding="utf-8")
            match = re.search(r'http-equiv="refresh" content="0; url=([^"]+)"', text)
            assert match, redirect
            target, fragment = resolve(redirect, match.group(1))
            assert fragment == rule_id and rule_id in page(target).ids


def test_displayed_numbers_follow_reading_order_per_kind() -> None:
    catalogue = ids_catalogue()
    for kind in {entry["kind"] for entry in catalogue.values()}:
        numbers = sorted(e["number"] for e in catalogue.values() if e["kind"] == kind)
        assert numbers == list(range(1, len(numbers) + 1)), kind


def test_every_markdown_file_of_spec_is_a_page_of_the_site() -> None:
    for path in SPEC.rglob("*.md"):
        built = site() / "spec" / path.relative_to(SPEC).with_suffix(".html")
        assert built.is_file(), f"{path.relative_to(ROOT)} is not rendered"


def test_search_and_inventory_know_every_id() -> None:
    index = (site() / "searchindex.js").read_text(encoding="utf-8")
    statements = spec_statements()
    payload = json.loads(index[index.index("(") + 1 : index.rindex(")")])
    objects = json.dumps(payload.get("objects", {}))
    missing = [rule_id for rule_id in statements if f'"{rule_id}"' not in objects]
    assert missing == [], "IDs missing from the search index"
    assert (site() / "objects.inv").is_file()
