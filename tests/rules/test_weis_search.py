"""Without Kreuzweis the best card-disjoint Weis are chosen by a search that grows with the
quartet combinations, not with every subset of candidates (issue 39, item 4). Checked against
the plain search over every subset on hands small enough for it, and on whole decks."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from bot.rules import RuleSet, find_weis
from bot.rules.weis import _quartets, _runs, sequence, strength

RULES = [
    RuleSet().with_changes(kreuzweis=False, weis_sequences=s, low_quartets=q)
    for s in ("big", "small", "plus20")
    for q in ("always", "never")
]


def every_subset(hand: int, contract: int, rules: RuleSet) -> tuple:
    """The old search: every card-disjoint subset of every candidate (exponential)."""
    candidates = [
        sequence(suit, start, n, rules)
        for suit in range(4)
        for low, length in _runs(hand >> (9 * suit) & 0x1FF)
        for n in range(3, length + 1)
        for start in range(low, low + length - n + 1)
    ] + _quartets(hand, contract, rules)
    best: tuple = (0,)

    def walk(i: int, used: int, chosen: list) -> None:
        nonlocal best
        if i == len(candidates):
            if chosen:
                top = max(strength(w, contract, rules) for w in chosen)
                best = max(best, (sum(w.points for w in chosen), top, -len(chosen)))
            return
        if not candidates[i].mask & used:
            walk(i + 1, used | candidates[i].mask, [*chosen, candidates[i]])
        walk(i + 1, used, chosen)

    walk(0, 0, [])
    return best


def key(weis: list, contract: int, rules: RuleSet) -> tuple:
    if not weis:
        return (0,)
    return (sum(w.points for w in weis), max(strength(w, contract, rules) for w in weis), -len(weis))


@settings(max_examples=300, deadline=None)
@given(
    cards=st.sets(st.integers(0, 35), min_size=3, max_size=13),
    contract=st.integers(0, 5),
    rules=st.sampled_from(RULES),
)
def test_the_search_finds_what_trying_every_subset_finds(cards, contract, rules):
    hand = sum(1 << c for c in cards)
    found = find_weis(hand, contract, rules)
    used = 0
    for w in found:
        assert not w.mask & used and w.mask & hand == w.mask  # disjoint, from the hand
        used |= w.mask
    assert key(found, contract, rules) == every_subset(hand, contract, rules)


def test_a_whole_deck_is_searched_at_once():
    rules = RULES[0]
    found = find_weis((1 << 36) - 1, 0, rules)
    # every card once: four 9-card sequences (300 each) beat any use of quartets
    assert sum(w.points for w in found) == 4 * 300
