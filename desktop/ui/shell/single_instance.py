"""One window per home: a second launch hands its arguments to the first and leaves.

Two processes showing one home would each index it, run turns and save the
window's state over the other's. The first launch holds a `QLockFile` in the
home and listens on a `QLocalServer` named after the home's path; a later
launch finds the lock taken, connects, sends its arguments as one JSON line,
waits for the first to answer, and exits 0. The first raises its window.

A lock left by a process that died is stale (Qt checks the PID), so a crash
never keeps the window from opening again.
"""

from __future__ import annotations

import hashlib
import json
import os
import time
from pathlib import Path

from PySide6.QtCore import QLockFile, QObject, Signal
from PySide6.QtNetwork import QLocalServer, QLocalSocket
from PySide6.QtWidgets import QWidget

LOCK_NAME = "window.lock"
ANSWER = b"raised\n"
CONNECT_TIMEOUT_S = 10.0
"""How long a second launch keeps trying while the first is still starting up."""
ANSWER_TIMEOUT_MS = 5_000


def server_name(home: Path) -> str:
    """The local socket's name: the same for every launch on one home, private to it."""
    digest = hashlib.sha256(str(home.resolve()).encode("utf-8")).hexdigest()[:20]
    return f"sessiondesk-{digest}"


class SingleInstance(QObject):
    """The first launch on a home owns it; `hand_over` is what a later one does."""

    arguments_received = Signal(list)
    """A later launch's arguments (a list of str), after it was answered."""

    def __init__(self, home: Path, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("singleInstance")
        home.mkdir(parents=True, exist_ok=True)
        self._name = server_name(home)
        self._lock = QLockFile(str(home / LOCK_NAME))
        self._server: QLocalServer | None = None
        self._buffers: dict[QLocalSocket, bytes] = {}

    def claim(self) -> bool:
        """True when this process is the first on the home and now listens for others."""
        if not self._lock.tryLock(0):
            return False
        # we hold the lock: a socket left under this name belongs to a process that died
        QLocalServer.removeServer(self._name)
        self._server = QLocalServer(self)
        self._server.setSocketOptions(QLocalServer.SocketOption.UserAccessOption)
        self._server.newConnection.connect(self._accept)
        if not self._server.listen(self._name):
            raise OSError(f"cannot listen on {self._name}: {self._server.errorString()}")
        return True

    def release(self) -> None:
        if self._server is not None:
            self._server.close()
            self._server = None
        self._lock.unlock()

    def hand_over(self, arguments: list[str]) -> bool:
        """Send `arguments` to the first launch; True once it answered."""
        message = json.dumps({"args": arguments, "cwd": os.getcwd()}).encode("utf-8") + b"\n"
        deadline = time.monotonic() + CONNECT_TIMEOUT_S
        while True:
            socket = QLocalSocket()
            socket.connectToServer(self._name)
            if socket.waitForConnected(1_000):
                break
            if time.monotonic() > deadline:
                return False
            time.sleep(0.1)  # the first launch holds the lock but is not listening yet
        socket.write(message)
        socket.flush()
        answer = b""
        while not answer.endswith(b"\n") and socket.waitForReadyRead(ANSWER_TIMEOUT_MS):
            answer += socket.readAll().data()
        socket.disconnectFromServer()
        return answer == ANSWER

    def _accept(self) -> None:
        assert self._server is not None
        while (socket := self._server.nextPendingConnection()) is not None:
            self._buffers[socket] = b""
            socket.readyRead.connect(lambda s=socket: self._read(s))
            socket.disconnected.connect(lambda s=socket: self._forget(s))

    def _read(self, socket: QLocalSocket) -> None:
        data = self._buffers.get(socket, b"") + socket.readAll().data()
        if b"\n" not in data:
            self._buffers[socket] = data
            return
        line = data.split(b"\n", 1)[0]
        try:
            arguments = [str(arg) for arg in json.loads(line)["args"]]
        except (ValueError, KeyError, TypeError):
            arguments = None  # not one of ours: answer nothing, raise nothing
        if arguments is not None:
            socket.write(ANSWER)
            socket.flush()
            self.arguments_received.emit(arguments)
        socket.disconnectFromServer()

    def _forget(self, socket: QLocalSocket) -> None:
        self._buffers.pop(socket, None)
        socket.deleteLater()


def bring_forward(window: QWidget) -> None:
    """Show the window where the person looks: restored, on top, focused."""
    if window.isMinimized():
        window.showNormal()
    window.show()
    window.raise_()
    window.activateWindow()
