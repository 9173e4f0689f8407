"""From game records to what a designer reads: the summary (the ``--json`` object), the text report, the
CSV files and the plots of ``--report DIR``.

Win rates count draws as non-wins. Per card (17lands style): among the games of a deck, those in which the
card was *drawn* (in its owner's hand at some point: opening hand, draws, cards added to hand, or put to
use from elsewhere; support-deck cards are always at hand) and those in which it was *played* (called in
any way, played, activated, or a soul activated, by its owner); the deck's win rate in those games and its
difference (delta) from the deck's overall win rate.
"""

from __future__ import annotations

import csv
from collections import Counter
from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any, NamedTuple

from tablero.core import plugin

from .runner import LABELS, GameRecord, LabConfig, RunResult, match_winner
from .stats import summarize, wilson

if TYPE_CHECKING:
    from matplotlib.figure import Figure

TIMING_KEYS = ("games_per_s", "elapsed_s")  # the only fields that differ between identical runs


def _rate(k: int, n: int) -> float:
    return k / n if n else 0.0


def _r(x: float) -> float:
    return round(x, 4)


def _ci(k: int, n: int) -> list[float]:
    lo, hi = wilson(k, n)
    return [_r(lo), _r(hi)]


def _outcomes(winners: Sequence[str]) -> dict[str, Any]:
    n = len(winners)
    c = Counter(winners)
    wins = {k: c.get(k, 0) for k in ("A", "B", "draw")}
    return {"wins": wins, "win_rate": {k: _r(_rate(v, n)) for k, v in wins.items()},
            "ci95": {k: _ci(v, n) for k, v in wins.items()}}


def card_stats(cfg: LabConfig, records: Sequence[GameRecord], label: int) -> dict[str, Any]:
    """Per-card rows of one deck, sorted by delta when played (then when drawn), best first."""
    deck = cfg.decks[label]
    name = LABELS[label]
    n = len(records)
    won = [r.winner_label == name for r in records]
    wins = sum(won)
    overall = _rate(wins, n)
    sections = plugin(cfg.game).deck_ids(deck)
    copies = Counter(cid for ids in sections.values() for cid in ids)
    part = {cid: section for section, ids in reversed(sections.items()) for cid in ids}  # the first wins
    drawn: Counter[str] = Counter()
    drawn_w: Counter[str] = Counter()
    played: Counter[str] = Counter()
    played_w: Counter[str] = Counter()
    for r, w in zip(records, won, strict=True):
        drawn.update(r.drawn[label])
        played.update(r.played[label])
        if w:
            drawn_w.update(r.drawn[label])
            played_w.update(r.played[label])
    rows: list[dict[str, Any]] = []
    for cid in copies:
        d, p = drawn[cid], played[cid]
        wr_d, wr_p = _rate(drawn_w[cid], d), _rate(played_w[cid], p)
        rows.append({"card": cid, "part": part[cid], "copies": copies[cid],
                     "drawn": d, "wins_drawn": drawn_w[cid], "wr_drawn": _r(wr_d) if d else None,
                     "delta_drawn": _r(wr_d - overall) if d else None,
                     "played": p, "wins_played": played_w[cid], "wr_played": _r(wr_p) if p else None,
                     "delta_played": _r(wr_p - overall) if p else None})
    rows.sort(key=lambda x: (x["delta_played"] is None, -(x["delta_played"] or 0.0),
                             -(x["delta_drawn"] or 0.0), x["card"]))
    return {"deck": deck.name, "games": n, "wins": wins, "win_rate": _r(overall), "cards": rows}


def summarize_run(cfg: LabConfig, res: RunResult, deck_ids: tuple[str, str]) -> dict[str, Any]:
    """The ``--json`` object; labels ``A``/``B`` are the first and second deck/agent named."""
    recs = res.records
    n = len(recs)
    out: dict[str, Any] = {"games": n}
    out.update(_outcomes([r.winner_label for r in recs]))
    if cfg.match:
        by_unit: dict[int, list[GameRecord]] = {}
        for r in recs:
            by_unit.setdefault(r.unit, []).append(r)
        mw = [match_winner(by_unit[u], cfg.game) for u in sorted(by_unit)]
        out["matches"] = {"matches": len(mw), **_outcomes(mw),
                          "games": summarize([len(v) for v in by_unit.values()])}
    first_wins = sum(r.winner == r.first for r in recs)
    fs: dict[str, Any] = {"games": n, "wins": first_wins, "win_rate": _r(_rate(first_wins, n)),
                          "ci95": _ci(first_wins, n)}
    for lab in LABELS:  # each deck's win rate when it went first / second
        for went_first in (True, False):
            sub = [r for r in recs if (r.first_label == lab) == went_first]
            k = sum(r.winner_label == lab for r in sub)
            fs[f"{lab}_{'first' if went_first else 'second'}"] = {
                "games": len(sub), "wins": k, "win_rate": _r(_rate(k, len(sub))), "ci95": _ci(k, len(sub))}
    out["first_seat"] = fs
    out["seats"] = {"A_in_seat_A": sum(r.a_seat == "A" for r in recs),
                    "A_in_seat_B": sum(r.a_seat == "B" for r in recs)}
    out["turns"] = {k: _r(v) for k, v in summarize([r.turns for r in recs]).items()}
    out["decisions"] = {k: _r(v) for k, v in summarize([r.decisions for r in recs]).items()}
    out["capped"] = {"games": sum(r.capped for r in recs), "cap": plugin(cfg.game).decision_cap}
    out["games_per_s"] = _r(n / res.elapsed) if res.elapsed > 0 else None
    out["elapsed_s"] = _r(res.elapsed)
    out["decks"] = {"A": deck_ids[0], "B": deck_ids[1]}
    out["agents"] = {"A": cfg.agents[0], "B": cfg.agents[1]}
    out["agent_options"] = dict(cfg.agent_options) if "mcts" in cfg.agents else {}
    out["edition"] = cfg.edition
    out["game_options"] = dict(cfg.game_options)
    out["seed"] = cfg.seed
    out["first_policy"] = cfg.first
    out["cards"] = {lab: card_stats(cfg, recs, i) for i, lab in enumerate(LABELS)}
    return out


# -- text --------------------------------------------------------------------------------------------

def _value(v: Any) -> str:
    return str(v).lower() if isinstance(v, bool) else str(v)


def _pct(x: float | None) -> str:
    return "   -  " if x is None else f"{100 * x:5.1f}%"


def _dpct(x: float | None) -> str:
    return "    -  " if x is None else f"{100 * x:+6.1f}%"


def _row(label: str, k: int, n: int) -> str:
    lo, hi = wilson(k, n)
    return f"  {label:<34} {k:>6}  {_pct(_rate(k, n))}  [{_pct(lo)}, {_pct(hi)}]"


def text_report(s: dict[str, Any], workers: int) -> list[str]:
    n = s["games"]
    da, db = s["decks"]["A"], s["decks"]["B"]
    ag = s["agents"]
    opts = s["agent_options"]
    extra = " (mcts: " + ", ".join(f"{k} {v}" for k, v in opts.items()) + ")" if opts else ""
    in_matches = f" in {s['matches']['matches']} matches" if "matches" in s else ""
    house = s.get("game_options") or {}
    rules = ", house rules " + ", ".join(f"{k}={_value(v)}" for k, v in house.items()) if house else ""
    lines = [f"Balance lab: A = {da} ({ag['A']}) vs B = {db} ({ag['B']}){extra}, {s['edition']}{rules}, "
             f"seed {s['seed']}",
             f"{n} games{in_matches}; seats alternate "
             f"(A in seat A {s['seats']['A_in_seat_A']}x, seat B {s['seats']['A_in_seat_B']}x); first player: "
             f"{'random from each seed' if s['first_policy'] == 'random' else 'alternating'}; {workers} worker(s)",
             f"  {'':<34} {'wins':>6}  {'rate':>6}  95% CI (Wilson)"]
    if "matches" in s:
        m = s["matches"]
        lines.append("matches")
        for k, name in (("A", f"A {da}"), ("B", f"B {db}"), ("draw", "drawn")):
            lines.append(_row(name, m["wins"][k], m["matches"]))
        lines.append("games")
    for k, name in (("A", f"A {da}"), ("B", f"B {db}"), ("draw", "draws")):
        lines.append(_row(name, s["wins"][k], n))
    fs = s["first_seat"]
    lines.append(_row("whoever went first", fs["wins"], n))
    for lab, deck in (("A", da), ("B", db)):
        f, sec = fs[f"{lab}_first"], fs[f"{lab}_second"]
        lines.append(f"  {lab} {deck}: {_pct(f['win_rate']).strip()} going first ({f['games']} games), "
                     f"{_pct(sec['win_rate']).strip()} going second ({sec['games']} games)")
    t, d = s["turns"], s["decisions"]
    lines.append(f"game length: turns mean {t['mean']:.1f}, median {t['median']:g}, p10-p90 {t['p10']:g}-{t['p90']:g}"
                 f"; decisions mean {d['mean']:.1f}, median {d['median']:g}, p10-p90 {d['p10']:g}-{d['p90']:g}")
    capped = s.get("capped", {})
    if capped.get("games"):
        lines.append(f"{capped['games']} game(s) stopped at the decision cap ({capped['cap']} decisions) before "
                     "their end, counted as draws")
    gps = s["games_per_s"]
    lines.append(f"speed: {n} games in {s['elapsed_s']:.2f} s = {gps:.1f} games/s" if gps else "speed: -")
    for lab in LABELS:
        c = s["cards"][lab]
        lines.append("")
        lines.append(f"cards of {lab} {s['decks'][lab]} (deck win rate {_pct(c['win_rate']).strip()} over {c['games']} "
                     f"games), sorted by delta when played")
        # the deck sections are the game's, and their names as long as it likes: the column fits them all
        part = max([7, *(len(row["part"]) for row in c["cards"])])
        lines.append(f"  {'card':<34} {'part':<{part}} {'n':>2} {'drawn':>6} {'wr':>6} {'delta':>7}  "
                     f"{'played':>6} {'wr':>6} {'delta':>7}")
        for row in c["cards"]:
            lines.append(f"  {row['card']:<34} {row['part']:<{part}} {row['copies']:>2} {row['drawn']:>6} "
                         f"{_pct(row['wr_drawn'])} {_dpct(row['delta_drawn'])}  {row['played']:>6} "
                         f"{_pct(row['wr_played'])} {_dpct(row['delta_played'])}")
    return lines


# -- files -------------------------------------------------------------------------------------------

GAME_COLUMNS = ["index", "match", "game_no", "seed", "agent_seed_a", "agent_seed_b", "a_seat", "first_seat",
                "first", "winner_seat", "winner", "turns", "decisions", "drawn_a", "played_a", "drawn_b",
                "played_b", "capped"]
CARD_COLUMNS = ["deck_label", "deck", "card", "part", "copies", "drawn", "wins_drawn", "wr_drawn", "delta_drawn",
                "played", "wins_played", "wr_played", "delta_played", "deck_games", "deck_win_rate"]


def write_csvs(folder: Path, s: dict[str, Any], records: Sequence[GameRecord], match: bool) -> list[Path]:
    """``games.csv`` (one row per game; labels A/B, seats A/B) and ``cards.csv`` (per-card statistics)."""
    games = folder / "games.csv"
    with games.open("w", newline="", encoding="utf-8") as f:
        w = csv.writer(f)
        w.writerow(GAME_COLUMNS)
        for i, r in enumerate(records):
            w.writerow([i, r.unit if match else "", r.game_no if match else "", r.seed, r.agent_seeds[0],
                        r.agent_seeds[1], r.a_seat, r.first, r.first_label, r.winner, r.winner_label, r.turns,
                        r.decisions, len(r.drawn[0]), len(r.played[0]), len(r.drawn[1]), len(r.played[1]),
                        int(r.capped)])
    cards = folder / "cards.csv"
    with cards.open("w", newline="", encoding="utf-8") as f:
        w = csv.writer(f)
        w.writerow(CARD_COLUMNS)
        for lab in LABELS:
            c = s["cards"][lab]
            for row in c["cards"]:
                w.writerow([lab, s["decks"][lab], *(("" if row[k] is None else row[k]) for k in CARD_COLUMNS[2:13]),
                            c["games"], c["win_rate"]])
    return [games, cards]


def write_plots(folder: Path, s: dict[str, Any], records: Sequence[GameRecord]) -> list[Path]:
    """PNG plots (matplotlib, Agg): win rates with CI bars, game-length histograms, per-card deltas (one chart
    per deck), each drawn by its own function."""
    import matplotlib

    matplotlib.use("Agg")
    return [_plot_win_rates(folder, s), _plot_game_length(folder, s, records),
            *(_plot_card_deltas(folder, s, lab) for lab in LABELS)]


class _Bar(NamedTuple):
    """One bar of the win-rate plot: what it counts, the rate and its 95% confidence interval."""

    label: str
    rate: float
    ci: list[float]


def _win_rate_bars(s: dict[str, Any]) -> list[_Bar]:
    """Each deck's win rate, the draws' and the first seat's; with matches, each deck's match win rate too."""
    da, db = s["decks"]["A"], s["decks"]["B"]
    bars = [_Bar(f"A {da}", s["win_rate"]["A"], s["ci95"]["A"]), _Bar(f"B {db}", s["win_rate"]["B"], s["ci95"]["B"]),
            _Bar("draw", s["win_rate"]["draw"], s["ci95"]["draw"]),
            _Bar("first seat", s["first_seat"]["win_rate"], s["first_seat"]["ci95"])]
    if "matches" in s:
        m = s["matches"]
        bars += [_Bar(f"A {da}\n(matches)", m["win_rate"]["A"], m["ci95"]["A"]),
                 _Bar(f"B {db}\n(matches)", m["win_rate"]["B"], m["ci95"]["B"])]
    return bars


def _plot_win_rates(folder: Path, s: dict[str, Any]) -> Path:
    """winrate.png: the win rates of ``_win_rate_bars`` with their 95% Wilson CI, against the line of 50%."""
    import matplotlib.pyplot as plt

    bars = _win_rate_bars(s)
    fig, ax = plt.subplots(figsize=(max(6.0, 1.6 * len(bars)), 4.5))
    xs = list(range(len(bars)))
    err = [[b.rate - b.ci[0] for b in bars], [b.ci[1] - b.rate for b in bars]]
    ax.bar(xs, [b.rate for b in bars], yerr=err, capsize=6,
           color=["#c0392b", "#27ae60", "#95a5a6", "#2980b9", "#e67e22", "#16a085"][:len(bars)])
    ax.axhline(0.5, color="black", linewidth=0.8, linestyle="--")
    ax.set_xticks(xs, [b.label for b in bars], fontsize=8)
    ax.set_ylim(0, 1)
    ax.set_ylabel("win rate (95% Wilson CI)")
    ax.set_title(f"{s['decks']['A']} vs {s['decks']['B']}: {s['games']} games "
                 f"({s['agents']['A']} vs {s['agents']['B']})")
    return _save(fig, folder / "winrate.png")


def _plot_game_length(folder: Path, s: dict[str, Any], records: Sequence[GameRecord]) -> Path:
    """game_length.png: histograms of the games' turns and decisions."""
    import matplotlib.pyplot as plt

    fig, (ax1, ax2) = plt.subplots(1, 2, figsize=(10, 4))
    turns = [r.turns for r in records]
    decisions = [r.decisions for r in records]
    ax1.hist(turns, bins=range(min(turns), max(turns) + 2), color="#2980b9", edgecolor="white")
    ax1.set_xlabel("turns")
    ax1.set_ylabel("games")
    ax1.set_title(f"turns: median {s['turns']['median']:g}, p10-p90 {s['turns']['p10']:g}-{s['turns']['p90']:g}")
    ax2.hist(decisions, bins=30, color="#8e44ad", edgecolor="white")
    ax2.set_xlabel("decisions")
    ax2.set_title(f"decisions: median {s['decisions']['median']:g}")
    return _save(fig, folder / "game_length.png")


def _plot_card_deltas(folder: Path, s: dict[str, Any], lab: str) -> Path:
    """cards_A.png or cards_B.png: each drawn card's win-rate delta when played and when drawn."""
    import matplotlib.pyplot as plt

    c = s["cards"][lab]
    rows = [row for row in c["cards"] if row["drawn"]]
    rows.reverse()  # best at the top of a horizontal bar chart
    fig, ax = plt.subplots(figsize=(9, max(3.0, 0.32 * len(rows) + 1.2)))
    ys = list(range(len(rows)))
    ax.barh([y + 0.2 for y in ys], [100 * (row["delta_played"] or 0.0) for row in rows], height=0.4,
            color="#c0392b", label="when played")
    ax.barh([y - 0.2 for y in ys], [100 * (row["delta_drawn"] or 0.0) for row in rows], height=0.4,
            color="#7f8c8d", label="when drawn")
    ax.set_yticks(ys, [f"{row['card']} ({row['played']}/{row['drawn']})" for row in rows], fontsize=7)
    ax.axvline(0, color="black", linewidth=0.8)
    ax.set_xlabel(f"win-rate delta vs the deck's {100 * c['win_rate']:.1f}% (percentage points)")
    ax.set_title(f"{lab} {s['decks'][lab]}: per-card win-rate delta (games played/drawn)")
    ax.legend(loc="lower right", fontsize=8)
    return _save(fig, folder / f"cards_{lab}.png")


def _save(fig: Figure, path: Path) -> Path:
    """Lay the figure out, write it at 100 dpi and close it (pyplot keeps every figure open until then)."""
    import matplotlib.pyplot as plt

    fig.tight_layout()
    fig.savefig(path, dpi=100)
    plt.close(fig)
    return path
