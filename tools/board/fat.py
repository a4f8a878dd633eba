"""The CIRCUITPY drive as a FAT12 image, made and read with fatfs-ng (ChaN's FatFs, which
CircuitPython itself runs)."""

import os


def _partition(buf):
    import fatfs

    return fatfs.create_extended_partition(fatfs.RamDisk(buf, sector_size=512))


def build(folder, size):
    """A freshly formatted drive of size bytes holding folder's files (none when folder is None)."""
    buf = bytearray(size)
    part = _partition(buf)
    part.mkfs()
    part.mount()
    if folder:
        for root, dirs, files in os.walk(folder):
            dirs.sort()
            rel = os.path.relpath(root, folder)
            dest = "" if rel == "." else "/" + rel.replace(os.sep, "/")
            if dest:
                part.makedirs(dest, exist_ok=True)
            for name in sorted(files):
                with open(os.path.join(root, name), "rb") as f:
                    part.write_file(dest + "/" + name, f.read())
    part.unmount()
    return bytes(buf)


def read(image):
    """{path: bytes} of every file on a drive image."""
    part = _partition(bytearray(image))
    part.mount()
    out = {}
    for root, _dirs, names in part.walk("/"):
        for name in names:
            path = root.rstrip("/") + "/" + name
            out[path] = part.read_file(path)
    part.unmount()
    return out
