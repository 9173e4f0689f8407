"""The README's test command (``scripts/test-all``) runs the whole suite or says in one line what it is
missing: it never passes with the browser or PostgreSQL tests quietly skipped (issue 17)."""

from __future__ import annotations

import os
import re
import subprocess
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
SCRIPT = ROOT / "scripts" / "test-all"


def check(**env: str) -> subprocess.CompletedProcess[str]:
    base = {k: v for k, v in os.environ.items() if not k.startswith("TABLERO_")}
    return subprocess.run(["bash", str(SCRIPT), "--check"], capture_output=True, text=True, timeout=120,
                          env={**base, "TABLERO_INSTALL": "0", **env})


def test_the_readme_and_ci_run_the_same_whole_suite() -> None:
    readme = (ROOT / "README.md").read_text()
    commands = re.findall(r"^    (\S.*)$", readme.split("## Set up", 1)[1].split("\n## ", 1)[0], re.M)
    assert commands == ["python3 -m pip install -e . && tablero demo --seed 1", "bash scripts/test-all"]
    assert "bash scripts/test-all" in (ROOT / ".ci" / "run").read_text()


def test_a_missing_browser_is_said_in_one_line() -> None:
    r = check(TABLERO_CHROMIUM="no-such-chromium", TABLERO_SKIP_PG="1")
    assert r.returncode == 2 and r.stdout == ""
    assert r.stderr.count("\n") == 1 and "Chromium" in r.stderr and "TABLERO_SKIP_BROWSER=1" in r.stderr


def test_a_missing_postgresql_is_said_in_one_line(tmp_path: Path) -> None:
    r = check(TABLERO_SKIP_BROWSER="1", TABLERO_PG_ROOT=str(tmp_path))  # no PostgreSQL there
    assert r.returncode == 2 and r.stdout == ""
    assert r.stderr.count("\n") == 1 and "PostgreSQL" in r.stderr and "TABLERO_SKIP_PG=1" in r.stderr


def test_skipping_is_only_what_was_asked() -> None:
    r = check(TABLERO_SKIP_BROWSER="1", TABLERO_SKIP_PG="1")
    assert r.returncode == 0 and "Chromium skipped" in r.stdout and "PostgreSQL skipped" in r.stdout
    r = check(TABLERO_SKIP_BROWSER="1", TABLERO_TEST_PG_URL="postgresql+psycopg://u:secret@127.0.0.1:5/x")
    assert r.returncode == 0 and "PostgreSQL at 127.0.0.1:5/x" in r.stdout and "secret" not in r.stdout


def test_every_phase_is_timed_in_one_table_also_when_one_fails(tmp_path: Path) -> None:
    """scripts/phases.sh: CI's scripts print each phase's seconds in one table when the outermost ends; a
    phase that fails is marked so, and the script still stops with its status."""
    script = tmp_path / "run"
    script.write_text(f"set -euo pipefail\n. {ROOT / 'scripts' / 'phases.sh'}\n"
                      "phase one true\nbash -c '. " + str(ROOT / "scripts" / "phases.sh") + "; phase inner true'\n"
                      "phase two false\nphase never true\n")
    base = {k: v for k, v in os.environ.items() if k != "TABLERO_PHASES"}
    r = subprocess.run(["bash", str(script)], capture_output=True, text=True, timeout=60, env=base)
    assert r.returncode == 1, r.stderr
    rows = [line.split() for line in r.stderr.splitlines() if line.strip()]
    assert rows[0] == ["phase", "seconds"]
    assert [row[:-1] for row in rows[1:]] == [["one"], ["inner"], ["two", "(failed)"], ["total"]], rows
    assert all(row[-1].isdigit() for row in rows[1:])
