"""``python -m tablero``: the same commands as the ``tablero`` script."""

from tablero.cli import main

main()
