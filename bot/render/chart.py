"""A small rating-trend chart (PNG) for ``/jass stats``, drawn with matplotlib (Agg, no display) in
the dark chalk style of the other pictures, its words in the reader's language."""

from __future__ import annotations

import io
from collections.abc import Sequence

import matplotlib

matplotlib.use("Agg")
from matplotlib.figure import Figure
from matplotlib.ticker import MaxNLocator

from .table import CHALK, HIGHLIGHT, SLATE

MUTED = "#9aa29a"


def _hex(rgb: tuple[int, int, int]) -> str:
    return "#{:02x}{:02x}{:02x}".format(*rgb)


def rating_chart(values: Sequence[int], title: str, references: dict[str, int] | None = None,
                 axes: tuple[str, str] = ("", "")) -> bytes:  # fmt: skip
    """:func:`rating_figure` as PNG bytes."""
    fig = rating_figure(values, title, references, axes)
    out = io.BytesIO()
    fig.savefig(out, format="png", facecolor=fig.get_facecolor())
    return out.getvalue()


def rating_figure(values: Sequence[int], title: str, references: dict[str, int] | None = None,
                  axes: tuple[str, str] = ("", "")) -> Figure:  # fmt: skip
    """The shown rating after each of the last games, with reference levels (``label: value``, e.g.
    the computer players') as dashed lines labelled at the right end, clear of the first point;
    ``axes``: the labels of the x axis (games) and the y axis (rating)."""
    chalk, slate = _hex(CHALK), _hex(SLATE)
    fig = Figure(figsize=(4.8, 2.6), dpi=100, facecolor=slate)
    ax = fig.add_subplot()
    ax.set_facecolor(slate)
    xs = list(range(1, len(values) + 1))
    ax.plot(xs, list(values), marker="o", markersize=3.5, linewidth=1.8, color=_hex(HIGHLIGHT), zorder=3)
    right = max(len(values), 2)
    for name, value in (references or {}).items():
        ax.axhline(value, linestyle="--", linewidth=0.9, color=MUTED, zorder=1)
        ax.annotate(name, (right, value), xytext=(0, 3), textcoords="offset points", fontsize=8, color=MUTED,
                    ha="right", va="bottom")  # fmt: skip
    ax.set_title(title, fontsize=10, color=chalk)
    ax.set_xlabel(axes[0], fontsize=8, color=chalk)
    ax.set_ylabel(axes[1], fontsize=8, color=chalk)
    ax.tick_params(labelsize=8, colors=chalk)
    for spine in ax.spines.values():
        spine.set_color(MUTED)
    ax.grid(alpha=0.2, color=MUTED)
    ax.set_xlim(0.5, right + 0.5)
    lows = [*values, *(references or {}).values()]
    span = max(lows) - min(lows) or 10
    ax.set_ylim(min(lows) - 0.1 * span, max(lows) + 0.25 * span)  # room above for the labels
    ax.xaxis.set_major_locator(MaxNLocator(integer=True))
    fig.tight_layout()
    return fig
