"""Contract choice by play-outs (the ``search`` player's): what each contract, and Schieben,
makes on deals of the 27 unseen cards when everyone then plays as the club player.

The club player's linear hand model (:mod:`.rules_player`) knows what hands of a kind make on
average; play-outs of the hand itself see what a linear model cannot (which side suits are
short, whether the Bock cards come back in time).  Schieben is played out too: the partner
chooses from its sampled hand as the club player would.  When the viewer was geschoben, deals
in which the forehand had a contract worth playing count less (:func:`.inference.schieben_weights`).
"""

from __future__ import annotations

# The play-outs themselves live in the bot (the coach values contracts by them).
from bot.ai.contract_playout import SCHIEBEN, contract_margins, contract_samples, unseen_deals

__all__ = ["SCHIEBEN", "contract_margins", "contract_samples", "unseen_deals"]
