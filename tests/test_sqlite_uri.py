"""A database path as an SQLite URI names that very file, whatever bytes its name has."""

from __future__ import annotations

import os
import sqlite3
import tempfile
from pathlib import Path
from urllib.parse import quote

from hypothesis import given, settings
from hypothesis import strategies as st

from desktop.store.sqlite_uri import file_uri

NAMES = st.binary(min_size=1, max_size=40).filter(lambda b: b"\0" not in b and b"/" not in b
                                                  and b not in (b".", b".."))  # fmt: skip


@given(NAMES)
def test_the_uri_quotes_as_the_standard_library_does(name: bytes) -> None:
    path = Path(os.fsdecode(b"/home/ana/" + name))
    assert file_uri(path) == f"file:{quote(os.fsencode(path))}"


@settings(max_examples=60, deadline=None)
@given(NAMES)
def test_sqlite_opens_the_file_the_uri_names(name: bytes) -> None:
    with tempfile.TemporaryDirectory() as folder:
        path = Path(os.fsdecode(os.fsencode(folder) + b"/" + name))
        with sqlite3.connect(path) as made:
            made.execute("CREATE TABLE here (x)")
        made.close()
        # mode=rw cannot create a file: a wrong name fails instead of opening another
        opened = sqlite3.connect(f"{file_uri(path)}?mode=rw", uri=True)
        try:
            assert opened.execute("SELECT name FROM sqlite_master").fetchall() == [("here",)]
        finally:
            opened.close()
        assert os.listdir(os.fsencode(folder)) in ([name], [name, name + b"-journal"])
