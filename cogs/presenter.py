"""The presenter: a table's view becomes a Discord message (embeds, buttons, raw JSON).

No game logic and no state: everything here is a function of a ``TableView``, the reader's
language and deck, and the mentions of the people seated.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import discord

from bot.game import TableSnapshot, TableView
from bot.game.events import GameOver, HandScored, SeatsScored
from bot.render.coiffeur import CoiffeurPicture
from bot.render.table import SlatePicture, TablePicture
from bot.rules import Weis
from bot.rules.cards import cards_of
from bot.rules.coiffeur import TAFELN
from bot.rules.contract_names import EXTRA_NAMES
from bot.rules.kinds import find_kind
from bot.rules.scoring import striche_by_kind
from bot.texts import MESSAGES
from bot.texts import message as msg
from bot.texts.cards import Deck, deck_for

from . import differenzler as dz
from .buttons import STOECK_BIT, custom_id, play_action
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
    kind = find_kind(table.rules.game)
    own = f"table.{kind.name}"  # the game's own title text, e.g. "Coiffeur (11 Zeilen)"
    facts = {"rows": len(TAFELN[table.rules.coiffeur_tafel]), "hands": table.rules.individual_hands}
    if own in MESSAGES:
        return f"{name} · {msg(own, lang, **facts)}"
    if kind.individual:  # a game of individuals without a text of its own
        return f"{name} · {msg('table.kind', lang, kind=kind.name.capitalize(), **facts)}"
    hands = table.rules.hands_per_game
    if hands:
        return msg("table.title_hands", lang, name=name, hands=hands)
    return msg("table.title", lang, name=name, target=table.rules.target)


def contract_label(view: TableView, deck: Deck, lang: str) -> str:
    """The contract in play with its factor: ``Rose ×1``, ``Slalom Obenabe ×4``; in Coiffeur with
    its row: ``Zeile 7: Joker ×7 · Undenufe``."""
    name = deck.named(view.contract_name) if view.contract_name else deck.contract(view.contract or 0)
    if view.tafel is not None and view.row is not None:
        row_name, factor = view.tafel.rows[view.row]
        row = msg("table.row", lang, row=view.row + 1, row_name=deck.named(row_name), m=factor)
        return row if row_name == view.contract_name else f"{row} · {name}"
    factor = view.factor if view.factor is not None else view.rules.multiplier(view.contract or 0)
    return f"{name} ×{factor}"


def possessive(name: str, lang: str) -> str:
    """ "Annas", "Hans'" (German), "Anna's" (English)."""
    if lang == "de":
        return f"{name}'" if name[-1:].lower() in ("s", "ß", "x", "z") else f"{name}s"
    return f"{name}'" if name.endswith("s") else f"{name}'s"


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
    if find_kind(view.kind).individual:
        embed.description = "\n".join(dz.table_lines(view, deck, lang, lambda s: seat_name(view, s, lang, mentions),
                                                      faces, played_text, last_trick_text))  # fmt: skip
        return embed
    lines = []
    if view.phase == "contract" and view.chooser is not None:
        shoved = msg("table.shoved", lang) if view.geschoben else ""
        if view.tafel is not None and not view.may_schieben:
            shoved += msg("table.zwang", lang)
        lines.append(msg("table.choosing", lang, name=seat_name(view, view.chooser, lang, mentions), shoved=shoved))
    elif view.contract is not None:
        shoved = msg("table.shoved", lang) if view.geschoben else ""
        label = contract_label(view, deck, lang)
        lines.append(msg("table.by", lang, contract=label, name=seat_name(view, view.declarer or 0, lang, mentions),
                         shoved=shoved))  # fmt: skip
    if view.contract is not None and view.phase == "play":
        played = played_text(view, view.trick, lang, deck, faces) or "—"
        lines.append(f"**{msg('table.trick', lang, n=len(view.tricks) + 1)}:** {played}")
    if view.tricks:  # every card is seen: the last trick with its four cards, until the next one is complete
        lines.append(f"**{msg('table.last_n', lang, n=len(view.tricks))}:** {last_trick_text(view, lang, deck, faces)}")
    if view.weis_result and view.weis_result.team is not None:
        lines.append(
            f"**{msg('table.weis', lang)}:** {team_name(view, view.weis_result.team, lang)} +{view.weis_written}"
        )
    a, b = view.totals
    lines.append(f"**{msg('table.score', lang)}:** {team_name(view, 0, lang)} {a} · {team_name(view, 1, lang)} {b}")
    if view.phase == "game_over":
        if view.winner is None:
            lines.append(msg("table.draw", lang, a=a, b=b))
        else:
            extra = ""
            if view.berg is not None:
                extra += msg("over.berg", lang, team=team_name(view, view.berg, lang))
            if view.schneider:
                extra += msg("over.schneider", lang)
            won, lost = view.totals[view.winner], view.totals[1 - view.winner]  # the winners' total first
            lines.append(msg("table.over", lang, winner=team_name(view, view.winner, lang), a=won, b=lost,
                             extra=extra))  # fmt: skip
    elif view.turn is not None:
        lines.append(msg("table.turn", lang, name=seat_name(view, view.turn, lang, mentions)))
    embed.description = "\n".join(lines)
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


def table_buttons(view: TableView, lang: str, new_game: bool = True) -> list[discord.ui.Button[discord.ui.View]]:
    """The table message's buttons; ``new_game``: offer another game at the end (not at a
    tournament's or challenge's table)."""
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
    return [
        discord.ui.Button(
            label=msg("btn.hand", lang),
            style=discord.ButtonStyle.primary,
            custom_id=custom_id(view.table_id, "0", "hand"),
        )
    ]


def hand_text(view: TableView, lang: str, deck: Deck | None = None) -> str:
    """The private hand's text: the contract, the suit led, whose turn it is, why cards are grey."""
    if not view.hand:
        return msg("hand.none", lang)
    deck = deck or deck_for(lang, view.rules)
    head = msg("hand.title", lang)
    facts = dz.hand_facts(view, deck, lang) if find_kind(view.kind).individual else []
    if view.contract is not None and not find_kind(view.kind).individual:
        facts.append(contract_label(view, deck, lang))
    if view.trick:
        facts.append(msg("hand.led", lang, suit=deck.suit(view.trick[0][1] // 9)))
    if view.turn == view.seat:
        choose = "hand.choose_or_shove" if view.may_schieben else "hand.choose"
        if view.tafel is not None:
            choose = "hand.choose_row_or_shove" if view.may_schieben else "hand.choose_row"
        facts.append(msg(choose if view.phase == "contract" else "hand.your_turn", lang))
    elif view.phase == "predict":
        facts.append(msg("dz.waiting_others", lang))
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
    if dz.must_predict(view):
        return dz.predict_text(view, deck, lang, faces, picking), dz.predict_buttons(view, lang, picking)
    return hand_text(view, lang, deck), hand_buttons(view, lang, deck, selection, faces, picking)


def hand_state(view: TableView) -> tuple[object, ...]:
    """What decides whether a player's hand message must be shown again: the cards, which of them
    may be played, and whether it is the player's turn (not every move of the others)."""
    return (view.game_no, view.hand_no, view.phase, view.hand, view.legal, view.turn == view.seat, view.contract,
            view.may_schieben, view.can_preshow_stoeck, view.predictions)  # fmt: skip


def extra_families(view: TableView) -> list[str]:
    """The families of extra contracts the chooser may name now, in a fixed order."""
    return [f for f, names in EXTRA_NAMES.items() if any(n in view.extras for n in names)]


#: Buttons for contract choices: the rows under the cards' two (rows 2 to 4 of five per message).
CHOICE_SLOTS = 15


def _families_of(names: Sequence[str]) -> list[str]:
    """The families of extra contracts among ``names``, in a fixed order."""
    return [f for f, members in EXTRA_NAMES.items() if any(n in members for n in names)]


def contract_choices(view: TableView, deck: Deck, lang: str, picking: str = "") -> list[tuple[str, str]]:
    """(label, action) of the contract buttons. Coiffeur: a button per open row (``r<row>``); a row
    played as one of several contracts (a Joker, Slalom …) opens them (``n<row>.<i>``) with a
    back button (``t0``). Schieber: the six contracts (``k<n>``), and a button per family of extra
    contracts switched on (``f<i>``) that opens its contracts (``x<i>.<j>``)."""
    if view.tafel is not None:
        options = dict(view.row_options)
        row_s, _, family = picking[1:].partition(".")
        if picking[:1] in ("r", "g") and row_s.isdigit() and int(row_s) in options:
            row = int(row_s)
            names = options[row]
            groups = _families_of(names)
            if picking[0] == "g" and family.isdigit() and int(family) < len(groups):  # one family's contracts
                chosen = EXTRA_NAMES[groups[int(family)]]
                return [(deck.named(n), f"n{row}.{i}") for i, n in enumerate(names) if n in chosen] + [
                    (msg("btn.back", lang), f"r{row}")
                ]
            if len(names) + 1 <= CHOICE_SLOTS:
                return [(deck.named(n), f"n{row}.{i}") for i, n in enumerate(names)] + [(msg("btn.back", lang), "t0")]
            # a Joker row that may be played as every contract: the plain ones, then a button per family
            grouped = {n for f in groups for n in EXTRA_NAMES[f]}
            plain = [(deck.named(n), f"n{row}.{i}") for i, n in enumerate(names) if n not in grouped]
            opens = [(deck.named(EXTRA_NAMES[f][0].split("-")[0]) + " …", f"g{row}.{i}") for i, f in enumerate(groups)]
            return plain + opens + [(msg("btn.back", lang), "t0")]
        return [(f"{deck.named(view.tafel.rows[r][0])} ×{view.tafel.rows[r][1]}", f"r{r}") for r, _ in view.row_options]
    families = extra_families(view)
    if picking.startswith("f") and picking[1:].isdigit() and int(picking[1:]) < len(families):
        fi = int(picking[1:])
        offered = [n for n in EXTRA_NAMES[families[fi]] if n in view.extras]
        return [(deck.named(n), f"x{fi}.{j}") for j, n in enumerate(offered)] + [(msg("btn.back", lang), "t0")]
    out = [(deck.contract(c), f"k{c}") for c in view.contracts]
    out += [(deck.named(EXTRA_NAMES[f][0].split("-")[0]) + " …", f"f{i}") for i, f in enumerate(families)]
    return out


def picked_contract(view: TableView, action: str) -> tuple[str, int | None] | None:
    """The contract (and Coiffeur row) a ``n<row>.<i>``/``x<i>.<j>``/``r<row>`` button names,
    looked up in what the table offers this seat now; ``None`` if it offers no such thing."""
    kind, _, rest = action[:1], None, action[1:]
    a, _, b = rest.partition(".")
    if not a.isdigit() or (b and not b.isdigit()):
        return None
    if kind in ("r", "n") and view.tafel is not None:
        names = dict(view.row_options).get(int(a))
        if not names:
            return None
        if kind == "r":
            return (names[0], int(a)) if len(names) == 1 else None
        return (names[int(b)], int(a)) if b and int(b) < len(names) else None
    if kind == "x":
        families = extra_families(view)
        if int(a) >= len(families) or not b:
            return None
        extras = [n for n in EXTRA_NAMES[families[int(a)]] if n in view.extras]
        return (extras[int(b)], None) if int(b) < len(extras) else None
    return None


def weis_label(weis: Weis, deck: Deck, lang: str) -> str:
    """E.g. ``Weis 50: Rose 7–10`` or ``Weis 200: 4 × Under``."""
    if weis.kind == "quartet":
        return msg("weis.quartet", lang, points=weis.points, rank=deck.rank(weis.low))
    return msg(
        "weis.sequence",
        lang,
        points=weis.points,
        suit=deck.suit(weis.suit or 0),
        low=deck.rank(weis.low),
        high=deck.rank(weis.high),
    )


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
                  new_game: bool = True) -> dict[str, Any]:  # fmt: skip
    """The public table message as raw JSON, for posting and editing (no discord.py View/Message
    objects: cheaper, and nothing left for the cyclic garbage collector); ``note``: a footer line;
    ``image``: the name of the attached table picture."""
    content = mentions.get(view.turn) if view.turn is not None and view.phase in ("contract", "play") else None
    embed = table_embed(view, lang, mentions, deck, faces, title)
    if note:
        embed.set_footer(text=note)
    if image:
        embed.set_image(url=f"attachment://{image}")
    return {
        "content": content or "",
        "embeds": [embed.to_dict()],
        "components": components_payload(table_buttons(view, lang, new_game)),
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
    if find_kind(view.kind).individual:  # each for themselves: the points each has taken, no teams
        names = tuple(f"{names[s]} · {view.taken[s]}" for s in range(4))
        title, teams = dz.trump_line(view, deck, lang), ("", "")
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


def slate_picture(view: TableView, ev: HandScored | GameOver, lang: str) -> SlatePicture:
    """The Jasstafel after a hand (or at the end of the game)."""
    written = (ev["written"][0], ev["written"][1]) if ev["type"] == "hand_scored" else (0, 0)
    title = msg("summary.slate", lang, n=ev["hand"]) if ev["type"] == "hand_scored" else msg("summary.final", lang)
    winner = ""
    if ev["type"] == "game_over":
        won = ev.get("winner")
        winner = msg("slate.draw", lang) if won is None else msg("slate.winner", lang, team=team_name(view, won, lang))
    return SlatePicture(teams=(team_name(view, 0, lang), team_name(view, 1, lang)),
                        totals=(ev["totals"][0], ev["totals"][1]), written=written, title=title,
                        striche=(slate_striche(view, 0, lang), slate_striche(view, 1, lang)),
                        winner=winner)  # fmt: skip


def slate_striche(view: TableView, team: int, lang: str) -> tuple[tuple[str, int], ...]:
    """(label, strokes) of each kind of Strich the team has earned at this table."""
    return tuple((msg(f"striche.{kind}", lang), n) for kind, n in striche_by_kind(view.counters, team))


def tricks_text(n: int, lang: str) -> str:
    return msg("tricks.one" if n == 1 else "tricks.many", lang, n=n)


def summary_line(view: TableView, ev: HandScored, team: int, lang: str) -> str:
    """How a team's points of a hand came about: card points, Match, Weis, Stöck, the multiplier."""
    m = ev["multiplier"]
    cards, match, weis, stoeck = (ev.get("parts") or [[ev["written"][t] // m, 0, 0, 0] for t in (0, 1)])[team]
    parts = [msg("summary.cards", lang, n=cards)]
    if match:
        kind = "summary.part.kontermatsch" if ev["kontermatsch"] else "summary.part.match"
        parts.append(msg(kind, lang, n=match))
    if weis:
        parts.append(msg("summary.part.weis", lang, n=weis))
    if stoeck:
        parts.append(msg("summary.part.stoeck", lang, n=stoeck))
    text = " + ".join(parts)
    if m > 1:
        text = msg("summary.times", lang, parts=text, base=cards + match + weis + stoeck, m=m)
    elif len(parts) > 1:
        text = f"{text} = {cards + match + weis + stoeck}"
    return msg("summary.line", lang, team=team_name(view, team, lang), tricks=tricks_text(ev["tricks"][team], lang),
               parts=text, written=ev["written"][team])  # fmt: skip


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
    if ev["type"] == "seats_scored":
        if view.kind == "molotow":
            trump = dz.trump_line(view, deck, lang)
            embed = discord.Embed(title=msg("mo.summary", lang, n=ev["hand"], trump=trump), colour=0x33691E)
        else:
            suit = deck.suit(view.trump or 0)
            embed = discord.Embed(title=msg("dz.summary", lang, n=ev["hand"], suit=suit), colour=0x33691E)
        lines = dz.summary_lines(ev, lang, lambda s: seat_name(view, s, lang, mentions))
        if view.tricks:
            lines.append(last_trick_line(view, deck, lang))
        embed.description = "\n".join(lines)
        return embed
    name = view.contract_name or ev["contract"]
    contract = deck.named(name)
    embed = discord.Embed(title=msg("summary.title", lang, n=ev["hand"], contract=contract), colour=0x33691E)
    lines = [row_line(view, ev, deck, lang)] if "row" in ev else [summary_line(view, ev, t, lang) for t in (0, 1)]
    if view.tricks and len(view.tricks) == ev["tricks"][0] + ev["tricks"][1]:
        # The hand's last trick, card by card: it is seen even when the next hand follows at once.
        lines.append(last_trick_line(view, deck, lang))
    if ev["match_team"] is not None:
        key = "summary.kontermatsch" if ev["kontermatsch"] else "summary.match"
        lines.append(msg(key, lang, team=team_name(view, ev["match_team"], lang)))
    lines.append(msg("summary.totals", lang, a=ev["totals"][0], b=ev["totals"][1]))
    embed.description = "\n".join(lines)
    return embed


def last_trick_line(view: TableView, deck: Deck, lang: str) -> str:
    last = view.tricks[-1]
    cards = " · ".join(f"{seat_name(view, (last.leader + i) % 4, lang)}: {deck.card(c, view.contract)}"
                       for i, c in enumerate(last.cards))  # fmt: skip
    return msg("summary.last_trick", lang, cards=cards, name=seat_name(view, last.winner, lang))


def row_line(view: TableView, ev: HandScored, deck: Deck, lang: str) -> str:
    """Coiffeur: which row the declaring team filled, and how it was scored."""
    team, row, m = ev.get("team", 0), ev.get("row", 0), ev.get("factor", 1)
    written = ev["written"][team]
    row_name = view.tafel.rows[row][0] if view.tafel is not None else ev["contract"]
    name = view.contract_name or ev["contract"]
    if ev["match_team"] is not None and ev["match_team"] != team and not name.startswith("misere"):
        parts = msg("summary.row_konter", lang, written=written)
    else:
        parts = msg("summary.row_parts", lang, points=written // m if m else 0, m=m)
        if name.startswith("misere"):
            parts = f"{msg('summary.row_misere', lang)}, {parts}"
    return msg("summary.row", lang, team=team_name(view, team, lang), row=row + 1, row_name=deck.named(row_name), m=m,
               contract=deck.named(name), parts=parts, written=written)  # fmt: skip


def coiffeur_picture(view: TableView, ev: HandScored | GameOver, lang: str, deck: Deck) -> CoiffeurPicture | None:
    """The Coiffeur Tafel after a hand (or at the end of the game); ``None`` at a Schieber table."""
    tafel = view.tafel
    if tafel is None:
        return None
    latest = None
    if ev["type"] == "hand_scored":
        title = msg("summary.tafel", lang, n=ev["hand"])
        latest = (ev.get("row", 0), ev.get("team", 0))
    else:
        title = msg("summary.tafel_final", lang)
    winner = ""
    if ev["type"] == "game_over":
        won = ev.get("winner")
        winner = msg("slate.draw", lang) if won is None else msg("slate.winner", lang, team=team_name(view, won, lang))
    played = tuple(
        tuple(
            deck.named(a) if contract == "joker" and a else "" for a in (tafel.played_as[0][i], tafel.played_as[1][i])
        )
        for i, (contract, _) in enumerate(tafel.rows)
    )
    return CoiffeurPicture(
        title=title, teams=(team_name(view, 0, lang), team_name(view, 1, lang)),
        rows=tuple((deck.named(c), f) for c, f in tafel.rows),
        cells=tuple((tafel.written[0][i], tafel.written[1][i]) for i in range(len(tafel.rows))),
        played_as=tuple((a, b) for a, b in played), latest=latest, totals=tafel.totals(), winner=winner,
        members=tuple((seat_name(view, t, lang), seat_name(view, t + 2, lang)) for t in (0, 1)),  # type: ignore[arg-type]
    )  # fmt: skip


def components_payload(buttons: list[discord.ui.Button[discord.ui.View]]) -> list[dict[str, Any]]:
    """Action rows as Discord expects them (for raw message edits; same layout as :func:`as_view`)."""
    rows: dict[int, list[Any]] = {}
    for b in buttons:
        row = b.row if b.row is not None else max(rows, default=0)
        if len(rows.get(row, ())) >= 5:
            row += 1
        rows.setdefault(row, []).append(b.to_component_dict())
    return [{"type": 1, "components": rows[r]} for r in sorted(rows)]
