"""The terminal table: ``tablero play`` (a human against a computer player) and ``tablero replay``."""
