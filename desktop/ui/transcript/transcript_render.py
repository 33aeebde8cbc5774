"""Transcript text as safe rich text: Markdown, highlighted code, tool output.

A transcript is untrusted input. Markdown is parsed with raw HTML turned off, so
a `<script>` or `<b>` in a message arrives escaped and is shown as the
characters it is; every other string is escaped before it is put in markup.
Only http(s) and mailto links become anchors; any other link is shown as
text. A `[[SESS-042]]` reference (outside code and links) becomes a
`sessiondesk:` link the window opens itself. Images are never loaded: they
become a link to where they live.

The output is the HTML subset QTextDocument understands (tables for boxes,
inline colours from Pygments), one small document per row. Tool cards are
put together from these pieces in `transcript_cards`.
"""

from __future__ import annotations

import html
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import cache, lru_cache
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:  # markdown-it and pygments load at the first message shown
    from markdown_it import MarkdownIt


from desktop.domain.edit_diff import DiffNote
from desktop.domain.prompt_wrap import SentPart, part_label
from desktop.ui.common.reference_links import linked_html

MAX_MARKDOWN_CHARS = 40_000
MAX_OUTPUT_CHARS = 12_000
MAX_OUTPUT_LINES = 300
MAX_HIGHLIGHT_CHARS = 30_000
MONO = "'JetBrains Mono','DejaVu Sans Mono','Noto Sans Mono',Menlo,Consolas,monospace"
SAFE_SCHEMES = ("http://", "https://", "mailto:")


@dataclass(frozen=True, slots=True)
class Theme:
    text: str
    muted: str
    link: str
    code_bg: str
    code_border: str
    inline_code_bg: str
    error_bg: str
    error_text: str
    pygments: str
    added_bg: str
    """A diff's added line (`diff_html`); its text is `text`, its sign `added_sign`."""
    removed_bg: str
    added_sign: str
    removed_sign: str

    @classmethod
    def for_dark(cls, dark: bool) -> Theme:
        if dark:
            return cls("#E5E7EB", "#9CA3AF", "#93C5FD", "#1F2430", "#333A48", "#2A3040",
                       "#3B1F23", "#FCA5A5", "github-dark",
                       "#15352A", "#41202A", "#86EFAC", "#FCA5A5")  # fmt: skip
        return cls("#1F2328", "#6B7280", "#2563EB", "#F6F8FA", "#E5E7EB", "#EEF0F3",
                   "#FEF2F2", "#B91C1C", "default",
                   "#DCFCE7", "#FEE2E2", "#15803D", "#B91C1C")  # fmt: skip


def _subagent(count: int) -> str:
    return f"Subagent · {count} message{'' if count == 1 else 's'}"


def _replayed(turns: int, size: int) -> str:
    return f"history replayed ({turns} turns, {size / 1024:.1f} KB)"


def _more_characters(count: int) -> str:
    return f"… {count:,} more character{'' if count == 1 else 's'} (copy the row to get all of it)"


@dataclass(frozen=True, slots=True)
class Labels:
    """Words the cards use, already translated by the caller (counted ones are functions
    of the count, so each language can have its own plural forms)."""

    input: str = "Input"
    result: str = "Result"
    error: str = "Error"
    pending: str = "No result yet."
    subagent: Callable[[int], str] = _subagent
    more: Callable[[int], str] = _more_characters
    you: str = "You"
    agent: str = "Agent"
    resumed: str = "resumed"
    """The mark of a prompt that went to Claude's own session (`--resume`)."""
    replayed: Callable[[int, int], str] = _replayed
    """The folded chip of a prompt that carried the conversation: (turns, bytes)."""
    sent_heading: str = "Sent with this turn"
    sent_part: Callable[[SentPart], str] = part_label
    """What one part sent with a prompt was, and its size."""
    diff_note: Callable[[DiffNote], str] = DiffNote.text
    """What a diff's lines leave out (`edit_diff`)."""


SENT_LINK = "sent-with:toggle"
"""The anchor of a prompt's "sent with this turn" line: a click folds it open or shut."""


def esc(text: str) -> str:
    return html.escape(text, quote=True)


def _safe(href: str) -> bool:
    return href.strip().lower().startswith(SAFE_SCHEMES)


# -- markdown ------------------------------------------------------------------


def _fence(self: Any, tokens: Any, idx: int, options: Any, env: dict[str, Any]) -> str:
    token = tokens[idx]
    language = token.info.strip().split(" ")[0] if token.info else ""
    return code_html(token.content.rstrip("\n"), env["theme"], language)


def _code_block(self: Any, tokens: Any, idx: int, options: Any, env: dict[str, Any]) -> str:
    return code_html(tokens[idx].content.rstrip("\n"), env["theme"], "")


def _link_open(self: Any, tokens: Any, idx: int, options: Any, env: dict[str, Any]) -> str:
    href = tokens[idx].attrGet("href") or ""
    safe = _safe(str(href))
    env.setdefault("links", []).append(safe)
    if safe:
        return f'<a href="{esc(str(href))}" style="color:{env["theme"].link}">'
    return f'<span style="color:{env["theme"].muted}">'


def _link_close(self: Any, tokens: Any, idx: int, options: Any, env: dict[str, Any]) -> str:
    stack = env.get("links") or [False]
    return "</a>" if stack.pop() else "</span>"


def _text(self: Any, tokens: Any, idx: int, options: Any, env: dict[str, Any]) -> str:
    content = tokens[idx].content
    if any(env.get("links") or ()):  # no link inside a link
        return esc(content)
    return linked_html(content, env["theme"].link)


def _image(self: Any, tokens: Any, idx: int, options: Any, env: dict[str, Any]) -> str:
    token = tokens[idx]
    src = str(token.attrGet("src") or "")
    alt = esc(token.content or "image")
    if _safe(src):
        return f'<a href="{esc(src)}" style="color:{env["theme"].link}">[{alt}]</a>'
    return f"[{alt}]"


def _table_open(self: Any, tokens: Any, idx: int, options: Any, env: dict[str, Any]) -> str:
    border = env["theme"].code_border
    return (
        f'<table border="1" cellspacing="0" cellpadding="5" style="border-collapse:collapse; '
        f'border-color:{border}; margin-bottom:8px">'
    )


@cache
def _markdown(breaks: bool) -> MarkdownIt:
    """The renderer, made (and markdown-it loaded) at the first message shown,
    not while the window starts."""
    from markdown_it import MarkdownIt

    md = MarkdownIt("commonmark", {"html": False, "breaks": breaks, "typographer": False})
    md.enable(["table", "strikethrough"])
    for name, rule in (("fence", _fence), ("code_block", _code_block), ("image", _image),
                       ("link_open", _link_open), ("link_close", _link_close),
                       ("table_open", _table_open), ("text", _text)):  # fmt: skip
        md.add_render_rule(name, rule)
    return md


def markdown_html(
    text: str, theme: Theme, *, prompt: bool = False, labels: Labels = Labels()
) -> str:
    cut = len(text) - MAX_MARKDOWN_CHARS
    body = text[:MAX_MARKDOWN_CHARS] if cut > 0 else text
    # a person's line breaks are meant; a reply's are Markdown's
    rendered = _markdown(breaks=prompt).render(body, {"theme": theme}).strip()
    return rendered + (_more(cut, theme, labels) if cut > 0 else "")


def _more(count: int, theme: Theme, labels: Labels) -> str:
    note = esc(labels.more(count))
    return f'<p style="color:{theme.muted}"><i>{note}</i></p>'


def sent_html(parts: Sequence[SentPart], theme: Theme, labels: Labels, expanded: bool) -> str:
    """Under a prompt's words, what was sent with them: one folded line, and
    each part as it was sent when open (cut like a tool's output)."""
    summary = " · ".join(labels.sent_part(p) for p in parts)
    arrow = "▾" if expanded else "▸"
    line = (
        f'<p style="color:{theme.muted}"><small><a href="{SENT_LINK}" '
        f'style="color:{theme.muted}; text-decoration:none">{arrow} '
        f"{esc(labels.sent_heading)}:</a> {esc(summary)}</small></p>"
    )
    if not expanded:
        return line
    shown = [line]
    for part in parts:
        if len(parts) > 1:  # one part is named by the line above it
            head = esc(labels.sent_part(part))
            shown.append(f'<p style="color:{theme.muted}"><small><b>{head}</b></small></p>')
        shown.append(output_html(part.text, theme, labels))
    return "".join(shown)


# -- code and output -------------------------------------------------------------


@lru_cache(maxsize=128)
def _lexer(language: str, filename: str | None = None) -> Any:
    """Kept by name: finding and making a lexer is most of a short block's
    highlighting, and a lexer keeps no state between texts."""
    from pygments.lexers import get_lexer_by_name, get_lexer_for_filename
    from pygments.util import ClassNotFound

    try:
        if language:
            return get_lexer_by_name(language, stripnl=False)
        if filename:
            return get_lexer_for_filename(filename, stripnl=False)
    except ClassNotFound:
        pass
    return None


@cache
def _formatter(style: str) -> Any:
    """One formatter a style: making one builds the style's whole table of
    colours (about 3 ms, a third of a short reply's rendering); formatting
    leaves it as it was, so it is shared, across threads too."""
    from pygments.formatters import HtmlFormatter

    return HtmlFormatter(nowrap=True, noclasses=True, style=style)


def box_html(inner: str, background: str, border: str) -> str:
    # QTextDocument draws boxes only around table cells
    return (
        f'<table width="100%" cellspacing="0" cellpadding="8" border="1" '
        f'style="border-style:solid; border-color:{border}; background-color:{background}; '
        f'margin-top:4px; margin-bottom:8px"><tr><td>{inner}</td></tr></table>'
    )


def _pre(inner: str, colour: str) -> str:
    return f'<pre style="font-family:{MONO}; white-space:pre-wrap; color:{colour}">{inner}</pre>'


def code_html(code: str, theme: Theme, language: str = "", filename: str | None = None) -> str:
    lexer = _lexer(language, filename) if len(code) <= MAX_HIGHLIGHT_CHARS else None
    if lexer is None:
        inner = esc(code)
    else:
        from pygments import highlight

        inner = highlight(code, lexer, _formatter(theme.pygments)).rstrip("\n")
    return box_html(_pre(inner, theme.text), theme.code_bg, theme.code_border)


def output_html(text: str, theme: Theme, labels: Labels, *, error: bool = False) -> str:
    """A tool's output: monospaced, cut to a readable length, red when it failed."""
    # tabs (Read's line numbers) would jump to QTextDocument's 80px tab stops
    lines = text.expandtabs(4).split("\n")
    shown = "\n".join(lines[:MAX_OUTPUT_LINES])[:MAX_OUTPUT_CHARS]
    hidden = len(text.expandtabs(4)) - len(shown)
    colour = theme.error_text if error else theme.text
    body = box_html(_pre(esc(shown), colour), theme.error_bg if error else theme.code_bg,
                theme.error_text if error else theme.code_border)  # fmt: skip
    return body + (_more(hidden, theme, labels) if hidden > 0 else "")


STYLE_SHEET = """
p { margin-top: 0px; margin-bottom: 8px; }
h1, h2, h3, h4, h5, h6 { margin-top: 6px; margin-bottom: 6px; }
h1 { font-size: x-large; } h2 { font-size: large; } h3 { font-size: medium; }
ul, ol { margin-top: 0px; margin-bottom: 8px; }
li { margin-bottom: 2px; }
pre { margin: 0px; }
th { font-weight: bold; }
"""


def inline_code_css(theme: Theme) -> str:
    return f"code {{ font-family: {MONO}; background-color: {theme.inline_code_bg}; }}"
