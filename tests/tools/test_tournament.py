"""``millebornes tournament``: small tournaments of every rule set complete; every seat
arrangement meets the same deals; the result does not depend on the chunks or the
workers; an author's callable can enter; every bad value is one line, exit 2."""

from __future__ import annotations

import contextlib
import io
import json
import subprocess
import sys
from pathlib import Path

import pytest

from millebornes.apps.arguments import Game
from millebornes.apps.cli import main
from millebornes.apps.rating import bradley_terry, wilson
from millebornes.apps.search import Budget
from millebornes.apps.tournament import TournamentConfig, run_chunk, run_local, standings

TOOLS = Path(__file__).resolve().parent
RULE_SETS = ["classic", "cars", "asterix", "allonge", "fun-speed", "as-du-volant"]


def run(*args: str) -> str:
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        assert main(["tournament", "--quiet", *args]) == 0
    return out.getvalue()


def on_workers(args: list[str], workers: int) -> subprocess.CompletedProcess[str]:
    """The command in a process of its own, on a local Dask cluster of ``workers``."""
    return subprocess.run(
        [sys.executable, "-m", "millebornes.apps.cli", *args, "--workers", str(workers)],
        capture_output=True,
        text=True,
        check=False,
        timeout=300,
    )


def config(edition: str = "fun-speed", players: int = 2, **changes: object) -> TournamentConfig:
    base = TournamentConfig(
        Game(edition, players, ()), ("random", "greedy", "search"), 2, 5, Budget(playouts=1)
    )
    return TournamentConfig(**{**{f: getattr(base, f) for f in base.__slots__}, **changes})


@pytest.mark.parametrize("edition", RULE_SETS)
def test_a_small_tournament_of_every_rule_set_completes(edition: str) -> None:
    data = json.loads(run("--edition", edition, "--games", "2", "--budget", "1p", "--json"))
    assert data["games"] == 2 * 6  # 2 deals at the 6 arrangements of 3 bots at 2 seats
    rows = {row["bot"]: row for row in data["bots"]}
    assert set(rows) == {"random", "greedy", "search"}
    for row in rows.values():
        assert row["games"] == 8  # each bot sits at 4 of the 6 tables
        low, high = row["rating_95"]
        assert low <= row["rating"] <= high
    assert abs(sum(row["rating"] for row in rows.values())) < 1  # ratings average 0
    assert rows["greedy"]["wins"] >= rows["random"]["wins"]


def test_every_arrangement_plays_the_same_deals() -> None:
    tournament = config(players=3, bots=("random", "greedy"))
    tables = tournament.tables()
    assert sorted(tables) == [(0, 1, 0), (1, 0, 1)]  # two bots round three seats
    assert len(config(players=2).tables()) == 6
    assert sorted(config(players=4).tables())[0] == (0, 1, 2, 0)
    games = run_chunk(tournament, 0, 1)
    assert [(g.deal, g.table) for g in games] == [(0, 0), (0, 1)]


def test_the_result_does_not_depend_on_the_chunks() -> None:
    whole = run_local(config(chunk=2))
    assert whole == run_local(config(chunk=1))
    assert standings(config(chunk=2), whole) == standings(config(chunk=1), run_local(config()))


@pytest.mark.slow
def test_the_worker_count_does_not_change_the_result() -> None:
    args = ["tournament", "--edition", "as-du-volant", "--games", "2", "--budget", "1p"]
    args += ["--json", "--quiet", "--seed", "3"]
    done = on_workers(args, 2)
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout) == json.loads(run(*args[1:]))


@pytest.mark.slow
def test_a_dask_cluster_gives_the_local_result() -> None:
    from millebornes.apps.simulate_dask import local_client  # noqa: PLC0415
    from millebornes.apps.tournament import run_dask  # noqa: PLC0415

    tournament = config(edition="classic", bots=("random", "greedy"))
    with local_client(2, processes=False) as client:
        assert run_dask(tournament, client) == run_local(tournament)


def test_an_authors_callables_enter(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.syspath_prepend(str(TOOLS))
    bots = "greedy,entrant_example:first_legal,entrant_example:LastLegal"
    data = json.loads(run("--bots", bots, "--games", "1", "--json"))
    assert [row["bot"] for row in data["bots"]] == bots.split(",")
    assert all(row["games"] == 4 for row in data["bots"])


def test_the_table_names_every_bot_with_its_interval() -> None:
    text = run("--edition", "classic", "--bots", "random,greedy", "--games", "2")
    assert "greedy" in text and "95% interval" in text and "head to head" in text


def test_csv_and_plot_are_written(tmp_path: Path) -> None:
    rows, plot = tmp_path / "games.csv", tmp_path / "ratings.svg"
    run("--bots", "random,greedy", "--games", "1", "--csv", str(rows), "--plot", str(plot))
    lines = rows.read_text(encoding="utf-8").splitlines()
    assert lines[0].startswith("deal,table,seat,bot") and len(lines) == 1 + 2 * 2
    assert plot.read_text(encoding="utf-8").lstrip().startswith("<?xml")


@pytest.mark.parametrize(
    ("args", "argument"),
    [
        (["--bots", "greedy,nobody"], "--bots"),
        (["--bots", "greedy"], "--bots"),
        (["--bots", "greedy,greedy"], "--bots"),
        (["--bots", "greedy,"], "--bots"),
        (["--bots", "greedy,no_such_module_here:f"], "--bots"),
        (["--bots", "greedy,entrant_example:NOT_CALLABLE"], "--bots"),
        (["--bots", "greedy,entrant_example:missing"], "--bots"),
        (["--budget", "fast"], "--budget"),
        (["--budget", "0p"], "--budget"),
        (["--games", "0"], "--games"),
        (["--players", "9"], "--players"),
        (["--edition", "nope"], "--edition"),
        (["--plot", "ratings.txt"], "--plot"),
        (["--csv", "/no/such/dir/x.csv"], "--csv"),
        (["--workers", "0"], "--workers"),
    ],
)
def test_a_bad_value_is_one_line_exit_2(
    args: list[str],
    argument: str,
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.syspath_prepend(str(TOOLS))
    with pytest.raises(SystemExit) as stopped:
        main(["tournament", "--quiet", *args])
    assert stopped.value.code == 2
    error = capsys.readouterr().err
    assert error.count("\n") == 1 and argument in error
    assert error.startswith("millebornes tournament: error:")


def test_an_illegal_answer_of_an_authors_bot_is_one_line(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.syspath_prepend(str(TOOLS))
    args = ["tournament", "--quiet", "--games", "1", "--bots", "greedy,entrant_example:illegal"]
    with pytest.raises(SystemExit) as stopped:
        main(args)
    assert stopped.value.code == 1
    error = capsys.readouterr().err
    assert error.count("\n") == 1 and "entrant_example:illegal" in error


@pytest.mark.slow
def test_a_bot_that_raises_on_a_worker_is_one_line() -> None:
    # The worker that ran the failing bot used to log "Compute Failed" with a traceback.
    args = ["tournament", "--quiet", "--games", "1", "--bots", "greedy,os:getcwd"]
    done = on_workers(args, 1)
    assert done.returncode == 1, done.stderr
    assert done.stderr.count("\n") == 1 and "bot os:getcwd: failed: TypeError" in done.stderr


def test_bradley_terry_orders_by_results_and_wilson_brackets_the_share() -> None:
    wins = [[0, 8, 9], [2, 0, 6], [1, 4, 0]]
    ratings = bradley_terry(3, wins)
    assert ratings[0] > ratings[1] > ratings[2]
    assert abs(sum(ratings)) < 1e-6
    low, high = wilson(15, 20)
    assert low < 0.75 < high and low > 0 and high < 1


def test_a_bot_that_raises_is_one_line(capsys: pytest.CaptureFixture[str]) -> None:
    # os:getcwd takes no argument: calling it with the view raises TypeError inside the bot
    args = ["tournament", "--quiet", "--games", "1", "--bots", "greedy,os:getcwd"]
    with pytest.raises(SystemExit) as stopped:
        main(args)
    assert stopped.value.code == 1
    error = capsys.readouterr().err
    assert error.count("\n") == 1 and "bot os:getcwd: failed: TypeError" in error
