"""The engine's modules import each other in one direction: no cycle, lazy imports included
(a RuleSet's repr learns the presets from the presets package, never by importing it)."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest
from sixtysix import get_preset

pytestmark = pytest.mark.unit

PACKAGE = Path(__file__).resolve().parents[1] / "sixtysix"


def _module(path: Path) -> str:
    parts = path.relative_to(PACKAGE.parent).with_suffix("").parts
    return ".".join(parts).removesuffix(".__init__")


def _imports(path: Path, module: str) -> set[str]:
    """The engine modules `module` imports anywhere in its file, the package root left out
    (every module's import runs through it)."""
    package = module if path.name == "__init__.py" else module.rpartition(".")[0]
    out: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.ImportFrom):
            base = package.split(".")
            if node.level:
                base = base[: len(base) - node.level + 1]
                target = ".".join([*base, *([node.module] if node.module else [])])
            else:
                target = node.module or ""
            names = [f"{target}.{alias.name}" for alias in node.names]
            out |= {target, *names}
        elif isinstance(node, ast.Import):
            out |= {alias.name for alias in node.names}
    return out


def _graph() -> dict[str, set[str]]:
    files = {_module(p): p for p in PACKAGE.rglob("*.py")}
    return {
        name: {m for m in _imports(path, name) if m in files and m not in ("sixtysix", name)}
        for name, path in files.items()
    }


def _cycle(graph: dict[str, set[str]]) -> list[str] | None:
    state: dict[str, int] = {}
    stack: list[str] = []

    def visit(node: str) -> list[str] | None:
        state[node] = 1
        stack.append(node)
        for nxt in sorted(graph[node]):
            if state.get(nxt) == 1:
                return [*stack[stack.index(nxt) :], nxt]
            if nxt not in state and (found := visit(nxt)):
                return found
        stack.pop()
        state[node] = 2
        return None

    for node in sorted(graph):
        if node not in state and (found := visit(node)):
            return found
    return None


def test_the_engine_has_no_import_cycle() -> None:
    graph = _graph()
    assert "sixtysix.presets" in graph["sixtysix.deal"]  # the graph sees relative imports
    assert _cycle(graph) is None


def test_a_rule_sets_repr_still_names_its_preset() -> None:
    assert repr(get_preset("classic66").with_options({"target": 70})) == (
        "<RuleSet classic66 with target=70>"
    )
