"""Shard claims: two bot processes on one database never drive the same servers. A second
process for the same shards (or with another shard count) is refused with who is in the way; a
claim frees up when its process ends, dies on this machine, or stops renewing it."""

from __future__ import annotations

import socket

import pytest

from bot.services.shards import LEASE_SECONDS, ShardClaim, Shards, ShardsTaken
from bot.storage import Storage

NOW = 1_900_000_000.0


def elsewhere(pid: int = 42) -> str:
    return f"other-host:{pid}:beef"


@pytest.fixture
async def storage(tmp_path):
    s = await Storage.open(tmp_path / "claims.sqlite3")
    yield s
    await s.close()


async def test_a_second_process_for_the_same_shards_is_refused(storage):
    first = ShardClaim(storage, Shards(4, (0, 1)), holder=elsewhere(), wall=lambda: NOW)
    await first.acquire()
    with pytest.raises(ShardsTaken, match=r"host other-host, pid 42\) drives shard 1; stop it first"):
        await ShardClaim(storage, Shards(4, (1, 2)), wall=lambda: NOW + 5).acquire()
    with pytest.raises(ShardsTaken, match="runs with --shard-count 4: every process needs the same shard count"):
        await ShardClaim(storage, Shards(2, (1,)), wall=lambda: NOW + 5).acquire()
    with pytest.raises(ShardsTaken, match="runs out in 85 s"):  # one process for all shards: in the way too
        await ShardClaim(storage, wall=lambda: NOW + 5).acquire()
    other = ShardClaim(storage, Shards(4, (2, 3)), wall=lambda: NOW + 5)
    await other.acquire()  # the other half is free
    assert sorted((lease.shard, lease.holder == other.holder) for lease in await storage.leases.held()) == [
        (0, False), (1, False), (2, True), (3, True)
    ]  # fmt: skip
    await first.release()
    await ShardClaim(storage, Shards(4, (0, 1)), wall=lambda: NOW + 6).acquire()  # free after the release


async def test_a_claim_that_is_not_renewed_runs_out_and_its_holder_learns_it(storage):
    clock = [NOW]
    first = ShardClaim(storage, holder=elsewhere(), wall=lambda: clock[0])
    await first.acquire()
    clock[0] += LEASE_SECONDS - 1
    assert await first.renew()  # renewed in time: still ours
    second = ShardClaim(storage, wall=lambda: clock[0])
    clock[0] += LEASE_SECONDS - 1
    with pytest.raises(ShardsTaken):
        await second.acquire()
    clock[0] += 2  # the first process stopped renewing (killed on another machine)
    await second.acquire()
    assert not await first.renew()  # it learns that its shards are gone


async def test_a_dead_process_on_this_machine_does_not_hold_its_shards(storage):
    dead = f"{socket.gethostname()}:999999:dead"
    await ShardClaim(storage, holder=dead, wall=lambda: NOW).acquire()
    alive_one = ShardClaim(storage, wall=lambda: NOW + 1, alive=lambda pid: True)
    with pytest.raises(ShardsTaken):
        await alive_one.acquire()
    restarted = ShardClaim(storage, wall=lambda: NOW + 1, alive=lambda pid: pid != 999999)  # kill -9, restart
    await restarted.acquire()
    assert [lease.holder for lease in await storage.leases.held()] == [restarted.holder]


async def test_two_containers_with_the_same_host_name_and_pid_are_told_apart(storage):
    """Issue 39, item 11: both run as pid 1 on the same host name; only the instance id differs.
    A live twin (it renews) keeps its shards; our own previous run (it stopped) gives them up
    once its claim runs out."""
    import os

    clock = [NOW]
    slept: list[float] = []
    twin = ShardClaim(storage, holder=f"{socket.gethostname()}:{os.getpid()}:twin", wall=lambda: clock[0])
    await twin.acquire()

    async def twin_renews_while_we_wait(seconds: float) -> None:
        slept.append(seconds)
        clock[0] += seconds
        await twin.renew()  # a live twin renews its claim

    second = ShardClaim(storage, wall=lambda: clock[0], sleep=twin_renews_while_we_wait)
    with pytest.raises(ShardsTaken, match="drives shard 0"):
        await second.acquire()
    assert slept and slept[0] <= LEASE_SECONDS + 1
    assert [lease.holder for lease in await storage.leases.held()] == [twin.holder]

    async def previous_run_is_gone(seconds: float) -> None:
        clock[0] += seconds  # nobody renews: it was this container's previous run

    restarted = ShardClaim(storage, wall=lambda: clock[0], sleep=previous_run_is_gone)
    await restarted.acquire()
    assert [lease.holder for lease in await storage.leases.held()] == [restarted.holder]
