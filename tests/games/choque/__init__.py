"""Choque de Héroes' own tests: its rules (CH-x.y), cards, decks, words and options."""
