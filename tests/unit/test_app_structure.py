"""The app's shape (issue 22): each game's words in its own folder; a template-tag library is a
thin wrapper for templates that no Python module imports."""

import ast
from pathlib import Path

from tests.rules.test_rules_structure import imported_modules

ROOT = Path(__file__).resolve().parents[2]
TRACKER = ROOT / "tracker"


def importers_of(prefix: str, root: Path = ROOT) -> list[str]:
    """The modules under tracker/ (its template tags aside) that import a module under `prefix`."""
    found = []
    for path in sorted((root / "tracker").rglob("*.py")):
        if "templatetags" in path.parts or "migrations" in path.parts:
            continue
        if any(m == prefix or m.startswith(prefix + ".") for m in imported_modules(path, root)):
            found.append(str(path.relative_to(root)))
    return found


def test_no_python_module_imports_a_template_tag_library():
    """Seven Card RPG modules took the game's card words from tracker/templatetags/cards.py;
    they are tracker/card_rpg/card_words.py now, which the tags wrap."""
    assert importers_of("tracker.templatetags") == []


def test_the_structure_test_sees_an_import_of_the_tags(tmp_path):
    probe = tmp_path / "tracker" / "card_rpg" / "probe.py"
    probe.parent.mkdir(parents=True)
    probe.write_text("from tracker.templatetags.cards import card_name\n", encoding="utf-8")
    assert importers_of("tracker.templatetags", root=tmp_path) == ["tracker/card_rpg/probe.py"]


def oversized(root: Path = ROOT) -> list[str]:
    """Modules under tracker/ over 800 lines and classes over 400 (migrations aside)."""
    found = []
    for path in sorted((root / "tracker").rglob("*.py")):
        if "migrations" in path.parts:
            continue
        source = path.read_text(encoding="utf-8")
        name = str(path.relative_to(root))
        if source.count("\n") > 800:
            found.append(name)
        for node in ast.walk(ast.parse(source)):
            if isinstance(node, ast.ClassDef) and node.end_lineno - node.lineno + 1 > 400:
                found.append(f"{name}:{node.name}")
    return found


def test_no_module_over_800_lines_and_no_class_over_400():
    """The engines are split by phase, the core's services by what they do and the presenters by
    what they present: Card RPG's engine had grown to 1,929 lines with a class of 1,532."""
    assert oversized() == []


def test_the_size_test_sees_a_big_module_and_a_big_class(tmp_path):
    big = tmp_path / "tracker" / "big.py"
    big.parent.mkdir(parents=True)
    big.write_text("class Big:\n" + "    x = 1\n" * 400 + "y = 2\n" * 400, encoding="utf-8")
    assert oversized(root=tmp_path) == ["tracker/big.py", "tracker/big.py:Big"]


def test_barcadias_screen_is_one_template_with_its_parts_inside():
    """Barcadia's 44 fragment files became partials of table.html; only the home page's card,
    which the core's home page includes for every game, is a file of its own."""
    fragments = sorted(p.name for p in (ROOT / "templates" / "barcadia").glob("_*.html"))
    assert fragments == ["_home.html"]
