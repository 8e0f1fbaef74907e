"""Issue 13 item 7: cogs/ imports only downward.

Every import in cogs/ is read from the source (ast), those inside functions and under
``if TYPE_CHECKING:`` included, since a circle through either still ties the modules together.
No module may reach itself through them, and the parts both games share (cogs.shared) may not
import a game's own modules: its cogs, its game master or its engine rules.
"""

from __future__ import annotations

import ast
from collections.abc import Iterator
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
GAMES = ("warpwar", "warparena")
GAME_MODULES = tuple(f"{layer}.{game}" for game in GAMES for layer in ("cogs", "gm", "engine"))
"""What a shared module never imports: a game's cogs, game master or engine rules."""


def module_name(path: Path) -> str:
    """``cogs/shared/herald.py`` → ``cogs.shared.herald`` (a package is its ``__init__``)."""
    parts = path.relative_to(ROOT).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def imported(path: Path) -> Iterator[str]:
    """Every module ``path`` imports, anywhere in it; ``from a import b`` yields ``a.b`` too,
    since ``b`` may be a module (``from cogs.shared import pace``)."""
    package = module_name(path) if path.name == "__init__.py" else module_name(path).rpartition(".")[0]
    for node in ast.walk(ast.parse(path.read_text(), str(path))):
        if isinstance(node, ast.Import):
            yield from (alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                anchor = package.split(".")[: len(package.split(".")) - node.level + 1]
                base = ".".join([*anchor, base] if base else anchor)
            yield base
            yield from (f"{base}.{alias.name}" for alias in node.names)


def graph(top: str) -> dict[str, set[str]]:
    """Module → the modules of package ``top`` it imports."""
    files = {module_name(p): p for p in (ROOT / top).rglob("*.py")}
    return {name: {m for m in imported(path) if m in files and m != name} for name, path in files.items()}


def cycle(edges: dict[str, set[str]]) -> list[str] | None:
    """One import circle (its modules in order, the first repeated at the end), or None."""
    state: dict[str, int] = {}  # 1 on the current path, 2 done
    path: list[str] = []

    def visit(node: str) -> list[str] | None:
        state[node] = 1
        path.append(node)
        for nxt in sorted(edges.get(node, ())):
            if state.get(nxt) == 1:
                return [*path[path.index(nxt) :], nxt]
            if nxt not in state and (found := visit(nxt)) is not None:
                return found
        path.pop()
        state[node] = 2
        return None

    for start in sorted(edges):
        if start not in state and (found := visit(start)) is not None:
            return found
    return None


def test_item_07_cogs_have_no_import_circle() -> None:
    """No module of cogs/ reaches itself through its imports (function-level ones too)."""
    found = cycle(graph("cogs"))
    assert found is None, "import circle: " + " -> ".join(found or [])


@pytest.mark.parametrize("path", sorted((ROOT / "cogs" / "shared").rglob("*.py")), ids=lambda p: p.name)
def test_item_07_shared_parts_import_no_game(path: Path) -> None:
    """A shared module imports no game's cogs, game master or engine rules."""
    bad = sorted({m for m in imported(path) if any(m == g or m.startswith(f"{g}.") for g in GAME_MODULES)})
    assert not bad, f"{module_name(path)} imports a game's modules: {bad}"


def test_item_07_no_cog_imports_the_bot() -> None:
    """Only the bot's own module may name it: the cogs get what they need handed to them."""
    importers = sorted(
        name for name, targets in graph("cogs").items() if "cogs.app" in targets and name != "cogs.app"
    )
    assert importers == []


def test_item_07_the_check_finds_a_circle() -> None:
    """The circle finder itself: a circle of three is found, a chain is not."""
    assert cycle({"a": {"b"}, "b": {"c"}, "c": {"a"}}) == ["a", "b", "c", "a"]
    assert cycle({"a": {"b"}, "b": {"c"}, "c": set()}) is None
