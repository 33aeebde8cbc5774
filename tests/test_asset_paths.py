"""Where the icons and catalogs are found: one lookup for the window, the self-test and
every package (`desktop.asset_paths`)."""

from __future__ import annotations

from pathlib import Path

import pytest

from desktop import asset_paths


def test_a_checkout_reads_its_sources_and_may_compile() -> None:
    found = asset_paths.locate()
    assert found.icon_dir == asset_paths.CHECKOUT / "resources" / "icons"
    assert found.catalog_dir == asset_paths.CHECKOUT / "resources" / "i18n"
    assert found.ts_dir == asset_paths.CHECKOUT / "i18n"


def test_package_data_wins_and_never_compiles(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    data = tmp_path / "desktop" / "assets"
    (data / "icons").mkdir(parents=True)
    (data / "i18n").mkdir()
    monkeypatch.setattr(asset_paths, "PACKAGE_DATA", data)
    found = asset_paths.locate()
    assert (found.icon_dir, found.catalog_dir, found.ts_dir) == (
        data / "icons",
        data / "i18n",
        None,
    )
