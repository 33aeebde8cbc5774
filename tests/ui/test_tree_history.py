"""The window's execution tree after a walk through one conversation (real
claude, fake API, driven by the command line): every label and column as
`tree --json` says, nothing cut at the default width, each node's Claude
session id, and two turns of different sessions compared from the tree."""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt
from PySide6.QtGui import QGuiApplication
from PySide6.QtWidgets import QMenu
from pytestqt.qtbot import QtBot

from desktop.domain.conversations import Execution, ExecutionKind, ExecutionStatus
from desktop.ui.conversations.compare_dialog import CompareDialog
from desktop.ui.conversations.conversation_pane import ConversationPane
from desktop.ui.conversations.tree_labels import node_tip
from desktop.ui.conversations.tree_menu import node_menu
from desktop.ui.conversations.tree_model import LABEL_ROLE
from desktop.ui.shell.window_state import DEFAULT_SIZE
from tests.clirun import sessiondesk
from tests.sdrig import register
from tests.tree_walk import nodes, walk
from tests.ui.run_kit import open_rig, until, use_account_env
from tests.ui.test_tree_width import SHOTS, cut, depth_of

pytestmark = [pytest.mark.gui, pytest.mark.claude, pytest.mark.keyring, pytest.mark.timeout(500)]


def click(qtbot: QtBot, pane: ConversationPane, execution_id: str, *, ctrl: bool = False) -> None:
    index = pane.model.index_of(execution_id)
    pane.tree.scrollTo(index)
    modifier = Qt.KeyboardModifier.ControlModifier if ctrl else Qt.KeyboardModifier.NoModifier
    qtbot.mouseClick(pane.tree.viewport(), Qt.MouseButton.LeftButton, modifier,
                     pane.tree.visualRect(index).center())  # fmt: skip


def test_the_window_tree_reads_like_history_and_compares_any_two_turns(
    claude_account, claude_bin, fake_api, home, hub, tmp_path, qapp, qtbot, open_window,
    monkeypatch,
) -> None:  # fmt: skip
    project = tmp_path / "walk"
    project.mkdir()
    alpha, beta = claude_account("alpha"), claude_account("beta")
    env = register(home, alpha, claude_bin)
    register(home, beta, claude_bin)
    done = walk(home, env, fake_api, project)
    tree_json = sessiondesk(home, "--json", "tree", done["t1"]["conversation_id"], env=env)
    expected = {n["execution_id"]: n for n in nodes(tree_json.json())}
    use_account_env(monkeypatch, env)
    with open_rig(
        home=home, hub=hub, project=project, qapp=qapp, qtbot=qtbot,
        open_window=open_window, monkeypatch=monkeypatch, api=fake_api,
    ) as rig:  # fmt: skip
        rig.window.resize(DEFAULT_SIZE)
        rig.window.default_layout()  # the offscreen screen is smaller than the default window
        pane, desk = rig.window.conversation, rig.desk
        SHOTS.mkdir(parents=True, exist_ok=True)

        async def scenario() -> None:
            await until(lambda: desk.pane.source.row_of(("alpha", done["t4"]["session_id"]))
                        is not None, 30, "the walk's sessions in the list")  # fmt: skip
            assert desk.pane.select_session("alpha", done["t4"]["session_id"])
            await until(lambda: len(pane.model.executions()) == len(expected), 30,
                        "the whole tree")  # fmt: skip
            await until(lambda: not pane.reader.busy(), what="the pane's read")

            rig.window.grab().save(str(SHOTS / "tree-window.png"))
            pane.tree.grab().save(str(SHOTS / "tree-pane.png"))
            # the window's tree and `tree --json` agree on every label and column
            for execution_id, node in expected.items():
                index = pane.model.index_of(execution_id)
                assert index.data(LABEL_ROLE) == node["label"]
                assert depth_of(index) == node["depth"], node["label"]
                assert not cut(pane.tree, index), f"{index.data()} is cut"

            # each node's Claude session: in its tooltip, copied from its menu
            t4 = hub.conversations.execution(done["t4"]["execution_id"])
            tip = pane.model.index_of(t4.id).data(Qt.ItemDataRole.ToolTipRole)
            assert f"Claude session: {t4.session_id}" in tip
            menu = node_menu(pane.model, pane.model.index_of(t4.id), pane.tree.actions(),
                             pane.compare_pair, pane)  # fmt: skip
            assert menu is not None
            (copy,) = [a for a in menu.actions() if a.objectName() == "copySessionId"]
            copy.trigger()
            assert QGuiApplication.clipboard().text() == t4.session_id

            # "Compare with" the edit & re-run: the first three turns are common
            others = menu.findChild(QMenu, "compareWithMenu")
            (pick,) = [a for a in others.actions() if a.data() == done["rerun"]["execution_id"]]
            assert pick.text().startswith("re-run · replayed 3 turns")
            pick.trigger()
            dialog = pane.findChildren(CompareDialog)[-1]
            assert [t.text for t in dialog.comparison.common][-1] == "answer three"
            assert len(dialog.comparison.common) == 6
            dialog.close()

            # Ctrl+click a node of another session: both stay chosen, Compare is reachable
            click(qtbot, pane, done["t3"]["execution_id"])
            click(qtbot, pane, done["fork"]["execution_id"], ctrl=True)
            fork_session = done["fork"]["session_id"]
            await until(lambda: desk.panel.current() is not None
                        and desk.panel.current().session_id == fork_session
                        and not pane.reader.busy(), 30, "the fork's session shown")  # fmt: skip
            await until(lambda: pane.model.index_of(done["fork"]["execution_id"]).isValid(),
                        what="the tree read again")  # fmt: skip
            chosen = {e.id for e in pane.selected_executions()}
            assert chosen == {done["t3"]["execution_id"], done["fork"]["execution_id"]}
            assert pane.compare_action.isEnabled()
            dialog = pane.compare_selected()
            assert isinstance(dialog, CompareDialog)
            assert [t.text for t in dialog.comparison.common] == [
                "one", "answer one", "two", "answer two",
            ]  # fmt: skip
            dialog.grab().save(str(SHOTS / "tree-compare.png"))
            dialog.close()

            # in Spanish and Chinese every kind is translated, "switch" too, live
            switches = [i for i, n in expected.items() if n["kind"] == "switch"]

            def switch_label() -> str:
                return str(pane.model.index_of(switches[0]).data(LABEL_ROLE))

            for code in ("es", "zh_CN"):
                before = switch_label()
                rig.window.commands.languages[code].trigger()
                await until(lambda before=before: switch_label() != before, what=code)
                assert not switch_label().startswith("switch"), switch_label()
                labels = [pane.model.index_of(i).data(LABEL_ROLE) for i in expected]
                assert not any(" · resumed" in label for label in labels), labels
                pane.tree.grab().save(str(SHOTS / f"tree-pane-{code}.png"))
            rig.window.commands.languages["en"].trigger()

        rig.play(scenario(), timeout=120)


def test_a_running_node_says_its_session_id_is_being_extracted(qapp) -> None:
    running = Execution("e1", "c1", ExecutionKind.CONTINUE, "alpha", "/src", "go",
                        status=ExecutionStatus.RUNNING)  # fmt: skip
    assert "Claude session: extracting…" in node_tip(running)
    ended = Execution("e1", "c1", ExecutionKind.CONTINUE, "alpha", "/src", "go",
                      status=ExecutionStatus.SUCCEEDED, session_id="s-1")  # fmt: skip
    assert "Claude session: s-1" in node_tip(ended)
