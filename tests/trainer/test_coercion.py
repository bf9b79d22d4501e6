"""trainer.coercion converts option text as Typer's pydantic adapters do, without pydantic.

Typer's own adapter (built exactly as Typer builds it for an option) is the oracle: for text
of the kinds people type, both accept the same texts and give the same values."""

from pathlib import Path

import pytest
from hypothesis import given, settings, strategies as st
from typer._adapters import try_build_adapter
from typer.models import OptionInfo

from trainer import coercion
from trainer.coercion import coerce_value

# Numbers as people type them, well formed or not. Off this ground pydantic has quirks we do
# not copy: it reads the whole number '0-0' as 0 and the number '1._5' as 1.5; we refuse both.
_DIGITS = st.text(alphabet="0123456789", max_size=4)
NUMBERISH = st.builds(
    lambda pad1, sign, whole, point, frac, exp, pad2: f"{pad1}{sign}{whole}{point}{frac}{exp}{pad2}",
    st.sampled_from(["", " "]), st.sampled_from(["", "+", "-", "--"]), _DIGITS, st.sampled_from(["", ".", ".."]),
    _DIGITS, st.sampled_from(["", "e3", "E-2", "e"]), st.sampled_from(["", " "]),
) | st.text(alphabet="0123456789.x ", max_size=6) | st.sampled_from(
    ["5.0", "5.00", "1e3", "inf", "-inf", "nan", "NaN", " 12 ", "1_000", "1__0", "_1", "٣", "0x10", "+0", "-0.0"])
BOOLISH = st.sampled_from(["1", "0", "true", "False", "YES", "no", "y", "N", "on", "OFF", "t", "f", "2", "", " yes ", "maybe"])


def oracle(annotation, text):
    adapter = try_build_adapter(annotation, OptionInfo())
    try:
        return ("ok", adapter.validate_python(text))
    except Exception:
        return ("refused",)


def mine(annotation, text):
    try:
        return ("ok", coerce_value(annotation, text))
    except ValueError:
        return ("refused",)


def same(a, b):
    if a[0] != b[0]:
        return False
    if a[0] == "refused":
        return True
    x, y = a[1], b[1]
    return type(x) is type(y) and (x == y or (x != x and y != y))


@settings(max_examples=500, deadline=None)
@given(NUMBERISH)
def test_whole_numbers_and_numbers_as_pydantic_reads_them(text):
    for annotation in (int, float):
        assert same(mine(annotation, text), oracle(annotation, text)), (annotation, text)


@settings(max_examples=100, deadline=None)
@given(BOOLISH)
def test_flags_as_pydantic_reads_them(text):
    assert same(mine(bool, text), oracle(bool, text)), text


@given(st.text(max_size=20))
def test_text_and_paths_are_kept_as_typed(text):
    assert coerce_value(str, text) == text
    if text:
        assert coerce_value(Path, text) == Path(text)


def test_every_option_of_the_command_line_is_converted_without_pydantic():
    """All our options are plain, so none falls back to Typer's adapter (which imports pydantic)."""
    import typer.main
    from typer._click import Context

    from trainer.cli import app

    assert coercion.install()
    root = typer.main.get_command(app)
    ctx = Context(root)
    fallbacks = []

    def walk(cmd, path):
        if hasattr(cmd, "list_commands"):
            for name in cmd.list_commands(ctx):
                sub = cmd.get_command(ctx, name)
                if sub is not None:
                    walk(sub, f"{path} {name}")
        for p in getattr(cmd, "params", []):
            if hasattr(p, "type_descriptor") and coercion._simple_type(p.type_descriptor) is None:
                fallbacks.append(f"{path} {p.name}")

    walk(root, "tablecalc")
    assert fallbacks == []


def test_a_bad_value_is_one_line_naming_the_option(capsys):
    from trainer.cli import app

    with pytest.raises(SystemExit) as e:
        app(["drill", "arith", "--count", "ten"], prog_name="tablecalc")
    err = capsys.readouterr().err
    assert e.value.code == 2
    assert err.count("\n") == 1 and "'--count'" in err and "'ten' is not a whole number" in err
