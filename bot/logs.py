"""Logging set-up.  The bot token is redacted from every record, whatever logs it."""

from __future__ import annotations

import logging
from pathlib import Path

REDACTED = "[token redacted]"


class RedactFilter(logging.Filter):
    """Replaces a secret in a record's message and arguments before any handler sees it."""

    def __init__(self, secret: str | None) -> None:
        super().__init__()
        self.secret = secret

    def filter(self, record: logging.LogRecord) -> bool:
        if self.secret:
            message = record.getMessage()
            if self.secret in message:
                record.msg = message.replace(self.secret, REDACTED)
                record.args = ()
        return True


def setup_logging(level: str = "INFO", file: Path | None = None, token: str | None = None) -> None:
    """Log to stderr (and ``file``); the token never reaches a handler."""
    handlers: list[logging.Handler] = [logging.StreamHandler()]
    if file is not None:
        file.parent.mkdir(parents=True, exist_ok=True)
        handlers.append(logging.FileHandler(file, encoding="utf-8"))
    redact = RedactFilter(token)
    formatter = logging.Formatter("%(asctime)s %(levelname)-7s %(name)s: %(message)s")
    for handler in handlers:
        handler.addFilter(redact)
        handler.setFormatter(formatter)
    root = logging.getLogger()
    for old in list(root.handlers):
        root.removeHandler(old)
    for handler in handlers:
        root.addHandler(handler)
    root.setLevel(level)
