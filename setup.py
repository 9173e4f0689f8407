"""Build script: plain setuptools, or mypyc-compiled hot modules when ``TABLERO_MYPYC=1`` (see
build_backend/tablero_build.py). Everything else about the package lives in pyproject.toml."""

import os
import sys

from setuptools import setup

# The modules a game spends its time in. The rest (files, CLI, judge, narration, refusals/) stays plain Python.
COMPILED = [
    "src/tablero/core/rng.py",
    "src/tablero/core/game.py",
    "src/tablero/core/loops.py",
    *(f"src/tablero/games/choque/{m}.py" for m in (
        "cards", "state", "flow", "stats", "chain", "keywords", "combat", "decisions", "game",
        "observation", "resample", "evaluate", "targeting", "filters", "pending", "links")),
    "src/tablero/games/choque/effects/schema.py",
    *(f"src/tablero/games/choque/effects/{m}.py" for m in (
        "sources", "candidates", "costs", "activation", "triggers", "resolution", "selections")),
    "src/tablero/games/choque/effects/context.py",
    "src/tablero/games/choque/exclusive/__init__.py",
    "src/tablero/games/choque/exclusive/toxina.py",
    "src/tablero/games/choque/exclusive/elite.py",
    *(f"src/tablero/games/choque/effects/verbs/{m}.py" for m in (
        "__init__", "reach", "removal", "stats", "piles", "calls", "hearts", "cancel", "script")),
    # the search agents: their tree walk and the evaluation above are what an MCTS iteration costs
    "src/tablero/agents/playout.py",
    "src/tablero/agents/mcts.py",
]

ext_modules = []
metadata_only = any(cmd in sys.argv for cmd in ("egg_info", "dist_info", "sdist"))  # no need to compile
if os.environ.get("TABLERO_MYPYC") == "1" and not metadata_only:
    from mypyc.build import mypycify

    ext_modules = mypycify(COMPILED, opt_level="3")

setup(ext_modules=ext_modules)
