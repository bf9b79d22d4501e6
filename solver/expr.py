"""Calculations as data: parse what people type, evaluate step by step, render back.

A calculation is a tree of :class:`Num` leaves and :class:`BinOp` nodes. Two readings
of typed text exist, chosen by :class:`Order`:

* ``Order.TREE`` — usual precedence (× and ÷ before + and −), brackets group;
* ``Order.CHAIN`` — strictly left to right (the Nambarz basic rule): ``1+3×3`` is
  ``(1+3)×3``; brackets still group, so ``(6+5)×2`` is allowed and means the same.

Rendering brackets every compound operand except a leading one of the same or higher
precedence, so a rendered calculation reads the same both ways:

>>> e = parse_expression("9 - (8:2)")
>>> str(e), evaluate(e)
('9-(8÷2)', Fraction(5, 1))
>>> str(parse_expression("1+3x3", Order.CHAIN)), str(parse_expression("1+3x3"))
('(1+3)×3', '1+(3×3)')

Two calculations are *the same* when they differ only by the order of the terms of a
sum or the factors of a product, or by brackets that change nothing (commutativity and
associativity): :func:`normal_key` names that class.

>>> normal_key(parse_expression("2*6")) == normal_key(parse_expression("6x2"))
True
>>> normal_key(parse_expression("6+5+2-10")) == normal_key(parse_expression("2+(6-10+5)"))
True
"""

from __future__ import annotations

import enum
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Iterable, Iterator, Union

from solver.errors import TablecalcError, quoted
from solver.i18n import N_, _
from solver.parsing import MAX_DIGITS, is_whole

__all__ = [
    "Order",
    "Intermediates",
    "Num",
    "BinOp",
    "Expr",
    "Step",
    "parse_expression",
    "parse_ops",
    "render_ops",
    "ops_words",
    "INTERMEDIATES_WORDS",
    "evaluate",
    "steps",
    "first_bad_step",
    "leaves",
    "label_leaves",
    "format_value",
    "json_value",
    "operations",
    "is_chain",
    "normal_key",
    "canonical",
    "allows",
    "OPS",
]

OPS = "+-*/"
"""The four operations in their internal spelling."""

SYMBOL = {"+": "+", "-": "-", "*": "×", "/": "÷"}
"""How each operation is shown."""

_OP_ALIASES = {
    "+": "+",
    "-": "-",
    "−": "-",
    "–": "-",
    "*": "*",
    "x": "*",
    "X": "*",
    "×": "*",
    "·": "*",
    "/": "/",
    ":": "/",
    "÷": "/",
}
_DIGITS = "0123456789"
_OPEN = "(["
_CLOSE = ")]"


class Order(enum.StrEnum):
    """How a calculation is read: any bracketing (tree) or strictly left to right (chain).

    >>> str(Order.CHAIN), Order("tree") is Order.TREE, Order.TREE == "tree"
    ('chain', True, True)
    """

    TREE = "tree"
    CHAIN = "chain"


class Intermediates(enum.StrEnum):
    """Which numbers a calculation may pass through on its way to the result."""

    NATURAL = "natural"
    """Whole numbers ≥ 0: division must be exact, subtraction may not go below zero."""
    INTEGER = "integer"
    """Whole numbers, negatives allowed; division must still be exact."""
    RATIONAL = "rational"
    """Exact fractions."""


def allows(intermediates: Intermediates, value: Fraction | int | None) -> bool:
    """Whether ``value`` may appear as an intermediate result (``None`` = division by zero).

    >>> allows(Intermediates.NATURAL, -1), allows(Intermediates.INTEGER, -1)
    (False, True)
    >>> allows(Intermediates.INTEGER, Fraction(1, 2)), allows(Intermediates.RATIONAL, Fraction(1, 2))
    (False, True)
    """
    if value is None:
        return False
    if intermediates is Intermediates.RATIONAL:
        return True
    if isinstance(value, Fraction) and value.denominator != 1:
        return False
    return intermediates is Intermediates.INTEGER or value >= 0


def parse_ops(text: str) -> frozenset[str]:
    """Parse a set of operations such as ``"+-*/"``, ``"+-x:"``, ``"+−×÷"`` or ``"all"``.

    >>> sorted(parse_ops("+-x:"))
    ['*', '+', '-', '/']
    >>> parse_ops("+%")
    Traceback (most recent call last):
    ...
    solver.errors.TablecalcError: unknown operation '%' in '+%': expected some of + - × ÷ (also written * x / :)
    """
    if text.strip().lower() == "all":
        return frozenset(OPS)
    ops = set()
    for i, ch in enumerate(text):
        if ch.isspace() or ch == ",":
            continue
        op = _OP_ALIASES.get(ch)
        if op is None:
            raise TablecalcError(
                _("unknown operation {op} in {text}: expected some of + - × ÷ (also written * x / :)").format(
                    op=repr(ch), text=quoted(text)),
                text=text,
                position=i,
            )
        ops.add(op)
    if not ops:
        raise TablecalcError(_("no operation in {text}: expected some of + - × ÷, e.g. '+-*/'").format(text=quoted(text)))
    return frozenset(ops)


def render_ops(ops: frozenset[str]) -> str:
    """The canonical spelling of a set of operations: ``+-*/`` order, ASCII.

    >>> render_ops(parse_ops("÷×+"))
    '+*/'
    """
    return "".join(op for op in OPS if op in ops)


def ops_words(ops: frozenset[str]) -> str:
    """The operations as a rules line shows them: ``+ - × ÷``.

    >>> ops_words(frozenset("*+"))
    '+ ×'
    """
    return " ".join(SYMBOL[o] for o in OPS if o in ops)


INTERMEDIATES_WORDS = {Intermediates.NATURAL: N_("whole numbers ≥ 0"),
                       Intermediates.INTEGER: N_("negative numbers allowed"),
                       Intermediates.RATIONAL: N_("fractions allowed")}
"""How a rules line names each :class:`Intermediates` (translated where it is shown)."""


@dataclass(frozen=True, slots=True)
class Num:
    """A number in a calculation; ``label`` is the card as typed (``3-bee``), if any."""

    value: int
    label: str | None = None

    def __str__(self) -> str:
        return str(self.value)


@dataclass(frozen=True, slots=True)
class BinOp:
    """``left op right`` with ``op`` one of ``+ - * /``."""

    op: str
    left: "Expr"
    right: "Expr"

    def __str__(self) -> str:
        return render(self)


Expr = Union[Num, BinOp]


def _is_sum(e: Expr) -> bool:
    return isinstance(e, BinOp) and e.op in "+-"


def render(e: Expr, *, labels: bool = False) -> str:
    """Render a calculation so that it reads the same left to right and with precedence.

    With ``labels=True`` leaves are written as their cards (``8-bee - 5-cat``), with
    spaces around operations so a card's dash cannot be taken for a minus.
    """
    if isinstance(e, Num):
        return e.label if labels and e.label else str(e.value)
    left = render(e.left, labels=labels)
    right = render(e.right, labels=labels)
    if _is_sum(e.left) and e.op in "*/":
        left = f"({left})"
    if isinstance(e.right, BinOp):
        right = f"({right})"
    sep = " " if labels else ""
    return f"{left}{sep}{SYMBOL[e.op]}{sep}{right}"


# ---------------------------------------------------------------- parsing


@dataclass(frozen=True, slots=True)
class _Tok:
    kind: str  # "num", "op", "open", "close", "end"
    text: str
    pos: int
    value: int = 0


def _tokens(text: str) -> Iterator[_Tok]:
    i, n = 0, len(text)
    while i < n:
        ch = text[i]
        if ch.isspace():
            i += 1
        elif ch in _DIGITS:
            j = i
            while j < n and text[j] in _DIGITS:
                j += 1
            if j - i > MAX_DIGITS:
                raise TablecalcError(
                    _("number too long at character {at} of {text}: expected at most {n} digits").format(
                        at=i + 1, text=quoted(text), n=MAX_DIGITS),
                    text=text,
                    position=i,
                )
            value = int(text[i:j])
            # a card name: digits, a dash, then letters (3-bee, 3-abeille, 5-symbol)
            if j + 1 < n and text[j] in "-" and text[j + 1].isalpha():
                k = j + 1
                while k < n and (text[k].isalpha() or text[k] in "-'"):
                    k += 1
                # do not swallow a trailing dash that is really a minus
                while text[k - 1] in "-'":
                    k -= 1
                yield _Tok("num", text[i:k], i, value)
                i = k
            elif j < n and text[j].isalpha() and text[j] not in "xX":
                raise TablecalcError(
                    _("unexpected {char} at character {at} of {text}: "
                      "a card is written as a number, or number-animal like 3-bee").format(
                        char=repr(text[j]), at=j + 1, text=quoted(text)),
                    text=text,
                    position=j,
                )
            else:
                yield _Tok("num", text[i:j], i, value)
                i = j
        elif ch in _OP_ALIASES:
            yield _Tok("op", _OP_ALIASES[ch], i)
            i += 1
        elif ch in _OPEN:
            yield _Tok("open", ch, i)
            i += 1
        elif ch in _CLOSE:
            yield _Tok("close", ch, i)
            i += 1
        else:
            hint = " " + _("(write only the calculation, without '= result')") if ch == "=" else ""
            raise TablecalcError(
                _("unexpected {char} at character {at} of {text}: expected a number, "
                  "an operation + - × ÷ or a bracket").format(char=repr(ch), at=i + 1, text=quoted(text)) + hint,
                text=text,
                position=i,
            )
    yield _Tok("end", "", n)


class _Parser:
    """Recursive descent; in chain order every operation has the same precedence."""

    def __init__(self, text: str, order: Order):
        self.text = text
        self.order = order
        self.toks = list(_tokens(text))
        self.i = 0

    def peek(self) -> _Tok:
        return self.toks[self.i]

    def take(self) -> _Tok:
        tok = self.toks[self.i]
        self.i += 1
        return tok

    def fail(self, tok: _Tok, expected: str) -> TablecalcError:
        found = _("the end") if tok.kind == "end" else repr(tok.text)
        if tok.kind == "op":
            found = repr(SYMBOL[tok.text])
        return TablecalcError(
            _("{text} is not a calculation: expected {expected} at character {at}, found {found}").format(
                text=quoted(self.text), expected=expected, at=tok.pos + 1, found=found),
            text=self.text,
            position=tok.pos,
        )

    def parse(self) -> Expr:
        if self.peek().kind == "end":
            raise TablecalcError(
                _("empty calculation {text}: expected cards joined by + - × ÷, like 6÷2").format(text=quoted(self.text))
            )
        numbers = [t for t in self.toks if t.kind == "num"]
        if len(numbers) > MAX_NUMBERS:
            raise TablecalcError(
                _("calculation too long: {n} numbers in {text}; expected at most {most}").format(
                    n=len(numbers), text=quoted(self.text), most=MAX_NUMBERS),
                text=self.text, position=numbers[MAX_NUMBERS].pos,
            )
        depth = max(_running_depth(self.toks), default=0)
        if depth > MAX_BRACKETS:
            raise TablecalcError(
                _("brackets nested {depth} deep in {text}: expected at most {most}").format(
                    depth=depth, text=quoted(self.text), most=MAX_BRACKETS),
                text=self.text,
            )
        e = self.expr()
        tok = self.peek()
        if tok.kind != "end":
            raise self.fail(tok, _("an operation + - × ÷ or the end"))
        return e

    def expr(self) -> Expr:
        if self.order is Order.CHAIN:
            return self._level(OPS)
        return self._level("+-")

    def _level(self, ops: str) -> Expr:
        left = self.term() if ops == "+-" else self.atom()
        while self.peek().kind == "op" and self.peek().text in ops:
            op = self.take().text
            right = self.term() if ops == "+-" else self.atom()
            left = BinOp(op, left, right)
        return left

    def term(self) -> Expr:
        return self._level("*/")

    def atom(self) -> Expr:
        tok = self.take()
        if tok.kind == "num":
            return Num(tok.value, None if is_whole(tok.text) else tok.text)
        if tok.kind == "open":
            inner = self.expr()
            close = self.take()
            if close.kind != "close":
                raise self.fail(close, _("a closing bracket for the one at character {at}").format(at=tok.pos + 1))
            if _CLOSE[_OPEN.index(tok.text)] != close.text:
                raise self.fail(close, _("{close} to match {open}").format(close=repr(_CLOSE[_OPEN.index(tok.text)]),
                                                                         open=repr(tok.text)))
            return inner
        if tok.kind == "op" and tok.text == "-" and self.i == 1:
            raise self.fail(tok, _("a card number (a calculation starts with a card, not a minus)"))
        raise self.fail(tok, _("a number or '('"))


MAX_NUMBERS = 100
"""The most numbers one calculation may hold (a whole Nambarz family is 40 cards): longer text is
refused before it is parsed, so no calculation can exhaust the stack of the recursive walks."""
MAX_BRACKETS = 50
"""How deep brackets may nest."""


def _running_depth(toks: list[_Tok]) -> Iterator[int]:
    """The bracket depth after each token (closing brackets beyond the opened ones count as 0)."""
    depth = 0
    for t in toks:
        depth = depth + 1 if t.kind == "open" else max(0, depth - 1) if t.kind == "close" else depth
        yield depth


def parse_expression(text: str, order: Order = Order.TREE) -> Expr:
    """Parse a typed calculation; raises :class:`TablecalcError` pointing at the bad character.

    Accepts ``+``, ``-``/``−``, ``*``/``x``/``×``, ``/``/``:``/``÷``, round or square
    brackets, spaces anywhere, and cards written ``3-bee``.

    >>> str(parse_expression("3 x 3 − 1")), str(parse_expression("[6+5]*2"))
    ('3×3-1', '(6+5)×2')
    >>> parse_expression("8-bee - 5-cat").left
    Num(value=8, label='8-bee')
    >>> parse_expression("6++5")
    Traceback (most recent call last):
    ...
    solver.errors.TablecalcError: '6++5' is not a calculation: expected a number or '(' at character 3, found '+'
    """
    return _Parser(text, Order(order)).parse()


# ---------------------------------------------------------------- evaluation


@dataclass(frozen=True, slots=True)
class Step:
    """One operation of a calculation: ``left op right = result`` (``None``: division by zero)."""

    left: Fraction
    op: str
    right: Fraction
    result: Fraction | None

    def __str__(self) -> str:
        res = "undefined" if self.result is None else format_value(self.result)
        return f"{format_value(self.left)}{SYMBOL[self.op]}{format_value(self.right)} = {res}"


def format_value(x: Fraction | int) -> str:
    """A value as people write it: ``3``, ``-4``, ``7/2``.

    >>> format_value(Fraction(7, 2)), format_value(Fraction(6, 2)), format_value(5)
    ('7/2', '3', '5')
    """
    x = Fraction(x)
    return str(x.numerator) if x.denominator == 1 else f"{x.numerator}/{x.denominator}"


def json_value(x: Fraction | int | None) -> int | str | None:
    """A value for JSON: whole numbers as numbers, fractions as ``"7/2"``, ``None`` as null."""
    if x is None:
        return None
    x = Fraction(x)
    return x.numerator if x.denominator == 1 else format_value(x)


def _apply(op: str, a: Fraction, b: Fraction) -> Fraction | None:
    if op == "+":
        return a + b
    if op == "-":
        return a - b
    if op == "*":
        return a * b
    return None if b == 0 else a / b


def steps(e: Expr) -> list[Step]:
    """Every operation in the order it is worked out (left operand first).

    >>> [str(s) for s in steps(parse_expression("3x3-1", Order.CHAIN))]
    ['3×3 = 9', '9-1 = 8']
    """
    out: list[Step] = []

    def walk(node: Expr) -> Fraction | None:
        if isinstance(node, Num):
            return Fraction(node.value)
        a = walk(node.left)
        b = walk(node.right)
        if a is None or b is None:
            return None
        r = _apply(node.op, a, b)
        out.append(Step(a, node.op, b, r))
        return r

    walk(e)
    return out


def evaluate(e: Expr) -> Fraction | None:
    """The exact value of a calculation, or ``None`` if it divides by zero."""
    if isinstance(e, Num):
        return Fraction(e.value)
    a = evaluate(e.left)
    b = evaluate(e.right)
    if a is None or b is None:
        return None
    return _apply(e.op, a, b)


def first_bad_step(e: Expr, intermediates: Intermediates) -> Step | None:
    """The first operation whose result the rules forbid, or ``None`` when all are fine.

    >>> str(first_bad_step(parse_expression("2-6+7", Order.CHAIN), Intermediates.NATURAL))
    '2-6 = -4'
    """
    for s in steps(e):
        if not allows(intermediates, s.result):
            return s
    return None


def leaves(e: Expr) -> list[Num]:
    """The numbers of a calculation in the order they are written (the laying order)."""
    if isinstance(e, Num):
        return [e]
    return leaves(e.left) + leaves(e.right)


def label_leaves(e: Expr, labels: Iterable[object]) -> Expr:
    """The same calculation with its numbers labelled, in writing order (e.g. with cards).

    >>> render(label_leaves(parse_expression("8-5"), ["8-lion", "5-cat"]), labels=True)
    '8-lion - 5-cat'
    """
    it = iter(labels)

    def walk(node: Expr) -> Expr:
        if isinstance(node, Num):
            return Num(node.value, str(next(it)))
        return BinOp(node.op, walk(node.left), walk(node.right))

    return walk(e)


def operations(e: Expr) -> frozenset[str]:
    """The operations a calculation uses.

    >>> sorted(operations(parse_expression("9-(8÷2)")))
    ['-', '/']
    """
    if isinstance(e, Num):
        return frozenset()
    return frozenset(e.op) | operations(e.left) | operations(e.right)


def is_chain(e: Expr) -> bool:
    """Whether the calculation can be read strictly left to right (every right operand a card)."""
    while isinstance(e, BinOp):
        if isinstance(e.right, BinOp):
            return False
        e = e.left
    return True


# ---------------------------------------------------------------- normal form


def _flat(e: Expr) -> tuple[str, list[Expr], list[Expr]]:
    """Split a sum into (+ terms, − terms) or a product into (× factors, ÷ factors)."""
    if isinstance(e, Num) or e.op not in "+-*/":
        return ("n", [e], [])
    kind = "s" if e.op in "+-" else "p"
    pos: list[Expr] = []
    neg: list[Expr] = []
    for child, flip in ((e.left, False), (e.right, e.op in "-/")):
        ck = "n" if isinstance(child, Num) else ("s" if child.op in "+-" else "p")
        if ck == kind:
            _, cp, cn = _flat(child)
        else:
            cp, cn = [child], []
        if flip:
            cp, cn = cn, cp
        pos += cp
        neg += cn
    return (kind, pos, neg)


def normal_key(e: Expr) -> str:
    """A string naming the calculation up to commutativity and associativity.

    >>> normal_key(parse_expression("9-(8/2)"))
    'S(9|P(8|2))'
    """
    if isinstance(e, Num):
        return str(e.value)
    kind, pos, neg = _flat(e)
    tag = "S" if kind == "s" else "P"
    return f"{tag}({','.join(sorted(normal_key(x) for x in pos))}|{','.join(sorted(normal_key(x) for x in neg))})"


def canonical(e: Expr) -> Expr:
    """The representative of ``e``'s class used for display in tree order.

    Terms are sorted from the largest value down, additions before subtractions and
    multiplications before divisions; that keeps every intermediate a whole number ≥ 0
    whenever the original calculation had that property. It may use an operation the
    original did not (``a-(b-c)`` becomes ``a+c-b``): check :func:`operations`.

    >>> str(canonical(parse_expression("2+(6-10+5)")))
    '6+5+2-10'
    >>> str(canonical(parse_expression("2*6")))
    '6×2'
    """
    if isinstance(e, Num):
        return Num(e.value)
    kind, pos, neg = _flat(e)
    plus, minus = ("+", "-") if kind == "s" else ("*", "/")

    def order(xs: list[Expr]) -> list[Expr]:
        cs = [canonical(x) for x in xs]
        return sorted(cs, key=lambda c: (-(evaluate(c) or 0), normal_key(c)))

    items = order(pos)
    out = items[0]
    for x in items[1:]:
        out = BinOp(plus, out, x)
    for x in order(neg):
        out = BinOp(minus, out, x)
    return out


# ---------------------------------------------------------------- the rules of a calculation


@dataclass(frozen=True)
class SearchRules:
    """What a calculation may do.

    ``order``: tree (any bracketing) or chain (left to right); ``ops``: allowed
    operations among ``+-*/``; ``intermediates``: natural, integer or rational;
    ``use_all``: every number must be used (the 24 game).

    >>> SearchRules.from_options(order="chain", ops="+-").as_dict()
    {'order': 'chain', 'ops': '+-', 'intermediates': 'natural', 'all': False}
    """

    order: Order = Order.TREE
    ops: frozenset[str] = field(default=frozenset(OPS))
    intermediates: Intermediates = Intermediates.NATURAL
    use_all: bool = False

    @classmethod
    def from_options(
        cls,
        order: str | Order = Order.TREE,
        ops: str | frozenset[str] = OPS,
        intermediates: str | Intermediates = Intermediates.NATURAL,
        use_all: bool = False,
    ) -> "SearchRules":
        """Build from the spellings used on the command line and in batch files."""
        try:
            order = Order(order)
        except ValueError:
            raise TablecalcError(_("unknown order {order}: expected 'tree' or 'chain'").format(order=quoted(order))) from None
        try:
            intermediates = Intermediates(intermediates)
        except ValueError:
            raise TablecalcError(
                _("unknown intermediates {value}: expected 'natural', 'integer' or 'rational'").format(value=quoted(intermediates))
            ) from None
        if isinstance(ops, str):
            ops = parse_ops(ops)
        elif not (isinstance(ops, (set, frozenset)) and ops and set(ops) <= set(OPS)):
            raise TablecalcError(_("bad operations {ops}: expected some of + - × ÷ written as text, e.g. '+-*/'").format(ops=quoted(ops)))
        if not isinstance(use_all, bool):
            raise TablecalcError(_("'all' must be true or false, not {value}").format(value=quoted(use_all)))
        return cls(order, frozenset(ops), intermediates, use_all)

    def as_dict(self) -> dict:
        return {
            "order": self.order.value,
            "ops": render_ops(self.ops),
            "intermediates": self.intermediates.value,
            "all": self.use_all,
        }

    def faults(self, e: Expr) -> "Faults":
        """What these rules refuse in a typed calculation, whatever the game: every referee maps
        it to its own violation codes (which numbers the cards are is the game's business).

        >>> from solver.expr import parse_expression
        >>> f = SearchRules(order=Order.CHAIN, ops=frozenset("+-")).faults(parse_expression("9-(8÷2)"))
        >>> f.refused, f.needs_parentheses, f.bad_step, f.value
        (('/',), True, None, Fraction(5, 1))
        """
        return Faults(
            refused=tuple(sorted(operations(e) - self.ops)),
            needs_parentheses=self.order is Order.CHAIN and not is_chain(e),
            bad_step=first_bad_step(e, self.intermediates),
            value=evaluate(e),
        )


@dataclass(frozen=True)
class Faults:
    """:meth:`SearchRules.faults`: the operations used that the rules refuse, whether the
    calculation needs brackets that left-to-right order refuses, the first intermediate
    result the rules refuse, and the value (``None``: it divides by zero)."""

    refused: tuple[str, ...]
    needs_parentheses: bool
    bad_step: Step | None
    value: Fraction | None
