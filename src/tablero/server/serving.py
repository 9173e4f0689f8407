"""Running the app as ``tablero serve`` does: uvicorn, and a stop that always stops.

Why a stop needs more than uvicorn: a request runs on a worker thread, and a thread cannot be interrupted.
Told to stop (SIGTERM, Ctrl+C), uvicorn waits ``grace`` seconds for the requests under way, cancels them,
and runs the app's shutdown (the action journal writes what it holds: nothing accepted is lost). But a
request cancelled while its thread still works goes on waiting for that thread, and so does the
interpreter's exit (the worker threads are not daemons): one request stuck in unbounded work kept a server
from ever stopping (issue 37, where SIGKILL was needed). Once the app's shutdown is done there is nothing
left to keep, so a watchdog ends the process ``LINGER`` seconds later if it has not ended by itself.
"""

from __future__ import annotations

import logging
import os
import socket
import sys
import threading
from typing import Any

import uvicorn

from .middleware import MAX_BODY

LINGER = 3.0  # seconds the interpreter gets to end by itself after the app's shutdown
STARTUP_FAILURE = 3  # uvicorn's exit status when it cannot start (the port taken)
log = logging.getLogger("tablero.server")


def inherited(fd: int) -> socket.socket:
    """The listening TCP socket a parent handed over as file descriptor ``fd`` (``tablero serve --fd``). A
    parent that binds the port itself and keeps it never races another process for a free port, and a server
    it restarts comes back on the same address (the tests run side by side on one machine). Anything else on
    that descriptor is refused with a ValueError saying what it is."""
    try:
        sock = socket.socket(fileno=fd)
    except OSError as e:
        raise ValueError(f"no socket is open there ({e.strerror})") from None
    tcp = sock.type == socket.SOCK_STREAM and sock.family in (socket.AF_INET, socket.AF_INET6)
    if not tcp or not sock.getsockopt(socket.SOL_SOCKET, socket.SO_ACCEPTCONN):
        sock.detach()
        raise ValueError("not a listening TCP socket")
    return sock


def run(app: Any, *, host: str, port: int, grace: float, proxies: list[str], sock: socket.socket | None = None) -> None:
    """Serve ``app`` (``create_app``'s) on ``host:port``, or on the listening socket ``sock``, until told to stop,
    then stop within ``grace`` + ``LINGER`` seconds and the journal's last write, whatever a request is doing.
    ``proxies``: the addresses whose X-Forwarded-For is trusted (none: the header is ignored)."""
    closed: threading.Event = app.state.closed  # set by the app's lifespan once its shutdown is done
    threading.Thread(target=_end_after_shutdown, args=(closed,), name="tablero-stop", daemon=True).start()
    config = uvicorn.Config(app, host=host, port=port, log_level="warning", access_log=False,
                            proxy_headers=bool(proxies), forwarded_allow_ips=proxies,
                            timeout_graceful_shutdown=max(1, round(grace)),
                            ws_max_size=MAX_BODY)  # a client has nothing to say on its socket: no 16 MiB frames
    server = uvicorn.Server(config)
    server.run(sockets=[sock] if sock is not None else None)
    if not server.started:
        sys.exit(STARTUP_FAILURE)


def _end_after_shutdown(closed: threading.Event) -> None:
    closed.wait()
    threading.Event().wait(LINGER)  # the normal way out: the process ends by itself, and this thread with it
    log.warning("a request was still running after the shutdown: the process ends without it")
    sys.stdout.flush()
    sys.stderr.flush()
    os._exit(0)
