"""The layering rule of DESIGN.md, its small modules, and ruff, checked as part of the suite."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
BIN = Path(sys.executable).parent


def test_layers_hold() -> None:
    result = subprocess.run(
        [str(BIN / "lint-imports"), "--no-cache"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert result.returncode == 0, result.stdout[-4000:] + result.stderr[-2000:]
    assert "0 broken" in result.stdout


MOST_LINES = 400
"""The longest a module outside the tests may be (issue 27: small modules named
for what they do, DESIGN.md §3)."""


def test_modules_stay_small() -> None:
    long = {}
    for folder in ("desktop", "bench", "tools"):
        for path in sorted((ROOT / folder).rglob("*.py")):
            name = path.relative_to(ROOT).as_posix()
            lines = len(path.read_text(encoding="utf-8").splitlines())
            if lines > MOST_LINES:
                long[name] = lines
    assert long == {}, f"modules over {MOST_LINES} lines: split them along a seam"


def test_ruff_is_clean() -> None:
    result = subprocess.run(
        [str(BIN / "ruff"), "check", "desktop", "tests", "tools", "bench"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert result.returncode == 0, result.stdout[-4000:]


def test_ui_rooms_import_no_circle() -> None:
    """The window's rooms (`desktop/ui/*/`) and their modules import no one in a circle."""
    import grimp

    graph = grimp.build_graph("desktop", cache_dir=None)
    modules = {m for m in graph.modules if m.startswith("desktop.ui.")}
    module_edges = {
        m: {i for i in graph.find_modules_directly_imported_by(m) if i in modules} for m in modules
    }

    def room(module: str) -> str:
        return ".".join(module.split(".")[:3])

    room_edges: dict[str, set[str]] = {}
    for importer, imported in module_edges.items():
        room_edges.setdefault(room(importer), set())
        room_edges[room(importer)] |= {room(i) for i in imported} - {room(importer)}
    assert _circle(room_edges) == [], "rooms"
    assert _circle(module_edges) == [], "modules"


def _circle(edges: dict[str, set[str]]) -> list[str]:
    """One import circle in `edges` (importer -> imported), or [] when there is none."""
    done: set[str] = set()
    path: list[str] = []

    def visit(node: str) -> list[str]:
        if node in path:
            return [*path[path.index(node) :], node]
        if node in done:
            return []
        path.append(node)
        for nxt in sorted(edges.get(node, ())):
            found = visit(nxt)
            if found:
                return found
        path.pop()
        done.add(node)
        return []

    for start in sorted(edges):
        found = visit(start)
        if found:
            return found
    return []
