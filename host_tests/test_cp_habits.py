"""A lint for CPython habits that show or store something else on CircuitPython.

On CircuitPython (and MicroPython) ``"%-8s" % name`` pads by UTF-8 bytes (Å,
Ä, Ö count twice), ``str.ljust``/``rjust``/``center`` do not exist,
``sorted`` is not stable and dicts do not keep insertion order. So in
firmware/:

* no width on a ``%s`` (or an f-string / format() field) and no ljust/rjust/center:
  pad with ``firmware.ui.screenmodel.pad``;
* every ``sorted(..., key=...)`` and ``.sort(key=...)`` has a full key: a tuple
  whose last item is the element itself (ties cannot reorder), or a sort without key;
* nothing iterates a dict's ``items()``/``keys()``/``values()`` unless it is
  sorted first, or the order cannot show (ORDER_FREE below says why for each);
* ``json.dumps`` only of scalars, in the record's reader and writer (``recordwriter.dumps``
  writes objects in RECORD.md's key order on every VM);
* no save whose result is dropped: ``save(...)``/``save_settings(...)`` as a bare
  statement in firmware/ui/ (a failed save of anything is said on the screen).

The device tier (test_device_tier.py) checks the same on CircuitPython's VM
by comparing what the device shows and exports with the simulator.
"""

import ast
import os
import re
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
FIRMWARE = os.path.join(ROOT, "firmware")

# (file, source line) -> why the iteration order of that dict cannot show.
ORDER_FREE = {
    ("firmware/record/reader.py", "for name, value in obj.items():"):
        "reads a record's {name: n} into a tuple by seat; only the first bad name's message depends on it",
    ("firmware/record/reader.py", 'overrides = {k: v for k, v in rules_obj.items() if k != "preset"}'):
        "builds another dict",
    ("firmware/core/rules.py", "for name, value in (overrides or {}).items():"):
        "sets one attribute per option; only the first bad option's message depends on it",
}

WIDTH_PERCENT = re.compile(r"%[-+ #0]*\d+(\.\d+)?s")


def sources():
    for folder, _dirs, files in os.walk(FIRMWARE):
        for f in sorted(files):
            if f.endswith(".py"):
                path = os.path.join(folder, f)
                with open(path, encoding="utf-8") as fh:
                    yield os.path.relpath(path, ROOT).replace(os.sep, "/"), fh.read()


def findings():
    out = []
    for rel, text in sources():
        tree = ast.parse(text)
        lines = text.splitlines()
        docstrings = set()
        for node in ast.walk(tree):
            if isinstance(node, (ast.Module, ast.FunctionDef, ast.ClassDef)) and node.body:
                first = node.body[0]
                if isinstance(first, ast.Expr) and isinstance(first.value, ast.Constant):
                    docstrings.add(id(first.value))
        for node in ast.walk(tree):
            where = "%s:%d" % (rel, getattr(node, "lineno", 0))
            if isinstance(node, ast.Constant) and isinstance(node.value, str) and id(node) not in docstrings:
                if WIDTH_PERCENT.search(node.value):
                    out.append("%s: width on %%s pads by bytes on CircuitPython: %r" % (where, node.value))
            elif isinstance(node, ast.FormattedValue) and node.format_spec is not None:
                spec = "".join(v.value for v in node.format_spec.values if isinstance(v, ast.Constant))
                if re.search(r"\d", spec) and not re.search(r"[bcdoxXneEfFgG%]$", spec):
                    out.append("%s: width on a text field in an f-string: {...:%s}" % (where, spec))
            elif isinstance(node, ast.Call):
                func = node.func
                name = func.attr if isinstance(func, ast.Attribute) else getattr(func, "id", None)
                if isinstance(func, ast.Attribute) and name in ("ljust", "rjust", "center"):
                    out.append("%s: str.%s does not exist on CircuitPython" % (where, name))
                if name in ("sorted", "sort"):
                    for kw in node.keywords:
                        if kw.arg == "key" and not full_key(kw.value):
                            out.append("%s: %s with a key that can tie (sorted is not stable on CircuitPython):"
                                       " %s" % (where, name, ast.unparse(kw.value)))
                json_dumps = (name == "dumps" and isinstance(func, ast.Attribute)
                              and getattr(func.value, "id", "") == "json")
                if json_dumps and rel not in ("firmware/record/reader.py", "firmware/record/writer.py"):
                    out.append("%s: json.dumps outside the record's reader and writer: dict order is lost on "
                               "CircuitPython" % where)
            if (rel.startswith("firmware/ui/") and isinstance(node, ast.Expr) and isinstance(node.value, ast.Call)
                    and isinstance(node.value.func, ast.Attribute)
                    and node.value.func.attr in ("save", "save_settings")):
                out.append("%s: the result of %s() is dropped: a failed save must reach the screen"
                           % (where, node.value.func.attr))
            if isinstance(node, (ast.For, ast.comprehension)):
                it = node.iter
                if (isinstance(it, ast.Call) and isinstance(it.func, ast.Attribute)
                        and it.func.attr in ("items", "keys", "values") and not it.args):
                    line = lines[node.iter.lineno - 1].strip()
                    if (rel, line) not in ORDER_FREE:
                        out.append("%s: iterates a dict in its (VM-dependent) order: %s" % (where, line))
    return out


def full_key(fn):
    """A lambda whose result is a tuple ending with its argument: no two elements tie."""
    if not isinstance(fn, ast.Lambda) or len(fn.args.args) != 1:
        return False
    arg = fn.args.args[0].arg
    body = fn.body
    return (isinstance(body, ast.Tuple) and body.elts and isinstance(body.elts[-1], ast.Name)
            and body.elts[-1].id == arg)


def test_firmware_has_no_habit_that_differs_on_circuitpython():
    found = findings()
    assert not found, "\n".join(found)


def test_order_free_exceptions_still_exist():
    """Every ORDER_FREE line is still in its file (a stale exception would hide nothing)."""
    texts = dict(sources())
    for rel, line in ORDER_FREE:
        assert line in [x.strip() for x in texts[rel].splitlines()], (rel, line)


def test_the_lint_catches_each_habit(tmp_path, monkeypatch):
    bad = tmp_path / "firmware"
    bad.mkdir()
    (bad / "bad.py").write_text(
        'import json\n'
        'a = "%-8s%4d" % ("Åsa", 3)\n'
        'b = "Åsa".ljust(8)\n'
        'c = sorted([1, 2], key=lambda s: (s > 1, -s))\n'
        'd = {"x": 1}\n'
        'e = [k for k, v in d.items()]\n'
        'f = json.dumps(d)\n'
        'g = f"{a:8}"\n', encoding="utf-8")
    (bad / "ui").mkdir()
    (bad / "ui" / "app.py").write_text("def f(app):\n    app.save_settings()\n", encoding="utf-8")
    here = sys.modules[__name__]
    monkeypatch.setattr(here, "FIRMWARE", str(bad))
    monkeypatch.setattr(here, "ROOT", str(tmp_path))
    found = "\n".join(findings())
    for what in ("width on %s", "str.ljust", "sorted with a key", "iterates a dict", "json.dumps outside",
                 "f-string", "result of save_settings() is dropped"):
        assert what in found, (what, found)


def test_pad_counts_letters_not_bytes():
    from firmware.ui.screenmodel import pad

    assert pad("ÄÖ", 8) == "ÄÖ      " and len(pad("ÄÖ", 8)) == 8
    assert pad("Hedvigsson", 8) == "Hedvigsson"  # never cut
