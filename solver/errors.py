"""The one error type of tablecalc.

Every mistake in what a person typed (a card that is not in the deck, a malformed
calculation, an impossible hand, an empty file) raises :class:`TablecalcError`.
The CLI catches it once and prints it as a single line.
"""

from __future__ import annotations

QUOTE_LIMIT = 60
"""The most characters of a person's input an error message quotes back."""


def quoted(text: object, limit: int = QUOTE_LIMIT) -> str:
    """``repr(text)``, cut to its first ``limit`` characters when longer (an error line
    quotes what was typed, never a megabyte of it).

    >>> quoted("6++5")
    "'6++5'"
    >>> quoted("1" * 1000, limit=5)
    "'11111…' (1000 characters)"
    """
    s = text if isinstance(text, str) else repr(text)
    if len(s) <= limit:
        return repr(s) if isinstance(text, str) else s
    return repr(s[:limit] + "…") + f" ({len(s)} characters)"


def quoted_path(path: object, limit: int = QUOTE_LIMIT) -> str:
    """A file's name as an error quotes it: ``repr``, its end kept when it is long (the end
    names the file).

    >>> quoted_path("/a/very/long/folder/name/game.jsonl", limit=15)
    "'…ame/game.jsonl'"
    """
    s = str(path)
    return repr(s if len(s) <= limit else "…" + s[-(limit - 1):])


class TablecalcError(ValueError):
    """Bad input: the message quotes it and says what was expected.

    ``text`` and ``position`` (0-based) are set when the error points at one
    character of a typed string, so a caller can draw a caret under it.

    >>> err = TablecalcError("unexpected '+'", text="6++5", position=2)
    >>> print(err.caret())
    6++5
      ^
    """

    def __init__(self, message: str, *, text: str | None = None, position: int | None = None):
        super().__init__(message)
        self.text = text
        self.position = position

    def caret(self, width: int = 2 * QUOTE_LIMIT) -> str | None:
        """The typed text with a caret under the offending character, if known (a window of
        ``width`` characters around it when the text is longer).

        >>> print(TablecalcError("x", text="1+" * 100 + "?", position=200).caret(width=10))
        …+1+1+1+1+?
                  ^
        """
        if self.text is None or self.position is None:
            return None
        text, pos = self.text, self.position
        if len(text) > width:
            start = max(0, min(pos - width // 2, len(text) - width))
            text = ("…" if start else "") + text[start:start + width] + ("…" if start + width < len(text) else "")
            pos = pos - start + (1 if start else 0)
        return f"{text}\n{' ' * pos}^"


class SearchTooLarge(TablecalcError):
    """A question whose search would take too long or too much memory: refused before or
    early in the search (the CLI gives it its own exit code, 3), never answered wrongly."""


class IllegalMove(TablecalcError):
    """A move that a game's :class:`~solver.game.State` refuses. ``verdict`` is the referee's
    verdict (data), ``game`` the game's registry name: the edge words the verdict with the game's
    ``explain``; the message itself names the move and the violation codes.

    >>> e = IllegalMove("namnam", "7", verdict=None, codes=("not-your-row",))
    >>> str(e)
    "illegal move '7': not-your-row"
    """

    def __init__(self, game: str, move: str, *, verdict: object, codes=()):
        super().__init__(f"illegal move {quoted(move)}" + (f": {', '.join(map(str, codes))}" if codes else ""))
        self.game, self.move, self.verdict = game, move, verdict
