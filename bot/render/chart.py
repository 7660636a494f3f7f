"""A small rating-trend chart (PNG) for ``/jass stats``, drawn with matplotlib (Agg, no display)."""

from __future__ import annotations

import io
from collections.abc import Sequence

import matplotlib

matplotlib.use("Agg")
from matplotlib.figure import Figure


def rating_chart(values: Sequence[int], title: str, references: dict[str, int] | None = None) -> bytes:
    """The shown rating after each of the last games, with the computer levels as dashed lines."""
    fig = Figure(figsize=(4.8, 2.2), dpi=100)
    ax = fig.add_subplot()
    ax.plot(range(1, len(values) + 1), list(values), marker="o", markersize=3, linewidth=1.6, color="#6A1B9A")
    for name, value in (references or {}).items():
        ax.axhline(value, linestyle="--", linewidth=0.8, color="#888888")
        ax.annotate(name, (1, value), fontsize=7, color="#555555", va="bottom")
    ax.set_title(title, fontsize=9)
    ax.tick_params(labelsize=7)
    ax.grid(alpha=0.3)
    fig.tight_layout()
    out = io.BytesIO()
    fig.savefig(out, format="png")
    return out.getvalue()
