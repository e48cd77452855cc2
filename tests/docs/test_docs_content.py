"""The generated content says what the sources say: tables from the edition data,
traceability rows from the test markers, diagrams from the engine, doctests run."""

from __future__ import annotations

import ast
import html
import importlib
import json
import re
import sys
from pathlib import Path

import pytest
from sitecheck import ROOT, SPEC, doctest_build, page, site

import millebornes
from millebornes.apps.adapters.encoding import ActionTable, segments
from millebornes.families import classic
from millebornes.families.classic import CoupFourre, Discard, Extension, Phase, Play
from millebornes.families.classic.cards import SAFETIES

sys.path.insert(0, str(ROOT / "docs" / "_ext"))
from millebornes_docs.diagrams import PHASE_TITLES

DOCS = ROOT / "docs"


def _editions() -> dict[str, dict[str, object]]:
    return {
        path.stem: json.loads(path.read_text(encoding="utf-8"))
        for path in sorted((SPEC / "editions").glob("*.json"))
    }


def _table_rows(html_text: str, table_class: str) -> list[list[str]]:
    """The rows of the first table with ``table_class``, as lists of cell texts."""
    start = html_text.index(table_class)
    table = html_text[start : html_text.index("</table>", start)]
    rows = []
    for row in re.findall(r"<tr[^>]*>(.*?)</tr>", table, re.S):
        cells = re.findall(r"<t[dh][^>]*>(.*?)</t[dh]>", row, re.S)
        rows.append([" ".join(html.unescape(re.sub(r"<[^>]+>", " ", c)).split()) for c in cells])
    return rows


# --- no number typed by hand -------------------------------------------------------------


NUMBER_CELL = re.compile(r"^[~\u2248]?\d[\d\s.,\u00d7x+%-]*(km|points|pts|cards)?$")
"""A table cell that is a figure: 14, 1 000, 700 km, 4 times (x or the sign), 300 points."""


def test_no_docs_page_types_a_table_of_numbers_by_hand() -> None:
    """Figures in tables come from the data through directives: no Markdown table in
    docs/ (the generated API pages included) has a cell that is a number."""
    offenders = []
    for path in sorted(DOCS.rglob("*.md")):
        if "_build" in path.parts or "spec" in path.relative_to(DOCS).parts[:1]:
            continue  # spec/ is a link to the spec, whose own tests guard its tables
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1):
            if not line.lstrip().startswith("|"):
                continue
            cells = [cell.strip().strip("`*") for cell in line.strip().strip("|").split("|")]
            if any(NUMBER_CELL.match(cell) for cell in cells):
                offenders.append(f"{path.relative_to(ROOT)}:{number}: {line.strip()}")
    assert offenders == []


def test_the_number_check_recognises_a_typed_table() -> None:
    assert (
        NUMBER_CELL.match("14") and NUMBER_CELL.match("1000 km") and NUMBER_CELL.match("4 \u00d7")
    )
    assert not NUMBER_CELL.match("seat 0 deals from the deck")
    assert not NUMBER_CELL.match("---")


def test_the_box_table_shows_each_editions_counts() -> None:
    rows = _table_rows((site() / "editions.html").read_text(encoding="utf-8"), "mb-box")
    header, body = rows[0], rows[1:]
    editions = _editions()
    for edition_id, data in editions.items():
        column = header.index(edition_id)
        box = data["box"]
        assert isinstance(box, dict)
        for kind, count in box.items():
            row = next(r for r in body if len(r) == len(header) and r[0].endswith(f" {kind}"))
            assert row[column] == str(count), (edition_id, kind)
        totals = next(r for r in body if r[0] == "All cards in the box")
        assert totals[column] == str(sum(box.values()))


def test_the_scoring_table_shows_each_editions_points() -> None:
    rows = _table_rows((site() / "editions.html").read_text(encoding="utf-8"), "mb-scoring")
    header, body = rows[0], rows[1:]
    for edition_id, data in _editions().items():
        scoring = data["scoring"]
        assert isinstance(scoring, dict)
        for item, points in scoring.items():
            row = next(r for r in body if r[0].split(":")[0].strip() == item)
            assert row[header.index(edition_id)] == str(points), (edition_id, item)


def test_the_seats_table_shows_the_engines_teams() -> None:
    rows = _table_rows((site() / "editions.html").read_text(encoding="utf-8"), "mb-seats")
    header = rows[0]
    for edition_id in classic.edition_ids():
        edition = classic.load_edition(edition_id)
        for players in edition.seat_counts:
            row = next(r for r in rows[1:] if r[0] == str(players))
            cell = row[header.index(edition_id)]
            state = classic.new_match(edition_id, players)
            if state.teams < players:
                for team in range(state.teams):
                    seats = ", ".join(map(str, state.members(team)))
                    assert f"team {team}: seats {seats}" in cell


def test_the_glossary_names_every_card_in_every_edition() -> None:
    text = page(site() / "glossary.html").text
    ids = page(site() / "glossary.html").ids
    for data in _editions().values():
        names = data["names_fr"]
        assert isinstance(names, dict)
        for kind, name in names.items():
            assert f"card-{kind}" in ids
            assert name in text, name


def test_the_edition_matrix_gives_the_goal_at_each_seat_count() -> None:
    """Allonge plays to 700 km at 2, 3 and 6 players (GOAL-BY-SEATS), 1000 km at 4."""
    rows = _table_rows((site() / "editions.html").read_text(encoding="utf-8"), "mb-matrix")
    header = rows[0]
    goal = next(r for r in rows[1:] if r[0].split(" ")[0] == "goal")
    for edition_id in classic.edition_ids():
        edition = classic.load_edition(edition_id)
        cell = goal[header.index(edition_id)]
        for players in edition.seat_counts:
            km = edition.goal_for(players, ())
            assert f"{km} km" in cell, (edition_id, players, cell)
            if len({edition.goal_for(n, ()) for n in edition.seat_counts}) > 1:
                counts = re.search(rf"([\d, ]*\b{players}\b[\d, ]*) players: {km} km", cell)
                assert counts, (edition_id, players, cell)
    allonge = goal[header.index("allonge")]
    assert "2, 3, 6 players: 700 km" in allonge and "4 players: 1000 km" in allonge


def test_the_edition_matrix_lists_every_switch() -> None:
    switches = json.loads((SPEC / "switches.json").read_text(encoding="utf-8"))["switches"]
    ids = page(site() / "editions.html").ids
    assert {s["id"] for s in switches} <= ids


# --- traceability ----------------------------------------------------------------------


def _marked_tests() -> dict[str, set[str]]:
    """ID -> names of the test functions whose own decorators name it: read here
    independently of the extension, as a check on what it renders."""
    found: dict[str, set[str]] = {}
    for path in sorted((ROOT / "tests").rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if not isinstance(node, ast.FunctionDef):
                continue
            for decorator in node.decorator_list:
                if (
                    isinstance(decorator, ast.Call)
                    and isinstance(decorator.func, ast.Attribute)
                    and decorator.func.attr == "rules"
                ):
                    for arg in decorator.args:
                        if isinstance(arg, ast.Constant) and isinstance(arg.value, str):
                            found.setdefault(arg.value, set()).add(node.name)
    return found


def test_traceability_rows_name_the_tests_that_cover_each_rule() -> None:
    catalogue = json.loads((site() / "ids.json").read_text(encoding="utf-8"))
    for rule_id, tests in _marked_tests().items():
        if rule_id not in catalogue:
            continue  # tests/test_traceability.py reports unknown IDs
        source = (site() / catalogue[rule_id]["url"].split("#")[0]).read_text(encoding="utf-8")
        block = source[source.index(f'id="{rule_id}"') :]
        block = block[: block.index("</details>")]
        for name in tests:
            assert f"::{name}" in block, f"{rule_id}: {name} not listed"


def test_the_conformance_column_follows_the_suite() -> None:
    text = page(site() / "traceability.html").text
    index = ROOT / "conformance" / "index.json"
    if index.is_file():
        # the classic suite's index and the rule families' (conformance/families/*/index.json)
        indexes = [index, *sorted(index.parent.glob("families/*/index.json"))]
        total = sum(len(json.loads(p.read_text(encoding="utf-8"))["cases"]) for p in indexes)
        assert f"the {total} cases of conformance/index.json and of the rule families'" in text
    else:
        assert "No conformance suite generated yet" in text


# --- the adapters' encoding (docs/bots.md) ------------------------------------------------


def _evaluate(expression: str, values: dict[str, int]) -> int:
    """An expression of the bots page, ``1 + card·T + offset``, at ``values``."""
    total = 0
    for term in expression.split(" + "):
        product = 1
        for factor in term.split("·"):
            product *= int(factor) if factor.isdigit() else values[factor]
        total += product
    return total


def test_the_action_table_gives_every_index_of_the_adapters() -> None:
    """Each row's expression, at every team count, names exactly the indices
    ``ActionTable`` gives its kind of action: the table is the code's, not a copy."""
    rows = _table_rows((site() / "bots.html").read_text(encoding="utf-8"), "mb-actions")
    assert rows[0] == ["index", "engine action", "meaning"]
    formula = {kind: index for index, kind, _ in rows[1:]}
    for teams in (2, 3, 4):
        table = ActionTable(teams)
        for index in range(table.size):
            action = table.action(index, 0)
            kind = type(action).__name__
            values = {"T": teams}
            match action:
                case Play(card=card, target=target):
                    values |= {"card": int(card), "offset": target}
                case Discard(card=card):
                    values["card"] = int(card)
                case CoupFourre(card=card):
                    values["safety"] = SAFETIES.index(card)
                case Extension(extend=extend):
                    kind = f"Extension(extend={extend})"
            assert _evaluate(formula[kind], values) == index, (teams, index, kind)
    assert all(meaning for _, _, meaning in rows[1:])


def test_the_observation_table_gives_every_part_in_order() -> None:
    rows = _table_rows((site() / "bots.html").read_text(encoding="utf-8"), "mb-observation")
    assert rows[0] == ["part", "length", "contents"]
    for players, teams in ((2, 2), (3, 3), (4, 2), (6, 3), (8, 4)):
        shown = [
            (name, _evaluate(length, {"P": players, "T": teams})) for name, length, _ in rows[1:]
        ]
        assert shown == list(segments(players, teams))
    assert all(contents for _, _, contents in rows[1:])


# --- diagrams --------------------------------------------------------------------------


def test_the_diagrams_are_inline_svg_drawn_from_the_engine() -> None:
    source = (site() / "diagrams.html").read_text(encoding="utf-8")
    svgs = re.findall(
        r'<svg xmlns="http://www.w3.org/2000/svg" class="mb-diagram".*?</svg>', source, re.S
    )
    assert len(svgs) >= 4
    phases = next(s for s in svgs if 'id="diagram-phases"' in s)
    for phase in Phase:  # titled in the rules' words, not the engine's
        assert f">{PHASE_TITLES[phase]}</text>" in phases, phase
    assert "Phase." not in phases and "CoupFourre" not in phases
    # The coup-fourré window is entered by a hazard and left by the two reactions.
    assert "Play hazard" in phases and "Coup-fourré →" in phases and "Decline" in phases
    battle = next(s for s in svgs if 'id="diagram-battle-pile"' in s)
    assert 'id="diagram-battle-pile-ROLL"' in battle and "mb-edge-hazard" in battle


# --- landing page and API guide ----------------------------------------------------------


def test_the_landing_page_says_what_the_game_is() -> None:
    text = (site() / "index.html").read_text(encoding="utf-8")
    section = text[text.index('id="the-game"') : text.index("mb-paths")]
    words = " ".join(html.unescape(re.sub(r"<[^>]+>", " ", section)).split())
    assert len(words.split()) > 100, words
    for word in ("1000 km", "Roll", "hazard", "remedy", "safet", "coup-fourré", "5000"):
        assert word in words, word


KEY_FUNCTIONS = {
    "api": (
        "new_game", "editions", "legal_actions", "violations", "apply", "is_chance",
        "chance_action", "winners", "score", "to_json", "from_json",
    ),
    "families.classic.engine": ("new_match", "legal_actions", "violations", "apply", "is_chance"),
    "families.classic": ("new_round",),
    "families.classic.edition": ("edition_ids", "load_edition"),
    "families.classic.deal": ("deal_from_seed",),
    "families.classic.scoring": ("score_round", "match_winners"),
}  # fmt: skip
"""The functions the API guide documents in place, by the module that defines them: the
neutral API first (shown as ``millebornes.new_game``, the name a program calls), then
the classic family's own."""

API_HEADINGS = (
    "One API for every rule set",
    "Start a game",
    "Judge and make moves",
    "Who has won",
    "Read and write JSON",
    "Errors",
    "The family protocol",
    "The classic family's own API",
    "Start a match or a round",
    "Play",
    "Score",
    "Store and exchange",
)


def test_the_api_page_documents_the_key_functions_by_task() -> None:
    """Each key function is shown with its signature and docstring, and links to its full
    entry on the page of the module that defines it; the neutral API comes first."""
    text = (site() / "api" / "index.html").read_text(encoding="utf-8")
    plain = " ".join(html.unescape(re.sub(r"<[^>]+>", "", text)).replace("\u2019", "'").split())
    for module, names in KEY_FUNCTIONS.items():
        defined = importlib.import_module(f"millebornes.{module}")
        prefix = "millebornes." if module == "api" else f"millebornes.{module}."
        for name in names:
            signature = (
                f'<span class="sig-prename descclassname"><span class="pre">{prefix}</span></span>'
                f'<span class="sig-name descname"><span class="pre">{name}</span>'
            )
            assert signature in text, (module, name)
            if module == "api":
                assert getattr(millebornes, name) is getattr(defined, name), name
            doc = getattr(defined, name).__doc__.replace("``", "")
            assert " ".join(doc.split()[:4]) in plain, name  # its docstring is shown
            entry = f"generated/millebornes.{module}.html#millebornes.{module}.{name}"
            assert f'href="{entry}"' in text, entry  # and links to its full entry
    headings = [
        html.unescape(heading).replace("\u2019", "'")
        for heading in re.findall(r'<h[2-6]>(.*?)<a class="headerlink"', text)
    ]
    shown = [heading for heading in headings if heading in API_HEADINGS]
    assert shown == list(API_HEADINGS), headings  # the neutral API first, then the protocol
    assert '<span class="sig-name descname"><span class="pre">RuleFamily</span>' in text
    assert "generated/millebornes.core.family.html#millebornes.core.family.RuleFamily" in text
    assert (
        "generated/millebornes.families.classic.serialize.html"
        "#millebornes.families.classic.serialize.to_json" in text
    )


# --- worked examples --------------------------------------------------------------------


@pytest.mark.rules(
    "TURN-DRAW",
    "TURN-PLAY-OR-DISCARD",
    "REM-MATCH",
    "CF-WINDOW",
    "CF-EFFECT",
    "CF-REPLACEMENT",
    "CF-TURN",
    "CF-DECLINE",
    "END-GOAL",
    "SCORE-SHEET",
    "SCORE-SHUTOUT",
)
def test_the_worked_examples_run_as_doctests() -> None:
    build = doctest_build()
    assert build.returncode == 0, build.output
    report = (ROOT / "docs" / "_build" / "doctest" / "output.txt").read_text(encoding="utf-8")
    match = re.search(r"(\d+) tests\s+0 failures in tests", report)
    assert match and int(match.group(1)) >= 30, report
    examples = Path(ROOT / "docs" / "examples.md").read_text(encoding="utf-8")
    for heading in ("## A turn", "## A coup-fourré", "## The score sheet"):
        assert heading in examples


def test_no_page_shows_a_memory_address() -> None:
    """A value shown by its ``repr`` with an address (``<function f at 0x7f…>``, a default
    in a signature, say) tells a reader nothing and changes from build to build."""
    shown = [
        path.relative_to(site()).as_posix()
        for path in sorted(site().rglob("*.html"))
        if re.search(r" at 0x[0-9a-f]{6,}", path.read_text(encoding="utf-8"))
    ]
    assert shown == []
