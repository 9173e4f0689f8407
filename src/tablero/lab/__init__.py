"""The balance lab: many seeded games between two decks, for card designers (``tablero simulate``).

    from tablero.lab.runner import LabConfig, run
    from tablero.lab.report import summarize_run
    res = run(LabConfig(decks=(deck_a, deck_b), agents=("random", "random"), edition="choque-2026"), 500)

``runner`` plays the games (in-process or across worker processes, identical results either way),
``report`` turns the records into the summary, the text report, CSV files and plots, ``stats`` holds the
Wilson interval and distribution summaries, ``command`` is the click command. Nothing is imported
here: ``tablero --help`` must not load the engine.
"""
