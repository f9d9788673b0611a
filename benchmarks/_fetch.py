"""Download and unpack pinned sdists from PyPI into benchmarks/.cache, and install the pinned
tools benchmarks compare with (benchmarks only).

docfact itself never downloads anything; the benchmarks need real code to measure.
"""

from __future__ import annotations

import hashlib
import importlib.util
import re
import shutil
import subprocess
import sys
import tarfile
import urllib.request
import zipfile
from pathlib import Path

CACHE = Path(__file__).resolve().parent / ".cache"


def sdist(name: str, version: str) -> Path:
    """The unpacked source tree of ``name==version`` (downloaded once, then reused)."""
    CACHE.mkdir(parents=True, exist_ok=True)
    dest = CACHE / f"{name}-{version}"
    if dest.is_dir() and any(dest.iterdir()):
        return _root(dest)
    archive = _download(name, version)
    dest.mkdir(exist_ok=True)
    if archive.name.endswith(".zip"):
        with zipfile.ZipFile(archive) as z:
            z.extractall(dest)
    else:
        with tarfile.open(archive) as t:
            t.extractall(dest, filter="data")
    return _root(dest)


def _download(name: str, version: str) -> Path:
    """The sdist archive, found through PyPI's simple index (PEP 503) and checked by sha256."""
    for suffix in (".tar.gz", ".zip"):
        for cand in CACHE.glob(f"*{version}{suffix}"):
            if cand.name.lower().replace("_", "-").startswith(f"{name}-{version}".lower().replace("_", "-")):
                return cand
    # PEP 503: the index and the file names spell the project name normalized ("smart_open" is
    # served as smart-open, its sdist named smart_open-9.0.2.tar.gz)
    normal = re.sub(r"[-_.]+", "-", name).lower()
    page = urllib.request.urlopen(f"https://pypi.org/simple/{normal}/", timeout=60).read().decode()
    want = {re.sub(r"[-_.]+", "-", f"{normal}-{version}{s}".lower()) for s in (".tar.gz", ".zip")}
    for href in re.findall(r'href="([^"]+)"', page):
        url, _, digest = href.partition("#sha256=")
        fname = url.rsplit("/", 1)[-1]
        if re.sub(r"[-_.]+", "-", fname.lower()) in want:
            print(f"downloading {fname} from PyPI", file=sys.stderr)
            data = urllib.request.urlopen(url, timeout=300).read()
            if digest and hashlib.sha256(data).hexdigest() != digest:
                raise RuntimeError(f"{fname}: sha256 mismatch")
            out = CACHE / fname
            out.write_bytes(data)
            return out
    raise RuntimeError(f"no sdist of {name}=={version} on PyPI")


def _root(dest: Path) -> Path:
    kids = [p for p in dest.iterdir() if p.is_dir()]
    return kids[0] if len(kids) == 1 else dest


def ensure_pydoclint(version: str, who: str, in_process: bool = False) -> str:
    """The path of a ``pydoclint`` executable at ``version`` (a benchmark-only dependency): the one
    beside this Python when it has it, else one installed with pip into a virtual environment of
    its own under the cache (this Python's packages are left alone). ``in_process``: the benchmark
    imports pydoclint itself, so this Python must have it (the message says how)."""
    exe = Path(sys.executable).with_name("pydoclint")
    if importlib.util.find_spec("pydoclint") is not None and exe.exists():
        out = subprocess.run([str(exe), "--version"], capture_output=True, text=True, check=False).stdout
        if version not in out:
            print(f"{who}: warning: found {out.strip()!r}, the pinned version is {version}", file=sys.stderr)
        return str(exe)
    if in_process:
        raise SystemExit(f"{who}: needs pydoclint=={version} importable by this Python; run it from a virtual "
                         f"environment that has it: python -m venv --system-site-packages V && "
                         f"V/bin/pip install pydoclint=={version} && V/bin/python benchmarks/{who}")
    # the real path: a cache reached through a symlink (a worktree's) must not be written into the
    # scripts' first lines, or they break when that worktree goes
    venv = CACHE.resolve() / f"venv-pydoclint-{version}"
    venv_exe = venv / "bin" / "pydoclint"
    if venv_exe.exists() and not _runs(venv_exe):
        print(f"{who}: {venv} is broken (its interpreter moved); making it again", file=sys.stderr)
        shutil.rmtree(venv)
    if not venv_exe.exists():
        print(f"{who}: installing pydoclint=={version} (a benchmark-only dependency) into {venv}", file=sys.stderr)
        subprocess.run([sys.executable, "-m", "venv", str(venv)], check=True)
        subprocess.run([str(venv / "bin" / "python"), "-m", "pip", "install", "-q", f"pydoclint=={version}"],
                       check=True)
    return str(venv_exe)


def _runs(exe: Path) -> bool:
    """Whether ``exe --version`` runs (a script whose interpreter is gone does not start)."""
    try:
        return subprocess.run([str(exe), "--version"], capture_output=True, check=False).returncode == 0
    except OSError:
        return False
