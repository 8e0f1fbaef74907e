"""The game master's shared parts know no game's rules (issue 12, item 1).

Every module of gm/'s core, store/ and the front ends' shared parts is read (ast) and must not
import a game: engine.warpwar, engine.warparena, gm.warpwar or gm.warparena. They reach a game
only through gm.kinds. gm/service.py is where the game master is put together (it registers
the kinds and adds WarpWar's own actions), so it is the one module allowed to name them.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
GAMES = ("engine.warpwar", "engine.warparena", "gm.warpwar", "gm.warparena")
COMPOSITION_ROOT = "gm/service.py"
SHARED = sorted(
    {
        *(p for p in (ROOT / "gm").glob("*.py")),
        *(p for p in (ROOT / "store").glob("*.py")),
        *(p for p in (ROOT / "cogs" / "shared").glob("*.py")),
        ROOT / "console" / "output.py",
    }
    - {ROOT / COMPOSITION_ROOT}
)


def imported(path: Path) -> list[str]:
    """Every module ``path`` imports, at any depth of the file (``from x import y`` gives x and
    x.y, so ``from gm import warpwar`` is caught too)."""
    found: list[str] = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            found.extend(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module is not None:
            found.append(node.module)
            found.extend(f"{node.module}.{alias.name}" for alias in node.names)
    return found


def is_a_game(module: str) -> bool:
    return any(module == g or module.startswith(f"{g}.") for g in GAMES)


@pytest.mark.parametrize("path", SHARED, ids=lambda p: str(p.relative_to(ROOT)))
def test_a_shared_module_imports_no_game(path: Path) -> None:
    """Issue 12 item 1: a shared module of gm/, store/, the cogs or the console imports no game's
    rules (engine.warpwar, engine.warparena) nor a game's game-master code (gm.warpwar,
    gm.warparena)."""
    games = [m for m in imported(path) if is_a_game(m)]
    assert games == [], f"{path.relative_to(ROOT)} imports {games}"


def test_the_walk_finds_what_it_looks_for(tmp_path: Path) -> None:
    """The check itself: a plain, a from- and a nested import of a game are all found."""
    sample = tmp_path / "sample.py"
    sample.write_text(
        "import engine.warpwar.state\nfrom gm import warparena\n"
        "def f():\n    from engine.warparena.dice import Dice\n"
    )
    assert [m for m in imported(sample) if is_a_game(m)] == [
        "engine.warpwar.state",
        "gm.warparena",
        "engine.warparena.dice",
        "engine.warparena.dice.Dice",
    ]


def test_the_shared_modules_are_all_there() -> None:
    """The list is not empty by mistake: gm's core and store are in it, the composition root not."""
    names = {str(p.relative_to(ROOT)) for p in SHARED}
    assert {"gm/core.py", "gm/kinds.py", "gm/lobby.py", "store/games.py", "cogs/shared/herald.py"} <= names
    assert COMPOSITION_ROOT not in names
