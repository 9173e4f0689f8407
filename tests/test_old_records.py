"""Saved games of older rules (issue 15): records really made by the terminal before rules versions existed
(``tests/data/old_records``, made by ``make_old_records.py`` there with commit 052d58d) open under the
current code as rules version 1, replayed with the options that restore version 1's readings; where the
current rules refuse an action, the replay stops there with a note, and the file is never changed.

The server's records of the same code are tested in ``tests/server/test_old_records.py``."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from tablero.cli import main
from tablero.core.record import GameRecord, load_records
from tablero.games.choque.game import ChoqueGame
from tablero.games.choque.options import parse_options
from tablero.games.choque.versions import RESTORES, RULES_VERSION, options_for

OLD = Path(__file__).parent / "data" / "old_records"
SAVES = sorted(OLD.glob("play-*.json"))


def test_the_rules_version_is_the_games_and_old_versions_have_their_options() -> None:
    assert ChoqueGame.rules_version == RULES_VERSION >= 2
    assert ChoqueGame.options_for_rules(RULES_VERSION) == {}
    assert ChoqueGame.options_for_rules(RULES_VERSION + 1) == {}  # a newer record: nothing known to restore
    assert options_for(1)["choque.ofrenda_optional"] is True
    for changed in RESTORES.values():
        parse_options(changed)  # every option named there is one the engine knows


def test_the_old_files_are_what_they_say() -> None:
    """Real files of the terminal of before issue 15: no rules version, no options, the old format string;
    between them, every kind of record (a match too) and ofrendas passed."""
    assert len(SAVES) == 3
    passed = 0
    for path in SAVES:
        doc = json.loads(path.read_text(encoding="utf-8"))
        assert doc["format"] == "tablero-replay/1"
        for game in doc.get("games", [doc]):
            assert "rules_version" not in game and "options" not in game
        for rec in load_records(path):
            rp = rec.replay(observe=True)
            passed += sum(1 for st in rp.steps if st.kind == "ofrenda" and st.action["do"] == "pass")
    assert passed > 0


@pytest.mark.parametrize("path", SAVES, ids=lambda p: p.name)
def test_an_old_save_opens_as_version_1_with_its_final_position_and_log(path: Path) -> None:
    """Each game of each file: version 1, replayed with the options of version 1; the whole record replays
    to its recorded result, or the replay stops at the first action the current rules refuse and says so.
    Either way there is a position and a log to show, and the file is as it was."""
    before = path.read_bytes()
    records = load_records(path)
    assert records
    for rec in records:
        assert rec.rules_version == 1 and rec.options == {}
        assert rec.replay_options() == (options_for(1), [])
        rp = rec.replay()
        assert rp.game is not None and rp.game.s.options.ofrenda_optional
        assert rp.game.log and rp.game.log[0]["event"] == "setup"
        if rp.holds:
            assert rp.applied == len(rec.actions) and rp.game.winner == rec.winner is not None
            assert rp.game.log[-1]["event"] == "game_over" and rp.game.log[-1]["winner"] == rec.winner
            assert rp.note() is None
        else:
            note = rp.note()
            assert note is not None and "played under rules version 1" in note
            assert "does not hold under the current rules" in note or "ends otherwise" in note
            assert f"The result recorded stands: {rec.winner} wins." in note
        rules = rp.rules_json()
        assert rules["version"] == 1 and rules["current"] == RULES_VERSION and rules["replayed"] == rp.applied
    assert path.read_bytes() == before


@pytest.mark.parametrize("path", SAVES, ids=lambda p: p.name)
def test_tablero_replay_opens_an_old_save_and_says_its_version(path: Path) -> None:
    records = load_records(path)
    for k, rec in enumerate(records, 1):
        rp = rec.replay()
        r = CliRunner().invoke(main, ["replay", "--lang", "en", "--game", str(k), str(path)],
                               input=f"{rp.applied}\n\nq\n")
        assert r.exit_code == 0, r.output
        assert "Traceback" not in r.output
        assert f"Played under rules version 1 (the current rules are version {RULES_VERSION})." in r.output
        if rp.holds:
            assert f"End of the replay ({rec.winner} wins)." in r.output
        else:
            assert "Note: " in r.output and f"Result recorded: {rec.winner} wins." in r.output


def test_without_the_option_an_old_record_is_read_by_the_current_rules_alone() -> None:
    """What the option is for: the same record with its options spelled out as the current defaults
    replays under the current rules' own reading (a record's own options win over those of its version)."""
    rec = load_records(OLD / "play-random-ofrenda-passed.json")[0]
    plain = GameRecord(**{**rec.__dict__, "options": {"choque.ofrenda_optional": False}})
    assert plain.replay_options()[0] == {**options_for(1), "choque.ofrenda_optional": False}
    rp = plain.replay()
    assert rp.game is not None and not rp.game.s.options.ofrenda_optional
    assert rp.holds or rp.note() is not None


# -- how a record that does not hold opens (artificial refusals: they do not depend on any rules change) -----

def old_record() -> GameRecord:
    return load_records(OLD / "play-random-ofrenda-passed.json")[0]


def position_after(rec: GameRecord, k: int) -> dict[str, object]:
    g = rec.new_game()
    for a in rec.actions[:k]:
        g.apply(a)
    return g.observe()


def test_a_record_whose_replay_breaks_midway_opens_at_the_action_before() -> None:
    rec = old_record()
    n, k = len(rec.actions), 57
    rec.actions = [*rec.actions[:k], {"player": "B", "do": "call", "card": "no_such_card", "zone": "C1"},
                   *rec.actions[k + 1:]]
    rp = rec.replay(observe=True)
    assert rp.game is not None and not rp.whole and not rp.holds and rp.applied == k == len(rp.steps)
    assert rp.game.observe() == position_after(rec, k)
    note = rp.note()
    assert note is not None
    assert note.startswith(f"This game was played under rules version 1; the current rules are version "
                           f"{RULES_VERSION}.")
    assert f"Its replay stops after action {k} of {n}: action {k + 1} " in note and "no_such_card" in note
    assert note.endswith("The rest of the game does not hold under the current rules. "
                         f"The result recorded stands: {rec.winner} wins.")
    assert rp.rules_json()["replayed"] == k and rp.rules_json()["actions"] == n


def test_an_action_that_is_no_object_or_trips_the_engine_stops_the_replay_there(monkeypatch: pytest.MonkeyPatch
                                                                               ) -> None:
    rec = old_record()
    rec.actions = [*rec.actions[:5], "pass", *rec.actions[5:]]
    rp = rec.replay()
    assert rp.applied == 5 and rp.refusal == "it is not an action object" and 'action 6 \'pass\'' in (rp.note() or "")

    class Tripping:
        """A game whose engine fails (not a refusal) on its 9th action, perhaps half-way through it."""

        def __init__(self, game: ChoqueGame) -> None:
            self.game, self.calls = game, 0

        def apply_canonical(self, action: dict[str, object]) -> dict[str, object]:
            self.calls += 1
            if self.calls == 9:
                self.game.s.turn += 100  # a half-done change the failure leaves behind
                raise RuntimeError("boom")
            return self.game.apply_canonical(action)

        def __getattr__(self, name: str) -> object:
            return getattr(self.game, name)

    rec = old_record()
    real = GameRecord.new_game
    made: list[int] = []

    def new_game(self: GameRecord) -> object:
        made.append(1)
        return Tripping(real(self)) if len(made) == 1 else real(self)

    monkeypatch.setattr(GameRecord, "new_game", new_game)
    rp = rec.replay()
    assert rp.applied == 8 and rp.refusal == "the engine failed on it (RuntimeError: boom)"
    assert rp.game is not None and rp.game.observe() == position_after(rec, 8)  # rebuilt, not the half-done one


def test_a_record_that_replays_whole_but_ends_otherwise_says_so() -> None:
    rec = old_record()
    rec.winner = "A" if rec.winner == "B" else "B"
    rp = rec.replay()
    assert rp.whole and not rp.holds
    assert f"All {len(rec.actions)} actions replay, but under the current rules the game ends otherwise" in \
        (rp.note() or "")


def test_a_record_of_newer_rules_or_unknown_options_opens_and_says_so() -> None:
    rec = old_record()
    rec.rules_version, rec.options = RULES_VERSION + 1, {**options_for(1), "choque.mulligan": True}
    assert rec.replay_options() == (options_for(1), ["choque.mulligan"])
    rp = rec.replay()
    assert rp.holds
    note = rp.note() or ""
    assert f"played under newer rules (version {RULES_VERSION + 1})" in note
    assert "engine option(s) these rules do not know, left out of the replay: choque.mulligan" in note
    doc = rec.to_json()
    assert doc["rules_version"] == RULES_VERSION + 1 and GameRecord.from_json(doc).options == rec.options
