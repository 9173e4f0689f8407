"""Messages in the user's language (issue 17, item 4): a message is written in English where it is raised
and put into words for its reader from one gettext catalogue per language (``core/i18n.py``)."""

from __future__ import annotations

import re
from pathlib import Path

from babel.messages.extract import extract, extract_from_dir

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


# what marks a message for a catalogue: msg/plural/in_context in Python, N_/C_ in the browser's i18n.js
KEYWORDS = {"msg": None, "plural": (1, 2), "in_context": ((1, "c"), 2), "N_": None, "C_": ((1, "c"), 2)}
METHODS = [("**.py", "python"), ("**.js", "javascript")]
TABLE = SERVER.parent / "locales"
CHOQUE = SERVER.parent / "games" / "choque"
FIELDS = re.compile(r"\{(\w+)")


def _messages(*folders: Path) -> set[tuple[str | None, tuple[str, ...]]]:
    """Every message marked in the code of ``folders``: (context, its English forms)."""
    found = set()
    for folder in folders:
        for _, _, message, _, context in extract_from_dir(str(folder), keywords=KEYWORDS, method_map=METHODS):
            found.add((context, (message,) if isinstance(message, str) else tuple(message)))
    return found


def _check_spanish(found: set[tuple[str | None, tuple[str, ...]]], words: Catalogue, where: str) -> None:
    """Every message in every language of ``words`` (Spanish, and any catalogue added later), with no field
    the English lacks."""
    assert "es" in words.languages
    for lang in (la for la in words.languages if la != "en"):
        table = words.words[lang]
        for context, forms in found:
            said = table.get((context, forms[0])) or table.get((None, forms[0]))
            assert said, f"no {lang} for {forms[0]!r} (context {context!r}) in {where}"
            for text in [said] if isinstance(said, str) else list(said):
                assert set(FIELDS.findall(text)) <= set().union(*(FIELDS.findall(f) for f in forms)), (forms, said)


def test_every_table_message_has_its_spanish_words_with_the_same_fields() -> None:
    """The table's messages (server, CLI, terminal, browser) are all in tablero/locales/es.po."""
    table = SERVER.parent
    found = _messages(table / "server", table / "play", table / "web", table / "core", table / "lab")
    with (table / "cli.py").open("rb") as f:
        found |= {(c, (m,) if isinstance(m, str) else tuple(m)) for _, m, _, c in extract("python", f, KEYWORDS)}
    assert len(found) >= 180, len(found)  # (the board and prompt words are the games' since issue 19)
    _check_spanish(found, Catalogue(TABLE), "tablero/locales/es.po")


def test_every_game_message_has_its_spanish_words_with_the_same_fields() -> None:
    """Every message of Choque's (refusals, the log, actions in words, deck violations, card-file problems)
    and the core's (values shown in them) has its Spanish in games/choque/locales/es.po (or the table's)."""
    found = _messages(CHOQUE, SERVER.parent / "core")
    assert len(found) >= 250, len(found)
    from tablero.games.choque.catalogue import words

    _check_spanish(found, words(), "games/choque/locales/es.po")


def test_no_catalogue_says_one_message_twice() -> None:
    """A message given twice in one .po (or by the game and the table in different words) would be said
    one way or the other by the order the files are read."""
    entry = re.compile(r'^(?:msgctxt "(.*)"\n)?msgid "(.*)"$', re.M)
    for po in (TABLE / "es.po", CHOQUE / "locales" / "es.po"):
        keys = [k for k in entry.findall(po.read_text(encoding="utf-8")) if k != ("", "")]
        twice = {k for k in keys if keys.count(k) > 1}
        assert not twice, (po, twice)
    table, game = Catalogue(TABLE).words["es"], Catalogue(CHOQUE / "locales").words["es"]
    differ = {k: (table[k], game[k]) for k in table.keys() & game.keys() if table[k] != game[k]}
    assert not differ, differ


def test_plural_forms_and_contexts_follow_the_catalogue(tmp_path: Path) -> None:
    (tmp_path / "es.po").write_text(
        'msgid ""\nmsgstr ""\n"Content-Type: text/plain; charset=UTF-8\\n"\n'
        '"Plural-Forms: nplurals=2; plural=(n != 1);\\n"\n\n'
        'msgid "{n} card"\nmsgid_plural "{n} cards"\nmsgstr[0] "{n} carta"\nmsgstr[1] "{n} cartas"\n\n'
        'msgid "{card} is destroyed"\nmsgstr "{card} es destruido"\n\n'
        'msgctxt "feminine"\nmsgid "{card} is destroyed"\nmsgstr "{card} es destruida"\n', encoding="utf-8")
    (tmp_path / "pt.po").write_text(
        'msgid ""\nmsgstr ""\n"Content-Type: text/plain; charset=UTF-8\\n"\n\n'
        'msgid "{card} is destroyed"\nmsgstr "{card} é destruído"\n', encoding="utf-8")
    words = Catalogue(tmp_path)
    assert words.languages == ["en", "es", "pt"]  # a language is one more file
    from tablero.core.i18n import in_context, plural

    assert [words.say(plural("{n} card", "{n} cards", n), "es") for n in (0, 1, 2)] == [
        "0 cartas", "1 carta", "2 cartas"]
    assert [str(plural("{n} card", "{n} cards", n)) for n in (1, 3)] == ["1 card", "3 cards"]
    arena = in_context("feminine", "{card} is destroyed", card="Arena Coliseo")
    assert words.say(arena, "es") == "Arena Coliseo es destruida"
    assert words.say(msg("{card} is destroyed", card="Jaguar"), "es") == "Jaguar es destruido"
    assert words.say(arena, "pt") == "Arena Coliseo é destruído"  # no context there: the plain message
    assert words.say(arena, "en") == "Arena Coliseo is destroyed"
    assert words.say(msg("{n} of {m}", n=plural("{n} card", "{n} cards", 1), m=3), "es") == "1 carta of 3"


def test_deck_check_speaks_the_language_asked_for(tmp_path: Path) -> None:
    """``tablero deck check --lang es``: every CH-2 violation in Spanish, its rule id unchanged."""
    import datetime as dt

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
    pt = CliRunner().invoke(main, ["deck", "check", str(bad), "--lang", "pt", "--on", "2020-01-01"]).output
    # the last line too: the deck, the limited list in force (none before the first) and the verdict
    assert es.splitlines()[-1].startswith("Furia del Jaguar (choque-2026, lista limitada del ")
    assert es.splitlines()[-1].endswith(f"vigente el {dt.date.today().isoformat()}): ilegal: 2 infracciones")
    assert pt.splitlines()[-1] == ("Furia del Jaguar (choque-2026, nenhuma lista limitada em vigor em 2020-01-01): "
                                   "ilegal: 2 violações")


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
