"""A real daphne for the browser tests, the restart test and benchmarks/tables.py.

pytest-django's live server speaks WSGI (no WebSockets), and its SQLite test database
lives in memory where no other process can see it; so these start daphne in a process of
its own on a free port, against an SQLite file migrated and loaded here. Nothing in the
site imports this module.
"""

import asyncio
import base64
import contextlib
import json
import os
import shutil
import signal
import socket
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def site_env(database: Path, **extra: str) -> dict[str, str]:
    """The environment of a test site on `database` (test settings: the fixed test key,
    static files from the apps, the tables' limits relaxed for scripted players)."""
    env = {
        **os.environ,
        "DJANGO_SETTINGS_MODULE": "sixtysix_site.settings_test",
        "DATABASE_URL": f"sqlite:///{database}",
        "PYTHONPATH": os.pathsep.join([str(ROOT), str(ROOT / "engine")]),
        "DJANGO_ALLOW_ASYNC_UNSAFE": "",
    }
    env.pop("PYTEST_XDIST_WORKER", None)
    env.update(extra)
    return env


def prepare_database(path: Path, template: Path | None = None) -> Path:
    """An SQLite file with the schema and every content file loaded (copied from
    `template` when that is ready, ~5 s otherwise)."""
    if template is not None and template.exists():
        shutil.copy(template, path)
        return path
    env = site_env(path)
    python = sys.executable
    for command in (["migrate", "-v", "0"], ["load_content", "-v", "0"]):
        subprocess.run(  # noqa: S603 - this interpreter, fixed arguments
            [python, str(ROOT / "manage.py"), *command], env=env, check=True, capture_output=True
        )
    with __import__("sqlite3").connect(path) as db:
        db.execute("PRAGMA journal_mode=WAL")
    if template is not None:
        shutil.copy(path, template)
    return path


class Daphne:
    """One daphne process serving the site (HTTP and WebSockets) on a free port."""

    def __init__(self, database: Path, port: int | None = None, **env: str):
        self.database, self.port = database, port or free_port()
        self.env = site_env(database, **env)
        self.process: subprocess.Popen | None = None
        self.log = database.with_name(f"daphne-{self.port}.log")

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def start(self, timeout: float = 30) -> "Daphne":
        daphne = Path(sys.executable).with_name("daphne")
        self.process = subprocess.Popen(  # noqa: S603 - the venv's daphne, fixed arguments
            [
                str(daphne),
                "-b",
                "127.0.0.1",
                "-p",
                str(self.port),
                "sixtysix_site.asgi:application",
            ],
            env=self.env,
            cwd=ROOT,
            stdout=subprocess.DEVNULL,
            stderr=self.log.open("ab"),
        )
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                raise RuntimeError(self.log.read_text()[-2000:])
            try:
                urllib.request.urlopen(f"{self.url}/robots.txt", timeout=1).close()  # noqa: S310
                return self
            except OSError:
                time.sleep(0.2)
        raise RuntimeError("daphne did not start")

    def kill(self) -> None:
        """Kill it as a crash would (no clean shutdown)."""
        if self.process and self.process.poll() is None:
            self.process.send_signal(signal.SIGKILL)
            self.process.wait(10)

    def stop(self) -> None:
        if self.process and self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(10)
            except subprocess.TimeoutExpired:
                self.kill()


class Socket:
    """A small WebSocket client (text frames, JSON) for scripted seats: no library needed."""

    def __init__(self, reader, writer):
        self.reader, self.writer = reader, writer
        self.queue: asyncio.Queue = asyncio.Queue()
        self.task = asyncio.ensure_future(self._read())

    async def _read(self) -> None:
        while True:
            message = await self._frame()
            await self.queue.put(message)
            if message is None:
                return

    @classmethod
    async def connect(cls, url: str, path: str, cookie: str = "") -> "Socket":
        host, port = url.removeprefix("http://").split(":")
        reader, writer = await asyncio.open_connection(host, int(port))
        key = base64.b64encode(os.urandom(16)).decode()
        request = (
            f"GET {path} HTTP/1.1\r\nHost: {host}:{port}\r\nUpgrade: websocket\r\n"
            f"Connection: Upgrade\r\nSec-WebSocket-Key: {key}\r\nSec-WebSocket-Version: 13\r\n"
            f"Origin: {url}\r\nCookie: {cookie}\r\n\r\n"
        )
        writer.write(request.encode())
        head = await reader.readuntil(b"\r\n\r\n")
        if b" 101 " not in head.split(b"\r\n")[0]:
            raise ConnectionError(head.decode(errors="replace"))
        return cls(reader, writer)

    async def send(self, message: dict) -> None:
        data = json.dumps(message).encode()
        mask = os.urandom(4)
        size = len(data)
        head = bytes([0x81]) + (
            bytes([0x80 | size]) if size < 126 else bytes([0x80 | 126]) + size.to_bytes(2, "big")
        )
        body = bytes(b ^ mask[i % 4] for i, b in enumerate(data))
        self.writer.write(head + mask + body)
        await self.writer.drain()

    async def receive(self) -> dict | None:
        """The next JSON message, or None when the server closed the connection."""
        return await self.queue.get()

    async def _frame(self) -> dict | None:
        while True:
            try:
                first, second = await self.reader.readexactly(2)
            except (asyncio.IncompleteReadError, ConnectionError):
                return None
            size = second & 0x7F
            if size == 126:
                size = int.from_bytes(await self.reader.readexactly(2), "big")
            elif size == 127:
                size = int.from_bytes(await self.reader.readexactly(8), "big")
            data = await self.reader.readexactly(size)
            opcode = first & 0x0F
            if opcode == 0x8:
                return None
            if opcode == 0x9:  # ping: the server closes a connection that does not answer
                mask = os.urandom(4)
                body = bytes(b ^ mask[i % 4] for i, b in enumerate(data))
                self.writer.write(bytes([0x8A, 0x80 | len(data)]) + mask + body)
            if opcode == 0x1:
                return json.loads(data)

    async def close(self) -> None:
        self.task.cancel()
        self.writer.close()
        with contextlib.suppress(ConnectionError, OSError):
            await self.writer.wait_closed()


class Visitor:
    """A browser without a browser: cookies kept, forms posted with the CSRF token."""

    def __init__(self, url: str):
        import http.cookiejar

        self.url = url
        self.jar = http.cookiejar.CookieJar()
        self.opener = urllib.request.build_opener(urllib.request.HTTPCookieProcessor(self.jar))

    def get(self, path: str) -> str:
        with self.opener.open(self.url + path, timeout=30) as response:
            return response.read().decode()

    def post(self, path: str, data: dict) -> str:
        from urllib.parse import urlencode

        if "csrftoken" not in self.cookies():
            self.get("/en/tables/")
        body = urlencode({**data, "csrfmiddlewaretoken": self.cookies()["csrftoken"]}).encode()
        with self.opener.open(self.url + path, body, timeout=60) as response:
            return response.read().decode()

    def cookies(self) -> dict[str, str]:
        return {c.name: c.value or "" for c in self.jar}

    def cookie_header(self) -> str:
        return "; ".join(f"{k}={v}" for k, v in self.cookies().items())
