"""The garbage collector's policy (bot/collector.py, issue 41 item 5)."""

import asyncio
import gc
import weakref

from bot.collector import Collector


class Node:
    """A container that can sit in a reference cycle."""

    def __init__(self) -> None:
        self.me: object = self


async def test_the_survivors_of_a_full_pass_are_frozen_and_the_sweep_collects_their_cycles():
    collector = Collector()
    collector.install()
    try:
        node = Node()  # a cycle, alive through the next full pass
        ref = weakref.ref(node)
        gc.collect()  # a full pass: its survivors are frozen at the loop's next turn
        await asyncio.sleep(0)
        assert collector.full_passes >= 1 and gc.get_freeze_count() > 0
        del node  # garbage now, but frozen: the next full pass does not look at it
        gc.collect()
        await asyncio.sleep(0)
        assert ref() is not None
        took = collector.sweep()  # everything unfrozen, collected, and frozen again
        assert ref() is None and took >= 0 and collector.last_sweep_ms == took
    finally:
        collector.uninstall()
        gc.unfreeze()


async def test_without_the_policy_a_dead_cycle_is_collected_at_the_next_full_pass():
    collector = Collector()
    collector.install()
    collector.uninstall()  # (what the benchmark's "startup" mode does)
    gc.unfreeze()
    try:
        node = Node()
        ref = weakref.ref(node)
        gc.collect()
        await asyncio.sleep(0)
        del node
        gc.collect()
        assert ref() is None and collector.full_passes == 0
    finally:
        gc.unfreeze()
