"""The engine installs and plays on its own: its wheel in a fresh virtualenv, without the site.

The wheel is built from engine/ with pip (``pip wheel --no-build-isolation``) when the
running interpreter's setuptools can build wheels; an older setuptools without the `wheel`
package cannot, and then the same setuptools configuration (engine/pyproject.toml: packages
and package data) lays the files out with ``build_py`` and the test zips them as a wheel.
Either way nothing is fetched from the network, and the installed package's presets come
through importlib.resources from inside the virtualenv.
"""

from __future__ import annotations

import base64
import hashlib
import os
import subprocess
import sys
import zipfile
from pathlib import Path
from typing import Any

import pytest

pytestmark = pytest.mark.slow

ENGINE = Path(__file__).resolve().parents[1]

SCRIPT = """
import pathlib, sys
import sixtysix
from sixtysix import Deal, RandomPlayer, get_preset, load_presets, player_view, solve
from sixtysix.presets import preset_files

here = pathlib.Path(sixtysix.__file__).resolve()
assert pathlib.Path(sys.prefix).resolve() in here.parents, here  # the installed copy
assert pathlib.Path(str(preset_files())).resolve().parent == here.parent
assert (here.parent / "py.typed").exists()
assert len(load_presets()) == len(sixtysix.PRESET_IDS)

rules = get_preset("schnapsen")
players = [RandomPlayer(seed=1, end_weight=0.0), RandomPlayer(seed=2, end_weight=0.0)]
deal = Deal.new(rules, seed=7, dealer=0)
solved = None
while deal.result is None:
    seat = deal.to_act
    view = player_view(deal, seat)
    if solved is None and view.phase == "strict" and deal.closed_by is None:
        solved = solve(view, rules)
    deal.apply(players[seat].choose(view))
assert solved is not None and solved.best, solved
print(deal.result.reason, solved.value)
"""


def _run(
    argv: list[str], *, check: bool = False, **kwargs: Any
) -> subprocess.CompletedProcess[str]:
    """Run a fixed command (this interpreter, the venv's, pip) and capture its output."""
    return subprocess.run(argv, capture_output=True, text=True, check=check, **kwargs)  # noqa: S603


def _record_hash(data: bytes) -> str:
    digest = base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=")
    return "sha256=" + digest.decode()


def _zip_wheel(tmp: Path, out: Path) -> Path:
    """Lay out engine/ with setuptools' build_py (its own package config) and zip a wheel."""
    build = tmp / "build"
    build.mkdir()
    setup = ["-W", "ignore", "-c", "import setuptools; setuptools.setup()", "-q"]
    commands = ["egg_info", "--egg-base", str(build), "build_py", "--build-lib", str(build / "lib")]
    _run([sys.executable, *setup, *commands], cwd=ENGINE, check=True)
    metadata = (build / "sixtysix.egg-info" / "PKG-INFO").read_text(encoding="utf-8")
    version = next(
        line.split(":", 1)[1].strip()
        for line in metadata.splitlines()
        if line.startswith("Version:")
    )
    info = f"sixtysix-{version}.dist-info"
    files: dict[str, bytes] = {
        path.relative_to(build / "lib").as_posix(): path.read_bytes()
        for path in sorted((build / "lib").rglob("*"))
        if path.is_file()
    }
    files[f"{info}/METADATA"] = metadata.encode()
    files[f"{info}/WHEEL"] = (
        b"Wheel-Version: 1.0\nGenerator: engine/tests/test_install.py\n"
        b"Root-Is-Purelib: true\nTag: py3-none-any\n"
    )
    files[f"{info}/top_level.txt"] = b"sixtysix\n"
    record = [f"{name},{_record_hash(data)},{len(data)}" for name, data in files.items()]
    record.append(f"{info}/RECORD,,")
    wheel = out / f"sixtysix-{version}-py3-none-any.whl"
    with zipfile.ZipFile(wheel, "w", zipfile.ZIP_DEFLATED) as zf:
        for name, data in files.items():
            zf.writestr(name, data)
        zf.writestr(f"{info}/RECORD", "\n".join(record) + "\n")
    return wheel


def _build_wheel(tmp: Path) -> Path:
    out = tmp / "dist"
    out.mkdir()
    options = ["--no-deps", "--no-build-isolation", "--no-index", "--quiet"]
    built = _run([sys.executable, "-m", "pip", "wheel", *options, "-w", str(out), str(ENGINE)])
    wheels = sorted(out.glob("sixtysix-*.whl"))
    if built.returncode == 0 and wheels:
        return wheels[0]
    assert "bdist_wheel" in built.stderr + built.stdout, built.stderr  # only that may fail
    return _zip_wheel(tmp, out)


def test_the_wheel_installs_alone_and_plays(tmp_path: Path) -> None:
    wheel = _build_wheel(tmp_path)
    with zipfile.ZipFile(wheel) as zf:
        names = set(zf.namelist())
    assert "sixtysix/py.typed" in names
    assert "sixtysix/presets/classic66.toml" in names
    assert not any(name.startswith(("rules/", "tests/")) for name in names)

    venv = tmp_path / "venv"
    _run([sys.executable, "-m", "venv", str(venv)], check=True)
    python = str(venv / "bin" / "python")
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "VIRTUAL_ENV")}
    options = ["--quiet", "--no-index", "--no-deps"]
    _run([python, "-m", "pip", "install", *options, str(wheel)], check=True, env=env)
    run = _run([python, "-I", "-c", SCRIPT], cwd=tmp_path, env=env)
    assert run.returncode == 0, run.stderr
    reason, value = run.stdout.split()
    assert reason in ("declared", "false_declaration", "last_trick", "most_points", "tie")
    assert -3 <= float(value) <= 3
    django = _run([python, "-I", "-c", "import django"], env=env)
    assert django.returncode != 0  # the site's packages are not there
