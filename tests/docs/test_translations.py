"""The French site: every rule statement has a current French translation, keyed by
rule ID, the French keeps the rule IDs and code of the English, and the built French
pages carry the same IDs and links with a switcher to the English page and back.

The catalogues are docs/locale/fr/LC_MESSAGES/<page>.po (tools/update_translations.sh).
A statement's paragraphs are read from spec/ as Sphinx's gettext builder makes its
messages (the lines of a paragraph joined by spaces); a paragraph whose English changed
has no current translation (its old one is marked fuzzy, or gone) until it is refreshed.
"""

from __future__ import annotations

import html
import re
from collections import deque
from functools import cache
from pathlib import Path

import pytest
from babel.messages.pofile import read_po
from sitecheck import ROOT, SPEC, is_external, page, resolve, site

LOCALE = ROOT / "docs" / "locale" / "fr" / "LC_MESSAGES"
OPENING = re.compile(r"^```\{(rule|ruling|assumption)\}\s+(\S+)\s*$")
TRANSLATED_KINDS = ("rule",)
"""The kinds of statement that must all be in French (rulings and assumptions are
translated where their page is, but not required)."""
THEME_CATALOGUE = "sphinx"
"""sphinx.po: the French of the theme's own words ("Next", "On this page"…), read by Sphinx
as an addition to its builtin catalogue; it is no page's catalogue."""
ENGINE_CATALOGUE = "engine"
"""engine.po: the French of the engine's sentences on the Play page (millebornes.apps.french);
no page's catalogue either, and checked like the others for untranslated messages."""
CODE = re.compile(r"`[^`]+`")
LINK_TARGET = re.compile(r"\]\(([^)]+)\)")


def statements() -> dict[str, tuple[str, str, tuple[str, ...]]]:
    """Every rule, ruling and assumption of spec/: ID -> (kind, page, its paragraphs)."""
    found: dict[str, tuple[str, str, tuple[str, ...]]] = {}
    for path in sorted(SPEC.rglob("*.md")):
        lines = path.read_text(encoding="utf-8").splitlines()
        for number, line in enumerate(lines):
            match = OPENING.match(line)
            if not match:
                continue
            end = lines.index("```", number + 1)
            body = "\n".join(text for text in lines[number + 1 : end] if not text.startswith(":"))
            paragraphs = tuple(" ".join(part.split("\n")) for part in body.split("\n\n") if part)
            docname = "spec/" + path.relative_to(SPEC).with_suffix("").as_posix()
            found[match.group(2)] = (match.group(1), docname, paragraphs)
    return found


@cache
def french(docname: str) -> dict[str, str]:
    """The current (not fuzzy, not empty) French of a page's catalogue: English -> French."""
    path = LOCALE / f"{docname}.po"
    if not path.is_file():
        return {}
    with path.open("rb") as handle:
        catalogue = read_po(handle, locale="fr")
    return {
        str(message.id): str(message.string)
        for message in catalogue
        if message.id and message.string and not message.fuzzy
    }


def untranslated(kinds: tuple[str, ...]) -> list[str]:
    return sorted(
        f"{ident} ({docname}.md)"
        for ident, (kind, docname, paragraphs) in statements().items()
        if kind in kinds and not all(text in french(docname) for text in paragraphs)
    )


def test_every_rule_statement_has_a_french_translation() -> None:
    missing = untranslated(TRANSLATED_KINDS)
    assert missing == [], (
        "no current French for these rule statements; run bash tools/update_translations.sh"
        " and translate the new or fuzzy messages:\n" + "\n".join(missing)
    )


def test_the_statements_are_read_as_the_catalogues_read_them() -> None:
    """A translated statement is found by its paragraphs: the reading above is Sphinx's."""
    texts = statements()
    assert len(texts) > 80
    kind, docname, paragraphs = texts["DIST-MAX-200"]
    assert (kind, docname, len(paragraphs)) == ("rule", "spec/rules/distance", 1)
    assert "au plus deux cartes de 200 km" in french(docname)[paragraphs[0]]


def test_the_french_keeps_the_ids_code_and_links_of_the_english() -> None:
    changed = []
    for docname in sorted({docname for _, docname, _ in statements().values()}):
        for english, translation in french(docname).items():
            for pattern in (CODE, LINK_TARGET):
                if sorted(pattern.findall(english)) != sorted(pattern.findall(translation)):
                    changed.append(f"{docname}: {english[:60]}…")
    assert changed == []


def catalogues() -> list[Path]:
    return sorted(LOCALE.rglob("*.po"))


def untranslated_messages(path: Path, root: Path = LOCALE) -> list[str]:
    """A catalogue's messages that the French site shows in English: no French, or fuzzy."""
    with path.open("rb") as handle:
        catalogue = read_po(handle, locale="fr")
    name = path.relative_to(root).as_posix()
    return [
        f"{name}: {' '.join(str(message.id).split()[:8])}…"
        for message in catalogue
        if message.id and (not message.string or message.fuzzy)
    ]


def test_no_french_catalogue_has_an_untranslated_message() -> None:
    missing = [line for path in catalogues() for line in untranslated_messages(path)]
    assert missing == [], (
        f"{len(missing)} messages of the French catalogues have no current French (empty"
        " or fuzzy); translate them and remove the fuzzy flags:\n" + "\n".join(missing)
    )


def test_an_empty_or_a_fuzzy_message_is_untranslated(tmp_path: Path) -> None:
    """The check above finds both kinds, and names the catalogue and the first words."""
    path = tmp_path / "spec" / "page.po"
    path.parent.mkdir()
    path.write_text(
        'msgid "Done"\nmsgstr "Fait"\n\nmsgid "Empty here"\nmsgstr ""\n\n'
        '#, fuzzy\nmsgid "Changed English text"\nmsgstr "Ancien texte"\n',
        encoding="utf-8",
    )
    assert untranslated_messages(path, tmp_path) == [
        "spec/page.po: Empty here…",
        "spec/page.po: Changed English text…",
    ]


def test_every_catalogue_belongs_to_a_page() -> None:
    pages = {path.relative_to(LOCALE).with_suffix("").as_posix() for path in catalogues()}
    pages.discard(THEME_CATALOGUE)
    pages.discard(ENGINE_CATALOGUE)
    docs = ROOT / "docs"
    assert pages, "the French catalogues are in docs/locale/fr/LC_MESSAGES"
    assert [name for name in pages if not (docs / f"{name}.md").exists()] == []


# --- the built French site -----------------------------------------------------------

FRENCH_SITE = "fr"


def french_site() -> Path:
    return site() / FRENCH_SITE


@pytest.mark.rules("DIST-MAX-200")
def test_a_rule_is_in_french_under_the_same_id_and_link() -> None:
    rule_page = french_site() / "spec" / "rules" / "distance.html"
    text = rule_page.read_text(encoding="utf-8")
    assert 'id="DIST-MAX-200"' in text and "au plus deux cartes de 200 km" in text
    forward = french_site() / "id" / "DIST-MAX-200.html"
    assert "spec/rules/distance.html#DIST-MAX-200" in forward.read_text(encoding="utf-8")
    assert 'lang="fr"' in text


ENGLISH_CHROME = (
    "How play flows",
    "Worked examples",
    "Editions side by side",
    "Card data",
    "Traceability",
    "Python API reference",
    "How this site is made",
    "The specification (",
    "Next",
    "Previous",
    "Back to top",
    "Skip to content",
    "On this page",
    "Made with",
    "specification authors",
)
"""English that the French site's navigation once showed: page titles in the sidebar, the
theme's words and the footer. None of it may be in a French page's chrome."""
CHROME_PAGES = ("index", "spec/rules/distance", "bots", "diagrams", "api/index", "traceability")
ARTICLE = re.compile(r'<article role="main".*?</article>', re.DOTALL)
HIDDEN = re.compile(r"<(script|style|svg)\b.*?</\1>", re.DOTALL)
TAG = re.compile(r"<[^>]+>")


def chrome_text(path: Path) -> str:
    """A built page's words outside its article: sidebar, header, "Next"/"Previous", footer."""
    outside = HIDDEN.sub(" ", ARTICLE.sub(" ", path.read_text(encoding="utf-8")))
    return html.unescape(TAG.sub(" ", outside))


def test_the_french_site_s_navigation_and_footer_are_french() -> None:
    english = [
        f"{name}.html: {words!r}"
        for name in CHROME_PAGES
        for words in ENGLISH_CHROME
        if re.search(rf"(?<!\w){re.escape(words)}", chrome_text(french_site() / f"{name}.html"))
    ]
    assert english == []
    index = chrome_text(french_site() / "index.html")
    assert all(words in index for words in ("Le déroulement du jeu", "Suivant", "Réalisé avec"))


def test_the_english_site_keeps_its_own_chrome() -> None:
    """The French words come from the French build only (so the test above can fail)."""
    index = chrome_text(site() / "index.html")
    assert all(words in index for words in ("How play flows", "Next", "Made with"))


def test_every_page_links_the_same_page_in_the_other_language() -> None:
    for english in (site() / "index.html", site() / "spec" / "rules" / "distance.html"):
        target, _ = resolve(english, _switch(english))
        assert target == french_site() / english.relative_to(site())
        back, _ = resolve(target, _switch(target))
        assert back == english


def _switch(path: Path) -> str:
    match = re.search(r'class="mb-language-switch" href="([^"]+)"', path.read_text("utf-8"))
    assert match, f"{path} has no language switcher"
    return match.group(1)


def test_a_french_reader_finds_coup_fourre_in_two_clicks() -> None:
    start = french_site() / "index.html"
    assert "Mille Bornes, la spécification de référence" in page(start).text
    depth = {start: 0}
    queue = deque([start])
    while queue:
        current = queue.popleft()
        if depth[current] == 2:
            continue
        for url in page(current).links:
            target, _ = resolve(current, url)
            if is_external(url) or target in depth or target.suffix != ".html":
                continue
            if not target.is_file():
                continue
            depth[target] = depth[current] + 1
            queue.append(target)
    coup_fourre = french_site() / "spec" / "rules" / "coup-fourre.html"
    assert coup_fourre in depth and depth[coup_fourre] <= 2
    assert "Coup-fourré" in page(coup_fourre).text
    assert "coup-fourré en posant la botte" in page(coup_fourre).text, "the rules in French"
