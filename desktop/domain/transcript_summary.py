"""What the session list shows about one transcript, accumulated entry by entry.

The index reads a transcript once and then only what was appended, so the
summary is an accumulator whose whole state survives a round trip through
JSON (`to_state` / `from_state`): feeding lines 1..n in one go, or 1..k, saving,
loading and feeding k+1..n, gives the same result.

Decisions:
* `cwd` is the last one seen on a main-thread line. Resuming from another
  folder makes later lines carry the new cwd, and that is where the session
  now lives and would be resumed. The first one is kept as `first_cwd`.
* Counts cover the whole file, abandoned branches included: an incremental
  reader cannot know yet which branch will win. Sidechain (subagent) lines
  are left out of counts and tokens; they are another conversation.
* `message_count` = typed prompts + assistant replies. A reply is written as
  one line per content block, all sharing `message.id` and repeating the same
  `usage`, so a reply is counted, and its tokens added, once per id. The
  latest usage of an id wins (an interrupted stream writes partial counts
  first). The id is paired with the request id when the line has one, since
  test servers reuse message ids. Ids are remembered in a bounded window of
  recent replies (blocks of one reply are written together), which keeps the
  state small.
* Title: the person's own title (`custom-title`) beats the CLI's (`ai-title`,
  or `summary` in older versions), which beats the first prompt shortened to
  one line of about 80 characters.
"""

from __future__ import annotations

from collections import OrderedDict
from datetime import datetime
from functools import lru_cache
from typing import Any

from desktop.domain.transcript import Usage
from desktop.domain.transcript_index import IndexLine
from desktop.domain.transcript_text import shorten

STATE_VERSION = 1
TITLE_LIMIT = 80
_RECENT_REPLIES = 256
_TITLE_RANK = {"custom-title": 3, "ai-title": 2, "summary": 1}
_SYNTHETIC = "<synthetic>"


class SessionSummary:
    """Feed it every entry of a file in order; read the fields at any time."""

    def __init__(self) -> None:
        self.session_id: str | None = None
        self.cwd: str | None = None
        self.first_cwd: str | None = None
        self.first_prompt: str | None = None
        self.model: str | None = None
        self.prompt_count = 0
        self.reply_count = 0
        self.input_tokens = 0
        self.output_tokens = 0
        self.cache_read_tokens = 0
        self.cache_creation_tokens = 0
        self.context_tokens = 0
        """The last reply's context size: what the next turn starts from."""
        self.created_at: str | None = None
        self.modified_at: str | None = None
        self.entries = 0
        self._titled: tuple[int, str] | None = None
        # message id -> the usage counted for it, oldest first
        self._recent: OrderedDict[str, tuple[int, int, int, int]] = OrderedDict()
        # for `merge`: reply ids first counted here (the first window's worth),
        # and whether a reply set `context_tokens`
        self._opened: list[str] = []
        self._context_set = False

    # -- reading ---------------------------------------------------------------

    @property
    def message_count(self) -> int:
        return self.prompt_count + self.reply_count

    @property
    def title(self) -> str | None:
        if self._titled is not None:
            return shorten(self._titled[1], TITLE_LIMIT)
        return shorten(self.first_prompt, TITLE_LIMIT) if self.first_prompt else None

    @property
    def created(self) -> datetime | None:
        return stamp_time(self.created_at)

    @property
    def modified(self) -> datetime | None:
        return stamp_time(self.modified_at)

    # -- feeding ---------------------------------------------------------------

    def feed_line(self, line: IndexLine) -> None:
        """The next line, as the index sees it (`transcript_decode.INDEX`)."""
        self.entries += 1
        self._times(line.timestamp)
        if line.title and line.title_source:
            rank = _TITLE_RANK.get(line.title_source, 0)
            # a later title of the same rank is a rename: it wins
            if self._titled is None or rank >= self._titled[0]:
                self._titled = (rank, line.title)
            return
        if line.is_sidechain:
            return
        if line.session_id and self.session_id is None:
            self.session_id = line.session_id
        if line.cwd:
            self.cwd = line.cwd
            self.first_cwd = self.first_cwd or line.cwd
        if line.is_prompt:
            self.prompt_count += 1
            if self.first_prompt is None:
                self.first_prompt = line.prompt
        elif line.is_reply:
            self._reply(line)

    def _reply(self, line: IndexLine) -> None:
        if line.model and line.model != _SYNTHETIC:
            self.model = line.model
        usage = line.usage or Usage()
        counts = (
            usage.input_tokens,
            usage.output_tokens,
            usage.cache_read_input_tokens,
            usage.cache_creation_input_tokens,
        )
        if line.usage is not None:
            self.context_tokens = usage.context_tokens
            self._context_set = True
        key = line.reply_key
        if key is None:
            self.reply_count += 1  # nothing to tie blocks together: one line, one reply
            self._add(counts, 1)
            return
        previous = self._recent.pop(key, None)
        if previous is None:
            self.reply_count += 1
            if len(self._opened) < _RECENT_REPLIES:
                self._opened.append(key)
        else:
            self._add(previous, -1)
        self._add(counts, 1)
        self._recent[key] = counts
        while len(self._recent) > _RECENT_REPLIES:
            self._recent.popitem(last=False)

    def merge(self, later: SessionSummary) -> None:
        """Go on with `later`, the summary of the entries that follow these, fed
        from scratch (another process read them): the result is what feeding
        them here would have given. A reply whose blocks straddle the seam is
        counted once, with its latest usage, as the window of recent ids does."""
        self.entries += later.entries
        self._times(later.created_at)
        self._times(later.modified_at)
        if later._titled is not None and (
            self._titled is None or later._titled[0] >= self._titled[0]
        ):
            self._titled = later._titled
        if self.session_id is None:
            self.session_id = later.session_id
        self.cwd = later.cwd or self.cwd
        self.first_cwd = self.first_cwd or later.first_cwd
        if self.first_prompt is None:
            self.first_prompt = later.first_prompt
        self.model = later.model or self.model
        if later._context_set:
            self.context_tokens = later.context_tokens
            self._context_set = True
        self.prompt_count += later.prompt_count
        self.reply_count += later.reply_count
        self._add(
            (
                later.input_tokens,
                later.output_tokens,
                later.cache_read_tokens,
                later.cache_creation_tokens,
            ),
            1,
        )
        # replay `later`'s first sightings against this window: an id still in
        # it was counted twice. Past a window's worth of new ids none of ours is left.
        window = self._recent
        for key in later._opened:
            previous = window.pop(key, None)
            if previous is not None:
                self.reply_count -= 1
                self._add(previous, -1)
            window[key] = previous or (0, 0, 0, 0)
            while len(window) > _RECENT_REPLIES:
                window.popitem(last=False)
        kept = OrderedDict((k, v) for k, v in window.items() if k not in later._recent)
        kept.update(later._recent)
        while len(kept) > _RECENT_REPLIES:
            kept.popitem(last=False)
        self._recent = kept

    def _add(self, counts: tuple[int, int, int, int], sign: int) -> None:
        self.input_tokens += sign * counts[0]
        self.output_tokens += sign * counts[1]
        self.cache_read_tokens += sign * counts[2]
        self.cache_creation_tokens += sign * counts[3]

    def _times(self, stamp: str | None) -> None:
        when = stamp_time(stamp)
        if when is None:
            return
        if self.created is None or when < self.created:
            self.created_at = stamp
        if self.modified is None or when > self.modified:
            self.modified_at = stamp

    # -- persistence -----------------------------------------------------------

    def to_state(self) -> dict[str, Any]:
        """Plain JSON types only, so the index can store it beside the read offset."""
        return {
            "v": STATE_VERSION,
            "session_id": self.session_id,
            "cwd": self.cwd,
            "first_cwd": self.first_cwd,
            "first_prompt": self.first_prompt,
            "model": self.model,
            "prompts": self.prompt_count,
            "replies": self.reply_count,
            "tokens": [
                self.input_tokens,
                self.output_tokens,
                self.cache_read_tokens,
                self.cache_creation_tokens,
            ],
            "context_tokens": self.context_tokens,
            "created": self.created_at,
            "modified": self.modified_at,
            "entries": self.entries,
            "title": list(self._titled) if self._titled else None,
            "recent": [[key, list(counts)] for key, counts in self._recent.items()],
        }

    @classmethod
    def from_state(cls, state: dict[str, Any]) -> SessionSummary:
        """Rebuild from `to_state`; a state of another version raises ValueError
        (the caller then rereads the file from the start)."""
        if not isinstance(state, dict) or state.get("v") != STATE_VERSION:
            raise ValueError("summary state of an unknown version")
        summary = cls()
        try:
            summary.session_id = state["session_id"]
            summary.cwd = state["cwd"]
            summary.first_cwd = state["first_cwd"]
            summary.first_prompt = state["first_prompt"]
            summary.model = state["model"]
            summary.prompt_count = int(state["prompts"])
            summary.reply_count = int(state["replies"])
            tokens = [int(n) for n in state["tokens"]]
            (
                summary.input_tokens,
                summary.output_tokens,
                summary.cache_read_tokens,
                summary.cache_creation_tokens,
            ) = tokens
            summary.context_tokens = int(state["context_tokens"])
            summary.created_at = state["created"]
            summary.modified_at = state["modified"]
            summary.entries = int(state["entries"])
            titled = state["title"]
            summary._titled = (int(titled[0]), str(titled[1])) if titled else None
            for key, counts in state["recent"]:
                a, b, c, d = (int(n) for n in counts)
                summary._recent[str(key)] = (a, b, c, d)
        except (KeyError, TypeError, ValueError) as exc:
            raise ValueError(f"damaged summary state: {exc}") from exc
        return summary


# each entry's stamp is compared with the first and last so far, which are
# asked for again and again: a few recent ones are kept parsed
@lru_cache(maxsize=8)
def stamp_time(stamp: str | None) -> datetime | None:
    """A transcript entry's `timestamp` as a moment; None when missing, unreadable or
    without a zone (it could not be compared with one that has it)."""
    if not stamp:
        return None
    try:
        when = datetime.fromisoformat(stamp)
    except ValueError:
        return None
    return when if when.tzinfo is not None else None
