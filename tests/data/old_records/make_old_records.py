"""How the records in this folder were made: with the code as it was before issue 15 (rules version 1).

They are real records of that code, not hand-written ones, so that the tests of ``tests/test_old_records.py``
check what the current code does with what an old terminal and an old server really stored. Run against a
checkout of that code (commit 052d58d)::

    git worktree add /tmp/old-tablero 052d58d
    PYTHONPATH=/tmp/old-tablero/src python tests/data/old_records/make_old_records.py tests/data/old_records
    git worktree remove /tmp/old-tablero

It writes:

- ``play-*.json``: ``tablero play --save`` files, made by the real terminal program in a subprocess, a
  scripted "human" typing the numbers (seeded choices; at an ofrenda decision it types the number of
  "pass" in the games named ``*-ofrenda-passed*``, and of the ofrenda otherwise);
- ``server.db``: the SQLite database of the old server (its own migrations, version 0002) after bot clients
  played games over its API: finished games against each AI and between two accounts, one surrendered, one
  left in the middle (a game the restarted server must resume), and an open challenge. The accounts are
  ``ana`` and ``beto``, password ``contraseña-1``.
"""

from __future__ import annotations

import itertools
import os
import random
import re
import sqlite3
import subprocess
import sys
from pathlib import Path
from typing import Any

PASSWORD = "contraseña-1"
CHOICE = re.compile(r"Your choice \(1-(\d+), \? help\): $")
MATCH_CHOICE = "Your choice (1-2): "


def old_code() -> Path:
    """The checkout being run: refuse to write records with the current code by mistake."""
    import tablero

    src = Path(tablero.__file__).resolve().parents[1]
    if (src / "tablero" / "games" / "choque" / "options.py").exists():
        sys.exit(f"{src} is not the code of before issue 15 (it has engine options): check out 052d58d")
    return src


def play_in_terminal(src: Path, out: Path, seed: int, vs: str, pass_ofrenda: bool, match: bool = False,
                     deck: str | None = None) -> None:
    """One ``tablero play --save`` run, answered through its standard input like a person would."""
    args = [sys.executable, "-m", "tablero", "play", "--seed", str(seed), "--vs", vs, "--lang", "en",
            "--save", str(out)]
    if match:
        args.append("--match")
    if deck:
        args += ["--deck", deck]
    env = {**os.environ, "PYTHONPATH": str(src)}
    proc = subprocess.Popen(args, stdin=subprocess.PIPE, stdout=subprocess.PIPE, env=env)
    assert proc.stdin is not None and proc.stdout is not None
    rng = random.Random(seed)
    screen = b""
    while True:
        ch = proc.stdout.read(1)
        if not ch:
            break
        screen += ch
        if screen.endswith(b"? help): "):
            text = screen.decode("utf-8", "replace")
            found = CHOICE.search(text)
            assert found is not None, text[-200:]
            n = int(found.group(1))
            answer = rng.randint(1, n)
            lines = text.splitlines()
            asked = lines[lines.index("Your options:") - 1] if "Your options:" in lines else ""
            if asked.startswith("Ofrenda phase"):
                answer = 2 if pass_ofrenda else 1  # the options are listed as [ofrenda, pass]
            proc.stdin.write(f"{answer}\n".encode())
            proc.stdin.flush()
            screen = b""
        elif screen.endswith(MATCH_CHOICE.encode()):
            proc.stdin.write(b"1\n")  # the human, having lost, starts
            proc.stdin.flush()
            screen = b""
    if proc.wait() != 0:
        sys.exit(f"tablero play --seed {seed} exited with {proc.returncode}")


def play_on_server(db: Path) -> None:
    """Games over the old server's API, by bot clients choosing among the legal actions it offers."""
    from fastapi.testclient import TestClient

    from tablero.server.app import create_app

    seeds = map(lambda i: 7_000_000_000_000_000_000 + i, itertools.count(1)).__next__
    fast = {"mcts": {"iterations": 4}}
    app = create_app(f"sqlite:///{db}", cheap_hashing=True, ai_options=fast, seeds=seeds)
    with TestClient(app) as c:
        heads = {}
        for name in ("ana", "beto"):
            assert c.post("/api/accounts", json={"username": name, "password": PASSWORD}).status_code == 201
            token = c.post("/api/token", json={"username": name, "password": PASSWORD}).json()["token"]
            heads[name] = {"Authorization": f"Bearer {token}"}

        def view(gid: int, who: str, **params: Any) -> dict[str, Any]:
            env: dict[str, Any] = c.get(f"/api/games/{gid}", headers=heads[who], params=params).json()
            return env

        def play(gid: int, seats: dict[str, str], rng: random.Random, pass_ofrenda: bool,
                 limit: int | None = None) -> None:
            done = 0
            while True:
                env = view(gid, seats["A"])
                if env["winner"] is not None:
                    return
                who = env["pending"]["player"]
                if who not in seats:  # an AI seat answers in the background: long-poll for it
                    view(gid, seats["A"], after=env["seq"], wait=30)
                    continue
                if limit is not None and done >= limit:
                    return  # settled: the AI is not thinking when the server stops
                mine = view(gid, seats[who])
                legal = mine["legal_actions"]
                action = rng.choice(legal)
                if mine["pending"]["kind"] == "ofrenda":
                    action = next(a for a in legal if a["do"] == ("pass" if pass_ofrenda else "ofrenda"))
                r = c.post(f"/api/games/{gid}/actions", headers=heads[seats[who]], json={"action": action})
                assert r.status_code == 200, r.text
                done += 1

        def against(ai: str, deck: str, seed: int) -> int:
            r = c.post("/api/games", headers=heads["ana"], json={"deck": deck, "opponent": ai, "seed": seed})
            assert r.status_code == 201, r.text
            gid: int = r.json()["id"]
            return gid

        play(against("ai:random", "furia_jaguar", 21), {"A": "ana"}, random.Random(1), pass_ofrenda=True)
        play(against("ai:greedy", "ojo_tormenta", 22), {"A": "ana"}, random.Random(2), pass_ofrenda=False)
        gid = c.post("/api/games", headers=heads["ana"], json={"deck": "veneno_serpiente", "opponent": "open"}
                     ).json()["id"]
        assert c.post(f"/api/games/{gid}/join", headers=heads["beto"], json={"deck": "formas_nahual"}
                      ).status_code == 200
        play(gid, {"A": "ana", "B": "beto"}, random.Random(3), pass_ofrenda=True)
        gid = against("ai:random", "formas_nahual", 23)
        play(gid, {"A": "ana"}, random.Random(4), pass_ofrenda=True, limit=6)
        c.post(f"/api/games/{gid}/actions", headers=heads["ana"], json={"action": {"player": "A", "do": "surrender"}})
        play(against("ai:greedy", "furia_jaguar", 24), {"A": "ana"}, random.Random(5), pass_ofrenda=True, limit=12)
        c.post("/api/games", headers=heads["beto"], json={"deck": "ojo_tormenta", "opponent": "open"})
    app.state.engine.dispose()
    with sqlite3.connect(db) as conn:  # one self-contained file: the write-ahead log folded in, no free pages
        conn.execute("PRAGMA journal_mode=DELETE")
        conn.execute("VACUUM")


def main() -> None:
    src = old_code()
    out = Path(sys.argv[1])
    out.mkdir(parents=True, exist_ok=True)
    play_in_terminal(src, out / "play-random-ofrenda-passed.json", 31, "random", pass_ofrenda=True)
    play_in_terminal(src, out / "play-greedy.json", 32, "greedy", pass_ofrenda=False, deck="ojo_tormenta")
    play_in_terminal(src, out / "play-match-ofrenda-passed.json", 33, "random", pass_ofrenda=True, match=True,
                     deck="veneno_serpiente")
    db = out / "server.db"
    for stale in (db, db.with_name(db.name + "-wal"), db.with_name(db.name + "-shm")):
        stale.unlink(missing_ok=True)
    play_on_server(db)


if __name__ == "__main__":
    main()
