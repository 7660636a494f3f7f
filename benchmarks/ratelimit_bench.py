"""Tables under Discord's rate limits: requests per card, 429s and the public lag (issue 41).

Run as ``python -m benchmarks.discord_bench --ratelimits --tables 25,50,100,200``. Each table has
a channel of its own; half the tables are four people, half one person and three computer
players (the shipped settings: computers wait ``computer.delay_seconds``, 1.2 s on average);
people think 2 to 5 s before each decision. The fake Discord of ``tests/discord`` enforces the
limits (``tests/discord/ratelimits.py``) and discord.py's own rate-limit handling runs against it.

Printed per table count: cards played, bot-token requests per card (accepted, and by route),
interaction requests per card, 429s by scope, the public lag (from a card played until a message
in its channel shows it, the table message or a follow-up) p50/p99, and cards never shown.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import random
import tempfile
import time
from pathlib import Path
from typing import Any

from bot.client import JassBot
from bot.config import Settings
from bot.render.cards import cards_shown
from bot.rules import Card
from tests.discord.audit import _mentions_card
from tests.discord.harness import Call, Harness, custom_ids, message_payload, user
from tests.discord.ratelimits import Limits


class Patch:
    """``monkeypatch`` for a benchmark: undone after each run (a second harness must not wrap the first)."""

    def __init__(self) -> None:
        self.undo: list[tuple[Any, str, Any]] = []

    def setattr(self, obj: Any, name: str, value: Any) -> None:
        self.undo.append((obj, name, getattr(obj, name)))
        setattr(obj, name, value)

    def restore(self) -> None:
        while self.undo:
            obj, name, value = self.undo.pop()
            setattr(obj, name, value)


def pct(values: list[float], q: float) -> float:
    if not values:
        return float("nan")
    values = sorted(values)
    return values[min(len(values) - 1, int(q * len(values)))]


class Lag:
    """When each card was played, and when a public message of its channel first showed it."""

    def __init__(self) -> None:
        self.pending: dict[str, dict[tuple[int, int, int], float]] = {}  # channel -> (game, hand, card) -> t
        self.lags: list[float] = []
        self.via: dict[str, int] = {}  # which kind of message showed a card first: "line", "table", "summary"
        self.cards = 0
        self.channel_of: dict[str, str] = {}  # table -> channel

    async def on_events(self, table_id: str, events: Any, table: Any) -> None:
        channel = self.channel_of.get(table_id)
        if channel is None:
            return
        now = time.monotonic()
        for ev in events:
            if ev["type"] == "card":
                self.cards += 1
                card = Card.parse(ev["card"]).index
                self.pending.setdefault(channel, {})[(table.game_no, table.hand_no, card)] = now

    def on_call(self, call: Call) -> None:
        if call.method not in ("POST", "PATCH") or not isinstance(call.payload, dict) or not call.channel:
            return
        if "/callback" in call.path or "/messages/@original" in call.path:
            return  # private: a hand message
        if call.payload.get("flags", 0) & 64:
            return
        waiting = self.pending.get(call.channel)
        if not waiting:
            return
        text = json.dumps(call.payload, ensure_ascii=False)
        pictured: set[int] = set()
        for data in call.files:
            if data.startswith(b"\x89PNG"):
                pictured |= set(cards_shown(data) or ())
        now = time.monotonic()
        for key, played in list(waiting.items()):
            card = key[2]
            if card in pictured or _mentions_card(text, card):
                self.lags.append(now - played)
                del waiting[key]
                kind = "table" if "/channels/" in call.path else "summary" if "embeds" in call.payload else "line"
                self.via[kind] = self.via.get(kind, 0) + 1

    def never_shown(self, older_than: float) -> int:
        now = time.monotonic()
        return sum(1 for w in self.pending.values() for t in w.values() if now - t > older_than)


def _in_channel(payload: dict[str, Any], channel: str) -> dict[str, Any]:
    payload["channel_id"] = channel
    payload["channel"] = {**payload["channel"], "id": channel}
    return payload


async def seat_player(h: Harness, who: dict[str, Any], tid: str, seat: int, channel: str, stop: float,
                      turn: asyncio.Event, rng: random.Random) -> None:  # fmt: skip
    """A person at ``seat``: thinks 2 to 5 s, then "My cards" and a legal card (or a contract)."""
    service = h.bot.service
    hand_id = f"jass:{tid}:0:hand"
    _, mid = h.bot.get_cog("Jass").messages.located(tid)
    table_msg = message_payload(
        mid or 1, {"components": [{"type": 1, "components": [{"type": 2, "style": 1, "label": "Meine Karten",
                                                        "custom_id": hand_id}]}]}, channel_id=channel,
    )  # fmt: skip
    while time.monotonic() < stop:
        table = service._tables[tid]
        if table.phase == "game_over":
            return
        if not (table.to_act == seat and table.phase in ("contract", "play")):
            turn.clear()
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(turn.wait(), 1.0)
            continue
        await asyncio.sleep(rng.uniform(2.0, 5.0))
        if time.monotonic() >= stop:
            return
        try:
            [shown] = await h.send(h.click_payload(hand_id, who, table_msg), timeout=60)
            hand = shown.payload["data"]
            enabled = [cid for cid, disabled, _ in custom_ids(hand["components"]) if not disabled]
            playable = [cid for cid in enabled if ":k" in cid or ":c" in cid]
            if not playable:
                continue
            choice = next((cid for cid in playable if ":k" in cid), rng.choice(playable))
            await h.send(h.click_payload(choice, who, message_payload(2, hand, flags=64, channel_id=channel),
                                         ephemeral=True), timeout=60)  # fmt: skip
        except (TimeoutError, ValueError):
            continue


async def loop_lag(samples: list[float], stop: asyncio.Event) -> None:
    """How late the event loop wakes a task that sleeps 50 ms (what every click waits for too)."""
    while not stop.is_set():
        t0 = time.monotonic()
        await asyncio.sleep(0.05)
        samples.append(time.monotonic() - t0 - 0.05)


async def run(tables: int, seconds: float, seed: int = 1, budget: int | None = None) -> dict[str, Any]:
    limits = Limits()
    rng = random.Random(seed)
    with tempfile.TemporaryDirectory() as tmp:
        bot = JassBot(Settings(database=Path(tmp) / "b.sqlite3", turn_timer_seconds=0))
        patch = Patch()
        h = Harness(bot, patch, limits=limits)
        await h.start()
        h.side.record = False
        lag = Lag()
        h.side.listener = lag.on_call
        cog = bot.get_cog("Jass")
        await cog.flush()
        if budget is not None:
            from cogs.pacing import budget_of

            budget_of(bot.http).per_second = budget
        turns: dict[str, asyncio.Event] = {}

        async def wake(table_id: str, events: Any, table: Any) -> None:
            if table_id in turns:
                turns[table_id].set()

        bot.service.subscribe(wake)
        bot.service.subscribe(lag.on_events)
        players: list[tuple[dict[str, Any], str, int, str]] = []
        uid = 10_000
        for i in range(tables):
            channel = str(50_000 + i)
            four = i % 2 == 0
            host = user(uid, f"p{uid}")
            uid += 1
            options = [{"name": "computer_players", "type": 4, "value": 0 if four else 3}]
            new = [{"name": "new", "type": 1, "options": options}]
            await h.send(_in_channel(h.command_payload("jass", new, host), channel), timeout=60)
            tid = next(t for t, tab in bot.service._tables.items() if tab.host == f"u:{host['id']}")
            lag.channel_of[tid] = channel
            turns[tid] = asyncio.Event()
            players.append((host, tid, 0, channel))
            for _ in range(200):  # the table message is on its way (the budget paces it)
                _, mid = cog.messages.located(tid)
                if mid:
                    break
                await asyncio.sleep(0.05)
            lobby = message_payload(mid or 1, {}, channel_id=channel)
            if four:
                for seat in (1, 2, 3):
                    who = user(uid, f"p{uid}")
                    uid += 1
                    await h.send(h.click_payload(f"jass:{tid}:0:seat{seat}", who, lobby), timeout=60)
                    players.append((who, tid, seat, channel))
            await h.send(h.click_payload(f"jass:{tid}:0:start", host, lobby), timeout=60)
        began = time.monotonic()
        requests_before, webhook_before, cards_before = limits.bot_requests, limits.webhook_requests, lag.cards
        refused_before = dict(limits.refused)
        lag.lags.clear()
        lag.via.clear()
        stop = began + seconds
        late: list[float] = []
        done = asyncio.Event()
        monitor = asyncio.create_task(loop_lag(late, done))
        await asyncio.gather(*(seat_player(h, who, tid, seat, ch, stop, turns[tid], random.Random(rng.random()))
                               for who, tid, seat, ch in players))  # fmt: skip
        await asyncio.sleep(3.0)  # what is still on its way
        done.set()
        await monitor
        never = lag.never_shown(3.0)
        cards = lag.cards - cards_before
        out = {
            "tables": tables,
            "seconds": round(time.monotonic() - began, 1),
            "cards": cards,
            "bot_requests_per_card": (limits.bot_requests - requests_before) / max(1, cards),
            "interaction_requests_per_card": (limits.webhook_requests - webhook_before) / max(1, cards),
            "bot_requests_per_s": (limits.bot_requests - requests_before) / max(1e-9, time.monotonic() - began),
            "refused": {k: v - refused_before.get(k, 0) for k, v in limits.refused.items()},
            "lag_p50": pct(lag.lags, 0.5),
            "lag_p99": pct(lag.lags, 0.99),
            "never_shown": never,
            "shown_first_by": dict(lag.via),
            "loop_lag_p50": pct(late, 0.5),
            "loop_lag_p99": pct(late, 0.99),
            "by_route": dict(limits.by_route),
            "followups": h.side.followups,
        }
        await bot.close()
        patch.restore()
        return out


def report(result: dict[str, Any]) -> None:
    n = result["tables"]
    print(f"tables_{n}_cards: {result['cards']} in {result['seconds']} s")
    print(f"tables_{n}_bot_token_requests_per_card: {result['bot_requests_per_card']:.2f}")
    print(f"tables_{n}_bot_token_requests_per_s: {result['bot_requests_per_s']:.1f}")
    print(f"tables_{n}_interaction_requests_per_card: {result['interaction_requests_per_card']:.2f}")
    refused = result["refused"]
    print(f"tables_{n}_429_global: {refused.get('global', 0)}")
    print(f"tables_{n}_429_channel_buckets: {refused.get('user', 0)}")
    print(f"tables_{n}_429_interaction_tokens: {refused.get('webhook', 0)}")
    print(f"tables_{n}_public_lag_p50_s: {result['lag_p50']:.2f}")
    print(f"tables_{n}_public_lag_p99_s: {result['lag_p99']:.2f}")
    print(f"tables_{n}_cards_never_shown: {result['never_shown']}")
    print(f"tables_{n}_cards_shown_first_by: {result['shown_first_by']}")
    print(f"tables_{n}_event_loop_lag_p50_p99_s: {result['loop_lag_p50']:.3f} / {result['loop_lag_p99']:.3f}")
    print(f"tables_{n}_public_followups: {result['followups']}")
    print(f"tables_{n}_bot_token_requests_by_route: {result['by_route']}")


async def main(tables: list[int], seconds: float, budget: int | None = None) -> None:
    best = 0
    for n in tables:
        result = await run(n, seconds, budget=budget)
        report(result)
        if result["lag_p99"] <= 2.0 and not result["refused"].get("global"):
            best = max(best, n)
    print(f"largest_tables_with_public_lag_p99_within_2s_and_no_global_429: {best}")
