"""English and French side by side: the language switcher and the French site's title.

``tools/build_docs.sh`` builds the English site into ``docs/_build/html`` and the French
one, from ``docs/locale/fr/LC_MESSAGES`` (``language=fr``), into ``docs/_build/html/fr``.
Every page links the same page in the other language: the context value
``mb_other_language`` read by ``docs/_templates/sidebar/language.html``. Rule IDs, anchors
and ``id/RULE.html`` links are the same in both sites.
"""

from __future__ import annotations

import re
from typing import Any

from sphinx.application import Sphinx
from sphinx.config import Config

FRENCH_FOLDER = "fr/"
"""Where the French site is, inside the English one."""
TITLES = {"fr": "Spécification de Mille Bornes"}
"""The site's short title in each language other than English (``html_title``)."""
COPYRIGHTS = {"fr": "les auteurs de la spécification de Mille Bornes"}
"""The footer's copyright holder in each language other than English (``copyright``)."""
CREDITS = {
    "fr": 'Réalisé avec <a href="https://www.sphinx-doc.org/">Sphinx</a> et le thème'
    ' <a href="https://github.com/pradyunsg/furo">Furo</a> de'
    ' <a class="muted-link" href="https://pradyunsg.me">@pradyunsg</a>'
}
"""furo's "Made with Sphinx and @pradyunsg's Furo", said in each other language. furo
builds it from English pieces around a possessive ("'s") that is not a message, so no
catalogue can translate it: docs/_templates/page.html passes the footer through
``mb_credit`` instead."""
ENGLISH_CREDIT = re.compile(r"Made with .*?Furo</a>", re.DOTALL)


def other_language(language: str, pagename: str) -> dict[str, str]:
    """The same page in the other language, as a URL relative to ``pagename``'s page."""
    up = "../" * pagename.count("/")
    if language == "fr":
        return {"code": "en", "label": "English", "url": f"{up}../{pagename}.html"}
    return {"code": "fr", "label": "Français", "url": f"{up}{FRENCH_FOLDER}{pagename}.html"}


def _title(app: Sphinx, config: Config) -> None:
    if config.language in TITLES:
        config.html_title = TITLES[config.language]
    if config.language in COPYRIGHTS:
        config.copyright = COPYRIGHTS[config.language]


def credit(footer: str, language: str) -> str:
    """The footer's HTML with furo's credit line in ``language`` (unchanged in English)."""
    if language not in CREDITS:
        return footer
    return ENGLISH_CREDIT.sub(CREDITS[language], footer, count=1)


def _filters(app: Sphinx) -> None:
    templates = getattr(app.builder, "templates", None)
    if templates is not None:  # HTML builders only
        templates.environment.filters["mb_credit"] = credit


def _switcher(
    app: Sphinx, pagename: str, templatename: str, context: dict[str, Any], doctree: Any
) -> None:
    context["mb_other_language"] = other_language(app.config.language, pagename)


def setup(app: Sphinx) -> dict[str, Any]:
    app.connect("config-inited", _title)
    app.connect("builder-inited", _filters)
    app.connect("html-page-context", _switcher)
    app.add_css_file("language.css")
    return {"parallel_read_safe": True, "parallel_write_safe": True}
