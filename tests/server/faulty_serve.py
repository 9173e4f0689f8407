"""``tablero serve`` with two faults planted, for the defence-in-depth test of tests/server/test_serve.py
(issue 37): ``GET /api/cards`` runs out of memory in its worker thread, and ``POST /api/decks/check``
never returns (a request stuck in unbounded work, as a field of a billion slots was). Run as a script with
``serve``'s own arguments."""

from __future__ import annotations

import sys
import threading
from typing import Any

from tablero.cli import main
from tablero.server.routes import decks


def out_of_memory(*_args: Any) -> Any:
    raise MemoryError


def stuck(*_args: Any) -> Any:
    threading.Event().wait()  # never set: the thread works for ever


if __name__ == "__main__":
    decks.pool_json = out_of_memory  # type: ignore[assignment]
    decks.check_doc = stuck
    main(["serve", *sys.argv[1:]])
