"""The values a setting may take and the check of one value: each setting must have its default's
type, the closed sets (criteria, trigger, LLM mode, severities) and shapes (a base URL, the name
of an environment variable) are enforced, and an invalid value is reported and replaced by its
default, never raised (:mod:`docfact.config` merges the checked values)."""

from __future__ import annotations

import re
from typing import Any

from docfact.judges.maturity import normalize, unknown_selector_message

SEVERITIES = ("error", "warning", "information", "hint")
TRIGGERS = ("onSave", "onType", "manual")
LLM_MODES = ("batched", "referee")
CRITERIA_ALL = ("C1", "C2", "C3", "C4")


def camel(name: str) -> str:
    """snake_case -> camelCase (the LSP/VS Code spelling of a setting)."""
    head, *rest = name.split("_")
    return head + "".join(p.title() for p in rest)


def snake(name: str) -> str:
    """camelCase -> snake_case."""
    return re.sub(r"(?<!^)(?=[A-Z])", "_", name).lower()


def url_problem(url: str) -> str | None:
    """What is wrong with an LLM base URL, or None (an http:// or https:// URL with a host)."""
    if not re.match(r"https?://[^/\s?#]+", url):
        return f"expected an http:// or https:// URL such as http://localhost:11434/v1, got {url!r}"
    return None


def _rejected(key: str, why: str, default: Any, problems: list[str]) -> Any:
    """Report a setting's value as unusable and return its default in its place."""
    problems.append(f"docfact: setting '{key}': {why}; using the default {default!r}")
    return default


def check_value(key: str, value: Any, default: Any, problems: list[str]) -> Any:
    """Validate one leaf value against the type of its default; return the value to use."""
    leaf = snake(key.rsplit(".", 1)[-1])
    if isinstance(default, bool):
        if isinstance(value, bool):
            return value
        return _rejected(key, f"expected true or false, got {value!r}", default, problems)
    if isinstance(default, int):
        if isinstance(value, int) and not isinstance(value, bool) and value >= 0:
            return value
        why = f"expected a non-negative whole number, got {value!r}"
        return _rejected(key, why, default, problems)
    if isinstance(default, float):
        if isinstance(value, (int, float)) and not isinstance(value, bool) and value > 0:
            return float(value)
        return _rejected(key, f"expected a positive number, got {value!r}", default, problems)
    if isinstance(default, str):
        return _check_string(key, leaf, value, default, problems)
    if isinstance(default, tuple):
        return _check_list(key, leaf, value, default, problems)
    if isinstance(default, dict):
        if not isinstance(value, dict):
            return _rejected(key, f"expected a table/object, got {value!r}", default, problems)
        if leaf == "severity":
            return _check_severity(key, value, default, problems)
        if leaf == "per_file_ignores":
            return _check_per_file_ignores(key, value, problems)
    return value


def _check_string(key: str, leaf: str, value: Any, default: str, problems: list[str]) -> Any:
    """A string setting: a string, and for the settings with a closed set of values (trigger,
    mode) or a shape (base_url, api_key_env) one of that set or of that shape."""
    if not isinstance(value, str):
        return _rejected(key, f"expected a string, got {value!r}", default, problems)
    if leaf == "trigger" and value not in TRIGGERS:
        why = f"expected one of {', '.join(TRIGGERS)}, got {value!r}"
        return _rejected(key, why, default, problems)
    if leaf == "mode" and value not in LLM_MODES:
        why = f"expected one of {', '.join(LLM_MODES)}, got {value!r}"
        return _rejected(key, why, default, problems)
    if leaf == "base_url" and url_problem(value):
        return _rejected(key, url_problem(value) or "", default, problems)
    if leaf == "api_key_env" and value and not re.fullmatch(r"[A-Za-z_][A-Za-z0-9_]*", value):
        # Looks like a key was pasted instead of a variable name: never echo it back.
        problems.append(
            f"docfact: setting '{key}' must be the NAME of an environment variable "
            f"(e.g. OPENAI_API_KEY), not a key; using the default {default!r}"
        )
        return default
    return value


def _check_list(
    key: str, leaf: str, value: Any, default: tuple[str, ...], problems: list[str]
) -> Any:
    """A list-of-strings setting (a comma-separated string is split): criteria are upper-cased
    and must be known; select and ignore keep only the known criteria and rule ids."""
    if isinstance(value, str):
        value = [v.strip() for v in value.split(",") if v.strip()]
    if not isinstance(value, (list, tuple)) or not all(isinstance(v, str) for v in value):
        return _rejected(key, f"expected a list of strings, got {value!r}", default, problems)
    if leaf == "criteria":
        norm = tuple(v.upper() for v in value)
        unknown = [v for v in norm if v not in CRITERIA_ALL]
        if unknown:
            why = f"unknown criteria {', '.join(unknown)} (known: C1, C2, C3, C4)"
            return _rejected(key, why, default, problems)
        return norm
    if leaf in ("select", "ignore"):
        return _selectors(key, value, problems)
    return tuple(value)


def _check_severity(
    key: str, value: dict[Any, Any], default: dict[str, str], problems: list[str]
) -> dict[str, str]:
    """The severity table: the defaults, overridden per criterion or rule id by each entry whose
    key is known and whose value is a severity; every other entry is reported and ignored."""
    out = dict(default)
    for crit, sev in value.items():
        why = unknown_selector_message(str(crit))
        if why is not None:
            problems.append(f"docfact: setting '{key}': {why}; ignored")
            continue
        c = normalize(str(crit))
        if not isinstance(sev, str) or sev.lower() not in SEVERITIES:
            problems.append(
                f"docfact: setting '{key}.{crit}': expected one of "
                f"{', '.join(SEVERITIES)}, got {sev!r}; using {default.get(c, default[c[:2]])!r}"
            )
            continue
        out[c] = sev.lower()
    return out


def _check_per_file_ignores(
    key: str, value: dict[Any, Any], problems: list[str]
) -> dict[str, tuple[str, ...]]:
    """The per-file ignores: glob -> criteria or rule ids (one may be a string, ``*`` is all);
    an entry that is not a list of strings or names an unknown id is reported and ignored."""
    out: dict[str, tuple[str, ...]] = {}
    for glob, crits in value.items():
        if isinstance(crits, str):
            crits = [crits]
        if not isinstance(crits, list) or not all(isinstance(c, str) for c in crits):
            problems.append(
                f"docfact: setting '{key}.{glob}': expected a list of criteria or rule ids "
                f"like [\"C4\", \"C1.unknown-name\"], got {crits!r}; ignored"
            )
            continue
        wrong = [w for w in (unknown_selector_message(c) for c in crits if c != "*") if w]
        if wrong:
            problems.append(f"docfact: setting '{key}.{glob}': {'; '.join(wrong)}; ignored")
            continue
        out[str(glob)] = tuple(c if c == "*" else normalize(c) for c in crits)
    return out


def _selectors(key: str, value: list[str] | tuple[str, ...], problems: list[str]) -> tuple[str, ...]:
    """Criteria and rule ids, normalized; each unknown one is reported (with a did-you-mean) and dropped."""
    out: list[str] = []
    for v in value:
        why = unknown_selector_message(v)
        if why is not None:
            problems.append(f"docfact: setting '{key}': {why}; ignored")
        elif normalize(v) not in out:
            out.append(normalize(v))
    return tuple(out)
