"""``tablero serve`` runs the API as a real process on loopback, with its database on disk."""

from __future__ import annotations

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
