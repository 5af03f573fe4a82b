"""The README's Python example runs and prints what its comments say."""

import contextlib
import io
import re
from pathlib import Path

README = Path(__file__).resolve().parents[2] / "README.md"


def test_the_readme_python_example_prints_what_it_says():
    text = README.read_text()
    (block,) = re.findall(r"```python\n(.*?)```", text, re.S)
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        exec(compile(block, "README.md", "exec"), {})
    lines = out.getvalue().splitlines()
    assert lines == [
        "[[0, 1], [2, 3]]",
        "2",
        "8",
        "573147844013817084101",
        "483921657967345821251876493548132976729564138136798245372689514814253769695417382",
        "48",
        "48",
        "240",
    ]
    # The comments say the same.
    assert "# 483921657967345821...: the 81-character line" in block
    assert "# 8 (pentominoes in 3x20), on two threads" in block
