"""What a user sees when something is wrong: one clear line and the documented exit code."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
from llm_fake_server import FakeLlmServer

pytestmark = pytest.mark.timeout(120)

SERVER = Path(__file__).resolve().parents[2] / "server"
GOOD = 'def double(x: int) -> int:\n    """Return twice ``x``."""\n    return 2 * x\n'


def docfact(cwd: Path, *args: str) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "PYTHONPATH": str(SERVER), "XDG_CACHE_HOME": str(cwd / ".cache"),
           "XDG_CONFIG_HOME": str(cwd / ".config")}
    return subprocess.run([sys.executable, "-m", "docfact", *args], cwd=cwd, env=env, capture_output=True,
                          text=True, timeout=90, check=False)


@pytest.fixture
def proj(tmp_path: Path) -> Path:
    (tmp_path / "m.py").write_text(GOOD)
    return tmp_path


def test_an_output_folder_that_does_not_exist_is_a_usage_error(proj: Path) -> None:
    r = docfact(proj, "check", ".", "-o", str(proj / "no" / "such" / "x.json"), "--format", "json")
    assert r.returncode == 2 and "its folder does not exist" in r.stderr and "internal error" not in r.stderr


def test_no_checkable_files_is_a_warning(tmp_path: Path) -> None:
    (tmp_path / "notes.txt").write_text("hello")
    r = docfact(tmp_path, "check", ".")
    assert r.returncode == 0 and "no Python, Java, TypeScript or JavaScript files found" in r.stderr


@pytest.mark.parametrize("jobs", ["0", "-2", "x"])
def test_jobs_must_be_positive(proj: Path, jobs: str) -> None:
    r = docfact(proj, "check", ".", "--jobs", jobs)
    assert r.returncode == 2 and "--jobs" in r.stderr


def test_invalid_configuration_says_nothing_was_checked(proj: Path) -> None:
    (proj / "pyproject.toml").write_text('[tool.docfact]\ntrigger = "sometimes"\n')
    r = docfact(proj, "check", ".")
    assert r.returncode == 2 and "nothing was checked" in r.stderr and "using the default" not in r.stderr


def test_a_config_file_with_a_tool_docfact_table(proj: Path) -> None:
    (proj / "settings.toml").write_text('[tool.docfact]\ncriteria = ["C1"]\n')
    r = docfact(proj, "check", ".", "--config", "settings.toml")
    assert r.returncode == 0, r.stderr
    assert "unknown setting 'tool'" not in r.stderr


def test_a_base_url_without_a_scheme_is_refused_at_once(proj: Path) -> None:
    r = docfact(proj, "check", ".", "--llm", "--llm-base-url", "localhost:8080/v1")
    assert r.returncode == 2 and "http:// or https://" in r.stderr


def test_singular_counts(proj: Path) -> None:
    r = docfact(proj, "check", "m.py")
    assert "1 docstring/comment across 1 file;" in r.stdout


def test_an_llm_judge_that_cannot_finish_has_its_own_exit_code(proj: Path) -> None:
    with FakeLlmServer(api_key="right") as fake:
        r = docfact(proj, "check", ".", "--llm", "--llm-base-url", fake.base_url, "--llm-api-key-env", "NO_SUCH_KEY_VAR",
                    "--no-cache")
    assert r.returncode == 3, r.stderr
    assert "NO_SUCH_KEY_VAR is not set" in r.stderr and "exit code 3" in r.stderr
    dead = docfact(proj, "check", ".", "--llm", "--llm-base-url", "http://127.0.0.1:9/v1", "--llm-api-key-env", "")
    assert dead.returncode == 3
    assert "sent" not in dead.stderr and "no connection could be made" in dead.stderr
