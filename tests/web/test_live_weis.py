"""Issue 64, item 4: a card from the live page is the same decision as from the Discord buttons
(``bot/game/clicks.py``): with manual Weis and Stöck the page offers each Weis the hand holds and
Stöck as toggles, and the card carries what the person marked; a selection that marks more than the
view offers, or is no number, is refused and plays nothing."""

from __future__ import annotations

import asyncio

import aiohttp

from bot.game import ChooseContract

from .live_game import PEOPLE, Player, seated_table
from .test_live_table import serve

MANUAL = {"preset": "single-1000", "weis_mode": "manual", "stoeck_auto": False}


async def first_player_with_weis(served, session) -> tuple[str, list[Player], Player, dict]:
    """A table (the first of a few seeds) where the seat to play the first card holds a Weis."""
    for n in range(40):
        table_id = await seated_table(served.services, MANUAL, f"weis-{n}")
        snapshot = await served.services.tables.table(table_id)
        if snapshot.phase == "contract":
            chooser = snapshot.public.turn
            await served.services.tables.execute(table_id, ChooseContract(PEOPLE[chooser], contract="obenabe"))
        players = await served.pages(session, table_id)
        snapshot = await served.services.tables.table(table_id)
        at_turn = players[snapshot.to_act]
        for _ in range(100):  # its page up to date
            if at_turn.state is not None and at_turn.state["seq"] == snapshot.seq:
                break
            await at_turn.read(0.05)
        assert at_turn.state is not None and at_turn.state["seq"] == snapshot.seq
        if at_turn.state["weis"]:
            return table_id, players, at_turn, at_turn.state
        for p in players:
            await p.ws.close()
    raise AssertionError("no deal of 40 gives the first player a Weis")


async def card_played(served, table_id: str) -> list[dict]:
    """The table's events once the page's card is in them (the socket's message takes its time)."""
    for _ in range(200):
        await served.services.tables.wait_idle()
        events = await served.services.tables.events(table_id)
        if any(e["type"] == "card" for e in events):
            return events
        await asyncio.sleep(0.02)
    raise AssertionError("the card was not played")


async def test_the_page_declares_the_weis_the_person_marks(tmp_path):
    served = await serve(tmp_path / "db.sqlite3")
    try:
        async with aiohttp.ClientSession() as session:
            table_id, _, player, state = await first_player_with_weis(served, session)
            offered = state["weis"]
            assert all(w["label"].startswith("Weis") for w in offered) and [w["bit"] for w in offered][:1] == [1]
            card = next(c["card"] for c in state["hand"] if c["legal"])
            seq = (await served.services.tables.table(table_id)).seq
            for forged in (
                f"card:{card}:{1 << len(offered)}",
                f"card:{card}:x",
                f"card:{card}:-1",
                f"card:{card}:1000",
            ):
                await player.send(forged)  # a Weis not offered, no number: refused, nothing played
                await player.read(0.3)
                assert (await served.services.tables.table(table_id)).seq == seq, forged
            assert len(player.refusals) == 4
            await player.send(f"card:{card}:0")  # every Weis kept back
            events = await card_played(served, table_id)
            played = [e for e in events if e["type"] == "card"]
            assert played[0]["card"] == card and "weis" not in played[0]
            assert not [e for e in events if e["type"] == "weis" and e["seat"] == played[0]["seat"]]
    finally:
        await served.close()


async def test_a_marked_weis_is_declared_with_the_card(tmp_path):
    served = await serve(tmp_path / "db.sqlite3")
    try:
        async with aiohttp.ClientSession() as session:
            table_id, _, player, state = await first_player_with_weis(served, session)
            card = next(c["card"] for c in state["hand"] if c["legal"])
            await player.send(f"card:{card}:1")  # the first Weis offered
            events = await card_played(served, table_id)
            played = next(e for e in events if e["type"] == "card")
            assert played["card"] == card and len(played["weis"]) == 1
    finally:
        await served.close()


async def test_the_tip_at_a_friendly_table_comes_to_the_page_that_asked(tmp_path):
    """The tip (a friendly table that allows hints): offered to the person at turn, its card told to
    that page only, and the game marked as played with a tip, as from the Discord button."""
    from bot.game import JoinSeat, StartGame

    from .live_game import NAMES

    served = await serve(tmp_path / "db.sqlite3")
    try:
        table = await served.services.tables.create_table(PEOPLE[0], {"preset": "single-1000"}, guild_id=77,
                                                          limits=False, rated=False, hints=True)  # fmt: skip
        table_id = table.table_id
        for seat, (actor, name) in enumerate(zip(PEOPLE, NAMES, strict=True)):
            await served.services.tables.execute(table_id, JoinSeat(actor, name=name, seat=seat))
        await served.services.tables.execute(table_id, StartGame(PEOPLE[0], seed="tip"))
        snapshot = await served.services.tables.table(table_id)
        if snapshot.phase == "contract":
            await served.services.tables.execute(table_id, ChooseContract(PEOPLE[snapshot.to_act], contract="rose"))
        snapshot = await served.services.tables.table(table_id)
        async with aiohttp.ClientSession() as session:
            players = await served.pages(session, table_id)
            at_turn, other = players[snapshot.to_act], players[(snapshot.to_act + 1) % 4]
            for _ in range(100):
                if at_turn.state is not None and at_turn.state["seq"] == snapshot.seq:
                    break
                await at_turn.read(0.05)
            assert "hint" in [c["id"] for c in at_turn.state["choices"]]
            assert other.state is not None and "hint" not in [c["id"] for c in other.state["choices"]]
            await at_turn.ws.send_json(
                {"id": "hint", "game": at_turn.state["game"], "hand_no": at_turn.state["hand_no"]}
            )
            for _ in range(300):
                await at_turn.read(0.05)
                if at_turn.hints:
                    break
            assert at_turn.hints and at_turn.hints[0].startswith("Tipp: ")
            await other.read(0.2)
            assert not other.hints  # told to the page that asked, nobody else
            events = await served.services.tables.events(table_id)
            assert [e["type"] for e in events].count("hint") == 1
    finally:
        await served.close()


def test_the_hand_s_actions_are_one_translation():
    from bot.game.clicks import action_command, offered_actions
    from bot.game.view import TableView
    from bot.rules import RuleSet

    view = TableView("t", "play", 0, RuleSet(), (), 1, 1, 0, 1, may_schieben=False, can_preshow_stoeck=True,
                     may_bedanken=True)  # fmt: skip
    assert offered_actions(view) == ["stoeck", "bedanken"]
    assert type(action_command("u:1", "bedanken")).__name__ == "Bedanken"
    assert action_command("u:1", "hint") is None  # the tip is the service's, not a command of the table


async def test_a_weis_is_shown_with_its_cards_once_the_first_trick_is_over(tmp_path, backend):
    """Item 3: Weis announced at the seat, and its cards shown (as the rules say) after trick 1."""
    from bot.game.clicks import play_everything
    from bot.web.live import state_of

    served = await serve(tmp_path / "db.sqlite3")
    tables = served.services.tables
    try:
        for n in range(60):
            table_id = await seated_table(served.services, {"preset": "single-1000"}, f"shown-{n}")
            table = await tables.table(table_id)
            if table.phase == "contract":
                await tables.execute(table_id, ChooseContract(PEOPLE[table.to_act], contract="obenabe"))
            during: list[dict] = []
            while len((table := await tables.table(table_id)).view_for(None).tricks) < 1:
                view = table.view_for(table.to_act)
                during.append(state_of(table, 0, "de"))
                card = next(c for c in range(36) if view.legal >> c & 1)
                await tables.execute(table_id, play_everything(view, PEOPLE[table.to_act], card))
            if any(table.view_for(None).weis.values()):
                break
        else:
            raise AssertionError("no deal of 60 with a Weis")
        after = state_of(table, 0, "de")
        shown = {i: w for i, w in table.view_for(None).weis.items() if w}
        for seat, weis in shown.items():
            assert after["seats"][seat]["weis"] == [w.points for w in weis]  # at the seat
        # each Weis with its cards, e.g. "Anna: Weis 20: Eichel 6–8", under the table
        notes = after["notes"][: len(shown)]
        assert len(notes) == len(shown) and all("Weis" in n and ("–" in n or "×" in n) for n in notes), notes
        assert all(not s["notes"] and not any(seat["weis"] for seat in s["seats"]) for s in during)  # not before
    finally:
        await served.close()
