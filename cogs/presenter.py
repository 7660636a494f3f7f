"""The presenter: a table's view becomes a Discord message (embeds, buttons, raw JSON).

No game logic and no state: everything here is a function of a ``TableView``, the reader's
language and deck, and the mentions of the people seated.
"""

from __future__ import annotations

from typing import Any

import discord

from bot.game import TableSnapshot, TableView
from bot.game.clicks import STOECK_BIT
from bot.game.events import GameOver, HandScored, SeatsScored
from bot.render.table import TablePicture
from bot.rules.cards import cards_of
from bot.texts import message as msg
from bot.texts.cards import Deck, deck_for, weis_label

from .buttons import custom_id, play_action
from .emojis import CardEmojis
from .kinds import presenter_for
from .kinds.team import slate_picture, summary_line
from .names import NO_FACES, hand_key, last_trick_text, mentions_of, played_text, possessive, seat_name, team_name

#: What other modules of the Discord layer (and the tests) take from the presenter.
__all__ = [
    "NO_FACES",
    "contract_choices",
    "contract_label",
    "hand_message",
    "hand_state",
    "mentions_of",
    "picked_contract",
    "possessive",
    "seat_name",
    "slate_picture",
    "summary_embed",
    "summary_line",
    "table_buttons",
    "table_embed",
    "table_payload",
    "table_picture",
    "table_title",
    "team_name",
    "trick_line",
    "weis_label",
]


def table_title(table: TableSnapshot, lang: str, label: str | None = None) -> str:
    """A table's name and game: "Annas Tisch · Schieber auf 2500", "Herbst · Passe 1 · Tisch 2 ·
    Schieber, 2 Runden" (``label``: a tournament's or challenge's name for it)."""
    if label:
        name = label
    else:
        host = next((s.name for s in table.seats if s.actor == table.host and s.name), None)
        name = msg("table.of", lang, possessive=possessive(host, lang)) if host else msg("table.plain", lang)
    if not table.rated:
        name = f"{name} · {msg('table.friendly', lang)}"
    return presenter_for(table.rules.game).title(table, name, lang)


def contract_label(view: TableView, deck: Deck, lang: str) -> str:
    """The contract in play with its factor: ``Rose ×1``, ``Slalom Obenabe ×4``; in Coiffeur with
    its row: ``Zeile 7: Joker ×7 · Undenufe``."""
    return presenter_for(view.kind).contract_label(view, deck, lang)


def table_embed(
    view: TableView,
    lang: str,
    mentions: dict[int, str] | None = None,
    deck: Deck | None = None,
    faces: CardEmojis = NO_FACES,
    title: str | None = None,
) -> discord.Embed:
    """The public table embed; ``faces``: the card emojis shown before each card's name;
    ``title``: the table's name and game (:func:`table_title`)."""
    rules = view.rules
    deck = deck or deck_for(lang, rules)
    title = title or msg("table.title", lang, name=msg("table.plain", lang), target=rules.target)
    embed = discord.Embed(title=title[:256], colour=0x1B5E20)
    if view.phase == "lobby":
        kind = msg("table.is_rated" if view.rated else "table.is_friendly", lang)
        if view.hints:
            kind += " " + msg("table.hints_on", lang)
        embed.description = msg("table.lobby", lang) + "\n" + kind
        for seat in range(4):
            embed.add_field(name=msg("table.seat", lang, n=seat + 1), value=seat_name(view, seat, lang, mentions))
        return embed
    if view.phase == "abandoned":
        embed.description = msg("table.abandoned", lang)
        return embed
    embed.description = "\n".join(presenter_for(view.kind).table_lines(view, lang, deck, mentions or {}, faces))
    return embed


def lobby_buttons(view: TableView, lang: str) -> list[discord.ui.Button[discord.ui.View]]:
    key = "0"
    buttons: list[discord.ui.Button[discord.ui.View]] = []
    for seat in range(4):
        label = msg("btn.seat", lang, n=seat + 1)
        taken = view.seats[seat].occupied
        buttons.append(
            discord.ui.Button(
                label=label,
                custom_id=custom_id(view.table_id, key, f"seat{seat}"),
                style=discord.ButtonStyle.secondary if taken else discord.ButtonStyle.primary,
                disabled=taken,
                row=0,
            )
        )
    buttons.append(
        discord.ui.Button(label=msg("btn.leave", lang), custom_id=custom_id(view.table_id, key, "leave"), row=0)
    )
    buttons.append(
        discord.ui.Button(label=msg("btn.addai", lang), custom_id=custom_id(view.table_id, key, "addai"), row=1)
    )
    buttons.append(
        discord.ui.Button(
            label=msg("btn.start", lang),
            style=discord.ButtonStyle.success,
            custom_id=custom_id(view.table_id, key, "start"),
            row=1,
        )
    )
    buttons.append(
        discord.ui.Button(
            label=msg("btn.cancel", lang),
            style=discord.ButtonStyle.danger,
            custom_id=custom_id(view.table_id, key, "cancel"),
            row=1,
        )
    )
    return buttons


def table_buttons(view: TableView, lang: str, new_game: bool = True,
                  at_table: bool = False) -> list[discord.ui.Button[discord.ui.View]]:  # fmt: skip
    """The table message's buttons; ``new_game``: offer another game at the end (not at a
    tournament's or challenge's table); ``at_table``: the live table in the browser or as a
    Discord Activity (the bot has a web address)."""
    if view.phase == "lobby":
        return lobby_buttons(view, lang)
    if view.phase == "abandoned" or (view.phase == "game_over" and not new_game):
        return []
    if view.phase == "game_over":
        return [
            discord.ui.Button(
                label=msg("btn.newgame", lang),
                style=discord.ButtonStyle.success,
                custom_id=custom_id(view.table_id, "0", "start"),
            )
        ]
    buttons: list[discord.ui.Button[discord.ui.View]] = [
        discord.ui.Button(
            label=msg("btn.hand", lang),
            style=discord.ButtonStyle.primary,
            custom_id=custom_id(view.table_id, "0", "hand"),
        )
    ]
    if at_table:
        buttons.append(discord.ui.Button(label=msg("btn.at_table", lang), style=discord.ButtonStyle.secondary,
                                         custom_id=custom_id(view.table_id, "0", "web")))  # fmt: skip
    return buttons


def hand_text(view: TableView, lang: str, deck: Deck | None = None) -> str:
    """The private hand's text: the contract, the suit led, whose turn it is, why cards are grey."""
    if not view.hand:
        return msg("hand.none", lang)
    deck = deck or deck_for(lang, view.rules)
    head = msg("hand.title", lang)
    kind = presenter_for(view.kind)
    facts = kind.hand_facts(view, deck, lang)
    if view.trick:
        facts.append(msg("hand.led", lang, suit=deck.suit(view.trick[0][1] // 9)))
    if view.turn == view.seat:
        facts.append(msg(kind.choose_key(view) if view.phase == "contract" else "hand.your_turn", lang))
    elif view.phase == "predict":
        facts.append(msg("ind.waiting_others", lang))
    elif view.turn is not None:
        facts.append(msg("hand.turn_of", lang, name=seat_name(view, view.turn, lang)))
    lines = [f"**{head}** — " + " · ".join(facts) if facts else f"**{head}**"]
    if view.turn == view.seat and view.phase == "play":
        if view.greyed_reason:
            lines.append(msg("hand.greyed", lang, reason=msg(f"reason.{view.greyed_reason}", lang)))
        if view.weis_options:
            lines.append(msg("hand.weis", lang))
    return "\n".join(lines)


def hand_message(
    view: TableView, lang: str, deck: Deck, selection: int = 0, faces: CardEmojis = NO_FACES, picking: str = ""
) -> tuple[str, list[discord.ui.Button[discord.ui.View]]]:
    """The private hand message: its text and its buttons (``picking``: the Coiffeur row ``r<i>``
    or the family ``f<i>`` of extra contracts whose contracts the chooser picks from now; in
    Differenzler the range ``p<tens>`` whose numbers the player predicts from)."""
    decision = presenter_for(view.kind).decision(view, lang, deck, faces, picking)
    if decision is not None:
        return decision
    return hand_text(view, lang, deck), hand_buttons(view, lang, deck, selection, faces, picking)


def hand_state(view: TableView) -> tuple[object, ...]:
    """What decides whether a player's hand message must be shown again: the cards, which of them
    may be played, and whether it is the player's turn (not every move of the others)."""
    return (view.game_no, view.hand_no, view.phase, view.hand, view.legal, view.turn == view.seat, view.contract,
            view.may_schieben, view.can_preshow_stoeck, view.part)  # fmt: skip


def contract_choices(view: TableView, deck: Deck, lang: str, picking: str = "") -> list[tuple[str, str]]:
    """(label, action) of the contract buttons, as the game kind offers them (``cogs/kinds``)."""
    return presenter_for(view.kind).contract_choices(view, deck, lang, picking)


def picked_contract(view: TableView, action: str) -> tuple[str, int | None] | None:
    """The contract (and Coiffeur row) a contract button names, looked up in what the table offers
    this seat now; ``None`` if it offers no such thing."""
    return presenter_for(view.kind).picked_contract(view, action)


def hand_buttons(
    view: TableView,
    lang: str,
    deck: Deck | None = None,
    selection: int = 0,
    faces: CardEmojis = NO_FACES,
    picking: str = "",
) -> list[discord.ui.Button[discord.ui.View]]:
    """The viewer's cards (legal ones enabled; with ``faces``, the card's picture on its button),
    contract choices when it chooses, and with manual Weis the Weis it holds as toggles
    (``selection``: which are marked; the card buttons carry it)."""
    deck = deck or deck_for(lang, view.rules)
    key = hand_key(view)
    tid = view.table_id
    weis_bits = selection & ((1 << len(view.weis_options)) - 1)
    buttons: list[discord.ui.Button[discord.ui.View]] = []
    for i, card in enumerate(cards_of(view.hand)):
        playable = bool(view.legal >> card & 1)
        buttons.append(
            discord.ui.Button(
                label=deck.card(card, view.contract),
                emoji=faces.emoji(card, deck) or deck.icon(card // 9),
                style=discord.ButtonStyle.success if playable else discord.ButtonStyle.secondary,
                disabled=not playable,
                custom_id=custom_id(tid, key, play_action(card, weis_bits)),
                row=i // 5,
            )
        )
    if view.phase == "contract" and view.turn == view.seat:
        choices = contract_choices(view, deck, lang, picking)
        for i, (label, action) in enumerate(choices):
            back = action == "t0"
            buttons.append(
                discord.ui.Button(
                    label=label,
                    style=discord.ButtonStyle.secondary if back else discord.ButtonStyle.primary,
                    custom_id=custom_id(tid, key, action),
                    row=2 + i // 5,
                )
            )
        if view.may_schieben and not picking:
            buttons.append(
                discord.ui.Button(
                    label=msg("btn.schieben", lang),
                    style=discord.ButtonStyle.danger,
                    custom_id=custom_id(tid, key, "schieben"),
                    row=2 + len(choices) // 5,
                )
            )
    for i, weis in enumerate(view.weis_options[:6]):
        marked = bool(weis_bits >> i & 1)
        buttons.append(
            discord.ui.Button(
                label=("✅ " if marked else "") + weis_label(weis, deck, lang),
                style=discord.ButtonStyle.primary if marked else discord.ButtonStyle.secondary,
                custom_id=custom_id(tid, key, f"t{weis_bits ^ (1 << i)}"),
                row=2 + i // 5,
            )
        )
    extra: list[discord.ui.Button[discord.ui.View]] = []
    for card in cards_of(view.stoeck_cards):  # manual Stöck: play the second card with the announcement
        extra.append(
            discord.ui.Button(
                label=msg("btn.play_stoeck", lang, card=deck.card(card, view.contract)),
                emoji=faces.emoji(card, deck) or deck.icon(card // 9),
                style=discord.ButtonStyle.success,
                custom_id=custom_id(tid, key, play_action(card, weis_bits | STOECK_BIT)),
                row=4,
            )
        )
    if view.can_preshow_stoeck:
        extra.append(discord.ui.Button(label=msg("btn.stoeck", lang), custom_id=custom_id(tid, key, "stoeck"), row=4))
    if view.hints and view.phase == "play" and view.turn == view.seat and view.legal:
        extra.append(discord.ui.Button(label=msg("btn.hint", lang), emoji="💡", custom_id=custom_id(tid, key, "hint"),
                                       row=4))  # fmt: skip
    if view.may_bedanken and view.phase in ("contract", "play"):
        extra.append(
            discord.ui.Button(label=msg("btn.bedanken", lang), custom_id=custom_id(tid, key, "bedanken"), row=4)
        )
    return buttons + extra


def trick_line(view: TableView, lang: str, deck: Deck, faces: CardEmojis = NO_FACES) -> str | None:
    """The trick as it is played, in one or two lines of text (the table's live line in the
    channel): the trick under way and the last one completed, with who took it. ``None`` when
    no card of this hand is out yet."""
    if view.contract is None or view.phase not in ("play", "hand_over") or not (view.trick or view.tricks):
        return None
    lines = []
    if view.trick:
        played = played_text(view, view.trick, lang, deck, faces)
        lines.append(f"**{msg('table.trick', lang, n=len(view.tricks) + 1)}:** {played}")
    if view.tricks:
        lines.append(f"{msg('table.last_n', lang, n=len(view.tricks))}: {last_trick_text(view, lang, deck, faces)}")
    if view.turn is not None and view.phase == "play":
        lines.append(msg("table.turn", lang, name=seat_name(view, view.turn, lang)))
    return "\n".join(lines)


def table_payload(view: TableView, lang: str, deck: Deck, mentions: dict[int, str], note: str | None = None,
                  image: str | None = None, faces: CardEmojis = NO_FACES, title: str | None = None,
                  new_game: bool = True, at_table: bool = False) -> dict[str, Any]:  # fmt: skip
    """The public table message as raw JSON, for posting and editing (no discord.py View/Message
    objects: cheaper, and nothing left for the cyclic garbage collector); ``note``: a footer line;
    ``image``: the name of the attached table picture; ``at_table``: the "Spielen am Tisch" button."""
    content = mentions.get(view.turn) if view.turn is not None and view.phase in ("contract", "play") else None
    embed = table_embed(view, lang, mentions, deck, faces, title)
    if note:
        embed.set_footer(text=note)
    if image:
        embed.set_image(url=f"attachment://{image}")
    return {
        "content": content or "",
        "embeds": [embed.to_dict()],
        "components": components_payload(table_buttons(view, lang, new_game, at_table)),
        "allowed_mentions": {"parse": [], "users": [int(m[2:-1]) for m in mentions.values()]},
    }


def table_picture(view: TableView, lang: str, deck: Deck, title: str = "") -> TablePicture | None:
    """What the table picture shows, from the spectators' view (no hidden card can get into it)."""
    if view.phase not in ("contract", "play", "hand_over", "game_over"):
        return None
    names = tuple(seat_name(view, s, lang) for s in range(4))
    teams = (team_name(view, 0, lang), team_name(view, 1, lang))
    if view.contract is not None:
        title = contract_label(view, deck, lang)
    shown, teams, title = presenter_for(view.kind).picture_labels(view, lang, deck, names, teams, title)
    names = tuple(shown)
    last: tuple[tuple[int, int], ...] = ()
    last_label = ""
    if view.tricks:
        t = view.tricks[-1]
        last = tuple(((t.leader + i) % 4, c) for i, c in enumerate(t.cards))
        taken = msg("table.taken", lang, name=seat_name(view, t.winner, lang), points=t.taken(len(view.tricks)))
        last_label = f"{msg('table.last_n', lang, n=len(view.tricks))}: {taken}"
    return TablePicture(
        title=title, names=(names[0], names[1], names[2], names[3]), trick=tuple(view.trick), last=last,
        last_label=last_label,
        totals=view.totals, teams=teams,
        turn=view.turn if view.phase in ("contract", "play") else None, deck=deck.kind, french_map=deck.french_map,
        lang=lang,
    )  # fmt: skip


def summary_embed(
    view: TableView,
    ev: HandScored | SeatsScored | GameOver,
    lang: str,
    deck: Deck,
    mentions: dict[int, str],
    title: str = "",
) -> discord.Embed:
    """The message posted when a hand is scored (or the game is over)."""
    if ev["type"] == "game_over":
        return table_embed(view, lang, mentions, deck, title=title or None)
    return presenter_for(view.kind).summary(view, ev, lang, deck, mentions)


def components_payload(buttons: list[discord.ui.Button[discord.ui.View]]) -> list[dict[str, Any]]:
    """Action rows as Discord expects them (for raw message edits; same layout as :func:`as_view`)."""
    rows: dict[int, list[Any]] = {}
    for b in buttons:
        row = b.row if b.row is not None else max(rows, default=0)
        if len(rows.get(row, ())) >= 5:
            row += 1
        rows.setdefault(row, []).append(b.to_component_dict())
    return [{"type": 1, "components": rows[r]} for r in sorted(rows)]
