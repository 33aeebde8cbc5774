"""The diff an Edit, MultiEdit or Write asks for: its lines are the input's lines,
and input of any shape or size gives a diff, a note or None, never an error."""

from __future__ import annotations

from typing import Any

from hypothesis import given
from hypothesis import strategies as st

from desktop.domain.edit_diff import (
    MAX_LINES,
    MAX_SIDE_LINES,
    EditDiff,
    NoteKind,
    edit_diff,
)


def sides(diff: EditDiff) -> tuple[list[str], list[str]]:
    """The old and the new text a diff's lines say, rebuilt from them."""
    old = [line[1:] for line in diff.lines if line[:1] in (" ", "-")]
    new = [line[1:] for line in diff.lines if line[:1] in (" ", "+")]
    return old, new


def kinds(diff: EditDiff) -> list[NoteKind]:
    return [note.kind for note in diff.notes]


def test_an_edit_shows_both_snippets_whole_with_the_changed_lines_marked() -> None:
    old = "def f(x):\n    return x + 1\n\nprint(f(2))\n"
    new = "def f(x: int) -> int:\n    return x + 2\n\nprint(f(2))\n"
    diff = edit_diff("Edit", {"file_path": "/p/app.py", "old_string": old, "new_string": new})
    assert diff is not None and diff.path == "/p/app.py"
    assert sides(diff) == (old.splitlines(), new.splitlines())
    assert diff.lines[0] == "@@" and (diff.added, diff.removed) == (2, 2)
    assert " print(f(2))" in diff.lines and "-    return x + 1" in diff.lines
    assert diff.text().startswith("--- /p/app.py\n+++ /p/app.py\n@@\n")
    assert diff.notes == ()


def test_replace_all_and_no_change_are_said() -> None:
    every = edit_diff("Edit", {"file_path": "a", "old_string": "x", "new_string": "y",
                               "replace_all": True})  # fmt: skip
    assert every is not None and kinds(every) == [NoteKind.REPLACE_ALL]
    same = edit_diff("Edit", {"file_path": "a", "old_string": "x", "new_string": "x"})
    assert same is not None and same.lines == () and kinds(same) == [NoteKind.UNCHANGED]


def test_a_write_is_a_new_file_all_added() -> None:
    diff = edit_diff("Write", {"file_path": "/p/new.md", "content": "# Title\n\nbody\n"})
    assert diff is not None
    assert diff.lines == ("@@", "+# Title", "+", "+body")
    assert (diff.added, diff.removed) == (3, 0)


def test_a_multiedit_shows_each_edit_and_counts_the_unreadable_ones() -> None:
    edits: list[Any] = [{"old_string": "a", "new_string": "b"}, 7,
                        {"old_string": "c", "new_string": None},
                        {"old_string": "k\nc", "new_string": "k\nc\nd"}]  # fmt: skip
    diff = edit_diff("MultiEdit", {"file_path": "m.txt", "edits": edits})
    assert diff is not None
    assert diff.lines == ("@@", "-a", "+b", "@@", " k", " c", "+d")
    (note,) = diff.notes
    assert note.kind is NoteKind.UNREADABLE and note.numbers == (2, 4)
    assert note.text() == "2 of 4 edits could not be read"
    assert edit_diff("MultiEdit", {"file_path": "m.txt", "edits": [1, "x"]}) is None
    assert edit_diff("MultiEdit", {"file_path": "m.txt", "edits": "no"}) is None


def test_what_is_no_diff_is_none() -> None:
    assert edit_diff("Bash", {"command": "ls"}) is None
    assert edit_diff("Edit", ["not", "a", "mapping"]) is None
    assert edit_diff("Edit", {"file_path": "a", "old_string": 1, "new_string": "b"}) is None
    assert edit_diff("Write", {"file_path": "a"}) is None
    assert edit_diff(None, None) is None
    # a missing path is no reason to hide the change
    nameless = edit_diff("Write", {"content": "x", "file_path": ["?"]})
    assert nameless is not None and nameless.path == "" and nameless.headers()[0] == "--- ?"


def test_huge_input_is_cut_and_the_cut_said() -> None:
    many = "".join(f"line {i}\n" for i in range(10_000))
    diff = edit_diff("Write", {"file_path": "big", "content": many})
    assert diff is not None and len(diff.lines) == MAX_SIDE_LINES + 1
    assert kinds(diff) == [NoteKind.CUT] and diff.notes[0].numbers == (MAX_SIDE_LINES, len(many))
    one_line = "x" * 5_000_000
    diff = edit_diff("Edit", {"file_path": "min.js", "old_string": one_line, "new_string": "y"})
    assert diff is not None and kinds(diff) == [NoteKind.CUT]
    assert sum(map(len, diff.lines)) < 100_000
    flood = [{"old_string": f"a{i}\nb", "new_string": f"c{i}\nb"} for i in range(5_000)]
    diff = edit_diff("MultiEdit", {"file_path": "f", "edits": flood})
    assert diff is not None and len(diff.lines) == MAX_LINES
    assert kinds(diff) == [NoteKind.MORE_EDITS, NoteKind.MORE_LINES]


def test_a_path_with_a_line_break_stays_on_its_header_line() -> None:
    diff = edit_diff("Write", {"file_path": "a\nb", "content": "x"})
    assert diff is not None and diff.text().split("\n")[:3] == ["--- a b", "+++ a b", "@@"]


JSON = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats() | st.text(),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(), inner, max_size=4),
    max_leaves=12,
)
FIELDS = st.sampled_from(["file_path", "old_string", "new_string", "replace_all", "content",
                          "edits"])  # fmt: skip
INPUTS = st.dictionaries(FIELDS, JSON | st.text(alphabet="ab\n\r\t\x00 é€", max_size=60)) | JSON


@given(st.sampled_from(["Edit", "MultiEdit", "Write", "Read", 3, None]), INPUTS)
def test_any_input_gives_a_diff_or_none_never_an_error(tool: Any, data: Any) -> None:
    diff = edit_diff(tool, data)
    if diff is None:
        return
    assert all(line == "@@" or line[:1] in (" ", "+", "-") for line in diff.lines)
    assert diff.added == sum(line[:1] == "+" for line in diff.lines)
    assert diff.removed == sum(line[:1] == "-" for line in diff.lines)
    assert len(diff.lines) <= MAX_LINES and all(note.text() for note in diff.notes)
    assert len(diff.text().split("\n")) == len(diff.lines) + 2, "one line a line"


TEXT = st.text(alphabet="abc \n", max_size=80)


@given(TEXT, TEXT)
def test_an_edits_lines_are_its_two_snippets(old: str, new: str) -> None:
    diff = edit_diff("Edit", {"file_path": "f", "old_string": old, "new_string": new})
    assert diff is not None
    # a snippet's lines as a file's: its last line end ends a line, it does not start one
    expected = tuple(text.removesuffix("\n").split("\n") if text else [] for text in (old, new))
    if expected[0] == expected[1]:
        assert diff.lines == () and [note.kind for note in diff.notes] == [NoteKind.UNCHANGED]
    else:
        assert sides(diff) == expected
