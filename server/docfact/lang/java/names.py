"""Java names at the top level of a file: same package, imports, wildcard imports and
``java.lang`` (used by :class:`~docfact.graph.resolve.Resolver`). A wildcard import of a JDK
package docfact lists (:mod:`docfact.lang.java.jdk`) is a list of names rather than an open
world."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from docfact.graph.resolved import Resolved
from docfact.lang.java.jdk import is_listed_jdk_package, jdk_classes
from docfact.model import Entity, FileIndex, Import

if TYPE_CHECKING:
    from docfact.graph.lookups import ProjectLookups

# looks a member up in a project class and its bases (with a cycle guard)
Member = Callable[[Entity, str, set[str]], "Resolved | None"]

JAVA_LANG = frozenset(
    "Object String StringBuilder StringBuffer CharSequence Integer Long Short Byte Double Float "
    "Boolean Character Number Math StrictMath System Thread Runnable Iterable Comparable "
    "AutoCloseable Cloneable Enum Record Void Class ClassLoader Process ProcessBuilder Runtime "
    "Throwable Exception Error RuntimeException IllegalArgumentException IllegalStateException "
    "NullPointerException IndexOutOfBoundsException ArrayIndexOutOfBoundsException "
    "StringIndexOutOfBoundsException ClassCastException ArithmeticException "
    "UnsupportedOperationException NumberFormatException InterruptedException "
    "CloneNotSupportedException ReflectiveOperationException ClassNotFoundException "
    "SecurityException StackOverflowError OutOfMemoryError AssertionError Override Deprecated "
    "SuppressWarnings FunctionalInterface SafeVarargs".split()
)
JAVA_PRIMITIVES = frozenset("int long short byte double float boolean char void var".split())


def java_name(g: ProjectLookups, head: str, fi: FileIndex, member: Member) -> Resolved | None:
    """A name used at the top level of a Java file: a class of the same package, a single-type
    import, a class of a wildcard-imported project package, ``java.lang``, a primitive, or a
    class name a wildcard import from outside the project may bind."""
    same = g.java_class(fi.package, head)
    if same is not None:
        return Resolved("project", same.qualname, same)
    for imp in fi.imports:
        if imp.name == head and imp.alias is None:
            return java_import(g, imp, member)
    wild_external: list[str] = []
    for imp in fi.imports:
        if imp.name == "*":
            cls = g.java_class(imp.module, head)
            if cls is not None:
                return Resolved("project", cls.qualname, cls)
            if head in jdk_classes(imp.module):
                return Resolved("external", f"{imp.module}.{head}")
            if not g.is_java_package(imp.module) and not is_listed_jdk_package(imp.module):
                wild_external.append(imp.module)
    if head in JAVA_LANG:
        return Resolved("builtin", f"java.lang.{head}")
    if head in JAVA_PRIMITIVES:
        return Resolved("builtin", head)
    if wild_external and head[:1].isupper():
        # a wildcard import of a package docfact cannot list (``org.acme.util.*``) may bind any
        # class name: the name is that package's (with several such imports, one of them:
        # which one is not known, and nothing here needs it)
        return Resolved("external", f"{wild_external[0]}.{head}")
    return None


def java_import(g: ProjectLookups, imp: Import, member: Member) -> Resolved | None:
    """What a single-type or static import names (``member`` looks into a project class)."""
    cls = g.java_class(imp.module, imp.name or "")
    if cls is not None:
        return Resolved("project", cls.qualname, cls)
    # static import or nested class: a.b.C.member
    pkg, _, owner = imp.module.rpartition(".")
    outer = g.java_class(pkg, owner)
    if outer is not None and imp.name:
        found = member(outer, imp.name, set())
        if found is not None:
            return found
    if g.is_java_package(imp.module) or g.is_java_package(pkg):
        return None
    return Resolved("external", f"{imp.module}.{imp.name}")
