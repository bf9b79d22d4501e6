"""The command tree of ``tablecalc``, walked from the root app through the registry, so that a test
covers every command of every registered game — a new one, or one renamed — without naming it."""

from __future__ import annotations


def commands() -> list[tuple[tuple[str, ...], object]]:
    """``(path, command)`` of every leaf command (``("nambarz", "simulate")``, ``("drill", "arith")``...),
    hidden ones (old names kept for a release) included."""
    import typer

    from trainer.cli import app

    root = typer.main.get_command(app)
    out = []

    def walk(cmd, path, ctx):
        if hasattr(cmd, "list_commands"):
            for name in cmd.list_commands(ctx):
                sub = cmd.get_command(ctx, name)
                if sub is not None:
                    walk(sub, [*path, name], ctx)
        else:
            out.append((tuple(path), cmd))

    walk(root, [], root.make_context("tablecalc", ["--help"], resilient_parsing=True))
    return out


def options(command) -> dict[str, object]:
    """A command's options by each of their names (``--log``, ``-n``...)."""
    return {name: p for p in command.params if p.param_type_name == "option" for name in p.opts}
