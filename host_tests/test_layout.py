"""The layout shows the architecture: firmware/ in layers whose imports point one way, and no
import cycles anywhere in firmware/ or tools/ (imports inside functions and modules named to a
lazy loader included)."""

import ast
import os

import pytest

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
# firmware's layers, lowest first: a module may import its own layer and the layers below.
# firmware.web (the phone view of the Wi-Fi boards) reads the store and the UI; only the device
# (its start-up, its renderer) builds it.
LAYERS = ("firmware.core", "firmware.record", "firmware.words", "firmware.store", "firmware.ui",
          "firmware.web", "firmware.device")
ENTRY_POINTS = ("code", "boot")
# Calls whose constant first argument names a module they import.
IMPORT_CALLS = ("__import__", "import_module", "_import", "Lazy")
PROJECT = ("firmware", "tools", "host_tests") + ENTRY_POINTS


def module_files():
    """{module name: path} for firmware/, tools/ (but the VM's fake board modules) and the entry points."""
    found = {name: os.path.join(ROOT, name + ".py") for name in ENTRY_POINTS}
    for top in ("firmware", "tools", "host_tests"):
        for folder, dirs, files in os.walk(os.path.join(ROOT, top)):
            dirs[:] = sorted(d for d in dirs if d != "__pycache__" and not d.startswith("."))
            rel = os.path.relpath(folder, ROOT).replace(os.sep, ".")
            if rel == "tools.vm.fakes" or rel.startswith("tools.vm.fakes.") or ".node_modules" in rel:
                continue  # stand-ins for the board's C modules, imported by their own names
            for f in files:
                if f.endswith(".py"):
                    leaf = f[:-3]
                    found[rel if leaf == "__init__" else rel + "." + leaf] = os.path.join(folder, f)
    return found


def _imports(tree, name, modules):
    """The project modules a module's source imports, anywhere in it."""
    package = name if modules[name].endswith("__init__.py") else name.rpartition(".")[0]
    out = set()
    for node in ast.walk(tree):
        targets = []
        if isinstance(node, ast.Import):
            targets = [a.name for a in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                parts = package.split(".")[:len(package.split(".")) - node.level + 1]
                base = ".".join(parts + ([base] if base else []))
            targets = [base] + [base + "." + a.name for a in node.names]
        elif isinstance(node, ast.Call) and node.args and isinstance(node.args[0], ast.Constant):
            func = node.func.id if isinstance(node.func, ast.Name) else getattr(node.func, "attr", None)
            if func in IMPORT_CALLS and isinstance(node.args[0].value, str):
                targets = [node.args[0].value]
        for t in targets:
            if t.split(".")[0] in PROJECT:
                while t and t not in modules:
                    t = t.rpartition(".")[0]
                if t and t != name:
                    out.add(t)
    return out


def graph():
    modules = module_files()
    edges = {}
    for name, path in modules.items():
        with open(path, encoding="utf-8") as f:
            edges[name] = _imports(ast.parse(f.read(), path), name, modules)
    return edges


def layer(name):
    for i, prefix in enumerate(LAYERS):
        if name == prefix or name.startswith(prefix + "."):
            return i
    return None


def find_cycle(edges):
    """One import cycle as a list of modules, or None."""
    state = {}
    stack = []

    def visit(n):
        state[n] = 1
        stack.append(n)
        for m in sorted(edges.get(n, ())):
            if state.get(m) == 1:
                return stack[stack.index(m):] + [m]
            if m not in state:
                found = visit(m)
                if found:
                    return found
        stack.pop()
        state[n] = 2
        return None

    for n in sorted(edges):
        if n not in state:
            found = visit(n)
            if found:
                return found
    return None


def test_no_import_cycle_in_firmware_or_tools():
    cycle = find_cycle(graph())
    assert cycle is None, "import cycle: " + " -> ".join(cycle)


def test_firmware_imports_point_down_the_layers():
    upward = []
    for name, targets in sorted(graph().items()):
        if not name.startswith("firmware."):
            continue
        for t in sorted(targets):
            if not t.startswith("firmware"):
                upward.append("%s imports %s (not firmware)" % (name, t))
            elif layer(name) is not None and layer(t) is not None and layer(t) > layer(name):
                upward.append("%s imports %s (a layer above)" % (name, t))
    assert upward == []


def test_every_firmware_module_is_in_a_layer():
    loose = [n for n in graph() if n.startswith("firmware.") and layer(n) is None]
    assert loose == ["firmware.replay"]  # the replay command, kept where RECORD.md names it


def test_tools_do_not_import_tests():
    bad = ["%s imports %s" % (n, t) for n, ts in sorted(graph().items()) if n.startswith("tools")
           for t in sorted(ts) if t.startswith("host_tests")]
    assert bad == []


@pytest.mark.parametrize("edges, cycle", [
    ({"a": {"b"}, "b": {"c"}, "c": {"a"}}, ["a", "b", "c", "a"]),
    ({"a": {"b"}, "b": set()}, None),
])
def test_the_cycle_finder_finds_a_cycle_and_only_a_cycle(edges, cycle):
    assert find_cycle(edges) == cycle


def test_a_lazy_import_counts_as_an_import():
    modules = {"firmware.ui.x": "x.py", "firmware.ui.y": "y.py", "firmware.ui": "__init__.py"}
    tree = ast.parse('def f():\n    from firmware.ui import y\nz = Lazy("firmware.ui.y")\n')
    assert _imports(tree, "firmware.ui.x", modules) == {"firmware.ui.y", "firmware.ui"}
