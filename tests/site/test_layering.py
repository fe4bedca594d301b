"""The packages depend on each other in one direction only, read from the source itself.

    sixtysix (the engine)  <-  words, guard  <-  content  <-  rules
                           <-  tutorial / practice / puzzles  <-  training, tables
                           <-  sixtysix_site

The engine imports nothing of the site; words (every sentence built from the game) only the
engine; guard (limits and slots for costly requests) none of ours; content (loading,
export, the edit ledger, the page cache) knows no content app, which register with it in
their AppConfig.ready; the project package sixtysix_site holds the configuration and may
import every app, and no app imports it. Packages of the same tier
may use each other (a lesson starts a practice match) but never in a circle. Every import
counts, also one inside a function: a lazy import is still a dependency.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
FOLDERS = {"sixtysix": ROOT / "engine" / "sixtysix"} | {
    name: ROOT / name
    for name in (
        "words",
        "guard",
        "content",
        "rules",
        "tutorial",
        "practice",
        "puzzles",
        "training",
        "tables",
        "sixtysix_site",
    )
}
TIER = {
    "sixtysix": 0,
    "words": 1,
    "guard": 1,
    "content": 2,
    "rules": 3,
    "tutorial": 4,
    "practice": 4,
    "puzzles": 4,
    "training": 5,
    "tables": 5,
    "sixtysix_site": 6,
}


def module_name(package: str, path: Path) -> str:
    parts = path.relative_to(FOLDERS[package]).with_suffix("").parts
    return ".".join((package, *parts)).removesuffix(".__init__")


def imported(module: str, path: Path) -> set[str]:
    """Every module this file imports, anywhere in it, relative imports made absolute."""
    names = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            names.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                here = module.split(".")
                if path.name != "__init__.py":
                    here = here[:-1]
                base = ".".join(here[: len(here) - node.level + 1])
                names.add(f"{base}.{node.module}" if node.module else base)
            else:
                names.add(node.module)
    return names


def package_edges() -> dict[tuple[str, str], list[str]]:
    """(importer, imported) between two of our packages -> the files that make the edge."""
    edges: dict[tuple[str, str], list[str]] = {}
    for package, folder in FOLDERS.items():
        for path in sorted(folder.rglob("*.py")):
            for name in imported(module_name(package, path), path):
                target = name.split(".")[0]
                if target in TIER and target != package:
                    edges.setdefault((package, target), []).append(
                        f"{path.relative_to(ROOT)} imports {name}"
                    )
    return edges


EDGES = package_edges()


def test_every_package_of_the_project_has_its_tier():
    """A new app must be placed in the layers before it can be used."""
    packages = {path.parent.name for path in ROOT.glob("*/__init__.py")}
    assert packages <= set(TIER)


def test_the_graph_sees_the_known_edges():
    """The parser finds real imports, so an empty result below means something."""
    assert ("words", "sixtysix") in EDGES
    assert ("tutorial", "practice") in EDGES  # registers its lesson positions
    assert ("rules", "content") in EDGES  # registers its loader
    assert ("sixtysix_site", "rules") in EDGES


@pytest.mark.parametrize("package", sorted(TIER))
def test_imports_go_down_only(package):
    wrong = [
        line
        for (source, target), lines in sorted(EDGES.items())
        if source == package and TIER[target] > TIER[source]
        for line in lines
    ]
    assert wrong == []


def test_no_cycle_between_packages():
    graph: dict[str, set[str]] = {package: set() for package in TIER}
    for source, target in EDGES:
        graph[source].add(target)
    cycles = []

    def visit(package: str, path: list[str]) -> None:
        for target in sorted(graph[package]):
            if target == path[0]:  # each cycle once: from its first package by name
                cycles.append(" -> ".join([*path, target]))
            elif target not in path and target > path[0]:
                visit(target, [*path, target])

    for package in sorted(graph):
        visit(package, [package])
    assert cycles == []
