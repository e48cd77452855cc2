"""The suite is versioned and released as a tarball other implementations can pin."""

from __future__ import annotations

import hashlib
import io
import json
import subprocess
import sys
import tarfile
from pathlib import Path

from millebornes.conformance.canon import CASE_FORMAT, SUITE_VERSION

ROOT = Path(__file__).resolve().parents[2]
RELEASE = ROOT / "tools" / "release.py"
TOP = f"millebornes-conformance-{SUITE_VERSION}"


def release(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, str(RELEASE), *args], capture_output=True, text=True, check=False
    )


def test_the_suite_version_is_in_the_index_and_the_changelog() -> None:
    index = json.loads((ROOT / "conformance" / "index.json").read_text(encoding="utf-8"))
    assert index["suite_version"] == SUITE_VERSION
    changelog = (ROOT / "CHANGELOG.md").read_text(encoding="utf-8")
    assert f"\n## {SUITE_VERSION} " in changelog
    assert SUITE_VERSION.split(".")[0] == CASE_FORMAT.rsplit("/", 1)[1]


def test_the_release_is_reproducible_and_its_manifest_matches(tmp_path: Path) -> None:
    first, second = release("--out", str(tmp_path / "a")), release("--out", str(tmp_path / "b"))
    assert first.returncode == 0, first.stderr
    assert second.returncode == 0, second.stderr
    tarball = tmp_path / "a" / f"{TOP}.tar.gz"
    data = tarball.read_bytes()
    assert data == (tmp_path / "b" / f"{TOP}.tar.gz").read_bytes()
    assert first.stdout.split()[0] == hashlib.sha256(data).hexdigest()

    with tarfile.open(fileobj=io.BytesIO(data)) as tar:
        members = {m.name: m for m in tar.getmembers()}
        files = {name: tar.extractfile(m).read() for name, m in members.items()}  # type: ignore[union-attr]
    assert all(name.startswith(f"{TOP}/") for name in files)
    assert {m.mtime for m in members.values()} == {0}
    listed = {}
    for line in files.pop(f"{TOP}/MANIFEST.sha256").decode("utf-8").splitlines():
        digest, name = line.split("  ", 1)
        listed[f"{TOP}/{name}"] = digest
    assert listed == {name: hashlib.sha256(body).hexdigest() for name, body in files.items()}

    index = json.loads(files[f"{TOP}/index.json"])
    assert index["suite_version"] == SUITE_VERSION
    assert {f"{TOP}/{entry['path']}" for entry in index["cases"]} <= set(files)
    assert f"{TOP}/spec/protocol.md" in files and f"{TOP}/CHANGELOG.md" in files


def test_a_suite_of_another_version_is_refused_in_one_line(tmp_path: Path) -> None:
    index = json.loads((ROOT / "conformance" / "index.json").read_text(encoding="utf-8"))
    index["suite_version"] = "0.0.1"
    (tmp_path / "index.json").write_text(json.dumps(index), encoding="utf-8")
    done = release("--suite", str(tmp_path), "--out", str(tmp_path / "out"))
    assert done.returncode == 1
    assert done.stderr.count("\n") == 1 and "regenerate the suite" in done.stderr
    assert not (tmp_path / "out").exists()
