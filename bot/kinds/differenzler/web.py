"""Differenzler on the public pages: each seat's pad line with its prediction."""

from bot.web.kinds.individual import IndividualPart

PART = IndividualPart(predictions=True)
