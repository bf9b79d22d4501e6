"""The table companion: tablecalc in a browser (``tablecalc serve``), for a phone at the table or a
classroom screen.

The web layer is thin. It finds games through :mod:`solver.registry`, judges through the same
``BaseGame`` methods and verdict data as the CLI, and words every verdict with the game's own
``explain`` in the request's language (:func:`solver.i18n.speaking`). What a game shows in the
browser, the drawing of its situation and the things a person taps to build one, comes from its
face (:mod:`trainer.web.face`; ``trainer/games/<game>/web.py`` when the game has one). No rule is
coded here, in a template or in the page's script: the script only adds tapped notation to a
field and asks the server for a drawing.

Modules: :mod:`~trainer.web.app` (the application and its routes), :mod:`~trainer.web.guard`
(join code, CSRF, size caps, one error page), :mod:`~trainer.web.face` (what a game shows),
:mod:`~trainer.web.svg` (drawing helpers), :mod:`~trainer.web.serve` (``tablecalc serve``).
"""
