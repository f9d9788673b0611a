"""The names every Java file may use without an import as the name rules read them: the
``java.lang`` classes, the members of ``Object``, ``String`` and the collections that docs
name bare, and the keywords and literals (often marked as code in Javadoc)."""

from __future__ import annotations

JAVA_LANG = frozenset(
    "String Object Integer Long Short Byte Double Float Boolean Character Number Math System "
    "Thread Runnable Iterable Comparable CharSequence StringBuilder StringBuffer Class Enum "
    "Exception RuntimeException Error Throwable IllegalArgumentException IllegalStateException "
    "NullPointerException IndexOutOfBoundsException ArrayIndexOutOfBoundsException "
    "UnsupportedOperationException ClassCastException NumberFormatException ArithmeticException "
    "CloneNotSupportedException InterruptedException Override Deprecated SuppressWarnings "
    "FunctionalInterface SafeVarargs Void this super null true false length equals hashCode "
    "toString compareTo valueOf getClass clone size get set add put remove contains isEmpty "
    "iterator stream map filter collect forEach".split()
) | frozenset(  # the language's keywords and literals, often marked as code in Javadoc
    "abstract assert boolean break byte case catch char class const continue default do double "
    "else enum extends final finally float for goto if implements import instanceof int interface "
    "long native new package private protected public return short static strictfp super switch "
    "synchronized this throw throws transient try void volatile while var record sealed permits "
    "yield true false null".split()
)
