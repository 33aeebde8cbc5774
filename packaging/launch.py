"""Entry point of the packaged app: the same as `python -m desktop`."""

import multiprocessing
import sys

from desktop.entry import main

if __name__ == "__main__":
    # index workers are spawned copies of this program: let them run as workers
    multiprocessing.freeze_support()
    sys.exit(main())
