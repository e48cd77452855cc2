"""`millebornes simulate`: reproducible from the seed, the same however the games are
chunked and wherever they run (here, or a local Dask cluster of 1 or 2 workers), and
reported as a table, JSON, CSV and plots.

The Dask tests start `distributed.LocalCluster` with threads (processes=False): a
process cluster takes several seconds to start on a busy machine. One test runs the
installed command with `--workers 2`, which starts real worker processes.
"""

from __future__ import annotations

import asyncio
import contextlib
import csv
import io
import json
import subprocess
import sys
from collections.abc import Iterator
from dataclasses import replace
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import pytest

from millebornes.apps.arguments import Game
from millebornes.apps.cli import main
from millebornes.apps.simulate import ENDINGS, GAME_ENDINGS, GAME_EVENTS, Config, run_local
from millebornes.apps.simulate_cli import Progress
from millebornes.apps.simulate_dask import local_client, run_dask

CONFIG = Config(Game("classic", 2, ()), ("greedy", "random"), "rounds", 12, 77, chunk=5)


def run_main(*args: str) -> str:
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        assert main(["simulate", "--quiet", *args]) == 0
    return out.getvalue()


def test_the_same_seed_gives_the_same_games() -> None:
    first = run_local(CONFIG)
    assert first == run_local(CONFIG)
    other = run_local(Config(CONFIG.game, CONFIG.bots, "rounds", 12, 78, chunk=5))
    assert [r.km for r in first.rounds] != [r.km for r in other.rounds]


def test_the_chunking_does_not_change_the_result() -> None:
    whole = run_local(Config(CONFIG.game, CONFIG.bots, "rounds", 12, 77, chunk=12))
    assert run_local(CONFIG) == whole
    assert run_local(Config(CONFIG.game, CONFIG.bots, "rounds", 12, 77, chunk=1)) == whole


def test_round_records_add_up() -> None:
    result = run_local(CONFIG)
    assert [r.game for r in result.rounds] == list(range(12))
    for record in result.rounds:
        assert record.end in ENDINGS
        assert record.turns <= record.actions
        if record.end == "goal reached":
            assert record.winner is not None and record.km[record.winner] == 1000
    # The bots change seats every game.
    assert result.rounds[0].bots == ("greedy", "random")
    assert result.rounds[1].bots == ("random", "greedy")
    assert result.seats == {"greedy": 12, "random": 12}


@pytest.fixture(scope="module")
def threads_cluster() -> Iterator[Any]:
    from distributed import LocalCluster  # noqa: PLC0415

    with LocalCluster(  # type: ignore[no-untyped-call]
        n_workers=2, threads_per_worker=1, processes=False, dashboard_address=":0"
    ) as cluster:
        yield cluster


@pytest.mark.slow
@pytest.mark.parametrize("workers", [1, 2])
def test_dask_gives_the_local_result(workers: int) -> None:
    with local_client(workers, processes=False) as client:
        assert run_dask(CONFIG, client) == run_local(CONFIG)


@pytest.mark.slow
def test_simulate_on_a_scheduler_address(threads_cluster: Any) -> None:
    args = ("--rounds", "12", "--seed", "77", "--chunk", "5", "--json")
    remote = json.loads(run_main(*args, "--scheduler", threads_cluster.scheduler_address))
    assert remote == json.loads(run_main(*args))


@pytest.mark.slow
def test_the_command_with_two_worker_processes() -> None:
    args = ["simulate", "--rounds", "8", "--seed", "5", "--chunk", "2", "--json", "--quiet"]
    done = subprocess.run(
        [sys.executable, "-m", "millebornes.apps.cli", *args, "--workers", "2"],
        capture_output=True,
        text=True,
        check=False,
        timeout=300,
    )
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout) == json.loads(run_main(*args[1:]))
    # The cluster shuts down quietly: a heartbeat cut off by the close used to log
    # CommClosedError with a traceback (a race: this fails only when it is lost).
    assert "Traceback" not in done.stderr and " - ERROR - " not in done.stderr, done.stderr


def test_a_worker_waits_for_its_last_heartbeat_before_closing() -> None:
    """The plugin's contract, on a stand-in worker: teardown stops the heartbeats and
    returns only once the one in flight has come back."""
    from tornado.ioloop import PeriodicCallback  # noqa: PLC0415

    from millebornes.apps.dask_close import LastHeartbeat  # noqa: PLC0415

    async def scenario() -> list[str]:
        answer = asyncio.Event()
        log: list[str] = []

        async def heartbeat() -> None:
            log.append("beat sent")
            await answer.wait()
            log.append("beat answered")

        timer = PeriodicCallback(heartbeat, 10)
        worker = SimpleNamespace(id="w", periodic_callbacks={"heartbeat": timer})
        plugin = LastHeartbeat()
        plugin.setup(worker)  # type: ignore[arg-type]
        timer.start()
        while not log:
            await asyncio.sleep(0.005)
        closing = asyncio.ensure_future(plugin.teardown(worker))  # type: ignore[arg-type]
        await asyncio.sleep(0.05)
        log.append("closed" if closing.done() else "still waiting")
        answer.set()
        await closing
        log.append("closed")
        await asyncio.sleep(0.05)  # no beat after the teardown
        return log

    log = asyncio.run(scenario())
    assert log == ["beat sent", "still waiting", "beat answered", "closed"]


def test_json_summary() -> None:
    data = json.loads(run_main("--rounds", "12", "--seed", "77", "--chunk", "5", "--json"))
    result = run_local(CONFIG)
    assert data["rounds"] == 12 and data["bots"] == ["greedy", "random"]
    assert sum(data["endings"].values()) == pytest.approx(1)
    wins = sum(r.winner is not None for r in result.rounds)
    assert sum(data["win_rate_by_seat"]) == pytest.approx(wins / 12, abs=1e-3)
    assert data["win_rate_by_bot"]["greedy"] > data["win_rate_by_bot"]["random"]
    assert data["round_turns"]["max"] == max(r.turns for r in result.rounds)
    assert data["coups_fourres_per_round"] == pytest.approx(
        sum(r.coups_fourres for r in result.rounds) / 12, abs=1e-3
    )
    assert data["extension_in_edition"] is False


@pytest.mark.slow  # matplotlib's first import
def test_table_csv_and_plots(tmp_path: Path) -> None:
    table = tmp_path / "rounds.csv"
    plots = tmp_path / "plots"
    text = run_main(
        "--edition", "allonge", "--rounds", "6", "--csv", str(table), "--plot", str(plots)
    )
    assert "round wins by bot" in text and "how rounds end" in text and "extension" in text
    with table.open(encoding="utf-8") as handle:
        rows = list(csv.DictReader(handle))
    assert len(rows) == 6 and [row["game"] for row in rows] == [str(i) for i in range(6)]
    assert all(row["end"] in ENDINGS and len(row["km"].split()) == 2 for row in rows)
    for name in ("round_length", "distance"):
        assert (plots / f"{name}.png").read_bytes().startswith(b"\x89PNG")
        assert "<svg" in (plots / f"{name}.svg").read_text(encoding="utf-8")


def test_whole_matches() -> None:
    data = json.loads(run_main("--matches", "2", "--players", "3", "--json"))
    assert data["unit"] == "matches" and data["matches"]["count"] == 2
    assert data["rounds"] >= 2 * 2  # no match is won in one round of at most ~2,000 points
    config = Config(Game("classic", 3, ()), ("greedy", "random"), "matches", 2, 1)
    for match in run_local(config).matches:
        assert max(match.points) >= 5000 and match.winners


class FakeTerminal(io.StringIO):
    def isatty(self) -> bool:
        return True


def test_progress_bar_only_on_a_terminal() -> None:
    plain, terminal = io.StringIO(), FakeTerminal()
    for stream in (plain, terminal):
        bar = Progress(10, "rounds", stream, enabled=True)
        bar(4)
        bar(6)
        bar.close()
    assert plain.getvalue() == ""
    assert "\r[" in terminal.getvalue() and "10/10 rounds" in terminal.getvalue()
    quiet = FakeTerminal()
    Progress(10, "rounds", quiet, enabled=False)(10)
    assert quiet.getvalue() == ""


def test_without_the_sim_extra_the_options_that_need_it_say_so(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setitem(sys.modules, "millebornes.apps.simulate_dask", None)  # import fails
    monkeypatch.setattr("millebornes.apps.simulate_cli.find_spec", lambda _: None)
    for args, argument in (
        (["--workers", "2"], "--workers"),
        (["--scheduler", "tcp://127.0.0.1:8786"], "--scheduler"),
        (["--plot", "plots"], "--plot"),
    ):
        err = io.StringIO()
        with contextlib.redirect_stderr(err), pytest.raises(SystemExit) as leaving:
            main(["simulate", "--rounds", "1", "--quiet", *args])
        assert leaving.value.code == 2
        assert err.getvalue().count("\n") == 1
        assert argument in err.getvalue() and "millebornes[sim]" in err.getvalue()


@pytest.mark.parametrize("command", ["simulate", "tournament"])
def test_workers_that_fail_to_start_are_one_line_naming_the_option(
    command: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    @contextlib.contextmanager
    def failing(workers: int) -> Iterator[Any]:
        raise RuntimeError("Nanny failed to start.")  # as distributed says it
        yield

    monkeypatch.setattr("millebornes.apps.simulate_dask.local_client", failing)
    err = io.StringIO()
    with contextlib.redirect_stderr(err), pytest.raises(SystemExit) as leaving:
        main([command, "--quiet", "--workers", "2"])
    assert leaving.value.code == 2
    assert err.getvalue() == (
        f"millebornes {command}: error: argument --workers: cannot use a local cluster:"
        f" Nanny failed to start. (see millebornes {command} --help)\n"
    )


# --- Fun & Speed and As du Volant: whole games -------------------------------------------

RACES = [
    Config(Game("fun-speed", 3, ()), ("greedy", "random"), "games", 9, 5, chunk=4),
    Config(Game("as-du-volant", 2, ("points_5000",)), ("greedy", "random"), "games", 9, 5, chunk=4),
]


@pytest.mark.parametrize("config", RACES, ids=lambda c: c.game.edition)
def test_whole_games_are_seeded_and_independent_of_the_chunking(config: Config) -> None:
    result = run_local(config)
    assert result == run_local(config)
    assert result == run_local(replace(config, chunk=1)) == run_local(replace(config, chunk=9))
    assert [g.game for g in result.games] == list(range(9)) and not result.rounds
    for record in result.games:
        assert record.end in GAME_ENDINGS[config.family] and record.winners
        assert set(record.events) == set(GAME_EVENTS[config.family])
        assert 0 < record.turns <= record.actions
    assert result.games[0].bots[:2] == ("greedy", "random")
    assert result.games[1].bots[:2] == ("random", "greedy")


@pytest.mark.slow
@pytest.mark.parametrize("config", RACES, ids=lambda c: c.game.edition)
def test_dask_gives_the_local_result_for_whole_games(config: Config) -> None:
    with local_client(2, processes=False) as client:
        assert run_dask(config, client) == run_local(config)


def test_json_summary_of_fun_speed() -> None:
    data = json.loads(
        run_main("--edition", "fun-speed", "--games", "9", "--seed", "5", "--chunk", "4", "--json")
    )
    result = run_local(replace(RACES[0], game=Game("fun-speed", 2, ())))
    assert (data["unit"], data["games"], data["family"]) == ("games", 9, "fun-speed")
    assert sum(data["endings"].values()) == pytest.approx(1)
    assert data["game_turns"]["max"] == max(g.turns for g in result.games)
    for name in ("helicopter", "police", "trash", "mirror", "u_turn", "hold_up", "killer"):
        assert name in data["per_game"] and name in data["games_with"]
    assert data["per_game"]["u_turn"] == pytest.approx(
        sum(g.events["u_turn"] for g in result.games) / 9, abs=1e-3
    )
    assert "u_turn_on_winning_borne" in data["per_game"]
    assert data["win_rate_by_bot"]["greedy"] > data["win_rate_by_bot"]["random"]


def test_json_summary_of_as_du_volant() -> None:
    data = json.loads(
        run_main("--edition", "as-du-volant", "--option", "points_5000", "--games", "6", "--json")
    )
    assert data["family"] == "as-du-volant" and data["options"] == ["points_5000"]
    for name in ("turns_without_move", "bonus", "shortcut", "move"):
        assert name in data["per_game"]
    assert 0 < data["turns_without_move_rate"] < 1
    assert data["points_by_bot"]["greedy"] > data["points_by_bot"]["random"] > 0


@pytest.mark.slow  # matplotlib
@pytest.mark.parametrize("edition", ["fun-speed", "as-du-volant"])
def test_the_command_writes_table_csv_and_plots_for_whole_games(
    tmp_path: Path, edition: str
) -> None:
    table = tmp_path / "games.csv"
    plots = tmp_path / "plots"
    done = subprocess.run(
        [sys.executable, "-m", "millebornes.apps.cli", "simulate", "--edition", edition]
        + ["--games", "6", "--quiet", "--csv", str(table), "--plot", str(plots)],
        capture_output=True,
        text=True,
        check=False,
        timeout=300,
    )
    assert done.returncode == 0, done.stderr
    text = done.stdout
    assert "wins by bot" in text and "game length" in text and "how games end" in text
    assert ("Demi-tours" if edition == "fun-speed" else "turns without a move") in text
    with table.open(encoding="utf-8") as handle:
        rows = list(csv.DictReader(handle))
    assert [row["game"] for row in rows] == [str(i) for i in range(6)]
    assert all(row["end"] in GAME_ENDINGS[edition] for row in rows)
    for name in ("game_length", "distance"):
        png = plots / f"{name}.png"
        assert png.stat().st_size > 1000 and png.read_bytes().startswith(b"\x89PNG")
        assert "<svg" in (plots / f"{name}.svg").read_text(encoding="utf-8")
