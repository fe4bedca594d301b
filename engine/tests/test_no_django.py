"""The engine stays a plain Python package: no module imports Django."""

from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

import pytest

pytestmark = pytest.mark.unit

ENGINE = Path(__file__).resolve().parents[1] / "sixtysix"


def _imported_roots(path: Path) -> set[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
    roots = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            roots.update(alias.name.split(".")[0] for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            roots.add(node.module.split(".")[0])
        elif isinstance(node, ast.Call) and getattr(node.func, "id", None) == "__import__":
            roots.update(
                arg.value.split(".")[0]
                for arg in node.args[:1]
                if isinstance(arg, ast.Constant) and isinstance(arg.value, str)
            )
    return roots


def test_engine_modules_exist() -> None:
    names = {p.name for p in ENGINE.glob("*.py")}
    assert {"__init__.py", "deal.py", "ruleset.py", "protocol.py", "__main__.py"} <= names


def test_engine_modules_import_no_django() -> None:
    offenders = [p.name for p in sorted(ENGINE.rglob("*.py")) if "django" in _imported_roots(p)]
    assert offenders == []


def test_importing_the_engine_loads_no_django() -> None:
    code = "import sys, sixtysix; print(any(m.split('.')[0] == 'django' for m in sys.modules))"
    out = subprocess.run(  # noqa: S603 (our own interpreter and code)
        [sys.executable, "-c", code], capture_output=True, text=True, check=True
    )
    assert out.stdout.strip() == "False"
