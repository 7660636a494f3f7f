"""What the contract choice says about the hidden hands (inference for the ``search`` player).

A player who chose Schellen as trump probably holds the Schellen Puur or Näll; a forehand who
schob probably holds nothing strong.  :func:`choice_weights` scores sampled deals by how well
the choosers' hands in them explain the public choices, with the club player's hand model of
:mod:`.rules_player` (vectorised over deals): a deal in which the declarer's chosen contract
is far below its best contract, or the pushing forehand held a contract worth playing, gets a
small weight.  Weis are left out of the model (the sampled deals already respect declared Weis).
"""

from __future__ import annotations

import numpy as np

from bot.game.view import TableView

from .knowledge import Knowledge
from .rules_player import (
    ACE,
    KING,
    NAELL_RANK,
    OBER,
    PUUR_RANK,
    SCHIEBEN_BELOW,
    TEN,
    contract_model,
)

#: Softness of the inference, in expected (multiplied) points: people do not choose exactly
#: by the model, so a contract this much below the model's best is still thought likely (e^-1).
TEMPERATURE = 40.0


def _has(hands: np.ndarray, suit: int, rank: int) -> np.ndarray:
    return ((hands >> np.uint64(suit * 9 + rank)) & np.uint64(1)).astype(bool)


def _suit_count(hands: np.ndarray, suit: int) -> np.ndarray:
    counts: np.ndarray = np.bitwise_count((hands >> np.uint64(9 * suit)) & np.uint64(0x1FF)).astype(np.int64)
    return counts


def features_batch(hands: np.ndarray, contract: int) -> np.ndarray:
    """:func:`~bot.ai.rules_player.hand_features` of many hands at once: ``(n, F)`` floats."""
    n = hands.shape[0]
    cols: list[np.ndarray] = [np.ones(n)]
    if contract < 4:
        t = contract
        length = _suit_count(hands, t)
        low = np.sum([_has(hands, t, r).astype(np.int64) for r in (0, 1, 2, 4)], axis=0)
        side_aces = side_ak = side_10a = voids = singles = side_k = np.zeros(n, dtype=np.int64)
        for s in range(4):
            if s == t:
                continue
            ace, king, ten = _has(hands, s, ACE), _has(hands, s, KING), _has(hands, s, TEN)
            count = _suit_count(hands, s)
            side_aces = side_aces + ace
            side_ak = side_ak + (ace & king)
            side_10a = side_10a + (ace & ten)
            side_k = side_k + (king & ~ace)
            voids = voids + (count == 0)
            singles = singles + ((count == 1) & ~ace)
        puur, naell = _has(hands, t, PUUR_RANK), _has(hands, t, NAELL_RANK)
        cols += [
            puur,
            naell,
            _has(hands, t, ACE),
            _has(hands, t, KING).astype(np.int64) + _has(hands, t, OBER),
            low,
            np.maximum(0, length - 4),
            side_aces,
            side_ak,
            side_10a,
            voids * (length >= 3),
            singles,
            puur & naell,
            side_k,
        ]
    else:
        order = list(range(8, -1, -1)) if contract == 4 else list(range(9))
        tops = [np.zeros(n, dtype=np.int64) for _ in range(4)]
        behind = second = long_plain = np.zeros(n, dtype=np.int64)
        for s in range(4):
            run = np.zeros(n, dtype=np.int64)
            going = np.ones(n, dtype=bool)
            for r in order:
                going = going & _has(hands, s, r)
                run = run + going
            for i in range(4):
                tops[i] = tops[i] + (run > i)
            count = _suit_count(hands, s)
            behind = behind + np.where(run > 0, count - run, 0)
            second = second + ((run == 0) & _has(hands, s, order[1]))
            long_plain = long_plain + ((run == 0) & (count >= 4))
        cols += [*tops, behind, second, long_plain]
    return np.stack([np.asarray(c, dtype=np.float64) for c in cols], axis=1)


def contract_values_batch(hands: np.ndarray, view: TableView) -> np.ndarray:
    """``(n, 6)`` expected written margins of each contract (like ``contract_values`` without
    Weis; ``-inf`` for contracts the rule set does not allow)."""
    rules = view.rules
    out = np.full((hands.shape[0], 6), -np.inf)
    for k in range(6):
        if k >= 4 and not rules.allow_obe_unde:
            continue
        model = np.array(contract_model(k))
        expected = np.clip(features_batch(hands, k) @ model, 0.0, 257.0)
        stoeck = 0.0
        if k < 4 and rules.stoeck_enabled:
            stoeck = 20.0 * (_has(hands, k, KING) & _has(hands, k, OBER))
        out[:, k] = ((2 * expected - 157) + stoeck) * rules.multiplier(k)
    return out


def choice_weights(worlds: np.ndarray, view: TableView, k: Knowledge) -> np.ndarray:
    """How likely each sampled deal makes the public contract choice (relative weights in (0, 1]);
    ``k`` is ``knowledge_of(view)``."""
    n = worlds.shape[0]
    weights = np.ones(n)
    if view.declarer is None or view.contract is None:
        return weights
    gone = k.played_by
    chooser = view.declarer
    if chooser != view.seat:
        values = contract_values_batch(worlds[:, chooser] | np.uint64(gone[chooser]), view)
        best = values.max(axis=1)
        weights *= np.exp((values[:, view.contract] - best) / TEMPERATURE)
        if not view.geschoben:
            # The forehand kept it: its best contract seemed worth playing.
            weights *= _sigmoid((best - SCHIEBEN_BELOW) / TEMPERATURE)
    if view.geschoben and view.forehand is not None and view.forehand != view.seat:
        pusher = view.forehand
        weights *= schieben_weights(worlds[:, pusher] | np.uint64(gone[pusher]), view)
    return weights


def schieben_weights(hands: np.ndarray, view: TableView) -> np.ndarray:
    """How likely each of the forehand's possible ``hands`` makes it schiebe (in (0, 1))."""
    best = contract_values_batch(hands, view).max(axis=1)
    return _sigmoid((SCHIEBEN_BELOW - best) / TEMPERATURE)


def _sigmoid(x: np.ndarray) -> np.ndarray:
    out: np.ndarray = 1.0 / (1.0 + np.exp(-x))
    return out
