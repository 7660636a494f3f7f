"""``python -m bot migrate-db --to postgresql://…``: copy the SQLite database into PostgreSQL,
then check the copy by replaying every table on both sides."""

from __future__ import annotations

import hashlib
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from bot.game import Table
from bot.storage import CorruptRowError, Storage
from bot.storage.copy import TABLES, columns_of, copy_database, count_rows, table_rows


@dataclass
class MigrationReport:
    copied: dict[str, int]
    tables: int = 0  # tables whose logs are equal and replay to the same state on both sides
    not_replayable: list[str] = field(default_factory=list)  # equal logs the rules cannot replay (kept as stored)
    tournaments: int = 0
    differences: list[str] = field(default_factory=list)

    @property
    def ok(self) -> bool:
        return not self.differences


def state_digest(events: list[dict[str, Any]]) -> str:
    """What a table is after its events: seq, phase and everything a spectator sees."""
    table = Table.replay(events)
    return hashlib.sha256(repr((table.seq, table.phase, table.view_for(None))).encode()).hexdigest()


async def verify(source: Storage, target: Storage, report: MigrationReport) -> None:
    counts_a, counts_b = await count_rows(source), await count_rows(target)
    report.differences += [f"{name}: {counts_a[name]} rows here, {counts_b[name]} there"
                           for name in counts_a if counts_a[name] != counts_b[name]]  # fmt: skip
    for name in TABLES:  # every row equal (the event logs are compared below, as logs)
        if name in ("table_events", "tournament_events") or counts_a[name] != counts_b[name]:
            continue
        columns = await columns_of(source, name)
        if await table_rows(source, name, columns) != await table_rows(target, name, columns):
            report.differences.append(f"{name}: rows differ")
    for table_id in await source.table_ids():
        try:
            a = await source.load_events(table_id)
        except CorruptRowError:
            a = None  # unreadable here: the rows must still be the same there
        try:
            b = await target.load_events(table_id)
        except CorruptRowError as err:
            report.differences.append(f"table {table_id}: the copy cannot be read ({err})")
            continue
        if a is None:
            report.not_replayable.append(table_id)
            continue
        if a != b:
            report.differences.append(f"table {table_id}: the event logs differ")
            continue
        try:
            digest = state_digest(a or [])
        except Exception:
            report.not_replayable.append(table_id)
            continue
        if state_digest(b or []) != digest:
            report.differences.append(f"table {table_id}: replays to another state")
            continue
        report.tables += 1
    for tid in await source.tournaments.all_ids():
        if await source.tournaments.load(tid) != await target.tournaments.load(tid):
            report.differences.append(f"tournament {tid}: the event logs differ")
        else:
            report.tournaments += 1


async def migrate(source_path: str | Path, target_url: str) -> MigrationReport:
    """Copy and verify; raises ``StorageError`` when either database cannot be used."""
    source = await Storage.open(source_path)
    try:
        target = await Storage.open(target_url)
        try:
            report = MigrationReport(await copy_database(source, target))
            await verify(source, target, report)
        finally:
            await target.close()
    finally:
        await source.close()
    return report
