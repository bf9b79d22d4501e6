"""``python -m trainer`` runs the ``tablecalc`` command line (the same as the console script)."""

from trainer.cli import main

if __name__ == "__main__":
    main()
