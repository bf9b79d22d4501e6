"""Fixtures shared by the trainer's tests."""

from __future__ import annotations

import pytest


@pytest.fixture
def home(tmp_path, monkeypatch):
    """TABLECALC_HOME in a temporary folder, and no learner chosen by the environment (a module
    that needs more of its home defines its own ``home``, which takes precedence)."""
    monkeypatch.setenv("TABLECALC_HOME", str(tmp_path / "home"))
    monkeypatch.delenv("TABLECALC_LEARNER", raising=False)
    return tmp_path / "home"
