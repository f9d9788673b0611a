"""The settings of a ``docfact check`` run (and of the commands that run like it): the user's
configuration file, then ``--config`` or the nearest pyproject.toml, then the command-line
options; invalid configuration is a usage error.
"""

from __future__ import annotations

import argparse
import re
import sys
from dataclasses import replace
from pathlib import Path

from docfact.cli.errors import UsageError
from docfact.config import (
    Settings,
    SettingsError,
    find_pyproject,
    load_pyproject,
    load_user_config,
    resolve_criteria,
    url_problem,
    user_config_path,
)


def _selectors(spec: str | None, option: str) -> tuple[str, ...]:
    """Criteria and rule ids of a comma-separated option; an unknown one is a usage error."""
    from docfact.judges.maturity import normalize, unknown_selector_message

    if not spec:
        return ()
    out = tuple(normalize(c) for c in spec.split(",") if c.strip())
    for c in spec.split(","):
        why = unknown_selector_message(c) if c.strip() else None
        if why:
            raise UsageError(f"{option}: {why}")
    return out


def _invalid(path: Path | None, problems: list[str]) -> str:
    """The CLI's message for invalid configuration: it stops (exit 2), so the editors' "using the
    default" endings would mislead."""
    lines = [re.sub(r"; (using the default .*|using '.*'|ignored)$", "", p.removeprefix("docfact: ")) for p in problems]
    return (f"invalid configuration in {path} (nothing was checked; fix or remove these settings):\n  "
            + "\n  ".join(lines))


def load_settings(args: argparse.Namespace, first: Path) -> tuple[Settings, Path | None]:
    """Settings from the user's configuration file, then --config or the nearest pyproject.toml
    (a repository's: its :data:`~docfact.config.RESTRICTED` keys only when trusted), then the
    command-line overrides. Warnings go to stderr; invalid configuration is a usage error."""
    problems: list[str] = []
    notes: list[str] = []
    user = load_user_config(problems)
    if problems:
        raise UsageError(_invalid(user_config_path(), problems))
    cfg = Path(args.config) if args.config else find_pyproject(first)
    settings = user.settings
    if cfg is not None:
        if not cfg.is_file():
            raise UsageError(f"{cfg}: configuration file not found")
        trusted = bool(getattr(args, "trust_workspace_config", False)) or user.trusts(cfg)
        try:
            settings = load_pyproject(cfg, problems, settings, trusted=trusted, notes=notes)
        except SettingsError as exc:
            raise UsageError(str(exc)) from exc
    if problems:
        raise UsageError(_invalid(cfg, problems))
    for note in notes:
        print(note, file=sys.stderr)
    select, ignore = _selectors(args.select, "--select"), _selectors(args.ignore, "--ignore")
    if select:
        settings = replace(settings, select=select)
    if ignore:
        settings = replace(settings, ignore=(*settings.ignore, *ignore))
    if getattr(args, "preview", None) is not None:
        settings = replace(settings, preview=args.preview)
    settings = resolve_criteria(settings)
    llm = settings.llm
    if args.llm:
        llm = replace(llm, enabled=True)
    for opt, name in (("llm_base_url", "base_url"), ("llm_model", "model"), ("llm_mode", "mode"),
                      ("llm_api_key_env", "api_key_env"), ("llm_max_requests", "max_requests")):
        value = getattr(args, opt)
        if value is not None:
            llm = replace(llm, **{name: value})
    if llm.enabled and url_problem(llm.base_url):
        raise UsageError(f"--llm-base-url: {url_problem(llm.base_url)}")
    settings = replace(settings, llm=llm)
    if args.cache_dir:
        settings = replace(settings, cache=replace(settings.cache, dir=args.cache_dir))
    return settings, cfg
