"""``tablero serve`` runs the API as a real process on loopback, with its database on disk."""

from __future__ import annotations

import random
import signal
import socket
import subprocess
import sys
import time
from pathlib import Path

import httpx


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def test_serve_answers_on_loopback(tmp_path: Path) -> None:
    port = free_port()
    proc = subprocess.Popen([sys.executable, "-m", "tablero", "serve", "--port", str(port),
                             "--db", f"sqlite:///{tmp_path / 'srv.db'}"], stderr=subprocess.PIPE)
    try:
        base = f"http://127.0.0.1:{port}"
        for _ in range(150):
            try:
                if httpx.get(f"{base}/openapi.json").status_code == 200:
                    break
            except httpx.TransportError:
                time.sleep(0.1)
        r = httpx.post(f"{base}/api/accounts", json={"username": "bot_1", "password": "secreto-largo"})
        assert r.status_code == 201, r.text
        assert httpx.get(f"{base}/api/decks").status_code == 401
    finally:
        proc.terminate()
        proc.wait(timeout=10)
    assert (tmp_path / "srv.db").exists()


def test_serve_with_a_bad_database_url_says_so() -> None:
    r = subprocess.run([sys.executable, "-m", "tablero", "serve", "--db", "nosuchdb://x"], capture_output=True,
                       text=True, timeout=60)
    assert r.returncode == 2 and "cannot open the database" in r.stderr and "Traceback" not in r.stderr


def start(port: int, db: Path) -> subprocess.Popen[bytes]:
    proc = subprocess.Popen([sys.executable, "-m", "tablero", "serve", "--port", str(port), "--db", f"sqlite:///{db}"],
                            stderr=subprocess.DEVNULL)
    for _ in range(200):
        try:
            if httpx.get(f"http://127.0.0.1:{port}/openapi.json").status_code == 200:
                return proc
        except httpx.TransportError:
            time.sleep(0.1)
    proc.kill()
    raise AssertionError("server did not start")


def test_a_server_killed_mid_game_resumes_it_identically(tmp_path: Path) -> None:
    """SIGKILL mid-game (no shutdown of any kind), restart on the same database: the game goes on from the
    same state, because every action was committed before its reply."""
    port, db = free_port(), tmp_path / "kill.db"
    base = f"http://127.0.0.1:{port}"
    proc = start(port, db)
    try:
        httpx.post(f"{base}/api/accounts", json={"username": "ana", "password": "contraseña-1"})
        token = httpx.post(f"{base}/api/token", json={"username": "ana", "password": "contraseña-1"}).json()["token"]
        me = {"Authorization": f"Bearer {token}"}
        gid = httpx.post(f"{base}/api/games", headers=me, json={"deck": "furia_jaguar", "opponent": "ai:greedy",
                                                               "seed": 21}).json()["id"]
        rng = random.Random(6)
        for _ in range(12):
            env = httpx.get(f"{base}/api/games/{gid}", headers=me).json()
            if env["winner"] is not None:
                break
            r = httpx.post(f"{base}/api/games/{gid}/actions", headers=me,
                           json={"action": rng.choice(env["legal_actions"])}, timeout=30)
            assert r.status_code == 200, r.text
        before = httpx.get(f"{base}/api/games/{gid}", headers=me).json()
        assert before["view"]["turn"] >= 1
    finally:
        proc.send_signal(signal.SIGKILL)
        proc.wait(timeout=10)
    proc = start(port, db)
    try:
        after = httpx.get(f"{base}/api/games/{gid}", headers=me).json()
        assert after == before
        if after["winner"] is None:  # and it goes on
            r = httpx.post(f"{base}/api/games/{gid}/actions", headers=me, json={"action": after["legal_actions"][0]},
                           timeout=30)
            assert r.status_code == 200, r.text
    finally:
        proc.terminate()
        proc.wait(timeout=10)
