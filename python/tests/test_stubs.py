"""The type stubs (.pyi) and the docstrings: every public name the package exports is in its
stub, every name a stub declares exists at run time with the parameters the stub gives it,
and every public module, class, function, method and property explains itself (``help()``
and editors show these docstrings)."""

import ast
import inspect
from pathlib import Path

import pytest

import dlxkit

STUBS = Path(__file__).resolve().parents[1] / "dlxkit"
MODULES = {"__init__": dlxkit, "sudoku": dlxkit.sudoku, "puzzles": dlxkit.puzzles}


def stub(name):
    return ast.parse((STUBS / f"{name}.pyi").read_text())


def declared(tree):
    """The stub's public top-level names: {name: ast node}."""
    out = {}
    for node in tree.body:
        if isinstance(node, (ast.ClassDef, ast.FunctionDef)):
            out[node.name] = node
        elif isinstance(node, ast.Assign):
            for target in node.targets:
                if isinstance(target, ast.Name):
                    out[target.id] = node
        elif isinstance(node, ast.AnnAssign) and isinstance(node.target, ast.Name):
            out[node.target.id] = node
    return {k: v for k, v in out.items() if not k.startswith("_")}


def members(cls_node):
    """A stub class's public methods and properties: {name: ast.FunctionDef}."""
    return {
        n.name: n
        for n in cls_node.body
        if isinstance(n, ast.FunctionDef) and (not n.name.startswith("_") or n.name == "__init__")
    }


def stub_parameters(fn):
    a = fn.args
    names = [p.arg for p in a.posonlyargs + a.args if p.arg not in ("self", "cls")]
    names += [p.arg for p in a.kwonlyargs]
    return names


def runtime_parameters(obj):
    try:
        sig = inspect.signature(obj)
    except (TypeError, ValueError):
        return None  # a builtin without a text signature: nothing to compare
    return [
        p.name
        for p in sig.parameters.values()
        if p.name not in ("self", "cls") and p.kind not in (p.VAR_POSITIONAL, p.VAR_KEYWORD)
    ]


@pytest.mark.parametrize("name", sorted(MODULES))
def test_every_exported_name_is_in_the_stub_and_the_stub_names_exist(name):
    module = MODULES[name]
    names = set(declared(stub(name)))
    exported = set(module.__all__)
    assert module.__doc__ and module.__doc__.strip(), f"{name}: no module docstring"
    missing = sorted(n for n in exported if n not in names and not inspect.ismodule(getattr(module, n)))
    assert not missing, f"{name}.pyi lacks {missing}"
    absent = sorted(n for n in names if not hasattr(module, n))
    # Type aliases (Entry, Cage, ...) exist only for the checker.
    aliases = {n for n, node in declared(stub(name)).items() if isinstance(node, ast.Assign)}
    assert not [n for n in absent if n not in aliases], f"{name}.pyi declares {absent}, which do not exist"


@pytest.mark.parametrize("name", sorted(MODULES))
def test_every_function_method_and_property_has_a_docstring_and_the_stubs_parameters(name):
    module = MODULES[name]
    undocumented, mismatched = [], []
    for top, node in declared(stub(name)).items():
        obj = getattr(module, top, None)
        if obj is None or isinstance(node, (ast.Assign, ast.AnnAssign)):
            continue
        if not (obj.__doc__ or "").strip():
            undocumented.append(top)
        if isinstance(node, ast.FunctionDef):
            got = runtime_parameters(obj)
            if got is not None and got != stub_parameters(node):
                mismatched.append((top, got, stub_parameters(node)))
            continue
        for member, fn in members(node).items():
            attr = inspect.getattr_static(obj, member, None)
            assert attr is not None, f"{name}.{top}.{member} is in the stub only"
            if member == "__init__":
                continue
            target = attr.fget if isinstance(attr, property) else getattr(obj, member)
            doc = getattr(attr, "__doc__", None) if not isinstance(attr, property) else attr.__doc__
            if not (doc or getattr(target, "__doc__", None) or "").strip():
                undocumented.append(f"{top}.{member}")
            if callable(target) and not isinstance(attr, property) and not inspect.isdatadescriptor(attr):
                got = runtime_parameters(target)
                if got is not None and got != stub_parameters(fn):
                    mismatched.append((f"{top}.{member}", got, stub_parameters(fn)))
    assert not undocumented, f"{name}: no docstring: {undocumented}"
    assert not mismatched, f"{name}: parameters differ from the stub (run time, stub): {mismatched}"
