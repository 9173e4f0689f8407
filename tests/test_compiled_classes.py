"""The engine's classes keep one slot per attribute, so the compiled build's garbage collector sees each
reference once.

mypyc gives a class that declares an attribute its base class already declares (``self.x: T = ...`` in a
subclass, or ``name = "choque"`` over a base's ``name: str``) one slot but two visits in the collector's
traversal. The collector then counts a reference the object does not hold: a legal-action cache that a
clone shares with its original was cleared under the original when the clone became garbage, and the game
offered no legal action at all (a flaky fuzz failure in the compiled CI pass). These tests fail on that
layout in either build: the source check everywhere, the collector check where it bites.
"""

from __future__ import annotations

import ast
import gc
import importlib
import inspect
from collections import Counter
from pathlib import Path

from conftest import make_game
from tablero.core import compiled

SRC = Path(__file__).resolve().parents[1] / "src" / "tablero"


def _declared(cls: ast.ClassDef) -> set[str]:
    """Attribute names a class body declares: annotated or assigned at class level, annotated on self."""
    out: set[str] = set()
    for node in cls.body:
        if isinstance(node, ast.AnnAssign) and isinstance(node.target, ast.Name):
            out.add(node.target.id)
        elif isinstance(node, ast.Assign):
            out.update(t.id for t in node.targets if isinstance(t, ast.Name))
    for node in ast.walk(cls):
        if isinstance(node, ast.AnnAssign) and isinstance(node.target, ast.Attribute):
            if isinstance(node.target.value, ast.Name) and node.target.value.id == "self":
                out.add(node.target.attr)
    return out


def _instance_attributes(cls: ast.ClassDef) -> set[str]:
    """The attributes that become instance slots: every declaration except ClassVars and methods."""
    names = _declared(cls)
    for node in cls.body:
        if isinstance(node, ast.AnnAssign) and isinstance(node.target, ast.Name):
            if "ClassVar" in ast.unparse(node.annotation):
                names.discard(node.target.id)
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            names.discard(node.name)
    return names


def _classes() -> dict[str, tuple[ast.ClassDef, list[str]]]:
    out: dict[str, tuple[ast.ClassDef, list[str]]] = {}
    for path in sorted(SRC.rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ClassDef):
                bases = [b.id if isinstance(b, ast.Name) else b.attr if isinstance(b, ast.Attribute) else ""
                         for b in node.bases]
                out.setdefault(node.name, (node, bases))
    return out


def test_no_class_declares_again_an_instance_attribute_of_its_bases() -> None:
    classes = _classes()

    def ancestors(name: str) -> list[str]:
        seen: list[str] = []
        todo = list(classes[name][1])
        while todo:
            b = todo.pop()
            if b in classes and b not in seen:
                seen.append(b)
                todo.extend(classes[b][1])
        return seen

    again = []
    for name, (node, _) in classes.items():
        for base in ancestors(name):
            for attr in sorted(_declared(node) & _instance_attributes(classes[base][0])):
                again.append(f"{name}.{attr} (declared in {base})")
    assert "ChoqueGame" in classes and "Game" in ancestors("ChoqueGame")  # the walk sees the bases
    assert not again, "declare these once, in the base (a ClassVar if it is per class): " + ", ".join(again)


def test_a_clone_left_as_garbage_does_not_clear_what_its_original_holds() -> None:
    g = make_game(3)
    gc.collect()  # the game is old now; the cache built next is young, shared with a young clone
    legal = g.legal_actions()
    t = g.clone()
    t.s.log.append(t)  # a clone in a reference cycle: garbage only the collector frees
    del t
    gc.collect(0)
    assert g.legal_actions() == legal


def test_compiled_classes_visit_each_slot_once() -> None:
    """Where the build is compiled, mypyc's own list of each class's slots has no name twice."""
    names = ["tablero.core.game", "tablero.games.choque.game", "tablero.games.choque.state",
             "tablero.games.choque.effects.activation", "tablero.agents.mcts"]
    twice = {}
    seen = 0
    for mod_name in names:
        mod = importlib.import_module(mod_name)
        for cname, cls in vars(mod).items():
            attrs = getattr(cls, "__mypyc_attrs__", None) if inspect.isclass(cls) else None
            if attrs is None:
                continue
            seen += 1
            dup = [a for a, n in Counter(attrs).items() if n > 1]
            if dup:
                twice[f"{mod_name}.{cname}"] = dup
    assert (seen > 0) is compiled(), f"{seen} compiled classes in a build where compiled() is {compiled()}"
    assert not twice, twice
