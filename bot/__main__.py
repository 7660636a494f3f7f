"""Command line: ``python -m bot play`` (a game in the terminal)."""

from __future__ import annotations

import argparse
import sys


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="python -m bot", description="Schieber Jass bot")
    sub = parser.add_subparsers(dest="command")
    play = sub.add_parser("play", help="play a game in the terminal against computer players")
    play.add_argument("--seats", default="human,ai,ai,ai", help="four of human/ai in playing order")
    play.add_argument("--seed", type=int, default=None, help="make the deals and computer players reproducible")
    play.add_argument("--preset", default="standard", help="rule preset (standard, swisslos, single-1000, "
                                                           "ascending, tournament, app)")
    play.add_argument("--set", action="append", metavar="KEY=VALUE", help="override a rule key (repeatable)")
    play.add_argument("--json", action="store_true", help="print the hand-history export (JSON lines)")
    return parser


def main(argv: list[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    if args.command == "play":
        from bot.terminal import play_main

        return play_main(args)
    build_parser().print_help()
    return 0


if __name__ == "__main__":
    sys.exit(main())
