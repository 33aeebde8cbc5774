"""Outputs never clobber: `sessions export -o` and `bundle export` aimed at each
kind of path (generated), as root where the machine lets us.

A regular file is replaced whole (its mode kept), a symlink written through,
a new name created; a folder, a device, a FIFO, a socket, a kernel file and
a read-only file are refused with exit 2 and left exactly as they were; a
missing folder is refused; a full disk or a read-only folder is said in words
with the target untouched and no temporary file left. Never an internal error,
never a traceback. The commands run in-process (`desktop.cli.main`).
"""

from __future__ import annotations

import contextlib
import io
import os
import socket
import stat
import subprocess
import tempfile
import uuid
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from desktop.cli import main
from tests.test_transcript_fixtures import Transcript, text

SID = "0a7e0000-0000-4000-8000-000000000001"
OLD = b"what was there before\n"


def call(*argv: str) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        try:
            code = main(list(argv))
        except SystemExit as exc:
            code = int(exc.code or 0)
    return code, out.getvalue(), err.getvalue()


def no_internal_error(code: int, err: str) -> None:
    assert code in (0, 1, 2), err
    assert "internal error" not in err and "Traceback" not in err, err
    assert err.count("\n") <= 1, err


@pytest.fixture(scope="module")
def library() -> Iterator[Path]:
    """A home with one account, one session and one bundle holding it."""
    with tempfile.TemporaryDirectory() as tmp, pytest.MonkeyPatch.context() as patch:
        patch.setenv("CLAUDE_CONFIG_DIR", str(Path(tmp, "no-default")))
        config, home = Path(tmp, "claude"), Path(tmp, "home")
        t = Transcript(session_id=SID)
        t.prompt("export me")
        t.reply(text("exported"))
        (config / "projects" / "p").mkdir(parents=True)
        t.write(config / "projects" / "p" / f"{SID}.jsonl")
        for argv in (
            ["accounts", "add", "w", "--config-dir", str(config), "--auth", "login"],
            ["bundle", "create", "b"],
            ["bundle", "add", "b", SID],
        ):
            code, _out, err = call("--home", str(home), *argv)
            assert code == 0, err
        yield home


@dataclass(frozen=True)
class Node:
    """What a path was before the command: enough to tell it was not touched."""

    kind: int
    ino: int
    rdev: int
    data: bytes | None


def snapshot(path: Path) -> Node | None:
    try:
        info = os.lstat(path)
    except FileNotFoundError:
        return None
    data = path.read_bytes() if stat.S_ISREG(info.st_mode) else None
    return Node(stat.S_IFMT(info.st_mode), info.st_ino, info.st_rdev, data)


def _regular(p: Path) -> Path:
    p.write_bytes(OLD)
    p.chmod(0o640)
    return p


def _fifo(p: Path) -> Path:
    os.mkfifo(p)
    return p


def _socket(p: Path) -> Path:
    s = socket.socket(socket.AF_UNIX)
    s.bind(str(p))
    s.close()
    return p


def _device_node(minor: int) -> Callable[[Path], Path]:
    """A character device of our own (1,3 is null, 1,7 is full): a test that pointed at the
    machine's /dev/null once clobbered it while the old code ran, breaking every process."""

    def make(p: Path) -> Path:
        try:
            os.mknod(p, stat.S_IFCHR | 0o666, os.makedev(1, minor))
        except PermissionError:
            pytest.skip("making a device needs root")
        return p

    return make


def _folder(p: Path) -> Path:
    p.mkdir()
    (p / "inside").write_bytes(OLD)
    return p


# each kind of place: (what it is, how to make it in a folder, what a write must do)
WRITTEN, REFUSED = "written", "refused"
KINDS: dict[str, tuple[Callable[[Path], Path], str]] = {
    "new": (lambda p: p, WRITTEN),
    "regular": (_regular, WRITTEN),
    "folder": (_folder, REFUSED),
    "fifo": (_fifo, REFUSED),
    "socket": (_socket, REFUSED),
    "dev_null": (_device_node(3), REFUSED),
    "dev_full": (_device_node(7), REFUSED),
    "missing_folder": (lambda p: p / "nowhere" / "x", REFUSED),
    "proc_file": (lambda p: Path("/proc/self/comm"), REFUSED),
    "sys_file": (lambda p: Path("/sys/kernel/notes"), REFUSED),
    "proc_new": (lambda p: Path("/proc/sessiondesk-export.md"), REFUSED),
}
COMMANDS = ("md", "html", "bundle")


def export(home: Path, command: str, target: str, as_json: bool) -> tuple[int, str, str]:
    flags = ["--home", str(home), *(["--json"] if as_json else [])]
    if command == "bundle":
        return call(*flags, "bundle", "export", "b", target)
    return call(*flags, "sessions", "export", SID, "--format", command, "-o", target)


def check_written(real: Path, before: Node | None, command: str) -> None:
    info = os.lstat(real)
    assert stat.S_ISREG(info.st_mode)
    data = real.read_bytes()
    if command == "bundle":
        assert data.startswith(b"PK")
    else:
        assert b"export me" in data
    if before is not None and before.data is not None:
        assert stat.S_IMODE(info.st_mode) == 0o640  # the replaced file's bits kept
    else:
        umask = os.umask(0)
        os.umask(umask)
        assert stat.S_IMODE(info.st_mode) == 0o666 & ~umask  # not mkstemp's 0600
    leftovers = [p.name for p in real.parent.iterdir() if p.name.startswith(f".{real.name}.")]
    assert leftovers == []


@settings(max_examples=60)
@given(
    kind=st.sampled_from(sorted(KINDS)),
    links=st.integers(0, 2),
    command=st.sampled_from(COMMANDS),
    as_json=st.booleans(),
)
def test_outputs_to_each_kind_of_path(
    library: Path, kind: str, links: int, command: str, as_json: bool
) -> None:
    make, expected = KINDS[kind]
    with tempfile.TemporaryDirectory() as tmp:
        real = make(Path(tmp, "target"))
        target = real
        for hop in range(links):  # a chain of symlinks: written through, each left a link
            link = Path(tmp, f"link{hop}")
            link.symlink_to(target)
            target = link
        before = snapshot(real)
        code, out, err = export(library, command, str(target), as_json)
        no_internal_error(code, err)
        for hop in range(links):
            assert Path(tmp, f"link{hop}").is_symlink()
        if expected == WRITTEN:
            assert code == 0, err
            check_written(real, before, command)
            assert str(real) in out
        else:
            assert code == 2, (code, out, err)
            assert "refused" in err or "does not exist" in err, err
            assert snapshot(real) == before  # not replaced, not written into
            assert out == ""


def test_a_dangling_symlink_creates_its_target_and_stays_a_link(
    library: Path, tmp_path: Path
) -> None:
    link = tmp_path / "link.md"
    link.symlink_to(tmp_path / "made.md")
    code, _out, err = export(library, "md", str(link), False)
    assert code == 0, err
    assert link.is_symlink() and b"export me" in (tmp_path / "made.md").read_bytes()


def test_a_symlink_loop_is_said_in_words(library: Path, tmp_path: Path) -> None:
    (tmp_path / "a").symlink_to(tmp_path / "b")
    (tmp_path / "b").symlink_to(tmp_path / "a")
    for command in COMMANDS:
        code, _out, err = export(library, command, str(tmp_path / "a"), False)
        no_internal_error(code, err)
        assert code == 2 and "cannot write" in err
        assert (tmp_path / "a").is_symlink() and (tmp_path / "b").is_symlink()


def test_dash_writes_the_document_to_stdout(library: Path) -> None:
    for fmt in ("md", "html"):
        code, out, err = call("--home", str(library), "sessions", "export", SID, "--format", fmt,
                              "-o", "-")  # fmt: skip
        assert code == 0, err
        assert "export me" in out and not Path("-").exists()


def _can_chattr(folder: Path) -> bool:
    probe = folder / "probe"
    probe.write_bytes(b"")
    done = subprocess.run(["chattr", "+i", str(probe)], capture_output=True).returncode == 0
    if done:
        subprocess.run(["chattr", "-i", str(probe)], check=True)
    probe.unlink()
    return done


@contextlib.contextmanager
def immutable(path: Path) -> Iterator[None]:
    subprocess.run(["chattr", "+i", str(path)], check=True)
    try:
        yield
    finally:
        subprocess.run(["chattr", "-i", str(path)], check=True)


def test_a_read_only_file_or_folder_is_said_in_words(library: Path, tmp_path: Path) -> None:
    if not _can_chattr(tmp_path):
        pytest.skip("chattr +i does not work here")
    kept = _regular(tmp_path / "kept.md")
    with immutable(kept):
        for command in COMMANDS:
            code, _out, err = export(library, command, str(kept), False)
            no_internal_error(code, err)
            assert code == 2 and "read-only" in err
    assert kept.read_bytes() == OLD
    folder = tmp_path / "locked"
    folder.mkdir()
    with immutable(folder):
        for command in COMMANDS:
            code, _out, err = export(library, command, str(folder / "new.md"), False)
            no_internal_error(code, err)
            assert code == 1 and "cannot write" in err and "nothing was changed" in err
    assert list(folder.iterdir()) == []


@contextlib.contextmanager
def small_disk(size_kib: int) -> Iterator[Path]:
    """A tmpfs of `size_kib` KiB, mounted for the test (root only)."""
    point = Path(tempfile.mkdtemp(prefix="sd-disk-"))
    mounted = subprocess.run(
        ["mount", "-t", "tmpfs", "-o", f"size={size_kib}k", "tmpfs", str(point)],
        capture_output=True,
    )
    if mounted.returncode != 0:
        point.rmdir()
        pytest.skip("cannot mount a tmpfs here")
    try:
        yield point
    finally:
        subprocess.run(["umount", str(point)], check=True)
        point.rmdir()


def fill(disk: Path, keep_bytes: int) -> None:
    """Leave about `keep_bytes` free on `disk`."""
    free = os.statvfs(disk).f_bavail * os.statvfs(disk).f_frsize
    with open(disk / f"filler-{uuid.uuid4().hex}", "wb") as out, contextlib.suppress(OSError):
        out.write(b"\0" * max(0, free - keep_bytes))


def test_a_full_disk_keeps_the_old_file_and_leaves_no_temporary(library: Path) -> None:
    with small_disk(256) as disk:
        kept = _regular(disk / "kept.md")
        fill(disk, 0)
        for command in COMMANDS:
            for target in (kept, disk / "new.md"):
                code, _out, err = export(library, command, str(target), False)
                no_internal_error(code, err)
                assert code == 1 and "disk is full" in err, err
                assert kept.read_bytes() == OLD and not (disk / "new.md").exists()
                assert [p.name for p in disk.iterdir() if p.name.startswith(".")] == []
