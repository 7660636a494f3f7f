"""Logging set-up.  The bot token is redacted from every record, whatever logs it.

Redaction happens on the finished text of a record (message, arguments, exception and
stack traces alike), so a token inside an exception's message or a traceback's local
values never reaches a handler's output.
"""

from __future__ import annotations

import json
import logging
import logging.handlers
from pathlib import Path
from typing import Any

REDACTED = "[token redacted]"
FORMAT = "%(asctime)s %(levelname)-7s %(name)s: %(message)s"
#: ``log.file`` rotates at this size, keeping this many old files (jass.log.1 … .5).
ROTATE_BYTES, ROTATE_KEEP = 10 * 1024 * 1024, 5


def redact(text: str, secret: str | None) -> str:
    """``text`` with every occurrence of ``secret`` replaced."""
    return text.replace(secret, REDACTED) if secret else text


class RedactingFormatter(logging.Formatter):
    """Formats a record, then removes the secret from everything it wrote."""

    def __init__(self, secret: str | None, fmt: str = FORMAT) -> None:
        super().__init__(fmt)
        self.secret = secret

    def format(self, record: logging.LogRecord) -> str:
        return redact(super().format(record), self.secret)

    def formatException(self, ei: Any) -> str:
        # Also cached on the record as ``exc_text``: keep the cached copy clean for other handlers.
        return redact(super().formatException(ei), self.secret)

    def formatStack(self, stack_info: str) -> str:
        return redact(super().formatStack(stack_info), self.secret)


class JsonFormatter(RedactingFormatter):
    """One JSON object a line (``log.format: json``): time, level, logger, message, and the exception's
    traceback where there is one; the secret removed from all of it.

    >>> record = logging.LogRecord("bot", logging.INFO, "x.py", 1, "hello %s", ("s3cret",), None)
    >>> line = json.loads(JsonFormatter("s3cret").format(record))
    >>> line["level"], line["logger"], line["message"]
    ('INFO', 'bot', 'hello [token redacted]')
    """

    def format(self, record: logging.LogRecord) -> str:
        out = {"time": self.formatTime(record), "level": record.levelname, "logger": record.name,
               "message": redact(record.getMessage(), self.secret)}  # fmt: skip
        if record.exc_info:
            out["exception"] = self.formatException(record.exc_info)
        elif record.exc_text:
            out["exception"] = redact(record.exc_text, self.secret)
        return json.dumps(out, ensure_ascii=False)


class RedactFilter(logging.Filter):
    """Replaces a secret in a record's message, arguments and exception text before any handler sees it."""

    def __init__(self, secret: str | None) -> None:
        super().__init__()
        self.secret = secret

    def filter(self, record: logging.LogRecord) -> bool:
        if self.secret:
            try:
                message = record.getMessage()
            except Exception:  # a record whose arguments do not fit its message: leave it to the formatter
                return True
            if self.secret in message:
                record.msg = redact(message, self.secret)
                record.args = ()
            if record.exc_text:
                record.exc_text = redact(record.exc_text, self.secret)
        return True


def setup_logging(level: str = "INFO", file: Path | None = None, token: str | None = None, fmt: str = "text"
                  ) -> None:  # fmt: skip
    """Log to stderr (and ``file``, rotated at :data:`ROTATE_BYTES`), as text or (``fmt="json"``) one
    JSON object a line; the token never reaches a handler's output.

    Raises ``OSError`` when ``file`` cannot be opened (the caller says so in one line).
    """
    handlers: list[logging.Handler] = [logging.StreamHandler()]
    if file is not None:
        file.parent.mkdir(parents=True, exist_ok=True)
        handlers.append(logging.handlers.RotatingFileHandler(file, maxBytes=ROTATE_BYTES, backupCount=ROTATE_KEEP,
                                                             encoding="utf-8"))  # fmt: skip
    for handler in handlers:
        handler.addFilter(RedactFilter(token))
        handler.setFormatter(JsonFormatter(token) if fmt == "json" else RedactingFormatter(token))
    root = logging.getLogger()
    for old in list(root.handlers):
        root.removeHandler(old)
    for handler in handlers:
        root.addHandler(handler)
    root.setLevel(level)
