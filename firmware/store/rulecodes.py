"""A rule set as bytes, as the save format (codec.py) stores it: the preset's index, then one
small code per option in OPTIONS order (the index of a choice, a number as it is, 255 for an
option the preset has not)."""

from firmware.core.errors import RulesError
from firmware.core.rules import OPTIONS, PRESETS, Rules


def codes(rules):
    """The rules as bytes."""
    out = bytearray(1 + len(OPTIONS))
    out[0] = PRESETS.index(rules.preset)
    for i, (name, choice, allowed, _d) in enumerate(OPTIONS):
        value = getattr(rules, name)
        if value is None:
            code = 255
        elif choice:
            code = allowed.index(value)
        else:
            code = value
        out[1 + i] = code
    return bytes(out)


def from_codes(data):
    """Inverse of codes(); raises RulesError on any impossible byte."""
    if len(data) != 1 + len(OPTIONS) or data[0] >= len(PRESETS):
        raise RulesError("stored rules are damaged")
    rules = Rules(PRESETS[data[0]])
    for i, (name, choice, allowed, _d) in enumerate(OPTIONS):
        code = data[1 + i]
        if not rules.applies(name):
            if code != 255:
                raise RulesError("stored rules are damaged")
            continue
        if choice:
            if code >= len(allowed):
                raise RulesError("stored rules are damaged")
            code = allowed[code]
        rules.set(name, code)
    return rules
