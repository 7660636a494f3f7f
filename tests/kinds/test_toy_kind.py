"""Issue 53, item 7: a game kind registered from a test plays a whole game through the table service,
its computer player, the terminal and the Discord presenter; no product file knows it."""

from __future__ import annotations

import io
import subprocess
from pathlib import Path

import pytest

from bot.game import StartGame, Table
from bot.game.kinds import engine_for
from bot.rules import Card, RuleSet
from bot.rules.cards import cards_of
from bot.rules.kinds import find_kind
from bot.services import ServiceSettings, TableService
from bot.storage import Storage
from bot.terminal import TerminalGame
from bot.texts.cards import deck_for
from cogs.presenter import summary_embed, table_embed, table_title

from . import installed
from .toy.engine import ENGINE

ROOT = Path(__file__).resolve().parents[2]
HOST = "u:host"


@pytest.fixture
def toy():
    with installed():
        yield ENGINE


def counter(prefix: str):
    n = 0

    def next_value() -> str:
        nonlocal n
        n += 1
        return f"{prefix}{n}"

    return next_value


async def test_the_toy_kind_plays_a_whole_game_through_the_service_and_the_presenter(toy, tmp_path):
    assert engine_for("toy") is toy and find_kind("toy").individual
    storage = await Storage.open(tmp_path / "db.sqlite3")
    service = TableService(storage, ServiceSettings(ai_seed="toy"), seeds=counter("seed-"), table_ids=counter("t"))
    seen: list[dict] = []

    async def record(table_id, events, table):
        seen.extend(events)

    service.subscribe(record)
    try:
        table = await service.create_table(HOST, {"game": "toy", "hands_per_game": 2})
        await service.execute(table.table_id, StartGame(HOST, seed="toy-start", fill_computers=True))
        await service.wait_idle()
        snapshot = await service.table(table.table_id)
        events = await service.events(table.table_id)
    finally:
        await service.close()
        await storage.close()
    assert snapshot.phase == "game_over"
    scored = [e for e in seen if e["type"] == "seats_scored"]
    assert len(scored) == 2 and all(sum(e["points"]) == 157 for e in scored)  # card points, each hand
    over = next(e for e in seen if e["type"] == "game_over")
    totals = [scored[0]["points"][s] + scored[1]["points"][s] for s in range(4)]
    assert over["totals"] == totals and totals[over["ranking"][0]] == min(totals)  # the lowest total wins
    # every card was the toy's own player's: the lowest legal card of the seat at that moment
    cards = [i for i, e in enumerate(events) if e["type"] == "card"]
    assert len(cards) == 72
    for i in cards:
        before = Table.replay(events[:i])
        view = before.view_for(events[i]["seat"])
        lowest = min(cards_of(view.legal), key=lambda c: (c % 9, c))
        assert events[i]["card"] == str(Card.from_index(lowest))
    view = snapshot.public
    assert view.kind == "toy" and view.part.seat_totals == tuple(totals)
    # the Discord presenter renders the toy's table and its hand summaries without knowing it
    lang = "de"
    deck = deck_for(lang, snapshot.rules)
    embed = table_embed(view, lang, {}, deck, title=table_title(snapshot, lang))
    assert embed.title and all(str(t) in str(embed.to_dict()) for t in totals)
    summary = summary_embed(view, scored[-1], lang, deck, {})
    assert summary.to_dict()


def test_the_toy_kind_plays_in_the_terminal(toy):
    rules = RuleSet.from_dict({"game": "toy", "hands_per_game": 2})
    out = io.StringIO()
    game = TerminalGame(["ai"] * 4, rules, 3, False, lang="en", style="plain", out=out)
    assert game.run() == 0
    text = out.getvalue()
    assert "=== Game 1: Toy, 2 hands ===" in text and "Hand 2" in text
    assert text.count("takes trick") + text.count("take trick") == 18  # nine tricks a hand, two hands


def test_no_product_file_names_the_toy_kind():
    """The toy lives in tests/ only: bot/ and cogs/ never mention it."""
    found = subprocess.run(
        ["grep", "-rlwI", "--include=*.py", "toy", "bot", "cogs"], cwd=ROOT, capture_output=True, text=True
    )
    assert found.stdout == ""
