"""A table whose four seats are people, each connected to the live table by their own link."""

from __future__ import annotations

import asyncio
import json
import re
from typing import Any

import aiohttp
import jsonpatch

from bot.game import JoinSeat, StartGame
from bot.services.hub import Services

PEOPLE = [f"u:{500 + i}" for i in range(4)]
#: A name of 32 letters without a space, and one with a right-to-left override (U+202E).
NAMES = ["Anna", "BernadetteZimmermannBürgivomSee1", "\u202eCarla", "Dänu"]
CARD = re.compile(r"\b(?:eichel|rose|schelle|schilte)-(?:6|7|8|9|10|U|O|K|A)\b")


async def seated_table(services: Services, rules: dict[str, Any], seed: str = "live", guild: int = 77) -> str:
    table = await services.tables.create_table(PEOPLE[0], rules, guild_id=guild, limits=False)
    for seat, (actor, name) in enumerate(zip(PEOPLE, NAMES, strict=True)):
        await services.tables.execute(table.table_id, JoinSeat(actor, name=name, seat=seat))
    await services.tables.execute(table.table_id, StartGame(PEOPLE[0], seed=seed))
    return table.table_id


class Player:
    """One browser's socket: the last state it was sent, and what it was refused."""

    def __init__(self, ws: aiohttp.ClientWebSocketResponse) -> None:
        self.ws = ws
        self.state: dict[str, Any] | None = None
        self.refusals: list[str] = []
        self.hints: list[str] = []

    async def read(self, timeout: float = 0.01) -> None:
        """Take every frame waiting (the last state wins)."""
        while True:
            try:
                message = await self.ws.receive(timeout=timeout)
            except TimeoutError:
                return
            if message.type != aiohttp.WSMsgType.TEXT:
                return
            frame = json.loads(message.data)
            if frame["type"] == "state":
                self.state = frame["state"]
            elif frame["type"] == "patch":  # the change, on the state this socket was sent before
                assert self.state is not None and self.state["seq"] == frame["from"], (frame["from"], self.state)
                self.state = jsonpatch.apply_patch(self.state, frame["ops"])
                assert self.state["seq"] == frame["seq"]
            elif frame["type"] == "hint":
                self.hints.append(frame["text"])
            else:
                self.refusals.append(frame["text"])

    async def send(self, choice: str) -> None:
        assert self.state is not None
        await self.ws.send_json({"id": choice, "game": self.state["game"], "hand_no": self.state["hand_no"]})


def decision(state: dict[str, Any]) -> str | None:
    """What a simple player does with its state: the first choice (a prediction of 40), else the first
    legal card; None when nothing is its to do."""
    for choice in state["choices"]:
        return f"{choice['id']}:40" if choice["low"] is not None else choice["id"]
    legal = [c["card"] for c in state["hand"] if c["legal"]]
    if legal and any(s["turn"] and s["you"] for s in state["seats"]):
        return "card:" + legal[0]
    return None


async def play_through(players: list[Player], services: Services, table_id: str, until: str = "game_over",
                       limit: int = 3000) -> None:  # fmt: skip
    """Every person plays from their page until the table reaches ``until`` (a phase)."""
    for _ in range(limit):
        await services.tables.wait_idle()
        for p in players:
            await p.read()
        snapshot = await services.tables.table(table_id)
        if snapshot.phase == until:
            return
        acted = False
        for p in players:
            if p.state is not None and p.state["seq"] == snapshot.seq and (choice := decision(p.state)):
                await p.send(choice)
                acted = True
                await asyncio.sleep(0)
        if not acted:
            await asyncio.sleep(0.02)
    raise AssertionError(f"the table did not reach {until}")
