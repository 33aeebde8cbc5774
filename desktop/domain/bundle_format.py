"""The bundle file's format, and every check an import makes before writing anything.

A bundle file is a zip: `manifest.json` and one `transcripts/<session id>.jsonl`
per session. The manifest is versioned (`FORMAT`, `VERSION`); it lists the
bundle, its items, the conversations with their executions, and the sessions
with the size and sha256 of each transcript.

An import trusts nothing in the file. These checks are pure (entry names and
sizes as the zip declares them, and the manifest's JSON); the adapter reads
the bytes and holds them to what was declared.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

from desktop.domain.conversations import ExecutionKind, ExecutionStatus
from desktop.domain.errors import UsageError
from desktop.domain.transcript import is_valid_session_id

FORMAT = "sessiondesk-bundle"
VERSION = 1
MANIFEST = "manifest.json"
MAX_ENTRIES = 10_000
MAX_MANIFEST = 32 << 20
MAX_ENTRY = 1 << 30
MAX_TOTAL = 4 << 30
MAX_RATIO = 200
"""Declared size over compressed size: transcripts deflate 5-20x; far more is a bomb."""
RATIO_FROM = 1 << 20
"""Small entries may compress as they like (a tiny file of one repeated byte)."""

_SHA = re.compile(r"^[0-9a-f]{64}$")
_DRIVE = re.compile(r"^[A-Za-z]:")
_KINDS = ("conversation", "session", "note")


class BundleError(UsageError):
    """The file is not a bundle this Sessiondesk can import; nothing was changed."""


@dataclass(frozen=True, slots=True)
class EntryInfo:
    """One zip entry as its central directory declares it."""

    name: str
    size: int
    compressed: int
    is_dir: bool = False
    is_symlink: bool = False
    encrypted: bool = False


def transcript_name(session_id: str) -> str:
    return f"transcripts/{session_id}.jsonl"


def unsafe_reason(name: str) -> str | None:
    """Why an entry name may not be extracted anywhere, or None."""
    if not name or "\x00" in name or len(name) > 255:
        return "an empty or malformed name"
    if "\\" in name:
        return "a backslash in its name"
    if name.startswith("/") or _DRIVE.match(name):
        return "an absolute path"
    parts = name.split("/")
    if any(p in ("", ".", "..") for p in parts):
        return "a path that leaves its folder"
    return None


def check_entries(entries: list[EntryInfo]) -> None:
    """Names, kinds and sizes of the entries, before a byte is read."""
    if len(entries) > MAX_ENTRIES:
        raise BundleError(
            f"the bundle has {len(entries)} entries (at most {MAX_ENTRIES})",
            kind="bundle_too_many_entries",
            count=len(entries),
        )
    seen: set[str] = set()
    total = 0
    for entry in entries:
        shown = entry.name[:80]
        reason = unsafe_reason(entry.name)
        if reason:
            raise BundleError(
                f"refused: entry {shown!r} has {reason}", kind="bundle_unsafe_path", entry=shown
            )
        if entry.is_symlink:
            raise BundleError(
                f"refused: entry {shown!r} is a symbolic link", kind="bundle_symlink", entry=shown
            )
        if entry.is_dir:
            raise BundleError(
                f"refused: entry {shown!r} is a folder", kind="bundle_folder", entry=shown
            )
        if entry.encrypted:
            raise BundleError(
                f"refused: entry {shown!r} is encrypted", kind="bundle_encrypted", entry=shown
            )
        key = entry.name.lower()
        if key in seen:
            raise BundleError(
                f"refused: the entry {shown!r} appears twice", kind="bundle_duplicate", entry=shown
            )
        seen.add(key)
        if entry.size < 0 or entry.compressed < 0 or entry.size > MAX_ENTRY:
            raise BundleError(
                f"refused: entry {shown!r} is too large ({entry.size} bytes)",
                kind="bundle_too_large",
                entry=shown,
            )
        if entry.size > RATIO_FROM and entry.size > MAX_RATIO * max(entry.compressed, 1):
            raise BundleError(
                f"refused: entry {shown!r} would expand {entry.size // max(entry.compressed, 1)}"
                " times (a zip bomb?)",
                kind="bundle_zip_bomb",
                entry=shown,
            )
        total += entry.size
        if total > MAX_TOTAL:
            raise BundleError(
                f"refused: the bundle would expand past {MAX_TOTAL} bytes",
                kind="bundle_too_large_in_all",
            )
    if MANIFEST not in seen:
        raise BundleError("not a Sessiondesk bundle: it has no manifest.json", kind="not_a_bundle")


@dataclass(frozen=True, slots=True)
class SessionEntry:
    session_id: str
    file: str
    size: int
    sha256: str
    cwd: str | None
    title: str | None


@dataclass(frozen=True, slots=True)
class Manifest:
    name: str
    description: str
    items: list[dict[str, Any]]
    conversations: list[dict[str, Any]]
    sessions: list[SessionEntry]


def _need(ok: bool, what: str) -> None:
    if not ok:
        raise BundleError(f"refused: the manifest is invalid ({what})", kind="bundle_bad_manifest")


def _text(value: Any, optional: bool = True) -> bool:
    return (value is None and optional) or isinstance(value, str)


def _int(value: Any, optional: bool = True) -> bool:
    return (value is None and optional) or (isinstance(value, int) and not isinstance(value, bool))


def parse_manifest(data: Any) -> Manifest:
    _need(isinstance(data, dict), "not an object")
    if data.get("format") != FORMAT:
        raise BundleError(
            "not a Sessiondesk bundle (its manifest names another format)", kind="not_a_bundle"
        )
    version = data.get("version")
    _need(_int(version, optional=False), "no version")
    if version > VERSION:
        raise BundleError(
            f"refused: the bundle is format {version}, made by a newer Sessiondesk "
            f"(this one reads up to {VERSION}); update Sessiondesk to import it",
            kind="bundle_newer",
            version=version,
        )
    _need(version >= 1, "version")
    bundle = data.get("bundle")
    _need(isinstance(bundle, dict) and isinstance(bundle.get("name"), str), "bundle name")
    _need(_text(bundle.get("description")), "bundle description")
    sessions = [_session(s) for s in _list(data, "sessions")]
    ids = [s.session_id for s in sessions]
    _need(len(set(ids)) == len(ids), "a session listed twice")
    conversations = [_conversation(c) for c in _list(data, "conversations")]
    conv_ids = [c["id"] for c in conversations]
    _need(len(set(conv_ids)) == len(conv_ids), "a conversation listed twice")
    exec_ids = [e["id"] for c in conversations for e in c.get("executions", [])]
    _need(len(set(exec_ids)) == len(exec_ids), "an execution listed twice")
    items = [_item(i, set(conv_ids), set(ids)) for i in _list(data, "items")]
    return Manifest(bundle["name"], bundle.get("description") or "", items, conversations, sessions)


def _list(data: dict[str, Any], key: str) -> list[Any]:
    value = data.get(key, [])
    _need(isinstance(value, list), key)
    return value


def _session(raw: Any) -> SessionEntry:
    _need(isinstance(raw, dict), "a session")
    sid = raw.get("session_id")
    _need(is_valid_session_id(sid), "a session id")
    _need(raw.get("file") == transcript_name(sid), f"the file of session {sid}")
    _need(_int(raw.get("size"), optional=False) and raw["size"] >= 0, f"size of {sid}")
    _need(isinstance(raw.get("sha256"), str) and bool(_SHA.match(raw["sha256"])), f"sha of {sid}")
    _need(_text(raw.get("cwd")) and _text(raw.get("title")), f"session {sid}")
    return SessionEntry(
        sid, raw["file"], raw["size"], raw["sha256"], raw.get("cwd"), raw.get("title")
    )


_CONV_TEXT = ("title", "description", "cwd", "created")
_EXEC_TEXT = (
    "kind", "status", "cwd", "prompt", "parent_execution_id", "forked_from_execution_id",
    "session_id_in", "session_id", "error", "started", "finished", "runtime_fingerprint",
)  # fmt: skip
# from the enums themselves, so a new kind of execution (a switch was once
# missed here) round-trips the day it exists
_EXEC_KINDS = tuple(k.value for k in ExecutionKind)
_EXEC_STATUS = tuple(s.value for s in ExecutionStatus)


def _conversation(raw: Any) -> dict[str, Any]:
    _need(isinstance(raw, dict), "a conversation")
    _need(isinstance(raw.get("id"), str) and 0 < len(raw["id"]) <= 64, "a conversation id")
    _need(all(_text(raw.get(k)) for k in _CONV_TEXT), f"conversation {raw['id']}")
    sid = raw.get("session_id")
    _need(sid is None or is_valid_session_id(sid), f"session of conversation {raw['id']}")
    _need(_int(raw.get("history_epoch")) and _int(raw.get("last_input_tokens")), "numbers")
    executions = raw.get("executions", [])
    _need(isinstance(executions, list), "executions")
    for e in executions:
        _need(isinstance(e, dict) and isinstance(e.get("id"), str), "an execution id")
        _need(all(_text(e.get(k)) for k in _EXEC_TEXT), f"execution {e['id']}")
        _need(e.get("kind") in _EXEC_KINDS and e.get("status") in _EXEC_STATUS, "execution kind")
        _need(isinstance(e.get("cwd"), str) and isinstance(e.get("prompt"), str), "execution")
        _need(_int(e.get("exit_code")) and _int(e.get("context_tokens")), "execution numbers")
        _need(e.get("usage") is None or isinstance(e["usage"], dict), "execution usage")
        cost = e.get("cost_usd")
        number = isinstance(cost, int | float) and not isinstance(cost, bool)
        _need(cost is None or number, "cost")
    _need(_int(raw.get("context_window")), f"context window of conversation {raw['id']}")
    _rollovers(raw.get("rollovers", []), {e["id"] for e in executions})
    return raw


def _rollovers(rollovers: Any, executions: set[str]) -> None:
    """Each rollover belongs to one of its conversation's carried turns, once."""
    _need(isinstance(rollovers, list), "rollovers")
    turns = []
    for r in rollovers:
        _need(isinstance(r, dict), "a rollover")
        turn = r.get("execution_id")
        _need(isinstance(turn, str) and turn in executions, "a rollover of a turn not carried")
        turns.append(turn)
        sessions = (r.get("old_session_id"), r.get("new_session_id"))
        _need(all(is_valid_session_id(s) for s in sessions), "the sessions of a rollover")
        numbers = (r.get("tokens"), r.get("threshold"))
        _need(all(_int(n, optional=False) for n in numbers), "the numbers of a rollover")
        _need(_text(r.get("created")), "the time of a rollover")
    _need(len(set(turns)) == len(turns), "a rollover listed twice")


def _item(raw: Any, conversations: set[str], sessions: set[str]) -> dict[str, Any]:
    _need(isinstance(raw, dict) and raw.get("kind") in _KINDS, "an item")
    if raw["kind"] == "conversation":
        _need(raw.get("ref") in conversations, "an item names a conversation it does not carry")
    elif raw["kind"] == "session":
        _need(raw.get("ref") in sessions, "an item names a session it does not carry")
    else:
        _need(isinstance(raw.get("text"), str), "a note without text")
    return raw


def check_listing(manifest: Manifest, names: set[str]) -> None:
    """The manifest and the entries must tell the same story: nothing missing, nothing more."""
    listed = {s.file for s in manifest.sessions}
    missing = sorted(listed - names)
    if missing:
        raise BundleError(
            f"refused: the manifest lists {missing[0]}, which the file lacks",
            kind="bundle_entry_missing",
            entry=missing[0][:80],
        )
    extra = sorted(names - listed - {MANIFEST})
    if extra:
        raise BundleError(
            f"refused: the file holds {extra[0][:80]!r}, which the manifest does not list",
            kind="bundle_entry_unlisted",
            entry=extra[0][:80],
        )
