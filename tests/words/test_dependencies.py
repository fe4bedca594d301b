"""The apps depend on each other in one direction only.

engine  <-  words  <-  rules pages  <-  practice  <-  tutorial

The engine imports no Django and nothing of the site; words uses only the engine; the
rules pages never import lessons or practice; lessons may use practice (to start a match
from a lesson's position, through practice's registry), practice never imports lessons.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]

ALLOWED = {
    "engine/sixtysix": {"sixtysix"},
    "words": {"sixtysix", "words"},
    "rules": {"rules", "words", "sixtysix_site"},
    "tutorial": {"rules", "words", "tutorial", "practice", "sixtysix_site"},
    "practice": {"rules", "words", "practice", "sixtysix_site"},
}
SITE = ("rules", "words", "tutorial", "practice", "sixtysix_site")


def imports_of(path: Path) -> set[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    names = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            names.add(node.module)
    return {name for name in names if name.split(".")[0] in SITE}


@pytest.mark.parametrize("folder", sorted(ALLOWED))
def test_imports_go_one_way(folder):
    allowed = ALLOWED[folder]
    wrong = []
    for path in (ROOT / folder).rglob("*.py"):
        if "migrations" in path.parts:
            continue
        for name in imports_of(path):
            if not any(name == ok or name.startswith(ok + ".") for ok in allowed):
                wrong.append(f"{path.relative_to(ROOT)} imports {name}")
    assert wrong == []
