"""A disk cache of LLM answers (diskcache), keyed by everything that changes the answer.

The key is the SHA-256 of a canonical JSON of: endpoint identity (base URL, model, API
version), template name and version, the rendered messages, the request parameters
(temperature, top_p, max_tokens, the requested response_format) and the docfact version. The
API key is never part of a key or a value. The directory (``<cache dir>/llm``) is created
with mode 0700 because it holds code and documentation excerpts.
"""

from __future__ import annotations

import hashlib
import json
import logging
import os
from pathlib import Path
from typing import Any

import diskcache

from docfact import __version__
from docfact.config import Settings, cache_dir

log = logging.getLogger(__name__)


def cache_key(**parts: Any) -> str:
    """SHA-256 hex digest of the canonical JSON of ``parts`` plus the docfact version."""
    payload = json.dumps(
        {"docfact": __version__, **parts}, sort_keys=True, ensure_ascii=False, separators=(",", ":")
    )
    return hashlib.sha256(payload.encode("utf-8")).hexdigest()


def _make_private_dir(path: Path) -> None:
    path.mkdir(parents=True, exist_ok=True, mode=0o700)
    os.chmod(path, 0o700)  # mkdir's mode is filtered by the umask, and exist_ok keeps old modes


class LlmCache:
    """Cached answers (strings). ``enabled=False`` makes every lookup a miss and stores nothing."""

    def __init__(self, directory: str | Path | None, *, enabled: bool = True) -> None:
        self.enabled = enabled and directory is not None
        self.directory = Path(directory) if directory is not None else None
        self.hits = 0
        self.misses = 0
        self._cache: diskcache.Cache | None = None
        if self.enabled and self.directory is not None:
            try:
                _make_private_dir(self.directory)
                self._cache = diskcache.Cache(str(self.directory))
            except OSError as exc:
                log.warning("docfact: LLM cache disabled, cannot use %s: %s", self.directory, exc)
                self.enabled = False

    @classmethod
    def from_settings(cls, settings: Settings) -> LlmCache:
        """The cache in ``<cache dir>/llm`` as configured by ``settings.cache``."""
        return cls(cache_dir(settings) / "llm", enabled=settings.cache.enabled)

    def get(self, key: str) -> str | None:
        if self._cache is None:
            self.misses += 1
            return None
        try:
            value = self._cache.get(key)
        except Exception as exc:  # a corrupt cache must never break a run
            log.warning("docfact: LLM cache read failed: %s", exc)
            value = None
        if isinstance(value, str):
            self.hits += 1
            return value
        self.misses += 1
        return None

    def set(self, key: str, value: str) -> None:
        if self._cache is None:
            return
        try:
            self._cache.set(key, value)
        except Exception as exc:
            log.warning("docfact: LLM cache write failed: %s", exc)

    def close(self) -> None:
        if self._cache is not None:
            self._cache.close()
            self._cache = None

    def __enter__(self) -> LlmCache:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()
