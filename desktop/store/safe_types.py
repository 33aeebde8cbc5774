"""Column types that never refuse a value: text with lone surrogates and
integers beyond 64 bits are stored as `desktop.domain.oddtext` documents."""

from __future__ import annotations

from typing import Any

from sqlalchemy import Integer, String, Text
from sqlalchemy.engine import Dialect
from sqlalchemy.types import TypeDecorator

from desktop.domain.oddtext import clean, fit_int
from desktop.store.path_bytes import loaded_path, stored_path


class SafeText(TypeDecorator[str]):
    impl = Text
    cache_ok = True

    def process_bind_param(self, value: Any, dialect: Dialect) -> Any:
        return clean(value) if isinstance(value, str) else value


class SafePath(TypeDecorator[str]):
    """A path from disk, stored bytes-safe (`stored_path`); raw SQL reads go
    through `loaded_path`."""

    impl = Text
    cache_ok = True

    def process_bind_param(self, value: Any, dialect: Dialect) -> Any:
        return stored_path(value) if isinstance(value, str) else value

    def process_result_value(self, value: Any, dialect: Dialect) -> Any:
        return loaded_path(value)


class SafeString(TypeDecorator[str]):
    impl = String
    cache_ok = True

    def process_bind_param(self, value: Any, dialect: Dialect) -> Any:
        return clean(value) if isinstance(value, str) else value


class SafeInteger(TypeDecorator[int]):
    impl = Integer
    cache_ok = True

    def process_bind_param(self, value: Any, dialect: Dialect) -> Any:
        return fit_int(value) if isinstance(value, int) and not isinstance(value, bool) else value
