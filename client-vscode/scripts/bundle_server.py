"""Puts docfact and its dependencies for one VS Code target into bundled/libs/.

    python3 scripts/bundle_server.py linux-x64 [--wheel dist/docfact-X-py3-none-any.whl]

Wheels come from the package index (`pip download --only-binary :all:` for the target's
platform tags), one resolution per supported Python version. A wheel usable by every version
(`py3-none-any`, `abi3`) is unpacked once into libs/common/; one built for a single CPython
(tree-sitter's core, regex) into libs/cp3XX/. bundled/launch.py puts the two folders of the
running Python on sys.path. Without --wheel, docfact's own wheel is built from the repository.
"""

from __future__ import annotations

import argparse
import re
import shutil
import subprocess
import sys
import tempfile
import zipfile
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

HERE = Path(__file__).resolve().parent
EXTENSION = HERE.parent
REPO = EXTENSION.parent
LIBS = EXTENSION / "bundled" / "libs"

PYTHONS = ("3.11", "3.12", "3.13", "3.14")

# VS Code target -> pip platform tags (pip also accepts the older manylinux/macOS tags of each).
PLATFORMS: dict[str, tuple[str, ...]] = {
    "linux-x64": ("manylinux_2_17_x86_64", "manylinux2014_x86_64"),
    "linux-arm64": ("manylinux_2_17_aarch64", "manylinux2014_aarch64"),
    "darwin-x64": ("macosx_11_0_x86_64",),
    "darwin-arm64": ("macosx_11_0_arm64",),
    "win32-x64": ("win_amd64",),
}

WHEEL_TAGS = re.compile(r"-(?P<py>[^-]+)-(?P<abi>[^-]+)-(?P<plat>[^-]+)\.whl$")


def version_specific(wheel: str) -> bool:
    """True for a wheel built for one CPython only (ABI tag cp3XX, not abi3 or none)."""
    m = WHEEL_TAGS.search(wheel)
    if m is None:
        raise ValueError(f"not a wheel file name: {wheel}")
    return m["abi"] not in ("none", "abi3")


def build_docfact_wheel(out: Path) -> Path:
    """Builds docfact's wheel from the repository (pip wheel, no dependencies)."""
    subprocess.run([sys.executable, "-m", "pip", "wheel", "-q", "--no-deps", "-w", str(out), str(REPO)],
                   check=True)
    wheels = sorted(out.glob("docfact-*.whl"))
    if len(wheels) != 1:
        raise SystemExit(f"expected one docfact wheel in {out}, found {wheels}")
    return wheels[0]


def download(requirement: Path, target: str, python: str, dest: Path) -> list[Path]:
    """The wheels of `requirement` and its dependencies for one platform and Python version."""
    dest.mkdir(parents=True, exist_ok=True)
    cmd = [sys.executable, "-m", "pip", "download", "-q", "--disable-pip-version-check",
           "--only-binary", ":all:", "--implementation", "cp", "--python-version", python,
           "-d", str(dest)]
    for tag in PLATFORMS[target]:
        cmd += ["--platform", tag]
    proc = subprocess.run([*cmd, str(requirement)], capture_output=True, text=True, check=False)
    if proc.returncode != 0:
        raise SystemExit(f"pip download for {target}, Python {python} failed:\n{proc.stderr}")
    return sorted(dest.glob("*.whl"))


def unpack(wheel: Path, into: Path) -> None:
    """Installs a wheel by unpacking it; *.data/purelib and platlib go to the top, the rest is dropped."""
    with zipfile.ZipFile(wheel) as z:
        for info in z.infolist():
            name = info.filename
            parts = name.split("/")
            if parts[0].endswith(".data"):
                if len(parts) < 3 or parts[1] not in ("purelib", "platlib"):
                    continue
                name = "/".join(parts[2:])
            if name.endswith("/") or "__pycache__" in parts:
                continue
            path = into / name
            path.parent.mkdir(parents=True, exist_ok=True)
            with z.open(info) as src, path.open("wb") as dst:
                shutil.copyfileobj(src, dst)


def bundle(target: str, wheel: Path, work: Path) -> dict[str, list[str]]:
    """Fills bundled/libs for `target`; returns the wheel names per folder (common, cp3XX)."""
    if LIBS.exists():
        shutil.rmtree(LIBS)
    unpack(wheel, LIBS / "common")
    placed: dict[str, list[str]] = {"common": [wheel.name]}
    tags = ["cp" + python.replace(".", "") for python in PYTHONS]
    # One pip per Python version at once: the resolutions are independent and mostly network.
    with ThreadPoolExecutor(max_workers=len(PYTHONS)) as pool:
        downloads = list(pool.map(lambda p, t: download(wheel, target, p, work / target / t), PYTHONS, tags))
    for tag, wheels in zip(tags, downloads):
        placed[tag] = []
        for whl in wheels:
            folder = tag if version_specific(whl.name) else "common"
            if whl.name in placed[folder]:
                continue
            # Pure wheels picked for several Python versions: the first (3.11) resolution wins,
            # so that libs/common holds one version of each distribution.
            dist = whl.name.split("-")[0].lower()
            if folder == "common" and any(n.split("-")[0].lower() == dist for n in placed["common"]):
                continue
            unpack(whl, LIBS / folder)
            placed[folder].append(whl.name)
    for tag in tags:
        (LIBS / tag).mkdir(parents=True, exist_ok=True)  # launch.py knows the versions from these
    return placed


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("target", choices=sorted(PLATFORMS))
    parser.add_argument("--wheel", type=Path, help="docfact wheel to bundle (default: build one)")
    args = parser.parse_args(argv)
    with tempfile.TemporaryDirectory() as tmp:
        wheel = args.wheel.resolve() if args.wheel else build_docfact_wheel(Path(tmp))
        placed = bundle(args.target, wheel, Path(tmp))
    for folder, names in placed.items():
        print(f"{args.target} {folder}: {' '.join(sorted(names)) or '-'}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
