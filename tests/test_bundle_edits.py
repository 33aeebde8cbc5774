"""Bundle edits the window offers: rename, describe, reorder, delete, add a listed session."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from desktop.compose import open_services
from desktop.domain.errors import ConflictError, NotFoundError, UsageError
from desktop.services.hub import ServiceHub


@pytest.fixture
def hub(home: Path) -> Iterator[ServiceHub]:
    services = open_services(home)
    yield services
    services.close()


def _texts(hub: ServiceHub, name: str) -> list[str | None]:
    return [item.text for item in hub.bundles.get(name).items]


def test_move_keeps_every_item_and_the_others_order(hub: ServiceHub) -> None:
    hub.bundles.create("b")
    for text in ["one", "two", "three", "four"]:
        hub.bundles.note("b", text)
    hub.bundles.move("b", 4, 1)
    assert _texts(hub, "b") == ["four", "one", "two", "three"]
    hub.bundles.move("b", 2, 3)
    assert _texts(hub, "b") == ["four", "two", "one", "three"]
    assert [i.position for i in hub.bundles.get("b").items] == [1, 2, 3, 4]
    with pytest.raises(NotFoundError):
        hub.bundles.move("b", 1, 5)
    hub.bundles.note("b", "five")  # appending after a reorder still finds a free place
    assert _texts(hub, "b")[-1] == "five"
    hub.bundles.remove("b", "1")
    assert _texts(hub, "b") == ["two", "one", "three", "five"]


def test_rename_describe_and_delete(hub: ServiceHub) -> None:
    hub.bundles.create("a")
    hub.bundles.create("b")
    hub.bundles.note("a", "kept")
    assert hub.bundles.rename("a", "  c  ").name == "c"
    with pytest.raises(ConflictError) as taken:
        hub.bundles.rename("c", "b")
    assert taken.value.kind == "bundle_exists"
    with pytest.raises(UsageError):
        hub.bundles.rename("c", "")
    assert hub.bundles.describe("c", " what it holds ").description == "what it holds"
    assert _texts(hub, "c") == ["kept"]
    hub.bundles.delete("c")
    assert [b.name for b in hub.bundles.list()] == ["b"]
    with pytest.raises(NotFoundError):
        hub.bundles.delete("c")
    hub.bundles.create("c")  # the name, and no old items, are free again
    assert hub.bundles.get("c").items == ()
