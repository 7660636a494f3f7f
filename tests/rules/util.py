"""Helpers for writing rules tests in the card notation."""

from bot.rules import Card, parse_cards, to_mask


def cards(text: str) -> list[Card]:
    """'rose-7 eichel-A' -> [Card, Card]"""
    return parse_cards(text)


def mask(text: str) -> int:
    return to_mask(parse_cards(text))


def ints(text: str) -> list[int]:
    return [c.index for c in parse_cards(text)]


def names(collection) -> set[str]:
    return {str(c) for c in collection}
