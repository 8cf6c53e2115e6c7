"""The table's kit: ``parts`` (the ``TablePart`` base a family implements and
what the table asks of it), ``layout`` (where everything goes, from the
window's size), ``hand_layout`` (a hand's groups in rows, every card's
place), ``anim`` (flying cards), ``chips`` and ``cards_dialog`` (cards a
family lays on the table), ``cut_card`` (the turned card by the stock),
``draw_util`` and ``wording`` (painting helpers and the game in words).
No module here names a family or reads the family registry."""
