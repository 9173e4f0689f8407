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
