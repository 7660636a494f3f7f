"""Names as the table messages show them: seats (with their mentions), teams, cards of a trick.

Shared by the presenter (``cogs/presenter.py``) and the game kinds' presenters (``cogs/kinds/``).
"""

from __future__ import annotations

from collections.abc import Sequence

from bot.game import TableSnapshot, TableView
from bot.texts import message as msg
from bot.texts.cards import Deck

from .emojis import CardEmojis

NO_FACES = CardEmojis()  # no card emojis: text labels and suit icons


def hand_key(view: TableView) -> str:
    """The key of a private hand message's buttons: ``<game>.<hand>``."""
    return f"{view.game_no}.{view.hand_no}"


def mentions_of(table: TableSnapshot) -> dict[int, str]:
    """``<@id>`` of every seat a Discord user sits in."""
    out = {}
    for seat, s in enumerate(table.seats):
        if s.actor and s.actor.startswith("u:") and s.actor[2:].isdigit():
            out[seat] = f"<@{s.actor[2:]}>"
    return out


def seat_name(view: TableView, seat: int, lang: str, mentions: dict[int, str] | None = None) -> str:
    s = view.seats[seat]
    if not s.occupied:
        return msg("table.free", lang)
    name = (mentions or {}).get(seat) or s.name or msg("table.computer", lang)
    if s.standin:
        name += " " + msg("table.standin", lang)
    return name


def team_name(view: TableView, team: int, lang: str) -> str:
    return msg("table.team", lang, a=seat_name(view, team, lang), b=seat_name(view, team + 2, lang))


def possessive(name: str, lang: str) -> str:
    """ "Annas", "Hans'" (German), "Anna's" (English)."""
    if lang == "de":
        return f"{name}'" if name[-1:].lower() in ("s", "ß", "x", "z") else f"{name}s"
    return f"{name}'" if name.endswith("s") else f"{name}'s"


def played_text(view: TableView, played: Sequence[tuple[int, int]], lang: str, deck: Deck,
                faces: CardEmojis = NO_FACES) -> str:  # fmt: skip
    """Cards of a trick as "Anna: Rose 10 · Bruno: Rose K" from (seat, card) in play order."""
    return " · ".join(
        f"{seat_name(view, seat, lang)}: {faces.text(c, deck)}{deck.card(c, view.contract)}" for seat, c in played
    )


def last_trick_text(view: TableView, lang: str, deck: Deck, faces: CardEmojis = NO_FACES) -> str:
    """The last completed trick, card by card, and who took it with how many points."""
    last = view.tricks[-1]
    cards = played_text(view, [((last.leader + i) % 4, c) for i, c in enumerate(last.cards)], lang, deck, faces)
    taken = msg("table.taken", lang, name=seat_name(view, last.winner, lang), points=last.taken(len(view.tricks)))
    return f"{cards} → {taken}"


def tricks_text(n: int, lang: str) -> str:
    return msg("tricks.one" if n == 1 else "tricks.many", lang, n=n)


def last_trick_line(view: TableView, deck: Deck, lang: str) -> str:
    last = view.tricks[-1]
    cards = " · ".join(f"{seat_name(view, (last.leader + i) % 4, lang)}: {deck.card(c, view.contract)}"
                       for i, c in enumerate(last.cards))  # fmt: skip
    return msg("summary.last_trick", lang, cards=cards, name=seat_name(view, last.winner, lang))
