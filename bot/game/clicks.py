"""A seat's card decision as the Discord buttons and the live page both send it, into its command.

A card comes with a *selection*: the Weis the player declares with it (bit ``i`` for the view's
``weis_options[i]``, manual Weis) and Stöck announced with it (:data:`STOECK_BIT`, manual Stöck).
Only indexes into what the seat's view offers now are taken; a selection that marks more is
refused (``None``), never widened.

>>> card_command(TableView("t", "play", 0, RuleSet(), (), 1, 1, 0, 1), "u:1", 3, 0).card
'eichel-9'
>>> card_command(TableView("t", "play", 0, RuleSet(), (), 1, 1, 0, 1), "u:1", 3, 1) is None  # no Weis offered
True
"""

from __future__ import annotations

from bot.rules import Card, RuleSet  # noqa: F401 (RuleSet: the doctests)

from .commands import AnnounceStoeck, Bedanken, Command, PlayCard, Schieben
from .view import TableView

#: The selection's Stöck mark; the bits below it mark the Weis offered (at most six).
STOECK_BIT = 64


def card_command(view: TableView, actor: str, card: int, selection: int) -> PlayCard | None:
    """Playing ``card`` with the Weis and the Stöck ``selection`` marks, or None for a card or a
    selection the view does not offer (the table refuses an illegal card itself)."""
    if not 0 <= card < 36 or not 0 <= selection < 2 * STOECK_BIT:
        return None
    options = view.weis_options
    if (selection & (STOECK_BIT - 1)) >> len(options):
        return None  # marks a Weis the hand does not hold (any more)
    weis = tuple(tuple(str(c) for c in w.cards) for i, w in enumerate(options) if selection >> i & 1)
    return PlayCard(actor, str(Card.from_index(card)), weis=weis or None, stoeck=bool(selection & STOECK_BIT))


#: A hand's actions besides cards, by the name both the Discord buttons and the live page send.
ACTIONS: dict[str, type[Schieben] | type[AnnounceStoeck] | type[Bedanken]] = {
    "schieben": Schieben,
    "stoeck": AnnounceStoeck,  # Stöck shown before the cards (where the rules let them be)
    "bedanken": Bedanken,  # claiming the win (end mode "bedanken")
}


def action_command(actor: str, action: str) -> Command | None:
    """The command of a hand's action (None: no such action); the table refuses it where it does not
    fit now, with its own words.

    >>> action_command("u:1", "stoeck"), action_command("u:1", "teleport")
    (AnnounceStoeck(actor='u:1'), None)
    """
    found = ACTIONS.get(action)
    return found(actor) if found is not None else None


def offered_actions(view: TableView) -> list[str]:
    """The hand's actions the seat's view offers now (the hint is the service's: ``view.hints``)."""
    return [name for name, on in (("schieben", view.may_schieben), ("stoeck", view.can_preshow_stoeck),
                                  ("bedanken", view.may_bedanken)) if on]  # fmt: skip


def play_everything(view: TableView, actor: str, card: int) -> PlayCard:
    """Playing ``card`` with every Weis held (manual Weis) and Stöck when it completes them: what a
    computer player does, and a page that sent no marks."""
    weis = tuple(tuple(str(c) for c in w.cards) for w in view.weis_options) or None
    return PlayCard(actor, str(Card.from_index(card)), weis=weis, stoeck=bool(view.stoeck_cards >> card & 1))
