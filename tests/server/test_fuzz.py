"""Fuzz the API from its own OpenAPI schema (schemathesis): whatever the body, path or header, the server
answers with a status below 500 — a malformed, oversized or wrongly typed request is the client's 4xx, in
the API's ``{error, rule}`` shape. Besides what the schema allows, the fuzz draws the classes that once
gave 500s (issue 16): ids in Unicode digits (``u²``), ids and counts beyond the database's integers, and
enum values padded, recased or with an invisible character."""

from __future__ import annotations

import tempfile
from pathlib import Path
from typing import Any

import schemathesis
from fastapi.testclient import TestClient
from hypothesis import HealthCheck, settings
from hypothesis import strategies as st
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

HUGE = [2**31, 2**53 + 1, 2**63, -(2**63) - 1, 10**30, -1, 0]
ODD_IDS = ["²", "u²", "u¹", "u١٢", "𝟙", "u𝟙", "1e3", " 1", "1 ", "+1", "-0", "0x1f", str(2**31), str(2**63),
           "9" * 40, "u" + "9" * 30, "u-1", "ｕ1"]


def odd_string(s: str) -> st.SearchStrategy[str]:
    """``s`` as a careless or hostile client might send it: padded, recased, with an invisible character."""
    return st.sampled_from([s, f" {s}", f"{s} ", s.upper(), f"{s}\n", f"{s}\u200b", f"\u00a0{s}", s.title()])


def hostile(value: Any) -> st.SearchStrategy[Any]:
    """A strategy drawing ``value`` or, anywhere inside it, one of the odd classes above."""
    if isinstance(value, dict):
        return st.fixed_dictionaries({k: hostile(v) for k, v in value.items()})
    if isinstance(value, list):
        return st.tuples(*(hostile(v) for v in value)).map(list)
    if isinstance(value, bool):
        return st.just(value)
    if isinstance(value, int):
        return st.one_of(st.just(value), st.sampled_from(HUGE))
    if isinstance(value, str):
        return st.one_of(odd_string(value), st.sampled_from(ODD_IDS))
    return st.just(value)


for part in ("path_parameters", "query", "body"):
    def widen(_context: Any, strategy: st.SearchStrategy[Any]) -> st.SearchStrategy[Any]:
        return st.one_of(strategy, strategy.flatmap(hostile))
    widen.__name__ = f"before_generate_{part}"
    schema.hook(widen)


@schema.parametrize()
@settings(max_examples=50, deadline=None, suppress_health_check=list(HealthCheck))
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
    response = case.call(headers={"Authorization": f"Bearer {token}"})
    case.validate_response(response, checks=[not_a_server_error])
    if response.status_code >= 400:
        body = response.json()
        assert isinstance(body.get("error"), str) and "rule" in body, (response.status_code, body)
