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
