"""Replays: a finished hand step by step (the contract, then every card), as a spectator saw it.

A step is the table's public view right after one of the hand's decisions, rebuilt from the
stored log: nothing a spectator could not see at that moment is in it. Who may replay: the
people who sat at the table, any time after the hand; anyone of the table's server once the
game is over. A hand still running is never replayed.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from bot.game import Table, TableView
from bot.game.events import hand_indexes, hands_over

from .tables import TableService

STEP_TYPES = ("contract", "card")


class NotReplayable(ValueError):
    """A replay refused: ``code`` says why (texts: replay.err.*)."""

    def __init__(self, code: str) -> None:
        super().__init__(code)
        self.code = code


@dataclass(frozen=True)
class ReplayStep:
    table_id: str
    game: int
    hand: int
    step: int  # 0: the contract (where there is one), then the cards
    steps: int  # the hand's last step
    view: TableView  # the spectators' view right after this step
    event: Mapping[str, Any]  # the step's own event (the contract, or the card)
    first_card: int = 1  # the step of the hand's first card (0: no contract step, as in Molotow)

    @property
    def card(self) -> int:
        """The number of the card played at this step (1-36; 0 at the contract)."""
        return self.step - self.first_card + 1

    @property
    def trick(self) -> int:
        """The trick of this step's card (1-9)."""
        return (self.card - 1) // 4 + 1

    def next_trick(self) -> int:
        """The step that completes the trick under way (from a trick's end: the next one's)."""
        return min(self.steps, (self.card // 4 + 1) * 4 + self.first_card - 1)


def step_indexes(events: Sequence[Mapping[str, Any]], game: int, hand: int) -> list[int]:
    """Indexes of the hand's contract and card events, in order."""
    return [i for i in hand_indexes(events, game, hand) if events[i]["type"] in STEP_TYPES]


class Replays:
    def __init__(self, tables: TableService) -> None:
        self._tables = tables

    async def step(self, table_id: str, actor: str, guild_id: int | None, game: int | None = None,
                   hand: int | None = None, step: int = 0) -> ReplayStep:  # fmt: skip
        """One step of a finished hand (default: the last finished hand of the latest game)."""
        events = await self._tables.events(table_id)
        if not events:
            raise NotReplayable("no_hand")
        scored, over = hands_over(events)
        done = [(g, h) for g, h, _ in scored]
        if game is None:
            game = max((g for g, _ in done), default=0)
        hands = [h for g, h in done if g == game]
        if not hands or (hand is not None and hand not in hands):
            raise NotReplayable("no_hand")
        hand = hand if hand is not None else hands[-1]
        sat = any(ev["type"] == "seat_taken" and ev.get("actor") == actor for ev in events)
        place_guild, _, _ = await self._tables.place(table_id)
        if not sat and not (game in over and place_guild is not None and place_guild == guild_id):
            raise NotReplayable("not_yours")
        indexes = step_indexes(events, game, hand)
        if not indexes:
            raise NotReplayable("no_hand")
        if not 0 <= step < len(indexes):
            raise NotReplayable("no_step")  # a forged button: the hand has no such step
        i = indexes[step]
        view = Table.replay(events[: i + 1]).view_for(None)
        first_card = int(events[indexes[0]]["type"] != "card")
        return ReplayStep(table_id, game, hand, step, len(indexes) - 1, view, events[i], first_card)
