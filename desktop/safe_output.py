"""Write a file a person asked for (an export, a bundle), never clobbering
what is not a regular file.

The one way every such file is written (`sessions export -o`, `bundle
export`, the window's Export and Save bundle), so the rules hold everywhere:

* a regular file (or a new name in an existing folder) is written beside
  itself and renamed over, so a reader never sees half of it; a file that was
  there keeps its permission bits, a new one gets the umask's;
* a symbolic link is written through: its target is replaced, the link stays
  (a dangling link's target is created, as the shell's `>` would);
* a folder, a device (`/dev/null` included: `-o -` and the shell's own `>`
  do that job), a FIFO, a socket, anything on a kernel file system (`/proc`,
  `/sys`) and a read-only file are refused with a message that says what the
  path is — exit code 2, nothing touched;
* a failure while writing (a full disk, a read-only folder) is said in words,
  the half-written temporary file removed, the target untouched.
"""

from __future__ import annotations

import contextlib
import errno
import os
import re
import stat
import tempfile
from collections.abc import Iterator
from pathlib import Path

from desktop.domain.errors import SessiondeskError, UsageError
from desktop.domain.oddtext import clean

STDOUT = "-"
"""The name that means "write to standard output" where a command allows it."""

_KERNEL_FILESYSTEMS = frozenset({
    "proc", "sysfs", "cgroup", "cgroup2", "debugfs", "tracefs", "securityfs", "configfs",
    "devpts", "bpf", "pstore", "efivarfs", "fusectl", "mqueue", "binfmt_misc", "autofs",
    "hugetlbfs", "rpc_pipefs", "nsfs", "selinuxfs",
})  # fmt: skip
"""File systems whose "files" are the kernel's knobs: writing one is never an export."""
_KERNEL_ROOTS = ("/proc", "/sys")
"""Refused even when the mount table cannot be read."""
_OCTAL = re.compile(rb"\\([0-7]{3})")


class OutputError(SessiondeskError):
    """The file could not be written (a full disk, a read-only folder): exit 1."""

    default_kind = "output_failed"


def _shown(path: Path | str) -> str:
    return clean(os.fsdecode(path))


def _filesystem_of(path: str) -> str | None:
    """The type of the file system `path` (absolute, resolved) is on, from the
    mount table: the longest mount point that holds it."""
    best, kind = "", None
    with contextlib.suppress(OSError), open("/proc/self/mounts", "rb") as mounts:
        for line in mounts:
            fields = line.split()
            if len(fields) < 3:
                continue
            # the table writes a space, a tab, a newline and a backslash in octal (\040)
            point = os.fsdecode(_OCTAL.sub(lambda m: bytes([int(m[1], 8)]), fields[1]))
            inside = path == point or path.startswith(point.rstrip("/") + "/")
            if inside and len(point) >= len(best):
                best, kind = point, os.fsdecode(fields[2])
    return kind


def on_kernel_filesystem(path: str) -> bool:
    """Whether `path` (absolute, resolved) is under /proc, /sys or another kernel file system."""
    if any(path == root or path.startswith(root + "/") for root in _KERNEL_ROOTS):
        return True
    return _filesystem_of(path) in _KERNEL_FILESYSTEMS


def _what(mode: int) -> tuple[str, str]:
    """(the error's kind, what the path is, in words) for a file that is not regular."""
    if stat.S_ISDIR(mode):
        return "output_is_folder", "a folder"
    if stat.S_ISCHR(mode) or stat.S_ISBLK(mode):
        return "output_is_device", "a device"
    if stat.S_ISFIFO(mode):
        return "output_is_pipe", "a FIFO (a named pipe)"
    return "output_is_special", "not a regular file"


def resolve_output(target: str) -> Path:
    """The regular file `target` names (through any symlink), checked: raises a
    `UsageError` saying why when it must not be written."""
    if target == "":
        raise UsageError("the output file name is empty", kind="output_name_empty")
    given = Path(os.path.expanduser(target)).absolute()
    try:
        # through every symlink, dangling ones included: their target is what we write
        real = Path(os.path.realpath(given, strict=False))
        info: os.stat_result | None = os.stat(real)
    except FileNotFoundError:
        info = None
    except OSError as exc:  # a symlink loop, a name too long, a folder we may not enter
        raise UsageError(
            f"cannot write {_shown(given)}: {exc.strerror or exc}",
            kind="output_failed",
            path=_shown(given),
            why=exc.strerror or str(exc),
        ) from None
    if on_kernel_filesystem(str(real)):
        raise UsageError(
            f"refused: {_shown(given)} is a kernel file (/proc, /sys), not a file to export to",
            kind="output_is_special",
            path=_shown(given),
        )
    if info is not None and not stat.S_ISREG(info.st_mode):
        kind, what = _what(info.st_mode)
        raise UsageError(
            f"refused: {_shown(given)} is {what}; name a regular file",
            kind=kind,
            path=_shown(given),
        )
    if info is None and not real.parent.is_dir():
        raise UsageError(
            f"the folder {_shown(real.parent)} does not exist",
            kind="save_folder_missing",
            folder=_shown(real.parent),
        )
    if info is not None and not os.access(real, os.W_OK):
        raise UsageError(
            f"refused: {_shown(given)} is read-only",
            kind="output_read_only",
            path=_shown(given),
        )
    return real


def _failed(path: Path, exc: OSError) -> OutputError:
    why = exc.strerror or str(exc)
    if exc.errno == errno.ENOSPC:
        why = "the disk is full"
    return OutputError(
        f"cannot write {_shown(path)}: {why}; nothing was changed",
        path=_shown(path),
        why=why,
    )


@contextlib.contextmanager
def replacing(target: str, *, suffix: str = ".part") -> Iterator[tuple[Path, Path]]:
    """Yield (a temporary file beside the file `target` names, that file); when
    the block ends without an error, the temporary file replaces that file."""
    path = resolve_output(target)
    try:
        fd, name = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.", suffix=suffix)
    except OSError as exc:
        raise _failed(path, exc) from None
    temporary = Path(name)
    try:
        try:
            _give_mode(fd, path)
        finally:
            os.close(fd)
        yield temporary, path
        _check_unchanged(path)
        os.replace(temporary, path)
    except OSError as exc:
        temporary.unlink(missing_ok=True)
        raise _failed(path, exc) from None
    except BaseException:
        temporary.unlink(missing_ok=True)
        raise


def _give_mode(fd: int, path: Path) -> None:
    """The bits of the file replaced, or what a new file would get (mkstemp's 0600 is
    for secrets, and an export is not one)."""
    try:
        old = os.stat(path)
    except FileNotFoundError:
        umask = os.umask(0)
        os.umask(umask)
        os.fchmod(fd, 0o666 & ~umask)
        return
    os.fchmod(fd, stat.S_IMODE(old.st_mode))
    if hasattr(os, "fchown") and os.geteuid() == 0:  # root writing someone's file keeps its owner
        with contextlib.suppress(OSError):
            os.fchown(fd, old.st_uid, old.st_gid)


def _check_unchanged(path: Path) -> None:
    """Just before the rename: the name must still be a regular file or free
    (a device planted meanwhile is never replaced)."""
    try:
        info = os.lstat(path)
    except FileNotFoundError:
        return
    if not stat.S_ISREG(info.st_mode):
        kind, what = _what(info.st_mode)
        raise UsageError(f"refused: {_shown(path)} became {what} while it was written",
                         kind=kind, path=_shown(path))  # fmt: skip


def write_output(target: str, data: bytes) -> Path:
    """Write `data` to the file `target` names, by the rules above; returns
    the path written (a symlink's target)."""
    with replacing(target) as (temporary, path), open(temporary, "wb") as out:
        out.write(data)
        out.flush()
        os.fsync(out.fileno())  # a full disk shows here, before the rename
    return path
