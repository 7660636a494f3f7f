"""A game of Schieber in the terminal: ``python -m bot play``.

Drives the table engine directly (no database): your hand with the legal cards marked,
contract and Schieben, Weis and Stöck, every trick, hand summaries and the totals.
``--json`` prints the hand-history export of the game instead (JSON lines).
"""

from __future__ import annotations

import secrets
import sys
from collections.abc import Callable
from typing import Any, TextIO

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
from bot.game.export import history_jsonl
from bot.i18n import refusal_text
from bot.rules import Card, Contract, RuleSet, RuleSetError
from bot.rules.cards import cards_of

SUIT_NAMES = ("Eichel", "Rose", "Schelle", "Schilte")
HOST = "u:terminal"
LANG = "en"  # the terminal's language for refusals (the catalogue's sentences)

#: Words a player may type for a contract (besides its number in the menu).
CONTRACT_WORDS = {
    "eichel": "eichel",
    "acorns": "eichel",
    "rose": "rose",
    "rosen": "rose",
    "roses": "rose",
    "schelle": "schelle",
    "schellen": "schelle",
    "bells": "schelle",
    "schilte": "schilte",
    "schilten": "schilte",
    "shields": "schilte",
    "obenabe": "obenabe",
    "oben": "obenabe",
    "top-down": "obenabe",
    "undenufe": "undenufe",
    "unde": "undenufe",
    "bottom-up": "undenufe",
}

HELP = """\
How to play:
  Contract: type the number or the name (e.g. 2 or rose, oben, unde); s shoves (Schieben).
  Cards: type the number in front of a card; * marks the cards you may play.
  b claims the win (Bedanken, where the table plays it); p pre-shows Stöck when it wins the game.
  ? or help shows this; Ctrl-C or Ctrl-D leaves the game.
Seats are numbered 1 to 4 in playing order; partners sit opposite (1 & 3 against 2 & 4)."""


def card_name(card: int | str) -> str:
    c = Card.parse(card) if isinstance(card, str) else Card.from_index(card)
    return f"{SUIT_NAMES[c.suit]} {c.rank.symbol}"


def contract_name(contract: int | str) -> str:
    c = Contract.parse(contract) if isinstance(contract, str) else Contract(contract)
    return str(c).capitalize()


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
    ) -> None:
        self.out, self.ask, self.json_out = out, ask, json_out
        self.seed = seed
        self.humans = [i for i, kind in enumerate(seats) if kind == "human"]
        self._weis: list[str] = []  # Weis declared in trick 1, shown once it is complete
        self.table, self.events = Table.create("terminal", HOST, rules)
        for seat, kind in enumerate(seats):
            if kind == "human":
                name = "You" if len(self.humans) == 1 else f"Player {seat + 1}"
                self._apply(JoinSeat(f"u:{seat}", name=name, seat=seat))
            else:
                self._apply(AddComputer(HOST, seat=seat, level=level))
        self.hand_count = 0

    def _seed(self) -> str:
        self.hand_count += 1
        if self.seed is None:
            return secrets.token_hex(16)
        return f"{self.seed}:{self.hand_count}"

    def _apply(self, command: Command) -> list[dict[str, Any]]:
        events = self.table.apply(command)
        self.events += events
        if not self.json_out:
            for ev in events:
                self._show(ev)
        return events

    def say(self, text: str = "") -> None:
        if not self.json_out:
            print(text, file=self.out)

    def name(self, seat: int) -> str:
        """A seat's player with its number, 1 to 4 (``You (seat 1)``)."""
        return f"{self.table.seats[seat].name} (seat {seat + 1})"

    def is_you(self, seat: int) -> bool:
        return len(self.humans) == 1 and seat in self.humans

    def who(self, seat: int, verb: str, verb_you: str) -> str:
        """``You choose`` / ``Computer 2 (seat 2) chooses``."""
        return f"You {verb_you}" if self.is_you(seat) else f"{self.name(seat)} {verb}"

    def team(self, team: int) -> str:
        """A team by its two players, e.g. ``You & Computer 3``."""
        return " & ".join(self.table.seats[s].name for s in (team, team + 2))

    def introduce(self) -> None:
        """Who sits where, and who plays with whom."""
        for seat in range(4):
            self.say(f"  Seat {seat + 1}: {self.table.seats[seat].name}")
        if len(self.humans) == 1:
            me = self.humans[0]
            partner = (me + 2) % 4
            opponents = " and ".join(self.table.seats[s].name for s in ((me + 1) % 4, (me + 3) % 4))
            self.say(f"Your partner is {self.name(partner)}; you play against {opponents}.")
        else:
            self.say(f"Teams: {self.team(0)} against {self.team(1)}.")
        self.say("Type ? for help.")

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
            self.say("\nInput closed: game left unfinished.")
            return 1
        except KeyboardInterrupt:
            self.say("\nGame left.")
            return 130
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
            command = self._ask_contract(view, actor) if view.phase == "contract" else self._ask_card(view, actor)
            try:
                self._apply(command)
                return
            except GameError as err:
                self.say(refusal_text(err, LANG))

    def _extra_options(self, view: TableView) -> str:
        extra = ""
        if view.rules.end_mode == "bedanken" and not view.rules.hands_per_game:
            extra += "  [b] Bedanken (claim the win)"
        if view.can_preshow_stoeck:
            extra += "  [p] pre-show Stöck"
        return extra

    def _special(self, answer: str, actor: str) -> Command | None:
        if answer == "b":
            return Bedanken(actor)
        if answer == "p":
            return AnnounceStoeck(actor)
        return None

    def _help(self, answer: str) -> bool:
        if answer in ("?", "h", "help", "hilfe"):
            self.say(HELP)
            return True
        return False

    def _ask_contract(self, view: TableView, actor: str) -> Command:
        self.say(f"\nYour cards: {self._hand_text(view.hand, 0)}")
        options = [c for c in Contract if c.is_trump or view.rules.allow_obe_unde]
        menu = "  ".join(
            f"[{i + 1}] {contract_name(c)} ×{view.rules.multiplier(int(c))}" for i, c in enumerate(options)
        )
        schieben = "  [s] Schieben" if self.table.may_schieben else ""
        while True:
            answer = self.ask(f"Choose the contract: {menu}{schieben}{self._extra_options(view)}\n> ").strip().lower()
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
            self.say("Please type one of the options (? for help).")

    def _hand_text(self, hand: int, legal: int) -> str:
        parts = []
        for i, c in enumerate(cards_of(hand)):
            mark = "*" if legal >> c & 1 else " "
            parts.append(f"[{i + 1}]{mark}{card_name(c)}")
        return "  ".join(parts)

    def _ask_card(self, view: TableView, actor: str) -> Command:
        cards = cards_of(view.hand)
        table_now = ", ".join(f"{self.name(s)}: {card_name(c)}" for s, c in view.trick) or "(you lead)"
        self.say(f"\nTrick {len(view.tricks) + 1} — {contract_name(view.contract or 0)} — on the table: {table_now}")
        self.say(f"Your cards (* = playable): {self._hand_text(view.hand, view.legal)}")
        while True:
            answer = self.ask(f"Play a card [1-{len(cards)}]{self._extra_options(view)}\n> ").strip().lower()
            if self._help(answer):
                continue
            if special := self._special(answer, actor):
                return special
            if answer.isdigit() and 1 <= int(answer) <= len(cards):
                card = cards[int(answer) - 1]
                break
            self.say("Please type the number of a card (? for help).")
        weis = None
        if view.weis_options:
            chosen = []
            for w in view.weis_options:
                text = " ".join(card_name(c.index) for c in w.cards)
                if self.ask(f"Declare Weis {text} ({w.points})? [Y/n] ").strip().lower() != "n":
                    chosen.append(tuple(str(c) for c in w.cards))
            weis = tuple(chosen)
        stoeck = False
        hand = self.table.hand
        if not view.rules.stoeck_auto and hand is not None and hand.stoeck_due(int(view.seat or 0), card):
            stoeck = self.ask("Announce Stöck? [Y/n] ").strip().lower() != "n"
        return PlayCard(actor, str(Card.from_index(card)), weis=weis, stoeck=stoeck)

    # -- what happened ------------------------------------------------------------

    def _show(self, ev: dict[str, Any]) -> None:
        kind = ev["type"]
        t = self.table
        if kind == "game_started":
            self.say(f"=== Game {ev['game']}: Schieber to {t.rules.target} ({t.rules.multiplier_profile}) ===")
        elif kind == "hand_dealt":
            self._weis = []
            self.say(
                f"\n--- Hand {ev['hand']}: dealer {self.name(ev['dealer'])}, "
                f"forehand {self.name(ev['forehand'])} — commitment {ev['commitment'][:16]}… ---"
            )
        elif kind == "schieben":
            self.say(f"{self.who(ev['seat'], 'shoves', 'shove')} (Schieben).")
        elif kind == "contract":
            multiplier = t.rules.multiplier(int(Contract.parse(ev["contract"])))
            self.say(f"{self.who(ev['seat'], 'chooses', 'choose')} {contract_name(ev['contract'])} (×{multiplier}).")
        elif kind == "card":
            self.say(f"  {self.name(ev['seat'])}: {card_name(ev['card'])}")
        elif kind == "weis":  # declared with the first card, shown when trick 1 is complete
            cards = " ".join(card_name(c) for c in ev["cards"])
            self._weis.append(f"  {self.who(ev['seat'], 'shows', 'show')} Weis {ev['points']}: {cards}")
        elif kind == "weis_scored":
            self.say(f"  Weis: {self.team(ev['team'])} write {ev['points']}.")
        elif kind == "stoeck":
            self.say(f"  {self.name(ev['seat'])}: Stöck! (+{ev['points']})")
        elif kind == "trick":
            self.say(f"  → {self.who(ev['winner'], 'takes', 'take')} trick {ev['trick']} ({ev['points']} points)")
            if ev["trick"] == 1:
                for line in self._weis:
                    self.say(line)
                self._weis = []
        elif kind == "berg":
            self.say(f"{self.team(ev['team'])} win the Berg!")
        elif kind == "hand_scored":
            card_points = list(ev["card_points"])
            hand = t.hand
            if ev["complete"] and hand is not None and len(hand.tricks) == 9:  # with the last trick's 5
                card_points[hand.tricks[-1].winner % 2] += 5
            self.say(
                f"Hand {ev['hand']} over ({self.team(0)} : {self.team(1)}): card points {pair(card_points)}, "
                f"tricks {pair(ev['tricks'])}; written {pair(ev['written'])} → totals {pair(ev['totals'])}"
            )
            if ev["match_team"] is not None:
                self.say(f"{'Kontermatsch' if ev['kontermatsch'] else 'Match'} for {self.team(ev['match_team'])}!")
        elif kind == "hand_seed":
            self.say(f"(seed of hand {ev['hand']}: {ev['seed']})")
        elif kind == "bedanken_result":
            self.say(f"{self.team(ev['team'])} claim the win (Bedanken) — {'right' if ev['right'] else 'wrong'}!")
        elif kind == "game_over":
            winner = "nobody wins (a draw)" if ev["winner"] is None else f"{self.team(ev['winner'])} win"
            self.say(f"\n=== Game over: {winner}, {pair(ev['totals'])}{' — Schneider!' if ev['schneider'] else ''} ===")


def play_main(args: Any) -> int:
    seats = [s.strip().lower() for s in args.seats.split(",")]
    if len(seats) != 4 or any(s not in ("human", "ai") for s in seats):
        print("--seats takes four of 'human' or 'ai', e.g. human,ai,ai,ai", file=sys.stderr)
        return 2
    try:
        rules = parse_overrides(args.preset, args.set or [])
    except RuleSetError as err:
        print(f"Bad rule setting: {err}", file=sys.stderr)
        return 2
    if args.json and "human" in seats and sys.stdin.isatty():
        print("Note: --json prints the history when the game ends.", file=sys.stderr)
    game = TerminalGame(seats, rules, args.seed, args.json, level=getattr(args, "level", "club"))
    return game.run()
