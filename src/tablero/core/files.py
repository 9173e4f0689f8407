"""Reading a user's file: every way it can fail becomes one ``BadInput`` naming the file, never a traceback."""

from __future__ import annotations

from pathlib import Path

from .errors import BadInput


def read_user_file(path: Path, what: str) -> str:
    """The UTF-8 text of ``path``; ``what`` names the kind of file in the messages ("deck", "saved game")."""
    try:
        return path.read_text(encoding="utf-8")
    except FileNotFoundError:
        raise BadInput(f"{path}: no such {what} file") from None
    except IsADirectoryError:
        raise BadInput(f"{path}: is a folder, not a {what} file") from None
    except (OSError, UnicodeDecodeError) as e:
        raise BadInput(f"{path}: cannot be read ({e})") from None
