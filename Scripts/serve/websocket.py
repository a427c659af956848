"""The smallest WebSocket client (RFC 6455) the serve tests and benchmarks
need, on Python's standard library alone: what a browser sends, and frames
a browser would never send (too large, a flood, a foreign Origin).
"""
import base64, os, socket, struct, time
from urllib.parse import urlsplit


class Closed(Exception):
    """The server closed the socket: `code` and `reason` as it sent them."""
    def __init__(self, code, reason):
        super().__init__(f"closed {code} {reason!r}")
        self.code, self.reason = code, reason


class Refused(Exception):
    """The upgrade was answered with an HTTP status other than 101."""
    def __init__(self, status):
        super().__init__(f"HTTP {status}")
        self.status = status


class WebSocket:
    def __init__(self, url, origin=None, protocol="uihost.v1", timeout=30.0, host_header=None):
        parts = urlsplit(url)
        self.sock = socket.create_connection((parts.hostname, parts.port or 80), timeout=timeout)
        self.sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
        host = host_header or parts.netloc
        origin = origin if origin is not None else f"http://{parts.netloc}"
        key = base64.b64encode(os.urandom(16)).decode()
        path = parts.path + (f"?{parts.query}" if parts.query else "")
        request = (f"GET {path} HTTP/1.1\r\nHost: {host}\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
                   f"Sec-WebSocket-Key: {key}\r\nSec-WebSocket-Version: 13\r\n")
        if origin:
            request += f"Origin: {origin}\r\n"
        if protocol:
            request += f"Sec-WebSocket-Protocol: {protocol}\r\n"
        self.sock.sendall((request + "\r\n").encode())
        self.buffer = b""
        head = self._read_until(b"\r\n\r\n")
        status = int(head.split(b" ", 2)[1]) if head.startswith(b"HTTP/") else 0
        if status != 101:
            self.sock.close()
            raise Refused(status)

    def _read_until(self, marker):
        while marker not in self.buffer:
            chunk = self.sock.recv(65536)
            if not chunk:
                raise Refused(0)
            self.buffer += chunk
        head, self.buffer = self.buffer.split(marker, 1)
        return head

    def _read(self, n):
        while len(self.buffer) < n:
            chunk = self.sock.recv(max(65536, n - len(self.buffer)))
            if not chunk:
                raise Closed(1006, "")
            self.buffer += chunk
        out, self.buffer = self.buffer[:n], self.buffer[n:]
        return out

    def frames(self, frames):
        """Sends (opcode, payload) frames in one write."""
        self.sock.sendall(b"".join(self._encode(opcode, payload, True, None) for opcode, payload in frames))

    def frame(self, opcode, payload, fin=True, announce=None):
        """Sends one frame; `announce` claims a length other than the payload's."""
        self.sock.sendall(self._encode(opcode, payload, fin, announce))

    def _encode(self, opcode, payload, fin, announce):
        length = len(payload) if announce is None else announce
        head = bytes([(0x80 if fin else 0) | opcode])
        if length < 126:
            head += bytes([0x80 | length])
        elif length < 65536:
            head += bytes([0x80 | 126]) + struct.pack("!H", length)
        else:
            head += bytes([0x80 | 127]) + struct.pack("!Q", length)
        mask = os.urandom(4)
        masked = bytes(b ^ mask[i % 4] for i, b in enumerate(payload)) if len(payload) < 4096 else _mask(payload, mask)
        return head + mask + masked

    def send(self, text):
        self.frame(0x1, text.encode() if isinstance(text, str) else text)

    def key(self, data):
        self.send("i" + data)

    def resize(self, cols, rows):
        self.send(f"r{cols},{rows}")

    def recv(self, timeout=None):
        """The next data message (bytes); raises Closed on a close frame."""
        if timeout is not None:
            self.sock.settimeout(timeout)
        message = b""
        while True:
            b0, b1 = self._read(2)
            length = b1 & 0x7F
            if length == 126:
                length = struct.unpack("!H", self._read(2))[0]
            elif length == 127:
                length = struct.unpack("!Q", self._read(8))[0]
            payload = self._read(length)
            opcode = b0 & 0x0F
            if opcode == 0x8:
                code = struct.unpack("!H", payload[:2])[0] if len(payload) >= 2 else 1005
                raise Closed(code, payload[2:].decode(errors="replace"))
            if opcode == 0x9:
                self.frame(0xA, payload)
                continue
            if opcode in (0x0, 0x1, 0x2):
                message += payload
                if b0 & 0x80:
                    return message

    def read_until(self, predicate, timeout):
        """Reads messages until `predicate(all bytes so far)` holds; returns them."""
        seen = b""
        deadline = time.monotonic() + timeout
        while not predicate(seen):
            left = deadline - time.monotonic()
            if left <= 0:
                raise TimeoutError(f"waited {timeout} s; last bytes: {seen[-300:]!r}")
            try:
                seen += self.recv(timeout=left)
            except socket.timeout:
                continue
        return seen

    def close(self):
        try:
            self.frame(0x8, struct.pack("!H", 1000))
        except OSError:
            pass
        self.sock.close()


def _mask(payload, mask):
    n = len(payload)
    key = int.from_bytes((mask * ((n + 3) // 4))[:n], "big")
    return (int.from_bytes(payload, "big") ^ key).to_bytes(n, "big")


def http_status(url, origin=None, host_header=None):
    """The status of a plain GET (no redirects followed)."""
    parts = urlsplit(url)
    with socket.create_connection((parts.hostname, parts.port or 80), timeout=30) as sock:
        path = parts.path or "/"
        head = f"GET {path} HTTP/1.1\r\nHost: {host_header or parts.netloc}\r\nConnection: close\r\n"
        if origin:
            head += f"Origin: {origin}\r\n"
        sock.sendall((head + "\r\n").encode())
        data = b""
        while b"\r\n" not in data:
            chunk = sock.recv(4096)
            if not chunk:
                break
            data += chunk
    return int(data.split(b" ", 2)[1]) if data.startswith(b"HTTP/") else 0
