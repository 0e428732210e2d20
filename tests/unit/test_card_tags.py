"""Cards drawn in templates carry their name for screen readers and the right colour."""

from django.template import Context, Template


def render(source: str, **context) -> str:
    return Template("{% load cards %}" + source).render(Context(context))


def test_card_chip_has_rank_suit_colour_and_name():
    html = render('{% card "7H" %}')
    assert 'class="pc pc-red"' in html
    assert 'aria-label="7 of Hearts"' in html
    assert ">♥<" in html


def test_face_card_and_jokers_are_named():
    assert 'aria-label="Queen of Spades"' in render('{% card "QS" size="lg" %}')
    assert "pc-lg" in render('{% card "QS" size="lg" %}')
    assert 'aria-label="black Joker"' in render('{% card "JK1" %}')
    assert "pc-red" in render('{% card "JK2" %}')


def test_card_back_shows_count():
    html = render('{% card_back 5 "attack pile" %}')
    assert 'aria-label="attack pile: 5"' in html
    assert ">5<" in html


def test_card_text_filters():
    assert render("{{ c|card_text }}", c="10S") == "10♠"
    assert render("{{ cs|cards_text }}", cs=["7C", "7H"]) == "7♣ and 7♥"
