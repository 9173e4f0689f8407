"""Two builds of the engine side by side: the median of N interleaved runs of a benchmark for each.

    python benchmarks/compare.py BASE HEAD [--runs 5] [-- ARGS...]

BASE and HEAD are each a source checkout (its ``src`` is put first on the path, for the plain build) or a
Python interpreter (``.../bin/python``, for a venv with a compiled build installed). The benchmark is
``benchmarks/engine.py`` of HEAD (run with ``--shipped`` unless ARGS are given). This machine's speed drifts
by tens of per cent during a day, so the runs alternate BASE, HEAD, BASE, HEAD... and the medians are
compared: the figure the issues' speed criteria ask for.
"""

from __future__ import annotations

import argparse
import os
import re
import statistics
import subprocess
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent


def run(target: str, args: list[str]) -> dict[str, float]:
    """One run of engine.py for a checkout or an interpreter; its numeric figures by name."""
    env = dict(os.environ)
    path = Path(target)
    if path.is_dir():
        python = sys.executable
        env["PYTHONPATH"] = str(path / "src")
    else:
        python = str(path)
        env.pop("PYTHONPATH", None)
    out = subprocess.run([python, str(HERE / "engine.py"), *args], env=env, capture_output=True, text=True,
                         check=True, cwd="/tmp").stdout
    figures: dict[str, float] = {}
    for line in out.splitlines():
        m = re.match(r"(decisions/s|games/s|clone\(\) at turn \d+)\s+([\d,.]+)", line)
        if m:
            figures[m.group(1).split(" at")[0]] = float(m.group(2).replace(",", ""))
        if line.startswith("build"):
            print(f"  {Path(target).name or target}: {line.split(None, 1)[1]}", file=sys.stderr)
    return figures


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("base")
    ap.add_argument("head")
    ap.add_argument("--runs", type=int, default=5)
    argv = sys.argv[1:]
    cut = argv.index("--") if "--" in argv else len(argv)
    ns = ap.parse_args(argv[:cut])
    args = argv[cut + 1:] or ["--shipped"]  # engine.py's arguments
    runs: dict[str, list[dict[str, float]]] = {"base": [], "head": []}
    for i in range(ns.runs):
        for name, target in (("base", ns.base), ("head", ns.head)):
            runs[name].append(run(target, args))
            print(f"run {i + 1} {name}: {runs[name][-1]}", file=sys.stderr)
    for key in ("decisions/s", "clone()"):
        b = statistics.median(r[key] for r in runs["base"])
        h = statistics.median(r[key] for r in runs["head"])
        print(f"{key:12} base {b:>10,.1f}  head {h:>10,.1f}  head/base {h / b:.3f}")


if __name__ == "__main__":
    main()
