"""The speed targets of the benchmark and their verdicts: one place for its report and the README's table.

Random play is measured as decisions per second ÷ python-chess plies per second in the same process (each
engine interleaved with its own python-chess play, :mod:`illumi_widgets.bench_engines`):

* pure Python: each game at least its own ratio (:data:`PURE_RATIO`: Illuminati and Primordial Secrets 0.7,
  Pax Illuminaten 0.8, Gray Eminence 0.9; a game registered since, :data:`DEFAULT_PURE_RATIO`);
* the compiled engine: every game at least :data:`COMPILED_RATIO` (as fast as python-chess);
* ``legal_actions()``: the 99th percentile of its first (uncached) call after each move at most
  :data:`LATENCY_TARGET_US` in every game at every player count, on each engine measured.

A speed target is judged only from at least :data:`JUDGE_GAMES` games per player count, and only when the
machine was idle enough (:func:`busy`): other work sharing the CPUs makes the wall-clock figures measure the
sharing, not the package.  "Other work" is measured, not guessed from the 1-minute load average (which
counts the benchmark's own processes, and its scaling section runs one worker per CPU): the machine's busy
CPU time from ``/proc/stat`` less the CPU time of this run's own process tree (itself and its finished
children: the other engine's process, the compiled build, the pool and Dask workers), over the wall time
of the section (:func:`cpu_snapshot`, :func:`others_cpu`), in CPUs used on average.

* the single-process sections (random play beside python-chess on each engine, latency, memory) keep one
  CPU busy: they are judged if other work used at most ``CPUs − 1`` (at least :data:`OTHERS_MIN_ALLOWED`)
  while they ran — the old rule's "load at most the CPU count", without the benchmark's own share;
* the scaling section runs one worker per CPU, so any other work takes CPU from it: its speed-ups are
  judged if other work used at most :data:`SCALING_OTHERS_SHARE` of the CPUs while it ran.

Without ``/proc/stat`` (not Linux) the 1-minute load average stands in: at most the CPU count at the start
and at the end of the single-process sections (read before the scaling section raises it).  A record made
before this measure existed is judged by its loads at the start and the end, as it was.  When a target is
not judged the verdict is ``None`` and says why.
"""

from __future__ import annotations

import os
import time

from .engine.registry import game_class

JUDGE_GAMES = 20  # fewer random games per player count than this: no speed target is judged
LATENCY_TARGET_US = 1000.0  # legal_actions() p99, every game and player count
#: random play, decisions/s ÷ python-chess plies/s in the same process, pure Python, by game
PURE_RATIO = {"pax": 0.8, "illuminati": 0.7, "primordial": 0.7, "gray-eminence": 0.9}
DEFAULT_PURE_RATIO = 1.0  # a game registered since: as fast as python-chess
COMPILED_RATIO = 1.0  # the compiled engine, every game
TOO_FEW = "too few games to judge"
OTHERS_MIN_ALLOWED = 0.5  # other work (CPUs on average) a single-process section tolerates on a 1-CPU machine
SCALING_OTHERS_SHARE = 0.1  # other work (a share of the CPUs) the scaling section tolerates


def pure_ratio(name: str) -> float:
    return PURE_RATIO.get(name, DEFAULT_PURE_RATIO)


def cpu_snapshot() -> dict | None:
    """The machine's busy CPU seconds since boot (``/proc/stat``: every CPU's user, nice, system, irq,
    softirq and steal time) and this process tree's CPU seconds (itself and its finished, waited-for
    children), with a monotonic clock; ``None`` where ``/proc/stat`` cannot be read."""
    try:
        with open("/proc/stat", encoding="ascii") as fh:
            fields = fh.readline().split()
        ticks = os.sysconf("SC_CLK_TCK")
    except (OSError, ValueError, AttributeError):
        return None
    if not fields or fields[0] != "cpu" or len(fields) < 8:
        return None
    v = [int(x) for x in fields[1:9]]  # user nice system idle iowait irq softirq steal (guest is in user)
    t = os.times()
    return {"clock": time.monotonic(), "busy_s": (sum(v) - v[3] - v[4]) / ticks,
            "own_s": t.user + t.system + t.children_user + t.children_system}


def others_cpu(start: dict | None, end: dict | None) -> float | None:
    """CPUs (on average) that work other than this run's own processes kept busy between two
    :func:`cpu_snapshot` s; ``None`` if either is missing."""
    if start is None or end is None or end["clock"] <= start["clock"]:
        return None
    other = (end["busy_s"] - start["busy_s"]) - (end["own_s"] - start["own_s"])
    return round(max(0.0, other) / (end["clock"] - start["clock"]), 2)


def busy(machine: dict) -> str:
    """Why no speed target of the single-process sections can be judged from this run: other work kept more
    than ``CPUs − 1`` busy while they ran (the module's docstring); ``""`` if the machine was idle enough."""
    cpus = machine.get("cpus") or 1
    others = machine.get("others_cpu")
    if others is not None:
        if others > max(cpus - 1, OTHERS_MIN_ALLOWED):
            return (f"the machine was busy (other work used {others:g} of its {cpus} CPUs on average while "
                    "the games were timed)")
        return ""
    end = machine.get("loadavg_timed_end", machine.get("loadavg_end"))  # (an older record: its end)
    loads = [x for x in (machine.get("loadavg_start"), end) if x is not None]
    if loads and max(loads) > cpus:
        return f"the machine was busy (1-minute load up to {max(loads):g} on {cpus} CPUs)"
    return ""


def others_words(machine: dict, joiner: str = " and ") -> str | None:
    """The other work measured while the run was timed (what judges its speed targets), in words; ``None``
    for a record made where it was not measured (no ``/proc/stat``, or an older record)."""
    if machine.get("others_cpu") is None:
        return None
    text = f"other work used {machine['others_cpu']:g} CPUs on average while the games were timed"
    if machine.get("others_cpu_scaling") is not None:
        text += f"{joiner}{machine['others_cpu_scaling']:g} while the scaling workers ran"
    return text


def scaling_busy(machine: dict) -> str:
    """Why the scaling section's speed-ups cannot be judged from this run: other work used more than
    :data:`SCALING_OTHERS_SHARE` of the CPUs while it ran; without that measure, :func:`busy`."""
    cpus = machine.get("cpus") or 1
    others = machine.get("others_cpu_scaling")
    if others is None:
        return busy(machine)
    if others > SCALING_OTHERS_SHARE * cpus:
        return (f"the machine was busy (other work used {others:g} of its {cpus} CPUs on average while the "
                "workers ran)")
    return ""


def _title(name: str) -> str:
    try:
        return game_class(name).title
    except Exception:  # noqa: BLE001 - a recorded game no longer registered is named by its name
        return name


def _not_judged(figures: dict) -> str:
    """Why no speed target is judged from ``figures`` (too few games, or a busy machine), or ``""``."""
    games = figures["settings"]["games"]
    if games < JUDGE_GAMES:
        return f"{TOO_FEW} ({games} per player count, {JUDGE_GAMES} needed)"
    why = busy(figures["machine"])
    return f"not judged, {why}" if why else ""


def _verdict(key: str, target: str, met, why: str = "", detail: str = "", missed: str = "") -> dict:
    short = (target.split(": ", 1)[-1] if key.endswith("_ratio")  # (without the engine's name)
             else target.split(" (", 1)[0].removeprefix("legal_actions() "))
    return {"key": key, "target": target, "short": short, "met": met, "why": why if met is None else "",
            "detail": detail, "missed": missed if met is False else ""}


def verdicts(figures: dict) -> list[dict]:
    """Every speed target's verdict from a run's figures: ``{"key", "target" (in words), "short" (the same
    without the engine's name), "met" (True, False, or None: not judged), "why" (when not judged, in words),
    "detail" (the figures it was judged on), "missed" (when missed: the games that missed it)}``, in the
    order the report prints them."""
    names = sorted(figures["games"], key=_title)
    engines = figures.get("engines", {})
    skip = _not_judged(figures)
    out = []
    for kind in ("pure", "compiled"):
        e = engines.get(kind, {})
        if kind == "pure":
            want = {n: pure_ratio(n) for n in names}
            target = ("pure Python, random play ÷ python-chess: "
                      + ", ".join(f"{_title(n)} ≥ {want[n]:g}" for n in names))
        else:
            want = dict.fromkeys(names, COMPILED_RATIO)
            target = f"the compiled engine, random play ÷ python-chess: every game ≥ {COMPILED_RATIO:g}"
        if not e.get("available"):
            out.append(_verdict(f"{kind}_ratio", target, None,
                                f"not judged, the {kind} engine was not measured"))
            continue
        ratios = e.get("ratio_by_game")
        if not ratios:
            out.append(_verdict(f"{kind}_ratio", target, None, "not judged, python-chess was not measured"))
            continue
        detail = ", ".join(f"{_title(n)} {ratios[n]:.2f}" for n in names)
        short = [n for n in names if ratios[n] < want[n]]
        met = None if skip else not short
        if short:
            detail += "; below: " + ", ".join(_title(n) for n in short)
        out.append(_verdict(f"{kind}_ratio", target, met, skip, detail,
                            ", ".join(_title(n) for n in short)))
    for kind in ("pure", "compiled"):
        e = engines.get(kind, {})
        target = (f"legal_actions() p99 ≤ {LATENCY_TARGET_US / 1000:g} ms in every game and player count "
                  f"({'pure Python' if kind == 'pure' else 'the compiled engine'})")
        if not e.get("available"):
            out.append(_verdict(f"latency_{kind}", target, None,
                                f"not judged, the {kind} engine was not measured"))
            continue
        worst = max(((v["p99_us"], n, p) for n in names for p, v in e["latency"][n].items() if p != "all"),
                    key=lambda x: x[0])
        over = sorted({_title(n) for n in names for p, v in e["latency"][n].items()
                       if p != "all" and v["p99_us"] > LATENCY_TARGET_US})
        detail = f"highest {_title(worst[1])} at {worst[2]} players: {worst[0]:,.0f} µs"
        if over:
            detail += "; over in " + ", ".join(over)
        out.append(_verdict(f"latency_{kind}", target, None if skip else not over, skip, detail,
                            ", ".join(over)))
    return out


def verdict_text(v: dict, met_word=("met", "missed")) -> str:
    """A verdict in words: ``met_word`` (e.g. ``("MET", "MISSED")``), or why it was not judged."""
    if v["met"] is None:
        return v["why"]
    return met_word[0] if v["met"] else met_word[1]
