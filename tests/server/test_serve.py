"""``tablero serve`` runs the API as a real process on loopback, with its database on disk."""

from __future__ import annotations

import json
import random
import signal
import socket
import subprocess
import sys
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import httpx
import pytest
from websockets.sync.client import connect

from tablero.server.local import listener, serve
from waiting import until

from .conftest import my_turn


def test_serve_answers_on_loopback(tmp_path: Path) -> None:
    proc, base = serve(tmp_path / "srv.db")
    try:
        r = httpx.post(f"{base}/api/accounts", json={"username": "bot_1", "password": "secreto-largo"})
        assert r.status_code == 201, r.text
        assert httpx.get(f"{base}/api/decks").status_code == 401
    finally:
        proc.terminate()
        proc.wait(timeout=10)
    assert (tmp_path / "srv.db").exists()


def test_serve_says_where_to_open_it_and_which_database_it_uses(tmp_path: Path) -> None:
    """The first line ``tablero serve`` prints: the address to open and the database (its password hidden)."""
    with listener() as sock:  # handed over (--fd): what it prints is the address of the socket it was given
        port = sock.getsockname()[1]
        proc = subprocess.Popen([sys.executable, "-m", "tablero", "serve", "--fd", str(sock.fileno()), "--db",
                                 f"sqlite:///{tmp_path / 'shown.db'}"], stdout=subprocess.PIPE, text=True,
                                pass_fds=[sock.fileno()])
    try:
        assert proc.stdout is not None
        line = proc.stdout.readline()
    finally:
        proc.terminate()
        proc.wait(timeout=30)
    assert f"http://127.0.0.1:{port}/" in line and f"sqlite:///{tmp_path / 'shown.db'}" in line, line
    assert "/docs" in line


def test_serve_with_a_bad_database_url_says_so() -> None:
    r = subprocess.run([sys.executable, "-m", "tablero", "serve", "--db", "nosuchdb://x"], capture_output=True,
                       text=True, timeout=60)
    assert r.returncode == 2 and "cannot open the database" in r.stderr and "Traceback" not in r.stderr


def test_serve_refuses_a_descriptor_that_is_not_a_listening_socket(tmp_path: Path) -> None:
    """``--fd``: nothing open there, or a socket that does not listen, is a usage error in one line (exit 2)."""
    with socket.socket() as idle:  # bound, never listening
        idle.bind(("127.0.0.1", 0))
        for fd, said in ((idle.fileno(), "not a listening TCP socket"), (1000, "no socket is open there")):
            r = subprocess.run([sys.executable, "-m", "tablero", "serve", "--fd", str(fd), "--db",
                                f"sqlite:///{tmp_path / 'fd.db'}"], capture_output=True, text=True, timeout=60,
                               pass_fds=[idle.fileno()])
            assert r.returncode == 2 and said in r.stderr and "Traceback" not in r.stderr, r.stderr
    assert not (tmp_path / "fd.db").exists()  # refused before the database is opened


def test_serve_refuses_a_login_lifetime_that_is_not_positive() -> None:
    r = subprocess.run([sys.executable, "-m", "tablero", "serve", "--token-days", "0"], capture_output=True,
                       text=True, timeout=60)
    assert r.returncode == 2 and "--token-days" in r.stderr and "Traceback" not in r.stderr


def test_the_claim_time_is_the_operators_to_set(tmp_path: Path) -> None:
    """``tablero serve --claim-minutes``: the server counts an absent player's time against the operator's
    claim time (the claim itself, once it has passed, is tested in test_claims.py with a moved clock)."""
    proc, base = serve(tmp_path / "claim.db", options=["--claim-minutes", "0.5"])  # 30 s
    try:
        with httpx.Client(base_url=base, timeout=60) as c:
            heads = {}
            for name in ("ana", "beto"):
                c.post("/api/accounts", json={"username": name, "password": "contraseña-1"})
                tok = c.post("/api/token", json={"username": name, "password": "contraseña-1"}).json()["token"]
                heads[name] = {"Authorization": f"Bearer {tok}"}
            gid = c.post("/api/games", headers=heads["ana"], json={"deck": "furia_jaguar",
                                                                   "opponent": "open"}).json()["id"]
            c.post(f"/api/games/{gid}/join", headers=heads["beto"], json={"deck": "veneno_serpiente"})
            absent = c.get(f"/api/games/{gid}", headers=heads["ana"]).json()["pending"]["player"]
            waiting = heads["beto"] if absent == "A" else heads["ana"]
            early = c.post(f"/api/games/{gid}/claim", headers=waiting)
            assert early.status_code == 409 and "of the 30 s allowed" in early.json()["error"], early.text
    finally:
        proc.terminate()
        proc.wait(timeout=10)
    r = subprocess.run([sys.executable, "-m", "tablero", "serve", "--claim-minutes", "-1"], capture_output=True,
                       text=True, timeout=60)
    assert r.returncode == 2 and "--claim-minutes" in r.stderr and "Traceback" not in r.stderr


def start(sock: socket.socket, db: Path) -> subprocess.Popen[bytes]:
    return serve(db, sock=sock)[0]


def test_a_server_killed_mid_game_resumes_it_identically(tmp_path: Path) -> None:
    """SIGKILL mid-game (no shutdown of any kind), restart on the same database: the game goes on from the
    same state, because every action was committed before its reply; a reconnecting WebSocket gets it."""
    sock, db = listener(), tmp_path / "kill.db"  # held here: the restarted server comes back on the same address
    port = sock.getsockname()[1]
    base = f"http://127.0.0.1:{port}"
    proc = start(sock, db)
    try:
        with httpx.Client(base_url=base, timeout=60) as c:
            c.post("/api/accounts", json={"username": "ana", "password": "contraseña-1"})
            token = c.post("/api/token", json={"username": "ana", "password": "contraseña-1"}).json()["token"]
            me = {"Authorization": f"Bearer {token}"}
            gid = c.post("/api/games", headers=me, json={"deck": "furia_jaguar", "opponent": "ai:greedy",
                                                         "seed": 21}).json()["id"]
            rng = random.Random(6)
            for _ in range(12):
                env = my_turn(c, gid, me)
                if env["winner"] is not None:
                    break
                r = c.post(f"/api/games/{gid}/actions", headers=me, json={"action": rng.choice(env["legal_actions"])})
                assert r.status_code == 200, r.text
            before = my_turn(c, gid, me)
            assert before["view"]["turn"] >= 1
    finally:
        proc.send_signal(signal.SIGKILL)
        proc.wait(timeout=10)
    proc = start(sock, db)
    try:
        with httpx.Client(base_url=base, timeout=60) as c:
            assert c.get(f"/api/games/{gid}", headers=me).json() == before
            with connect(f"ws://127.0.0.1:{port}/api/games/{gid}/ws?token={token}") as ws:
                assert json.loads(ws.recv(timeout=30)) == before
                if before["winner"] is None:  # and it goes on
                    r = c.post(f"/api/games/{gid}/actions", headers=me, json={"action": before["legal_actions"][0]})
                    assert r.status_code == 200, r.text
                    pushed = json.loads(ws.recv(timeout=30))
                    assert pushed["seq"] == before["seq"] + 1 and pushed["view"] == r.json()["view"]
    finally:
        proc.terminate()
        proc.wait(timeout=10)
        sock.close()


@pytest.mark.parametrize("stop", [signal.SIGTERM, signal.SIGINT], ids=["SIGTERM", "SIGINT"])
def test_a_failing_request_answers_500_and_a_stuck_one_does_not_keep_the_server_from_stopping(
        tmp_path: Path, stop: signal.Signals) -> None:
    """Issue 37, defence in depth: a request whose worker raises (MemoryError included) gets the API's 500
    body, the server goes on serving others, and SIGTERM (or Ctrl+C) stops it even while another request's
    thread works for ever: before, uvicorn waited for that request for ever, and an interpreter's exit waits
    for its thread."""
    sock = listener()
    port = sock.getsockname()[1]
    base = f"http://127.0.0.1:{port}"
    proc = subprocess.Popen([sys.executable, str(Path(__file__).with_name("faulty_serve.py")),
                             "--fd", str(sock.fileno()), "--db", f"sqlite:///{tmp_path / 'faulty.db'}", "--grace", "1"],
                            stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, pass_fds=[sock.fileno()])
    sock.close()  # the server holds it
    try:
        with httpx.Client(base_url=base, timeout=60) as c:
            answered(c)
            c.post("/api/accounts", json={"username": "ana", "password": "contraseña-1"})
            token = c.post("/api/token", json={"username": "ana", "password": "contraseña-1"}).json()["token"]
            me = {"Authorization": f"Bearer {token}"}
            r = c.get("/api/cards", headers=me)
            assert r.status_code == 500
            assert r.json() == {"error": "internal error: the server could not answer this request", "rule": None}
            # and the connection stays usable: a request behind the failing one on it is answered (uvicorn
            # closed the connection after the 500, so a client's pooled connection was found reset)
            replies = pipelined(port, [f"GET /api/cards HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer {token}\r\n\r\n",
                                       "GET /api/catalog HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n"])
            assert replies.startswith(b"HTTP/1.1 500") and b"HTTP/1.1 200" in replies, replies[:300]
            with httpx.Client(base_url=base, timeout=None) as hung:  # a request that never ends
                pool = ThreadPoolExecutor(1)
                pool.submit(hung.post, "/api/decks/check", headers=me,
                            json={"name": "x", "main": {"cachorro_moteado": 3}, "souls": {"alma_de_ambar": 3}})
                assert c.get("/api/catalog").status_code == 200  # the others are still served
                assert c.get("/api/cards", headers=me).status_code == 500
                assert c.get("/api/catalog").status_code == 200
                proc.send_signal(stop)
                assert proc.wait(timeout=60) in (0, -stop)  # uvicorn ends by the signal it was stopped with
                pool.shutdown(wait=False, cancel_futures=True)
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait()
    assert proc.stderr is not None
    assert b"MemoryError" in proc.stderr.read()  # logged by the server, never shown to the client


def pipelined(port: int, requests: list[str]) -> bytes:
    """What the server answers to ``requests`` sent at once on one connection, read until it closes it."""
    with socket.create_connection(("127.0.0.1", port), timeout=60) as sock:
        sock.sendall("".join(requests).encode())
        out = b""
        while chunk := sock.recv(65536):
            out += chunk
    return out


def answered(c: httpx.Client) -> None:
    """Wait until the server answers (it is starting)."""

    def answers() -> bool:
        try:
            return c.get("/openapi.json").status_code == 200
        except httpx.TransportError:
            return False

    until(answers, "the server to answer", every=0.1)
