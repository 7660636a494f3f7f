"""The ``database`` setting read as people write it: a SQLite file name, ``sqlite:///file``, or a
``postgresql://`` URL (``postgres://`` too, in any case). Anything else with a scheme is refused,
so a mistyped URL never becomes a SQLite file named after it, password included.

Passwords may hold any character (``/``, ``#``, ``?``, ``@``), so the userinfo is everything up
to the last ``@`` before the host, and :func:`redacted` hides all of it.

>>> redacted("postgresql://jass:ab/cd-Secret9@host/jass")
'postgresql://***@host/jass'
>>> kind("POSTGRESQL://db/jass"), kind("data/jass.sqlite3"), kind("sqlite:///data/x.sqlite3")
('postgresql', 'sqlite', 'sqlite')
>>> problem("mysql://u:p@h/db")
"unsupported database scheme 'mysql': use a SQLite file name, sqlite:///file or postgresql://user@host/database"
"""

from __future__ import annotations

import re

_SCHEME = re.compile(r"^(?P<scheme>[A-Za-z][A-Za-z0-9+.\-]*)://(?P<rest>.*)$", re.DOTALL)
POSTGRES_SCHEMES = ("postgresql", "postgres")
EXAMPLE = "postgresql://user@host/database"


_NEAR_SCHEME = re.compile(r"^\s*(?P<scheme>[A-Za-z][A-Za-z0-9+.\-]*):(?!//)", re.DOTALL)
_PASSWORD = re.compile(r"(?i)(password\s*=\s*)('[^']*'|[^&\s]*)")


def _near_miss(value: str) -> str | None:
    """The scheme of a value that names a database scheme without ``//`` (``postgresql:/host/db``)."""
    match = _NEAR_SCHEME.match(value)
    if match and match["scheme"].lower() in (*POSTGRES_SCHEMES, "sqlite"):
        return match["scheme"].lower()
    return None


def _split(value: str) -> tuple[str, str] | None:
    """(scheme in lower case, the rest) of a URL; None for a plain file name."""
    match = _SCHEME.match(value.strip())
    return (match["scheme"].lower(), match["rest"]) if match else None


def kind(value: str) -> str:
    """``postgresql`` or ``sqlite`` (ValueError for another scheme)."""
    parts = _split(value)
    if parts is None or parts[0] == "sqlite":
        return "sqlite"
    if parts[0] in POSTGRES_SCHEMES:
        return "postgresql"
    raise ValueError(problem(value))


def is_postgres(value: str) -> bool:
    parts = _split(value)
    return parts is not None and parts[0] in POSTGRES_SCHEMES


def _authority(rest: str) -> tuple[str | None, str, str]:
    """(userinfo, host[:port], path and query) of what follows ``scheme://``."""
    at = rest.rfind("@")
    userinfo, tail = (rest[:at], rest[at + 1 :]) if at >= 0 else (None, rest)
    cut = min((i for i in (tail.find("/"), tail.find("?")) if i >= 0), default=len(tail))
    return userinfo, tail[:cut], tail[cut:]


def problem(value: str) -> str | None:
    """What is wrong with a ``database`` value, in one line (None: nothing); never shows a password."""
    parts = _split(value)
    near = _near_miss(value)
    if parts is None and near is not None:
        return f"{near}: is not followed by //: write {EXAMPLE if near != 'sqlite' else 'sqlite:///file'}"
    if parts is None:
        return None if value.strip() else "expected a file name or a postgresql:// URL"
    scheme, rest = parts
    if scheme == "sqlite":
        return None if rest.lstrip("/") else "expected sqlite:///file"
    if scheme not in POSTGRES_SCHEMES:
        return f"unsupported database scheme {scheme!r}: use a SQLite file name, sqlite:///file or {EXAMPLE}"
    _, hostport, tail = _authority(rest)
    for server in hostport.split(","):  # libpq allows host1:port1,host2:port2
        port = ""
        if server.startswith("["):  # [IPv6]:port
            after = server.partition("]")[2]
            port = after[1:] if after.startswith(":") else after
        elif ":" in server:
            port = server.rpartition(":")[2]
        if ":" in server.split("]")[-1] and not (port.isascii() and port.isdigit() and 0 < int(port) < 65536):
            return f"the port of {redacted(value)} is not a number from 1 to 65535"
    if not hostport and "host=" not in tail:
        return f"no server in {redacted(value)}; expected {EXAMPLE}"
    return None


def normalised(value: str) -> str:
    """The value with its scheme in lower case (what the drivers expect)."""
    parts = _split(value)
    return value.strip() if parts is None else f"{parts[0]}://{parts[1]}"


def sqlite_path(value: str) -> str:
    """The file of a SQLite value (``sqlite:///data/x`` is ``data/x``, ``sqlite:////abs`` is ``/abs``)."""
    parts = _split(value)
    if parts is None:
        return value.strip()
    rest = parts[1]
    return rest[1:] if rest.startswith("/") else rest


def redacted(value: str) -> str:
    """The value with every place a password can hide masked (for messages and logs): a URL's
    whole userinfo, ``password=`` in a query or a keyword string, everything after a database
    scheme written without ``//``, and what comes before an ``@`` in a plain value.

    >>> redacted("postgresql:/jass:Secret9@host/db"), redacted("host=db password=Secret9")
    ('postgresql:***', 'host=db password=***')
    """
    near = _near_miss(value)
    if near is not None:
        return f"{near}:***"
    parts = _split(value)
    if parts is None:
        at = value.rfind("@")
        plain = f"***{value[at:]}" if at >= 0 else value
        return _PASSWORD.sub(r"\1***", plain)
    userinfo, hostport, tail = _authority(parts[1])
    return _PASSWORD.sub(r"\1***", f"{parts[0]}://{'***@' if userinfo is not None else ''}{hostport}{tail}")
