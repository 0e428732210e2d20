"""The app's shape (issue 22): each game's words in its own folder; a template-tag library is a
thin wrapper for templates that no Python module imports."""

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
