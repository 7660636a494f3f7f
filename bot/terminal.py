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
from bot.rules import Card, Contract, RuleSet, RuleSetError
from bot.rules.cards import cards_of

SUIT_NAMES = ("Eichel", "Rose", "Schelle", "Schilte")
HOST = "u:terminal"


def card_name(card: int | str) -> str:
    c = Card.parse(card) if isinstance(card, str) else Card.from_index(card)
    return f"{SUIT_NAMES[c.suit]} {c.rank.symbol}"


def contract_name(contract: int | str) -> str:
    c = Contract.parse(contract) if isinstance(contract, str) else Contract(contract)
    return str(c).capitalize()


def parse_overrides(preset: str, settings: list[str]) -> RuleSet:
    data: dict[str, Any] = {"preset": preset}
    for item in settings:
        key, sep, value = item.partition("=")
        if not sep:
            raise RuleSetError(item, "expected key=value")
        data[key.strip()] = value.strip()
    return RuleSet.from_dict(data)


class TerminalGame:
    def __init__(self, seats: list[str], rules: RuleSet, seed: int | None, json_out: bool,
                 out: TextIO = sys.stdout, ask: Callable[[str], str] = input, level: str = "club") -> None:
        self.out, self.ask, self.json_out = out, ask, json_out
        self.seed = seed
        self.humans = [i for i, kind in enumerate(seats) if kind == "human"]
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
        return f"{self.table.seats[seat].name} (P{seat})"

    # -- the game loop ------------------------------------------------------------

    def run(self) -> int:
        self._apply(StartGame(HOST, seed=self._seed()))
        try:
            while self.table.phase not in (Phase.GAME_OVER, Phase.ABANDONED):
                if self.table.phase == Phase.HAND_OVER:
                    self._apply(NextHand(SYSTEM, seed=self._seed()))
                    continue
                seat = self.table.to_act
                if seat in self.humans:
                    self._human_turn(seat)
                else:
                    self._computer_turn(seat)
        except EOFError:
            self.say("\nInput closed: game left unfinished.")
            return 1
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
                self.say(f"Not possible: {err.code} {err.facts or ''}")

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

    def _ask_contract(self, view: TableView, actor: str) -> Command:
        self.say(f"\nYour cards: {self._hand_text(view.hand, 0)}")
        options = [c for c in Contract if c.is_trump or view.rules.allow_obe_unde]
        menu = "  ".join(f"[{i + 1}] {contract_name(c)}" for i, c in enumerate(options))
        schieben = "  [s] Schieben" if self.table.may_schieben else ""
        while True:
            answer = self.ask(f"Choose the contract: {menu}{schieben}{self._extra_options(view)}\n> ").strip().lower()
            if answer == "s" and schieben:
                return Schieben(actor)
            if special := self._special(answer, actor):
                return special
            if answer.isdigit() and 1 <= int(answer) <= len(options):
                return ChooseContract(actor, str(options[int(answer) - 1]))
            self.say("Please type one of the options.")

    def _hand_text(self, hand: int, legal: int) -> str:
        parts = []
        for i, c in enumerate(cards_of(hand)):
            mark = "*" if legal >> c & 1 else " "
            parts.append(f"[{i + 1}]{mark}{card_name(c)}")
        return "  ".join(parts)

    def _ask_card(self, view: TableView, actor: str) -> Command:
        cards = cards_of(view.hand)
        table_now = ", ".join(f"{self.name(s)}: {card_name(c)}" for s, c in view.trick) or "(you lead)"
        self.say(f"\nTrick {len(view.tricks) + 1} — {contract_name(view.contract)} — on the table: {table_now}")
        self.say(f"Your cards (* = playable): {self._hand_text(view.hand, view.legal)}")
        while True:
            answer = self.ask(f"Play a card [1-{len(cards)}]{self._extra_options(view)}\n> ").strip().lower()
            if special := self._special(answer, actor):
                return special
            if answer.isdigit() and 1 <= int(answer) <= len(cards):
                card = cards[int(answer) - 1]
                break
            self.say("Please type the number of a card.")
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
        if not view.rules.stoeck_auto and hand is not None and hand.stoeck_due(view.seat, card):
            stoeck = self.ask("Announce Stöck? [Y/n] ").strip().lower() != "n"
        return PlayCard(actor, str(Card.from_index(card)), weis=weis, stoeck=stoeck)

    # -- what happened ------------------------------------------------------------

    def _show(self, ev: dict[str, Any]) -> None:
        kind = ev["type"]
        t = self.table
        if kind == "game_started":
            self.say(f"=== Game {ev['game']}: Schieber to {t.rules.target} ({t.rules.multiplier_profile}) ===")
        elif kind == "hand_dealt":
            self.say(f"\n--- Hand {ev['hand']}: dealer {self.name(ev['dealer'])}, "
                     f"forehand {self.name(ev['forehand'])} — commitment {ev['commitment'][:16]}… ---")
        elif kind == "schieben":
            self.say(f"{self.name(ev['seat'])} schiebt.")
        elif kind == "contract":
            self.say(f"{self.name(ev['seat'])} chooses {contract_name(ev['contract'])} "
                     f"(×{t.rules.multiplier(Contract.parse(ev['contract']))}).")
        elif kind == "card":
            self.say(f"  {self.name(ev['seat'])}: {card_name(ev['card'])}")
        elif kind == "weis":
            cards = " ".join(card_name(c) for c in ev["cards"])
            self.say(f"  {self.name(ev['seat'])} weist {ev['points']}: {cards}")
        elif kind == "weis_scored":
            self.say(f"  Weis: team {ev['team']} writes {ev['points']}.")
        elif kind == "stoeck":
            self.say(f"  {self.name(ev['seat'])}: Stöck! (+{ev['points']})")
        elif kind == "trick":
            self.say(f"  → {self.name(ev['winner'])} takes trick {ev['trick']} ({ev['points']} points)")
        elif kind == "berg":
            self.say(f"Team {ev['team']} wins the Berg!")
        elif kind == "hand_scored":
            self.say(f"Hand {ev['hand']} over: card points {ev['card_points']}, tricks {ev['tricks']}; "
                     f"written {ev['written']} → totals team 0 (P0/P2) {ev['totals'][0]}, "
                     f"team 1 (P1/P3) {ev['totals'][1]}")
            if ev["match_team"] is not None:
                self.say(f"{'Kontermatsch' if ev['kontermatsch'] else 'Match'} for team {ev['match_team']}!")
        elif kind == "hand_seed":
            self.say(f"(seed of hand {ev['hand']}: {ev['seed']})")
        elif kind == "bedanken_result":
            self.say(f"Team {ev['team']} bedankt sich — {'right' if ev['right'] else 'wrong'}!")
        elif kind == "game_over":
            winner = "nobody (a draw)" if ev["winner"] is None else f"team {ev['winner']}"
            self.say(f"\n=== Game over: {winner} wins, {ev['totals'][0]} : {ev['totals'][1]}"
                     f"{' — Schneider!' if ev['schneider'] else ''} ===")


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
