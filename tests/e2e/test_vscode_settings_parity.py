"""The VS Code extension contributes exactly the server's settings, with the server's defaults.

client-vscode/package.json is what VS Code shows in its Settings UI and what the extension sends
to the server; ``docfact.config`` is what the server understands. A key or default that drifts
apart means a setting that silently does nothing, so this test compares them.
"""

from __future__ import annotations

import json
from dataclasses import fields, is_dataclass
from pathlib import Path
from typing import Any

import pytest

from docfact import config

PACKAGE_JSON = Path(__file__).resolve().parents[2] / "client-vscode" / "package.json"

# Settings the extension uses itself and never sends to the server (documented in its README).
CLIENT_ONLY = {"docfact.interpreter", "docfact.importStrategy", "docfact.trace.server"}


def _contributed() -> dict[str, dict[str, Any]]:
    data = json.loads(PACKAGE_JSON.read_text(encoding="utf-8"))
    props: dict[str, dict[str, Any]] = data["contributes"]["configuration"]["properties"]
    return {k: v for k, v in props.items() if k.startswith("docfact.")}


def _jsonable(value: Any) -> Any:
    """A dataclass default as it looks in JSON (tuples become lists)."""
    if is_dataclass(value):
        return {f.name: _jsonable(getattr(value, f.name)) for f in fields(value)}
    if isinstance(value, (tuple, list)):
        return [_jsonable(v) for v in value]
    if isinstance(value, dict):
        return {k: _jsonable(v) for k, v in value.items()}
    return value


def _server_defaults() -> dict[str, Any]:
    """``{"docfact.llm.baseUrl": "https://...", ...}`` from the dataclass defaults."""
    defaults = config.Settings()
    out: dict[str, Any] = {}
    for camel_key, snake_key in zip(config.setting_keys("camel"), config.setting_keys("snake")):
        value: Any = defaults
        for part in snake_key.split("."):
            value = getattr(value, part)
        out[f"docfact.{camel_key}"] = _jsonable(value)
    return out


def test_package_json_contributes_exactly_the_server_settings() -> None:
    contributed = set(_contributed())
    server = {"docfact." + k for k in config.setting_keys("camel")}
    assert CLIENT_ONLY <= contributed, "the client-only settings are documented as contributed"
    assert contributed - CLIENT_ONLY == server, (
        f"only in package.json: {sorted(contributed - CLIENT_ONLY - server)}; "
        f"only in the server: {sorted(server - contributed)}"
    )


@pytest.mark.parametrize("key", sorted(_server_defaults()), ids=lambda k: k)
def test_default_equals_the_server_default(key: str) -> None:
    contributed = _contributed()
    assert key in contributed, f"{key} is not contributed by the extension"
    assert contributed[key].get("default") == _server_defaults()[key]


def test_enums_match_the_values_the_server_accepts() -> None:
    c = _contributed()
    assert c["docfact.trigger"]["enum"] == list(config.TRIGGERS)
    assert c["docfact.llm.mode"]["enum"] == list(config.LLM_MODES)
    assert c["docfact.criteria"]["items"]["enum"] == list(config.CRITERIA_ALL)
    severity = c["docfact.severity"]["properties"]
    assert sorted(severity) == list(config.CRITERIA_ALL)
    for crit in config.CRITERIA_ALL:
        assert severity[crit]["enum"] == list(config.SEVERITIES)


def test_contributed_defaults_pass_the_server_validation() -> None:
    """What VS Code sends with nothing configured is accepted without a single complaint."""
    raw: dict[str, Any] = {}
    for key, spec in _contributed().items():
        if key in CLIENT_ONLY:
            continue
        *parents, leaf = key.removeprefix("docfact.").split(".")
        node = raw
        for p in parents:
            node = node.setdefault(p, {})
        node[leaf] = spec["default"]
    problems: list[str] = []
    merged = config.merge(config.Settings(), raw, style="camel", problems=problems)
    assert problems == []
    assert merged == config.Settings()


def test_llm_opt_in_is_guarded() -> None:
    data = json.loads(PACKAGE_JSON.read_text(encoding="utf-8"))
    llm = data["contributes"]["configuration"]["properties"]["docfact.llm.enabled"]
    assert llm["default"] is False
    assert "source code" in llm["markdownDescription"].lower()
    trust = data["capabilities"]["untrustedWorkspaces"]
    assert trust["supported"] == "limited"
    assert {"docfact.llm.enabled", "docfact.llm.baseUrl", "docfact.interpreter"} <= set(
        trust["restrictedConfigurations"]
    )
