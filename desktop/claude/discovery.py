"""Find Claude Code sessions in one account's config dir.

Claude Code keeps `projects/<encoded cwd>/<session id>.jsonl`, and a session's
subagents in `projects/<encoded cwd>/<session id>/subagents/*.jsonl`. There is no
index file in the versions we support, so we scan. Rules:

* only a file whose stem is a UUID is a session; anything else is ignored;
* the folder name is a lossy encoding of the cwd: we pass it on as an opaque
  `project` key and never decode it (the cwd comes from the entries);
* symbolic links are followed only while they stay under the `projects`
  folder (itself resolved once, so a user may move that whole folder to
  another disk): a link elsewhere is reported and skipped;
* a folder we may not read is reported, never raised: one bad folder must not
  hide the other sessions.
"""

from __future__ import annotations

import json
import os
import stat
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path

from desktop.domain.sessions import is_valid_session_id, validate_session_id
from desktop.regular_files import open_regular

SUFFIX = ".jsonl"
AGENT_PREFIX = "agent-"
META_SUFFIX = ".meta.json"
_META_LIMIT = 1 << 20


@dataclass(frozen=True, slots=True)
class SubagentFile:
    agent_id: str
    path: Path
    size: int
    mtime_ns: int
    meta_path: Path | None = None
    """`agent-<id>.meta.json` beside it: names the tool call that started it."""

    def started_by(self) -> str | None:
        """The tool call id the CLI recorded in the `.meta.json`, if it can be read."""
        if self.meta_path is None:
            return None
        try:
            with open_regular(self.meta_path) as stream:
                data = json.loads(stream.read(_META_LIMIT))
        except (OSError, ValueError, RecursionError):  # damaged, or nested absurdly deep
            return None
        found = data.get("toolUseId") if isinstance(data, dict) else None
        return found if isinstance(found, str) else None


@dataclass(frozen=True, slots=True)
class SessionFile:
    session_id: str
    path: Path
    size: int
    mtime_ns: int
    project: str
    """The folder name under `projects/`, as is: a grouping key, not a path."""
    subagents: tuple[SubagentFile, ...] = ()


@dataclass(frozen=True, slots=True)
class ScanProblem:
    path: str
    reason: str


@dataclass(slots=True)
class Discovery:
    sessions: list[SessionFile] = field(default_factory=list)
    problems: list[ScanProblem] = field(default_factory=list)


def discover_sessions(config_dir: str | os.PathLike[str]) -> Discovery:
    """Every session of one config dir, with what could not be looked at."""
    found = Discovery()
    found.sessions.extend(iter_sessions(config_dir, found.problems))
    return found


def iter_sessions(
    config_dir: str | os.PathLike[str], problems: list[ScanProblem] | None = None
) -> Iterator[SessionFile]:
    """Sessions one project folder at a time, so a caller can show progress."""
    for session_id, path, info, project, subagents in iter_found(config_dir, problems):
        yield SessionFile(
            session_id, Path(path), info.st_size, info.st_mtime_ns, project, subagents
        )


Found = tuple[str, str, os.stat_result, str, tuple["SubagentFile", ...]]
"""(session id, path, its stat, project folder name, subagents)."""


def iter_found(
    config_dir: str | os.PathLike[str], problems: list[ScanProblem] | None = None
) -> Iterator[Found]:
    """What `iter_sessions` finds, as plain values: the index stats every
    transcript on every start, and building thousands of Path objects is a
    good part of that."""
    problems = [] if problems is None else problems
    root = _projects_root(Path(config_dir), problems)
    if root is None:
        return
    seen: set[tuple[int, int]] = set()  # a link inside `projects` must not list a file twice
    for project in _scan(root, problems):
        if not project.name.startswith(".") and _is_dir(project, root, problems):
            yield from _project_sessions(Path(project.path), root, problems, seen)


def list_subagents(
    session_path: str | os.PathLike[str],
    problems: list[ScanProblem] | None = None,
    root: Path | None = None,
) -> tuple[SubagentFile, ...]:
    """The subagent transcripts of one session, sorted by file name."""
    problems = [] if problems is None else problems
    session_path = Path(session_path)
    folder = session_path.with_suffix("") / "subagents"
    try:
        if not stat.S_ISDIR(os.stat(folder).st_mode):
            return ()
    except OSError:
        return ()  # no subagents: the usual case, not a problem
    # resolved only now: a stat per part of the path, for each of thousands of
    # sessions the archive follows, when most have no subagents at all
    root = root or Path(os.path.realpath(session_path.parent.parent))
    if not _under(folder, root):
        problems.append(ScanProblem(str(folder), "skipped: leads outside the config dir"))
        return ()
    listing = list(_scan(folder, problems))
    names = {item.name for item in listing}
    out: list[SubagentFile] = []
    for item in sorted(listing, key=lambda i: i.name):
        if not item.name.endswith(SUFFIX):
            continue
        info = _file_stat(item, root, problems)
        if info is None:
            continue
        stem = item.name[: -len(SUFFIX)]
        agent_id = stem.removeprefix(AGENT_PREFIX) or stem
        meta = stem + META_SUFFIX
        meta_path = folder / meta if meta in names else None
        out.append(
            SubagentFile(agent_id, Path(item.path), info.st_size, info.st_mtime_ns, meta_path)
        )
    return tuple(out)


def find_session_file(config_dir: str | os.PathLike[str], session_id: str) -> SessionFile | None:
    """The transcript of one session id, or None. The id is checked first: it
    becomes part of a path, so `../x` and the like are refused (UsageError)."""
    session_id = validate_session_id(session_id).lower()
    problems: list[ScanProblem] = []
    root = _projects_root(Path(config_dir), problems)
    if root is None:
        return None
    best: SessionFile | None = None
    for project in _scan(root, problems):
        if not _is_dir(project, root, problems):
            continue
        path = Path(project.path) / (session_id + SUFFIX)
        try:
            info = os.stat(path)
        except OSError:
            continue
        if not stat.S_ISREG(info.st_mode) or not _under(path, root):
            continue
        candidate = SessionFile(
            session_id,
            path,
            info.st_size,
            info.st_mtime_ns,
            project.name,
            list_subagents(path, problems, root),
        )
        # the same id in two folders (a copied transcript): the one written last is live
        if best is None or candidate.mtime_ns > best.mtime_ns:
            best = candidate
    return best


def _projects_root(config_dir: Path, problems: list[ScanProblem]) -> Path | None:
    projects = config_dir / "projects"
    try:
        real = Path(os.path.realpath(projects))
        if not stat.S_ISDIR(os.stat(real).st_mode):
            problems.append(ScanProblem(str(projects), "not a folder"))
            return None
    except FileNotFoundError:
        return None  # an account that never ran a session
    except OSError as exc:
        problems.append(ScanProblem(str(projects), _reason(exc)))
        return None
    return real


def _project_sessions(
    folder: Path, root: Path, problems: list[ScanProblem], seen: set[tuple[int, int]]
) -> Iterator[Found]:
    # run for every transcript on every start: what each file needs is done once here
    listing = _scan(folder, problems)
    dirs = {item.name for item in listing if _quiet_is_dir(item)}
    project, cut = folder.name, -len(SUFFIX)
    for item in listing:
        name = item.name
        session_id = name[:cut]
        if not name.endswith(SUFFIX) or not is_valid_session_id(session_id):
            continue
        info = _file_stat(item, root, problems)
        if info is None:
            continue
        key = (info.st_dev, info.st_ino)
        if key in seen:
            continue
        seen.add(key)
        subagents = list_subagents(item.path, problems, root) if session_id in dirs else ()
        yield session_id, item.path, info, project, subagents


def _scan(folder: Path, problems: list[ScanProblem]) -> list[os.DirEntry[str]]:
    try:
        with os.scandir(folder) as listing:
            return list(listing)
    except OSError as exc:
        problems.append(ScanProblem(str(folder), _reason(exc)))
        return []


def _file_stat(
    item: os.DirEntry[str], root: Path, problems: list[ScanProblem]
) -> os.stat_result | None:
    """A regular file's stat, or None (a link leading out, a socket, a vanished file)."""
    try:
        if item.is_symlink() and not _under(Path(item.path), root):
            problems.append(ScanProblem(item.path, "skipped: link leads outside the config dir"))
            return None
        info = item.stat(follow_symlinks=True)
    except FileNotFoundError:
        return None  # deleted while we looked (the CLI's own clean-up): not a problem
    except OSError as exc:
        problems.append(ScanProblem(item.path, _reason(exc)))
        return None
    return info if stat.S_ISREG(info.st_mode) else None


def _is_dir(item: os.DirEntry[str], root: Path, problems: list[ScanProblem]) -> bool:
    if not _quiet_is_dir(item):
        return False
    if item.is_symlink() and not _under(Path(item.path), root):
        problems.append(ScanProblem(item.path, "skipped: link leads outside the config dir"))
        return False
    return True


def _quiet_is_dir(item: os.DirEntry[str]) -> bool:
    try:
        return item.is_dir(follow_symlinks=True)
    except OSError:
        return False


def _under(path: Path, root: Path) -> bool:
    """Whether `path`, links resolved, is inside `root` (already resolved)."""
    return Path(os.path.realpath(path)).is_relative_to(root)


def _reason(exc: OSError) -> str:
    return exc.strerror or type(exc).__name__
