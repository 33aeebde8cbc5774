"""`[[SESS-042]]` references as links, in rich text the window shows.

Every other character is escaped, so a description or a message can never
inject markup; a link's target is `sessiondesk:SESS-042`, which the window
opens itself (never handed to the desktop).
"""

from __future__ import annotations

import html

from desktop.domain.references import link_target, segments


def linked_html(text: str, colour: str | None = None) -> str:
    """The text escaped, its references made links (new lines kept)."""
    style = f' style="color:{colour}"' if colour else ""
    parts = []
    for piece, number in segments(text):
        escaped = html.escape(piece, quote=True)
        if number is None:
            parts.append(escaped.replace("\n", "<br>"))
        else:
            parts.append(f'<a href="{link_target(number)}"{style}>{escaped}</a>')
    return "".join(parts)
