"""``docs/measuring.md`` written from saved benchmark JSON: no figure typed by hand.

The page is prose a person writes, with generated blocks between markers::

    <!-- measured: fuzz -->
    ... written from docs/measurements/fuzz.json ...
    <!-- end measured -->

:func:`render_page` rewrites every block from ``docs/measurements/NAME.json`` (the last line
a benchmark prints with ``--json``, kept by ``python -m fivetenk.docs.docs_gen --save``): the
figures, then when, on what machine, under what load and by which command they were
measured. A block whose file does not exist says "not measured in this round" and how to
measure it. A file is read like every file the kit reads (strict JSON, bounded); one that
is not a benchmark's record is an error naming it.
"""

from __future__ import annotations

import re
import shlex
from collections.abc import Callable
from pathlib import Path
from typing import Any

from ..model.user_input import ScenarioError, parse_json, read_text
from ..practice.search import search_settings
from ..results.markdown import md_table, md_text

BLOCK = re.compile(r"(<!-- measured: ([a-z0-9-]+) -->\n)(.*?)(<!-- end measured -->)", re.S)
"""A generated block: its opening marker (naming the file), its text, its closing marker."""

HOW = {
    "tests": "python -m fivetenk.bench.tests --json",
    "tests-quick": "python -m fivetenk.bench.tests --json -- -m 'not slow'",
    "combos": "python -m fivetenk.bench.combos --json",
    "game": "python -m fivetenk.bench.game --json",
    "protocol": "python -m fivetenk.bench.protocol --json",
    "protocol-loading": "python -m fivetenk.bench.protocol --load-only --json",
    "protocol-shapes": "python -m fivetenk.bench.protocol --shapes --json",
    "fuzz": "python -m fivetenk.bench.fuzz --json",
    "bounds": "python -m fivetenk.bench.bounds --json",
    "book": "python -m fivetenk.bench.book --json",
    "strategy-strong-heuristic":
        "python -m fivetenk.bench.strategy --a strong --b heuristic --deals 48 --jobs 2 --json",
    "strategy-heuristic-random":
        "python -m fivetenk.bench.strategy --a heuristic --b random --deals 24 --json",
    "strategy-strong-random":
        "python -m fivetenk.bench.strategy --a strong --b random --deals 6 --json",
    "strategy-sides": "python -m fivetenk.bench.strategy --json",
    "mutation": "python -m fivetenk.mutation --json run.json",
}
"""How to measure each block the page may name, said when its file is missing."""


class PageError(ValueError):
    """A block the page cannot write: an unknown name, a file that is no benchmark's."""


def save_command(name: str) -> str:
    """The commands that measure block ``name`` and keep the result."""
    how = HOW[name]
    if name == "mutation":
        return f"`{how}`, then `python -m fivetenk.docs.docs_gen --save run.json`"
    keep = "" if name == default_name_for(name) else f" --as {name}"
    return f"`{how} | python -m fivetenk.docs.docs_gen --save -{keep}`"


def default_name_for(name: str) -> str:
    """The file name ``--save`` gives by default to a record of the bench behind ``name``."""
    return "tests" if name.startswith("tests") else name


def default_name(record: dict[str, Any]) -> str:
    """The block a record is kept as unless ``--as`` says otherwise: the bench's name, and
    for duplicate deals the two players (``strategy-strong-heuristic``)."""
    bench = str(record["bench"])
    if bench == "strategy":
        return f"strategy-{record['a']}-{record['b']}"
    return bench


# --------------------------------------------------------------------------- formatting
def _n(value: Any, digits: int = 0) -> str:
    """A number with thousands separators (``digits`` decimals), or ``-``."""
    if isinstance(value, bool) or not isinstance(value, int | float):
        return "-"
    return f"{value:,.{digits}f}"


def _pct(value: Any) -> str:
    return "-" if not isinstance(value, int | float) else f"{100 * value:.1f}%"


def _runs(repeat: Any, kept: str = "best") -> str:
    """How many runs each figure was taken from: ``one run each``, ``the best of 3 runs``."""
    return "one run each" if repeat == 1 else f"the {kept} of {_n(repeat)} runs"


def _load(value: Any) -> str:
    if not isinstance(value, list) or len(value) != 3:
        return "unknown"
    return " / ".join(f"{x:.2f}" for x in value)


def provenance(record: dict[str, Any]) -> list[str]:
    """When, where, under what load and by which command: the block's last lines."""
    m = record["measured"]
    machine = m.get("machine") or {}
    parts = [f"{machine.get('processors', '?')} processors"]
    if machine.get("model"):
        parts[0] += f" ({md_text(machine['model'])})"
    parts += [md_text(machine[k]) for k in ("system", "python") if machine.get(k)]
    if machine.get("memory_gib"):
        parts.append(f"{_n(machine['memory_gib'], 1)} GiB")
    return ["", f"Measured {md_text(m.get('date', '?'))} with `{md_text(m.get('command', '?'))}` "
            f"(kit {md_text(m.get('kit', '?'))}) on {', '.join(parts)}; load average "
            f"(1 / 5 / 15 min) {_load(m.get('load_before'))} before, "
            f"{_load(m.get('load_after'))} after; {_n(m.get('wall_seconds'), 1)} s wall, "
            f"{_n(m.get('cpu_seconds'), 1)} s of CPU{_share(m)}."]


def _share(m: dict[str, Any]) -> str:
    """The CPU seconds as a share of the wall seconds: well under 100% for a benchmark of
    one process, the machine was busy with other work and its timings are slower."""
    wall, cpu = m.get("wall_seconds"), m.get("cpu_seconds")
    if not isinstance(wall, int | float) or not isinstance(cpu, int | float) or wall <= 0:
        return ""
    return f" ({100 * cpu / wall:.0f}% of the wall time)"


# --------------------------------------------------------------------------- the benches
def _tests(r: dict[str, Any]) -> list[str]:
    counts = ", ".join(f"{_n(n)} {kind}" for kind, n in r["counts"].items())
    args = shlex.join(map(str, r["pytest_args"])) or "(none: the whole suite)"
    return [f"`pytest -q {md_text(args)}`: {counts}; exit code {r['exit_code']}; "
            f"**{_n(r['wall_s'], 1)} s** wall, {_n(r['cpu_s'], 1)} s of CPU (pytest and its "
            "workers)."]


def _combos(r: dict[str, Any]) -> list[str]:
    c = r["classify_per_s"]
    rows = [[f"{size}-card hands", kind, _n(f["median_ms"], 3), _n(f["p90_ms"], 3),
             _n(f["max_ms"], 3), _n(f["median_plays"]), _n(f["max_plays"])]
            for size, both in r["hands"].items() for kind, f in both.items()]
    return [f"Classifications per second ({_n(r['sets'])} card sets each, seed {r['seed']}): "
            f"random sets of 1-12 cards {_n(c['cold'])} with the cache cleared, "
            f"{_n(c['warm'])} warm; the cards of legal plays {_n(c['legal_plays'])}.", "",
            f"Listing every play of {_n(r['hands_per_size'])} random hands per size:", "",
            *md_table(["hands", "plays", "median ms", "p90 ms", "max ms", "median plays",
                       "max plays"], rows, "llrrrrr"), "",
            f"Target: a 32-card hand's leads listed in a median of at most "
            f"{_n(r['target_ms'])} ms: **{'met' if r['target_met'] else 'not met'}**."]


def _game(r: dict[str, Any]) -> list[str]:
    variants = ", ".join(f"{k}={v}" for k, v in r["variants"].items()) or "the defaults"
    return [f"{_n(r['hands'])} hands from seed {r['seed']} (variants: {md_text(variants)}): "
            f"random players, deal to settlement, **{_n(r['random_hands_per_s'], 1)} hands/s**; "
            f"the engine alone replaying their decisions {_n(r['replay_hands_per_s'], 1)} "
            f"hands/s. Target {_n(r['target_hands_per_s'])} hands/s: "
            f"**{'met' if r['target_met'] else 'not met'}**."]


def _loading(loading: dict[str, Any]) -> list[str]:
    rows = [[name, _n(f["one_scenario_cpu_s"], 2), _n(f["whole_suite_cpu_s"], 2)]
            for name, f in loading.items()]
    return md_table(["compiled suite", "`check --id R05-001`, CPU s", "`check`, CPU s"],
                    rows, "lrr")


def _protocol(r: dict[str, Any]) -> list[str]:
    rows = [["in process (ReferenceDriver)", _n(r["in_process_ms"], 1), "1.00"]]
    for label, key in (("through the protocol, with start-up", "protocol_with_startup_ms"),
                       ("through the protocol, the run only", "protocol_run_only_ms"),
                       ("through the protocol, a second run (caches warm)",
                        "protocol_warm_ms")):
        rows.append([label, _n(r[key], 1), _n(r[key] / r["in_process_ms"], 2)])
    out = [f"The shipped suite, {_n(r['scenarios'])} scenarios ({_n(r['steps'])} steps, "
           f"{_n(r['requests'])} requests), against `{md_text(r['impl'])}`, "
           f"{_runs(r['repeat'])}:", "", *md_table(["run", "ms", "ratio"], rows, "lrr"), "",
           f"Protocol overhead: {_n(r['overhead_us_per_request'], 1)} µs per request, "
           f"{_n(r['overhead_us_per_scenario'], 1)} µs per scenario; start-up "
           f"{_n(r['startup_ms'])} ms (target: at most {_n(r['target_ratio'])}x in process)."]
    if "end_to_end_s" in r:
        e = r["end_to_end_s"]
        out += ["", f"End to end, `fivetenk check` (loading the suite included): in process "
                f"{_n(e['in_process'], 2)} s, `--impl` {_n(e['impl'], 2)} s."]
    if "loading" in r:
        out += ["", *_loading(r["loading"])]
    return out


def _protocol_loading(r: dict[str, Any]) -> list[str]:
    return [f"CPU seconds of `fivetenk check`, {_runs(r['repeat'], 'least')}:", "",
            *_loading(r["loading"])]


def _protocol_shapes(r: dict[str, Any]) -> list[str]:
    rows = [[f"`{shape}`", _n(n)] for shape, n in r["using"].items()]
    rows.append(["(none)", _n(r["using_none"])])
    return [f"Tagging the {_n(r['scenarios'])} shipped scenarios with the shapes they use: "
            f"{_n(r['cold_ms'])} ms, {_n(r['cached_ms'], 1)} ms cached.", "",
            *md_table(["shape", "scenarios using it"], rows, "lr")]


def _fuzz(r: dict[str, Any]) -> list[str]:
    rows = []
    for run in r["runs"]:
        target = (f"{_n(run['target'])}: {'met' if run['target_met'] else 'not met'}"
                  if "target" in run else "")
        rows.append([run["mode"], str(run["workers"]), md_text(run["unit"]), _n(run["best"]),
                     _n(run["median"]), _n(run["slowest"]), _n(run["cases"]),
                     _n(run["divergences"]), _n(run.get("kit_cpu_ms_per_case"), 3), target,
                     _load(run["load_before"])])
    return [f"`fivetenk fuzz` against `fivetenk adapter`, seed 1, {_runs(r['repeat'])}; "
            f"{_n(r['long_plays_share'])}% of the `plays` queries hold 17 to 32 cards.", "",
            *md_table(["mode", "workers", "unit", "best", "median", "slowest", "cases",
                       "divergences", "kit CPU ms per case", "target (one worker)",
                       "load before"], rows, "lrlrrrrrrll")]


def _bounds(r: dict[str, Any]) -> list[str]:
    rows = [[md_text(c["case"]), _n(c["bytes"]), _n(c["seconds"], 3), _n(c["peak_mb"]),
             md_text(c["outcome"])] for c in r["cases"]]
    return ["What hostile input costs, each case in a fresh process:", "",
            *md_table(["input", "bytes", "seconds", "peak MB", "outcome"], rows, "lrrrl")]


def _book(r: dict[str, Any]) -> list[str]:
    rows = [[f"`--lang {lang}`", _n(b["files"]), _n(b["cpu_s"], 2), _n(b["wall_s"], 2),
             _load(b["load_before"])] for lang, b in r["books"].items()]
    return [f"`fivetenk book`, {_runs(r['repeat'], 'least')}:", "",
            *md_table(["book", "files", "CPU s", "wall s", "load before"], rows, "lrrrl")]


STRENGTH_TARGET = {"gain": 0.25, "deals": 48, "think": 1.0, "median_s": 1.0}
"""Issue 34's goal for strong against heuristic: at least +0.25 levels per seat-hand over
48 duplicate deals at ``--think 1.0``, the 95% interval above 0, a median decision of at
most 1 s of CPU."""


def _settings(settings: object) -> str:
    """Search settings as a reader sees them (a record is outside input: any shape)."""
    if not isinstance(settings, dict):
        return md_text(repr(settings))  # md_text bounds it
    return md_text(", ".join(f"{k} {v}" for k, v in sorted(settings.items())))


def strength_verdict(r: dict[str, Any]) -> str:
    """Whether a strong-against-heuristic record meets :data:`STRENGTH_TARGET`, computed
    from the record, each part that misses named (both intervals must clear 0)."""
    t = STRENGTH_TARGET
    missed = []
    if r["mean_difference"] < t["gain"]:
        missed.append(f"the gain is {r['mean_difference']:+.3f}, under {t['gain']:+.2f}")
    for key, said in (("ci95", "the interval"), ("ci95_by_deal", "the interval by deal")):
        if key not in r:
            missed.append(f"{said} was not measured")
        elif r[key][0] <= 0:
            missed.append(f"{said} reaches {r[key][0]:+.3f}")
    if r["deals"] < t["deals"]:
        missed.append(f"{r['deals']} deals, not {t['deals']}")
    if r["think"] != t["think"]:
        missed.append(f"think {r['think']} s, not {t['think']}")
    kit = search_settings()
    if r.get("search") is None:
        missed.append("the record does not say which search settings it measured")
    elif r["search"] != kit:
        missed.append(f"measured with the search settings {_settings(r['search'])}, not the "
                      f"kit's {_settings(kit)}")
    median = r.get("a_decision_median_s")
    if median is None or median > t["median_s"]:
        missed.append(f"the median decision is {median} s of CPU")
    head = (f"The strength target (issue 34: at least {t['gain']:+.2f} levels per seat-hand "
            f"over {t['deals']} deals at think {t['think']} s, the 95% interval above 0, a "
            f"median decision of at most {t['median_s']:g} s of CPU): ")
    return head + ("met." if not missed else "not met: " + "; ".join(missed) + ".")


def _strategy(r: dict[str, Any]) -> list[str]:
    lo, hi = r["ci95"]
    think = f"{_n(r['think'], 1)} s" if "strong" in (r["a"], r["b"]) else "-"
    by_deal = (f"[{r['ci95_by_deal'][0]:+.3f}, {r['ci95_by_deal'][1]:+.3f}]"
               if "ci95_by_deal" in r else "not measured")
    out = [f"Duplicate deals: {_n(r['deals'])} deals from seed {r.get('seed', '?')}, "
           f"{_n(r['seat_hands'])} seat-hands, each played with A and with B in the same "
           "chair, the other five heuristic:", "",
           *md_table(["A", "B", "think", "A levels", "B levels", "A wins", "B wins",
                      "A-B levels (95% interval)", "interval by deal"],
                     [[r["a"], r["b"], think, _n(r["a_mean_levels"], 3),
                       _n(r["b_mean_levels"], 3), _pct(r["a_win_rate"]), _pct(r["b_win_rate"]),
                       f"{r['mean_difference']:+.3f} [{lo:+.3f}, {hi:+.3f}]", by_deal]],
                     "lllrrrrll")]
    if (r["a"], r["b"]) == ("strong", "heuristic"):
        out += ["", strength_verdict(r)]
    for key in ("a", "b"):
        if f"{key}_decisions" in r:
            out += ["", f"Decision times of {r[key]} (CPU seconds of one core): "
                    f"{_n(r[f'{key}_decisions'])} decisions, median "
                    f"{_n(r[f'{key}_decision_median_s'], 3)} s, 90th percentile "
                    f"{_n(r[f'{key}_decision_p90_s'], 3)} s"
                    + (f"; the {_n(r[f'{key}_searched'])} searched (two candidates or more): "
                       f"median {_n(r[f'{key}_searched_median_s'], 3)} s, 90th percentile "
                       f"{_n(r[f'{key}_searched_p90_s'], 3)} s"
                       if f"{key}_searched" in r else "")
                    + f"; {_n(r[f'{key}_steps_per_second'])} simulated decisions per second."]
    return out


def _strategy_sides(r: dict[str, Any]) -> list[str]:
    rows = [[mode, _n(f["average_defender_total"], 1), _pct(f["banker_win_rate"]),
             _pct(f["defender_win_rate"])] for mode, f in r["modes"].items()]
    return [f"{_n(r['hands'])} hands from seed {r['seed']}, the heuristic playing for one "
            "side, random players for the other:", "",
            *md_table(["mode", "average defender points", "banker side wins",
                       "defenders win"], rows, "lrrr")]


def _mutation(r: dict[str, Any]) -> list[str]:
    def row(name: str, t: dict[str, Any], of: Any) -> list[str]:
        run = sum(t[k] for k in ("killed", "timeout", "survived", "equivalent", "unreliable"))
        return [name, _n(run), _n(of), _n(t["failed"]), _n(t["errored"]), _n(t["timeout"]),
                _n(t["survived"]), _n(t["hand_judged"]), _n(t["checked_not_observable"]),
                _n(t["found_observable"]), _n(t["unverified"]), _pct(t["raw_rate"]),
                _pct(t["observable_rate"])]

    modules = r["modules"]
    rows = [row(name, t, t["mutants"]) for name, t in modules.items()]
    rows.append(row("**total**", r["total"], sum(t["mutants"] for t in modules.values())))
    t = r["total"]
    return [f"Judged {'through the adapter' if r['judge'] == 'adapter' else 'in process'}; "
            f"the hand-judged exclusions checked by {md_text(r['checking'] or 'nothing')}; "
            f"{_n(r['seconds'])} s.", "",
            *md_table(["module", "run", "of", "failed", "errored", "timeout", "survived",
                       "judged", "cleared", "found", "unverified", "raw", "observable"],
                      rows, "lrrrrrrrrrrrr"), "",
            f"Raw {_pct(t['raw_rate'])}, protocol-observable {_pct(t['observable_rate'])}: "
            f"hand-judged {_n(t['hand_judged'])}, checked {_n(t['checked'])}, found "
            f"observable {_n(t['found_observable'])}, unverified {_n(t['unverified'])}; "
            f"{_n(t['impossible_position_survivors'])} impossible-position mutants counted "
            "as survivors."]


RENDER: dict[str, Callable[[dict[str, Any]], list[str]]] = {
    "tests": _tests, "combos": _combos, "game": _game, "protocol": _protocol,
    "protocol-loading": _protocol_loading, "protocol-shapes": _protocol_shapes,
    "fuzz": _fuzz, "bounds": _bounds, "book": _book, "strategy": _strategy,
    "strategy-sides": _strategy_sides, "mutation": _mutation}
"""Each benchmark's figures as Markdown lines, by the ``bench`` its record names."""


# --------------------------------------------------------------------------- the page
def read_record(path: Path) -> dict[str, Any]:
    """A saved record (:func:`parse_record`) read from ``path``."""
    try:
        text = read_text(path, str(path))
    except ScenarioError as err:
        raise PageError(str(err)) from None
    return parse_record(text, str(path))


def parse_record(text: str, where: str) -> dict[str, Any]:
    """A record: strict JSON, an object naming a known bench, with ``measured``."""
    try:
        data = parse_json(text, where)
    except ScenarioError as err:
        raise PageError(str(err)) from None
    if not isinstance(data, dict) or data.get("bench") not in RENDER:
        raise PageError(f"{where}: not a benchmark's --json record (expected an object whose "
                        f"\"bench\" is one of {', '.join(RENDER)})")
    if not isinstance(data.get("measured"), dict):
        raise PageError(f"{where}: $.measured: missing: a record says when and where it "
                        "was measured")
    return data


def render_block(name: str, folder: Path) -> str:
    """The text of block ``name``: its figures from ``folder/NAME.json``, or "not
    measured in this round" and how to measure it."""
    path = folder / f"{name}.json"
    if not path.exists():
        if name not in HOW:
            raise PageError(f"<!-- measured: {name} -->: no {path} and no benchmark of "
                            f"that name (known: {', '.join(HOW)})")
        return (f"*Not measured in this round.* Measure it with {save_command(name)}.\n")
    record = read_record(path)
    try:
        lines = RENDER[record["bench"]](record) + provenance(record)
    except (KeyError, TypeError, ValueError, IndexError) as err:
        raise PageError(f"{path}: not the record {record['bench']} writes ({type(err).__name__}: "
                        f"{err})") from None
    return "\n".join(lines) + "\n"


def render_page(text: str, folder: Path) -> str:
    """``text`` (the page as it stands) with every generated block written afresh."""
    return BLOCK.sub(lambda m: m.group(1) + render_block(m.group(2), folder) + m.group(4),
                     text)


def block_names(text: str) -> list[str]:
    """The blocks the page names, in order."""
    return [m.group(2) for m in BLOCK.finditer(text)]


__all__ = ["BLOCK", "HOW", "RENDER", "PageError", "block_names", "default_name",
           "parse_record", "read_record", "render_block", "render_page"]
