"""French for the Play page (``docs/play.md``): the engine's words and the rules' statements,
read from the translation catalogues, never typed a second time.

Two sources, both in ``docs/locale/fr/LC_MESSAGES``:

- ``engine.po``: the engine's English sentences (moves, whose move it is, the windows'
  questions, the results) as templates with named fields, ``seat {seat} discards {card}``,
  and their French. The English text is made by the families' own modules, unchanged; a
  French line is found by reading the English one back against the templates (the fields'
  values taken out, the French template filled with them). A card field's value, ``Stop
  «Feu Rouge»`` or ``STOP``, becomes the edition's own French name. The field ``{rest}``
  ends a template: what it holds is read piece by piece against the templates of context
  ``phrase`` (``by the shortcut``…), so that a move's optional parts need no template each.
- the spec pages' catalogues (``spec/…/*.po``): a rule's statement is the first sentence of
  the French of the paragraph it is taken from in English
  (:func:`millebornes.apps.referee.first_sentence`).

In the browser the engine is a zip without ``docs/``: the docs build puts what is read
here, as JSON, into the zip (``millebornes/_locale/fr.json``, :func:`bundle`), and it is read
first when it is there. A line with no template, or a rule with no French, stays English.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Mapping
from functools import cache
from pathlib import Path
from typing import Any, ClassVar

from millebornes.apps.referee import first_sentence
from millebornes.core.spec_index import spec_entries

_PACKAGE = Path(__file__).resolve().parents[1]
BUNDLE_NAME = "_locale/fr.json"
BUNDLED = _PACKAGE / BUNDLE_NAME
"""The catalogues' French as the docs build packs it for the browser, in the package."""
LOCALE = _PACKAGE.parent.parent / "docs" / "locale" / "fr" / "LC_MESSAGES"
"""The catalogues in the repository."""
ENGINE = "engine.po"
PHRASE, ITEM, SHEET = "phrase", "item", "sheet"
"""The contexts of ``engine.po`` besides whole lines: pieces of a ``{rest}``, items of a list
field (``{list}``, items between commas; ``{both}``, items joined by "and"), and the score
sheet's column headings."""
PARTS = {"ruling": "**Décision.**", "assumption": "**Valeur.**"}
"""The French of the heading a ruling's or an assumption's statement follows."""
SENTENCE_END = re.compile(r"(?<=[.!?])\s+(?=[A-ZÀÂÇÉÈÊÎÔÙ(«])")

# --- reading a catalogue ---------------------------------------------------------------------

_ESCAPES = {"n": "\n", "t": "\t", '"': '"', "\\": "\\"}
_QUOTED = re.compile(r'^"(.*)"$')


def _unquote(text: str) -> str:
    found = _QUOTED.match(text.strip())
    if not found:
        raise ValueError(f"not a quoted PO string: {text[:40]!r}")
    return re.sub(r"\\(.)", lambda m: _ESCAPES.get(m.group(1), m.group(1)), found.group(1))


def read_po(text: str) -> dict[tuple[str, str], str]:
    """A catalogue's current French, ``(context, English) -> French``: neither empty nor
    fuzzy (a fuzzy message is an old translation of a changed English text)."""
    found: dict[tuple[str, str], str] = {}
    entry: dict[str, str] = {}
    fuzzy = False
    field = ""

    def close() -> None:
        if entry.get("msgid") and entry.get("msgstr") and not fuzzy:
            found[(entry.get("msgctxt", ""), entry["msgid"])] = entry["msgstr"]

    for raw in text.splitlines():
        line = raw.strip()
        if not line or line.startswith("#"):
            if line.startswith("#,") and "fuzzy" in line:
                close()
                entry, fuzzy, field = {}, True, ""
            continue
        keyword, _, rest = line.partition(" ")
        if keyword in ("msgctxt", "msgid", "msgstr"):
            if keyword != "msgstr" and "msgstr" in entry:  # a new message begins
                close()
                entry, fuzzy = {}, False
            field = keyword
            entry[field] = _unquote(rest)
        elif line.startswith('"') and field:
            entry[field] += _unquote(line)
    close()
    return found


def _catalogue(path: Path) -> dict[tuple[str, str], str]:
    return read_po(path.read_text(encoding="utf-8")) if path.is_file() else {}


# --- what the browser gets: the engine's templates and every rule's French statement ----------


def build(locale: Path = LOCALE) -> dict[str, Any]:
    """The French the Play page needs, from the catalogues in ``locale``: ``engine``
    (``[context, English, French]`` triples) and ``statements`` (rule ID -> French)."""
    engine = [
        [ctx, english, french] for (ctx, english), french in _catalogue(locale / ENGINE).items()
    ]
    pages: dict[str, dict[tuple[str, str], str]] = {}
    statements: dict[str, str] = {}
    for entry in spec_entries():
        page = "spec/" + entry.file.removesuffix(".md")
        if page not in pages:
            pages[page] = _catalogue(locale / f"{page}.po")
        french = _statement(entry.kind, entry.text, pages[page])
        if french is not None:
            statements[entry.id] = french
    return {"engine": engine, "statements": statements}


def _statement(kind: str, text: str, catalogue: Mapping[tuple[str, str], str]) -> str | None:
    """The French statement of one rule: its paragraphs as the catalogue has them (lines
    joined by spaces), the one the English statement is taken from translated."""
    english_part = {"ruling": "**Decision.**", "assumption": "**Value.**"}.get(kind)
    for paragraph in (_message(p) for p in text.split("\n\n") if p.strip()):
        if english_part is None or english_part in paragraph:
            french = catalogue.get(("", paragraph))
            if french is None:
                return None
            return first_sentence(french, PARTS.get(kind), SENTENCE_END)
    return None


_LIST_ITEM = re.compile(r"^\s*(?:[-*+]|\d+[.)])\s")


def _message(paragraph: str) -> str:
    """A paragraph as the catalogue has its first message: its lines joined by spaces, up to
    a list that follows it (each item of a list is a message of its own)."""
    lines = paragraph.split("\n")
    end = next((i for i, line in enumerate(lines) if i and _LIST_ITEM.match(line)), len(lines))
    return " ".join(lines[:end])


def bundle(locale: Path = LOCALE) -> str:
    """:func:`build` as the JSON the docs build puts in the browser's engine zip."""
    return json.dumps(build(locale), ensure_ascii=False, sort_keys=True)


@cache
def _french() -> dict[str, Any]:
    if BUNDLED.is_file():
        found: dict[str, Any] = json.loads(BUNDLED.read_text(encoding="utf-8"))
        return found
    return build()


def statement(rule_id: str, english: str) -> str:
    """A rule's statement in French, or ``english`` when it has none."""
    found: str = _french()["statements"].get(rule_id, english)
    return found


# --- the engine's lines, read back against the templates ---------------------------------------

_FIELD = re.compile(r"\{([a-z_]+?)(\d*)\}")
ID = r"[A-Z][A-Z0-9_]*+(?! «)"
"""A card's ID (``STOP``), not the start of a name in guillemets (``STOP «Feu Rouge»``)."""
CARD = rf"(?:[^«»]+? «[^«»]+»|{ID})"
PATTERNS = {
    "card": CARD,
    "attack": ID,
    "take": ID,
    "give": ID,
    "top": ID,
    "moved": rf"(?:{ID}|\?)",
    "borne": r"[A-Z][A-Z0-9_]*\+*",
    "cards": r".+?",
    "teams": r".+?",
    "sound": r"[^«»]+",
    "rest": r".*",
    "list": r".+?",
    "both": r".+?",
}
"""What each kind of field holds (a field's kind is its name without digits); any other
field is a number."""
NUMBER = r"\d+"
_CARD_NAME = re.compile(r"(.+?) «(.+)»")
_WORD_ID = re.compile(r"\b[A-Z][A-Z0-9_]+\b")


class Template:
    """One English template read back: its pattern, and its French."""

    __slots__ = ("french", "pattern", "weight")

    def __init__(self, english: str, french: str, *, whole: bool) -> None:
        parts, seen, pos = [], set(), 0
        for field in _FIELD.finditer(english):
            parts.append(re.escape(english[pos : field.start()]))
            name = field.group(1) + field.group(2)
            if name in seen:
                parts.append(f"(?P={name})")
            else:
                seen.add(name)
                parts.append(f"(?P<{name}>{PATTERNS.get(field.group(1), NUMBER)})")
            pos = field.end()
        parts.append(re.escape(english[pos:]))
        self.pattern = re.compile("".join(parts) + ("$" if whole else ""), re.DOTALL)
        self.french = french
        self.weight = len(_FIELD.sub("", english))
        """The template's own characters: the more, the more particular (tried first)."""


@cache
def _templates() -> dict[str, tuple[Template, ...]]:
    """The templates of each context, the most particular first."""
    found: dict[str, list[Template]] = {}
    for context, english, french in _french()["engine"]:
        template = Template(english, french, whole=context != PHRASE)
        found.setdefault(context, []).append(template)
    return {ctx: tuple(sorted(ts, key=lambda t: -t.weight)) for ctx, ts in found.items()}


class Translator:
    """The engine's English lines in French, for one edition's card names (ID -> French)."""

    def __init__(self, names: Mapping[str, str]) -> None:
        self.names = dict(names)
        self.missed: list[str] = []
        """Lines no template reads (shown in English): the tests want none."""

    def line(self, english: str) -> str:
        """``english`` in French; ``english`` itself (and noted in ``missed``) when no
        template of the catalogue reads it."""
        found = self._whole(english, "")
        if found is None:
            self.missed.append(english)
            return english
        return found

    def label(self, english: str) -> str:
        """A score sheet heading in French."""
        for template in _templates().get(SHEET, ()):
            if template.pattern.match(english):
                return template.french
        self.missed.append(english)
        return english

    def _whole(self, english: str, context: str) -> str | None:
        for template in _templates().get(context, ()):
            found = template.pattern.match(english)
            if found is None:
                continue
            values = self._values(found.groupdict())
            if values is not None:
                return _fill(template.french, values)
        return None

    def _values(self, fields: dict[str, str]) -> dict[str, str] | None:
        values = {}
        for name, value in fields.items():
            kind = name.rstrip("0123456789")
            converted = self._KINDS.get(kind, _same)(self, value)
            if converted is None:
                return None
            values[name] = converted
        return values

    def _card(self, value: str) -> str:
        named = _CARD_NAME.fullmatch(value)
        return named.group(2) if named else self.names.get(value, value)

    def _borne(self, value: str) -> str:
        card = value.rstrip("+")
        return self.names.get(card, card) + value[len(card) :]

    def _ids(self, value: str) -> str:
        return _WORD_ID.sub(lambda m: self.names.get(m.group(0), m.group(0)), value)

    def _rest(self, value: str) -> str | None:
        """A line's optional parts, each read by a phrase template, in order."""
        out = []
        while value:
            for template in _templates().get(PHRASE, ()):
                found = template.pattern.match(value)
                if found is None or not found.group(0):
                    continue
                values = self._values(found.groupdict())
                if values is None:
                    continue
                out.append(_fill(template.french, values))
                value = value[found.end() :]
                break
            else:
                return None
        return "".join(out)

    def _list(self, value: str, separator: str, french: str) -> str | None:
        """A list (``seat 0 300 km, seat 1 200 km``), each item a whole phrase."""
        items = [self._whole(item, ITEM) for item in value.split(separator)]
        if any(item is None for item in items):
            return None
        return french.join(item for item in items if item is not None)

    _KINDS: ClassVar[dict[str, Callable[[Translator, str], str | None]]] = {
        "card": _card,
        "attack": _card,
        "take": _card,
        "give": _card,
        "top": _card,
        "moved": _card,
        "borne": _borne,
        "cards": _ids,
        "rest": _rest,
        "list": lambda self, value: self._list(value, ", ", ", "),
        "both": lambda self, value: self._list(value, " and ", " et "),
    }


def _same(translator: Translator, value: str) -> str:
    return value


def _fill(french: str, values: Mapping[str, str]) -> str:
    """A French template with its fields' values."""
    return _FIELD.sub(lambda m: values[m.group(1) + m.group(2)], french)
