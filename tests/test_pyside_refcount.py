"""Regression guard: PySide6-Essentials 6.12.0 on CPython 3.11 decrements the refcount of None
on every call of a method returning nothing and aborts after a few thousand calls
(Fatal Python error: none_dealloc). 6.11.3 is clean; this test keeps any upgrade honest.

It runs in a child process so that a broken build fails this test instead of killing pytest.
"""

import subprocess
import sys

CHILD = """
import sys
from PySide6.QtWidgets import QApplication, QGraphicsRectItem
app = QApplication.instance() or QApplication([])
item = QGraphicsRectItem(0, 0, 1, 1)
before = sys.getrefcount(None)
for i in range(100_000):
    item.setZValue(i)
after = sys.getrefcount(None)
print(before - after)
"""


def test_void_method_calls_keep_none_refcount():
    result = subprocess.run(
        [sys.executable, "-c", CHILD],
        capture_output=True,
        text=True,
        env={**__import__("os").environ, "QT_QPA_PLATFORM": "offscreen"},
        timeout=300,
    )
    assert result.returncode == 0, f"child crashed: {result.stderr[-2000:]}"
    lost = int(result.stdout.strip().splitlines()[-1])
    # A clean build loses nothing; allow a tiny drift from unrelated allocations.
    assert abs(lost) < 100, f"refcount of None dropped by {lost} over 100,000 calls"
