"""What the store keys its rows by, and the stored form of a file's index.

Every key carries :func:`code_stamp`, a digest of docfact's own code and the installed grammars,
so a row written by other code is never read; files are keyed by :func:`text_digest` of their
text (and, for TypeScript and JavaScript, the configs that map their import specifiers:
:func:`source_digest`, :func:`index_key`). The CLI, the engine and the language server key
their own lookups with the same digests. The store itself: :mod:`docfact.store`.
"""

from __future__ import annotations

import copy
import hashlib
import importlib.util
import os
import pickle
import sys
from functools import cache
from pathlib import Path

from docfact.model import FileIndex


@cache
def code_stamp() -> str:
    """A digest of docfact's own source and the installed grammars: a store written by other
    code (another release, a local edit, other grammars) is never read."""
    h = hashlib.sha256()
    package = Path(__file__).resolve().parent
    for p in sorted(package.rglob("*")):
        if p.suffix in (".py", ".scm", ".md") and p.is_file():
            h.update(p.relative_to(package).as_posix().encode())
            h.update(p.read_bytes())
    # each grammar package's files by name, size and modification time (another version, or the
    # same reinstalled, differs): found without importing them, and without importlib.metadata,
    # whose import and scan of every installed distribution cost a tenth of an unchanged re-run
    from docfact.lang import LANGUAGES

    for module in dict.fromkeys(("tree_sitter", *(g for lang in LANGUAGES for g in lang.grammars))):
        h.update(f"{module}=".encode())
        try:
            spec = importlib.util.find_spec(module)
        except (ImportError, ValueError):
            spec = None
        origin = spec.origin if spec is not None else None
        if origin:
            folder = os.path.dirname(origin)
            try:
                entries = sorted(os.scandir(folder), key=lambda e: e.name)
            except OSError:
                entries = []
            for e in entries:
                try:
                    if e.is_file():
                        st = e.stat()
                        h.update(f"{e.name}\0{st.st_size}\0{st.st_mtime_ns}\n".encode())
                except OSError:
                    continue
        h.update(b"\n")
    h.update(sys.version.encode())
    return h.hexdigest()[:24]


def digest(*parts: str) -> str:
    h = hashlib.sha256()
    for part in parts:
        h.update(part.encode("utf-8", "surrogatepass"))
        h.update(b"\0")
    return h.hexdigest()[:32]


def text_digest(text: str) -> str:
    """The digest of a file's text that the store, the CLI and the engine key files by."""
    return hashlib.blake2b(text.encode("utf-8", "surrogatepass"), digest_size=12).hexdigest()


def source_digest(path: str, text_hash: str, root: str, packages: str = "") -> str:
    """What a file is to the project, given its :func:`text_digest`: its text, and for TypeScript
    and JavaScript also the configs that map its import specifiers (a changed ``tsconfig.json``
    changes what its imports name, as an edit would) and, once indexed, the digest of the
    workspace packages its imports were resolved among (``FileIndex.packages``)."""
    from docfact.lang import for_path

    lang = for_path(path)
    if lang is None or lang.config_stamp is None:
        return text_hash
    return digest(text_hash, lang.config_stamp(path, root), packages)[:24]


def index_key(path: str, module: str, text_hash: str) -> str:
    """The key of a file's stored index: what extracting it reads, its text given by its
    :func:`text_digest` (for TypeScript and JavaScript, the configs that map its import
    specifiers too)."""
    from docfact.lang import for_path

    parts = ["index", code_stamp(), path, module, text_hash]
    lang = for_path(path)
    if lang is not None and lang.resolution_stamp is not None:
        parts.append(lang.resolution_stamp(path, module))
    return digest(*parts)


def index_row(index: FileIndex) -> bytes:
    """The stored form of a file's index: without its tables of object ids, with its entities'
    digests and their fields packed (:class:`docfact.packs.Packs`), and its text once, which
    its entities' code is read from (:func:`docfact.packs.code_spans`; the module's code was a
    copy of the text, and each class's a copy of its methods')."""
    from docfact.deps import entity_digest
    from docfact.packs import code_spans, packing

    for e in index.entities:  # saved with it: a later run's checks need not compute them
        entity_digest(e)
    bare = copy.copy(index)
    bare._by_name, bare._by_doc = None, None
    with packing(True), code_spans():  # the text once, the entities' code as where it lies in it
        return pickle.dumps(bare, protocol=pickle.HIGHEST_PROTOCOL)
