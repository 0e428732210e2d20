"""The shape of the engines (docs/architecture.md): pure Python, and each game on its own.

Read from the source files' imports, so a module added later is checked too.
"""

from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
RULES = ROOT / "tracker" / "rules"
GAMES = sorted(p.name for p in RULES.iterdir() if p.is_dir() and (p / "__init__.py").exists())


def imported_modules(path: Path, root: Path = ROOT) -> set[str]:
    """Every module a file imports, relative imports resolved to absolute names."""
    package = ".".join(path.relative_to(root).with_suffix("").parts[:-1])
    found = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            found |= {alias.name for alias in node.names}
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package.split(".")
                base = base[: len(base) - node.level + 1]
                module = ".".join([*base, node.module] if node.module else base)
            else:
                module = node.module or ""
            found.add(module)
            found |= {f"{module}.{alias.name}" for alias in node.names}
    return found


def test_the_three_games_have_a_package_each():
    assert {"card_rpg", "barbarian_vince", "barcadia"} <= set(GAMES)


@pytest.mark.parametrize(
    "path", sorted(RULES.rglob("*.py")), ids=lambda p: str(p.relative_to(RULES))
)
def test_no_module_under_the_rules_imports_django(path):
    django = {m for m in imported_modules(path) if m == "django" or m.startswith("django.")}
    assert not django, f"{path.relative_to(ROOT)} imports {sorted(django)}"


@pytest.mark.parametrize("game", GAMES)
def test_a_games_package_never_imports_another_game(game):
    others = [g for g in GAMES if g != game]
    for path in (RULES / game).rglob("*.py"):
        for module in imported_modules(path):
            for other in others:
                assert not module.startswith(f"tracker.rules.{other}"), (
                    f"{path.relative_to(ROOT)} imports {module}: a game never imports another"
                )


def test_the_engines_load_without_django_at_all():
    code = (
        "import sys, tracker.rules.games, tracker.rules.barbarian_vince.bot, "
        "tracker.rules.barcadia.bot; "
        "print(any(name == 'django' or name.startswith('django.') for name in sys.modules))"
    )
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=ROOT)
    assert result.stdout.strip() == "False", result.stderr


def test_the_structure_test_sees_a_forbidden_import(tmp_path):
    """The checker itself: an import of another game or of Django is found."""
    probe = tmp_path / "tracker" / "rules" / "barcadia" / "probe.py"
    probe.parent.mkdir(parents=True)
    probe.write_text("from ..card_rpg import engine\nimport django.db\n", encoding="utf-8")
    modules = imported_modules(probe, root=tmp_path)
    assert "tracker.rules.card_rpg" in modules and "django.db" in modules


def rules_import_graph(root: Path = ROOT) -> dict[str, set[str]]:
    """Each module under tracker/rules and the modules under tracker/rules it imports.

    "from . import engine" imports the module engine; "from .cards import value" the module
    cards; "from .card_rpg import apply" the package card_rpg (its __init__)."""
    paths = {
        ".".join(path.relative_to(root).with_suffix("").parts).removesuffix(".__init__"): path
        for path in (root / "tracker" / "rules").rglob("*.py")
    }
    graph = {}
    for name, path in paths.items():
        package = name if path.name == "__init__.py" else name.rsplit(".", 1)[0]
        found = set()
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Import):
                found |= {alias.name for alias in node.names}
            elif isinstance(node, ast.ImportFrom):
                base = package.split(".")
                if node.level:
                    base = base[: len(base) - node.level + 1]
                    module = ".".join([*base, node.module] if node.module else base)
                else:
                    module = node.module or ""
                for alias in node.names:
                    whole = f"{module}.{alias.name}"
                    found.add(whole if whole in paths else module)
        graph[name] = {m for m in found if m in paths and m != name}
    return graph


def import_circles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The circles of modules importing one another (a package importing its own modules is
    how a package is made, so a module's import of its package does not count)."""
    circles = []
    for start in graph:
        stack = [(start, [start])]
        while stack:
            here, path = stack.pop()
            for there in graph[here]:
                if start.startswith(there + "."):
                    continue  # a module importing its own package
                if there == start:
                    circle = path[path.index(min(path)) :] + path[: path.index(min(path))]
                    if circle not in circles:
                        circles.append(circle)
                elif there not in path:
                    stack.append((there, [*path, there]))
    return circles


def test_no_two_modules_of_the_rules_import_each_other():
    """Issue 22: awaiting.py and the Card RPG engine imported each other (awaiting read the
    private _Play); what both read is in modules of their own, and awaiting is handed the play."""
    assert import_circles(rules_import_graph()) == []


def test_the_circle_test_sees_a_circle():
    graph = {"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}
    assert import_circles(graph) == [["a", "b", "c"]]


@pytest.mark.parametrize("game", GAMES)
def test_every_engine_plays_an_action_with_a_play_on_one_base(game):
    """One name for one role: each engine's working object for one action is `_Play`, built from
    a class per phase on `PlayBase` in `play_base.py` (Barcadia's was `_Table`, Barbarian
    Vince's `_Act`, Card RPG's base `PlayCore`)."""
    import importlib

    engine = importlib.import_module(f"tracker.rules.{game}.engine")
    base = importlib.import_module(f"tracker.rules.{game}.play_base")
    assert issubclass(engine._Play, base.PlayBase)


def test_the_rules_package_exports_no_games_api():
    """A game's names come from its own package: tracker.rules re-exported Card RPG's API as if
    it were every game's."""
    import types

    import tracker.rules as rules

    exported = {
        name: value
        for name, value in vars(rules).items()
        if not name.startswith("_") and not isinstance(value, types.ModuleType)
    }
    from_a_game = [
        name
        for name, value in exported.items()
        if any(getattr(value, "__module__", "").startswith(f"tracker.rules.{g}") for g in GAMES)
    ]
    assert from_a_game == []
    assert set(rules.__all__) == set(exported)
