"""A real ``tablero serve`` on loopback, for the tests and benchmarks that talk to one over the network:
a free port, the process started on a SQLite file, and the wait until it answers."""

from __future__ import annotations

import socket
import subprocess
import sys
import time
import urllib.request
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import IO, Any


def free_port() -> int:
    """A port free at the moment of asking. Another process may take it before it is used: what must start a
    server side by side with others (the tests run on two workers) passes a ``listener()`` instead."""
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def listener() -> socket.socket:
    """A listening socket on a free loopback port, to hand to ``tablero serve --fd``: the port is held from
    the moment it is chosen, so no other process can take it, and a server restarted on it comes back on
    the same address while the caller keeps it open."""
    sock = socket.socket()
    sock.bind(("127.0.0.1", 0))
    sock.listen(128)
    sock.set_inheritable(True)
    return sock


def serve(db: Path | str, port: int | None = None, *, wait: float = 120.0,
          stderr: int | IO[Any] | None = subprocess.DEVNULL, env: Mapping[str, str] | None = None,
          options: Sequence[str] = (), sock: socket.socket | None = None) -> tuple[subprocess.Popen[bytes], str]:
    """Start ``python -m tablero serve`` on 127.0.0.1 with the SQLite file ``db`` (or the database URL ``db``,
    e.g. a PostgreSQL one) and any further ``options``; return the process and its base URL once it answers.
    Where it listens: the socket ``sock`` (kept by the caller, for a restart on the same address), else
    ``port``, else a socket of its own chosen here and handed over. A server that does not answer within
    ``wait`` seconds is killed, and RuntimeError says so."""
    own = sock is None and port is None
    if own:
        sock = listener()
    if sock is not None:
        port = int(sock.getsockname()[1])
        where = ["--fd", str(sock.fileno())]
    else:
        where = ["--port", str(port)]
    url = db if isinstance(db, str) else f"sqlite:///{db}"
    try:
        proc = subprocess.Popen([sys.executable, "-m", "tablero", "serve", *where, "--db", url, *options],
                                stderr=stderr, env=dict(env) if env is not None else None,
                                pass_fds=[sock.fileno()] if sock is not None else ())
    finally:
        if own and sock is not None:
            sock.close()  # the server holds it now: what connects before it answers waits in its queue
    base = f"http://127.0.0.1:{port}"
    deadline = time.monotonic() + wait
    while time.monotonic() < deadline:
        try:
            with urllib.request.urlopen(f"{base}/openapi.json", timeout=5) as r:
                if r.status == 200:
                    return proc, base
        except OSError:  # URLError, a refused or reset connection, a read that timed out
            pass
        if proc.poll() is not None:
            break
        time.sleep(0.1)
    proc.kill()
    proc.wait()
    raise RuntimeError(f"tablero serve did not answer on {base}")
