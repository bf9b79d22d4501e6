"""What every game provides, written down once: :class:`BaseGame`, the base of every game's
``GAME``, and the shapes of what it hands back (:class:`Verdict`, :class:`Penalty`,
:class:`State`, :class:`Code`).

A game is one object, ``GAME``, an instance of its :class:`BaseGame` subclass in
``solver/<game>/game.py``, named by one line of :mod:`solver.registry`. Nothing outside the
game's own packages (``solver/<game>/``, ``trainer/games/<game>/``) looks inside it:
everything else goes through these classes.

The words a game uses:

* **rules** — one frozen object per game with named presets, its options declared once
  (:class:`solver.rules.BaseRules`);
* **data** — what the game is played with (a deck, tiles), loaded from an editable file
  (:meth:`BaseGame.load_data`); ``None`` for a game whose situations hold everything;
* **situation** — what a puzzle stores: a deal, a position. ``str(situation)`` is its
  notation and :meth:`BaseGame.parse_situation` reads it back (they round-trip);
* **best** — the best (or simplest) answers to a situation (:meth:`BaseGame.best`);
* **verdict** — the referee's judgement of an answer, as data (:class:`Verdict`, made by
  :meth:`BaseGame.judge`): the violations (a :class:`Code` enum of stable codes), the penalty
  in the game's own unit, the better play; :meth:`BaseGame.explain` words it, apart from it;
* **state** — for games played move by move, a position with the OpenSpiel vocabulary
  (:class:`State`): ``legal_moves()``, ``apply(move)``, ``is_terminal()``, ``returns()``,
  and a move notation that round-trips through ``parse_move`` and ``str``.

>>> from solver.registry import find_game
>>> game = find_game("nambarz")
>>> isinstance(game, BaseGame), game.rules().name == game.default_preset
(True, True)
"""

from __future__ import annotations

import enum
from dataclasses import dataclass
from pathlib import Path
from typing import Any, ClassVar, Iterable, Mapping, Protocol, Sequence, runtime_checkable

from solver.errors import TablecalcError, quoted
from solver.i18n import _
from solver.rules import BaseRules

__all__ = ["Code", "clauses_of", "cited_clauses", "Penalty", "Verdict", "State", "BaseGame", "DataOption", "TERMINAL"]


class Code(enum.StrEnum):
    """Base of every game's violation codes: the value is the stable code used in JSON.

    A code written ``NAME = "code", True`` means the answer was **not understood** (text that
    is no answer, a card not in hand) rather than wrong: a drill asks again and records
    nothing (:attr:`not_understood`). The clauses of the game's rule book that a code enforces
    follow, as ids (``"3.2"``): declared here, next to the code, and nowhere else
    (:attr:`clauses`; :mod:`solver.rulebook` words them).

    >>> class Violation(Code):
    ...     WRONG_VALUE = "wrong-value", "2.1", "2.3"
    ...     NOT_A_NUMBER = "not-a-number", True, "1.2"
    >>> [(str(v), v.not_understood, v.clauses) for v in Violation]
    [('wrong-value', False, ('2.1', '2.3')), ('not-a-number', True, ('1.2',))]
    >>> clauses_of(Violation)
    ('2.1', '2.3', '1.2')
    """

    not_understood: bool
    clauses: tuple[str, ...]

    def __new__(cls, value: str, *marks: bool | str):
        member = str.__new__(cls, value)
        member._value_ = value
        member.not_understood = bool(marks and marks[0] is True)
        member.clauses = tuple(m for m in marks if isinstance(m, str))
        return member


def clauses_of(codes: Iterable[Code]) -> tuple[str, ...]:
    """The rule-book clauses that ``codes`` enforce, in their order, each once (a verdict's
    ``clauses``)."""
    return tuple(dict.fromkeys(c for code in codes for c in code.clauses))


def cited_clauses(legal: bool, codes: Iterable[Code], judged: Iterable[str]) -> tuple[str, ...]:
    """A verdict's ``clauses``: when it refuses, those its ``codes`` enforce (:func:`clauses_of`);
    when it finds the answer legal, ``judged``: the clauses that kind of answer was judged against,
    which a game declares once, next to its codes (``JUDGED`` in its ``verdict.py``, also
    :attr:`BaseGame.judged`).

    >>> class Violation(Code):
    ...     WRONG_VALUE = "wrong-value", "2.3"
    >>> cited_clauses(False, [Violation.WRONG_VALUE], ("2.1", "2.3", "3.2"))
    ('2.3',)
    >>> cited_clauses(True, [], ("2.1", "2.3", "3.2"))
    ('2.1', '2.3', '3.2')
    """
    return tuple(dict.fromkeys(judged)) if legal else clauses_of(codes)


TERMINAL = -1
"""What :meth:`State.current_player` returns once the game (or the turn) is over."""


@runtime_checkable
class Penalty(Protocol):
    """What a refused answer costs, in the game's own units (cards drawn, tiles drawn, tokens)."""

    @property
    def amount(self) -> int:
        """How much, in :attr:`BaseGame.penalty_unit` (0: no penalty)."""
        ...

    def as_dict(self) -> dict: ...


@runtime_checkable
class Verdict(Protocol):
    """The referee's judgement of one answer in one situation, as data."""

    @property
    def legal(self) -> bool: ...

    @property
    def violations(self) -> tuple[Code, ...]:
        """Why the answer is refused (empty when it is legal), most important first."""
        ...

    @property
    def penalty(self) -> Penalty: ...

    @property
    def clauses(self) -> tuple[str, ...]:
        """The ids of the rule-book clauses the verdict applies: its codes' when it refuses, the
        clauses it was judged against when legal (:func:`cited_clauses`); ``as_dict`` carries them
        as ``clauses``."""
        ...

    def as_dict(self) -> dict:
        """The verdict as JSON data (without the wording: the CLI adds ``explanation``)."""
        ...


@runtime_checkable
class State(Protocol):
    """A game in progress (OpenSpiel's vocabulary); ``apply`` returns a new state.

    ``legal_moves()`` lists the moves in a fixed order; ``str(move)`` is its notation and
    ``parse_move(str(move)) == move``. ``apply`` raises :class:`~solver.errors.TablecalcError`
    for a move that is not legal. ``returns()`` has one number per player.
    """

    def current_player(self) -> int:
        """The player to move (0-based), or :data:`TERMINAL`."""
        ...

    def legal_moves(self) -> Sequence[Any]: ...

    def apply(self, move: Any) -> "State": ...

    def is_terminal(self) -> bool: ...

    def returns(self) -> tuple[float, ...]: ...

    def parse_move(self, text: str) -> Any: ...


@dataclass(frozen=True)
class DataOption:
    """The command-line option that names a game's data file: its ``flag`` (``--deck``) and its
    ``help`` (marked with ``N_``)."""

    flag: str
    help: str


class BaseGame:
    """Everything the rest of tablecalc may know about a game; a game's class states its names,
    its ``Rules`` and its violations, and implements what it alone knows (the methods that
    raise :class:`NotImplementedError` here). The rest has a default that fits most games.
    """

    name: ClassVar[str]
    """The command-line name, lower case ASCII (``nambarz``); the trainer package's name too."""
    title: ClassVar[str]
    """How players write it (``Nambarz``, ``Nmbrs!``)."""
    aliases: ClassVar[tuple[str, ...]] = ()
    """Other names people type, in English, French and Dutch."""
    summary: ClassVar[str]
    """One line: what the game is and what tablecalc does with it."""
    seed: ClassVar[str]
    """The rules it follows: the seed document and what the published rules add."""
    penalty_unit: ClassVar[str]
    """What :attr:`Penalty.amount` counts, plural, marked with ``N_`` (``cards drawn``)."""
    Rules: ClassVar[type[BaseRules]]
    """The game's rule options (a :class:`~solver.rules.BaseRules`)."""
    violations: ClassVar[type[Code]]
    """Every violation code the game's verdicts use."""
    judged: ClassVar[Mapping[str, tuple[str, ...]]] = {}
    """The clauses a legal answer is judged against, by kind of answer (a legal verdict cites them:
    :func:`cited_clauses`); declared in the game's ``verdict.py`` next to its codes."""
    data_option: ClassVar[DataOption | None] = None
    """The command-line option naming an edited data file (``--deck``), or ``None``: no data file."""

    # ---------------------------------------------------------------- rules, from the declaration

    @property
    def presets(self) -> Mapping[str, BaseRules]:
        """Every preset, by name."""
        return self.Rules.presets()

    @property
    def default_preset(self) -> str:
        return self.Rules.default_preset()

    def rules(self, preset: str | None = None, **options: Any) -> BaseRules:
        """A preset (the default one when ``None``) with some options changed."""
        return self.Rules.preset(preset).with_options(**options)

    # ---------------------------------------------------------------- what most games share

    def load_data(self, rules: BaseRules, path: str | Path | None = None) -> Any:
        """The deck, tiles or board: the built-in file, or ``path`` (an edited copy). By default
        there is nothing to load, and a path is refused."""
        if path is not None:
            raise TablecalcError(_("{game} reads no data file ({path}): its situations hold everything it plays with").format(
                game=self.name, path=quoted(str(path))))
        return None

    def check_situation(self, situation: Any, rules: BaseRules, data: Any) -> None:
        """Raise :class:`~solver.errors.TablecalcError` when a situation that reads well cannot be
        played under ``rules`` (an Nmbrs! table that the advanced rules refuse). Nothing by default."""

    def refused_answer(self, situation: Any, rules: BaseRules, data: Any) -> str | None:
        """An answer the referee must refuse in this situation, or ``None`` when none is known
        (used by the conformance test and by drills that show a trap)."""
        return None

    def new_state(self, situation: Any, rules: BaseRules, data: Any) -> State | None:
        """The situation as a :class:`State`, or ``None`` for a game not played move by move."""
        return None

    def new_match(self, names: tuple[str, ...], rules: BaseRules, data: Any) -> Any:
        """A match between players called ``names`` (a :class:`solver.whole.Match`: rounds dealt and
        scored, bots, analysis), or ``None`` for a game not played whole. With one, every
        ``tablecalc GAME referee|simulate|play|follow|analyse`` comes for free (:mod:`solver.whole`)."""
        return None

    def plain_record(self, text: str, source: str) -> Any:
        """A game recorded in the notation players use for this game (not the JSON log), as a
        :class:`solver.whole.log.Log`; ``None`` when the game has no such notation."""
        return None

    def older_log(self, text: str, source: str) -> Any:
        """A log an older tablecalc wrote in the game's own format, read into the one format (a
        :class:`solver.whole.log.Log`), so that nothing a table saved is lost; ``None`` when
        ``text`` is not one (the one format's error then stands)."""
        return None

    def plays_whole(self) -> bool:
        """Whether the game gives a match (:meth:`new_match`), so it can be played and refereed whole."""
        return type(self).new_match is not BaseGame.new_match

    # ---------------------------------------------------------------- what each game provides

    def parse_situation(self, text: str, data: Any) -> Any:
        """Read a situation's notation; ``str()`` of the result gives it back."""
        raise NotImplementedError

    def random_situation(self, rng: Any, rules: BaseRules, data: Any) -> Any:
        """A random situation as the game deals it (``rng`` is a :class:`random.Random`)."""
        raise NotImplementedError

    def best(self, situation: Any, rules: BaseRules, data: Any) -> Any:
        """The best (or simplest) answers; the result has ``as_dict()``."""
        raise NotImplementedError

    def best_answers(self, solution: Any) -> tuple[str, ...]:
        """The best answers as a player types them; :meth:`judge` finds each one legal."""
        raise NotImplementedError

    def judge(self, situation: Any, answer: str, rules: BaseRules, data: Any) -> Verdict:
        """The referee's verdict on a typed answer."""
        raise NotImplementedError

    def explain(self, verdict: Verdict) -> str:
        """The verdict in one or two plain sentences, in the language in use."""
        raise NotImplementedError

    def explain_cited(self, verdict: Verdict, cited: str) -> str:
        """The verdict in words (:meth:`explain`) with ``cited``, the clauses it applies in words
        (:func:`solver.rulebook.citation`): by default after the explanation; a game whose
        explanation says why in one sentence puts it there."""
        text = self.explain(verdict)
        return f"{text} {cited}" if cited else text

    def say_move(self, move: str) -> str:
        """A move of a game played whole as the language in use writes it, to show a player (a hint,
        a bot's move); typed back, it is read as the same move. Logs keep the notation. By default
        the notation itself (pit numbers, tiles)."""
        return move
