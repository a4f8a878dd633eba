"""The drive copy's file (save/copy.bin, firmware/store/drivecopy.py): its writing, read back,
and its reading at start. Loaded only for that (a save that erases the NVM, a start that needs
the copy) and let go after: on an RP2040 not one change in a hundred erases.

The file: ``RK | format 1 | slot 0 | slot 1 | frame length (2) | frame |
CRC-32 of all before (4)``, then 0xFF up to the size it was made with. Each
slot is what the NVM's slot held when the copy was made (``flag | seq |
base CRC (4) | end (2)``, flag 1 when it held a valid base, else all 0): the
state the write replaces. The frame is a base frame (firmware/store/codec.py).
The file is written in place: made once at full size, later writes change
only its bytes, never the drive's FAT.

Pure apart from ``open`` and ``os`` (mkdir, sync), or the ``fs`` given (tools/sim/fakes.CutDrive).
"""

import os

from firmware.store.codec import crc32

MAGIC = b"RK"
FORMAT = 1
HEAD = 21  # header bytes before the frame (DriveCopy's size counts them: drivecopy.HEAD)
PIECE = 64  # file reads and the padding go in pieces of this size
BLOCK = 512  # the drive's block: a new file's padding yields after each


class _Files:
    """The real drive: the builtin open and the os module."""

    def open(self, path, mode):
        return open(path, mode)

    def mkdir(self, path):
        os.mkdir(path)

    def sync(self):
        sync = getattr(os, "sync", None)
        if sync is not None:
            sync()


def header(old, n):
    """The header for a frame of n bytes; old: per NVM slot (seq, base_crc, end) or None."""
    out = bytearray(MAGIC)
    out.append(FORMAT)
    for slot in old:
        seq, crc, end = slot if slot is not None else (0, 0, 0)
        out.append(0 if slot is None else 1)
        out.append(seq & 0xFF)
        out.extend(crc.to_bytes(4, "little"))
        out.extend(end.to_bytes(2, "little"))
    out.extend(n.to_bytes(2, "little"))
    return bytes(out)


def parse_header(head):
    """(old, n) of a header, or None when it is not one this firmware wrote."""
    if len(head) != HEAD or head[0:2] != MAGIC or head[2] != FORMAT:
        return None
    old = []
    for at in (3, 11):
        old.append((head[at + 1], int.from_bytes(head[at + 2:at + 6], "little"),
                    int.from_bytes(head[at + 6:at + 8], "little")) if head[at] == 1 else None)
    return old, int.from_bytes(head[19:21], "little")


def put(copy, frame, old):
    """Write frame (replacing NVM state old) and read it back; True when the drive holds it whole.
    In steps (a generator, as Store.saving): it yields after the writing and after each write that
    may erase a sector of the drive's flash (CircuitPython erases 4 KiB for a 512-byte block:
    45 ms), so that a press is handled between them; the read-back is the last step."""
    fs = copy.fs if copy.fs is not None else _Files()
    head = header(old, len(frame))
    crc = crc32(frame, crc32(head))
    tail = crc.to_bytes(4, "little")
    try:
        f, made = _open(copy, fs)
        try:
            for part in (head, frame, tail):
                f.write(part)
                copy.bytes_written += len(part)
            if made:  # a new file: full size now, so no later write allocates clusters
                pad = b"\xff" * PIECE
                left = copy.size - HEAD - len(frame) - 4
                while left > 0:
                    n = min(PIECE, left)
                    f.write(pad[:n])
                    left -= n
                    copy.bytes_written += n
                    if (copy.size - left) % BLOCK < n:  # a block filled (a new cluster: the FAT's
                        yield  # sector and the data's are written)
            yield
            # FatFs keeps the block last written in RAM until the file's position leaves it, or
            # the close (which writes the directory entry too), and CircuitPython erases 4 KiB of
            # flash for every block written: a seek into another block writes the data now, the
            # close then only the directory entry, an erase a step.
            f.seek(1 if HEAD + len(frame) + 4 > BLOCK else copy.size - 1)
            yield
            f.flush()
        finally:
            f.close()
        yield
        fs.sync()
        copy.writes += 1
        return _check(copy, fs, head, len(frame), crc)
    except OSError:
        return False


def _open(copy, fs):
    """(file open for writing at its start, True when it was made now)."""
    try:
        return fs.open(copy.path, "r+b"), False
    except OSError:
        pass
    try:  # noqa: SIM105 (no contextlib on CircuitPython)
        fs.mkdir(copy.folder)
    except OSError:  # it is there already
        pass
    return fs.open(copy.path, "wb"), True


def _check(copy, fs, head, n, crc):
    """Read the file back: True when it holds head, n bytes with CRC crc, and crc."""
    with fs.open(copy.path, "rb") as f:
        if f.read(HEAD) != head:
            return False
        c = crc32(head)
        while n > 0:
            piece = f.read(min(PIECE, n))
            if not piece:
                return False
            c = crc32(piece, c)
            n -= len(piece)
        return c == crc and f.read(4) == crc.to_bytes(4, "little")


def get(copy, buf):
    """(old, n) with the copy's frame in buf[:n]; None without a whole copy. Never raises:
    a missing or damaged file, or a drive that cannot be read, must not stop the NVM being used."""
    fs = copy.fs if copy.fs is not None else _Files()
    try:
        with fs.open(copy.path, "rb") as f:
            head = f.read(HEAD)
            got = parse_header(head)
            if got is None or got[1] > len(buf):
                return None
            old, n = got
            c = crc32(head)
            pos = 0
            while pos < n:
                piece = f.read(min(PIECE, n - pos))
                if not piece:
                    return None
                buf[pos:pos + len(piece)] = piece
                c = crc32(piece, c)
                pos += len(piece)
            if f.read(4) != c.to_bytes(4, "little"):
                return None
        return old, n
    except Exception:  # whatever the drive does, the NVM copy stays usable
        return None
