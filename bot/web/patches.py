"""The change from one state of a page to the next as RFC 6902 operations (JSON Patch).

A state is small JSON (dicts, lists, strings, numbers) and changes a little with each card: a few
fields, a card gone from the hand. python-json-patch's ``make_patch`` finds moves in lists and takes
about 0.2 ms a state on this machine; this diff takes the shapes a state changes by (a field
changed, a list element changed or removed) in a fraction of that, and says the rest as a whole
value. The page applies the operations with fast-json-patch, the tests with python-json-patch.

>>> diff({"seq": 1, "hand": ["a", "b", "c"]}, {"seq": 2, "hand": ["a", "c"]})
[{'op': 'replace', 'path': '/seq', 'value': 2}, {'op': 'remove', 'path': '/hand/1'}]
"""

from __future__ import annotations

from typing import Any


def _pointer(path: str, key: str | int) -> str:
    return f"{path}/{str(key).replace('~', '~0').replace('/', '~1')}"


def diff(before: Any, after: Any) -> list[dict[str, Any]]:
    """Operations that turn ``before`` into ``after`` (both left as they are)."""
    ops: list[dict[str, Any]] = []
    _diff(before, after, "", ops)
    return ops


def _diff(a: Any, b: Any, path: str, ops: list[dict[str, Any]]) -> None:
    if type(a) is dict and type(b) is dict:
        for key in a:
            if key not in b:
                ops.append({"op": "remove", "path": _pointer(path, key)})
        for key, value in b.items():
            if key not in a:
                ops.append({"op": "add", "path": _pointer(path, key), "value": value})
            elif a[key] != value:
                _diff(a[key], value, _pointer(path, key), ops)
        return
    if type(a) is list and type(b) is list and a != b:
        if len(a) == len(b):
            for i, (x, y) in enumerate(zip(a, b, strict=True)):
                if x != y:
                    _diff(x, y, _pointer(path, i), ops)
            return
        if len(a) == len(b) + 1:  # one element gone (a card played from the hand)
            at = next((i for i, (x, y) in enumerate(zip(a, b, strict=False)) if x != y), len(b))
            if a[at + 1 :] == b[at:]:
                ops.append({"op": "remove", "path": _pointer(path, at)})
                return
    if a != b or type(a) is not type(b):
        ops.append({"op": "replace", "path": path, "value": b})
