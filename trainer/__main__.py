"""``python -m trainer`` runs the ``tablecalc`` command line (the same as the console script)."""

from trainer.cli import app

if __name__ == "__main__":
    app(prog_name="tablecalc")
