"""CircuitPython's ``socketpool`` as the phone view uses it, in memory, for CircuitPython's unix
port (tools/vm/webcheck.py): after the documented API (``SocketPool(radio)``, ``socket()``,
``bind``, ``listen``, ``setblocking``/``settimeout``, ``accept``, ``recv_into``, ``send``,
``close``; a call that would block on a non-blocking socket raises ``OSError(EAGAIN)``, one that
runs out its timeout ``OSError(ETIMEDOUT)``).

A test plays the phones: ``pool.connect(chunks)`` queues a client on the listening socket;
each ``recv_into`` of the server's end gets the next chunk (``None``: nothing has come yet on that
call; the end of the list: nothing more, the client keeps the connection open unless
``close=True``). What the server sends is kept in ``client.got``; ``window`` bounds what a client
reads (a phone that reads nothing). ``pool.down`` is the network gone: every call raises.
"""

import errno

AF_INET = 2
SOCK_STREAM = 1
SOL_SOCKET = 1
SO_REUSEADDR = 4


class Client:
    """The phone's end of one connection."""

    def __init__(self, chunks, close=False, window=1 << 20):
        self.chunks = list(chunks)
        self.close_after = close
        self.window = window
        self.got = b""
        self.closed = False  # the server closed its end

    def text(self):
        return self.got.decode("utf-8", "replace")


class Conn:
    """The server's end of an accepted connection."""

    def __init__(self, pool, client):
        self.pool = pool
        self.client = client
        self.timeout = None  # None: blocking; 0: non-blocking
        self.closed = False

    def _check(self):
        if self.pool.down:
            raise OSError(errno.ENOTCONN)
        if self.closed:
            raise OSError(errno.EBADF)

    def setblocking(self, flag):
        self.timeout = None if flag else 0

    def settimeout(self, value):
        self.timeout = value

    def recv_into(self, buf, n=0):
        self._check()
        c = self.client
        n = n or len(buf)
        if c.chunks:
            chunk = c.chunks.pop(0)
            if chunk is None:  # nothing on this call
                raise OSError(errno.EAGAIN if self.timeout == 0 else errno.ETIMEDOUT)
            if len(chunk) > n:
                c.chunks.insert(0, chunk[n:])
                chunk = chunk[:n]
            buf[:len(chunk)] = chunk
            return len(chunk)
        if c.close_after:
            return 0
        raise OSError(errno.EAGAIN if self.timeout == 0 else errno.ETIMEDOUT)

    def send(self, data):
        self._check()
        c = self.client
        room = c.window - len(c.got)
        if room <= 0:
            raise OSError(errno.EAGAIN if self.timeout == 0 else errno.ETIMEDOUT)
        data = bytes(data[:room])
        c.got += data
        self.pool.sent += len(data)
        return len(data)

    def close(self):
        self.closed = True
        self.client.closed = True


class Socket:
    """The listening socket."""

    def __init__(self, pool):
        self.pool = pool
        self.timeout = None
        self.closed = False
        self.address = None

    def setsockopt(self, level, name, value):
        pass

    def bind(self, address):
        if self.pool.down:
            raise OSError(errno.ENETDOWN)
        self.address = address

    def listen(self, backlog):
        self.backlog = backlog

    def setblocking(self, flag):
        self.timeout = None if flag else 0

    def settimeout(self, value):
        self.timeout = value

    def accept(self):
        if self.pool.down or self.closed:
            raise OSError(errno.ENOTCONN)
        if not self.pool.waiting:
            raise OSError(errno.EAGAIN)
        client = self.pool.waiting.pop(0)
        self.pool.accepted += 1
        n = self.pool.accepted
        return Conn(self.pool, client), ("192.168.4.%d" % (n % 250 + 2), 40000 + n % 20000)

    def getsockname(self):
        return self.address

    def close(self):
        self.closed = True


class SocketPool:
    AF_INET = AF_INET
    SOCK_STREAM = SOCK_STREAM
    SOL_SOCKET = SOL_SOCKET
    SO_REUSEADDR = SO_REUSEADDR

    def __init__(self, radio=None):
        self.radio = radio
        self.waiting = []
        self.accepted = 0  # connections taken
        self.down = False
        self.sent = 0

    def getaddrinfo(self, host, port, family=0, type=0, proto=0, flags=0):
        return [(AF_INET, SOCK_STREAM, 0, "", (host, port))]

    def socket(self, family=AF_INET, type=SOCK_STREAM, proto=0):
        if self.down:
            raise OSError(errno.ENETDOWN)
        return Socket(self)

    def connect(self, chunks, close=False, window=1 << 20):
        """A phone connects and will send chunks; its Client."""
        client = Client(chunks, close, window)
        self.waiting.append(client)
        return client
