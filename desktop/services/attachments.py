"""Image files a person attaches to a turn (`--image FILE`, a file dropped on the
composer), read and checked before anything starts."""

from __future__ import annotations

import os
from collections.abc import Iterable
from pathlib import Path

from desktop.domain.errors import UsageError
from desktop.domain.images import MAX_IMAGE_BYTES, ImageAttachment, attachment, check_count
from desktop.regular_files import open_regular


def read_image(path: Path | str) -> ImageAttachment:
    """The image in `path`, or a UsageError that names the file and says why not."""
    path = Path(path).expanduser()
    try:
        with open_regular(path) as stream:
            size = os.fstat(stream.fileno()).st_size
            # one byte past the limit is enough to refuse a 4 GB file unread
            data = stream.read(MAX_IMAGE_BYTES + 1)
    except FileNotFoundError:
        raise UsageError(
            f"no such image file: {path}", kind="image_missing", path=str(path)
        ) from None
    except OSError as exc:
        reason = exc.strerror or str(exc)
        raise UsageError(
            f"cannot read the image {path}: {reason}", kind="image_unreadable"
        ) from None
    return attachment(path.name, data or b"", max(size, len(data or b"")))


def read_images(paths: Iterable[Path | str]) -> tuple[ImageAttachment, ...]:
    images = tuple(read_image(path) for path in paths)
    check_count(len(images))
    return images
