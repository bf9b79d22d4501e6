"""The calculation parser, renderer and normal form."""


import pytest

from solver.errors import TablecalcError
from solver.expr import (
    Intermediates,
    Order,
    canonical,
    evaluate,
    first_bad_step,
    is_chain,
    leaves,
    normal_key,
    parse_expression,
    parse_ops,
    render,
)


@pytest.mark.parametrize(
    "text, value",
    [
        ("6+5+2-10", 3),
        ("3x3-1", 8),
        ("3*3-1", 8),
        ("3X3 − 1", 8),
        ("9-(8/2)", 5),
        ("9-[8/2]", 5),
        ("8:2", 4),
        ("6÷2", 3),
        ("6 × 2", 12),
        (" 6 – 2 ", 4),
        ("6·2", 12),
    ],
)
def test_parser_accepts_what_people_type(text, value):
    assert evaluate(parse_expression(text)) == value


def test_chain_reading_is_left_to_right_and_tree_reading_uses_precedence():
    assert evaluate(parse_expression("1+3x3", Order.CHAIN)) == 12
    assert evaluate(parse_expression("1+3x3", Order.TREE)) == 10
    assert evaluate(parse_expression("2*(3+4)", Order.CHAIN)) == 14


@pytest.mark.parametrize(
    "text, position",
    [("6++5", 2), ("6+", 2), ("(6+5", 4), ("6+5)", 3), ("-6+5", 0), ("6+a", 2), ("6 5", 2), ("6=3", 1), ("(6+5]", 4)],
)
def test_malformed_input_points_at_the_offending_character(text, position):
    with pytest.raises(TablecalcError) as info:
        parse_expression(text)
    assert info.value.position == position
    assert repr(text) in str(info.value)


def test_empty_calculation_is_an_error():
    with pytest.raises(TablecalcError, match="empty calculation"):
        parse_expression("   ")


@pytest.mark.parametrize("text", ["6+5+2-10", "9-(8÷2)", "(6+5)×2", "6×5÷10", "2×3+(4×5)", "8÷(3-(8÷3))"])
def test_render_round_trips_in_both_readings(text):
    """A rendered calculation means the same read left to right and with precedence."""
    for order in Order:
        e = parse_expression(text, order)
        assert str(parse_expression(str(e), order)) == str(e)
        assert evaluate(parse_expression(str(e), Order.TREE)) == evaluate(parse_expression(str(e), Order.CHAIN))


def test_card_labels_round_trip():
    e = parse_expression("8-bee - 5-cat")
    assert [x.label for x in leaves(e)] == ["8-bee", "5-cat"]
    assert render(e, labels=True) == "8-bee - 5-cat"
    assert parse_expression(render(e, labels=True)) == e


def test_normal_form_merges_commutativity_and_associativity_only():
    same = ["6+5+2-10", "2+5+6-10", "(6+5)+(2-10)", "6-(10-5-2)"]
    assert len({normal_key(parse_expression(t)) for t in same}) == 1
    assert normal_key(parse_expression("6-2")) != normal_key(parse_expression("2-6"))
    assert normal_key(parse_expression("6*1")) != normal_key(parse_expression("6/1"))


def test_canonical_keeps_whole_number_intermediates():
    e = parse_expression("2-6+7", Order.CHAIN)
    assert first_bad_step(e, Intermediates.NATURAL) is not None
    c = canonical(e)
    assert first_bad_step(c, Intermediates.NATURAL) is None and evaluate(c) == 3


def test_intermediate_rules():
    half = parse_expression("1/2*4")
    assert evaluate(half) == 2
    assert first_bad_step(half, Intermediates.INTEGER) is not None
    assert first_bad_step(half, Intermediates.RATIONAL) is None
    neg = parse_expression("2-6+7")
    assert first_bad_step(neg, Intermediates.INTEGER) is None
    zero = parse_expression("6/(2-2)")
    assert evaluate(zero) is None and first_bad_step(zero, Intermediates.RATIONAL).result is None


def test_is_chain():
    assert is_chain(parse_expression("(6+5)*2"))
    assert not is_chain(parse_expression("9-(8/2)"))


def test_parse_ops():
    assert parse_ops("+-×÷") == parse_ops("+-*/") == parse_ops("all")
    with pytest.raises(TablecalcError):
        parse_ops("")


@pytest.mark.parametrize("enum_type", [Order, Intermediates])
def test_rule_enums_are_their_values_as_text(enum_type):
    """Order and Intermediates are StrEnums: each member is its value wherever a string is used."""
    for member in enum_type:
        assert isinstance(member, str) and member == member.value
        assert str(member) == f"{member}" == member.value
        assert enum_type(member.value) is member
    assert [m.value for m in Order] == ["tree", "chain"]
    assert [m.value for m in Intermediates] == ["natural", "integer", "rational"]


@pytest.mark.parametrize("order", [Order.TREE, Order.CHAIN])
def test_text_deeper_or_longer_than_any_calculation_is_refused_not_a_crash(order):
    """Nested brackets and numbers beyond the limits raise TablecalcError (never RecursionError);
    at the limits the calculation reads."""
    from solver.expr import MAX_BRACKETS, MAX_NUMBERS

    assert evaluate(parse_expression("(" * MAX_BRACKETS + "6" + ")" * MAX_BRACKETS, order)) == 6
    assert evaluate(parse_expression("+".join(["1"] * MAX_NUMBERS), order)) == MAX_NUMBERS
    for text, message in [("(" * 1000 + "6" + ")" * 1000, "brackets nested 1000 deep"),
                          ("[" * 5000, "brackets nested 5000 deep"),
                          ("+".join(["1"] * 990), "990 numbers")]:
        with pytest.raises(TablecalcError, match=message):
            parse_expression(text, order)
