"""Messages in the user's language (issue 17, item 4): a message is written in English where it is raised
and put into words for its reader from one gettext catalogue per language (``core/i18n.py``)."""

from __future__ import annotations

import re
from pathlib import Path

from babel.messages.extract import extract_from_dir

from tablero.core.i18n import Catalogue, msg, negotiate

SERVER = Path(__file__).resolve().parents[1] / "src" / "tablero" / "server"


def test_a_message_is_said_in_each_language_with_its_fields(tmp_path: Path) -> None:
    (tmp_path / "es.po").write_text('msgid ""\nmsgstr ""\n"Content-Type: text/plain; charset=UTF-8\\n"\n\n'
                                    'msgid "no game {id}"\nmsgstr "no existe la partida {id}"\n', encoding="utf-8")
    words = Catalogue(tmp_path)
    assert words.languages == ["en", "es"]
    m = msg("no game {id}", id=7)
    assert words.say(m, "es") == "no existe la partida 7" and words.say(m, "en") == "no game 7" == str(m)
    assert words.say(m, "pt") == "no game 7"  # a language without a catalogue gets the English
    assert words.say(msg("not translated"), "es") == "not translated"


def test_the_language_is_negotiated_from_accept_language() -> None:
    assert negotiate("es-MX,es;q=0.9,en;q=0.8", ["en", "es"]) == "es"
    assert negotiate("pt-BR,en;q=0.5", ["en", "es"]) == "en"
    assert negotiate("en;q=0.2, es;q=0.9", ["en", "es"]) == "es"
    assert negotiate(None, ["en", "es"], default="en") == "en"
    assert negotiate("fr, de;q=x", ["en", "es"], default="es") == "es"


def test_every_server_message_has_its_spanish_words_with_the_same_fields() -> None:
    words = Catalogue(SERVER / "locales")
    found = {str(m[2]) for m in extract_from_dir(str(SERVER), keywords={"msg": None},
                                                 method_map=[("**.py", "python")])}
    assert len(found) >= 30, found
    fields = re.compile(r"\{(\w+)\}")
    for text in found:
        es = words.words["es"].get(text)
        assert es, f"no Spanish for {text!r} in server/locales/es.po"
        assert set(fields.findall(es)) == set(fields.findall(text)), (text, es)


def test_every_game_message_has_its_spanish_words_with_the_same_fields() -> None:
    """Every message of Choque's (deck violations, card-file problems) and the core's (values shown in
    them) has its Spanish in games/choque/locales/es.po."""
    choque = SERVER.parent / "games" / "choque"
    words = Catalogue(choque / "locales")
    found = {str(m[2]) for folder in (choque, SERVER.parent / "core")
             for m in extract_from_dir(str(folder), keywords={"msg": None}, method_map=[("**.py", "python")])}
    found |= {"1 card checked", "{n} cards checked", "1 problem", "{m} problems"}  # tablero cards check's
    assert len(found) >= 120, len(found)
    fields = re.compile(r"\{(\w+)\}")
    for text in found:
        es = words.words["es"].get(text)
        assert es, f"no Spanish for {text!r} in games/choque/locales/es.po"
        assert set(fields.findall(es)) == set(fields.findall(text)), (text, es)


def test_deck_check_speaks_the_language_asked_for(tmp_path: Path) -> None:
    """``tablero deck check --lang es``: every CH-2 violation in Spanish, its rule id unchanged."""
    from click.testing import CliRunner

    from tablero.cli import main

    text = CliRunner().invoke(main, ["deck", "export", "furia_jaguar"]).output
    bad = tmp_path / "bad.yaml"
    bad.write_text(text.replace("  cachorro_moteado: 3", "  cachorro_moteado: 9"), encoding="utf-8")
    es = CliRunner().invoke(main, ["deck", "check", str(bad), "--lang", "es"]).output
    en = CliRunner().invoke(main, ["deck", "check", str(bad)]).output
    assert "CH-2.1: la baraja principal tiene 46 cartas; la edición choque-2026 pide exactamente 40" in es
    assert "CH-2.4: 9 copias del nombre 'Cachorro Moteado'" in es and "(principal 9)" in es
    assert "CH-2.1: the main deck has 46 cards" in en and "copies" not in es


def test_cards_check_speaks_the_language_asked_for(tmp_path: Path) -> None:
    from click.testing import CliRunner

    from tablero.cli import main

    bad = tmp_path / "c.yaml"
    bad.write_text("- {id: x, type: personaje, value: 3, keywords: [nope]}\n- {id: y, type: alma}\n",
                   encoding="utf-8")
    es = CliRunner().invoke(main, ["cards", "check", str(bad), "--lang", "es"]).output
    en = CliRunner().invoke(main, ["cards", "check", str(bad)]).output
    assert "carta 'x': hearts: falta (un entero >= 1)" in es and "habilidad exclusiva desconocida 'nope'" in es
    assert "card 'x': hearts: missing (an integer >= 1)" in en and "unknown keyword 'nope'" in en
    assert "falta" not in en and "missing" not in es
    assert es.strip().endswith("2 cartas revisadas, 5 problemas") and en.strip().endswith("2 cards checked, 5 problems")
