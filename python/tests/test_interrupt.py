"""Ctrl-C stops a search: a child Python process runs a long search, this test sends it
SIGINT and sees KeyboardInterrupt raised within a second."""

import os
import signal
import subprocess
import sys
import time

import pytest

CHILD = """
import signal, sys, dlxkit
# A shell that starts a job in the background leaves SIGINT ignored in it, and Python then
# installs no KeyboardInterrupt handler: restore Ctrl-C as an interactive session has it.
signal.signal(signal.SIGINT, signal.default_int_handler)
# Langford pairs for n = 17 have no solution, but the search tree is far too large to
# finish in a test: the search runs until it is interrupted.
problem = dlxkit.puzzles.langford(17)
print("ready", flush=True)
try:
    {search}
except KeyboardInterrupt:
    print("interrupted", flush=True)
    sys.exit(0)
print("finished", flush=True)
sys.exit(3)
"""


@pytest.mark.skipif(sys.platform == "win32", reason="POSIX signals")
@pytest.mark.parametrize(
    "search",
    [
        "problem.count()",
        "problem.count(jobs=2)",
        "problem.stats(memo=True)",
        "next(problem.solutions())",
    ],
)
def test_sigint_raises_keyboard_interrupt_within_a_second(search):
    child = subprocess.Popen(
        [sys.executable, "-c", CHILD.format(search=search)],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    try:
        assert child.stdout.readline().strip() == "ready"
        time.sleep(0.3)  # into the search
        assert child.poll() is None, "the search ended by itself"
        sent = time.monotonic()
        child.send_signal(signal.SIGINT)
        out, err = child.communicate(timeout=10)
        waited = time.monotonic() - sent
    finally:
        if child.poll() is None:
            child.kill()
            child.wait()
    assert (child.returncode, out.strip()) == (0, "interrupted"), err
    assert waited < 1.0, f"KeyboardInterrupt came {waited:.2f} s after SIGINT"
