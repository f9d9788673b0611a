"""Java names on code shaped like projects nobody tuned on (issue 28, cause 11): JDK classes a
wildcard import binds are known names, and a slip beside them is still found. Nothing here is
copied from a real project."""

from __future__ import annotations

import textwrap
from pathlib import Path

from docfact.config import Settings
from docfact.engine import Engine
from docfact.lang.java.jdk import jdk_classes, wildcard_jdk_imports
from docfact.model import Import

PKG = "src/main/java/org/tally/"


def _settings() -> Settings:
    # every rule, preview ones included (the maturity of a rule is not what these tests check)
    return Settings(**({"preview": True} if "preview" in Settings.__dataclass_fields__ else {}))  # type: ignore[arg-type]


def findings(root: Path, files: dict[str, str], target: str) -> list[tuple[str, str]]:
    for rel, text in files.items():
        p = root / rel
        p.parent.mkdir(parents=True, exist_ok=True)
        p.write_text(textwrap.dedent(text).lstrip("\n"), encoding="utf-8")
    engine = Engine(root, _settings())
    engine.load()
    result = engine.check_file(str(root / target))
    return [(f.rule, f.message) for f in result.findings if f.criterion in ("C1", "C2", "C3")]


# project classes one letter away from JDK classes: a did-you-mean would point at them
NEAR = {
    PKG + "LinkedLis.java": "package org.tally;\n\n/** A list. */\npublic class LinkedLis {}\n",
    PKG + "CountDownLatchs.java": "package org.tally;\n\n/** Latches. */\npublic class CountDownLatchs {}\n",
    PKG + "ConcurentHashMap.java": "package org.tally;\n\n/** A map. */\npublic class ConcurentHashMap {}\n",
}

BOARD = '''
package org.tally;

import java.util.*;
import java.util.concurrent.*;

/**
 * Scores kept in a {@link ConcurrentHashMap}; old ones move to a {@link LinkedList}.
 * Readers wait on a {@code CountDownLatch}.
 */
public class Board {
    /**
     * Records a score.
     *
     * @param who the player
     * @see {name}
     */
    public void record(String who) {}
}
'''


def test_jdk_classes_of_wildcard_imports_are_known(tmp_path: Path) -> None:
    files = {**NEAR, PKG + "Board.java": BOARD.replace("{name}", "LinkedList#addFirst")}
    assert findings(tmp_path, files, PKG + "Board.java") == []


def test_a_slip_beside_a_wildcard_imported_jdk_class_is_still_found(tmp_path: Path) -> None:
    files = {**NEAR, PKG + "Board.java": BOARD.replace("{name}", "LinkedLst")}
    found = findings(tmp_path, files, PKG + "Board.java")
    assert any(r == "C1.unknown-reference" and "LinkedLst" in m and "`LinkedList`" in m for r, m in found), found


def test_wildcard_imports_bind_only_the_jdk_classes_the_file_spells() -> None:
    imports = [Import(module="java.util", name="*", alias=None), Import(module="java.util.concurrent", name="*", alias=None),
               Import(module="java.util", name="List", alias=None)]
    got = wildcard_jdk_imports(imports, "List<String> a = new LinkedList<>(); // see ConcurrentHashMap, Frobnicator")
    assert {(i.module, i.name) for i in got} == {("java.util", "LinkedList"), ("java.util.concurrent", "ConcurrentHashMap")}
    assert wildcard_jdk_imports([Import(module="org.acme", name="*", alias=None)], "LinkedList") == []
    assert "ConcurrentHashMap" in jdk_classes("java.util.concurrent") and not jdk_classes("org.acme")
