"""Entry point of the packaged app: the same as `python -m desktop`."""

import sys

from desktop.cli import main

if __name__ == "__main__":
    sys.exit(main())
