"""What a table message says (issue 39, items 17 and 22): a table named by its host or its
tournament, the number of hands of a short game, the winners' total first, no new game at a
tournament's table."""

from __future__ import annotations

from bot.game import JoinSeat
from bot.game.table import Table
from cogs.presenter import possessive, table_buttons, table_embed, table_title
from tests.game.helpers import new_table, play_to_end


def test_a_table_is_named_by_its_host_or_its_tournament():
    table, _ = Table.create("12ada4f6590b58a0", "u:7", {"target": 2500})
    table.apply(JoinSeat("u:7", name="Anna", seat=0))
    assert table_title(table, "de") == "Annas Tisch · Schieber auf 2500"
    assert table_title(table, "en") == "Anna's table · Schieber to 2500"
    assert possessive("Hans", "de") == "Hans'" and possessive("Fritz", "de") == "Fritz'"
    short, _ = Table.create("t2", "u:1", {"preset": "tournament", "hands_per_game": 1})
    title = table_title(short, "de", label="Herbst · Passe 1 · Tisch 2")
    assert title == "Herbst · Passe 1 · Tisch 2 · Schieber, 1 Runde" and "auf 1000" not in title
    assert table_title(Table.create("t3", "u:1", {"preset": "tournament", "hands_per_game": 2})[0], "de",
                       label="x").endswith("2 Runden")  # fmt: skip


def test_the_end_names_the_winners_with_their_total_first_and_a_tournament_table_offers_no_new_game():
    for seed in ("a", "b", "c", "d"):
        table, _ = new_table({"target": 1000}, seed=seed)
        play_to_end(table, seed)
        view = table.view_for(None)
        if view.winner == 1:
            break
    assert view.winner == 1, "a game won by the second team"
    won, lost = view.totals[1], view.totals[0]
    text = table_embed(view, "de").description
    assert f"gewinnen {won} : {lost}" in text and "Partie vorbei" in text
    assert table_buttons(view, "de") and table_buttons(view, "de", new_game=False) == []


def test_a_hand_summary_says_how_the_score_came_about():
    """Issue 39, item 19: "→ schreiben 510" alone hid 150 card points + Weis 20 ... × 3."""
    from cogs.presenter import summary_line

    table, _ = new_table({"target": 2500})
    view = table.view_for(None)
    ev = {"type": "hand_scored", "hand": 3, "multiplier": 3, "written": [861, 30], "tricks": [7, 2],
          "kontermatsch": False, "parts": [[147, 0, 120, 20], [10, 0, 0, 0]]}  # fmt: skip
    line = summary_line(view, ev, 0, "de")
    assert "(7 Stiche): 147 Kartenpunkte + Weis 120 + Stöck 20 = 287 × 3 → schreiben **861**" in line
    assert summary_line(view, ev, 1, "de").endswith("10 Kartenpunkte = 10 × 3 → schreiben **30**")
    match = {**ev, "multiplier": 1, "written": [257, 0], "tricks": [9, 0], "parts": [[157, 100, 0, 0], [0, 0, 0, 0]]}
    assert "157 Kartenpunkte + Match 100 = 257" in summary_line(view, match, 0, "de")


def test_the_trump_under_and_nine_are_the_puur_and_the_naell():
    from bot.texts.cards import Deck

    deck = Deck("de")
    rose = 1
    assert deck.card(rose * 9 + 5, rose) == "Rose Puur" and deck.card(rose * 9 + 3, rose) == "Rose Näll"
    assert deck.card(rose * 9 + 5, 0) == "Rose Under" and deck.card(rose * 9 + 5) == "Rose Under"
    assert deck.card(rose * 9 + 5, 4) == "Rose Under"  # Obenabe: no trump


def test_the_view_carries_the_rule_facts_the_presenter_shows():
    """Issue 40, item 2 (a start): the contracts a chooser may name, whether Bedanken is possible
    and what the last trick took come from the rules through the view, not from the presenter."""
    from bot.game import Phase
    from tests.game.helpers import auto_step

    table, _ = new_table({"allow_obe_unde": False, "end_mode": "bedanken"})
    view = table.view_for(None)
    assert view.phase == "contract" and view.contracts == (0, 1, 2, 3) and view.may_bedanken
    assert new_table({})[0].view_for(None).contracts == (0, 1, 2, 3, 4, 5)
    assert not new_table({})[0].view_for(None).may_bedanken
    while table.phase != Phase.HAND_OVER and table.phase != Phase.GAME_OVER:
        auto_step(table)
    view = table.view_for(None)
    assert len(view.tricks) == 9  # Bedanken ends no game by itself: the hand is played out
    last = view.tricks[-1]
    assert last.taken(9) == last.points + 5 and view.tricks[0].taken(1) == view.tricks[0].points
