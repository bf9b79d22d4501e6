"""SIGTERM (what a service manager, ``kill`` or a closing session sends) is handled as Ctrl-C, for
every command: one line, worker processes ended, no traceback, exit 143 (128 + SIGTERM, what a
shell reported when SIGTERM ended tablecalc before, so scripts see the same code); a drill keeps
every answer given and shows its summary. A second SIGTERM ends the process at once.
"""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time

import pytest
from typer.testing import CliRunner

from trainer.cli import app


def _children(pid: int) -> list[int]:
    """The processes whose parent is ``pid`` (Linux's /proc)."""
    out = []
    for entry in os.listdir("/proc"):
        if entry.isdigit():
            try:
                with open(f"/proc/{entry}/stat") as f:
                    if int(f.read().rsplit(")", 1)[1].split()[1]) == pid:
                        out.append(int(entry))
            except (OSError, ValueError, IndexError):
                pass
    return out


def _alive(pid: int) -> bool:
    try:
        with open(f"/proc/{pid}/stat") as f:
            return f.read().rsplit(")", 1)[1].split()[0] != "Z"
    except OSError:
        return False


def _tablecalc(*args, home, **kwargs):
    return subprocess.Popen([sys.executable, "-m", "trainer", *args], stderr=subprocess.PIPE, text=True,
                            env={**os.environ, "TABLECALC_HOME": str(home)}, start_new_session=True, **kwargs)


def _history(home) -> dict:
    r = CliRunner().invoke(app, ["stats", "--json"], env={"TABLECALC_HOME": str(home)})
    assert r.exit_code == 0, r.output
    return json.loads(r.stdout)


@pytest.mark.skipif(not os.path.isdir("/proc"), reason="reads worker processes from /proc")
@pytest.mark.parametrize("whole_group", [False, True], ids=["the command", "its process group"])
def test_sigterm_stops_the_countdown_table_and_its_workers_in_one_line(tmp_path, whole_group):
    p = _tablecalc("arith", "table", "--jobs", "2", "--engine", "pure", home=tmp_path, stdout=subprocess.DEVNULL)
    deadline = time.monotonic() + 60
    while len(_children(p.pid)) < 2 and time.monotonic() < deadline:  # the workers are at work
        time.sleep(0.05)
    workers = _children(p.pid)
    assert len(workers) >= 2
    (os.killpg if whole_group else os.kill)(p.pid, signal.SIGTERM)
    _, err = p.communicate(timeout=60)
    assert p.returncode == 143, err
    assert err == "tablecalc: error: stopped (SIGTERM): nothing was saved from this command\n"
    time.sleep(0.5)
    assert not [w for w in workers if _alive(w)]


def test_sigterm_ends_a_drill_with_its_answers_saved(tmp_path):
    """A drill reading answers line by line: the answer given is saved, the summary shown, exit 143."""
    p = _tablecalc("drill", "arith", "--level", "add", "-n", "5", "--seed", "1", "--no-intro", home=tmp_path,
                   stdin=subprocess.PIPE, stdout=subprocess.PIPE)
    p.stdin.write("5\n")
    p.stdin.flush()
    lines = []
    while len([line for line in lines if line.startswith("#")]) < 2:  # the first judged, the second asked
        lines.append(p.stdout.readline())
    p.send_signal(signal.SIGTERM)
    out, err = p.communicate(timeout=60)
    assert p.returncode == 143, err
    assert "Traceback" not in err and "Session: 0/1 right" in out
    assert _history(tmp_path)["answers"] == 1


def test_sigterm_in_a_terminal_drill(tmp_path):
    """The prompt in a real terminal (prompt_toolkit): the same as Ctrl-C, with exit 143."""
    pexpect = pytest.importorskip("pexpect")
    from tests.support import terminal

    child = terminal.spawn(tmp_path, "drill", "arith", "--level", "add", "-n", "3", "--seed", "1", "--no-intro")
    try:
        child.expect_exact("#1/3")
        child.expect_exact(">")
        child.sendline("5")
        child.expect_exact("#2/3")
        child.expect_exact(">")
        time.sleep(0.3)
        child.kill(signal.SIGTERM)
        child.expect_exact("Session summary")
        child.expect(pexpect.EOF)
        text = child.before
    finally:
        child.close()
    assert child.exitstatus == 143 and "Traceback" not in text
    assert _history(tmp_path)["answers"] == 1


def test_sigterm_while_a_command_runs_in_process_is_one_line(tmp_path, monkeypatch):
    """Through the error boundary itself (CliRunner): SIGTERM during a search of reach."""
    import solver.search as search

    real = search.reach

    def terminated(*args, **kwargs):
        os.kill(os.getpid(), signal.SIGTERM)
        time.sleep(1)  # the signal arrives here, as Ctrl-C would
        return real(*args, **kwargs)

    monkeypatch.setattr(search, "reach", terminated)
    before = signal.getsignal(signal.SIGTERM)
    r = CliRunner().invoke(app, ["reach", "6", "2", "--target", "3"])
    assert r.exit_code == 143 and r.stderr == "tablecalc: error: stopped (SIGTERM): nothing was saved from this command\n"
    assert signal.getsignal(signal.SIGTERM) is before  # the handler is the command's only
    monkeypatch.setattr(search, "reach", real)
    r = CliRunner().invoke(app, ["reach", "6", "2", "--target", "3"])
    assert r.exit_code == 0  # the next command is not taken for a stopped one
