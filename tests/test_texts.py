"""Every refusal the engine or the service can give has its sentence, in German and English."""

import pytest

from bot.game import GameError
from bot.game import errors as codes
from bot.i18n import LANGS, MESSAGES, refusal_text
from bot.rules import play

CODES = [v for k, v in vars(codes).items() if k.isupper() and isinstance(v, str)]


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("code", CODES)
def test_every_refusal_has_a_sentence(code, lang):
    facts = {"reason": "must_follow_suit", "scope": "channel", "limit": 3, "table": "abc", "message": "target"}
    text = refusal_text(GameError(code, **facts), lang)
    assert code not in text and "{" not in text, text


def test_every_message_exists_in_both_languages():
    for key, texts in MESSAGES.items():
        assert set(texts) == set(LANGS), key
        assert all(t.strip() for t in texts.values()), key


def test_every_reason_of_an_illegal_card_has_a_sentence():
    reasons = {v for k, v in vars(play).items() if k.isupper() and isinstance(v, str)}
    assert {"must_follow_suit", "no_undertrump"} <= reasons
    for reason in reasons:
        assert set(MESSAGES[f"reason.{reason}"]) == set(LANGS), reason
