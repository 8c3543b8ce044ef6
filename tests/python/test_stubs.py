"""The type stubs the package ships (_polyxios.pyi, py.typed) name what the module has."""

from __future__ import annotations

import ast
from pathlib import Path

import polyxios as px
from polyxios import _polyxios

PACKAGE = Path(px.__file__).parent


def stubbed() -> dict[str, set[str]]:
    """Each class of the stub with the names it declares, and "" for the module's functions."""
    tree = ast.parse((PACKAGE / "_polyxios.pyi").read_text())
    names: dict[str, set[str]] = {"": set()}
    for node in tree.body:
        if isinstance(node, ast.FunctionDef):
            names[""].add(node.name)
        elif isinstance(node, ast.ClassDef):
            names[node.name] = {n.name for n in node.body if isinstance(n, ast.FunctionDef)}
    return names


def public(names) -> set[str]:
    return {n for n in names if not n.startswith("_")}


def test_the_stub_and_the_module_name_the_same_classes_and_functions():
    stub = stubbed()
    runtime = public(dir(_polyxios))
    assert set(stub) - {""} | stub[""] == runtime


def test_each_class_has_what_its_stub_declares_and_nothing_else():
    for name, members in stubbed().items():
        if name:
            cls = getattr(_polyxios, name)
            assert public(members) == public(vars(cls)), name


def test_the_package_is_marked_typed_and_every_name_is_exported():
    assert (PACKAGE / "py.typed").is_file()
    for name in px.__all__:
        assert hasattr(px, name), name
    assert set(stubbed()) - {""} <= set(px.__all__)
