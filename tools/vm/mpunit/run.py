"""Run one portable test module under MicroPython: ``micropython run.py MODULE``.

Prints a line per failure and, last, ``N passed, N failed, N skipped``.
"""

import sys
import unittest


def main(name):
    module = __import__(name, None, None, ["x"])
    passed = failed = skipped = 0
    for attr in dir(module):
        cls = getattr(module, attr)
        if not isinstance(cls, type) or not issubclass(cls, unittest.TestCase) or cls is unittest.TestCase:
            continue
        for test in sorted(m for m in dir(cls) if m.startswith("test")):
            case = cls()
            try:
                case.setUp()
                try:
                    getattr(case, test)()
                finally:
                    case.tearDown()
                passed += 1
            except unittest.SkipTest:
                skipped += 1
            except Exception as e:
                failed += 1
                print("FAIL %s.%s.%s: %s %s" % (name, attr, test, type(e).__name__, e))
    print("%d passed, %d failed, %d skipped" % (passed, failed, skipped))
    sys.exit(1 if failed else 0)


main(sys.argv[1])
