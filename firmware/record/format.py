"""What the game record's reader (reader.py), writer (writer.py) and the replay's result
(replay.py) share: the format's name and how a string is written, the same on every VM."""

FORMAT = "rodskagg-record/1"


def quote(text):
    """JSON text of a string: UTF-8 as is (not \\u escapes), quotes and control characters escaped."""
    out = '"'
    for c in text:
        if c == '"' or c == "\\":
            out += "\\" + c
        elif ord(c) < 0x20:
            out += "\\u%04x" % ord(c)
        else:
            out += c
    return out + '"'
