"""The one error type every game raises for an action it refuses.

Front ends (terminal, server, scenario judge) catch exactly this type and show its message; anything
else escaping the engine is a bug, never a user's mistake.
"""

from __future__ import annotations

from .i18n import Msg


class TableroError(Exception):
    """Base of every error the project raises on purpose (bad input, not bugs)."""


class IllegalAction(TableroError):
    """An action the rules refuse, or a malformed action object.

    ``rule`` is the rule id that forbids it (``"CH-6.1"``), or ``None`` when the action object itself
    is malformed (missing or mistyped fields) and no game rule is involved. When this is raised the
    game state is exactly as it was before the call.

    ``text`` is the message not yet put into words (``tablero.core.i18n``): a front end says it in its
    reader's language with the game's catalogue; ``message`` is its English, the judge's and the API's own.
    """

    def __init__(self, rule: str | None, message: str | Msg) -> None:
        self.rule = rule
        self.text = message if isinstance(message, Msg) else Msg(message)
        super().__init__(rule, self.text)

    @property
    def message(self) -> str:
        """Put into words only when read: listing the legal actions asks many checks that refuse, and
        reads none of their messages."""
        return self.text.english()

    def __str__(self) -> str:
        return f"{self.rule}: {self.message}" if self.rule else self.message


class BadInput(TableroError):
    """Unreadable or invalid input that is not an action: card files, decks, scenario files, engine options.

    ``text`` is the message not yet put into words (a plain English string is its own message): a front end
    that knows its reader's language says it in that language; ``str()`` is its English."""

    def __init__(self, message: str | Msg = "") -> None:
        self.text = message if isinstance(message, Msg) else Msg(message)
        super().__init__(self.text.english())
