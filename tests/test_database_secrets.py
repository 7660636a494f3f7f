"""The database setting never shows a password, however it is written (issue 52, item 19)."""

from __future__ import annotations

import string

from hypothesis import given, settings
from hypothesis import strategies as st

from bot.config import ConfigError, load_settings
from bot.storage.urls import problem, redacted

# Passwords of any printable character a URL or a keyword string can carry; a marker makes them unmistakable.
URL_PASSWORD = st.text(string.ascii_letters + string.digits + "/#?@:!$%^*()[]{}-_.~+,;=", min_size=4, max_size=20)
QUERY_PASSWORD = st.text(string.ascii_letters + string.digits + "/#?@:!$%^*()[]{}-_.~+,;", min_size=4, max_size=20)

URL_FORMS = (
    "postgresql://jass:{pw}@db.example/jass",
    "postgresql:/jass:{pw}@db.example/jass",
    "postgresql:jass:{pw}@db.example/jass",
    "POSTGRES:/jass:{pw}@db/jass",
    "postgres://jass:{pw}@db:5432/jass",
    "postgresql://jass:{pw}@db:notaport/jass",
    "jass:{pw}@db/jass",
    "sqlite:/jass:{pw}@x",
)
QUERY_FORMS = (
    "postgresql://jass@db/jass?password={pw}",
    "postgresql://db/jass?sslmode=require&password={pw}&user=jass",
    "postgres:///jass?password={pw}",
    "host=db dbname=jass password={pw}",
)


def shown(value: str) -> str:
    """Everything the bot says about the setting: check-config's lines or its problems, and the redacted value."""
    try:
        text = "\n".join(load_settings(env={"JASS_DATABASE": value}).describe())
    except ConfigError as err:
        text = str(err)
    return "\n".join([text, redacted(value), problem(value) or ""])


@settings(max_examples=60, deadline=None)
@given(pw=URL_PASSWORD, form=st.sampled_from(URL_FORMS))
def test_a_password_in_a_url_is_never_shown(pw, form):
    secret = "Zq" + pw + "Zq"
    assert secret not in shown(form.format(pw=secret))


@settings(max_examples=60, deadline=None)
@given(pw=QUERY_PASSWORD, form=st.sampled_from(QUERY_FORMS))
def test_a_password_in_a_query_or_keyword_string_is_never_shown(pw, form):
    secret = "Zq" + pw + "Zq"
    assert secret not in shown(form.format(pw=secret))


def test_one_slash_is_refused_with_the_right_form():
    assert "postgresql://" in problem("postgresql:/host/db")
    assert problem("postgresql://host/db") is None
    assert problem("data/jass.sqlite3") is None
