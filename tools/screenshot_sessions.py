"""The made-up accounts and sessions the screenshots show (`tools/screenshot.py`
and the tools built on it): a throwaway home with two accounts, whose
sessions are written by the real claude CLI driven against the test rig's
fake Messages API (tests/rig/) — a Read and a Bash call that really run, a
reply with a code block, a second turn in Chinese — or, without the CLI, the
same conversation in the CLI's on-disk format."""

from __future__ import annotations

import json
import subprocess
import sys
import uuid
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from tests.rig.claude import ClaudeAccount, ClaudeUnavailable, find_claude, make_account  # noqa: E402
from tests.rig.fakeapi import FakeAPI, Reply, Text, Thinking, ToolUse  # noqa: E402

CONFIG_PY = """import tomllib


def parse_config(path):
    with open(path, "rb") as handle:
        data = tomllib.load(handle)
    return data["server"]["port"]
"""
FIRST_PROMPT = "Why does `parse_config` crash on an empty config file? Read config.py and try it."
REPRODUCE = "python3 -c \"import config; config.parse_config('empty.toml')\""
EXPLANATION = """An empty file parses to an empty table, so `data["server"]` raises **KeyError**.
A missing section should fall back to the default port instead:

```python
def parse_config(path: str) -> int:
    with open(path, "rb") as handle:
        data = tomllib.load(handle)
    return data.get("server", {}).get("port", 8080)
```

- an empty file gives port `8080`
- a `[server]` table without a port gives `8080` too"""
THOUGHT = "The traceback will name the missing key; reproduce it first."
LOOKING = "Let me look at the parser first."
SECOND_PROMPT = "谢谢！请用中文总结一下这个修复。"
SUMMARY_ZH = """**修复总结**

1. 空的配置文件会被解析成空表，所以 `data["server"]` 抛出 `KeyError`。
2. 改用 `dict.get()`，缺少的部分回退到默认端口 8080。
3. 建议为“空文件”和“没有端口”两种情况各补一个测试。"""
OTHERS = {
    "work": [
        ("web", "Add a dark mode toggle to the settings page",
         "Done: the toggle lives in `Settings.vue`."),
        ("api", "Write a migration that adds an index on sessions.modified",
         "Added `0007_modified_index.py`."),
        ("infra", "Why is the nightly backup job slow?",
         "It copies the WAL file twice; see `backup.sh`."),
        ("api", "给 API 加上分页参数", "已添加 `limit` 和 `cursor` 参数。"),
    ],
    "personal": [
        ("blog", "Draft a post about moving our CLI to Rust",
         "Here is a first draft with three sections."),
        ("scripts", "Rename my photos by their EXIF date",
         "The script `rename_photos.py` is ready."),
    ],
}  # fmt: skip


@dataclass
class Sessions:
    accounts: dict[str, Path] = field(default_factory=dict)
    main_account: str = "work"
    main_id: str = ""
    count: int = 0
    writer: str = ""
    keys: dict[str, str] = field(default_factory=dict)
    """API keys of the CLI's accounts: with them (and a keyring) a turn can run live."""
    shell: dict[str, str] = field(default_factory=dict)
    """What a person's shell gives Sessiondesk to reach the fake API, minus its address."""


def make_sessions(folder: Path, *, real: bool = True) -> Sessions:
    """Accounts with sessions: by the real CLI when it can run, else synthesised."""
    if real:
        try:
            return _by_the_cli(folder, find_claude())
        except (ClaudeUnavailable, OSError, subprocess.SubprocessError) as exc:
            print(f"the claude CLI cannot run ({exc}); writing the sessions", file=sys.stderr)
    return _synthetic(folder)


def _project(folder: Path, name: str) -> Path:
    cwd = folder / "src" / name
    cwd.mkdir(parents=True, exist_ok=True)
    return cwd


def _run(account: ClaudeAccount, cwd: Path, prompt: str, *extra: str) -> str:
    # --allowedTools takes several values: the prompt must come before it
    args = ["-p", prompt, "--output-format", "json", *extra, "--allowedTools", "Bash"]
    proc = account.run(args, cwd=cwd, timeout=120)
    if proc.returncode != 0:
        raise subprocess.SubprocessError(proc.stderr.strip()[-300:] or "claude failed")
    return str(json.loads(proc.stdout)["session_id"])


def _by_the_cli(folder: Path, binary: Path) -> Sessions:
    out = Sessions(writer=f"the claude CLI ({binary})")
    cwd = _project(folder, "config-parser")
    config = cwd / "config.py"
    config.write_text(CONFIG_PY, encoding="utf-8")
    (cwd / "empty.toml").write_text("", encoding="utf-8")
    with FakeAPI() as api:
        accounts = {
            name: make_account(name, root=folder / "claude", binary=binary, base_url=api.url)
            for name in OTHERS
        }
        out.accounts = {name: account.config_dir for name, account in accounts.items()}
        out.keys = {name: account.api_key for name, account in accounts.items()}
        out.shell = {
            k: v
            for k, v in accounts["work"].env.items()
            if k not in ("CLAUDE_CONFIG_DIR", "ANTHROPIC_API_KEY", "ANTHROPIC_BASE_URL")
        }
        out.shell["SESSIONDESK_CLAUDE"] = str(binary)  # fmt: skip
        for name, jobs in OTHERS.items():
            for project, prompt, answer in jobs:
                api.enqueue(Reply.text(answer))
                _run(accounts[name], _project(folder, project), prompt)
                out.count += 1
        api.enqueue(
            Reply.of(Thinking(THOUGHT), Text(LOOKING), ToolUse("Read", {"file_path": str(config)})),
            Reply.tool_use("Bash", {"command": REPRODUCE, "description": "Reproduce the crash"}),
            Reply.text(EXPLANATION),
        )  # fmt: skip
        out.main_id = _run(accounts["work"], cwd, FIRST_PROMPT)
        api.enqueue(Reply.text(SUMMARY_ZH))
        _run(accounts["work"], cwd, SECOND_PROMPT, "--resume", out.main_id)
        out.count += 1
    _damage_one(out.accounts["work"], out.main_id)
    return out


def _damage_one(config: Path, keep: str) -> None:
    """Cut the last line of one other session in half, so the list shows its badge."""
    for path in sorted(config.glob("projects/*/*.jsonl")):
        if path.stem != keep and "infra" in path.parent.name:
            with path.open("ab") as handle:
                handle.write(b'{"type":"assistant","message":{"content":[\n')
            return


def _synthetic(folder: Path) -> Sessions:
    from tests.test_transcript_fixtures import Transcript, text, thinking, tool_use

    out = Sessions(writer="the synthetic writer (same format)")
    for name, jobs in OTHERS.items():
        config = folder / "claude" / name
        out.accounts[name] = config
        for project, prompt, answer in jobs:
            t = Transcript(str(uuid.uuid4()), str(_project(folder, project)))
            t.prompt(prompt)
            t.reply(text(answer))
            t.write(config / "projects" / f"-src-{project}" / f"{t.session_id}.jsonl")
            out.count += 1
    cwd = _project(folder, "config-parser")
    t = Transcript(str(uuid.uuid4()), str(cwd))
    t.prompt(FIRST_PROMPT)
    t.reply(thinking(THOUGHT), text(LOOKING),
            tool_use("toolu_read", "Read", {"file_path": str(cwd / "config.py")}))  # fmt: skip
    numbered = "".join(f"{n:>6}\t{line}\n" for n, line in enumerate(CONFIG_PY.splitlines(), 1))
    t.result("toolu_read", numbered)
    t.reply(
        tool_use("toolu_bash", "Bash", {"command": REPRODUCE, "description": "Reproduce the crash"})
    )
    t.result(
        "toolu_bash", "Traceback (most recent call last):\n  ...\nKeyError: 'server'", is_error=True
    )
    t.reply(text(EXPLANATION))
    t.prompt(SECOND_PROMPT)
    t.reply(text(SUMMARY_ZH))
    t.write(out.accounts["work"] / "projects" / "-src-config-parser" / f"{t.session_id}.jsonl")
    out.main_id, out.count = t.session_id, out.count + 1
    _damage_one(out.accounts["work"], out.main_id)
    return out
