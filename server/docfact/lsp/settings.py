"""The configuration service: the effective Settings of each workspace folder.

Merge order (later wins), per folder:

1. built-in defaults (:class:`docfact.config.Settings`);
2. ``[tool.docfact]`` of the folder's pyproject.toml (snake_case);
3. the editor's ``docfact`` settings (camelCase): from ``workspace/configuration`` scoped to the
   folder when the client supports it, else the last ``workspace/didChangeConfiguration``
   payload, else ``initializationOptions``.

``select``/``ignore`` take criteria or rule ids (an unknown one is reported with a did-you-mean
and dropped); ``preview`` turns on the preview rules (see ``docfact rules``).

Invalid values are reported once per distinct problem through ``window/showMessage`` and the
default is used (``config.merge`` writes the messages).
"""

from __future__ import annotations

import logging
from pathlib import Path
from typing import TYPE_CHECKING, Any

from lsprotocol import types

from docfact.config import (
    Settings,
    SettingsError,
    load_pyproject,
    load_user_config,
    merge,
    resolve_criteria,
)

if TYPE_CHECKING:
    from pygls.lsp.server import LanguageServer

log = logging.getLogger(__name__)

# an editor setting, never read from a repository: whether the folder's own configuration may
# choose the LLM endpoint, key variable and cache folder (VS Code sends its Workspace Trust)
TRUST_KEY = "trustWorkspaceConfig"


def editor_section(raw: Any) -> dict[str, Any] | None:
    """The ``docfact`` object of an initializationOptions / didChangeConfiguration payload."""
    if not isinstance(raw, dict):
        return None
    inner = raw.get("docfact")
    if isinstance(inner, dict):
        return inner
    return raw if raw else None


class ConfigService:
    """Owns the editor-side settings and computes each folder's Settings."""

    def __init__(self, server: LanguageServer) -> None:
        self._server = server
        self.pushed: dict[str, Any] = {}  # from initializationOptions / didChangeConfiguration
        self._shown: set[str] = set()  # problems already shown to the user

    @property
    def can_pull(self) -> bool:
        ws = self._server.client_capabilities.workspace
        return bool(ws and ws.configuration)

    def set_pushed(self, raw: Any) -> None:
        section = editor_section(raw)
        if section is not None:
            self.pushed = section

    async def settings_for(self, root: Path, scope_uri: str | None) -> Settings:
        """The effective Settings of the folder at ``root``; reports problems to the user.

        The folder's pyproject.toml may set the settings that send code somewhere or choose
        where data is kept (:data:`docfact.config.RESTRICTED`) only when the user trusts it:
        the editor's ``trustWorkspaceConfig`` (VS Code sends its Workspace Trust) or the
        folder listed in ``trusted_folders`` of the user's configuration file."""
        problems: list[str] = []
        user = load_user_config(problems)
        base = user.settings
        editor = await self._editor_settings(scope_uri)
        trust = editor.pop(TRUST_KEY, False) if isinstance(editor, dict) else False
        if not isinstance(trust, bool):
            problems.append(f"docfact: setting '{TRUST_KEY}': expected true or false, got {trust!r}; using false")
            trust = False
        pyproject = root / "pyproject.toml"
        if pyproject.is_file():
            try:
                base = load_pyproject(pyproject, problems, base, trusted=trust or user.trusts(root))
            except SettingsError as exc:
                problems.append(f"docfact: {exc}; using the defaults")
        settings = merge(base, editor, style="camel", problems=problems) if editor else base
        self._report(problems)
        return resolve_criteria(settings)  # the criteria that select/ignore leave

    async def _editor_settings(self, scope_uri: str | None) -> Any:
        """The editor's docfact settings for ``scope_uri``: the client's answer to
        workspace/configuration when it gives one (not always an object: merge() reports what
        is wrong with it), else the settings the client pushed."""
        if self.can_pull:
            try:
                params = types.ConfigurationParams(
                    items=[types.ConfigurationItem(scope_uri=scope_uri, section="docfact")])
                answer = await self._server.workspace_configuration_async(params)
                if answer and isinstance(answer[0], dict):
                    return answer[0]
                if answer and answer[0] not in (None, {}):
                    return answer[0]  # not an object: merge() reports it
            except Exception as exc:
                log.info("docfact: workspace/configuration failed (%s); using pushed settings", exc)
        return dict(self.pushed)

    def _report(self, problems: list[str]) -> None:
        for msg in problems:
            log.warning("%s", msg)
            if msg in self._shown:
                continue
            self._shown.add(msg)
            self._server.window_show_message(
                types.ShowMessageParams(type=types.MessageType.Warning, message=msg))
