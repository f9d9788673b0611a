"""The language server's input limits: a huge ``Content-Length`` and an endless header line end
the server with one error line and exit code 1 (no MemoryError, no traceback, memory bounded by
RLIMIT_AS); a didChange with 20,000 edits never blocks the server. Raw bytes on stdio."""

from __future__ import annotations

import copy
import json
import random
import resource
import shutil
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest
from lsprotocol import types
from pygls.workspace import TextDocument

from docfact.lsp.protocol import MAX_CHANGES, apply_changes

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
from lsp_raw import LSPPROJ, RawServer, failures, hover_store, open_store

SERVER = Path(__file__).resolve().parents[2] / "server"
LIMIT = 2 << 30  # 2 GiB of address space: a 100 GB read or a 200 MB line would not fit

pytestmark = pytest.mark.timeout(120)


def _limit() -> None:
    resource.setrlimit(resource.RLIMIT_AS, (LIMIT, LIMIT))


def serve_bytes(tmp_path: Path, head: bytes, tail: bytes = b"", repeat: int = 0) -> tuple[int, str, float]:
    """Start the server under RLIMIT_AS, write ``head`` then ``tail`` ``repeat`` times (from a
    thread: the server stops reading), and give its exit code, stderr and run time."""
    started = time.monotonic()
    proc = subprocess.Popen([sys.executable, "-m", "docfact", "serve"], cwd=tmp_path, preexec_fn=_limit,
                            stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                            env={"PYTHONPATH": str(SERVER), "PATH": "/usr/bin:/bin", "HOME": str(tmp_path),
                                 "XDG_CACHE_HOME": str(tmp_path / "cache")})
    assert proc.stdin is not None

    def write() -> None:
        try:
            proc.stdin.write(head)  # type: ignore[union-attr]
            for _ in range(repeat):
                proc.stdin.write(tail)  # type: ignore[union-attr]
            proc.stdin.flush()  # type: ignore[union-attr]
        except (BrokenPipeError, ValueError):
            pass

    writer = threading.Thread(target=write, daemon=True)
    writer.start()
    try:
        _, err = proc.communicate(timeout=60)
    except subprocess.TimeoutExpired:
        proc.kill()
        _, err = proc.communicate()
        pytest.fail(f"the server did not stop: {err.decode(errors='replace')[-2000:]}")
    return proc.returncode, err.decode("utf-8", "replace"), time.monotonic() - started


def stopped_cleanly(code: int, err: str, what: str) -> None:
    assert code == 1, err
    assert "Traceback" not in err and "MemoryError" not in err, err
    errors = [ln for ln in err.splitlines() if "not a usable LSP stream" in ln]
    assert len(errors) == 1 and what in errors[0], err


def test_a_huge_content_length_stops_the_server_cleanly(tmp_path: Path) -> None:
    code, err, took = serve_bytes(tmp_path, b"Content-Length: 100000000000\r\n\r\n{}")
    stopped_cleanly(code, err, "Content-Length")
    assert took < 30


def test_an_endless_header_line_stops_the_server_cleanly(tmp_path: Path) -> None:
    # 256 MB of one header line, written while the server reads at most 8 KiB of it
    code, err, took = serve_bytes(tmp_path, b"X-Header: ", b"a" * (1 << 20), repeat=256)
    stopped_cleanly(code, err, "header line")
    assert took < 30


def test_a_message_under_the_limits_is_still_served(tmp_path: Path) -> None:
    body = json.dumps({"jsonrpc": "2.0", "id": 1, "method": "shutdown"}).encode()
    exit_ = json.dumps({"jsonrpc": "2.0", "method": "exit"}).encode()
    frame = b"Content-Length: %d\r\n\r\n%s" % (len(body), body) + b"Content-Length: %d\r\n\r\n%s" % (len(exit_), exit_)
    _, err, _ = serve_bytes(tmp_path, frame)
    assert "not a usable LSP stream" not in err and "Traceback" not in err, err


@pytest.fixture
def ws(tmp_path: Path) -> Path:
    root = tmp_path / "lspproj"
    shutil.copytree(LSPPROJ, root)
    return root


def _edits(n: int, line: int) -> list[dict[str, object]]:
    """``n`` edits that each insert and delete one character on ``line`` (the text ends as it was)."""
    out: list[dict[str, object]] = []
    for _ in range(n // 2):
        at = {"line": line, "character": 0}
        out.append({"range": {"start": at, "end": at}, "text": "#"})
        out.append({"range": {"start": at, "end": {"line": line, "character": 1}}, "text": ""})
    return out


async def test_twenty_thousand_edits_do_not_block_the_server(ws: Path, tmp_path: Path) -> None:
    big = ws / "pkg" / "big.py"
    big.write_text("".join(f"def f{i}(x):\n    return x + {i}\n" for i in range(6000)))
    server = RawServer(ws, tmp_path / "home" / "cache")
    await server.__aenter__()
    try:
        await server.initialize()
        await open_store(server, ws)
        uri = server.open(big)
        # pygls applied these one by one over the whole text: 5,000 edits about 9 s, 20,000 about 36 s
        for version, n in ((2, 5_000), (3, 20_000)):  # 5,000 applied; 20,000 over the bound: ignored
            server.send({"jsonrpc": "2.0", "method": "textDocument/didChange",
                         "params": {"textDocument": {"uri": uri, "version": version},
                                    "contentChanges": _edits(n, 100)}})
            started = time.monotonic()
            await hover_store(server, ws)  # another file's hover, answered at once
            assert time.monotonic() - started < 5
        await server.wait_for(lambda: any("ignored a change of 20000 edits" in m for m in server.log_messages()),
                              10, "the warning")
        assert server.alive
        assert not failures(server)
    finally:
        await server.__aexit__(None, None, None)


def test_many_edits_give_pygls_text() -> None:
    """The list-of-lines application gives pygls' text (random edits, CR/LF/CRLF/U+2028, astral
    characters, ranges past the end, reversed ranges, full texts)."""
    rnd = random.Random(27)
    pieces = ["a", "bc", "\n", "\r\n", "\r", "😀", "é", "", "  x = 1\n", "\u2028"]

    def text(n: int) -> str:
        return "".join(rnd.choice(pieces) for _ in range(n))

    def change(lines: int) -> types.TextDocumentContentChangeEvent:
        if rnd.random() < 0.03:
            return types.TextDocumentContentChangeWholeDocument(text=text(rnd.randint(0, 20)))
        a, b = (types.Position(line=rnd.randint(0, lines + 1), character=rnd.randint(0, 8)) for _ in range(2))
        if rnd.random() < 0.8 and (b.line, b.character) < (a.line, a.character):
            a, b = b, a
        return types.TextDocumentContentChangePartial(range=types.Range(start=a, end=b), text=text(rnd.randint(0, 4)))

    for _ in range(1500):
        source = text(rnd.randint(0, 30))
        changes = [change(source.count("\n") + 2) for _ in range(rnd.randint(1, 30))]
        one_by_one, at_once = TextDocument("file:///a.py", source), TextDocument("file:///a.py", source)
        for c in copy.deepcopy(changes):
            one_by_one.apply_change(c)
        apply_changes(at_once, copy.deepcopy(changes))
        assert at_once.source == one_by_one.source, (source, changes)


def test_many_edits_take_time_of_their_lines() -> None:
    source = "".join(f"def f{i}(x):\n    return x + {i}\n" for i in range(6000))
    doc = TextDocument("file:///a.py", source)
    edits = [types.TextDocumentContentChangePartial(
        range=types.Range(start=types.Position(line=i * 7 % 12000, character=4),
                          end=types.Position(line=i * 7 % 12000, character=5)), text="y") for i in range(MAX_CHANGES)]
    started = time.perf_counter()
    apply_changes(doc, edits)
    assert time.perf_counter() - started < 2  # pygls: about 20 s
    assert len(doc.source.splitlines()) == 12000
