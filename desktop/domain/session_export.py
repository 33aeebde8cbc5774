"""One session as a Markdown or HTML document: tool calls folded, code highlighted.

A transcript is untrusted: in HTML, Markdown is rendered with raw HTML turned
off (a `<script>` in a message arrives as the characters it is) and every other
string is escaped. In Markdown, tool input and output go in fences longer than
any run of backticks inside them, so they cannot break out.
"""

from __future__ import annotations

import html
import json
import re
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass
from functools import cache
from typing import TYPE_CHECKING, Any

from desktop.domain.edit_diff import EditDiff, edit_diff
from desktop.domain.prompt_wrap import SentPart, part_label

if TYPE_CHECKING:
    from markdown_it import MarkdownIt
    from pygments.formatters import HtmlFormatter

_LABELS = {"user": "User", "assistant": "Assistant", "system": "System", "thinking": "Thinking"}
_SAFE_LINK = re.compile(r"^(https?:|mailto:)", re.IGNORECASE)


@dataclass(frozen=True, slots=True)
class ExportHeader:
    title: str
    session_id: str
    account: str
    cwd: str | None
    created: str | None
    archived: bool = False


@dataclass(frozen=True, slots=True)
class _Block:
    role: str
    text: str
    tool_name: str | None = None
    tool_input: Any = None
    result: str | None = None
    is_error: bool = False
    sent: tuple[SentPart, ...] = ()
    """A prompt's: what Sessiondesk sent with the person's words, folded under them."""


def _blocks(messages: Iterable[Any]) -> Iterator[_Block]:
    """Messages in order, each tool call folded together with its result."""
    items = [m for m in messages if not getattr(m, "is_meta", False)]
    results = {m.tool_use_id: m for m in items if str(m.role) == "tool_result" and m.tool_use_id}
    for m in items:
        role = str(m.role)
        if role == "tool_result" and m.tool_use_id and m.tool_use_id in _used(items):
            continue  # shown inside its call
        if role == "tool_use":
            answer = results.get(m.tool_use_id)
            yield _Block(
                role,
                "",
                m.tool_name or "tool",
                m.input,
                answer.text if answer else None,
                bool(answer and answer.is_error),
            )
        elif m.text or role == "tool_result":
            sent = tuple(getattr(m, "sent_with", ()))
            yield _Block(role, m.text or "", is_error=bool(m.is_error), sent=sent)


def _used(items: Sequence[Any]) -> set[str]:
    return {m.tool_use_id for m in items if str(m.role) == "tool_use" and m.tool_use_id}


def sent_summary(parts: Sequence[SentPart]) -> str:
    """ "Sent with this turn: the guard line · text of SESS-001 (2.0 KB)"."""
    return "Sent with this turn: " + " · ".join(map(part_label, parts))


def _input_text(value: Any) -> str:
    if isinstance(value, str):
        return value
    return json.dumps(value, ensure_ascii=False, indent=2)


def _fence(text: str, language: str = "") -> str:
    longest = max((len(run) for run in re.findall(r"`+", text)), default=0)
    ticks = "`" * max(3, longest + 1)
    return f"{ticks}{language}\n{text.rstrip()}\n{ticks}"


# ---------------------------------------------------------------- Markdown


def to_markdown(header: ExportHeader, messages: Iterable[Any]) -> str:
    out = [f"# {header.title}", "", *_meta_lines(header), ""]
    for block in _blocks(messages):
        if block.tool_name is not None:
            summary = f"Tool: {block.tool_name}" + (" (error)" if block.is_error else "")
            out += ["<details>", f"<summary>{html.escape(summary)}</summary>", ""]
            diff = edit_diff(block.tool_name, block.tool_input)
            if diff is None:
                out += [_fence(_input_text(block.tool_input), "json"), ""]
            else:
                out += [_fence(diff.text(), "diff"), ""]
                out += [f"*{note.text()}*" for note in diff.notes] + [""] * bool(diff.notes)
            if block.result is not None:
                out += ["Result:", "", _fence(block.result), ""]
            out += ["</details>", ""]
        elif block.role == "tool_result":
            out += [f"**Tool result**{' (error)' if block.is_error else ''}", ""]
            out += [_fence(block.text), ""]
        else:
            out += [f"## {_LABELS.get(block.role, block.role)}", "", block.text.strip(), ""]
            if block.sent:
                out += ["<details>", f"<summary>{html.escape(sent_summary(block.sent))}</summary>",
                        "", _fence("\n\n".join(p.text for p in block.sent)), "", "</details>",
                        ""]  # fmt: skip
    return "\n".join(out).rstrip() + "\n"


def _meta_lines(header: ExportHeader) -> list[str]:
    lines = [f"- Session: `{header.session_id}` ({header.account})"]
    if header.cwd:
        lines.append(f"- Folder: `{header.cwd}`")
    if header.created:
        lines.append(f"- Started: {header.created}")
    if header.archived:
        lines.append("- From Sessiondesk's archive (the original file is gone)")
    return lines


# ---------------------------------------------------------------- HTML

_CSS = """
body{font:15px/1.5 system-ui,sans-serif;max-width:60rem;margin:2rem auto;padding:0 1rem}
.msg{margin:1rem 0;padding:.5rem 1rem;border-left:4px solid #d0d7de}
.user{border-color:#2563eb}.assistant{border-color:#16a34a}.error{border-color:#b91c1c}
.role{font-weight:600;color:#57606a}
details{margin:.5rem 0;padding:.25rem .75rem;background:#f6f8fa;border-radius:6px}
pre{overflow-x:auto;padding:.5rem;background:#f6f8fa}
.sent summary{color:#57606a;font-size:.9em}.sent pre{white-space:pre-wrap}
code{font-family:ui-monospace,monospace}
.diff span{display:block;white-space:pre-wrap}.diff .add{background:#dcfce7;color:#14532d}
.diff .del{background:#fee2e2;color:#7f1d1d}.diff .hunk,.note{color:#57606a}
"""


@cache
def _formatter() -> HtmlFormatter:
    # markdown-it and pygments load on the first HTML export: the command's
    # parser names FORMATS, and every command would pay for them otherwise
    from pygments.formatters import HtmlFormatter

    return HtmlFormatter(cssclass="hl")


def _highlight(code: str, language: str | None) -> str:
    from pygments import highlight
    from pygments.lexers import get_lexer_by_name
    from pygments.util import ClassNotFound

    try:
        lexer = get_lexer_by_name(language or "text")
    except ClassNotFound:
        lexer = get_lexer_by_name("text")
    return highlight(code, lexer, _formatter())


def _markdown() -> MarkdownIt:
    from markdown_it import MarkdownIt

    md = MarkdownIt("commonmark", {"html": False, "highlight": _md_highlight})
    md.validateLink = lambda url: bool(_SAFE_LINK.match(url.strip()))
    return md


def _md_highlight(code: str, language: str, _attrs: str) -> str:
    return _highlight(code, language.strip() or None)


def _diff_html(diff: EditDiff) -> str:
    """Each line a block of its own colour: added green, removed red."""
    kinds = {"+": "add", "-": "del", "@": "hunk"}
    lines = [f"<span class='hunk'>{html.escape(line)}</span>" for line in diff.headers()]
    for line in diff.lines:
        kind = kinds.get(line[:1], "ctx")
        lines.append(f"<span class='{kind}'>{html.escape(line) or ' '}</span>")
    notes = "".join(f"<p class='note'><i>{html.escape(n.text())}</i></p>" for n in diff.notes)
    return f"<pre class='diff'>{''.join(lines)}</pre>{notes}"


def to_html(header: ExportHeader, messages: Iterable[Any]) -> str:
    md = _markdown()
    esc = html.escape
    parts = [
        "<!DOCTYPE html>",
        '<html><head><meta charset="utf-8">',
        f"<title>{esc(header.title)}</title>",
        f"<style>{_CSS}{_formatter().get_style_defs('.hl')}</style>",
        "</head><body>",
        f"<h1>{esc(header.title)}</h1>",
        "<ul>" + "".join(f"<li>{md.renderInline(line[2:])}</li>" for line in _meta_lines(header))
        + "</ul>",
    ]  # fmt: skip
    for block in _blocks(messages):
        if block.tool_name is not None:
            summary = f"Tool: {block.tool_name}" + (" (error)" if block.is_error else "")
            diff = edit_diff(block.tool_name, block.tool_input)
            body = (
                _highlight(_input_text(block.tool_input), "json")
                if diff is None
                else _diff_html(diff)
            )
            if block.result is not None:
                body += "<div class='role'>Result</div>" + _highlight(block.result, None)
            css = "msg error" if block.is_error else "msg"
            parts.append(
                f"<details class='{css}'><summary>{esc(summary)}</summary>{body}</details>"
            )
        elif block.role == "tool_result":
            parts.append(f"<div class='msg'>{_highlight(block.text, None)}</div>")
        else:
            label = _LABELS.get(block.role, block.role)
            sent = ""
            if block.sent:
                carried = esc("\n\n".join(p.text for p in block.sent))
                sent = (f"<details class='sent'><summary>{esc(sent_summary(block.sent))}"
                        f"</summary><pre>{carried}</pre></details>")  # fmt: skip
            parts.append(
                f"<div class='msg {esc(block.role)}'><div class='role'>{esc(label)}</div>"
                f"{md.render(block.text)}{sent}</div>"
            )
    parts.append("</body></html>")
    return "\n".join(parts) + "\n"


def render(fmt: str, header: ExportHeader, messages: Iterable[Any]) -> str:
    return to_html(header, messages) if fmt == "html" else to_markdown(header, messages)
