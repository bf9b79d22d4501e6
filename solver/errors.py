"""The one error type of tablecalc.

Every mistake in what a person typed (a card that is not in the deck, a malformed
calculation, an impossible hand, an empty file) raises :class:`TablecalcError`.
The CLI catches it once and prints it as a single line.
"""

from __future__ import annotations


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

    def caret(self) -> str | None:
        """The typed text with a caret under the offending character, if known."""
        if self.text is None or self.position is None:
            return None
        return f"{self.text}\n{' ' * self.position}^"
