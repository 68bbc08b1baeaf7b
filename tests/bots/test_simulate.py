"""Simulation at scale (issue 17): the same per-game results whatever runs them (in-process, a process pool,
a real Dask LocalCluster), results as a DataFrame with Wilson intervals and charts, a tqdm progress bar, the
command line writing a file, and an engine that imports none of the heavy libraries."""

from __future__ import annotations

import json
import pickle
import subprocess
import sys
import threading
from pathlib import Path

import pytest

from illumi_widgets.bots import Evaluation, evaluate, simulate, wilson
from illumi_widgets.bots.__main__ import main as cli
from illumi_widgets.bots.simulation import COLUMNS, bot_seed, default_chunk, default_workers, game_seed
from illumi_widgets.engine import EngineError, available_games, load_record

pd = pytest.importorskip("pandas")
matplotlib = pytest.importorskip("matplotlib")
matplotlib.use("Agg")

REPO_ROOT = Path(__file__).resolve().parents[2]
TIMING = ("seconds", "think_seconds_by_seat")  # wall-clock figures: the only fields that may differ


def _same(rows):
    return [{k: v for k, v in r.items() if k not in TIMING} for r in rows]


def _difference(got: list[dict], expected: list[dict]) -> str:
    """Where two runs' results first part: the game, the fields and the first action that differ."""
    if len(got) != len(expected):
        return f"{len(got)} games, expected {len(expected)}"
    for a, b in zip(got, expected, strict=True):
        if a == b:
            continue
        fields = sorted(k for k in set(a) | set(b) if a.get(k) != b.get(k))
        out = f"game {a.get('number')}: {fields} differ"
        if "record" in fields:
            ra, rb = json.loads(a["record"]), json.loads(b["record"])
            acts = list(zip(ra["actions"], rb["actions"], strict=False))  # (one may be longer)
            i = next((i for i, (x, y) in enumerate(acts) if x != y), len(acts))
            out += (f"; actions part at {i} of {len(ra['actions'])}/{len(rb['actions'])}: "
                    f"{ra['actions'][i:i + 3]} vs {rb['actions'][i:i + 3]}")
        return out + "; " + "; ".join(f"{k}: {a.get(k)!r:.200} vs {b.get(k)!r:.200}" for k in fields
                                     if k != "record")
    return ""


def _random_factory(seat, seed):  # an importable bot factory: travels to other processes by name
    from illumi_widgets.bots import RandomBot

    return RandomBot(seat, seed=seed)


_RULES_SEEN: list = []  # (thread, rules object) of every decision a _rules_watcher bot made


def _rules_watcher(seat, seed):
    from illumi_widgets.bots import RandomBot

    class Watcher(RandomBot):
        def choose(self, seat_state):
            _RULES_SEEN.append((threading.get_ident(), seat_state.game))
            return super().choose(seat_state)

    return Watcher(seat, seed=seed)


# ------------------------------------------------------------------------------------------------ seeds
def test_game_seeds_depend_on_the_run_seed_and_index_only():
    seeds = [game_seed(7, i) for i in range(1000)]
    assert len(set(seeds)) == 1000 and all(0 <= s < 2**63 for s in seeds)
    assert seeds[:5] == [game_seed(7, i) for i in range(5)]  # a function of (seed, index), no shared stream
    assert game_seed(8, 0) != game_seed(7, 0) and game_seed(7, 1) != game_seed(7, 0)
    assert len({bot_seed(seeds[0], s) for s in range(8)}) == 8


def test_results_come_in_game_order_with_the_derived_seeds():
    rows = list(simulate("pax", 5, seed=11, workers=1, progress=False))
    assert [r["number"] for r in rows] == list(range(5))
    assert [r["seed"] for r in rows] == [game_seed(11, i) for i in range(5)]
    assert all(set(COLUMNS) == set(r) for r in rows)
    # the same game alone, later, in a run of another size: the same result
    again = list(simulate("pax", 3, seed=11, workers=1, progress=False))
    assert _same(again) == _same(rows[:3])


# ------------------------------------------------------------------------------------------------ workers
@pytest.mark.parametrize("game", available_games())
def test_one_worker_and_two_give_the_same_games(game):
    n = 4  # (with chunks of 3: one whole chunk and a part)
    one = list(simulate(game, n, seed=3, workers=1, progress=False, records=True))
    two = list(simulate(game, n, seed=3, workers=2, progress=False, records=True))
    chunked = list(simulate(game, n, seed=3, workers=2, progress=False, chunk_size=3, records=True))
    assert _same(one) == _same(two) == _same(chunked)  # the game records (every action) included
    assert all(r["finished"] for r in one), "random play should finish every game"
    assert {r["game"] for r in one} == {game}


def test_rulebook_bots_and_factories_run_on_workers():
    a = list(simulate("pax", 4, bots=["random", "weishaupt"], workers=1, progress=False))
    b = list(simulate("pax", 4, bots=["random", "weishaupt"], workers=2, progress=False))
    assert _same(a) == _same(b)
    assert [r["bots"] for r in a] == [["random", "weishaupt"], ["weishaupt", "random"]] * 2  # rotated
    c = list(simulate("pax", 2, bots=[_random_factory, "random"], workers=2, progress=False))
    assert c[0]["bots"] == ["_random_factory", "random"]
    local = [lambda seat, seed: _random_factory(seat, seed), "random"]
    with pytest.raises(TypeError, match="picklable"):
        list(simulate("pax", 2, bots=local, workers=2))
    from concurrent.futures import ThreadPoolExecutor

    with ThreadPoolExecutor(2) as threads:  # threads need no pickling
        assert _same(simulate("pax", 2, bots=local, executor=threads, progress=False)) == \
            _same(simulate("pax", 2, bots=local, workers=1, progress=False))


def test_games_played_at_once_on_threads_never_share_a_rules_object():
    """Issue 17: the Dask test failed in the full suite because an earlier test had played Pax games on a
    ThreadPoolExecutor with this process's rules object, whose listings overlapped and left a stale board
    memo on it; later games here scored from an old map.  Pax's listing state is per thread now
    (tests/pax/test_rules_threads.py), and each thread has its own rules objects too."""
    from concurrent.futures import ThreadPoolExecutor

    _RULES_SEEN.clear()
    here = _same(simulate("pax", 4, seed=5, bots=[_rules_watcher, "random"], workers=1, progress=False))
    with ThreadPoolExecutor(2) as threads:
        rows = _same(simulate("pax", 4, seed=5, bots=[_rules_watcher, "random"], executor=threads,
                              chunk_size=1, progress=False))
    assert rows == here
    users: dict = {}
    for thread, rules in _RULES_SEEN:
        users.setdefault(id(rules), (rules, set()))[1].add(thread)
    assert len({t for t, _ in _RULES_SEEN}) >= 2  # (both threads played)
    assert all(len(threads_of) == 1 for _, threads_of in users.values())


def test_an_executor_is_used_and_left_running():
    from concurrent.futures import ProcessPoolExecutor

    with ProcessPoolExecutor(2) as pool:
        rows = list(simulate("pax", 4, seed=3, executor=pool, progress=False))
        assert pool.submit(int, "5").result() == 5  # still open
    assert _same(rows) == _same(simulate("pax", 4, seed=3, workers=1, progress=False))
    with pytest.raises(ValueError, match="not both"):
        simulate("pax", 4, executor=pool, workers=2)
    with pytest.raises(TypeError, match="Executor"):
        list(simulate("pax", 4, executor=object(), progress=False))


def test_dask_local_cluster_gives_the_same_games():
    """A real dask.distributed LocalCluster: two worker processes, the Client passed directly and as its
    ``get_executor()``; per-game results equal the in-process ones, for every registered game."""
    distributed = pytest.importorskip("dask.distributed")
    local = {g: _same(simulate(g, 8 if g == "pax" else 4, seed=5, workers=1, progress=False, records=True))
             for g in available_games()}
    with distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True,
                                  dashboard_address=None) as cluster, distributed.Client(cluster) as client:
        for g, expected in local.items():
            rows = simulate(g, len(expected), seed=5, executor=client, progress=False, records=True)
            got = _same(rows)
            assert got == expected, f"{g}: {_difference(got, expected)}"  # every action included
        rows = simulate("pax", 8, seed=5, executor=client.get_executor(), chunk_size=3, progress=False,
                        records=True)
        got = _same(rows)
        assert got == local["pax"], f"pax, chunks of 3: {_difference(got, local['pax'])}"
        ev = evaluate(["random", "weishaupt"], games=4, seed=1, executor=client, progress=False)
    here = evaluate(["random", "weishaupt"], games=4, seed=1, workers=1, progress=False)
    assert ev["games"] == 4 and set(ev) == set(here)
    assert {k: v for k, v in ev.items() if k != "seconds_per_move"} == \
        {k: v for k, v in here.items() if k != "seconds_per_move"}


def test_default_workers_and_chunks():
    assert default_workers() >= 1
    assert default_chunk(1000, 2) == 10 and default_chunk(20, 2) == 3 and default_chunk(3, 8) == 1


def _workers_in_child(_):
    return default_workers()


def test_a_worker_process_does_not_start_a_pool_of_its_own():
    from concurrent.futures import ProcessPoolExecutor

    with ProcessPoolExecutor(1) as pool:
        assert pool.submit(_workers_in_child, 0).result() == 1


def test_bad_input_fails_before_any_game():
    with pytest.raises(EngineError) as e:
        simulate("no-such-game", 2)
    assert e.value.code == "unknown-game"
    with pytest.raises(EngineError) as e:
        simulate("pax", 2, players=9)
    assert e.value.code == "bad-option"
    with pytest.raises(EngineError):
        simulate("pax", 2, bots=["random"] * 3, players=2)
    with pytest.raises(EngineError):
        simulate("pax", -1)
    with pytest.raises(ValueError):
        simulate("pax", 2, workers=0)


# ------------------------------------------------------------------------------------------------ progress
class _Recorder:
    made: list = []

    def __init__(self, total=None, **kwargs):
        self.total, self.kwargs, self.n, self.closed = total, kwargs, 0, False
        _Recorder.made.append(self)

    def update(self, n=1):
        self.n += n

    def close(self):
        self.closed = True


@pytest.mark.parametrize("workers", [1, 2])
def test_progress_bar_is_tqdm_auto_advanced_as_games_finish(monkeypatch, workers):
    import tqdm.auto

    monkeypatch.setattr(tqdm.auto, "tqdm", _Recorder)
    _Recorder.made = []
    rows = list(simulate("pax", 5, workers=workers, progress=True, chunk_size=2))
    (bar,) = _Recorder.made
    assert bar.total == 5 and bar.n == len(rows) == 5 and bar.closed and bar.kwargs["unit"] == "game"


# ------------------------------------------------------------------------------------------------ data
@pytest.fixture(scope="module")
def ev():
    return evaluate(["random", "random", "weishaupt"], games=9, seed=2, workers=2, progress=False,
                    records=True)


def test_frame_has_one_row_per_game_with_the_documented_columns(ev):
    df = ev.frame
    assert list(df.columns) == [*COLUMNS, "record"] and len(df) == 9
    assert df["number"].tolist() == list(range(9))
    assert df["seed"].tolist() == [game_seed(2, i) for i in range(9)]
    assert (df["decisions"] == df["decisions_by_seat"].map(sum)).all()
    assert (df["length"] >= df["decisions"]).all()
    for row in df.itertuples():  # each record replays to the same winners
        state = load_record(json.loads(row.record))
        assert state.is_terminal() and sorted(state.outcome()["winners"]) == list(row.winners)
        assert state.seed == row.seed


def test_seat_frame_credits_exactly_one_win_per_finished_game(ev):
    seats = ev.seat_frame
    assert len(seats) == 9 * 3
    per_game = seats.groupby("number")["won"].sum()
    finished = ev.frame.set_index("number")["finished"]
    assert per_game[finished].tolist() == pytest.approx([1.0] * int(finished.sum()))
    assert set(seats["turn_order"].dropna()) <= {0, 1, 2}


def test_summary_matches_the_dict_and_wilson(ev):
    table = ev.summary()
    assert list(table.index) == ev["entrants"]
    for lab in ev["entrants"]:
        row = table.loc[lab]
        assert row["games"] == 9 and row["wins"] == pytest.approx(ev["wins"][lab])
        assert row["win_rate"] == pytest.approx(ev["win_rate"][lab])
        assert (row["ci_low"], row["ci_high"]) == pytest.approx(wilson(ev["wins"][lab], 9), abs=1e-6)
    assert table["wins"].sum() == pytest.approx(9 - ev["unfinished"])
    by = ev.seat_summary(by="seat", by_entrant=True)
    for lab in ev["entrants"]:
        for seat, (w, n) in ev["by_seat"][lab].items():
            assert by.loc[(lab, seat), "wins"] == pytest.approx(w) and by.loc[(lab, seat), "games"] == n


def test_wilson_intervals_against_known_values():
    from illumi_widgets.bots.results import wilson_interval

    # Wilson (1927) / Newcombe (1998) table: 95% intervals
    known = [((9, 10), (0.5958, 0.9821)), ((0, 10), (0.0, 0.2775)), ((5, 10), (0.2366, 0.7634)),
             ((81, 263), (0.2553, 0.3662)), ((15, 148), (0.0624, 0.1605))]
    lo, hi = wilson_interval([k[0][0] for k in known], [k[0][1] for k in known])
    for (_, (elo, ehi)), a, b in zip(known, lo, hi, strict=True):
        assert (a, b) == pytest.approx((elo, ehi), abs=5e-5)
    lo, hi = wilson_interval([0], [0])
    assert (lo[0], hi[0]) == (0.0, 1.0)
    # the same formula as the pure-Python one in the report
    assert wilson(81, 263) == pytest.approx((0.2553, 0.3662), abs=5e-5)


def test_charts_are_figures(ev, tmp_path):
    from matplotlib.figure import Figure

    for fig, n_axes in ((ev.chart(), 1), (ev.length_chart(), 1), (ev.seat_chart(), 1), (ev.charts(), 3)):
        assert isinstance(fig, Figure) and len(fig.axes) == n_axes
        assert fig._repr_png_().startswith(b"\x89PNG")
    seat_bars = ev.seat_chart().axes[0].patches
    assert len(seat_bars) == 3  # one bar per place in the turn order
    ev.charts().savefig(tmp_path / "charts.png")
    assert (tmp_path / "charts.png").stat().st_size > 10_000


def test_parquet_and_csv(ev, tmp_path):
    ev.to_parquet(tmp_path / "games.parquet")
    back = pd.read_parquet(tmp_path / "games.parquet")
    assert back["seed"].tolist() == ev.frame["seed"].tolist()
    assert [list(x) for x in back["winners"]] == ev.frame["winners"].tolist()
    ev.to_csv(tmp_path / "games.csv")
    assert pd.read_csv(tmp_path / "games.csv")["decisions"].tolist() == ev.frame["decisions"].tolist()


def test_an_evaluation_from_simulated_rows_pickles(ev):
    rows = list(simulate("pax", 3, players=3, workers=1, progress=False))
    e = Evaluation(rows)
    assert e["entrants"] == ["0:random", "1:random", "2:random"] and e["games"] == 3
    back = pickle.loads(pickle.dumps(ev))
    assert back == ev and len(back.frame) == 9
    with pytest.raises(ValueError, match="one player count"):
        Evaluation(rows + list(simulate("pax", 1, players=2, workers=1, progress=False)))


# ------------------------------------------------------------------------------------------------ CLI
@pytest.mark.parametrize("suffix", [".parquet", ".csv"])
def test_command_line_writes_the_games_to_a_file(tmp_path, capsys, suffix):
    out = tmp_path / f"results{suffix}"
    assert cli(["random", "weishaupt", "--games", "4", "--workers", "2", "--no-progress",
                "--out", str(out)]) == 0
    assert "4 games written" in capsys.readouterr().out
    df = pd.read_parquet(out) if suffix == ".parquet" else pd.read_csv(out)
    assert len(df) == 4 and df["number"].tolist() == [0, 1, 2, 3]
    with pytest.raises(SystemExit):
        cli(["random", "random", "--out", str(tmp_path / "x.xlsx")])


# ------------------------------------------------------------------------------------------------ imports
def test_the_engine_and_a_plain_evaluation_import_nothing_heavy():
    code = (
        "import sys\n"
        "from illumi_widgets.engine import load_game, Rng\n"
        "from illumi_widgets.engine.testing import random_action\n"
        "s = load_game('pax', players=3).new_state(seed=1); rng = Rng(1)\n"
        "while not s.is_terminal(): s.apply(random_action(s, rng))\n"
        "heavy = ('pandas', 'matplotlib', 'dask', 'distributed', 'tqdm', 'pyarrow', 'numpy')\n"
        "print(sorted(m for m in sys.modules if m.split('.')[0] in heavy))\n"
        "from illumi_widgets.bots import evaluate\n"
        "evaluate(['random', 'random'], games=2, workers=1, progress=False)\n"
        "print(sorted(m for m in sys.modules if m.split('.')[0] in heavy))\n"
    )
    proc = subprocess.run([sys.executable, "-c", code], cwd=REPO_ROOT, capture_output=True, text=True,
                          timeout=120)
    assert proc.returncode == 0, proc.stderr
    engine_line, bots_line = proc.stdout.strip().splitlines()
    assert engine_line == "[]" and bots_line == "[]"

