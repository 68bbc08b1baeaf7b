"""The README's generated parts: its figures table and its board pictures.

The figures table is never written by hand.  ``python -m illumi_widgets.bench --readme`` runs the benchmark,
records its figures in ``illumi_widgets/docs/figures.json`` and rewrites the table between the README's
marker comments with :func:`readme_table`; ``python -m illumi_widgets.bench --test-log PATH`` records the
summary line of a run of the README's test command (its time, its date) in the same file and rewrites the
table, measuring nothing; ``--widget-figures PATH`` records the board's figures in JupyterLab the same way
(the JSON ``tests/browser/test_widget_figures.py`` writes), and ``--strength DIR`` the search's strength from
the games ``python -m illumi_widgets.bots.strength`` wrote into ``DIR``.  ``tests/test_readme.py`` checks
that the README holds exactly the table these figures give.

``python -m illumi_widgets.bench --pictures`` redraws the README's pictures of the four boards
(``illumi_widgets/docs/img/``) from the boards' own SVG export (:meth:`GameWidget.to_svg`), turned into PNG
by headless Chromium (or, without it, ImageMagick's ``convert``), so they show on any host.
"""

from __future__ import annotations

import datetime
import importlib
import json
import re
import subprocess
import tempfile
from pathlib import Path

from . import bench_targets
from .engine import Rng, load_game
from .engine.registry import game_class
from .engine.testing import random_action

PACKAGE = Path(__file__).resolve().parent
FIGURES_JSON = PACKAGE / "docs" / "figures.json"  # the figures the README's table is written from
PICTURES = PACKAGE / "docs" / "img"
README = PACKAGE.parent / "README.md"  # in a checkout of the repository
TABLE_START = "<!-- figures: written by `python -m illumi_widgets.bench --readme`, not by hand -->"
TABLE_END = "<!-- figures: end -->"
TEST_COMMAND = 'pip install -e ".[test]" && python -m pytest -n 2'
TEST_TARGET_S = 20 * 60  # the README's test command on an idle 2-core machine
#: the boards drawn for the README: (game, board class in illumi_widgets.widget.<module>, players, options,
#: random decisions played from seed 7)
PICTURE_BOARDS = (("pax", "pax.PaxIlluminaten", 3, {}, 120),
                  ("illuminati", "illuminati.Illuminati", 4, {}, 40),
                  ("primordial", "primordial.PrimordialSecrets", 3, {}, 30),
                  ("gray-eminence", "gray_eminence.GrayEminence", 4, {"scenario": "eu"}, 60))
_SUMMARY = re.compile(r"^=*\s*((?:\d+ [a-z]+(?:, )?)+) in ([\d.]+)s\b")


# ------------------------------------------------------------------------------------------------ figures
def recorded_figures(path: Path = FIGURES_JSON) -> dict:
    """The recorded figures (``{"benchmark": …, "test_run": …}``); ``{}`` if none were recorded."""
    return json.loads(path.read_text(encoding="utf-8")) if path.exists() else {}


def save_figures(rec: dict, path: Path = FIGURES_JSON) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps(rec, indent=1, sort_keys=True) + "\n", encoding="utf-8")


def record_benchmark(figures: dict, path: Path = FIGURES_JSON) -> dict:
    """Record a full benchmark run's figures (keeping the recorded test run); returns the record."""
    rec = recorded_figures(path)
    rec["benchmark"] = figures
    save_figures(rec, path)
    return rec


def parse_test_log(text: str) -> dict:
    """Counts and seconds of pytest's last summary line in ``text`` ("2536 passed, 104 skipped in 1127.31s");
    a ``ValueError`` if there is none."""
    found = None
    for line in text.splitlines():
        m = _SUMMARY.match(line.strip())
        if m:
            found = m
    if found is None:
        raise ValueError("no pytest summary line (like '2536 passed, 104 skipped in 1127.31s') in the log")
    counts = {}
    for part in found.group(1).split(", "):
        n, word = part.split(" ")
        counts[{"error": "errors", "warning": "warnings"}.get(word, word)] = int(n)
    return {"passed": 0, "failed": 0, "skipped": 0, "errors": 0, **counts, "seconds": float(found.group(2))}


def record_test_run(log: Path, note: str | None = None, path: Path = FIGURES_JSON) -> dict:
    """Record the summary of a run of the README's test command (its output saved in ``log``; the run's date
    is the log's time); returns the record.  A ``ValueError`` names a log that cannot be read or has no
    pytest summary line."""
    try:
        run = parse_test_log(log.read_text(encoding="utf-8", errors="replace"))
    except OSError as exc:
        raise ValueError(f"{log} cannot be read: {exc.strerror or exc}") from None
    except ValueError as exc:
        raise ValueError(f"{log}: {exc}") from None
    when = datetime.datetime.fromtimestamp(log.stat().st_mtime, datetime.timezone.utc)
    run["date"] = when.strftime("%Y-%m-%d")
    if note:
        run["note"] = note
    rec = recorded_figures(path)
    rec["test_run"] = run
    save_figures(rec, path)
    return rec


#: the board's own figures in JupyterLab (tests/browser/test_widget_figures.py) and their targets
WIDGET_TARGETS = {"update_kb": 20, "roundtrip_ms": 30, "first_paint_ms": 500}
WIDGET_IDLE_LOAD = 2.0  # a 1-minute load above this (2 CPUs) and the timings are not judged


def record_widget_figures(figures_json: Path, path: Path = FIGURES_JSON) -> dict:
    """Record the board's figures from the JSON that ``tests/browser/test_widget_figures.py`` wrote (the
    typical update's size, the click -> repaint round trip in the page, the first paint and the machine's
    load when measured; its date is the file's time); returns the record.  A ``ValueError`` names what the
    file lacks."""
    try:
        data = json.loads(figures_json.read_text(encoding="utf-8"))
        browser, sizes = data["browser"], data["bytes_per_update"]
        widget = {"update_kb_p50": float(sizes["update_kb"]["omniscient"]["p50"]),
                  "roundtrip_p50_ms": float(browser["roundtrip_ms_in_page"]["p50"]),
                  "roundtrip_p95_ms": float(browser["roundtrip_ms_in_page"]["p95"]),
                  "clicks": int(browser["roundtrip_ms_in_page"]["n"]),
                  "floor_p50_ms": float(browser["roundtrip_ms_minimal_anywidget_floor"]["p50"]),
                  "first_paint_cold_ms": float(browser["first_paint_ms"]["cold"]),
                  "first_paint_warm_ms": float(browser["first_paint_ms"]["warm"]),
                  "load_avg_1min": float(browser["load_avg_1min"])}
    except (OSError, ValueError, KeyError, TypeError) as exc:
        raise ValueError(f"{figures_json} is not a complete widget figures file (run "
                         f"tests/browser/test_widget_figures.py): {type(exc).__name__}: {exc}") from None
    when = datetime.datetime.fromtimestamp(figures_json.stat().st_mtime, datetime.timezone.utc)
    widget["date"] = when.strftime("%Y-%m-%d")
    rec = recorded_figures(path)
    rec["widget"] = widget
    save_figures(rec, path)
    return rec


def record_strength(folder: Path, search: str = "search-strong", path: Path = FIGURES_JSON) -> dict:
    """Record the search's strength from the games in ``folder`` (written by ``python -m
    illumi_widgets.bots.strength --search SEARCH --dir FOLDER``, seed 0; its date is its newest file's time);
    returns the record.  A ``ValueError`` says what is wrong: no such folder, no game in it, or games of other
    settings."""
    from .bots import strength

    folder = Path(folder)
    files = sorted(folder.glob("*.jsonl")) if folder.is_dir() else []
    try:
        fig = strength.figures(folder, search)
    except strength.SettingsMismatch as exc:
        raise ValueError(str(exc)) from None
    if not files or not any(row["games"] for row in fig["pairings"]):
        raise ValueError(f"{folder} holds no games of {search} (python -m illumi_widgets.bots.strength "
                         f"--search {search} --dir {folder} plays them)")
    when = datetime.datetime.fromtimestamp(max(f.stat().st_mtime for f in files), datetime.timezone.utc)
    fig["date"] = when.strftime("%Y-%m-%d")
    rec = recorded_figures(path)
    rec["strength"] = fig
    save_figures(rec, path)
    return rec


def _strength_rows(st: dict) -> list[tuple[str, str, str]]:
    """The search's strength: a row per Pax rulebook bot, then the self-play rows of the other games (one
    row saying they are not played yet while none is)."""
    goal = st["goal"]
    rows = []
    quarter = [p for p in st["pairings"] if p["game"] != "pax"]
    for p in st["pairings"]:
        if p["game"] != "pax" and not any(q["games"] for q in quarter):
            continue
        n, wins = p["games"], p["wins"]
        won = f"{wins:.0f}" if wins == round(wins) else f"{wins:.1f}"
        value = (f"{won} won of {n} games: {p['rate']:.1%} (95% interval {p['low']:.1%}–{p['high']:.1%}); "
                 f"{p['cpu_s']:.2f} CPU s a decision" if n else "not played yet")
        if p["game"] == "pax":
            verdict = _judged(p["met"]) if p["met"] is not None else f"{n} of {goal['games']} games played"
            target = (f"≥ {goal['rate']:.0%}, the interval's lower end ≥ {goal['low']:.0%}, "
                      f"{goal['games']} games, ≤ {goal['seconds']:g} s a decision: {verdict}")
        else:
            target = (f"reported over {goal['games']} games (fair share {p['fair']:.0%}): "
                      f"{n} of {goal['games']} played")
        rows.append((p["title"], value, target))
    if not any(q["games"] for q in quarter):
        names = " / ".join(q["title"].split(":")[0] for q in quarter)
        rows.append((f"the search at its default against the search at a quarter of its playouts ({names})",
                     "not played yet", f"reported over {goal['games']} games each"))
    return rows


def _widget_rows(w: dict) -> list[tuple[str, str, str]]:
    """The board's rows: a typical update's size, the click -> repaint round trip and the first paint."""
    busy = (f"the machine was busy (1-minute load {w['load_avg_1min']:.2f} on 2 CPUs)"
            if w["load_avg_1min"] > WIDGET_IDLE_LOAD else "")
    return [
        ("a board's typical update (p50 of a random 3-player Pax game's updates)",
         f"{w['update_kb_p50']:.1f} KB",
         f"≤ {WIDGET_TARGETS['update_kb']} KB: {_judged(w['update_kb_p50'] <= WIDGET_TARGETS['update_kb'])}"),
        (f"click on a board in JupyterLab → Python → repainted, p50 / p95 ({w['clicks']} clicks; a "
         f"one-number widget's round trip: {w['floor_p50_ms']:.0f} ms)",
         f"{w['roundtrip_p50_ms']:.0f} / {w['roundtrip_p95_ms']:.0f} ms",
         f"p50 ≤ {WIDGET_TARGETS['roundtrip_ms']} ms: "
         f"{_judged(w['roundtrip_p50_ms'] <= WIDGET_TARGETS['roundtrip_ms'], busy)}"),
        ("a board's first paint after its cell runs, first board of the page / again",
         f"{w['first_paint_cold_ms']:.0f} / {w['first_paint_warm_ms']:.0f} ms",
         f"≤ {WIDGET_TARGETS['first_paint_ms']} ms: "
         f"{_judged(w['first_paint_cold_ms'] <= WIDGET_TARGETS['first_paint_ms'], busy)}"),
    ]


# ------------------------------------------------------------------------------------------------ the table
def _minutes(seconds: float) -> str:
    m, s = divmod(round(seconds), 60)
    return f"{m} min {s} s" if m else f"{s} s"


def _judged(met: bool | None, busy: str = "") -> str:
    """The verdict on a target; ``busy`` (why the machine was too busy for a speed figure) overrides it."""
    if busy:
        return f"not judged, {busy}"
    return "too few games to judge" if met is None else ("**met**" if met else "**missed**")


def _busy(machine: dict) -> str:
    """Why a speed target cannot be judged from this run (the benchmark's rule, ``bench_targets.busy``):
    other work loaded the machine beyond its CPUs; ``""`` if it was idle."""
    return bench_targets.busy(machine)


def _others_note(m: dict) -> str:
    """The other work measured while the run was timed (what judged its speed), for the table's note; a
    record made before that was measured says nothing of it."""
    text = bench_targets.others_words(m)
    return "" if text is None else text + "; "


def _verdict_cell(v: dict) -> str:
    """A speed target of the benchmark (``bench_targets.verdicts``) and its verdict, for the table."""
    if v["met"] is None:
        return f"{v['short']}: {v['why']}"
    return f"{v['short']}: " + ("**met**" if v["met"] else f"**missed** ({v['missed']})")


def _title(name: str) -> str:
    return game_class(name).title


def _engine_rows(b: dict, names: list[str], busy: str) -> list[tuple[str, str, str]]:
    """Rows of the engines measured side by side (the benchmark's ``engines``; none in older records): each
    engine's ratio to python-chess in its own process, ``legal_actions()`` p50 / p99 and a game's median
    time by player count, for every game."""
    engines = {k: e for k, e in b.get("engines", {}).items() if e.get("available")}
    titles = " / ".join(_title(n) for n in names)
    rows = []
    judged = {v["key"]: v for v in bench_targets.verdicts(b)}  # (today's targets, whenever it was measured)
    for kind, e in engines.items():
        what = (f"the compiled engine ({len(e['modules'])} modules built by Cython)" if e["modules"]
                else "pure Python")
        if "ratio_by_game" in e:
            ratios = e["ratio_by_game"]
            rows.append((f"{what}: random play, decisions per second (÷ python-chess random play in the same "
                          f"process) ({titles})",
                         " / ".join(f"{e['games'][n]['all']['decisions_per_s']:,.0f} ({ratios[n]:.2f})"
                                    for n in names), _verdict_cell(judged[f"{kind}_ratio"])))
    for kind, e in engines.items():
        lat = {n: e["latency"][n]["all"] for n in names}
        rows.append((f"`legal_actions()` p50–p99, {kind} ({titles})",
                     " / ".join(f"{lat[n]['p50_us']:,.0f}–{lat[n]['p99_us']:,.0f}" for n in names) + " µs",
                     _verdict_cell(judged[f"latency_{kind}"])))
    for kind, e in engines.items():
        med = {n: [v["game_seconds_median"] * 1e3 for p, v in e["games"][n].items() if p != "all"]
               for n in names}
        rows.append((f"a whole game's median time by player count, {kind} ({titles})",
                     "; ".join(" / ".join(f"{ms:,.0f}" for ms in med[n]) for n in names) + " ms", ""))
    return rows


def _benchmark_rows(b: dict) -> list[tuple[str, str, str]]:
    names = sorted(b["games"], key=_title)
    titles = " / ".join(_title(n) for n in names)
    t, busy = b["targets"], _busy(b["machine"])
    scaling_busy = bench_targets.scaling_busy(b["machine"])  # (other work while the workers ran)
    ch, lat, mem = b["chess"], b["legal_actions_latency"]["all"], b["memory"]
    if "engines" in b:  # both engines side by side (their rows carry this run's python-chess target too)
        rows = _engine_rows(b, names, busy)
    else:
        rows = [(f"random play, decisions per second (all player counts): {titles}",
                 " / ".join(f"{b['games'][n]['all']['decisions_per_s']:,.0f}" for n in names), "")]
        if ch["available"]:
            rows.append((f"the same ÷ python-chess random play in the same run ({ch['plies_per_s']:,.0f} "
                         "plies/s)", " / ".join(f"{ch['ratio_by_game'][n]:.2f}" for n in names),
                         f"Pax ≥ {t['chess_ratio']:g}: {_judged(ch['target_met'], busy)}"))
        rows.append(("Pax `legal_actions()`, first (uncached) call after each move, p50 / p99",
                     f"{lat['p50_us']:,.0f} / {lat['p99_us']:,.0f} µs", ""))
    rows.append(("one complete 4-player Pax game with its whole undo history",
                 f"{max(mem['tracemalloc_peak_mb'], mem['state_deep_mb']):.2f} MiB",
                 f"< {mem['target_mb']:.0f} MB: {_judged(mem['target_met'])}"))
    sc = b.get("scaling")
    if sc:
        g = sc["by_game"]
        who = " / ".join(f"{_title(n)} {g[n]['players']}p" for n in names)
        rows.append((f"{sc['games']:,} random-bot games of each game, 1 worker → {sc['cores']} local "
                     f"processes: speed-up ({who})",
                     " / ".join(f"{g[n]['local']['speedup']:.2f}×" for n in names),
                     f"≥ {t['local_speedup']:g}×: {_judged(sc['local_target_met'], scaling_busy)}"))
        if sc["dask"]["available"]:
            pax = g["pax"]
            rows += [(f"the same on a {sc['dask']['workers']}-worker Dask LocalCluster",
                      " / ".join(f"{g[n]['dask']['speedup']:.2f}×" for n in names),
                      f"≥ {t['dask_speedup']:g}×: {_judged(sc['dask_target_met'], scaling_busy)}"),
                     ("overhead per game, process pool / Dask (Pax)",
                      f"{pax['local']['overhead_ms_per_game']:,.1f} / "
                      f"{pax['dask']['overhead_ms_per_game']:,.1f} ms "
                      f"(a game takes {pax['1']['cpu_ms_per_game']:.0f} ms of CPU)", "")]
        differ = [_title(n) for n in names if not g[n]["same_results"]]
        rows.append(("the same games, whatever ran them",
                     f"different results: {', '.join(differ)}" if differ
                     else "identical records in every place, every game", "identical"))
    ss = b["seat_server"]
    if ss["available"]:
        rows.append((f"seat server: a move clicked in one seat's page → the other seat's page repainted, "
                     f"p50 / p95 / max ({ss['moves']} moves of {ss['players']}-player {_title(ss['game'])})",
                     f"{ss['p50_ms']:.0f} / {ss['p95_ms']:.0f} / {ss['max_ms']:.0f} ms", ""))
    return rows


def readme_table(rec: dict) -> str:
    """The README's figures table (Markdown: the lines between its markers) from recorded figures."""
    b, t = rec["benchmark"], rec.get("test_run")
    rows = [("Figure", "Value", "Target"), ("---", "---:", "---"), *_benchmark_rows(b)]
    w = rec.get("widget")
    if w:
        rows += _widget_rows(w)
    st = rec.get("strength")
    if st:
        rows += _strength_rows(st)
    if t:
        counts = ", ".join(f"{t[k]:,} {k}" for k in ("passed", "failed", "errors", "skipped") if t[k])
        rows.append((f"the test command above (`{TEST_COMMAND}`)", f"{counts} in {_minutes(t['seconds'])}",
                     f"≤ {TEST_TARGET_S // 60} min on an idle machine: "
                     f"{_judged(t['seconds'] <= TEST_TARGET_S)}"))
    m, s = b["machine"], b["settings"]
    engine = (f"the compiled engine ({len(m['compiled_modules'])} modules)" if m["compiled_modules"]
              else "pure Python")
    note = (f"Measured {m['date_utc'][:10]} by `{s['command']}` ({engine}; {m['implementation']} "
            f"{m['python']}, "
            f"{m['platform']}, {m['cpus']} CPUs; seed {s['seed']}, {s['games']} games per player count; "
            f"1-minute load {m['loadavg_start']} at the start and {m['loadavg_end']} at the end; "
            + _others_note(m) + f"{_minutes(b['total_seconds'])} in all).")
    if w:
        note += (f" The board's figures: {w['date']}, `tests/browser/test_widget_figures.py` in JupyterLab "
                 f"and Chromium (1-minute load {w['load_avg_1min']:.2f}).")
    if st:
        note += (f" The search's strength: games up to {st['date']}, `python -m illumi_widgets.bots.strength "
                 f"--search {st['search']}` (seed {st['seed']}).")
    if t:
        note += f" The test run: {t['date']}{', ' + t['note'] if t.get('note') else ''}."
    return "\n".join([*(f"| {' | '.join(r)} |" for r in rows), "", note])


def write_readme_table(rec: dict, readme: Path = README) -> None:
    """Replace the README's figures table (between its marker comments) with :func:`readme_table`."""
    if not readme.is_file():
        raise SystemExit(f"no {readme}: the README's table is written in a checkout of the repository")
    text = readme.read_text(encoding="utf-8")
    start, end = text.find(TABLE_START), text.find(TABLE_END)
    if start < 0 or end < start:
        raise SystemExit(f"{readme}: no figures table between the markers {TABLE_START} and {TABLE_END}")
    new = f"{text[: start + len(TABLE_START)]}\n{readme_table(rec)}\n{text[end:]}"
    readme.write_text(new, encoding="utf-8")


def table_in_readme(text: str) -> str:
    """The table between the README's markers (what :func:`write_readme_table` wrote)."""
    start, end = text.find(TABLE_START), text.find(TABLE_END)
    if start < 0 or end < start:
        raise ValueError("the README has no figures table markers")
    return text[start + len(TABLE_START): end].strip("\n")


# ------------------------------------------------------------------------------------------------ pictures
def board_svgs() -> dict[str, str]:
    """Each board of :data:`PICTURE_BOARDS`, after its random decisions, from the first seat, as SVG text."""
    from .match import Match

    out = {}
    for name, board, players, options, moves in PICTURE_BOARDS:
        module, cls = board.split(".")
        cls = getattr(importlib.import_module(f".widget.{module}", __package__), cls)
        state = load_game(name, players=players, **options).new_state(seed=7)
        rng = Rng(7)
        for _ in range(moves):
            if state.is_terminal():
                break
            state.apply(random_action(state, rng))
        out[name] = cls(match=Match(state=state, mode="analysis"), seat=0).to_svg()
    return out


def draw_pictures(out: Path = PICTURES, say=lambda _msg: None) -> list[Path]:
    """The README's pictures (PNG) from :func:`board_svgs`, drawn by headless Chromium (or ImageMagick's
    ``convert``); returns the files written."""
    svgs = board_svgs()
    out.mkdir(parents=True, exist_ok=True)
    try:
        from .serve import drive

        paths = []
        with drive.chromium() as browser:
            for name, svg in svgs.items():
                w, h = (float(re.search(f' {k}="([\\d.]+)"', svg).group(1)) for k in ("width", "height"))
                page = browser.new_page(viewport={"width": int(w), "height": int(h) + 1})
                page.set_content(f"<html><body style='margin:0'>{svg}</body></html>")
                paths.append(out / f"{name}.png")
                page.locator("svg").screenshot(path=str(paths[-1]))
                page.close()
        return paths
    except Exception as exc:  # no Playwright or no Chromium here: ImageMagick
        say(f"Chromium could not draw the pictures ({type(exc).__name__}: {exc}); trying ImageMagick")
    paths = []
    with tempfile.TemporaryDirectory() as tmp:
        for name, svg in svgs.items():
            src = Path(tmp) / f"{name}.svg"
            src.write_text(svg, encoding="utf-8")
            paths.append(out / f"{name}.png")
            subprocess.run(["convert", str(src), str(paths[-1])], check=True)
    return paths
