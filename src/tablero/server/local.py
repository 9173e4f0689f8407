"""A real ``tablero serve`` on loopback, for the tests and benchmarks that talk to one over the network:
a free port, the process started on a SQLite file, and the wait until it answers."""

from __future__ import annotations

import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import IO, Any


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def serve(db: Path | str, port: int | None = None, *, wait: float = 30.0,
          stderr: int | IO[Any] | None = subprocess.DEVNULL, env: Mapping[str, str] | None = None,
          options: Sequence[str] = ()) -> tuple[subprocess.Popen[bytes], str]:
    """Start ``python -m tablero serve`` on 127.0.0.1 (``port``, or a free one) with the SQLite file ``db``
    (or the database URL ``db``, e.g. a PostgreSQL one) and any further ``options``; return the process and
    its base URL once it answers. A server that does
    not answer within ``wait`` seconds is killed, and RuntimeError says so."""
    port = port if port is not None else free_port()
    url = db if isinstance(db, str) else f"sqlite:///{db}"
    proc = subprocess.Popen([sys.executable, "-m", "tablero", "serve", "--port", str(port), "--db", url,
                             *options], stderr=stderr, env=dict(env) if env is not None else None)
    base = f"http://127.0.0.1:{port}"
    deadline = time.monotonic() + wait
    while time.monotonic() < deadline:
        try:
            with urllib.request.urlopen(f"{base}/openapi.json", timeout=5) as r:
                if r.status == 200:
                    return proc, base
        except (urllib.error.URLError, ConnectionError):
            pass
        if proc.poll() is not None:
            break
        time.sleep(0.1)
    proc.kill()
    proc.wait()
    raise RuntimeError(f"tablero serve did not answer on {base}")
