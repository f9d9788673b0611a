"""A cloned repository cannot make docfact run its code, send a secret, or steer where data goes.

Each test plays the attacker with a harmless payload: a marker file that must not appear, a
listener on 127.0.0.1 that must not see a request or the secret, a file outside the cache
folder that must not be deleted. The repository's files are the only thing the attacker
controls; the user's own configuration (``$XDG_CONFIG_HOME/docfact/config.toml``), command-line
options and editor settings are the user's.
"""

from __future__ import annotations

import asyncio
import json
import os
import pickle
import sqlite3
import subprocess
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
from docfact.lsp.features.hover import render
from docfact.model import DocBlock, Finding, Pos, Range, Segment
from docfact.private_db import RefusedData, safe_loads
from docfact.regenerate import breakout
from llm_fake_server import FakeLlmServer, FakeResponse
from lsp_raw import RawServer

pytestmark = pytest.mark.timeout(120)

SERVER = Path(__file__).resolve().parents[2] / "server"
SECRET = "s3cret-value-of-the-user-0123456789"
SOURCE = '''"""Orders."""


def ship(order_id: int) -> str:
    """Ship one order. It talks to the carrier asynchronously.

    :param order: the order to ship.
    """
    return f"shipped {order_id}"
'''


class _Payload:
    """Unpickling this runs ``touch <marker>``: what a planted store row would do."""

    def __init__(self, marker: Path) -> None:
        self.marker = marker

    def __reduce__(self):  # type: ignore[no-untyped-def]
        return (os.system, (f"touch {self.marker}",))


def _env(home: Path, **extra: str) -> dict[str, str]:
    return {**os.environ, "PYTHONPATH": str(SERVER), "XDG_CACHE_HOME": str(home / "cache"),
            "XDG_CONFIG_HOME": str(home / "config"), "HOME": str(home), "SECRET_VAR": SECRET, **extra}


def _check(repo: Path, home: Path, *args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "docfact", "check", ".", "--format", "json", "--no-progress",
                           *args], cwd=repo, env=_env(home), capture_output=True, text=True, timeout=90,
                          check=False)


def _repo(tmp_path: Path, pyproject: str) -> Path:
    config = tmp_path / "config" / "docfact" / "config.toml"  # the user's: every rule, preview too
    config.parent.mkdir(parents=True, exist_ok=True)
    config.write_text("preview = true\n")
    repo = tmp_path / "repo"
    repo.mkdir()
    (repo / "orders.py").write_text(SOURCE)
    (repo / "pyproject.toml").write_text(pyproject)
    return repo


def _trapped_store(db_path: Path, marker: Path) -> None:
    """A store with docfact's tables and a trigger that swaps every written row for a payload."""
    db_path.parent.mkdir(parents=True, exist_ok=True)
    payload = pickle.dumps(_Payload(marker)).hex()
    db = sqlite3.connect(db_path)
    for table in ("indexes", "verdicts", "modules"):
        db.execute(f"CREATE TABLE {table} (key TEXT PRIMARY KEY, data BLOB NOT NULL, used INTEGER NOT NULL)")
        db.execute(f"CREATE TRIGGER swap_{table} AFTER INSERT ON {table} BEGIN "
                   f"UPDATE {table} SET data = X'{payload}' WHERE key = new.key; END")
    db.commit()
    db.close()


def test_a_repository_cache_dir_with_a_trapped_store_runs_nothing(tmp_path: Path) -> None:
    marker = tmp_path / "PWNED"
    repo = _repo(tmp_path, '[tool.docfact.cache]\ndir = ".docfact-cache"\n')
    _trapped_store(repo / ".docfact-cache" / "store-v1.sqlite3", marker)
    for _ in range(2):  # the attack needed a second run to read the swapped rows
        run = _check(repo, tmp_path)
        assert run.returncode == 1, run.stderr
        assert json.loads(run.stdout)["findings"], "the static findings still come"
    assert not marker.exists()
    assert "cache.dir" in run.stderr and "ignored" in run.stderr
    assert (tmp_path / "cache" / "docfact" / "store-v1.sqlite3").is_file()  # the user's own store is used
    # trusted on purpose: the planted database itself is refused (not created by docfact)
    run = _check(repo, tmp_path, "--trust-workspace-config")
    run = _check(repo, tmp_path, "--trust-workspace-config")
    assert not marker.exists()
    assert "not created by docfact" in run.stderr and "trigger" in run.stderr
    assert json.loads(run.stdout)["findings"]


def test_a_planted_store_row_cannot_name_code(tmp_path: Path) -> None:
    marker = tmp_path / "PWNED"
    with pytest.raises(RefusedData):
        safe_loads(pickle.dumps(_Payload(marker)))
    assert not marker.exists()
    pos = Pos(1, 2)
    assert safe_loads(pickle.dumps(Range(pos, pos))) == Range(pos, pos)


def test_a_group_writable_cache_folder_is_refused(tmp_path: Path) -> None:
    repo = _repo(tmp_path, "")
    cache = tmp_path / "cache" / "docfact"
    cache.mkdir(parents=True)
    cache.chmod(0o777)
    run = _check(repo, tmp_path)
    assert "writable by other users" in run.stderr
    assert json.loads(run.stdout)["findings"]


def test_a_planted_llm_cache_is_refused(tmp_path: Path) -> None:
    repo = _repo(tmp_path, "")
    llm = tmp_path / "cache" / "docfact" / "llm"
    llm.mkdir(parents=True, mode=0o700)
    db = sqlite3.connect(llm / "answers.sqlite3")
    db.execute("CREATE TABLE answers (key TEXT PRIMARY KEY, value TEXT NOT NULL, used INTEGER NOT NULL)")
    db.execute("CREATE TRIGGER t AFTER INSERT ON answers BEGIN UPDATE answers SET value = '1' WHERE 1; END")
    db.commit()
    db.close()
    with FakeLlmServer() as fake:
        run = _check(repo, tmp_path, "--llm", "--llm-base-url", fake.base_url, "--llm-model", "m",
                     "--llm-api-key-env", "")
    assert "LLM cache disabled" in run.stderr and "not created by docfact" in run.stderr
    assert json.loads(run.stdout)["findings"]


def test_a_repository_cannot_send_a_secret_from_the_cli(tmp_path: Path) -> None:
    with FakeLlmServer() as fake:
        repo = _repo(tmp_path, f'[tool.docfact.llm]\nenabled = true\nbase_url = "{fake.base_url}"\n'
                                'api_key_env = "SECRET_VAR"\nmodel = "x"\n')
        run = _check(repo, tmp_path)
        assert fake.count() == 0
        # --llm is the user's; the endpoint and key variable still are not the repository's
        run = _check(repo, tmp_path, "--llm")
        assert all(fake.base_url.split("//")[1] not in r.headers.get("host", "") for r in fake.requests)
        assert fake.count() == 0
    assert "llm.enabled, llm.base_url, llm.api_key_env" in run.stderr
    assert SECRET not in run.stdout + run.stderr


def test_the_user_config_file_and_trusted_folders(tmp_path: Path) -> None:
    with FakeLlmServer() as fake:
        repo = _repo(tmp_path, f'[tool.docfact.llm]\nenabled = true\nbase_url = "{fake.base_url}"\n'
                                'api_key_env = "SECRET_VAR"\n')
        config = tmp_path / "config" / "docfact" / "config.toml"
        config.write_text(f'preview = true\ntrusted_folders = ["{repo}"]\n')
        run = _check(repo, tmp_path)
        assert fake.count() >= 1, run.stderr  # the user trusts this folder
        assert {r.headers.get("authorization") for r in fake.requests} == {f"Bearer {SECRET}"}
        fake.clear()
        config.write_text(f'preview = true\n[llm]\nenabled = true\nbase_url = "{fake.base_url}"\napi_key_env = ""\n'
                          'model = "other"\n')
        run = _check(repo, tmp_path, "--no-cache")
        assert fake.count() >= 1 and not any("authorization" in r.headers for r in fake.requests)
        assert "ignored" in run.stderr  # the repository's own llm settings still are


def test_an_endpoint_that_echoes_the_key_never_gets_it_stored_or_shown(tmp_path: Path) -> None:
    repo = _repo(tmp_path, "")
    with FakeLlmServer() as fake:
        echo = (f'{{"verdicts": [{{"sentence": 1, "criterion": "C3", "consistent": false, '
                f'"reason": "the key is {SECRET}"}}]}}')
        fake.script(*[FakeResponse(content=echo) for _ in range(4)],
                      *[FakeResponse(content=f'{{"inconsistent": true, "reason": "key {SECRET}"}}')
                        for _ in range(8)])
        run = _check(repo, tmp_path, "--llm", "--llm-base-url", fake.base_url, "--llm-model", "m",
                     "--llm-api-key-env", "SECRET_VAR")
        assert fake.count() >= 1
    assert SECRET not in run.stdout + run.stderr
    for p in (tmp_path / "cache").rglob("*"):
        if p.is_file():
            assert SECRET.encode() not in p.read_bytes(), p


def _batch(repo: Path, home: Path, *args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "docfact", "llm-batch", *args], cwd=repo, env=_env(home),
                          capture_output=True, text=True, timeout=60, check=False)


def test_batch_state_cannot_redirect_the_key_or_delete_files(tmp_path: Path) -> None:
    repo = _repo(tmp_path, "")
    victim = tmp_path / "victim.kinds.json"
    victim.write_text("{}")
    state = tmp_path / "cache" / "docfact" / "llm-batch" / "state.json"
    state.parent.mkdir(parents=True, mode=0o700)
    with FakeLlmServer() as attacker, FakeLlmServer() as mine:
        good = {"id": "batch_1", "local": "20261128-1-1", "type": "batch", "requests": 1,
                "endpoint": {"base_url": attacker.base_url, "model": "m"}}
        bad = {"id": "batch_2", "local": "../../../victim", "type": "batch", "requests": 1,
               "endpoint": {"base_url": mine.base_url, "model": "m"}}
        state.write_text(json.dumps({"version": 1, "batches": [good, bad]}))
        for action in ("status", "collect"):
            run = _batch(repo, tmp_path, action, "--llm-base-url", mine.base_url, "--llm-api-key-env", "SECRET_VAR")
            assert "not to the configured endpoint" in run.stderr, run.stderr
        assert attacker.count() == 0 and mine.count() == 0
    assert victim.exists()
    assert "did not write were ignored" in run.stderr


def _doc(kind: str, path: str) -> DocBlock:
    pos = Pos(0, 0)
    return DocBlock(kind=kind, text="x", owner="f", path=path, range=Range(pos, pos))  # type: ignore[arg-type]


@pytest.mark.parametrize(("kind", "path", "text", "safe"), [
    ("docstring", "a.py", '"""Ship one order."""', True),
    ("docstring", "a.py", '"""Ship."""\nimport os; os.system("touch x")\n"""', False),
    ("docstring", "a.py", '"""Ship."""; import os; """"', False),
    ("docstring", "a.py", '"""Ends with a backslash\\"""', False),
    ("docstring", "a.py", "'''Single quotes.'''", True),
    ("javadoc", "A.java", "/** Ship. */", True),
    ("javadoc", "A.java", "/** Ship. */ static { run(); } /** */", False),
    ("javadoc", "A.java", "/** Ship. \\u002a/ static { run(); } /** */", False),
    ("jsdoc", "a.ts", "/** Ship. */", True),
    ("comment", "a.py", "# ship\n# it", True),
    ("comment", "a.py", "# ship\nimport os", False),
    ("comment", "a.ts", "// ship\u2028run()", False),
])
def test_a_regenerated_docstring_cannot_change_code(kind: str, path: str, text: str, safe: bool) -> None:
    assert (breakout(_doc(kind, path), text) is None) == safe


def test_hover_shows_model_text_literally() -> None:
    pos = Pos(3, 4)
    seg = Segment(index=0, text="Ship one order.", start=0, end=15, range=Range(pos, Pos(3, 19)))
    f = Finding(criterion="C3", rule="C3.llm", judge="llm:m", segment=seg,
                message="![x](http://127.0.0.1:9/leak.png) [click](http://127.0.0.1:9/) <img src=x>",
                reason="<b>bold</b> ![y](http://127.0.0.1:9/y.png)")
    from docfact.model import DocResult

    text = render(DocResult(doc=_doc("docstring", "a.py"), entity=None, segments=[seg], findings=[f],
                            criteria=("C1", "C2", "C3", "C4")), [f])
    import re

    assert not re.search(r"(?<!\\)\]\(", text), text  # no link or image target survives
    assert not re.search(r"(?<!\\)<", text), text  # no HTML tag survives


def test_the_language_server_ignores_a_repository_endpoint(tmp_path: Path) -> None:
    async def run() -> None:
        with FakeLlmServer() as fake:
            repo = _repo(tmp_path, f'[tool.docfact]\ntrigger = "onSave"\n[tool.docfact.llm]\nenabled = true\n'
                                    f'base_url = "{fake.base_url}"\napi_key_env = "SECRET_VAR"\n')
            async with RawServer(repo, tmp_path / "cache", env={"SECRET_VAR": SECRET,
                                                                "XDG_CONFIG_HOME": str(tmp_path / "config")}) as srv:
                await srv.initialize()
                uri = srv.open(repo / "orders.py")
                await srv.wait_for(lambda: srv.diagnostics(uri), what="static diagnostics")
                srv.send({"jsonrpc": "2.0", "method": "textDocument/didSave", "params": {"textDocument": {"uri": uri}}})
                await asyncio.sleep(2.0)
                assert fake.count() == 0
                assert any("ignored" in m for m in srv.log_messages(4)) or b"ignored" in srv.stderr
    asyncio.run(run())
