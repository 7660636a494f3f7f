"""The token never reaches a log line: messages, arguments, exceptions and tracebacks."""

import logging

from bot.logs import REDACTED, RedactingFormatter, setup_logging

TOKEN = "MTAw.secret-token.value"


def test_token_is_redacted_in_messages_and_exceptions(tmp_path):
    log_file = tmp_path / "logs" / "bot.log"
    setup_logging("INFO", log_file, token=TOKEN)
    log = logging.getLogger("test.redact")
    log.info("connecting with %s", TOKEN)
    try:
        raise RuntimeError(f"Improper token has been passed: {TOKEN}")
    except RuntimeError:
        log.exception("login failed")
    try:
        try:
            raise ValueError(TOKEN)
        except ValueError as inner:
            raise KeyError("outer") from inner
    except KeyError:
        log.error("chained", exc_info=True, stack_info=True)
    for handler in logging.getLogger().handlers:
        handler.flush()
    text = log_file.read_text()
    assert TOKEN not in text
    assert text.count(REDACTED) >= 3 and "Traceback" in text and "RuntimeError" in text
    logging.getLogger().handlers.clear()


def test_a_cached_exception_text_from_another_formatter_is_redacted_too():
    record = logging.LogRecord("x", logging.ERROR, __file__, 1, "boom", (), None)
    try:
        raise RuntimeError(TOKEN)
    except RuntimeError:
        import sys

        record.exc_info = sys.exc_info()
    logging.Formatter().format(record)  # caches exc_text with the token in it
    assert TOKEN in record.exc_text
    out = RedactingFormatter(TOKEN).format(record)
    assert TOKEN not in out and REDACTED in out


def test_json_lines_and_a_log_file_that_rotates(tmp_path, monkeypatch):
    import json

    import bot.logs as logs

    monkeypatch.setattr(logs, "ROTATE_BYTES", 2000)
    log_file = tmp_path / "jass.log"
    setup_logging("INFO", log_file, token=TOKEN, fmt="json")
    log = logging.getLogger("test.json")
    try:
        for i in range(60):
            log.info("line %d with %s", i, TOKEN)
        try:
            raise RuntimeError(TOKEN)
        except RuntimeError:
            log.exception("failed")
        for handler in logging.getLogger().handlers:
            handler.flush()
        lines = [json.loads(line) for line in log_file.read_text().splitlines()]
        assert lines[-1]["message"] == "failed" and "RuntimeError" in lines[-1]["exception"]
        assert all(line["logger"] == "test.json" and TOKEN not in json.dumps(line) for line in lines)
        rotated = sorted(p.name for p in tmp_path.iterdir())
        assert "jass.log.1" in rotated and len(rotated) <= 1 + logs.ROTATE_KEEP
    finally:
        logging.getLogger().handlers.clear()
