"""`make help` lists every target a user runs, one line each with how long it takes, so that it
cannot drift from the Makefile; `make` alone only sets up .venv."""

import os
import re
import shutil
import subprocess

import pytest

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
MAKEFILE = os.path.join(ROOT, "Makefile")
# how long, as make help says it: "about 30 s", "about 12-13 min", "about 1 h 50 min", "instant", ...
DURATION = re.compile(r"(about \d+(-\d+)? (s|min|h)\b|instant|in a few seconds|a minute or two)")

pytestmark = pytest.mark.skipif(shutil.which("make") is None, reason="make not found")


def makefile_targets():
    """The .PHONY targets and every rule target that names no file (not $(...), not a path)."""
    with open(MAKEFILE, encoding="utf-8") as f:
        text = f.read()
    phony = re.search(r"^\.PHONY:(.*)$", text, re.M).group(1).split()
    rules = re.findall(r"^([A-Za-z][\w-]*):(?!=)", text, re.M)
    return phony, rules


def make(*args):
    return subprocess.run(["make", "--no-print-directory", "-C", ROOT] + list(args), capture_output=True,
                          text=True, timeout=60)


def test_make_help_names_every_target_with_its_duration():
    phony, rules = makefile_targets()
    assert {"run", "test", "bench", "soak", "release", "help"} <= set(phony)
    assert set(rules) <= set(phony), "a rule target a user runs is not .PHONY: %s" % (set(rules) - set(phony))
    p = make("help")
    assert p.returncode == 0, p.stderr
    lines = p.stdout.splitlines()
    named = {}
    for ln in lines:
        m = re.match(r"make( (\w+))? +(\S.*)$", ln)
        assert m, "not a line of make help: %r" % ln
        named[m.group(2) or "(no target)"] = m.group(3)
    assert len(named) == len(lines), "a target listed twice"
    for target in phony:
        if target == "setup":
            target = "(no target)"  # the default goal: `make` alone
        assert target in named, "make help does not list %s:\n%s" % (target, p.stdout)
        assert DURATION.search(named[target]), "make help gives %s no duration: %r" % (target, named[target])
    assert set(named) - {"(no target)"} <= set(phony), "make help lists a target the Makefile does not have"
    assert re.search(r"about 12-13 min$", named["test"]) and re.search(r"about 15-23 min$", named["soak"])
    assert "python -m tools.bench PART runs one" in named["bench"]


def test_make_alone_sets_up_the_venv_and_runs_nothing_else():
    p = make("-n")
    assert p.returncode == 0, p.stderr
    commands = p.stdout.strip().splitlines()
    assert commands[-1] == 'echo ".venv is ready; make help lists every target"'
    assert all(c.startswith(("python3 -m venv", ".venv/bin/pip install", "touch .venv", "echo"))
               for c in commands), commands
