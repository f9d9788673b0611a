"""What judging read, and whether kept verdicts still hold: fingerprints of docs and files."""

from __future__ import annotations

from pathlib import Path

from docfact.cli.workers import judge_recorded
from docfact.deps import Answers, entity_digest, fingerprint, merge_fingerprints, still_valid
from docfact.engine import Engine
from docfact.model import Entity, Pos, Range

SHOP = '''"""Shop."""


def tax_for(rate: float) -> float:
    """The tax at ``rate``."""
    if rate < 0:
        raise ValueError("negative")
    return rate * 2


def total(rate: float) -> float:
    """The total; calls ``tax_for``."""
    return tax_for(rate) + 1
'''


def _engine(tmp_path: Path, text: str) -> Engine:
    path = tmp_path / "shop.py"
    path.write_text(text)
    engine = Engine(tmp_path)
    engine.update_file(str(path), text)
    return engine


def _answers(engine: Engine) -> Answers:
    return Answers(engine.graph, engine.known_words.__contains__, engine.hashes)


def test_entity_digest_ignores_where_the_entity_sits_but_not_what_it_holds() -> None:
    def ent(line: int, code: str) -> Entity:
        return Entity(kind="function", name="f", local_name="f", module="m", path="/m.py", language="python",
                      range=Range(Pos(line, 0), Pos(line + 1, 0)), code=code)

    assert entity_digest(ent(3, "def f(): pass")) == entity_digest(ent(30, "def f(): pass"))
    assert entity_digest(ent(3, "def f(): pass")) != entity_digest(ent(3, "def f(): return 1"))
    # a None field and the string "None" are told apart
    a, b = ent(3, "x"), ent(3, "x")
    b.annotation = "None"
    assert entity_digest(a) != entity_digest(b)


def test_a_doc_fingerprint_holds_until_a_name_it_looked_up_changes(tmp_path: Path) -> None:
    engine = _engine(tmp_path, SHOP)
    fr, file_deps, per_doc = engine.check_file_recorded(str(tmp_path / "shop.py"))
    assert [n for n, _ in per_doc] == list(range(len(fr.docs)))  # one record per judged doc
    answers = _answers(engine)
    prints = {n: fingerprint(d, answers) for n, d in per_doc}
    total_doc = next(n for n, d in per_doc if "tax_for" in d.names)
    assert all(still_valid(fp, answers) for fp in prints.values())
    # the body of tax_for changes: the doc that looked it up no longer holds
    engine.update_file(str(tmp_path / "shop.py"), SHOP.replace('raise ValueError("negative")', "return 0.0"))
    now = _answers(engine)
    assert not still_valid(prints[total_doc], now)
    # a file's fingerprint is the union of its docs': it fails when any of them does
    whole = merge_fingerprints([fingerprint(file_deps, answers)])
    assert not still_valid(whole, now)


def _judge(engine: Engine, tmp_path: Path, previous: object) -> tuple[object, dict, int]:
    path = tmp_path / "shop.py"
    rows, _, row, kept = judge_recorded(engine, (path.resolve(), path.read_text(), "shop.py"), _answers(engine),
                                        False, previous)
    return rows, row, kept


def test_stored_doc_verdicts_of_another_shape_are_judged_again(tmp_path: Path) -> None:
    engine = _engine(tmp_path, SHOP)
    fresh, row, kept = _judge(engine, tmp_path, None)
    assert kept == 0 and len(row["docs"]) == 3
    broken = [
        "garbage", {"docs": {}}, {**row, "docs": {0: "not a pair", 1: (1, 2, 3)}}, {**row, "keys": None},
        {**row, "docs": {0: ({"files": 1}, row["docs"][0][1])}}, {**row, "words": 7, "text": "other"},
    ]
    for previous in broken:
        rows, _, kept = _judge(engine, tmp_path, previous)
        assert rows == fresh and kept == 0, previous
    assert _judge(engine, tmp_path, row)[2] == 3  # the good row keeps every verdict


def test_an_edit_of_a_file_keeps_the_verdicts_of_its_docs_it_cannot_reach(tmp_path: Path) -> None:
    engine = _engine(tmp_path, SHOP)
    _, row, _ = _judge(engine, tmp_path, None)
    # a line above every doc, and a new statement in the body of total(): the module's and
    # total()'s docs are judged again, tax_for()'s verdict is kept and moved down a line
    edited = "# edited\n" + SHOP.replace("    return tax_for(rate) + 1", "    extra = 1\n    return tax_for(rate) + extra")
    engine = _engine(tmp_path, edited)
    rows, _, kept = _judge(engine, tmp_path, row)
    assert kept == 1
    assert rows == _judge(_engine(tmp_path, edited), tmp_path, None)[0]  # what a first judgement gives
    # a new word the kept doc names: judged again (``tax_for`` is a name it mentions)
    renamed = edited.replace("def tax_for(rate: float)", "def tax_for(rate: float, tax_forever: int = 0)")
    engine = _engine(tmp_path, renamed)
    assert _judge(engine, tmp_path, row)[2] == 0
