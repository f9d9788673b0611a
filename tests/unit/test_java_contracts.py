"""Javadoc claims the Java compiler proves wrong: checked exceptions a method cannot throw,
``@return`` on ``void`` methods and constructors, ``@param <T>`` for a missing type parameter.
Each case is a Java source (plus other project files) and the finding a user sees, or nothing."""

from __future__ import annotations

import textwrap
from pathlib import Path

import pytest
from judging import judge_files

from docfact.engine import Engine

RULES = ("C3.undeclared-checked-exception", "C2.return-on-void", "C1.unknown-type-param")


def check(tmp_path: Path, source: str, extra: dict[str, str] | None = None):
    files = {"src/p/Store.java": source, **(extra or {})}
    result = judge_files(tmp_path, files, "src/p/Store.java")
    return [f for f in result.findings if f.rule in RULES], (tmp_path / "src/p/Store.java").read_text(encoding="utf-8")


def java(body: str, imports: str = "import java.io.IOException;") -> str:
    return f"package p;\n\n{imports}\n\npublic class Store {{\n{textwrap.indent(textwrap.dedent(body), '    ')}\n}}\n"


FIRES = [
    pytest.param(java("""
        /**
         * Reads the size.
         * @throws IOException if the file cannot be read
         */
        public int size(String path) {
            return path.trim().length();
        }
        """), {}, "C3", "C3.undeclared-checked-exception",
        "`IOException` is a checked exception (IOException < Exception < Throwable) and the method `size` "
        "has no `throws` clause", id="checked-exception-without-throws-clause"),
    pytest.param(java("""
        /**
         * Loads.
         * @throws java.sql.SQLException if the table is missing
         */
        public void load() throws IOException {
            read();
        }
        """), {}, "C3", "C3.undeclared-checked-exception", "declares only `IOException`",
        id="qualified-jdk-exception-not-declared"),
    pytest.param(java("""
        /**
         * Saves.
         * @throws StoreException if the store is full
         */
        public void save(Object o) throws java.sql.SQLException {
            write(o);
        }
        """), {"src/p/StoreException.java": "package p;\n\nimport java.io.IOException;\n\n"
                                             "public class StoreException extends IOException {}\n"},
        "C3", "C3.undeclared-checked-exception", "(StoreException < IOException < Exception < Throwable)",
        id="project-exception-through-the-jdk-hierarchy"),
    pytest.param("""
        package p;

        import java.io.IOException;

        public interface Store {
            /**
             * Closes the store.
             * @throws IOException if flushing fails
             */
            void close();
        }
        """, {}, "C3", "C3.undeclared-checked-exception", "the method `close` has no `throws` clause",
        id="interface-method-its-implementations-cannot-throw-it-either"),
    pytest.param(java("""
        /**
         * Waits for the lock.
         * @throws InterruptedException if interrupted while waiting
         */
        public Store() {
            lock.lock();
        }
        """), {}, "C3", "C3.undeclared-checked-exception", "the constructor `Store` has no `throws` clause",
        id="constructor"),
    pytest.param(java("""
        /**
         * Clears the store.
         * @return the number of entries removed
         */
        public void clear() {
            entries.clear();
        }
        """), {}, "C2", "C2.return-on-void", "documents a return value, but `clear` is declared `void`",
        id="return-on-void"),
    pytest.param(java("""
        /**
         * Creates a store.
         * @return a new store
         */
        public Store() {
        }
        """), {}, "C2", "C2.return-on-void", "`Store` is a constructor, which returns no value",
        id="return-on-constructor"),
    pytest.param(java("""
        /**
         * Maps each entry.
         * @param <T> the type of the entries
         * @param fn the function
         */
        public <E> void map(java.util.function.Function<E, E> fn) {
        }
        """), {}, "C1", "C1.unknown-type-param",
        "`<T>` is not a type parameter of the method `map` (it declares `<E>`); did you mean `<E>`?",
        id="type-param-renamed"),
    pytest.param("""
        package p;

        /**
         * A store.
         * @param <K> the keys
         * @param <W> the values
         */
        public class Store<K, V> {
        }
        """, {}, "C1", "C1.unknown-type-param", "`<W>` is not a type parameter of the class `Store`",
        id="class-type-param"),
]


@pytest.mark.parametrize(("source", "extra", "criterion", "rule", "message"), FIRES)
def test_a_broken_contract_is_reported(tmp_path: Path, source: str, extra: dict[str, str], criterion: str,
                                       rule: str, message: str) -> None:
    found, _ = check(tmp_path, source, extra)
    assert [f.rule for f in found] == [rule]
    assert found[0].criterion == criterion
    assert message in found[0].message
    assert found[0].evidence is not None and found[0].evidence.excerpt


def test_the_fix_renames_the_type_parameter(tmp_path: Path) -> None:
    found, text = check(tmp_path, java("""
        /**
         * Maps.
         * @param <T> the type
         */
        public <E> void map(E e) {
        }
        """))
    fix = found[0].fix
    assert fix is not None
    assert "@param <E> the type" in text[: fix.start] + fix.new_text + text[fix.end:]


def test_the_fix_removes_the_return_tag(tmp_path: Path) -> None:
    found, text = check(tmp_path, java("""
        /**
         * Clears.
         * @return the count
         */
        public void clear() {
        }
        """))
    fix = found[0].fix
    assert fix is not None
    fixed = text[: fix.start] + fix.new_text + text[fix.end:]
    assert "@return" not in fixed and "Clears." in fixed


QUIET = [
    pytest.param(java("""
        /**
         * Opens.
         * @throws java.io.FileNotFoundException if the file is missing
         */
        public void open() throws IOException {
            read();
        }
        """), {}, id="a-superclass-is-declared"),
    pytest.param(java("""
        /**
         * Opens.
         * @throws IOException if the file is missing
         */
        public void open() throws java.io.FileNotFoundException {
            read();
        }
        """), {}, id="a-subclass-is-declared"),
    pytest.param(java("""
        /**
         * Parses.
         * @throws IllegalArgumentException if the text is empty
         * @throws java.io.UncheckedIOException if reading fails
         * @throws java.util.concurrent.CompletionException if a stage failed
         */
        public int parse(String s) {
            return Integer.parseInt(s);
        }
        """), {}, id="unchecked-exceptions"),
    pytest.param(java("""
        /**
         * Saves.
         * @throws StoreException if the store is full
         */
        public void save(Object o) {
            write(o);
        }
        """), {"src/p/StoreException.java": "package p;\n\npublic class StoreException extends IllegalStateException {}\n"},
        id="project-exception-that-is-unchecked"),
    pytest.param(java("""
        /**
         * Saves.
         * @throws StoreException if the store is full
         */
        public void save(Object o) {
            write(o);
        }
        """), {"src/p/StoreException.java": "package p;\n\nimport org.acme.BaseException;\n\n"
                                             "public class StoreException extends BaseException {}\n"},
        id="project-exception-extending-a-library-class"),
    pytest.param(java("""
        /**
         * Waits for the reply.
         * @throws TimeoutException if no reply comes in time
         */
        public void await() {
            lock.wait(10);
        }
        """), {"src/p/TimeoutException.java": "package p;\n\npublic class TimeoutException extends RuntimeException {}\n"},
        id="project-class-in-the-package-shadows-the-jdk-name"),
    pytest.param(java("""
        /**
         * Closes the stream.
         * @throws IOException if flushing fails
         */
        // an implementation note between the Javadoc and the method
        @Override public void close() throws IOException {
            out.flush();
        }
        """), {}, id="comment-between-javadoc-and-declaration"),
    pytest.param("""
        package p;

        /**
         * A pair.
         * @param <A> the first type
         * @param <B> the second type
         */
        public record Store<A, B>(A first, B second) {
            /**
             * Maps the pair.
             * @param <R> the result type
             * @param fn the function
             * @return the result
             */
            public static<R> R apply(java.util.function.Supplier<R> fn) {
                return fn.get();
            }
        }
        """, {}, id="record-type-params-and-static-without-a-space"),
    pytest.param(java("""
        /**
         * Logs in.
         * @throws AuthenticationException if the password is wrong
         */
        public void login(String password) {
            check(password);
        }
        """, imports="import org.springframework.security.core.AuthenticationException;"), {},
        id="library-class-with-a-jdk-name"),
    pytest.param(java("""
        /**
         * Runs the action.
         * @throws IOException if the action throws it
         */
        public <X extends Exception> void run(Action<X> action) throws X {
            action.run();
        }
        """), {}, id="type-variable-in-throws"),
    pytest.param(java("""
        /**
         * Reads.
         * @throws IOException if reading fails
         */
        @SneakyThrows
        public int read() {
            return stream.read();
        }
        """), {}, id="lombok-sneaky-throws"),
    pytest.param(java("""
        /**
         * Reads.
         * @throws IOException if reading fails, wrapped in an {@link java.io.UncheckedIOException}
         */
        public int read() {
            return stream.read();
        }
        """), {}, id="wrapped-exception-explained"),
    pytest.param(java("""
        /**
         * Reads.
         * @throws Exception if anything fails
         */
        public int read() {
            return stream.read();
        }
        """), {}, id="exception-itself-has-unchecked-subclasses"),
    pytest.param(java("""
        /**
         * Maps.
         * @param <E> the type
         * @return the mapped value, or {@code null}
         */
        public <E> E map(E e) {
            return e;
        }
        """), {}, id="declared-type-param-and-a-return-value"),
    pytest.param(java("""
        /**
         * Waits.
         * @return always {@code null}
         */
        public Void await() {
            return null;
        }
        """), {}, id="boxed-Void-returns-null"),
]


@pytest.mark.parametrize(("source", "extra"), QUIET)
def test_a_kept_contract_is_quiet(tmp_path: Path, source: str, extra: dict[str, str]) -> None:
    found, _ = check(tmp_path, source, extra)
    assert found == []


@pytest.mark.parametrize(("returns", "flagged"), [
    pytest.param("Returns:\n                    Config: the loaded configuration.", True, id="init-documents-a-value"),
    pytest.param(":rtype: Config", True, id="init-sphinx-rtype"),
    pytest.param("Returns:\n                    None", False, id="trap-init-returns-none"),
])
def test_a_python_constructor_returns_none(tmp_path: Path, returns: str, flagged: bool) -> None:
    src = tmp_path / "loader.py"
    src.write_text(textwrap.dedent(f'''
        class Loader:
            def __init__(self, path):
                """Read the configuration at ``path``.

                {returns}
                """
                self.path = path
        ''').lstrip(), encoding="utf-8")
    engine = Engine(tmp_path)
    engine.load()
    got = [f.rule for f in engine.check_file(str(src)).findings]
    assert got == (["C2.return-on-void"] if flagged else [])
