"""The rig's fixtures: markers, skip-or-fail, hermetic environment, accounts."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.rig.claude import hermetic_environ, make_account, project_dir_name
from tests.rig.fakeapi import FakeAPI

pytest_plugins = ["pytester"]

ROOT = Path(__file__).resolve().parent.parent

INNER_TESTS = """
import pytest

@pytest.mark.claude
def test_marked_claude():
    pass

def test_uses_claude_bin(claude_bin):
    pass

@pytest.mark.keyring
def test_marked_keyring():
    pass

def test_uses_keyring_backend(keyring_backend):
    pass

def test_plain(fake_api):
    assert fake_api.url.startswith("http://127.0.0.1:")
"""


@pytest.fixture
def inner(pytester: pytest.Pytester, monkeypatch: pytest.MonkeyPatch) -> pytest.Pytester:
    """A throwaway test project where neither the CLI nor a keyring is available."""
    pytester.makeini(
        "[pytest]\naddopts = --strict-markers\n"
        "markers =\n    claude: x\n    keyring: x\n    gui: x\n"
    )
    pytester.makeconftest('pytest_plugins = ["tests.rig.fixtures"]\n')
    pytester.makepyfile(test_inner=INNER_TESTS)
    monkeypatch.setenv("PYTHONPATH", str(ROOT))
    monkeypatch.setenv("SESSIONDESK_TEST_CLAUDE", str(pytester.path / "no-such-claude"))
    # The fail backend stands in for "no D-Bus session".
    monkeypatch.setenv("PYTHON_KEYRING_BACKEND", "keyring.backends.fail.Keyring")
    monkeypatch.delenv("CI", raising=False)
    return pytester


def test_missing_prerequisites_skip_outside_ci(inner: pytest.Pytester) -> None:
    result = inner.runpytest_subprocess("-rs")
    result.assert_outcomes(passed=1, skipped=4)
    result.stdout.fnmatch_lines(["*no-such-claude is not an executable file*"])
    result.stdout.fnmatch_lines(["*not Secret Service*"])


def test_missing_prerequisites_fail_under_ci(
    inner: pytest.Pytester, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("CI", "1")
    result = inner.runpytest_subprocess()
    result.assert_outcomes(passed=1, errors=4)
    result.stdout.fnmatch_lines(["*required under CI*"])


def test_fixture_users_get_the_marker_so_m_deselects_them(inner: pytest.Pytester) -> None:
    result = inner.runpytest_subprocess("-m", "not claude and not keyring")
    result.assert_outcomes(passed=1, deselected=4)


def test_hermetic_environ_drops_inherited_accounts(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("ANTHROPIC_API_KEY", "sk-real-developer-key")
    monkeypatch.setenv("CLAUDE_CODE_OAUTH_TOKEN", "sk-ant-oat01-real")
    monkeypatch.setenv("CLAUDE_CONFIG_DIR", "/home/someone/.claude")
    monkeypatch.setenv("NO_PROXY", "corp.example")

    env = hermetic_environ({"CLAUDE_CONFIG_DIR": "/tmp/x"})

    assert "ANTHROPIC_API_KEY" not in env
    assert "CLAUDE_CODE_OAUTH_TOKEN" not in env
    assert env["CLAUDE_CONFIG_DIR"] == "/tmp/x"
    assert env["NO_PROXY"].split(",") == ["corp.example", "127.0.0.1", "localhost"]
    assert env["PATH"]


def test_account_env_and_onboarding_state(tmp_path: Path) -> None:
    with FakeAPI() as fake:
        account = make_account(
            "gamma", root=tmp_path, binary=Path("/bin/true"), base_url=fake.url, max_retries=None
        )
        url = fake.url

    assert account.config_dir == tmp_path / "gamma"
    assert account.api_key.startswith("sk-ant-api03-test-gamma-")
    assert account.env["ANTHROPIC_API_KEY"] == account.api_key
    assert account.env["ANTHROPIC_BASE_URL"] == url
    assert account.env["CLAUDE_CONFIG_DIR"] == str(account.config_dir)
    assert account.env["CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC"] == "1"
    assert "CLAUDE_CODE_MAX_RETRIES" not in account.env
    state = json.loads((account.config_dir / ".claude.json").read_text())
    assert state["hasCompletedOnboarding"] is True
    assert state["customApiKeyResponses"]["approved"] == [account.api_key[-20:]]
    account.trust(tmp_path / "work")
    state = json.loads((account.config_dir / ".claude.json").read_text())
    assert state["projects"][str(tmp_path / "work")]["hasTrustDialogAccepted"] is True
    with pytest.raises(FileExistsError):
        make_account("gamma", root=tmp_path, binary=Path("/bin/true"), base_url=url)
    with pytest.raises(ValueError):
        make_account("no/slash", root=tmp_path, binary=Path("/bin/true"), base_url=url)


def test_project_dir_name_counts_utf16_units(tmp_path: Path) -> None:
    assert project_dir_name("/a b/é/🎉x") == "-a-b---" + "--" + "x"
    (tmp_path / "real").mkdir()
    (tmp_path / "link").symlink_to(tmp_path / "real")
    assert project_dir_name(tmp_path / "link") == project_dir_name(tmp_path / "real")


@pytest.mark.keyring
def test_keyring_marker_brings_a_working_secret_service(keyring_backend: object) -> None:
    import keyring

    from desktop.vault.keyring_vault import one_call_at_a_time

    service, user = "sessiondesk-test-rig", "marker-check"
    with one_call_at_a_time():  # as the app's calls do: the daemon mishandles overlaps
        keyring.set_password(service, user, "s3cret ✓")
        try:
            assert keyring.get_password(service, user) == "s3cret ✓"
            assert type(keyring_backend).__module__ == "keyring.backends.SecretService"
        finally:
            keyring.delete_password(service, user)
        assert keyring.get_password(service, user) is None
