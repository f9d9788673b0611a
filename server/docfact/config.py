"""Typed settings with defaults, one loader, a documented merge order and a trust boundary.

Merge order (later wins): built-in defaults < the user's own configuration file
(:func:`user_config_path`) < ``[tool.docfact]`` in the nearest ``pyproject.toml`` of the checked
repository (snake_case) < editor settings (LSP camelCase under ``docfact.``) or CLI options.
Invalid values never crash: each produces a message and the default is kept
(:mod:`docfact.config_values` checks each value).

Trust boundary: a checked repository is someone else's input. The settings that send data
somewhere or choose where data is kept (:data:`RESTRICTED`) are honoured only from the user's
own configuration (the user file, editor settings, command-line options); a repository's
configuration that sets them is ignored for those keys with one warning, unless the user trusts
that repository (``--trust-workspace-config``, the editor's ``trustWorkspaceConfig`` which VS Code
derives from Workspace Trust, or ``trusted_folders`` in the user file).
"""

from __future__ import annotations

import os
import sys
import tomllib
from dataclasses import dataclass, field, fields, replace
from pathlib import Path
from typing import Any

from docfact.config_values import CRITERIA_ALL, camel, check_value, snake

# the names below are read as ``config.X`` by the CLI and the tests
from docfact.config_values import LLM_MODES as LLM_MODES
from docfact.config_values import SEVERITIES as SEVERITIES
from docfact.config_values import TRIGGERS as TRIGGERS
from docfact.config_values import url_problem as url_problem

_MAX_CONFIG_SIZE = 10_000_000  # bytes of a configuration file read at most


@dataclass(frozen=True)
class LlmSettings:
    enabled: bool = False
    base_url: str = "https://api.openai.com/v1"
    model: str = "gpt-4o-mini"
    api_key_env: str = "OPENAI_API_KEY"
    mode: str = "batched"
    max_concurrency: int = 4
    timeout_seconds: float = 30.0
    max_requests: int = 500
    api_version: str = ""  # Azure OpenAI: e.g. "2024-06-01"; empty elsewhere
    second_look: bool = True


@dataclass(frozen=True)
class CacheSettings:
    dir: str = ""  # empty: the per-user cache directory
    enabled: bool = True


@dataclass(frozen=True)
class Settings:
    criteria: tuple[str, ...] = CRITERIA_ALL
    # rule selection (issue 28): criteria or rule ids; ``select`` replaces ``criteria`` when set,
    # ``ignore`` wins over both, and preview rules run only with ``preview`` or selected by id
    select: tuple[str, ...] = ()
    ignore: tuple[str, ...] = ()
    # only the stable rules by default: a rule earns stable from a blind audit on code nobody tuned
    # it on (judges/maturity.py); preview rules run with ``preview`` or when selected by id
    preview: bool = False
    severity: dict[str, str] = field(
        default_factory=lambda: {
            "C1": "warning",
            "C2": "warning",
            "C3": "warning",
            "C4": "information",
        }
    )
    check_comments: bool = True
    trigger: str = "onSave"
    debounce_ms: int = 300
    exclude: tuple[str, ...] = ()
    per_file_ignores: dict[str, tuple[str, ...]] = field(default_factory=dict)
    max_file_size: int = 1_000_000
    baseline: str = ""
    llm: LlmSettings = field(default_factory=LlmSettings)
    cache: CacheSettings = field(default_factory=CacheSettings)


def setting_keys(style: str = "camel") -> list[str]:
    """Every leaf setting as a dotted key, e.g. ``llm.baseUrl`` (style="camel") or ``llm.base_url``."""
    out: list[str] = []
    conv = camel if style == "camel" else (lambda s: s)
    for f in fields(Settings):
        if f.name in ("llm", "cache"):
            sub = LlmSettings if f.name == "llm" else CacheSettings
            out.extend(f"{f.name}.{conv(g.name)}" for g in fields(sub))
        else:
            out.append(conv(f.name))
    return out


# dotted snake_case keys a repository's configuration may not set (see the module docstring)
RESTRICTED = ("llm.enabled", "llm.base_url", "llm.api_key_env", "llm.api_version", "cache.dir")
# restricted together with the others: a repository that names an endpoint names its model too
RESTRICTED_WITH_OTHERS = ("llm.model",)


class SettingsError(ValueError):
    """A configuration problem that makes the input unusable (e.g. a TOML syntax error)."""


def severity_of(severities: dict[str, str], criterion: str, rule: str) -> str:
    """The severity of a finding: its rule's when set, else its criterion's (default warning)."""
    return severities.get(rule) or severities.get(criterion, "warning")


def resolve_criteria(s: Settings) -> Settings:
    """``s`` with ``criteria`` narrowed to what ``select`` and ``ignore`` leave (the criteria the
    scores and the LLM judge cover): ``select`` names criteria or rules of them; a criterion in
    ``ignore`` is gone. Rule ids in ``ignore`` leave their criterion."""
    chosen = {c.split(".", 1)[0] for c in s.select} if s.select else set(s.criteria)
    crits = tuple(c for c in CRITERIA_ALL if c in chosen and c not in s.ignore)
    return s if crits == s.criteria else replace(s, criteria=crits)


def merge(base: Settings, raw: dict[str, Any], *, style: str, problems: list[str]) -> Settings:
    """Apply a raw mapping (``style`` "camel" for editors, "snake" for pyproject) onto ``base``.

    Unknown keys and invalid values are reported in ``problems`` and otherwise ignored.
    """
    if not isinstance(raw, dict):
        problems.append(f"docfact: settings must be an object, got {type(raw).__name__}; ignored")
        return base
    to_field = snake if style == "camel" else (lambda s: s)
    spell = camel if style == "camel" else (lambda s: s)
    top_fields = {f.name: f for f in fields(Settings)}
    changes: dict[str, Any] = {}
    for key, value in raw.items():
        name = to_field(str(key))
        if name not in top_fields:
            problems.append(f"docfact: unknown setting '{key}'; ignored")
            continue
        current = getattr(base, name)
        if name in ("llm", "cache"):
            if not isinstance(value, dict):
                problems.append(f"docfact: setting '{key}' must be a table/object; ignored")
                continue
            sub_fields = {f.name for f in fields(current)}
            sub_changes: dict[str, Any] = {}
            for k2, v2 in value.items():
                n2 = to_field(str(k2))
                if n2 not in sub_fields:
                    problems.append(f"docfact: unknown setting '{key}.{k2}'; ignored")
                    continue
                dflt = getattr(current, n2)
                sub_changes[n2] = check_value(f"{key}.{spell(n2)}", v2, dflt, problems)
            changes[name] = replace(current, **sub_changes)
        else:
            changes[name] = check_value(spell(name), value, current, problems)
    return replace(base, **changes)


def find_pyproject(start: Path) -> Path | None:
    """The nearest pyproject.toml at or above ``start`` (a file or folder)."""
    p = start if start.is_dir() else start.parent
    p = p.resolve()
    for d in (p, *p.parents):
        cand = d / "pyproject.toml"
        if cand.is_file():
            return cand
    return None


def _read_section(path: Path) -> dict[str, Any] | None:
    """The docfact table of a TOML file: ``[tool.docfact]`` where the file has one (any
    pyproject.toml or docfact.toml), else the file's top level (a docfact.toml); None for a
    pyproject.toml without it. Keys in snake_case or kebab-case."""
    from docfact.index.reading import read_bytes

    raw, reason = read_bytes(path, _MAX_CONFIG_SIZE)  # a regular file only: a pipe never blocks
    if raw is None:
        raise SettingsError(f"{path}: cannot read configuration: {reason}")
    try:
        data = tomllib.loads(raw.decode("utf-8"))
    except UnicodeDecodeError as exc:
        raise SettingsError(f"{path}: cannot read configuration: {exc}") from exc
    except tomllib.TOMLDecodeError as exc:
        raise SettingsError(f"{path}: invalid TOML: {exc}") from exc
    tool = data.get("tool")
    if isinstance(tool, dict) and "docfact" in tool:
        section = tool["docfact"]
    elif path.name == "pyproject.toml":
        return None
    else:
        section = data
    if not isinstance(section, dict):
        raise SettingsError(f"{path}: the docfact table must be a table of settings")
    table: dict[str, Any] = _dekebab(section)
    return table


def load_pyproject(path: Path, problems: list[str], base: Settings | None = None, *,
                   trusted: bool = False, notes: list[str] | None = None) -> Settings:
    """Settings from a repository's configuration file: ``[tool.docfact]`` of a pyproject.toml
    (or any TOML file that has that table), or a docfact.toml with top-level keys.

    Unless ``trusted``, the :data:`RESTRICTED` keys are dropped with one warning in ``notes``.
    A TOML syntax error raises SettingsError (the CLI exits 2); bad values are only reported.
    """
    base = base or Settings()
    section = _read_section(path)
    if section is None:
        return base
    if not trusted:
        section = _without_restricted(section, path, notes if notes is not None else problems)
    return merge(base, section, style="snake", problems=problems)


def _without_restricted(section: dict[str, Any], path: Path, notes: list[str]) -> dict[str, Any]:
    """``section`` without the keys a repository may not set; one note names those it set."""
    out = {k: (dict(v) if isinstance(v, dict) else v) for k, v in section.items()}
    dropped: list[str] = []
    for dotted in RESTRICTED:
        table, key = dotted.split(".")
        sub = out.get(table)
        if isinstance(sub, dict) and key in sub:
            del sub[key]
            dropped.append(dotted)
    llm = out.get("llm")
    if dropped and isinstance(llm, dict):
        for dotted in RESTRICTED_WITH_OTHERS:
            key = dotted.split(".")[1]
            if key in llm:
                del llm[key]
                dropped.append(dotted)
    if dropped:
        notes.append(
            f"docfact: {path} sets {', '.join(dropped)}; ignored, because settings that send code "
            f"somewhere or choose where data is kept are read only from your own configuration "
            f"({user_config_path()}, editor user settings, command-line options). If you trust this "
            f"repository, pass --trust-workspace-config or add its folder to trusted_folders in "
            f"{user_config_path()}."
        )
    return out


def user_config_path() -> Path:
    """The user's own configuration file (``$XDG_CONFIG_HOME/docfact/config.toml`` on Linux,
    the platform's equivalent elsewhere): top-level keys as in a docfact.toml, plus
    ``trusted_folders``."""
    if sys.platform == "darwin":
        base = Path.home() / "Library" / "Application Support"
    elif os.name == "nt":
        base = Path(os.environ.get("APPDATA", Path.home() / "AppData" / "Roaming"))
    else:
        base = Path(os.environ.get("XDG_CONFIG_HOME") or Path.home() / ".config")
    return base / "docfact" / "config.toml"


@dataclass(frozen=True)
class UserConfig:
    """What the user's own configuration file says: settings (every key honoured) and the
    folders whose repository configuration the user trusts."""

    settings: Settings = field(default_factory=Settings)
    trusted_folders: tuple[Path, ...] = ()

    def trusts(self, path: Path) -> bool:
        """Whether ``path`` (a configuration file or folder) lies in a trusted folder."""
        try:
            p = path.resolve()
        except OSError:
            return False
        return any(p == f or f in p.parents for f in self.trusted_folders)


def load_user_config(problems: list[str]) -> UserConfig:
    """The user's configuration file, or the defaults when there is none. Problems (a syntax
    error included) are reported in ``problems``; the file never stops a run."""
    path = user_config_path()
    if not path.is_file():
        return UserConfig()
    try:
        section = _read_section(path) or {}
    except SettingsError as exc:
        problems.append(f"docfact: {exc}; your configuration file is ignored")
        return UserConfig()
    folders: list[Path] = []
    raw = section.pop("trusted_folders", [])
    if isinstance(raw, str):
        raw = [raw]
    if not isinstance(raw, list) or not all(isinstance(f, str) for f in raw):
        problems.append(f"docfact: {path}: trusted_folders must be a list of folders; ignored")
        raw = []
    for f in raw:
        try:
            folders.append(Path(f).expanduser().resolve())
        except (OSError, RuntimeError):
            problems.append(f"docfact: {path}: trusted folder {f!r} cannot be resolved; ignored")
    settings = merge(Settings(), section, style="snake", problems=problems)
    return UserConfig(settings, tuple(folders))


def _dekebab(d: Any) -> Any:
    if isinstance(d, dict):
        return {
            (k.replace("-", "_") if isinstance(k, str) else k): (
                _dekebab(v)
                if isinstance(v, dict) and k not in ("per_file_ignores", "per-file-ignores", "severity")
                else v
            )
            for k, v in d.items()
        }
    return d


def default_cache_dir() -> Path:
    """The per-user cache directory (XDG on Linux, the platform's equivalent elsewhere)."""
    if sys.platform == "darwin":
        base = Path.home() / "Library" / "Caches"
    elif os.name == "nt":
        base = Path(os.environ.get("LOCALAPPDATA", Path.home() / "AppData" / "Local"))
    else:
        base = Path(os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache")
    return base / "docfact"


def cache_dir(settings: Settings) -> Path:
    return Path(settings.cache.dir).expanduser() if settings.cache.dir else default_cache_dir()


def project_root(start: Path) -> Path:
    """The folder that holds the project of ``start``: the nearest one with pyproject.toml,
    setup.py, .git, pom.xml, build.gradle, package.json or tsconfig.json; else ``start``
    itself (or its folder)."""
    p = start.resolve()
    base = p if p.is_dir() else p.parent
    for d in (base, *base.parents):
        if any((d / marker).exists() for marker in ("pyproject.toml", "setup.py", "setup.cfg", ".git",
                                                    "pom.xml", "build.gradle", "package.json",
                                                    "tsconfig.json")):
            return d
    return base
