"""Every name the project uses, kept up to date as files are added, swapped and removed: the
engine's ``known_words``, which the rules read to tell a real name from a misspelling.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field

from docfact.model import FileIndex
from docfact.project.indexing import file_words


@dataclass
class ProjectWords:
    """Every name the project uses, with per-file sets so one file can be swapped cheaply.

    ``live`` is kept up to date in place (a word enters when its first file appears and leaves
    with its last one), so readers never wait for a rebuild; treat it as read-only. A run that
    adds each file once and swaps none (``docfact check``) needs only ``live``:
    :meth:`forget_files` drops the per-file sets and the counts (a large check's set of each
    file's words was a tenth of its memory); a later swap counts them again from the files.
    """

    counts: Counter[str] = field(default_factory=Counter)
    by_file: dict[str, set[str]] = field(default_factory=dict)
    live: set[str] = field(default_factory=set)
    # the files whose words are in ``live`` but not counted (after forget_files), else None
    uncounted: set[str] | None = None

    def replace(self, path: str, index: FileIndex | None, files: Callable[[], Iterable[FileIndex]]) -> None:
        """Swap ``path``'s words for those of ``index`` (None: the file is gone); ``files()``
        lists the project's indexes as they are now (read when the counts were forgotten)."""
        if self.uncounted is not None:
            if path not in self.uncounted and index is not None:  # a new file: its words join
                self.uncounted.add(path)
                self.live.update(file_words(index))
                index.words = None
                return
            self._count_again(files())
        old = self.by_file.pop(path, None)
        new = file_words(index) if index is not None else set()
        counts, live = self.counts, self.live
        if old is None:  # a file added (a whole project loads this way): counted in bulk
            counts.update(new)
            live.update(new)
            if index is not None:
                self.by_file[path] = new
            return
        for w in old - new:
            counts[w] -= 1
            if counts[w] <= 0:
                del counts[w]
                live.discard(w)
        for w in new - old:
            counts[w] += 1
            live.add(w)
        if index is not None:
            self.by_file[path] = new

    def forget_files(self, files: Iterable[FileIndex]) -> None:
        """Keep only ``live``: drop each file's set (the index's own, see :func:`file_words`,
        made again when asked for) and the counts, until a file is swapped."""
        for index in files:
            index.words = None
        if self.uncounted is None:
            self.uncounted = set(self.by_file)
        self.by_file.clear()
        self.counts.clear()

    def _count_again(self, files: Iterable[FileIndex]) -> None:
        """The per-file sets and counts again, from the project's indexes (``live`` is refilled
        in place: readers hold it)."""
        self.uncounted = None
        for index in files:
            words = file_words(index)
            self.by_file[index.path] = words
            self.counts.update(words)
        self.live.clear()
        self.live.update(self.counts)
