"""What a `claude` binary can do: `--version` and the flags `--help` lists.

Probing costs two process starts, so results are cached per binary file —
(resolved path, mtime, size), which changes when npm replaces the binary — in
memory and in a JSON file that survives restarts.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import os
import re
import signal
from collections.abc import Mapping
from pathlib import Path

from desktop.claude.spawn import spawn
from desktop.domain.errors import ClaudeError
from desktop.domain.runs import Capabilities

CACHE_FILE = "claude-capabilities.json"
_VERSION = re.compile(r"\b(\d+\.\d+\.\d+(?:[-+][0-9A-Za-z.-]+)?)")
# an option line of commander's help: two spaces, an optional short flag, then
# long flags (`  -r, --resume [value]`, `  --allowedTools, --allowed-tools <…>`).
# Wrapped description lines are indented further and may start with a flag too.
_OPTION_LINE = re.compile(r"^  (?:-\w, )?(--[\w-]+(?:, --[\w-]+)*)")

_Key = tuple[str, int, int]
_memory: dict[_Key, Capabilities] = {}


def parse_version(text: str) -> str | None:
    """`2.1.332 (Claude Code)` → `2.1.332`."""
    match = _VERSION.search(text)
    return match.group(1) if match else None


def parse_flags(help_text: str) -> frozenset[str]:
    """Every long option `claude --help` defines (not the ones it merely mentions)."""
    flags: set[str] = set()
    for line in help_text.splitlines():
        match = _OPTION_LINE.match(line)
        if match:
            flags.update(f.strip() for f in match.group(1).split(","))
    return frozenset(flags)


def cache_key(binary: Path) -> _Key:
    resolved = binary.resolve()
    stat = resolved.stat()
    return (str(resolved), stat.st_mtime_ns, stat.st_size)


async def probe_claude(
    binary: Path,
    *,
    cache_dir: Path | None = None,
    env: Mapping[str, str] | None = None,
    timeout: float = 15.0,
) -> Capabilities:
    """Capabilities of `binary`, from cache when the file has not changed."""
    try:
        key = cache_key(binary)
    except OSError as exc:
        raise ClaudeError(f"cannot read {binary}: {exc.strerror or exc}") from exc
    if key in _memory:
        return _memory[key]
    caps = _read_cache(cache_dir, key)
    if caps is None:
        version_text = await _run(binary, "--version", env, timeout)
        version = parse_version(version_text)
        if version is None:
            raise ClaudeError(f"{binary} --version printed no version: {version_text[:200]!r}")
        help_text = await _run(binary, "--help", env, timeout)
        flags = parse_flags(help_text)
        caps = Capabilities(key[0], version, flags)
        _write_cache(cache_dir, key, caps)
    _memory[key] = caps
    return caps


def forget_cached() -> None:
    """Drop the in-memory cache (tests; a binary replaced within one mtime tick)."""
    _memory.clear()


async def _run(binary: Path, arg: str, env: Mapping[str, str] | None, timeout: float) -> str:
    try:
        # forked off the loop (`spawn`): on the loop's thread a fork costs the window a frame
        proc = await spawn([str(binary), arg], cwd=os.curdir,
                           env=os.environ if env is None else env)  # fmt: skip
    except OSError as exc:
        raise ClaudeError(f"cannot run {binary}: {exc.strerror or exc}") from exc
    proc.stdin.close()  # it reads nothing

    async def output() -> tuple[bytes, bytes, int]:
        out, err = await asyncio.gather(proc.stdout.read(), proc.stderr.read())
        return out, err, await proc.wait()

    try:
        out, err, code = await asyncio.wait_for(output(), timeout)
    except TimeoutError:
        # a launcher's children would keep the pipes open: end the whole group
        with contextlib.suppress(ProcessLookupError):
            os.killpg(proc.pid, signal.SIGKILL)
        await proc.wait()
        await proc.close_pipes()  # a child outside its group may still hold them
        raise ClaudeError(f"`{binary} {arg}` did not finish within {timeout:g} s") from None
    if code != 0:
        detail = err.decode("utf-8", "replace").strip() or out.decode("utf-8", "replace").strip()
        raise ClaudeError(f"`{binary} {arg}` failed (exit {code}): {detail[:500]}")
    return out.decode("utf-8", "replace")


def _read_cache(cache_dir: Path | None, key: _Key) -> Capabilities | None:
    if cache_dir is None:
        return None
    try:
        entries = json.loads((cache_dir / CACHE_FILE).read_text(encoding="utf-8"))
        entry = entries[_entry_name(key)]
        return Capabilities(key[0], str(entry["version"]), frozenset(entry["flags"]))
    except (OSError, ValueError, KeyError, TypeError):
        return None  # no cache, or one we cannot trust: probe again


def _write_cache(cache_dir: Path | None, key: _Key, caps: Capabilities) -> None:
    if cache_dir is None:
        return
    path = cache_dir / CACHE_FILE
    try:
        entries = json.loads(path.read_text(encoding="utf-8"))
        if not isinstance(entries, dict):
            entries = {}
    except (OSError, ValueError):
        entries = {}
    entries[_entry_name(key)] = {"version": caps.version, "flags": sorted(caps.flags)}
    try:
        cache_dir.mkdir(parents=True, exist_ok=True)
        tmp = path.with_suffix(f".{os.getpid()}.tmp")
        tmp.write_text(json.dumps(entries, indent=1, sort_keys=True), encoding="utf-8")
        os.replace(tmp, path)  # readers never see half a file
    except OSError:
        pass  # a cache that cannot be written only costs a probe next time


def _entry_name(key: _Key) -> str:
    path, mtime_ns, size = key
    return f"{path}|{mtime_ns}|{size}"
