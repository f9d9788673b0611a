"""Settings: initializationOptions, workspace/configuration per folder, didChangeConfiguration,
[tool.docfact] as the base, and invalid values reported with window/showMessage."""

from __future__ import annotations

import asyncio

import pytest
from lsprotocol import types

pytestmark = pytest.mark.timeout(60)

STORE = "pkg/store.py"


def pulls_configuration(profile: str) -> bool:
    return profile.startswith("visual-studio-code")  # Neovim 0.7 has no workspace/configuration


async def messages(ed, needle: str, timeout: float = 10.0) -> list[str]:
    for _ in range(int(timeout / 0.05)):
        found = [m.message for m in ed.client.messages if needle in m.message]
        if found:
            return found
        await asyncio.sleep(0.05)
    raise AssertionError(f"no window/showMessage containing {needle!r}: {[m.message for m in ed.client.messages]}")


async def test_initialization_options(start, profile):
    ed = await start(profile, init_options={"criteria": ["C1", "C3"], "severity": {"C1": "error"}})
    uri = ed.open(STORE)
    diags = await ed.diagnostics(uri, lambda d: len(d) == 2)
    assert {d.code: d.severity for d in diags} == {"C1.unknown-param": types.DiagnosticSeverity.Error,
                                                    "C3.not-async": types.DiagnosticSeverity.Warning}


async def test_workspace_configuration_then_did_change_configuration(start, profile):
    ed = await start(profile, config={"criteria": ["C4"]})
    uri = ed.open(STORE)
    if pulls_configuration(profile):
        diags = await ed.diagnostics(uri, lambda d: len(d) == 1)
        assert diags[0].code == "C4.speculative"
        ed.client.set_configuration({"criteria": ["C2", "C4"], "severity": {"C4": "hint"}}, section="docfact")
        ed.client.workspace_did_change_configuration(types.DidChangeConfigurationParams(settings=None))
    else:
        await ed.diagnostics(uri, lambda d: len(d) == 4)  # nothing to pull from
        ed.client.workspace_did_change_configuration(types.DidChangeConfigurationParams(
            settings={"docfact": {"criteria": ["C2", "C4"], "severity": {"C4": "hint"}}}))
    diags = await ed.diagnostics(uri, lambda d: len(d) == 2)
    assert {d.code: d.severity for d in diags} == {"C2.return-type": types.DiagnosticSeverity.Warning,
                                                    "C4.speculative": types.DiagnosticSeverity.Hint}


async def test_pyproject_is_the_base_and_editor_settings_win(start, profile, workspace):
    py = workspace / "pyproject.toml"
    py.write_text(py.read_text() + 'criteria = ["C1", "C2"]\n\n[tool.docfact.severity]\nC2 = "error"\n')
    ed = await start(profile, init_options={"severity": {"C1": "hint"}})
    uri = ed.open(STORE)
    diags = await ed.diagnostics(uri, lambda d: len(d) == 2)
    assert {d.code: d.severity for d in diags} == {"C1.unknown-param": types.DiagnosticSeverity.Hint,
                                                    "C2.return-type": types.DiagnosticSeverity.Error}


async def test_per_file_ignores_from_pyproject(start, profile, workspace):
    (workspace / "pkg" / "ignored.py").write_text(
        'def run() -> None:\n    """Run it.\n\n    This is particularly useful in web crawlers.\n    """\n')
    ed = await start(profile)
    assert await ed.diagnostics(ed.open("pkg/ignored.py")) == []


async def test_invalid_values_are_reported_and_defaults_used(start, profile, workspace):
    py = workspace / "pyproject.toml"
    py.write_text(py.read_text() + "debounce_ms = -5\n")
    ed = await start(profile, init_options={"trigger": "sometimes", "severity": {"C1": "loud"},
                                            "criteria": ["C9"], "llm": {"apiKeyEnv": "sk-abc123"}})
    uri = ed.open(STORE)
    diags = await ed.diagnostics(uri, lambda d: len(d) == 4)  # defaults: all criteria
    assert next(d for d in diags if d.code == "C1.unknown-param").severity == types.DiagnosticSeverity.Warning
    assert await messages(ed, "setting 'trigger': expected one of onSave, onType, manual, got 'sometimes'")
    assert await messages(ed, "setting 'severity.C1'")
    assert await messages(ed, "unknown criteria C9")
    assert await messages(ed, "setting 'debounce_ms'")
    [key] = await messages(ed, "llm.apiKeyEnv")
    assert "sk-abc123" not in key  # a pasted key is never echoed
    assert all(m.type == types.MessageType.Warning for m in ed.client.messages)


async def test_preview_and_select_by_rule_id(start, profile):
    """Without preview only stable rules run (selecting C1 and C2 runs their stable rules, and
    none of their preview rules); a preview rule selected by id runs anyway; a misspelt rule id is
    reported with a did-you-mean. The file holds findings of C1.unknown-param, C2.return-type and
    C3.not-async: which of the first two run follows their maturity."""
    from docfact.judges.maturity import MATURITY

    expected = {"C3.not-async"} | {r for r in ("C1.unknown-param", "C2.return-type")
                                   if MATURITY[r].maturity == "stable"}
    ed = await start(profile, init_options={"preview": False,
                                            "select": ["C1", "C2", "C3.not-async", "C3.not-asink"]})
    uri = ed.open(STORE)
    diags = await ed.diagnostics(uri, lambda d: len(d) == len(expected))
    assert {d.code for d in diags} == expected
    assert any("asynchronous" in d.message for d in diags)
    found = await messages(ed, "C3.not-asink")
    assert "did you mean C3.not-async?" in found[0]


async def test_ignore_a_rule_id(start, profile):
    ed = await start(profile, init_options={"ignore": ["C1.unknown-param", "C4"]})
    uri = ed.open(STORE)
    diags = await ed.diagnostics(uri, lambda d: len(d) == 2)
    assert not any("is not a parameter" in d.message for d in diags)
    assert {d.code for d in diags} == {"C2.return-type", "C3.not-async"}
