"""Finding the claude binary: the order of sources and the errors a person sees."""

from __future__ import annotations

from pathlib import Path

import pytest

from desktop.claude.locate import locate_claude
from desktop.domain.errors import ClaudeNotFoundError, SessiondeskError


def program(folder: Path, name: str = "claude", mode: int = 0o755) -> Path:
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / name
    path.write_text("#!/bin/sh\necho 2.1.332\n")
    path.chmod(mode)
    return path


def test_order_explicit_setting_env_path(tmp_path: Path) -> None:
    explicit = program(tmp_path / "explicit")
    setting = program(tmp_path / "setting")
    from_env = program(tmp_path / "env")
    on_path = program(tmp_path / "bin")
    env = {"SESSIONDESK_CLAUDE": str(from_env), "PATH": str(on_path.parent)}
    assert locate_claude(explicit, str(setting), env) == explicit
    assert locate_claude(None, str(setting), env) == setting
    assert locate_claude(None, None, env) == from_env
    assert locate_claude(None, "  ", {"PATH": f"/nowhere:{on_path.parent}"}) == on_path


def test_a_broken_choice_does_not_fall_through(tmp_path: Path) -> None:
    # the person named a binary: hear that it is wrong, not silently get another
    on_path = program(tmp_path / "bin")
    with pytest.raises(ClaudeNotFoundError, match="--claude"):
        locate_claude(tmp_path / "gone", None, {"PATH": str(on_path.parent)})


def test_missing_everywhere(tmp_path: Path) -> None:
    with pytest.raises(ClaudeNotFoundError) as caught:
        locate_claude(None, None, {"PATH": str(tmp_path)})
    message = str(caught.value)
    assert "not found on PATH" in message
    assert "npm install -g @anthropic-ai/claude-code" in message
    assert "Settings" in message and "--claude" in message
    assert isinstance(caught.value, SessiondeskError)  # shown as is, exit code 1
    assert caught.value.exit_code == 1


def test_missing_file(tmp_path: Path) -> None:
    with pytest.raises(ClaudeNotFoundError, match=r"does not exist.*npm install"):
        locate_claude(None, str(tmp_path / "nope" / "claude"), {})


def test_not_executable(tmp_path: Path) -> None:
    plain = program(tmp_path / "x", mode=0o644)
    with pytest.raises(ClaudeNotFoundError, match="not executable"):
        locate_claude(None, None, {"SESSIONDESK_CLAUDE": str(plain)})


def test_a_folder_is_not_a_program(tmp_path: Path) -> None:
    with pytest.raises(ClaudeNotFoundError, match="is a folder"):
        locate_claude(tmp_path, None, {})


def test_non_executable_on_path_is_skipped(tmp_path: Path) -> None:
    # shutil.which only returns executables, so a later PATH entry wins
    program(tmp_path / "first", mode=0o644)
    good = program(tmp_path / "second")
    env = {"PATH": f"{tmp_path / 'first'}:{tmp_path / 'second'}"}
    assert locate_claude(None, None, env) == good


def test_home_is_expanded(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("HOME", str(tmp_path))
    installed = program(tmp_path / ".local" / "bin")
    assert locate_claude("~/.local/bin/claude") == installed
