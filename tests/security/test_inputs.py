"""Hostile files never crash, stall or leak a run (issue 27): a file nested deeply enough to
crash tree-sitter-python (511 blocks segfaulted the process) is skipped with a reason while the
other files are judged, in the CLI (one process and ``-j 2``) and in the language server; a
committed symlink to ``/`` or to a file outside the checked folder is not followed; pathological
``.gitignore`` patterns finish at once; pipes named like the files docfact reads do not block;
a file with CR-only line ends has its docstrings judged at their lines. Every CLI run is the real
``python -m docfact check`` in a subprocess, bounded in time and address space."""

from __future__ import annotations

import asyncio
import json
import os
import resource
import shutil
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
from lsp_raw import LSPPROJ, RawServer, failures, hover_store, open_store

SERVER = Path(__file__).resolve().parents[2] / "server"
LIMIT = 3 << 30  # 3 GiB of address space
MARKER = "Zanzibar quokka marker"  # only in the file outside the checked folder

pytestmark = pytest.mark.timeout(240)

PLANTED_PY = ('def planted(a):\n    """Add one to the value.\n\n    :param b: the value.\n    """\n'
              "    return a + 1\n")
PLANTED_TS = ("/**\n * Adds one to the value.\n * @param b the value\n */\n"
              "export function planted(a: number): number { return a + 1; }\n")


def _limit() -> None:
    resource.setrlimit(resource.RLIMIT_AS, (LIMIT, LIMIT))


def _check(target: Path, cwd: Path, timeout: float, *extra: str) -> tuple[subprocess.CompletedProcess[str], float]:
    started = time.monotonic()
    proc = subprocess.run([sys.executable, "-m", "docfact", "check", str(target), "--format", "json", "--no-cache",
                           "--no-progress", "--preview", *extra], cwd=cwd, capture_output=True, text=True, timeout=timeout,
                          preexec_fn=_limit, env={"PYTHONPATH": str(SERVER), "PATH": "/usr/bin:/bin",
                                                  "HOME": str(cwd)})
    return proc, time.monotonic() - started


def _report(proc: subprocess.CompletedProcess[str]) -> dict[str, Any]:
    assert proc.returncode in (0, 1), (proc.returncode, proc.stderr[-3000:])  # not a signal (-11)
    report: dict[str, Any] = json.loads(proc.stdout)
    return report


def _planted_found(report: dict[str, Any], stem: str = "planted") -> bool:
    return any(Path(f["path"]).stem == stem and f["symbol"].endswith("planted") and f["rule"] == "C1.unknown-param"
               for f in report["findings"])


def deep_defs(levels: int) -> str:
    """``levels`` nested functions, each with a docstring: the reported crash (511 levels)."""
    return "".join("  " * i + f"def f{i}(a):\n" + "  " * (i + 1) + f'"""Doc {i}."""\n' for i in range(levels)) \
        + "  " * levels + "return a\n"


def deep_classes(levels: int) -> str:
    return "".join("  " * i + f"class C{i}:\n" + "  " * (i + 1) + f'"""Doc {i}."""\n' for i in range(levels)) \
        + "  " * levels + "x = 1\n"


DEEP_FILES = {
    "deep_defs.py": deep_defs(511),
    "deep_classes.py": deep_classes(600),
    "deep_parens.py": 'def f(a):\n    """Return a."""\n    return ' + "(" * 10_000 + "a" + ")" * 10_000 + "\n",
    "deep_lists.py": "X = " + "[" * 10_000 + "1" + "]" * 10_000 + "\n",
    "deep_calls.py": 'def f(a):\n    """Return a."""\n    return ' + "g(" * 50_000 + "a" + ")" * 50_000 + "\n",
    "DeepJava.java": "".join(f"/** Doc. */\nclass C{i} {{\n" for i in range(2000)) + "}\n" * 2000,
    "deep_ts.ts": "/** Return x. */\nfunction f(x) {\n" + "if (x) {\n" * 5000 + "return x;\n" + "}\n" * 5000 + "}\n",
}


@pytest.mark.parametrize("jobs", ["1", "2"])
def test_deeply_nested_files_are_skipped_and_the_others_judged(tmp_path: Path, jobs: str) -> None:
    root = tmp_path / "proj"
    root.mkdir()
    for name, text in DEEP_FILES.items():
        (root / name).write_text(text, encoding="utf-8")
    (root / "planted.py").write_text(PLANTED_PY, encoding="utf-8")
    proc, took = _check(root, tmp_path, 120, "--jobs", jobs)
    report = _report(proc)
    assert took < 60, f"{took:.1f} s"
    assert _planted_found(report), report["findings"]
    skipped = {Path(s["path"]).name: s["reason"] for s in report["skipped"]}
    for name in DEEP_FILES:
        assert "too deeply nested" in skipped.get(name, ""), (name, skipped)


def test_deep_code_inside_a_docstring_or_a_comment_is_not_parsed(tmp_path: Path) -> None:
    """The file itself is shallow; the doctest and the commented-out code in it are not (the
    snippet parsers crashed on them as the file parser did)."""
    doctest = "".join("    >>> " + " " * i + "if a:\n" + "    ... " + " " * (i + 1) + "'s'\n" for i in range(600))
    comment = "".join("# " + " " * i + "if a:\n" + "# " + " " * (i + 1) + "x = 's'\n" for i in range(600))
    text = (comment + "\n\n" + 'def example(a):\n    """Return a.\n\n' + doctest + '    """\n    return a\n\n\n'
            + PLANTED_PY)
    (tmp_path / "proj").mkdir()
    (tmp_path / "proj" / "planted.py").write_text(text, encoding="utf-8")
    proc, took = _check(tmp_path / "proj", tmp_path, 120)
    report = _report(proc)
    assert took < 60, f"{took:.1f} s"
    assert report["files"] == 1, report["skipped"]
    assert _planted_found(report), report["findings"]


def test_symlinks_out_of_the_checked_folder_are_not_followed(tmp_path: Path) -> None:
    outside = tmp_path / "outside"
    outside.mkdir()
    secret = f'def leak(a):\n    """{MARKER}: return a.\n\n    :param zz: never.\n    """\n    return a\n'
    (outside / "secret.py").write_text(secret, encoding="utf-8")
    root = tmp_path / "proj"
    (root / "pkg").mkdir(parents=True)
    (root / "pkg" / "planted.py").write_text(PLANTED_PY, encoding="utf-8")
    os.symlink("/", root / "rootlink", target_is_directory=True)
    os.symlink(outside, root / "outdir", target_is_directory=True)
    os.symlink(outside / "secret.py", root / "stolen.py")
    os.symlink(root, root / "pkg" / "loop", target_is_directory=True)  # inside, loops: followed once
    os.symlink(root / "pkg", root / "alias", target_is_directory=True)  # inside: followed
    proc, took = _check(root, tmp_path, 90)
    report = _report(proc)
    assert took < 30, f"{took:.1f} s"  # the walk of / was killed at 90 s (5.1 GB)
    assert _planted_found(report), report["findings"]
    assert MARKER not in proc.stdout and "leak" not in proc.stdout
    assert all("outside" not in d["path"] and "secret" not in d["path"] for d in report["docs"])
    skipped = {Path(s["path"]).name: s["reason"] for s in report["skipped"]}
    assert "outside the checked folder" in skipped["stolen.py"]
    warnings = [line for line in proc.stderr.splitlines() if "not followed" in line]
    assert len(warnings) == 1, proc.stderr
    assert "outdir" in warnings[0] and "2 more" in warnings[0], warnings  # outdir, rootlink, stolen.py


def test_pathological_gitignore_patterns_finish_at_once(tmp_path: Path) -> None:
    root = tmp_path / "proj"
    root.mkdir()
    star_pattern = "*a" * 40 + "*b"  # backtracked exponentially against long names
    (root / ".gitignore").write_text(f"{star_pattern}\n[z-a]\n[abc\ngen_*.py\n", encoding="utf-8")
    (root / "pyproject.toml").write_text(f'[tool.docfact]\nexclude = ["{star_pattern}", "[z-a]x"]\n')
    for i in range(20):
        (root / ("a" * 200 + f"{i}.py")).write_text("X = 1\n", encoding="utf-8")
    (root / "gen_one.py").write_text(PLANTED_PY, encoding="utf-8")  # ignored
    (root / "planted.py").write_text(PLANTED_PY, encoding="utf-8")
    proc, took = _check(root, tmp_path, 60)
    report = _report(proc)
    assert took < 20, f"{took:.1f} s"
    assert _planted_found(report)
    assert not any(Path(f["path"]).name == "gen_one.py" for f in report["findings"])
    assert report["files"] == 21
    assert "internal error" not in proc.stderr
    warnings = [line for line in proc.stderr.splitlines() if "ignore patterns" in line]
    assert len(warnings) == 1 and "2 more" in warnings[0], proc.stderr


def test_code_shaped_to_make_the_rules_patterns_backtrack_finishes_at_once(tmp_path: Path) -> None:
    """Runs of strings in an option test and in a class's name list, and a role whose backtick
    never closes, each shaped so that a pattern able to split the spaces between the strings two
    ways would take exponential time (it did: 2 s for ten strings): the check ends at once and
    still finds the planted slip beside them."""
    root = tmp_path / "proj"
    root.mkdir()
    strings = "'a'    " * 40
    (root / "hostile.py").write_text(
        f'def pick(data, method="sd"):\n'
        f'    """Pick.\n\n    :param method: one way; the default is "a".\n    """\n'
        f"    if method in [{strings}+ data]:\n        return 1\n    return 0\n\n\n"
        f"class Model:\n    _names = ({strings}+ 'b')\n\n"
        f"    def set(self, values):\n        for key, value in zip(self._names, values):\n"
        f"            setattr(self, key, value)\n\n"
        f"    def fit(self):\n        self.size_ = 3\n\n\n"
        f'class Fitted(Model):\n    """A model.\n\n    Attributes\n    ----------\n    size_ : str\n        Its size.\n\n'
        f'    See :xy-ref:`{"~" * 3000}{"a." * 3000}\n    """\n',
        encoding="utf-8")
    (root / "planted.py").write_text(PLANTED_PY, encoding="utf-8")
    proc, took = _check(root, tmp_path, 120, "--preview")
    report = _report(proc)
    assert took < 30, f"{took:.1f} s"
    assert _planted_found(report)
    assert "internal error" not in proc.stderr


def test_pipes_named_like_the_files_docfact_reads_do_not_block(tmp_path: Path) -> None:
    root = tmp_path / "proj"
    (root / "web" / "src").mkdir(parents=True)
    (root / "pkg").mkdir()
    for name in ("web/package.json", "web/tsconfig.json", "web/jsconfig.json", ".gitignore", "pkg/.gitignore",
                 "pom.xml", "web/src/package.json"):
        os.mkfifo(root / name)
    (root / "web" / "src" / "planted.ts").write_text(PLANTED_TS, encoding="utf-8")
    (root / "web" / "src" / "other.ts").write_text('import { planted } from "./planted";\nimport { z } from "zod";\n'
                                                   "/** Returns two. */\nexport const two = planted(1);\n")
    (root / "pkg" / "planted.py").write_text(PLANTED_PY, encoding="utf-8")
    proc, took = _check(root, tmp_path, 60)
    report = _report(proc)
    assert took < 30, f"{took:.1f} s"
    found = {Path(f["path"]).name for f in report["findings"] if f["rule"] == "C1.unknown-param"}
    assert found == {"planted.py", "planted.ts"}, report["findings"]


def test_a_file_with_cr_only_line_ends_has_its_docstrings_judged(tmp_path: Path) -> None:
    root = tmp_path / "proj"
    root.mkdir()
    text = ('"""Module doc."""\n\n\n' + PLANTED_PY).replace("\n", "\r")
    (root / "planted.py").write_bytes(text.encode("utf-8"))
    proc, _ = _check(root, tmp_path, 60)
    report = _report(proc)
    finding = next(f for f in report["findings"] if f["rule"] == "C1.unknown-param")
    # ":param b: the value." on the seventh line, as an editor counts lines (before: one line,
    # and only the module's docstring was found)
    assert (finding["line"], finding["column"], finding["end_line"], finding["end_column"]) == (7, 5, 7, 25)
    assert finding["sentence"] == ":param b: the value."
    assert [d["line"] for d in report["docs"]] == [1, 5]


async def test_the_language_server_survives_a_deep_file(tmp_path: Path) -> None:
    """didOpen of the file that crashed tree-sitter-python, with the file also in the workspace
    being indexed: the server logs why it is not checked and answers a later request on
    another file."""
    ws = tmp_path / "lspproj"
    shutil.copytree(LSPPROJ, ws)
    deep = ws / "pkg" / "deep.py"
    deep.write_text(deep_defs(511), encoding="utf-8")
    async with RawServer(ws, tmp_path / "home" / "cache") as server:
        await server.initialize()
        server.open(deep)
        await open_store(server, ws)  # the workspace (deep.py with it) is indexed meanwhile
        await hover_store(server, ws)
        await asyncio.sleep(0.5)
        assert server.alive
        assert any("deep.py" in m and "too deeply nested" in m for m in server.log_messages()), \
            server.log_messages()
        assert not failures(server), failures(server)
