"""How the window names a session: its key, its project, its time of day.

Shared by the list, the transcript, search and runs, so none of them has to
import another's room for a label.
"""

from __future__ import annotations

import os
from collections.abc import Iterable
from datetime import UTC, datetime, time

from PySide6.QtCore import QCoreApplication, QDate, QDateTime, QLocale, QTime

from desktop.domain.sessions import SessionRecord

Key = tuple[str, str]
"""(account, session id): how the window tells sessions apart."""


def project_name(cwd: str | None) -> str:
    """A project is the last folder of the session's working directory."""
    if not cwd:
        return ""
    return os.path.basename(cwd.rstrip("/")) or cwd


def key_of(record: SessionRecord) -> Key:
    return (record.account, record.session_id)


def local_time(moment: datetime | None) -> QDateTime | None:
    """The index stores naive UTC; people read local time."""
    if moment is None:
        return None
    aware = moment.replace(tzinfo=UTC) if moment.tzinfo is None else moment
    return QDateTime.fromSecsSinceEpoch(int(aware.timestamp())).toLocalTime()


def short_time(moment: datetime | None) -> str:
    """A date and a time of day, short: "Today 14:03", "Yesterday 09:12", "3 Nov 17:40".

    A time alone (as the list once showed for today) reads as any day's.
    """
    when = local_time(moment)
    if when is None:
        return ""
    locale = QLocale()
    clock = locale.toString(when.time(), QLocale.FormatType.ShortFormat)
    today = QDateTime.currentDateTime().date()
    if when.date() == today:
        return QCoreApplication.translate("records", "Today {time}").format(time=clock)
    if when.date() == today.addDays(-1):
        return QCoreApplication.translate("records", "Yesterday {time}").format(time=clock)
    if when.date().year() == today.year():
        return f"{locale.toString(when.date(), 'd MMM')} {clock}"
    return locale.toString(when.date(), QLocale.FormatType.ShortFormat)


def day_samples(moments: Iterable[datetime | None]) -> set[str]:
    """For each local day among `moments`, the widest values `short_time` gives on it
    (its clock at 10:58 and 22:58: two-digit hours, before and after noon): a
    column's width for thousands of sessions from two `short_time`s a day, not
    one a session."""
    days = {
        (moment.replace(tzinfo=UTC) if moment.tzinfo is None else moment).astimezone().date()
        for moment in moments
        if moment is not None
    }
    return {
        short_time(datetime.combine(day, clock).astimezone(UTC))
        for day in days
        for clock in (time(10, 58), time(22, 58))
    }


def sample_times() -> list[str]:
    """The widest values `short_time` gives in this language (for a column's width)."""
    clock = QLocale().toString(QTime(22, 58), QLocale.FormatType.ShortFormat)
    return [
        QCoreApplication.translate("records", "Today {time}").format(time=clock),
        QCoreApplication.translate("records", "Yesterday {time}").format(time=clock),
        f"{QLocale().toString(QDate(2000, 12, 30), 'd MMM')} {clock}",
    ]
