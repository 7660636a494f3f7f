"""The team games in Discord (Schieber; Coiffeur builds on it): the team lines of the table, the contract buttons,
the hand summary and the Jasstafel."""

from __future__ import annotations

from typing import Any

import discord

from bot.game import TableSnapshot, TableView
from bot.render.table import SlatePicture
from bot.rules.contract_names import EXTRA_NAMES
from bot.rules.scoring import striche_by_kind
from bot.texts import message as msg
from bot.texts.cards import Deck

from ..emojis import CardEmojis
from ..names import last_trick_line, last_trick_text, played_text, seat_name, team_name, tricks_text
from .base import Choice, KindPresenter

#: Buttons for contract choices: the rows under the cards' two (rows 2 to 4 of five per message).
CHOICE_SLOTS = 15


def extra_families(view: TableView) -> list[str]:
    """The families of extra contracts the chooser may name now, in a fixed order."""
    return [f for f, names in EXTRA_NAMES.items() if any(n in view.extras for n in names)]


def families_of(names: list[str] | tuple[str, ...]) -> list[str]:
    """The families of extra contracts among ``names``, in a fixed order."""
    return [f for f, members in EXTRA_NAMES.items() if any(n in members for n in names)]


def family_label(deck: Deck, family: str) -> str:
    return deck.named(EXTRA_NAMES[family][0].split("-")[0]) + " …"


class TeamPresenter(KindPresenter):
    """Two teams, a contract named or shoved, the hand written on the Jasstafel."""

    def title(self, table: TableSnapshot, name: str, lang: str) -> str:
        hands = table.rules.hands_per_game
        if hands:
            return msg("table.title_hands", lang, name=name, hands=hands)
        return msg("table.title", lang, name=name, target=table.rules.target)

    def shove_note(self, view: TableView, lang: str) -> str:
        """Said after who chooses: that the hand was shoved (Coiffeur: or that the choice is forced)."""
        return msg("table.shoved", lang) if view.geschoben else ""

    def table_lines(self, view: TableView, lang: str, deck: Deck, mentions: dict[int, str],
                    faces: CardEmojis) -> list[str]:  # fmt: skip
        lines = []
        if view.phase == "contract" and view.chooser is not None:
            name = seat_name(view, view.chooser, lang, mentions)
            lines.append(msg("table.choosing", lang, name=name, shoved=self.shove_note(view, lang)))
        elif view.contract is not None:
            shoved = msg("table.shoved", lang) if view.geschoben else ""
            label = self.contract_label(view, deck, lang)
            lines.append(msg("table.by", lang, contract=label, name=seat_name(view, view.declarer or 0, lang, mentions),
                             shoved=shoved))  # fmt: skip
        if view.contract is not None and view.phase == "play":
            played = played_text(view, view.trick, lang, deck, faces) or "—"
            lines.append(f"**{msg('table.trick', lang, n=len(view.tricks) + 1)}:** {played}")
        if view.tricks:  # every card is seen: the last trick with its four cards, until the next one is complete
            last = last_trick_text(view, lang, deck, faces)
            lines.append(f"**{msg('table.last_n', lang, n=len(view.tricks))}:** {last}")
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
        return lines

    def contract_choices(self, view: TableView, deck: Deck, lang: str, picking: str = "") -> list[Choice]:
        """The six contracts (``k<n>``), and a button per family of extra contracts switched on
        (``f<i>``) that opens its contracts (``x<i>.<j>``)."""
        families = extra_families(view)
        if picking.startswith("f") and picking[1:].isdigit() and int(picking[1:]) < len(families):
            fi = int(picking[1:])
            offered = [n for n in EXTRA_NAMES[families[fi]] if n in view.extras]
            return [(deck.named(n), f"x{fi}.{j}") for j, n in enumerate(offered)] + [(msg("btn.back", lang), "t0")]
        out = [(deck.contract(c), f"k{c}") for c in view.contracts]
        out += [(family_label(deck, f), f"f{i}") for i, f in enumerate(families)]
        return out

    def picked_contract(self, view: TableView, action: str) -> tuple[str, int | None] | None:
        kind, rest = action[:1], action[1:]
        a, _, b = rest.partition(".")
        if kind != "x" or not a.isdigit() or not b.isdigit():
            return None
        families = extra_families(view)
        if int(a) >= len(families):
            return None
        extras = [n for n in EXTRA_NAMES[families[int(a)]] if n in view.extras]
        return (extras[int(b)], None) if int(b) < len(extras) else None

    def summary(self, view: TableView, ev: Any, lang: str, deck: Deck, mentions: dict[int, str]) -> discord.Embed:
        name = view.contract_name or ev["contract"]
        contract = deck.named(name)
        embed = discord.Embed(title=msg("summary.title", lang, n=ev["hand"], contract=contract), colour=0x33691E)
        lines = self.hand_lines(view, ev, deck, lang)
        if view.tricks and len(view.tricks) == ev["tricks"][0] + ev["tricks"][1]:
            # The hand's last trick, card by card: it is seen even when the next hand follows at once.
            lines.append(last_trick_line(view, deck, lang))
        if ev["match_team"] is not None:
            key = "summary.kontermatsch" if ev["kontermatsch"] else "summary.match"
            lines.append(msg(key, lang, team=team_name(view, ev["match_team"], lang)))
        lines.append(msg("summary.totals", lang, a=ev["totals"][0], b=ev["totals"][1]))
        embed.description = "\n".join(lines)
        return embed

    def hand_lines(self, view: TableView, ev: Any, deck: Deck, lang: str) -> list[str]:
        """How each team's points of the hand came about."""
        return [summary_line(view, ev, t, lang) for t in (0, 1)]

    def slate(self, view: TableView, ev: Any, lang: str, deck: Deck) -> SlatePicture | None:
        return slate_picture(view, ev, lang)

    def replay_score(self, view: TableView, lang: str) -> str | None:
        a, b = view.totals
        return msg("replay.score", lang, a=a, b=b)


def summary_line(view: TableView, ev: Any, team: int, lang: str) -> str:
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


def slate_picture(view: TableView, ev: Any, lang: str) -> SlatePicture:
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


PRESENTER = TeamPresenter()
