"""``tablecalc serve``: the companion on this computer (127.0.0.1, the browser opened) or, with
``--lan``, for every phone on the local network: the address, its QR code and the join code are
printed where it was started.
"""

from __future__ import annotations

import socket
import sys
from pathlib import Path

from solver.errors import TablecalcError
from solver.i18n import _

__all__ = ["serve", "lan_address", "qr_text"]


def lan_address() -> str:
    """This computer's address on the local network (no packet is sent: a UDP socket is only
    pointed at a private address to learn which interface would be used)."""
    with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as s:
        try:
            s.connect(("10.254.254.254", 1))
            return s.getsockname()[0]
        except OSError:
            return "127.0.0.1"


def qr_text(url: str) -> str:
    """``url`` as a QR code drawn with block characters, for a terminal."""
    import io

    import segno

    out = io.StringIO()
    segno.make(url, error="m").terminal(out=out, compact=True)
    return out.getvalue()


def _free(host: str, port: int) -> bool:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as s:
        try:
            s.bind((host, port))
            return True
        except OSError:
            return False


def serve(port: int, lan: bool, open_browser: bool, history: Path | None = None) -> None:
    """Run the companion until Ctrl-C."""
    import uvicorn

    from trainer.web.app import Web, create_app
    from trainer.web.guard import Guard

    host = "0.0.0.0" if lan else "127.0.0.1"
    if not 1 <= port <= 65535:
        raise TablecalcError(_("bad --port {port}: expected 1 to 65535").format(port=port))
    if not _free(host, port):
        raise TablecalcError(_("port {port} is taken on {host}: choose another with --port").format(port=port, host=host))
    shown = lan_address() if lan else "127.0.0.1"
    url = f"http://{shown}:{port}/"
    web = Web(guard=Guard(lan=lan), history=history, address=url if lan else None)
    print(_("tablecalc is served at {url}").format(url=url))
    if lan:
        join = f"{url}join?code={web.guard.code}"
        print(_("On a phone on the same network, scan this code or open {url} and type the code {code}.").format(
            url=url, code=web.guard.code))
        print(qr_text(join))
    else:
        print(_("The class page asks for the code {code}.").format(code=web.guard.code))
    print(_("Stop with Ctrl-C."))
    sys.stdout.flush()
    if open_browser:
        import threading
        import webbrowser

        threading.Timer(0.8, lambda: webbrowser.open(url)).start()
    uvicorn.run(create_app(web), host=host, port=port, log_level="warning", server_header=False,
                limit_concurrency=200, timeout_keep_alive=5)
