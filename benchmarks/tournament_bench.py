"""A 64-player Einzelschieber through the services: one Passe of 12 hands at 16 tables.

Every seat is played by the club computer's rules (people's seats through their own commands,
as clicks would arrive). Prints the wall time of the Passe, the hands and card plays it took,
and the draw's figures for 64 players. Run: ``python -m benchmarks.tournament_bench``.
"""

from __future__ import annotations

import argparse
import asyncio
import tempfile
import time
from pathlib import Path

from bot.ai import computer_command
from bot.services import ServiceSettings, TableService
from bot.services.tournaments import TournamentService
from bot.storage import Storage
from bot.tournament import draw, lower_bound


async def run(players: int, hands: int) -> None:
    with tempfile.TemporaryDirectory() as tmp:
        storage = await Storage.open(Path(tmp) / "bench.sqlite3")
        tables = TableService(storage, ServiceSettings(ai_delay=0, hand_pause=0, turn_timeout=None))
        tournaments = TournamentService(storage, tables, level="club")
        t = await tournaments.create("u:org", "Bench", 1, hands)
        for i in range(players):
            await tournaments.join(t.tournament_id, f"u:{1000 + i}", f"p{i}")
        began = time.perf_counter()
        await tournaments.start(t.tournament_id, "u:org")
        commands = 0
        while True:
            await tables.wait_idle()
            await tournaments.wait_idle()
            waiting = [
                table
                for table in tables._tables.values()
                if table.phase in ("contract", "play") and table.to_act is not None
                and (table.actor_for(table.to_act) or "").startswith("u:")
            ]  # fmt: skip
            if not waiting:
                break
            await asyncio.gather(*(tables.execute(tb.table_id, computer_command(tb, "bench")) for tb in waiting))
            commands += len(waiting)
        elapsed = time.perf_counter() - began
        done = await tournaments.get(t.tournament_id)
        rows = await tournaments._store.results(t.tournament_id)
        print(f"tournament_{players}_players_tables: {len(done.draws[0])}")
        print(f"tournament_{players}_players_passe_of_{hands}_hands_s: {elapsed:.1f}")
        print(f"tournament_{players}_players_person_commands: {commands}")
        print(f"tournament_{players}_players_phase: {done.phase}, result rows {len(rows)}")
        await tables.close()
        await storage.close()
    for passen in (3, 4, 5, 6):
        t0 = time.perf_counter()
        d = draw(players, passen, "bench")
        ms = 1000 * (time.perf_counter() - t0)
        figures = f"repeats {d.table_mate_repeats()} (bound {lower_bound(players, passen)})"
        print(f"draw_{players}_players_{passen}_passen: {figures}, partner repeats {d.partner_repeats()}, {ms:.0f} ms")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--players", type=int, default=64)
    parser.add_argument("--hands", type=int, default=12)
    args = parser.parse_args()
    asyncio.run(run(args.players, args.hands))


if __name__ == "__main__":
    main()
