"""A game of Schieber in the terminal: ``python -m bot play``.

Drives the table engine directly (no database): your hand with the legal cards marked,
contract and Schieben, Weis and Stöck, every trick, hand summaries and the totals.
``--json`` prints the hand-history export of the game instead (JSON lines).
"""

from __future__ import annotations

import os
import secrets
import sys
from collections.abc import Callable, Mapping
from typing import Any, Literal, TextIO

from bot.ai import computer_command
from bot.game import (
    SYSTEM,
    AddComputer,
    AnnounceStoeck,
    Bedanken,
    ChooseContract,
    Command,
    GameError,
    JoinSeat,
    NextHand,
    Phase,
    PlayCard,
    Predict,
    Schieben,
    StartGame,
    Table,
    TableView,
)
from bot.game.events import Event
from bot.game.export import history_jsonl, shown_weis
from bot.rules import Card, Contract, RuleSet, RuleSetError
from bot.rules.cards import FRENCH_SUITS, display_order
from bot.rules.contract_names import called
from bot.rules.ruleset import for_game
from bot.rules.schedules import multiplier as extra_multiplier
from bot.texts import LANGS, message, refusal_text
from bot.texts.cards import Deck

HOST = "u:terminal"

#: Words a player may type for a contract (besides its number in the menu), in both languages.
CONTRACT_WORDS = {
    "eichel": "eichel", "eicheln": "eichel", "acorns": "eichel",
    "rose": "rose", "rosen": "rose", "roses": "rose",
    "schelle": "schelle", "schellen": "schelle", "bells": "schelle",
    "schilte": "schilte", "schilten": "schilte", "shields": "schilte",
    "obenabe": "obenabe", "oben": "obenabe", "top-down": "obenabe",
    "undenufe": "undenufe", "unde": "undenufe", "bottom-up": "undenufe",
}  # fmt: skip
HELP_WORDS = ("?", "h", "help", "hilfe")
QUIT_WORDS = ("q", "quit", "exit", "beenden")


def pair(values: list[int] | tuple[int, int]) -> str:
    """Two teams' numbers as ``87 : 70``."""
    return f"{values[0]} : {values[1]}"


def parse_overrides(preset: str, settings: list[str]) -> RuleSet:
    data: dict[str, Any] = {"preset": preset}
    for item in settings:
        key, sep, value = item.partition("=")
        if not sep:
            raise RuleSetError(item, "expected key=value")
        data[key.strip()] = value.strip()
    return RuleSet.from_dict(data)


Style = Literal["colour", "symbols", "plain"]  # symbols: suit symbols without colour (NO_COLOR)

#: ANSI colours of the suits: Eichel green, Rose red, Schelle yellow, Schilte cyan (all four apart).
SWISS_COLOURS = ("32", "31", "93", "36")
FRENCH_COLOURS = {"herz": "31", "ecken": "31", "kreuz": "1", "schaufel": "1"}


def styled_card(card: int, deck: Deck, style: Style = "colour") -> str:
    """A card as the terminal shows it: ``Rose 7``, ``🌹 Rose 7`` or that in the suit's colour."""
    name = deck.card(card)
    if style == "plain":
        return name
    suit = card // 9
    text = f"{deck.icon(suit)} {name}"
    if style == "symbols":
        return text
    colour = FRENCH_COLOURS[FRENCH_SUITS[deck.french_map][suit]] if deck.kind == "french" else SWISS_COLOURS[suit]
    return f"\x1b[{colour}m{text}\x1b[0m"


def terminal_style(plain: bool, environ: Mapping[str, str] = os.environ, tty: bool = True) -> Style:
    """``--plain`` gives plain text; the NO_COLOR convention, and output that is not a terminal
    (a file, a pipe), keep the symbols but drop the colour codes (FORCE_COLOR keeps them)."""
    if plain:
        return "plain"
    if environ.get("NO_COLOR") or not (tty or environ.get("FORCE_COLOR")):
        return "symbols"
    return "colour"


class Quit(Exception):
    """The person typed ``q``: leave the game."""


class TerminalGame:
    def __init__(
        self,
        seats: list[str],
        rules: RuleSet,
        seed: int | None,
        json_out: bool,
        out: TextIO = sys.stdout,
        ask: Callable[[str], str] = input,
        level: str = "club",
        lang: str = "en",
        deck: str = "swiss",
        style: Style = "colour",
        verbose: bool = False,
    ) -> None:
        self.out, self.json_out = out, json_out
        self._ask = ask
        self.verbose = verbose  # the deals' commitments and seeds (to check a shuffle), else left out
        self.lang = lang if lang in LANGS else "en"
        self.deck = Deck(self.lang, deck if deck in ("swiss", "french") else "swiss", rules.french_map)
        self.style: Style = style
        self.seed = seed
        self.humans = [i for i, kind in enumerate(seats) if kind == "human"]
        self._weis: list[dict[str, Any]] = []  # Weis declared in trick 1, shown once it is known who scores
        self.table, created = Table.create("terminal", HOST, rules)
        self.events: list[Event] = list(created)
        for seat, kind in enumerate(seats):
            if kind == "human":
                name = self.t("you_name") if len(self.humans) == 1 else self.t("player_name", n=seat + 1)
                self._apply(JoinSeat(f"u:{seat}", name=name, seat=seat))
            else:
                self._apply(AddComputer(HOST, seat=seat, level=level))
        self.hand_count = 0

    def _seed(self) -> str:
        self.hand_count += 1
        if self.seed is None:
            return secrets.token_hex(16)
        return f"{self.seed}:{self.hand_count}"

    def _apply(self, command: Command) -> list[Event]:
        events = self.table.apply(command)
        self.events += events
        if not self.json_out:
            for ev in events:
                self._show(ev)
        return events

    def ask(self, prompt: str) -> str:
        """The person's answer to ``prompt``; ``q`` or ``quit`` (``beenden``) leaves the game."""
        answer = self._ask(prompt)
        if answer.strip().lower() in QUIT_WORDS:
            raise Quit
        return answer

    def say(self, text: str = "") -> None:
        if not self.json_out:
            print(text, file=self.out)

    def t(self, key: str, **values: object) -> str:
        """The terminal's text ``key`` in its language (the catalogue's ``term.*``)."""
        return message(f"term.{key}", self.lang, **values)

    def about(self, key: str, seat: int, **values: object) -> str:
        """``key`` said of ``seat``: the ``.you`` form for the one person playing."""
        if self.is_you(seat):
            return self.t(f"{key}.you", **values)
        return self.t(key, who=self.name(seat), **values)

    def card(self, card: int | str) -> str:
        """The card's name; in colour its suit symbol before it, in the suit's colour."""
        index = Card.parse(card).index if isinstance(card, str) else card
        return styled_card(index, self.deck, self.style)

    def contract(self, contract: int | str) -> str:
        return self.deck.contract(int(Contract.parse(contract)) if isinstance(contract, str) else contract)

    def name(self, seat: int) -> str:
        """A seat's player with its number, 1 to 4 (``You (seat 1)``)."""
        return self.t("name", name=self.table.seats[seat].name, n=seat + 1)

    def is_you(self, seat: int) -> bool:
        return len(self.humans) == 1 and seat in self.humans

    def team(self, team: int) -> str:
        """A team by its two players, e.g. ``You & Computer 3``."""
        return " & ".join(self.table.seats[s].name for s in (team, team + 2))

    def introduce(self) -> None:
        """Who sits where, and who plays with whom."""
        for seat in range(4):
            self.say(self.t("seat_line", n=seat + 1, name=self.table.seats[seat].name))
        if self.table.individual:
            pass  # everyone for themselves: no partners
        elif len(self.humans) == 1:
            me = self.humans[0]
            opponents = self.t("and").join(self.table.seats[s].name for s in ((me + 1) % 4, (me + 3) % 4))
            self.say(self.t("partner", partner=self.name((me + 2) % 4), opponents=opponents))
        else:
            self.say(self.t("teams", a=self.team(0), b=self.team(1)))
        self.say(self.t("help_hint"))

    # -- the game loop ------------------------------------------------------------

    def run(self) -> int:
        self.introduce()
        self._apply(StartGame(HOST, seed=self._seed()))
        try:
            while self.table.phase not in (Phase.GAME_OVER, Phase.ABANDONED):
                if self.table.phase == Phase.HAND_OVER:
                    self._apply(NextHand(SYSTEM, seed=self._seed()))
                    continue
                seat = self.table.to_act
                if seat is None:
                    raise RuntimeError("the table waits for nobody")
                if seat in self.humans:
                    self._human_turn(seat)
                else:
                    self._computer_turn(seat)
        except EOFError:
            self.say("\n" + self.t("eof"))
            return 1
        except KeyboardInterrupt:
            self.say("\n" + self.t("left"))
            return 130
        except Quit:
            self.say(self.t("left"))
            return 0
        if self.json_out:
            self.out.write(history_jsonl(self.events))
        return 0

    def _computer_turn(self, seat: int) -> None:
        base = str(self.seed) if self.seed is not None else secrets.token_hex(8)
        self._apply(computer_command(self.table, base))

    def _human_turn(self, seat: int) -> None:
        view = self.table.view_for(seat)
        actor = f"u:{seat}"
        while True:
            if view.phase == "predict":
                command = self._ask_prediction(view, actor)
            elif view.phase == "contract":
                command = self._ask_contract(view, actor)
            else:
                command = self._ask_card(view, actor)
            try:
                self._apply(command)
                return
            except GameError as err:
                self.say(refusal_text(err, self.lang))

    def _extra_options(self, view: TableView) -> str:
        extra = ""
        if view.rules.end_mode == "bedanken" and not view.rules.hands_per_game:
            extra += self.t("opt.bedanken")
        if view.can_preshow_stoeck:
            extra += self.t("opt.preshow")
        return extra

    def _special(self, answer: str, actor: str) -> Command | None:
        if answer == "b":
            return Bedanken(actor)
        if answer == "p":
            return AnnounceStoeck(actor)
        return None

    def _help(self, answer: str) -> bool:
        if answer in HELP_WORDS:
            self.say(self.t("help"))
            return True
        return False

    def _ask_prediction(self, view: TableView, actor: str) -> Command:
        """Differenzler: how many card points you will take (0-157)."""
        trump = self.contract(view.trump or 0)
        self.say("\n" + self.t("your_cards", cards=self._hand_text(view.hand, 0, view.trump)))
        while True:
            answer = self.ask(self.t("predict", trump=trump) + "\n> ").strip()
            if self._help(answer):
                continue
            if answer.isdigit() and 0 <= int(answer) <= 157:
                return Predict(actor, int(answer))
            self.say(self.t("predict_again"))

    def _ask_row(self, view: TableView, actor: str) -> Command:
        """Coiffeur: an open row of the team (and what a Joker, Slalom … row is played as), or a shove."""
        assert view.tafel is not None
        rows = view.tafel.rows
        offered = dict(view.row_options)  # numbered as the Tafel numbers its rows
        menu = "  ".join(f"[{r + 1}] {self.deck.named(rows[r][0])} ×{rows[r][1]}" for r in offered)
        schieben = self.t("opt.schieben") if self.table.may_schieben else self.t("zwang")
        while True:
            answer = self.ask(self.t("choose_row", menu=menu + schieben) + "\n> ").strip().lower()
            if self._help(answer):
                continue
            if answer in ("s", "schieben") and self.table.may_schieben:
                return Schieben(actor)
            if answer.isdigit() and int(answer) - 1 in offered:
                row = int(answer) - 1
                names = offered[row]
                if len(names) == 1:
                    return ChooseContract(actor, names[0], row=row)
                sub = "  ".join(f"[{i + 1}] {self.deck.named(n)}" for i, n in enumerate(names))
                pick = self.ask(self.t("choose_as", menu=sub) + "\n> ").strip()
                if pick.isdigit() and 1 <= int(pick) <= len(names):
                    return ChooseContract(actor, names[int(pick) - 1], row=row)
            self.say(self.t("options_again"))

    def _ask_contract(self, view: TableView, actor: str) -> Command:
        self.say("\n" + self.t("your_cards", cards=self._hand_text(view.hand, 0)))
        if view.kind == "coiffeur":
            return self._ask_row(view, actor)
        options: list[Contract | str] = [c for c in Contract if c.is_trump or view.rules.allow_obe_unde]
        options += list(view.extras)
        menu = "  ".join(f"[{i + 1}] {self._option(view, c)}" for i, c in enumerate(options))
        schieben = self.t("opt.schieben") if self.table.may_schieben else ""
        while True:
            prompt = self.t("choose", menu=menu + schieben + self._extra_options(view))
            answer = self.ask(prompt + "\n> ").strip().lower()
            if self._help(answer):
                continue
            if answer in ("s", "schieben") and schieben:
                return Schieben(actor)
            if special := self._special(answer, actor):
                return special
            if answer.isdigit() and 1 <= int(answer) <= len(options):
                return ChooseContract(actor, str(options[int(answer) - 1]))
            if answer in CONTRACT_WORDS:
                chosen = Contract.parse(CONTRACT_WORDS[answer])
                if chosen in options:
                    return ChooseContract(actor, str(chosen))
            self.say(self.t("options_again"))

    def _option(self, view: TableView, option: Contract | str) -> str:
        if isinstance(option, Contract):
            return f"{self.contract(int(option))} ×{view.rules.multiplier(int(option))}"
        plan = called(option).schedule
        assert plan is not None
        return f"{self.deck.named(option)} ×{extra_multiplier(plan.extra, view.rules.multipliers)}"

    def _hand_text(self, hand: int, legal: int, contract: int | None = None) -> str:
        parts = []
        for i, c in enumerate(display_order(hand, contract)):
            mark = "*" if legal >> c & 1 else " "
            parts.append(f"[{i + 1}]{mark}{self.card(c)}")
        return "  ".join(parts)

    def _ask_card(self, view: TableView, actor: str) -> Command:
        cards = display_order(view.hand, view.contract)  # as players sort their cards: trump first
        table_now = ", ".join(f"{self.name(s)}: {self.card(c)}" for s, c in view.trick) or self.t("you_lead")
        contract = self.deck.named(view.contract_name) if view.contract_name else self.contract(view.contract or 0)
        self.say("\n" + self.t("trick_now", n=len(view.tricks) + 1, contract=contract, cards=table_now))
        if len(cards) == 1 and not view.weis_options and not view.stoeck_cards:  # the last card: no question
            self.say(self.t("last_card", card=self.card(cards[0])))
            return PlayCard(actor, str(Card.from_index(cards[0])))
        self.say(self.t("playable", cards=self._hand_text(view.hand, view.legal, view.contract)))
        while True:
            answer = self.ask(self.t("play_prompt", n=len(cards), extra=self._extra_options(view)) + "\n> ")
            answer = answer.strip().lower()
            if self._help(answer):
                continue
            if special := self._special(answer, actor):
                return special
            if answer.isdigit() and 1 <= int(answer) <= len(cards):
                card = cards[int(answer) - 1]
                break
            self.say(self.t("card_again"))
        weis = None
        if view.weis_options:
            chosen = []
            for w in view.weis_options:
                text = " ".join(self.card(c.index) for c in w.cards)
                if self.ask(self.t("declare", cards=text, points=w.points)).strip().lower() != self.t("no"):
                    chosen.append(tuple(str(c) for c in w.cards))
            weis = tuple(chosen)
        stoeck = False
        hand = self.table.hand
        if not view.rules.stoeck_auto and hand is not None and hand.stoeck_due(int(view.seat or 0), card):
            stoeck = self.ask(self.t("announce_stoeck")).strip().lower() != self.t("no")
        return PlayCard(actor, str(Card.from_index(card)), weis=weis, stoeck=stoeck)

    # -- what happened ------------------------------------------------------------

    def _show(self, ev: Event) -> None:
        t = self.table
        if ev["type"] == "game_started" and t.differenzler:
            self.say(self.t("diff_started", n=ev["game"], hands=t.rules.individual_hands))
        elif ev["type"] == "game_started" and t.molotow:
            self.say(self.t("molotow_started", n=ev["game"], hands=t.rules.individual_hands))
        elif ev["type"] == "trump_fixed":
            self.say(self.about("fixes_trump", ev["seat"], suit=self.contract(ev["suit"])))
        elif ev["type"] == "weis" and t.molotow:  # each one's own Handweis, all of them count (minus)
            cards = " ".join(self.card(c) for c in ev["cards"])
            self.say(self.about("weis", ev["seat"], points=ev["points"], cards=cards))
        elif ev["type"] == "seats_scored" and "predictions" not in ev:  # Molotow
            parts = ", ".join(
                self.t("molotow_seat", who=self.name(s), got=ev["points"][s],
                       extra=ev["penalties"][s] - ev["points"][s], score=ev["penalties"][s], total=ev["totals"][s])
                for s in range(4)
            )  # fmt: skip
            self.say(self.t("diff_scored", n=ev["hand"], seats=parts))
        elif ev["type"] == "game_over" and "ranking" in ev:
            order = ", ".join(f"{self.name(s)} {ev['totals'][s]}" for s in ev["ranking"])
            self.say("\n" + self.t("diff_over", order=order))
        elif ev["type"] == "game_started" and t.tafel is not None:
            self.say(self.t("coiffeur_started", n=ev["game"], rows=len(t.tafel.rows)))
        elif ev["type"] == "game_started":
            profile = message(f"profile.{t.rules.multiplier_profile}", self.lang)
            self.say(self.t("game_started", n=ev["game"], target=t.rules.target, profile=profile))
        elif ev["type"] == "hand_dealt":
            self._weis = []
            forehand = self.name(ev["forehand"])
            if ev["hand"] == 1 and t.rules.first_forehand == "rose7" and not t.individual:
                # whoever dealt, the holder of the Rose 7 leads: naming a dealer would only confuse
                line = self.t("hand_dealt_rose7", n=ev["hand"], forehand=forehand)
            else:
                line = self.t("hand_dealt", n=ev["hand"], dealer=self.name(ev["dealer"]), forehand=forehand)
            if self.verbose:
                line += " " + self.t("commitment", commitment=ev["commitment"][:16])
            self.say("\n" + line)
        elif ev["type"] == "schieben":
            self.say(self.about("shoves", ev["seat"]))
        elif ev["type"] == "prediction":
            hidden = t.rules.differenzler_predictions == "hidden" and not self.is_you(ev["seat"])
            self.say(self.about("predicted" if hidden else "predicts", ev["seat"], points=ev["points"]))
        elif ev["type"] == "seats_scored":
            parts = ", ".join(
                self.t("seat_scored", who=self.name(s), pred=ev["predictions"][s], got=ev["points"][s],
                       penalty=ev["penalties"][s], total=ev["totals"][s])
                for s in range(4)
            )  # fmt: skip
            self.say(self.t("diff_scored", n=ev["hand"], seats=parts))
        elif ev["type"] == "contract" and "row" in ev and t.tafel is not None:
            row = t.tafel.rows[ev["row"]]
            name = f"misere-{ev['start']}" if ev.get("start") else ev["contract"]
            self.say(self.about("chooses_row", ev["seat"], row=ev["row"] + 1, row_name=self.deck.named(row.contract),
                                m=row.factor, contract=self.deck.named(name)))  # fmt: skip
        elif ev["type"] == "contract" and t.hand is not None and t.called is not None:
            self.say(
                self.about("chooses", ev["seat"], contract=self.deck.named(t.called.full_name), m=t.hand.multiplier)
            )
        elif ev["type"] == "contract":
            multiplier = t.rules.multiplier(int(Contract.parse(ev["contract"])))
            self.say(self.about("chooses", ev["seat"], contract=self.contract(ev["contract"]), m=multiplier))
        elif ev["type"] == "card":
            self.say(self.t("card", who=self.name(ev["seat"]), card=self.card(ev["card"])))
        elif ev["type"] == "weis":  # declared with the first card, shown once it is known who scores
            self._weis.append({"seat": ev["seat"], "cards": ev["cards"], "points": ev["points"]})
        elif ev["type"] == "weis_scored":
            for w in shown_weis(self._weis, ev["team"]):  # the other team's Weis by value only
                if "cards" in w:
                    cards = " ".join(self.card(c) for c in w["cards"])
                    self.say(self.about("weis", w["seat"], points=w["points"], cards=cards))
                else:
                    self.say(self.about("weis_value", w["seat"], points=w["points"]))
            self._weis = []
            self.say(self.t("weis_scored", team=self.team(ev["team"]), points=ev["points"]))
        elif ev["type"] == "stoeck":
            sign = "−" if t.molotow else "+"  # Molotow: Stöck are minus points for their holder
            self.say(self.t("stoeck", who=self.name(ev["seat"]), points=f"{sign}{ev['points']}"))
        elif ev["type"] == "trick":
            self.say(self.about("trick", ev["winner"], n=ev["trick"], points=ev["points"]))

        elif ev["type"] == "berg":
            self.say(self.t("berg", team=self.team(ev["team"])))
        elif ev["type"] == "hand_scored" and "row" in ev:
            team = ev["team"]
            written = ev["written"][team]
            self.say(self.t("row_scored", n=ev["hand"], team=self.team(team), written=written, row=ev["row"] + 1,
                            points=written // ev["factor"], m=ev["factor"], totals=pair(ev["totals"])))  # fmt: skip
        elif ev["type"] == "hand_scored":
            card_points = list(ev["card_points"])
            hand = t.hand
            if ev["complete"] and hand is not None and len(hand.tricks) == 9:  # with the last trick's 5
                card_points[hand.tricks[-1].winner % 2] += 5
            scored = {"cards": pair(card_points), "tricks": pair(ev["tricks"]), "written": pair(ev["written"])}
            self.say(
                self.t("hand_scored", n=ev["hand"], a=self.team(0), b=self.team(1), totals=pair(ev["totals"]), **scored)
            )
            if ev["match_team"] is not None:
                self.say(self.t("kontermatsch" if ev["kontermatsch"] else "match", team=self.team(ev["match_team"])))
        elif ev["type"] == "hand_seed":
            if self.verbose:
                self.say(self.t("seed", n=ev["hand"], seed=ev["seed"]))
        elif ev["type"] == "bedanken_result":
            self.say(self.t("bedanken_right" if ev["right"] else "bedanken_wrong", team=self.team(ev["team"])))
        elif ev["type"] == "game_over":
            winner = self.t("draw") if ev["winner"] is None else self.t("winner", team=self.team(ev["winner"]))
            schneider = self.t("schneider") if ev["schneider"] else ""
            self.say("\n" + self.t("over", winner=winner, totals=pair(ev["totals"]), schneider=schneider))


def play_main(args: Any) -> int:
    lang = getattr(args, "lang", "en")
    seats = [s.strip().lower() for s in args.seats.split(",")]
    if len(seats) != 4 or any(s not in ("human", "ai") for s in seats):
        print(message("term.bad_seats", lang), file=sys.stderr)
        return 2
    game_kind = getattr(args, "game", None)
    settings = list(args.set or [])
    try:
        keys = for_game({"preset": args.preset}, game_kind)  # the game's keys, unless its preset is chosen
    except RuleSetError as err:
        print(message("term.bad_rule", lang, error=err), file=sys.stderr)
        return 2
    keys.pop("preset", None)
    settings = [f"{k}={','.join(v) if isinstance(v, tuple | list) else v}" for k, v in keys.items()] + settings
    try:
        rules = parse_overrides(args.preset, settings)
    except RuleSetError as err:
        print(message("term.bad_rule", lang, error=err), file=sys.stderr)
        return 2
    if args.json and "human" in seats and sys.stdin.isatty():
        print(message("term.json_note", lang), file=sys.stderr)
    style = terminal_style(getattr(args, "plain", False), tty=sys.stdout.isatty())
    game = TerminalGame(seats, rules, args.seed, args.json, level=getattr(args, "level", "club"), lang=lang,
                        deck=getattr(args, "deck", "swiss"), style=style,
                        verbose=getattr(args, "verbose", False))  # fmt: skip
    return game.run()
