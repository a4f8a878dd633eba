"""The CIRCUITPY drive as a FAT12 image, made and read with fatfs-ng (ChaN's FatFs, which
CircuitPython itself runs)."""

import os


def _partition(buf):
    import fatfs

    return fatfs.create_extended_partition(fatfs.RamDisk(buf, sector_size=512))


def build(folder, size, files=None):
    """A freshly formatted drive of size bytes: folder's files (if any), then files {path: bytes}."""
    buf = bytearray(size)
    part = _partition(buf)
    part.mkfs()
    part.mount()
    if folder:
        for root, dirs, names in os.walk(folder):
            dirs.sort()
            rel = os.path.relpath(root, folder)
            dest = "" if rel == "." else "/" + rel.replace(os.sep, "/")
            if dest:
                part.makedirs(dest, exist_ok=True)
            for name in sorted(names):
                with open(os.path.join(root, name), "rb") as f:
                    part.write_file(dest + "/" + name, f.read())
    for path, data in sorted((files or {}).items()):
        folder_of = path.rpartition("/")[0]
        if folder_of:
            part.makedirs(folder_of, exist_ok=True)
        part.write_file(path, data)
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
