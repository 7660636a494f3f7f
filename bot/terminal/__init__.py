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

from .base import TerminalPart
from .parts import part_for

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
        out: TextIO | None = None,
        ask: Callable[[str], str] = input,
        level: str = "club",
        lang: str = "en",
        deck: str = "swiss",
        style: Style = "colour",
        verbose: bool = False,
    ) -> None:
        self.out, self.json_out = out or sys.stdout, json_out  # stdout when the game starts, not at import
        self._ask = ask
        self.verbose = verbose  # the deals' commitments and seeds (to check a shuffle), else left out
        self.lang = lang if lang in LANGS else "en"
        self.deck = Deck(self.lang, deck if deck in ("swiss", "french") else "swiss", rules.french_map)
        self.style: Style = style
        self.seed = seed
        self.humans = [i for i, kind in enumerate(seats) if kind == "human"]
        self._weis: list[dict[str, Any]] = []  # Weis declared in trick 1, shown once it is known who scores
        self.table, created = Table.create("terminal", HOST, rules)
        self.part: TerminalPart = part_for(rules.game)
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
        self.part.introduce(self)
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
            if view.phase == "play":
                command = self._ask_card(view, actor)
            else:
                command = self.part.ask(self, view, actor)
            try:
                self._apply(command)
                return
            except GameError as err:
                self.say(refusal_text(err, self.lang))

    def extra_options(self, view: TableView) -> str:
        extra = ""
        if view.rules.end_mode == "bedanken" and not view.rules.hands_per_game:
            extra += self.t("opt.bedanken")
        if view.can_preshow_stoeck:
            extra += self.t("opt.preshow")
        return extra

    def special(self, answer: str, actor: str) -> Command | None:
        if answer == "b":
            return Bedanken(actor)
        if answer == "p":
            return AnnounceStoeck(actor)
        return None

    def help(self, answer: str) -> bool:
        if answer in HELP_WORDS:
            self.say(self.t("help"))
            return True
        return False

    def ask_contract(self, view: TableView, actor: str) -> Command:
        """Schieber's contract menu (numbers, names, the extras switched on), or Schieben."""
        self.say("\n" + self.t("your_cards", cards=self.hand_text(view.hand, 0)))
        options: list[Contract | str] = [c for c in Contract if c.is_trump or view.rules.allow_obe_unde]
        options += list(view.extras)
        menu = "  ".join(f"[{i + 1}] {self.option(view, c)}" for i, c in enumerate(options))
        schieben = self.t("opt.schieben") if self.table.may_schieben else ""
        while True:
            prompt = self.t("choose", menu=menu + schieben + self.extra_options(view))
            answer = self.ask(prompt + "\n> ").strip().lower()
            if self.help(answer):
                continue
            if answer in ("s", "schieben") and schieben:
                return Schieben(actor)
            if special := self.special(answer, actor):
                return special
            if answer.isdigit() and 1 <= int(answer) <= len(options):
                return ChooseContract(actor, str(options[int(answer) - 1]))
            if answer in CONTRACT_WORDS:
                chosen = Contract.parse(CONTRACT_WORDS[answer])
                if chosen in options:
                    return ChooseContract(actor, str(chosen))
            self.say(self.t("options_again"))

    def option(self, view: TableView, option: Contract | str) -> str:
        if isinstance(option, Contract):
            return f"{self.contract(int(option))} ×{view.rules.multiplier(int(option))}"
        plan = called(option).schedule
        assert plan is not None
        return f"{self.deck.named(option)} ×{extra_multiplier(plan.extra, view.rules.multipliers)}"

    def hand_text(self, hand: int, legal: int, contract: int | None = None) -> str:
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
        self.say(self.t("playable", cards=self.hand_text(view.hand, view.legal, view.contract)))
        while True:
            answer = self.ask(self.t("play_prompt", n=len(cards), extra=self.extra_options(view)) + "\n> ")
            answer = answer.strip().lower()
            if self.help(answer):
                continue
            if special := self.special(answer, actor):
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

    def _show(self, ev: Mapping[str, Any]) -> None:
        if self.part.show(self, ev):
            return
        t = self.table
        if ev["type"] == "hand_dealt":
            self._weis = []
            forehand = self.name(ev["forehand"])
            if ev["hand"] == 1 and t.kind.forehand_held(t) is not None:
                # whoever dealt, the holder of the Rose 7 leads: naming a dealer would only confuse
                line = self.t("hand_dealt_rose7", n=ev["hand"], forehand=forehand)
            else:
                line = self.t("hand_dealt", n=ev["hand"], dealer=self.name(ev["dealer"]), forehand=forehand)
            if self.verbose:
                line += " " + self.t("commitment", commitment=ev["commitment"][:16])
            self.say("\n" + line)
        elif ev["type"] == "schieben":
            self.say(self.about("shoves", ev["seat"]))
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
            self.say(self.t("stoeck", who=self.name(ev["seat"]), points=f"+{ev['points']}"))
        elif ev["type"] == "trick":
            self.say(self.about("trick", ev["winner"], n=ev["trick"], points=ev["points"]))
        elif ev["type"] == "berg":
            self.say(self.t("berg", team=self.team(ev["team"])))
        elif ev["type"] == "hand_seed":
            if self.verbose:
                self.say(self.t("seed", n=ev["hand"], seed=ev["seed"]))
        elif ev["type"] == "bedanken_result":
            self.say(self.t("bedanken_right" if ev["right"] else "bedanken_wrong", team=self.team(ev["team"])))


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
