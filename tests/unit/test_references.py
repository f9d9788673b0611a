"""Names the docs claim exist: cross-references (See Also, roles, @see, {@link}), parameter
names wherever they are documented, and identifier-shaped names the code is said to call.

Each case is a small project judged through the engine: the planted error fires with its rule
and fix, and the true look-alike beside it stays quiet."""

from __future__ import annotations

import textwrap
from pathlib import Path

import pytest
from judging import judge_files


def judge(tmp_path: Path, files: dict[str, str], target: str):
    return judge_files(tmp_path, files, target)


STORE = '''
    """Items kept on disk."""


    class Store:
        """A store of items."""

        def prune(self, max_age: int) -> None:
            """Drop old items."""

        def load(self, path: str) -> list:
            """Read the items."""
            return []


    def load_items(path):
        """Read items from ``path``."""
        return []
    '''

# (documented source appended to pkg/use.py, expected (rule, fix) pairs; fix None = no fix)
CASES = [
    # ---- cross-references -----------------------------------------------------------------
    pytest.param('''
        def helper():
            """Help.

            See Also
            --------
            Store.prnue : drop old items.
            load_items : read items.
            """
        ''', [("C1.unknown-reference", "Store.prune")], id="see-also-misspelt-member"),
    pytest.param('''
        def helper():
            """Help.

            See Also
            --------
            Store.prune, load_items : the real ones.
            """
        ''', [], id="trap-see-also-real-names"),
    pytest.param('''
        def helper():
            """Help.

            See Also
            --------
            numpy.mean : another library's function, not installed here.
            """
        ''', [], id="trap-see-also-other-library"),
    pytest.param('''
        def helper():
            """Help.

            See Also
            --------
            pkg.Store.prune : the class under its package, as Sphinx resolves it.
            """
        ''', [], id="trap-see-also-by-suffix"),
    pytest.param('''
        def helper():
            """Help; see :meth:`.prnue` for the cleanup."""
        ''', [("C1.unknown-reference", "prune")], id="role-leading-dot-swap"),
    pytest.param('''
        def helper():
            """Help; see :meth:`~.Store.prune` and :func:`!load_items`."""
        ''', [], id="trap-role-tilde-dot-bang"),
    pytest.param('''
        def helper():
            """Help; see :meth:`pkg.store.Store.load_all` for the full read."""
        ''', [("C1.unknown-reference", None)], id="role-missing-member-of-project-class"),
    pytest.param('''
        def helper():
            """Help; ``timeout`` is passed on, see :paramref:`.Store.prune.max_age`."""
        ''', [], id="trap-paramref-names-a-parameter"),
    pytest.param('''
        def helper():
            """Help.

            See Also
            --------
            pkg.Store.prune : moved.
            pkg.laod_items : misspelt.
            pkg.store.Store.load_all : no such member.
            """
        ''', [("C1.unknown-reference", "pkg.load_items"), ("C1.unknown-reference", None)], id="see-also-misspelt-under-package"),
    pytest.param('''
        def helper():
            """
            Help with the C{max_age} argument to L{Store.prnue}.

            @see: L{pkg.store.Store.load}
            """
        ''', [("C1.unknown-reference", "Store.prune")], id="epytext-link-misspelt"),
    pytest.param('''
        def helper():
            """
            Help with the C{max_age} argument to L{the pruner <Store.prune>}.

            @see: L{pkg.store.Store.load}
            """
        ''', [], id="trap-epytext-links-real"),
    pytest.param('''
        def helper():
            """Help; the result is a L{pkg.store.Stoer}."""
        ''', [("C1.unknown-reference", "pkg.store.Store")], id="epytext-link-missing-class"),
    # ---- parameter names ----------------------------------------------------------------
    pytest.param('''
        def not_found(brief="Not Found", message="Sorry."):
            """
            A page.

            @param brief: the title.
            @param brief: the body text.
            """
        ''', [("C1.unknown-param", "message")], id="epytext-param-documented-twice"),
    pytest.param('''
        def not_found(brief="Not Found", message="Sorry."):
            """
            A page.

            @param brief: the title.
            @type brief: str
            @param message: the body text.
            @type message: str
            """
        ''', [], id="trap-epytext-param-and-type"),
    pytest.param('''
        def not_found(brief="Not Found", message="Sorry.", code=404):
            """
            A page.

            @param brief: the title.
            @param brief: the body text.
            """
        ''', [], id="trap-twice-but-two-left-out"),
    pytest.param('''
        def not_found(brief="Not Found", message="Sorry."):
            """
            A page.

            @param brief: the title.
            @type breif: str
            """
        ''', [("C1.unknown-param", "brief")], id="epytext-type-misspelt"),
    pytest.param('''
        def fetch(url, timeout=10):
            """Fetch a page.

            :param url: where.
            :type timout: int
            """
        ''', [("C1.unknown-param", "timeout")], id="sphinx-type-field-misspelt"),
    pytest.param('''
        def fetch(url, timeout=10, **options):
            """Fetch a page.

            Args:
                url: where.
                timout: seconds to wait.
                retries: passed on to the session.
            """
        ''', [("C1.unknown-param", "timeout")], id="kwargs-near-miss-of-undocumented-param"),
    pytest.param('''
        def fetch(url, timeout=10, **options):
            """Fetch a page.

            Args:
                url: where.
                timeout: seconds to wait.
                timeouts: per-phase limits, passed on to the session.
            """
        ''', [], id="trap-kwargs-key-beside-documented-param"),
    pytest.param('''
        def fetch(url, data=None, **options):
            """Fetch a page.

            Args:
                url: where.
                date: an HTTP date for the request header, passed on.
            """
        ''', [("C1.unknown-param", "data")], id="kwargs-one-letter-typo"),
    pytest.param('''
        def fetch(url, **options):
            """Fetch a page.

            :keyword verify: passed on to the session.
            :type verify: bool
            """
        ''', [], id="trap-keyword-forwarded-to-kwargs"),
    # ---- a project function named as the callee when the code calls its sibling ---------
    pytest.param('''
        def create_forward_items_manager(base):
            return base


        def create_reverse_items_manager(base):
            return base


        class ItemsDescriptor:
            """Gives the related items.

            The work is delegated to a manager class built by ``create_forward_items_manager()``.
            """

            def manager(self):
                return create_reverse_items_manager(object)
        ''', [("C1.wrong-callee", "create_reverse_items_manager")], id="callee-sibling-named-instead"),
    pytest.param('''
        def create_forward_items_manager(base):
            return base


        def create_reverse_items_manager(base):
            return create_forward_items_manager(base)


        class ItemsDescriptor:
            """Gives the related items.

            The work is delegated to a manager class built by ``create_forward_items_manager()``.
            """

            def manager(self):
                return create_reverse_items_manager(object)
        ''', [], id="trap-callee-used-one-call-away"),
    pytest.param('''
        def create_forward_items_manager(base):
            return base


        def load_everything(base):
            return base


        class ItemsDescriptor:
            """Gives the related items; it uses ``create_forward_items_manager()`` for writes."""

            def manager(self):
                return load_everything(object)
        ''', [], id="trap-callee-no-sibling-called"),
    pytest.param('''
        import abc


        class Base(abc.ABC):
            pass


        @Base.register
        class Request:
            """An HTTP request.

            Arguments:
                url (str): where.
                user_agent (str): the agent string.
                network_interace (str): the interface to send from.
            """

            user_agent = network_interface = \\
                proxy_host = None

            def __init__(self, url, **kwargs):
                self.url = url
                for k, v in kwargs.items():
                    setattr(self, k, v)
        ''', [("C1.unknown-param", "network_interface")], id="kwargs-stored-as-attribute-misspelt"),
    # ---- the file's own package written out in full ------------------------------------
    pytest.param('''
        def visit(node):
            """Return a pkg.store.Shelf node as a string."""
            return str(node)
        ''', [("C1.unknown-name", None)], id="own-package-dotted-name-missing"),
    pytest.param('''
        def visit(node):
            """Return a pkg.store.Store node as a string, see numpy.ndarray too."""
            return str(node)
        ''', [], id="trap-own-package-dotted-name-real"),
    pytest.param('''
        import msvcrt


        def read_key():
            """Read a key; `getch` is limited to the 8-bit codepage."""
            return msvcrt.getwch()
        ''', [], id="trap-sibling-of-an-external-attribute"),
    # ---- identifier-shaped names the code is said to call -------------------------------
    pytest.param('''
        def save(store):
            """Save the items.

            This calls ``write_items_to_disk`` to do the work.
            """
            store.prune(3)
        ''', [("C1.unknown-name", None)], id="claimed-call-of-name-that-exists-nowhere"),
    pytest.param('''
        def save(store):
            """Save the items; you can use ``write_items_to_disk`` in a subclass."""
            store.prune(3)
        ''', [], id="trap-reader-may-use-name"),
    pytest.param('''
        def save(store):
            """Save the items, via the ``AddGeometryColumn`` stored procedure."""
            store.prune(3)
        ''', [], id="trap-name-of-an-outside-thing"),
    pytest.param('''
        def save(store):
            """Save the items; it uses ``SAVE_MODE`` and the ``write_mode`` key of the config."""
            store.prune(3)
        ''', [], id="trap-constant-and-config-key"),
    pytest.param('''
        import notinstalled_pkg


        def save(store):
            """Save the items: this calls ``fmpz_mat_det`` of the backend."""
            return notinstalled_pkg.det(store)
        ''', [], id="trap-name-from-unreadable-package"),
    # ---- the same words in another order ------------------------------------------------
    pytest.param('''
        def save(store):
            """Save the items; see ``StoreItemsLoad``."""
            store.prune(3)


        def clear(store):
            """Clear the items: calls ``items_load_all`` first."""
            store.prune(0)


        class ItemsStoreLoad:
            """Loads."""


        def load_all_items():
            """Load."""
        ''', [("C1.unknown-name", "ItemsStoreLoad"), ("C1.unknown-name", "load_all_items")],
        id="words-in-another-order"),
    pytest.param('''
        def save(store):
            """Save the items; see ``StoreLoadError`` for the failure."""
            store.prune(3)


        class ItemsStoreLoad:
            """Loads."""
        ''', [], id="trap-other-words"),
    # ---- "instead": a recommendation names old names on purpose, other uses do not
    pytest.param('''
        def save(store):
            """If you are looking for ``load_itemz``, use ``load_items`` instead."""
            store.prune(3)
        ''', [], id="trap-use-the-other-name-instead"),
    pytest.param('''
        def save(store):
            """Works like ``load_itemz``, except that it writes the items instead."""
            store.prune(3)
        ''', [("C1.unknown-name", "load_items")], id="instead-without-a-recommendation"),
    # ---- a role whose class exists nowhere -------------------------------------------------
    pytest.param('''
        def save(store):
            """Save the items, as :meth:`ItemStore.vacuum` does."""
            store.prune(3)


        class ItemStoreOnDisk:
            def vacuum(self):
                """Vacuum."""
        ''', [("C1.unknown-reference", "ItemStoreOnDisk.vacuum")], id="role-class-shortened"),
    pytest.param('''
        def save(store):
            """Save the items, as :meth:`ItemStore.prune` does.

            .. versionadded:: 1.2
            """
            store.prune(3)
        ''', [("C1.unknown-reference", None)], id="role-class-exists-nowhere"),
    pytest.param('''
        def save(store):
            """Save the items, as :meth:`ItemStore.vacuum` does."""
            store.prune(3)
        ''', [], id="trap-role-member-the-project-lacks-too"),
]


@pytest.mark.parametrize(("source", "expected"), CASES)
def test_names_the_docs_claim(tmp_path: Path, source: str, expected: list[tuple[str, str | None]]) -> None:
    header = "from pkg.store import Store, load_items\n\n\n"
    result = judge(tmp_path, {
        "pkg/__init__.py": "from pkg.store import Store, load_items\n",
        "pkg/store.py": STORE,
        "pkg/use.py": header + textwrap.dedent(source).lstrip("\n"),
    }, "pkg/use.py")
    got = [(f.rule, f.fix.new_text if f.fix else None) for f in result.findings if f.criterion == "C1"]
    assert got == expected, [f.message for f in result.findings]


def test_reference_message_names_the_real_target(tmp_path: Path) -> None:
    result = judge(tmp_path, {
        "pkg/__init__.py": "",
        "pkg/store.py": STORE + '''

    def helper():
        """Help.

        See Also
        --------
        Store.prnue : drop old items.
        """
    ''',
    }, "pkg/store.py")
    [f] = result.findings
    assert f.message == ("the reference `Store.prnue` points at nothing in the code, its direct "
                         "dependencies or the project; did you mean `Store.prune`?")
    assert f.segment.text.startswith("Store.prnue")


JAVA_SHOP = '''
    package shop;

    public class Cart {
        public void addLine(String name, int count) {}
        public int total() { return 0; }
    }
    '''


@pytest.mark.parametrize(("javadoc", "expected"), [
    pytest.param("@see Cart#totl", [("C1.unknown-reference", "total")], id="java-see-misspelt-member"),
    pytest.param("@see Cart#total", [], id="trap-java-see-real-member"),
    pytest.param("Adds up {@link Cart#addLnie the lines}.", [("C1.unknown-reference", None)],
                 id="java-link-swapped-letters"),
    pytest.param("@see java.util.List#size", [], id="trap-java-see-jdk"),
])
def test_java_references(tmp_path: Path, javadoc: str, expected: list[tuple[str, str | None]]) -> None:
    source = f'''
    package shop;

    public class Checkout {{
        /**
         * Pays for the cart.
         * {javadoc}
         */
        public void pay(Cart cart) {{ cart.total(); }}
    }}
    '''
    result = judge(tmp_path, {"shop/Cart.java": JAVA_SHOP, "shop/Checkout.java": source}, "shop/Checkout.java")
    got = [(f.rule, f.fix.new_text if f.fix else None) for f in result.findings if f.criterion == "C1"]
    if expected and expected[0][1] is None:
        got = [(r, None) for r, _ in got]
    assert got == expected, [f.message for f in result.findings]


def test_see_also_entry_at_the_wrong_path_suggests_where_it_lives(tmp_path: Path) -> None:
    result = judge(tmp_path, {
        "pkg/__init__.py": "",
        "pkg/store.py": STORE,
        "pkg/use.py": '''
            def helper():
                """Help.

                See Also
                --------
                pkg.Store.prune : the class is not exported by the package.
                """
            ''',
    }, "pkg/use.py")
    [f] = result.findings
    assert f.rule == "C1.unknown-reference"
    assert f.fix is not None and f.fix.new_text == "pkg.store.Store.prune"


def test_module_names_the_index_does_not_list_are_not_missing(tmp_path: Path) -> None:
    """Tuple unpacking, assignments under ``if`` and names given as strings bind members too;
    a history sentence names old members on purpose."""
    result = judge(tmp_path, {
        "pkg/__init__.py": "",
        "pkg/dns.py": '''
            import socket

            OP_QUERY, OP_STATUS = range(2)
            if socket.has_ipv6:
                HOSTNAME = "a"
            else:
                HOSTNAME = "b"
            _CODES = {"EREFUSED": 5}
            ''',
        "pkg/use.py": '''
            from pkg import dns


            def reply():
                """Answer with L{dns.OP_QUERY} from L{dns.HOSTNAME}, or L{dns.EREFUSED}.

                See also L{dns.OP_QEURY}.
                """


            def old():
                """L{dns.OP_INVERSE} is deprecated."""
            ''',
    }, "pkg/use.py")
    got = [(f.rule, f.segment.text.split()[0], f.fix.new_text if f.fix else None) for f in result.findings]
    assert got == [("C1.unknown-reference", "See", None)]


@pytest.mark.parametrize(("sentence", "flagged"), [
    pytest.param("Return a pkg.store.Shelf node.", True, id="own-package-name-exists-nowhere"),
    pytest.param("Return a pkg.stores.Store node.", True, id="own-package-module-path-wrong"),
    pytest.param("Return a list of pkg.Stores.", False, id="trap-shorthand-for-a-class-elsewhere"),
    pytest.param("Avoids making pkg.store.Store a public API.", False, id="trap-real-path"),
    pytest.param("See pkg.shelf for more.", True, id="own-package-path-whose-last-name-is-only-a-local"),
    pytest.param("See pkg.store for more.", False, id="trap-own-package-module"),
])
def test_dotted_names_from_the_own_package(tmp_path: Path, sentence: str, flagged: bool) -> None:
    result = judge(tmp_path, {
        "pkg/__init__.py": "",
        "pkg/store.py": STORE,
        "pkg/use.py": f'def helper():\n    """{sentence}"""\n\n\ndef other():\n    shelf = 1\n    print(shelf)\n',
    }, "pkg/use.py")
    assert [f.rule for f in result.findings] == (["C1.unknown-name"] if flagged else [])
