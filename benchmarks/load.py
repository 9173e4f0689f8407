"""Server load: many concurrent games of bot clients against one ``tablero serve`` on SQLite, over loopback
(needs the test extras: httpx, aiohttp).

Each game is a challenge between two bot clients. Each bot listens on the game's WebSocket (as the API
docs recommend) and, when the envelope says the decision is its own, posts a random legal action; every
game sends one action every ``--interval`` seconds. A game that ends is replaced by a new one, so
``--games`` games are always being played. Everything is bounded in time (``--seconds``) and stays on
127.0.0.1.

Reported: accepted actions per second, the latency of ``POST /api/games/{id}/actions`` (from sending the
request to reading the reply: p50, p90, p99, max), the push latency (from posting an action to the
opponent's WebSocket delivering the envelope it caused), and every refused or failed request.

    python benchmarks/load.py                       # 50 games, an action every 200 ms each, 30 s
    python benchmarks/load.py --games 100 --seconds 60 --processes 2 --json
"""

from __future__ import annotations

import argparse
import asyncio
import json
import multiprocessing as mp
import os
import random
import statistics
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

import aiohttp
import httpx
import orjson

from tablero.server.local import free_port, serve

DECKS = ["furia_jaguar", "veneno_serpiente", "formas_nahual", "ojo_tormenta"]
PASSWORD = "contraseña-de-carga"


def cpu_seconds(pid: int) -> float:
    """User + system CPU time of a process so far (Linux /proc; 0 elsewhere)."""
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
        return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")
    except (OSError, IndexError, ValueError):
        return 0.0


def percentile(xs: list[float], q: float) -> float:
    if not xs:
        return float("nan")
    xs = sorted(xs)
    return xs[min(len(xs) - 1, int(q * len(xs)))]


class Stats:
    def __init__(self) -> None:
        self.action_ms: list[float] = []
        self.server_ms: list[float] = []
        self.push_ms: list[float] = []
        self.errors: dict[str, int] = {}
        self.games_started = 0
        self.games_finished = 0
        self.measuring = False

    def error(self, what: str) -> None:
        self.errors[what] = self.errors.get(what, 0) + 1


class Game:
    """One challenge and its two seats' WebSockets; the pending seat acts once per interval."""

    def __init__(self, http: aiohttp.ClientSession, port: int, tokens: tuple[str, str], seed: int, interval: float,
                 stats: Stats, stop: asyncio.Event) -> None:
        self.http, self.port, self.tokens, self.seed = http, port, tokens, seed
        self.interval, self.stats, self.stop = interval, stats, stop
        self.rng = random.Random(seed)
        self.next_at = 0.0
        self.posted: dict[int, tuple[float, int]] = {}  # seq an action will cause -> (when posted, by whom)
        self.over = asyncio.Event()

    def headers(self, seat: int) -> dict[str, str]:
        return {"Authorization": f"Bearer {self.tokens[seat]}"}

    async def play(self) -> None:
        async with self.http.post("/api/games", headers=self.headers(0), json={
                "deck": DECKS[self.seed % 4], "opponent": "open"}) as r:  # the server draws the game's seed
            r.raise_for_status()
            self.id = (await r.json())["id"]
        async with self.http.post(f"/api/games/{self.id}/join", headers=self.headers(1),
                                  json={"deck": DECKS[(self.seed // 4) % 4]}) as r:
            r.raise_for_status()
        self.stats.games_started += 1
        self.next_at = time.perf_counter() + self.rng.random() * self.interval  # spread the games out
        await asyncio.gather(self.seat(0), self.seat(1))

    async def seat(self, i: int) -> None:
        url = f"/api/games/{self.id}/ws?token={self.tokens[i]}"
        async with self.http.ws_connect(url, compress=0, max_msg_size=2**22) as ws:  # loopback: no deflate
            while not self.stop.is_set() and not self.over.is_set():
                try:
                    msg = await ws.receive(timeout=1.0)
                except TimeoutError:
                    continue
                if msg.type != aiohttp.WSMsgType.TEXT:
                    raise ConnectionError(f"WebSocket {msg.type.name}")
                env = orjson.loads(msg.data)
                posted = self.posted.get(env["seq"])
                if posted is not None and posted[1] != i:  # the opponent's action reached this seat
                    del self.posted[env["seq"]]
                    if self.stats.measuring:
                        self.stats.push_ms.append((time.perf_counter() - posted[0]) * 1000)
                if env["winner"] is not None:
                    self.over.set()
                    self.stats.games_finished += 1
                    return
                if env["legal_actions"]:
                    await self.act(i, env)

    async def act(self, i: int, env: dict[str, Any]) -> None:
        delay = self.next_at - time.perf_counter()
        if delay > 0:
            await asyncio.sleep(delay)
        self.next_at = max(self.next_at + self.interval, time.perf_counter())
        if self.stop.is_set():
            return
        action = self.rng.choice(env["legal_actions"])
        t0 = time.perf_counter()
        self.posted[env["seq"] + 1] = (t0, i)
        try:
            body = orjson.dumps({"action": action, "seq": env["seq"]})  # the seq it answers: a retry is refused
            async with self.http.post(f"/api/games/{self.id}/actions", data=body,
                                      headers={**self.headers(i), "Content-Type": "application/json"}) as r:
                await r.read()
        except aiohttp.ClientError as e:
            self.stats.error(type(e).__name__)
            return
        ms = (time.perf_counter() - t0) * 1000
        if r.status != 200:
            self.stats.error(f"HTTP {r.status}")
        elif self.stats.measuring:
            self.stats.action_ms.append(ms)
            timing = r.headers.get("server-timing", "")
            if "dur=" in timing:
                self.stats.server_ms.append(float(timing.split("dur=")[1].split(",")[0]))


async def run(games: list[int], port: int, tokens: list[str], interval: float, start_at: float,
              warmup: float, seconds: float) -> Stats:
    """One bot process: plays the game slots ``games`` from ``start_at`` (wall clock) and measures the
    window [start_at + warmup, + seconds]."""
    connector = aiohttp.TCPConnector(limit=4 * len(games) + 10)
    async with aiohttp.ClientSession(f"http://127.0.0.1:{port}", connector=connector,
                                     timeout=aiohttp.ClientTimeout(total=30)) as http:
        stats = Stats()
        stop = asyncio.Event()
        await asyncio.sleep(max(0.0, start_at - time.time()))

        async def slot(k: int) -> None:
            pair = (tokens[k % len(tokens)], tokens[(k + 1) % len(tokens)])
            n = 0
            while not stop.is_set():
                try:  # seeds differ by slot and by the slot's n-th game
                    await Game(http, port, pair, 1000 * n + k, interval, stats, stop).play()
                except Exception as e:  # counted and reported, and the slot starts a new game
                    stats.error(type(e).__name__)
                    await asyncio.sleep(0.5)
                n += 1

        tasks = [asyncio.create_task(slot(k)) for k in games]
        await asyncio.sleep(max(0.0, start_at + warmup - time.time()))
        stats.measuring = True
        me0 = time.process_time()
        await asyncio.sleep(max(0.0, start_at + warmup + seconds - time.time()))
        stats.measuring = False
        stats.client_cpu = time.process_time() - me0  # type: ignore[attr-defined]
        stop.set()
        await asyncio.wait(tasks, timeout=10)
        for t in tasks:
            t.cancel()
        return stats


def bots(job: tuple[list[int], int, list[str], float, float, float, float]) -> dict[str, Any]:
    """A bot process (run by multiprocessing): its measurements as plain data."""
    import uvloop

    stats = uvloop.run(run(*job))
    return {"action_ms": stats.action_ms, "server_ms": stats.server_ms, "push_ms": stats.push_ms,
            "errors": stats.errors, "started": stats.games_started, "finished": stats.games_finished,
            "cpu": stats.client_cpu}  # type: ignore[attr-defined]


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--games", type=int, default=50, help="concurrent games (two bot clients each)")
    ap.add_argument("--interval", type=float, default=0.2, help="seconds between a game's actions")
    ap.add_argument("--seconds", type=float, default=30.0, help="measured time")
    ap.add_argument("--warmup", type=float, default=5.0, help="unmeasured time first")
    ap.add_argument("--accounts", type=int, default=10, help="accounts the bots log in as")
    ap.add_argument("--processes", type=int, default=2, help="bot processes sharing the games")
    ap.add_argument("--json", action="store_true")
    args = ap.parse_args()
    if args.accounts < 2:
        ap.error("--accounts must be at least 2 (nobody accepts their own challenge)")

    port = free_port()
    with tempfile.TemporaryDirectory() as tmp:
        try:
            server, base = serve(Path(tmp) / "load.db", port, env={**os.environ, "PYTHONUNBUFFERED": "1"},
                                 options=["--registrations-per-hour", str(max(10, args.accounts))])
        except RuntimeError as e:
            sys.exit(str(e))
        try:
            tokens = []
            with httpx.Client(base_url=base, timeout=30) as http:
                for k in range(args.accounts):
                    http.post("/api/accounts", json={"username": f"bot_{k}", "password": PASSWORD})
                    r = http.post("/api/token", json={"username": f"bot_{k}", "password": PASSWORD})
                    r.raise_for_status()
                    tokens.append(r.json()["token"])
            start_at = time.time() + 3.0  # once every bot process is up
            jobs = [(list(range(k, args.games, args.processes)), port, tokens, args.interval, start_at,
                     args.warmup, args.seconds) for k in range(args.processes)]
            with mp.get_context("spawn").Pool(args.processes) as pool:
                pending = pool.map_async(bots, jobs)
                time.sleep(max(0.0, start_at + args.warmup - time.time()))
                cpu0 = cpu_seconds(server.pid)
                time.sleep(max(0.0, start_at + args.warmup + args.seconds - time.time()))
                server_cpu = cpu_seconds(server.pid) - cpu0
                parts = pending.get(timeout=args.warmup + args.seconds + 120)
        finally:
            server.terminate()
            server.wait(timeout=30)

    elapsed = args.seconds
    a = [x for p in parts for x in p["action_ms"]]
    srv = [x for p in parts for x in p["server_ms"]]
    push = [x for p in parts for x in p["push_ms"]]
    errors: dict[str, int] = {}
    for p in parts:
        for k, v in p["errors"].items():
            errors[k] = errors.get(k, 0) + v
    result = {
        "games": args.games, "interval_s": args.interval, "seconds": elapsed, "bot_processes": args.processes,
        "actions": len(a), "actions_per_s": round(len(a) / elapsed, 1),
        "target_actions_per_s": round(args.games / args.interval, 1),
        "action_ms": {"p50": round(percentile(a, 0.5), 1), "p90": round(percentile(a, 0.9), 1),
                      "p99": round(percentile(a, 0.99), 1), "max": round(max(a, default=float("nan")), 1),
                      "mean": round(statistics.fmean(a), 1) if a else None},
        "server_ms": {"p50": round(percentile(srv, 0.5), 1), "p99": round(percentile(srv, 0.99), 1)},
        "push_ms": {"p50": round(percentile(push, 0.5), 1), "p99": round(percentile(push, 0.99), 1)},
        "server_cpu_ms_per_action": round(server_cpu * 1000 / max(1, len(a)), 2),
        "server_cpu_share": round(server_cpu / elapsed, 2),
        "bots_cpu_share": round(sum(p["cpu"] for p in parts) / elapsed, 2),
        "games_started": sum(p["started"] for p in parts), "games_finished": sum(p["finished"] for p in parts),
        "errors": errors, "server": "tablero serve, SQLite, one process", "cpus": os.cpu_count(),
    }
    if args.json:
        print(json.dumps(result, indent=2))
        return
    print(f"{args.games} games, one action every {args.interval * 1000:.0f} ms each, {elapsed:.0f} s measured "
          f"(after {args.warmup:.0f} s warm-up), one server on SQLite, {args.processes} bot processes, loopback, "
          f"{os.cpu_count()} CPUs")
    print(f"accepted actions/s  {result['actions_per_s']} (offered {result['target_actions_per_s']})")
    m = result["action_ms"]
    print(f"POST action latency p50 {m['p50']} ms · p90 {m['p90']} ms · p99 {m['p99']} ms · max {m['max']} ms")
    print(f"  of which server   p50 {result['server_ms']['p50']} ms · p99 {result['server_ms']['p99']} ms "
          "(its Server-Timing: request arrived → reply started)")
    print(f"WebSocket push      p50 {result['push_ms']['p50']} ms · p99 {result['push_ms']['p99']} ms "
          "(posting an action → the opponent's envelope)")
    print(f"server CPU          {result['server_cpu_ms_per_action']} ms per action "
          f"({result['server_cpu_share']:.0%} of a core); the bot processes {result['bots_cpu_share']:.0%} of a core")
    print(f"games started {result['games_started']}, finished {result['games_finished']}; errors {errors or 'none'}")


if __name__ == "__main__":
    main()
