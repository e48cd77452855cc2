"""``millebornes referee`` and ``millebornes explain``: verdicts, exit codes, JSON, and
plain-language reasons read from the spec."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from transcript_support import TRACES, cli, first_round, trace_case, transcript_of_trace

from millebornes.apps.cli import main
from millebornes.apps.record import Header, dealt_deck, header_line
from millebornes.apps.referee import statement
from millebornes.core.spec_index import spec_entries
from millebornes.families.classic import new_round, to_json

ILLEGAL_PLAY = '{"card":"D100","seat":1,"target":1,"type":"play"}'


def write(tmp_path: Path, name: str, lines: list[str]) -> str:
    path = tmp_path / name
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return str(path)


def test_statements_are_one_plain_line_from_the_spec() -> None:
    assert statement("DIST-ROLLING") == (
        "A distance card may be laid only while the team is rolling (PILE-ROLLING)."
    )
    for entry in spec_entries():
        text = statement(entry.id)
        assert text and "\n" not in text and "`" not in text and "**" not in text, entry.id
        if entry.kind == "rule":  # its first sentence, whole
            assert " ".join(entry.text.replace("`", "").split()).startswith(text), entry.id
            assert text.endswith((".", ":")), entry.id
    # A ruling is summed up by its decision, an assumption by its value.
    assert statement("RUL-FIRST-DEALER") in " ".join(
        next(e.text for e in spec_entries() if e.id == "RUL-FIRST-DEALER").split()
    ).replace("`", "")
    assert not statement("RUL-FIRST-DEALER").startswith("Question")


def test_referee_legal_game_prints_the_score_sheet(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    case = trace_case(TRACES[0])
    path = write(tmp_path, "game.jsonl", transcript_of_trace(case))
    assert main(["referee", path]) == 0
    out = capsys.readouterr().out
    assert f"{len(case['input']['actions']) + 1} legal moves" in out
    assert "score sheet" in out and "round winner:" in out
    assert "every move is legal" in out
    assert main(["referee", path, "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["verdict"] == "legal" and data["rounds"][-1]["round"] == 1
    assert data["match_winners"] == case["expected"]["score"]["match_winners"]


@pytest.mark.rules("DIST-ROLLING")
def test_referee_names_the_first_illegal_move(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    lines = [*first_round(5), '{"seat":1,"type":"draw"}', ILLEGAL_PLAY]
    path = write(tmp_path, "bad.jsonl", lines)
    assert main(["referee", path, "--docs", "https://example.org/mb/"]) == 1
    out = capsys.readouterr().out
    assert "line 4: ILLEGAL: seat 1 plays 100 km" in out
    assert "  DIST-ROLLING: A distance card may be laid only while the team is rolling" in out
    assert "see https://example.org/mb/id/DIST-ROLLING.html" in out
    assert main(["referee", path, "--json"]) == 1
    data = json.loads(capsys.readouterr().out)
    assert data["verdict"] == "illegal" and data["line"] == 4
    assert data["action"] == json.loads(ILLEGAL_PLAY)
    dist = next(rule for rule in data["rules"] if rule["id"] == "DIST-ROLLING")
    assert dist["link"].endswith("docs/_build/html/id/DIST-ROLLING.html")  # the local build
    assert dist["statement"] == statement("DIST-ROLLING")


def test_referee_malformed_and_unreadable_files_exit_2_with_one_line(tmp_path: Path) -> None:
    bad = write(tmp_path, "bad.jsonl", [first_round(5)[0], '{"seat":1,"type":"fly"}'])
    result = cli("referee", bad)
    assert result.returncode == 2 and result.stdout == ""
    assert result.stderr.strip() == (
        "millebornes referee: error: line 2: action.type: unknown action type 'fly'; known: "
        "['coup_fourre', 'deal', 'decline', 'discard', 'draw', 'extension', 'play']"
    )
    result = cli("referee", str(tmp_path / "missing.jsonl"))
    assert result.returncode == 2 and "Traceback" not in result.stderr
    assert result.stderr.startswith("millebornes referee: error: argument FILE: cannot read")
    assert len(result.stderr.strip().splitlines()) == 1
    result = cli("referee", bad, "--json")
    assert result.returncode == 2 and json.loads(result.stdout)["verdict"] == "malformed"


def test_referee_reads_standard_input() -> None:
    lines = [*first_round(5), '{"seat":1,"type":"draw"}', ILLEGAL_PLAY]
    result = cli("referee", "-", stdin="\n".join(lines) + "\n")
    assert result.returncode == 1, result.stderr
    assert "line 4: ILLEGAL" in result.stdout


def dealt_state(tmp_path: Path) -> str:
    path = tmp_path / "state.json"
    path.write_text(to_json(new_round("classic", 2, seed=2026)), encoding="utf-8")
    return str(path)


def test_explain_a_legal_action_shows_the_next_state(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    state = dealt_state(tmp_path)
    assert main(["explain", "--state", state, "--action", '{"type":"draw","seat":1}']) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[0].startswith("legal: seat 1 draws ")
    assert "next: seat 1 to play or discard a card" in out[1]
    assert out[2].startswith("  team 0:") and out[3].startswith("  team 1:")
    argv = ["explain", "--state", state, "--action", '{"type":"draw","seat":1}', "--json"]
    assert main(argv) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["verdict"] == "legal" and data["rules"] == []
    assert data["next_state"]["phase"] == "play"


@pytest.mark.rules("TURN-PLAY-OR-DISCARD", "TURN-ACTOR")
def test_explain_an_illegal_action_gives_rules_statements_and_links(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    state = dealt_state(tmp_path)
    assert main(["explain", "--state", state, "--action", '{"type":"draw","seat":0}']) == 1
    out = capsys.readouterr().out
    assert out.startswith("ILLEGAL: seat 0 draws")
    assert f"  TURN-ACTOR: {statement('TURN-ACTOR')}" in out
    assert "docs/_build/html/id/TURN-ACTOR.html" in out
    assert main(["explain", "--state", state, "--action", ILLEGAL_PLAY, "--json"]) == 1
    data = json.loads(capsys.readouterr().out)
    assert data["verdict"] == "illegal" and "next_state" not in data
    assert "TURN-PLAY-OR-DISCARD" in [rule["id"] for rule in data["rules"]]  # not drawn yet


def test_explain_reads_the_state_from_standard_input() -> None:
    state = to_json(new_round("classic", 2, seed=2026))
    result = cli("explain", "--state", "-", "--action", ILLEGAL_PLAY, stdin=state)
    assert result.returncode == 1 and result.stdout.startswith("ILLEGAL: seat 1 plays 100 km")


@pytest.mark.parametrize(
    ("state_text", "action", "message"),
    [
        (None, '{"type":"draw"}', "action: missing ['seat']"),
        (None, "draw", "not JSON"),
        (None, '{"type":"draw","seat":7}', "seat 7 does not exist"),
        ("{}", '{"type":"draw","seat":1}', "state: missing"),
        ("[]", '{"type":"draw","seat":1}', "state: expected an object"),
    ],
)
def test_explain_malformed_input_is_one_line_and_exit_2(
    tmp_path: Path, state_text: str | None, action: str, message: str
) -> None:
    if state_text is None:
        state = dealt_state(tmp_path)
    else:
        state = write(tmp_path, "state.json", [state_text])
    result = cli("explain", "--state", state, "--action", action)
    assert result.returncode == 2, result.stdout
    assert result.stderr.startswith("millebornes explain: error: ")
    assert message in result.stderr and len(result.stderr.strip().splitlines()) == 1


@pytest.mark.parametrize("command", ["play", "referee", "explain"])
def test_help_shows_defaults_and_no_markup(
    command: str, capsys: pytest.CaptureFixture[str]
) -> None:
    with pytest.raises(SystemExit) as done:
        main([command, "--help"])
    assert done.value.code == 0
    text = capsys.readouterr().out
    assert "``" not in text and ":mod:" not in text
    assert "(default: the local build, docs/_build/html/," in " ".join(text.split())
    if command == "play":
        for default in ("(default: classic)", "(default: 2)", "(default: 0)", "(default: 1)"):
            assert default in " ".join(text.split())
    else:
        assert "exit status: 0" in text


def test_links_lead_to_the_built_site_or_say_how_to_build_it(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    """The default links are the local build as a file:// address when it is built, else
    the place it will be built at, with a line saying how to build it."""
    from millebornes.apps import referee as judging  # noqa: PLC0415

    site = tmp_path / "html"
    (site / "id").mkdir(parents=True)
    (site / "index.html").write_text("", encoding="utf-8")
    monkeypatch.setattr(judging, "built_site", lambda: site)
    assert judging.docs_base() == (site.as_uri() + "/", True)
    assert judging.docs_base("https://example.org/") == ("https://example.org/", True)
    monkeypatch.setattr(judging, "built_site", lambda: None)
    judging._unbuilt.cache_clear()
    assert judging.docs_base() == ("docs/_build/html/", False)
    state = new_round("classic", 2, seed=2026)
    from millebornes.families.classic import Draw  # noqa: PLC0415

    lines = list(judging.explain(state, Draw(0)).refusal_lines("ILLEGAL"))
    assert lines[-2] == "    see docs/_build/html/id/TURN-ACTOR.html"
    assert lines[-1] == f"    {judging.BUILD_HINT}"
    assert "bash tools/build_docs.sh" in judging.BUILD_HINT
    judging._unbuilt.cache_clear()


HOSTILE_LINES = {
    "a 5,000-digit seat": '{"type":"pass","seat":' + "1" * 5000 + "}",
    "3,000-deep nesting": "[" * 3000,
    "NaN": '{"type":"pass","seat":NaN}',
}


@pytest.mark.parametrize("edition", ["classic", "fun-speed", "as-du-volant"])
@pytest.mark.parametrize("line", sorted(HOSTILE_LINES))
def test_a_hostile_line_in_any_family_is_one_line_naming_it(
    tmp_path: Path, edition: str, line: str
) -> None:
    # The transcript reader goes through the one JSON boundary: Python's own limits (4,300
    # digits, recursion) must never surface as a traceback from referee or explain.
    header = header_line(Header(edition, 2, (), 5, deck=dealt_deck(edition, 2, 5)))
    path = write(tmp_path, "hostile.jsonl", [header, HOSTILE_LINES[line]])
    for args in (("referee", path), ("explain", "--transcript", path, "--line", "2")):
        result = cli(*args)
        assert result.returncode == 2 and "Traceback" not in result.stderr, result.stderr
        assert result.stderr.startswith(f"millebornes {args[0]}: error: line 2: not JSON")
        assert len(result.stderr.strip().splitlines()) == 1
