"""Workspace scanning: module names, decoding, .gitignore/excludes, odd files and directories."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from docfact.index.workspace import IgnoreRules, module_name, read_source, scan

MB = 1 << 20


def write(root: Path, rel: str, content: str | bytes = "x = 1\n") -> Path:
    p = root / rel
    p.parent.mkdir(parents=True, exist_ok=True)
    if isinstance(content, bytes):
        p.write_bytes(content)
    else:
        p.write_text(content, encoding="utf-8")
    return p


def scanned(root: Path, exclude: tuple[str, ...] = (), max_size: int = MB) -> list[str]:
    return [p.path.relative_to(root).as_posix() for p in scan(root, exclude, max_size) if p.text is not None]


@pytest.mark.parametrize(
    ("files", "target", "expected"),
    [
        pytest.param(["pkg/__init__.py", "pkg/mod.py"], "pkg/mod.py", "pkg.mod", id="package"),
        pytest.param(["pkg/__init__.py"], "pkg/__init__.py", "pkg", id="init-is-package"),
        pytest.param(["src/pkg/__init__.py", "src/pkg/sub/__init__.py", "src/pkg/sub/m.py"],
                     "src/pkg/sub/m.py", "pkg.sub.m", id="src-layout"),
        pytest.param(["server/docfact/__init__.py", "server/docfact/x.py"], "server/docfact/x.py",
                     "docfact.x", id="package-below-plain-dir"),
        pytest.param(["web/flask/__init__.py", "web/flask/sansio/app.py"], "web/flask/sansio/app.py",
                     "flask.sansio.app", id="namespace-folder-inside-a-package"),
        pytest.param(["scripts/tool.py"], "scripts/tool.py", "scripts.tool", id="no-package"),
        pytest.param(["src/tool.py"], "src/tool.py", "tool", id="src-no-package"),
        pytest.param(["top.py"], "top.py", "top", id="top-level"),
        pytest.param(["src/main/java/com/acme/A.java"], "src/main/java/com/acme/A.java", "com.acme.A", id="java-maven"),
        pytest.param(["src/com/acme/A.java"], "src/com/acme/A.java", "com.acme.A", id="java-src"),
    ],
)
def test_module_name(tmp_path: Path, files: list[str], target: str, expected: str) -> None:
    for f in files:
        write(tmp_path, f)
    assert module_name(tmp_path, tmp_path / target) == expected


@pytest.mark.parametrize(
    ("data", "text", "reason"),
    [
        pytest.param("x = 'é'\n".encode(), "x = 'é'\n", None, id="utf8"),
        pytest.param(b"\xef\xbb\xbfx = 1\n", "x = 1\n", None, id="utf8-bom"),
        pytest.param("# -*- coding: latin-1 -*-\nx = 'é'\n".encode("latin-1"),
                     "# -*- coding: latin-1 -*-\nx = 'é'\n", None, id="coding-cookie"),
        pytest.param(b"#!/usr/bin/env python\n# vim: set fileencoding=cp1252 :\ny = '\x80'\n",
                     "#!/usr/bin/env python\n# vim: set fileencoding=cp1252 :\ny = '\u20ac'\n", None,
                     id="cookie-second-line"),
        pytest.param(b"x = 1\x00\x01\n", None, "binary", id="binary"),
        pytest.param(b"x = '\xff\xfe'\n", None, "undecodable", id="undecodable"),
        pytest.param(b"# coding: nonsense-enc\nx = '\xff'\n", None, "undecodable", id="unknown-cookie"),
    ],
)
def test_read_source(tmp_path: Path, data: bytes, text: str | None, reason: str | None) -> None:
    p = write(tmp_path, "m.py", data)
    got_text, got_reason = read_source(p, MB)
    assert got_text == text
    if reason is None:
        assert got_reason is None
    else:
        assert got_reason is not None and got_reason.startswith(reason) and "\n" not in got_reason


def test_read_source_oversized(tmp_path: Path) -> None:
    p = write(tmp_path, "big.py", "x = 1\n" * 100)
    text, reason = read_source(p, 50)
    assert text is None and reason is not None and reason.startswith("oversized")


def test_scan_languages_order_and_default_skips(tmp_path: Path) -> None:
    for rel in ["b.py", "a.pyi", "A.java", "notes.txt", "pkg/__init__.py", ".git/hooks/x.py",
                "node_modules/m/x.py", "pkg/__pycache__/x.py", ".venv/lib/x.py", "venv/x.py",
                "build/lib/x.py", "x.egg-info/y.py", "env312/pyvenv.cfg", "env312/lib/python3.12/x.py"]:
        write(tmp_path, rel)
    assert scanned(tmp_path) == ["A.java", "a.pyi", "b.py", "pkg/__init__.py"]
    langs = {i.path.name: i.language for i in scan(tmp_path, [], MB)}
    assert langs["A.java"] == "java" and langs["b.py"] == "python"


def test_a_package_named_like_an_output_folder_is_read(tmp_path: Path) -> None:
    """``pkg/build/`` with an ``__init__.py`` is a module of the library (``pkg.build``), not
    build output: it is read, so names it defines are not reported as missing. A ``build/``
    without one, and ``dist/`` or ``target/`` likewise, stay skipped."""
    for rel in ["pkg/__init__.py", "pkg/build/__init__.py", "pkg/build/molecules.py", "build/lib/pkg/x.py",
                "dist/x.py", "target/classes/X.java"]:
        write(tmp_path, rel)
    assert scanned(tmp_path) == ["pkg/__init__.py", "pkg/build/__init__.py", "pkg/build/molecules.py"]


def test_the_cache_stamp_sees_a_package_named_like_an_output_folder(tmp_path: Path) -> None:
    from docfact.project.replay import tree_stamp

    write(tmp_path, "pkg/__init__.py")
    write(tmp_path, "pkg/build/__init__.py")
    write(tmp_path, "build/lib/x.py")
    before = tree_stamp(tmp_path)
    (tmp_path / "build" / "lib" / "x.py").write_text("y = 2\n")
    assert tree_stamp(tmp_path) == before  # build output: not part of the project
    (tmp_path / "pkg" / "build" / "__init__.py").write_text("changed = True\n")
    assert tree_stamp(tmp_path) != before


@pytest.mark.parametrize(
    ("gitignore", "expected"),
    [
        pytest.param("gen_*.py\n", ["keep.py", "sub/keep.py"], id="basename-glob-any-depth"),
        pytest.param("/gen_a.py\n", ["gen_b.py", "keep.py", "sub/gen_c.py", "sub/keep.py"], id="anchored"),
        pytest.param("sub/\n", ["gen_a.py", "gen_b.py", "keep.py"], id="dir-only"),
        pytest.param("gen_*.py\n!gen_b.py\n", ["gen_b.py", "keep.py", "sub/keep.py"], id="negation"),
        pytest.param("# comment\n\n**/gen_c.py\n", ["gen_a.py", "gen_b.py", "keep.py", "sub/keep.py"],
                     id="double-star-and-comment"),
        pytest.param("sub/**\n", ["gen_a.py", "gen_b.py", "keep.py"], id="trailing-double-star"),
        pytest.param("gen_[ab].py\n", ["keep.py", "sub/gen_c.py", "sub/keep.py"], id="char-class"),
    ],
)
def test_gitignore(tmp_path: Path, gitignore: str, expected: list[str]) -> None:
    for rel in ["gen_a.py", "gen_b.py", "keep.py", "sub/gen_c.py", "sub/keep.py"]:
        write(tmp_path, rel)
    write(tmp_path, ".gitignore", gitignore)
    assert scanned(tmp_path) == expected


def test_nested_gitignore_is_relative_to_its_directory(tmp_path: Path) -> None:
    for rel in ["a.py", "sub/a.py", "sub/deep/a.py"]:
        write(tmp_path, rel)
    write(tmp_path, "sub/.gitignore", "/a.py\n")
    assert scanned(tmp_path) == ["a.py", "sub/deep/a.py"]


@pytest.mark.parametrize(
    ("exclude", "expected"),
    [
        pytest.param(("tests/**",), ["pkg/m.py", "pkg/migrations/0001.py"], id="dir-glob"),
        pytest.param(("**/migrations/**",), ["pkg/m.py", "tests/test_m.py"], id="any-depth-dir"),
        pytest.param(("*.py",), [], id="all-python"),
        pytest.param(("test_*.py", "0001.py"), ["pkg/m.py"], id="several"),
    ],
)
def test_excludes(tmp_path: Path, exclude: tuple[str, ...], expected: list[str]) -> None:
    for rel in ["pkg/m.py", "pkg/migrations/0001.py", "tests/test_m.py"]:
        write(tmp_path, rel)
    assert scanned(tmp_path, exclude) == expected


def test_skipped_files_come_with_reasons(tmp_path: Path) -> None:
    write(tmp_path, "ok.py")
    write(tmp_path, "bin.py", b"\x00\x01")
    write(tmp_path, "big.py", "x = 1\n" * 1000)
    write(tmp_path, "bad.py", b"\xff\xfe\xfa")
    reasons = {i.path.name: i.reason for i in scan(tmp_path, [], 1000)}
    assert reasons["ok.py"] is None
    assert reasons["bin.py"].startswith("binary")  # type: ignore[union-attr]
    assert reasons["big.py"].startswith("oversized")  # type: ignore[union-attr]
    assert reasons["bad.py"].startswith("undecodable")  # type: ignore[union-attr]


def test_symlink_loop_terminates(tmp_path: Path) -> None:
    write(tmp_path, "pkg/m.py")
    (tmp_path / "pkg" / "loop").symlink_to(tmp_path, target_is_directory=True)
    (tmp_path / "self").symlink_to(tmp_path / "self", target_is_directory=True)  # dangling loop
    assert scanned(tmp_path) == ["pkg/m.py"]


@pytest.mark.skipif(hasattr(os, "geteuid") and os.geteuid() == 0, reason="root reads everything")
def test_permission_errors_are_reported_not_raised(tmp_path: Path) -> None:
    write(tmp_path, "ok.py")
    locked_dir = tmp_path / "locked"
    write(tmp_path, "locked/x.py")
    locked_file = write(tmp_path, "secret.py")
    locked_dir.chmod(0)
    locked_file.chmod(0)
    try:
        items = {i.path.name: i for i in scan(tmp_path, [], MB)}
    finally:
        locked_dir.chmod(0o755)
        locked_file.chmod(0o644)
    assert items["ok.py"].text is not None
    assert items["locked"].language is None and items["locked"].reason is not None
    assert items["secret.py"].text is None and "unreadable" in (items["secret.py"].reason or "")


def test_permission_error_on_directory_listing(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    write(tmp_path, "ok.py")
    write(tmp_path, "locked/x.py")
    real_scandir = os.scandir

    def fake_scandir(path):  # type: ignore[no-untyped-def]
        if str(path).endswith("locked"):
            raise PermissionError(13, "Permission denied")
        return real_scandir(path)

    monkeypatch.setattr(os, "scandir", fake_scandir)
    items = list(scan(tmp_path, [], MB))
    assert [i.path.name for i in items] == ["ok.py", "locked"]
    assert items[1].reason == "unreadable directory: Permission denied"


@pytest.mark.parametrize(
    ("lines", "rel", "is_dir", "expected"),
    [
        pytest.param(["*.log"], "a/b.log", False, True, id="glob"),
        pytest.param(["*.log", "!keep.log"], "keep.log", False, False, id="negated"),
        pytest.param(["docs/"], "docs", False, None, id="dir-rule-ignores-files"),
        pytest.param(["a/**/z"], "a/b/c/z", False, True, id="middle-double-star"),
        pytest.param(["a/**/z"], "a/z", False, True, id="middle-double-star-zero"),
        pytest.param(["\\#file"], "#file", False, True, id="escaped-hash"),
    ],
)
def test_ignore_rules(lines: list[str], rel: str, is_dir: bool, expected: bool | None) -> None:
    assert IgnoreRules(lines).match(rel, is_dir) is expected


def test_minified_javascript_is_skipped_with_a_reason(tmp_path: Path) -> None:
    """Build output next to sources (Django ships jQuery): skipped by name or by a line of
    thousands of characters, with the reason the report lists; source files are read."""
    (tmp_path / "static").mkdir()
    (tmp_path / "static" / "jquery.min.js").write_text("/** a */\nfunction a(){}\n")
    (tmp_path / "static" / "xregexp.js").write_text("/** x */\n" + "var a=1;" * 1000 + "\n")
    (tmp_path / "static" / "actions.js").write_text("/** Run. */\nfunction run() {}\n" + "// ok\n" * 2000)
    (tmp_path / "gen.py").write_text("X = 1" + " " * 9000 + "\n")  # Python is never judged minified
    got = {p.path.name: (p.text is not None, p.reason) for p in scan(tmp_path, (), 10**7)}
    assert got["actions.js"] == (True, None)
    assert got["gen.py"] == (True, None)
    assert got["jquery.min.js"] == (False, "minified file (by its name)")
    assert got["xregexp.js"] == (False, "minified or generated (a line of 8000 characters)")


@pytest.mark.parametrize(
    ("line", "rel", "expected"),
    [
        pytest.param("gen_[^ab].py", "gen_a.py", None, id="caret-negates-like-bang"),
        pytest.param("gen_[!ab].py", "gen_c.py", True, id="bang-negates"),
        pytest.param("[]]", "]", True, id="bracket-first-is-literal"),
        pytest.param("[a-]", "-", True, id="dash-last-is-literal"),
        pytest.param("[\\]]", "]", True, id="escaped-bracket"),
        pytest.param("[[:digit:]]x", "5x", True, id="posix-class"),
        pytest.param("[z-ab]", "b", True, id="reversed-range-matches-nothing-else-does"),
        pytest.param("[z-a]", "z", None, id="reversed-range-only"),
        pytest.param("[abc", "[abc", None, id="unclosed-class-never-matches"),
        pytest.param("[[:foo:]]x", "5x", None, id="unknown-posix-class"),
        pytest.param("a\\", "a\\", None, id="trailing-backslash"),
        pytest.param("x\\*", "x*", True, id="escaped-star"),
        pytest.param("x\\*", "xy", None, id="escaped-star-is-literal"),
        pytest.param("a?c", "a/c", None, id="question-mark-not-slash"),
        pytest.param("a*c", "ab/c", None, id="star-not-slash"),
        pytest.param("foo/*", "foo/bar/baz", None, id="star-one-component"),
        pytest.param("a**b", "axxb", True, id="double-star-inside-a-name-is-a-star"),
        pytest.param("a/**/b/**/c", "a/x/b/y/z/c", True, id="two-double-stars"),
        pytest.param("a/**/b/**/c", "a/c", None, id="two-double-stars-need-b"),
        pytest.param("sub/**", "sub", None, id="trailing-double-star-not-the-folder"),
        pytest.param("*a*b", "xaxxbyb", True, id="stars-leftmost-then-end"),
    ],
)
def test_ignore_patterns_as_git_reads_them(line: str, rel: str, expected: bool | None) -> None:
    assert IgnoreRules([line]).match(rel, False) is expected


def test_invalid_ignore_patterns_are_listed_with_a_reason() -> None:
    rules = IgnoreRules(["[z-a]", "[abc", "ok.py", "[[:foo:]]", "a\\"])
    assert rules.invalid == {"[z-a]": "reversed range z-a", "[abc": "unclosed [",
                             "[[:foo:]]": "unknown class [:foo:]", "a\\": "ends with a backslash"}
    assert rules.match("ok.py", False) is True


def test_pathological_ignore_patterns_take_no_time() -> None:
    """``*a*a…*b`` backtracked exponentially against a long name (it never finished)."""
    import time

    rules = IgnoreRules(["*a" * 200 + "*b", "**/a/" * 300 + "b", "*" * 4000 + "x", "x" * 5000])
    started = time.monotonic()
    for name in ("a" * 250, "d/" * 200 + "a" * 250, "a/" * 1000 + "c", "y" * 4000):
        assert rules.match(name, False) is None
    assert time.monotonic() - started < 0.5
    assert rules.invalid == {"x" * 200: "longer than 4096 characters"}


def test_symlinks_leaving_the_root_are_not_followed(tmp_path: Path, caplog: pytest.LogCaptureFixture) -> None:
    root, outside = tmp_path / "root", tmp_path / "outside"
    write(outside, "secret.py", '"""Secret."""\n')
    write(outside, "sub/deep.py")
    write(root, "pkg/m.py")
    (root / "up").symlink_to(outside, target_is_directory=True)
    (root / "slash").symlink_to("/", target_is_directory=True)
    (root / "stolen.py").symlink_to(outside / "secret.py")
    (root / "inside").symlink_to(root / "pkg", target_is_directory=True)  # followed: the same root
    (root / "again.py").symlink_to(root / "pkg" / "m.py")
    with caplog.at_level("WARNING"):
        items = {i.path.relative_to(root).as_posix(): i for i in scan(root, (), MB)}
    # a folder inside is walked once, under the first of its names
    assert sorted(k for k, i in items.items() if i.text is not None) == ["again.py", "inside/m.py"]
    assert items["stolen.py"].text is None
    assert items["stolen.py"].reason == "symlink to a file outside the checked folder: not read"
    warnings = [r.getMessage() for r in caplog.records if "not followed" in r.getMessage()]
    assert len(warnings) == 1 and "and 2 more" in warnings[0]


def test_read_source_reads_cr_only_lines_and_refuses_deep_nesting(tmp_path: Path) -> None:
    cr = write(tmp_path, "cr.py", b'"""Doc."""\rX = 1\r\r')
    assert read_source(cr, MB) == ('"""Doc."""\nX = 1\n\n', None)
    crlf = write(tmp_path, "crlf.py", b'"""Doc."""\r\nX = 1\r\n')
    assert read_source(crlf, MB) == ('"""Doc."""\r\nX = 1\r\n', None)  # CRLF is left as it is
    deep = write(tmp_path, "deep.py", "".join(" " * i + "if x:\n" for i in range(300)) + " " * 300 + "pass\n")
    text, reason = read_source(deep, MB)
    assert text is None and reason is not None and reason.startswith("too deeply nested")
    brackets = write(tmp_path, "deep.ts", "const x = " + "[\n" * 300 + "1" + "]\n" * 300)
    assert read_source(brackets, MB)[1] == "too deeply nested: brackets 300 deep (more than 200 are not parsed)"
