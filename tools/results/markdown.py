"""Markdown for CI step summaries (``fivetenk diff --markdown``, ``check --summary-md``).

What goes into a summary partly comes from an implementation the kit does not trust (its
name, messages, observed values) or from a report file that may have been edited. Every
such text goes through :func:`md_text`: made one visible, bounded line
(:func:`fivetenk.model.bounded.visible`), then every character Markdown or the HTML it allows
could read as markup (``* _ ` [ ] < > | # ~ & \\``) is escaped with a backslash, which
CommonMark and GitHub's renderer both honour, so a text cannot add a link, an image, a
table cell, a heading or a tag.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from ..model.bounded import TEXT_LIMIT, visible

_SPECIAL = re.compile(r"([\\`*_\[\]<>|#~&!])")


def md_text(value: object, limit: int = TEXT_LIMIT) -> str:
    """``value`` as inert Markdown text: one visible, bounded line, markup escaped."""
    return _SPECIAL.sub(r"\\\1", visible(value, limit))


def md_table(head: Sequence[str], rows: Sequence[Sequence[str]],
             align: Sequence[str] = ()) -> list[str]:
    """A Markdown table (its cells already escaped): ``align`` per column, ``l`` or ``r``."""
    marks = [("---:" if (align[i] if i < len(align) else "l") == "r" else "---")
             for i in range(len(head))]
    return ["| " + " | ".join(head) + " |", "| " + " | ".join(marks) + " |",
            *("| " + " | ".join(row) + " |" for row in rows)]


__all__ = ["md_table", "md_text"]
