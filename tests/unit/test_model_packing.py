"""Entities and docs read back from the store (pickled) hold what was saved, whether or not a
field was read before they are saved again."""

from __future__ import annotations

import pickle
import sys
import threading

from docfact.index import index_file
from docfact.model import DocBlock, Entity
from docfact.packs import packing

SOURCE = '''
"""A shop."""

class Cart:
    """Lines and their total."""

    def add(self, name: str, qty: int = 1) -> list[str]:
        """Add ``qty`` of ``name``."""
        if qty < 0:
            raise ValueError(name)
        self.lines.append((name, qty))
        return [n for n, _ in self.lines]
'''


def _index():
    return index_file("/ws/shop/cart.py", SOURCE, "shop.cart")


def _fields(obj: object) -> dict:
    return {name: getattr(obj, name) for name in obj.__dataclass_fields__}  # type: ignore[attr-defined]


def test_a_pickled_entity_reads_back_every_field() -> None:
    for e in _index().entities:
        back = pickle.loads(pickle.dumps(e, protocol=pickle.HIGHEST_PROTOCOL))
        assert _fields(back) == _fields(e)
        assert back == e


def test_a_loaded_entity_saved_again_unread_keeps_its_fields() -> None:
    index = _index()
    once = pickle.loads(pickle.dumps(index))
    twice = pickle.loads(pickle.dumps(once))  # nothing of ``once`` was read in between
    for a, b in zip(index.entities, twice.entities, strict=True):
        assert _fields(b) == _fields(a)
    assert [(d.range, d.pieces, d.target_lines) for d in twice.docs] == [
        (d.range, d.pieces, d.target_lines) for d in index.docs]


def test_the_doc_of_a_loaded_entity_is_the_doc_in_its_file() -> None:
    back = pickle.loads(pickle.dumps(_index()))
    add = next(e for e in back.entities if e.name == "add")
    assert add.doc is not None and any(d is add.doc for d in back.docs)
    assert back.documented(add.doc) is add
    assert add.doc.file_offset(0) == SOURCE.index("Add ``qty``")


def test_a_field_set_before_the_first_read_is_kept() -> None:
    e = pickle.loads(pickle.dumps(next(e for e in _index().entities if e.name == "add")))
    e.calls = ["changed"]
    assert e.calls == ["changed"]
    assert [p.default for p in e.params if p.name == "qty"] == ["1"]  # the others: as saved
    assert e.calls == ["changed"]


def test_threads_reading_a_loaded_entity_at_once_see_the_saved_fields() -> None:
    saved = [e for e in _index().entities if e.kind in ("function", "method", "class")]
    blob = pickle.dumps(saved)
    interval = sys.getswitchinterval()
    sys.setswitchinterval(1e-6)  # threads take turns between almost any two steps
    try:
        _read_at_once(saved, blob)
    finally:
        sys.setswitchinterval(interval)


def _read_at_once(saved: list[Entity], blob: bytes) -> None:
    want = [(e.signature, e.raises, e.range) for e in saved]
    for _ in range(200):
        loaded: list[Entity] = pickle.loads(blob)
        seen: list[list] = []
        threads = [threading.Thread(target=_read, args=(loaded, seen)) for _ in range(4)]
        for t in threads:
            t.start()
        for t in threads:
            t.join(timeout=10)
        assert seen == [want] * 4


def _read(loaded: list[Entity], seen: list[list]) -> None:
    seen.append([(e.signature, e.raises, e.range) for e in loaded])


def test_entities_and_docs_have_no_instance_dict() -> None:
    index = _index()  # slots: a project holds hundreds of thousands of them
    for obj in (*index.entities, *index.docs, *index.imports, index.entities[2].params[0], index.docs[0].range):
        assert not hasattr(obj, "__dict__")


def test_a_loaded_entity_keeps_its_digest_and_a_copy_drops_it() -> None:
    from docfact.deps import entity_digest

    e = next(e for e in _index().entities if e.name == "add")
    digest = entity_digest(e)
    back = pickle.loads(pickle.dumps(e))
    assert back._digest == digest
    assert getattr(back.copied(), "_digest", None) is None and back.copied() == e
    try:
        back.no_such_field  # noqa: B018
    except AttributeError as exc:
        assert "no_such_field" in str(exc)
    else:
        raise AssertionError("an unknown attribute must raise AttributeError")


def test_a_doc_block_reads_back_its_place() -> None:
    doc = DocBlock(kind="docstring", text="Add things.", owner="add", path="/p.py",
                   range=_index().docs[0].range, pieces=[(0, 5)], start_line=1, end_line=1)
    back = pickle.loads(pickle.dumps(doc))
    assert (back.range, back.pieces, back.target_lines, back.text) == (doc.range, [(0, 5)], None, "Add things.")


def test_without_packing_an_entity_pickles_whole() -> None:
    e = next(e for e in _index().entities if e.name == "add")
    with packing(False):
        whole = pickle.dumps(e)
    packed = pickle.dumps(e)
    assert getattr(pickle.loads(whole), "_packed", None) is None
    assert isinstance(pickle.loads(packed)._packed, bytes)
    assert _fields(pickle.loads(whole)) == _fields(pickle.loads(packed)) == _fields(e)


def test_python_code_is_sliced_from_the_file_text_and_pickles_either_way() -> None:
    index = _index()
    add = next(e for e in index.entities if e.name == "add")
    start = SOURCE.index("def add")
    assert add.code == SOURCE[start:SOURCE.index("self.lines]") + len("self.lines]")]
    assert '"""' not in add.docless_code and add.docless_code.startswith("def add(")
    module = index.entities[0]
    assert module.code is SOURCE and module.docless_code == SOURCE.replace('"""A shop."""\n', "")
    with packing(False):  # whole (an index worker's results): one copy of the text, code still sliced
        whole = pickle.loads(pickle.dumps(index))
    assert whole.entities[0]._source[0] is whole.text
    stored = pickle.loads(pickle.dumps(index))  # packed (the store): the code itself, no text
    for back in (whole, stored):
        assert [(e.code, e.docless_code) for e in back.entities] == [(e.code, e.docless_code) for e in index.entities]
    assert getattr(stored.entities[1], "_source", None) is None
    add.code = "def add(): ..."  # assigned: kept as usual
    assert add.code == "def add(): ..."
