"""The phases of a table, from the lobby to game over (each kind uses those its hands go through)."""

from __future__ import annotations

from enum import StrEnum


class Phase(StrEnum):
    LOBBY = "lobby"
    PREDICT = "predict"  # the predictions before the first card (a kind that has them)
    CONTRACT = "contract"
    PLAY = "play"
    HAND_OVER = "hand_over"
    GAME_OVER = "game_over"
    ABANDONED = "abandoned"
