"""Fuzz the API from its own OpenAPI schema (schemathesis): whatever the body, path or header, the server
answers with a status below 500 — a malformed, oversized or wrongly typed request is the client's 4xx."""

from __future__ import annotations

import tempfile
from pathlib import Path
from typing import Any

import schemathesis
from fastapi.testclient import TestClient
from hypothesis import HealthCheck, settings
from schemathesis.checks import not_a_server_error

from tablero.server.app import create_app
from tablero.server.throttle import LoginThrottle, RegistrationThrottle

# The fuzz's own random logins fail by the dozen from one address: no throttle here (tested elsewhere),
# or the logins this test needs would get 429.
APP = create_app(f"sqlite:///{Path(tempfile.mkdtemp()) / 'fuzz.db'}", cheap_hashing=True,
                 ai_options={"mcts": {"iterations": 2}}, throttle=LoginThrottle(per_user=10**9, per_address=10**9),
                 registrations=RegistrationThrottle(per_address=10**9))
with TestClient(APP) as _c:
    _c.post("/api/accounts", json={"username": "fuzz", "password": "contraseña-1"})
    TOKEN = _c.post("/api/token", json={"username": "fuzz", "password": "contraseña-1"}).json()["token"]
    _c.post("/api/games", headers={"Authorization": f"Bearer {TOKEN}"},
            json={"deck": "furia_jaguar", "opponent": "ai:random", "seed": 1})

schema = schemathesis.openapi.from_asgi("/openapi.json", APP)


@schema.parametrize()
@settings(max_examples=30, deadline=None, suppress_health_check=list(HealthCheck))
def test_no_request_gets_a_server_error(case: Any) -> None:
    query = case.query
    if query and "after" in query:  # a long poll: keep its wait short unless the fuzz made it invalid
        try:
            valid = 0 <= float(query.get("wait", 25)) <= 60
        except (TypeError, ValueError):
            valid = False
        if valid:
            query["wait"] = "0.2"
    token = TOKEN
    if case.method.upper() == "DELETE" and case.path == "/api/token":  # logging out: not the shared token
        fresh = TestClient(APP).post("/api/token", json={"username": "fuzz", "password": "contraseña-1"})
        assert fresh.status_code == 200, fresh.text
        token = fresh.json()["token"]
    case.call_and_validate(headers={"Authorization": f"Bearer {token}"}, checks=[not_a_server_error])
