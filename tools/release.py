"""Pack the conformance suite as a release that other implementations can pin.

    python3 tools/release.py [--suite conformance] [--out dist]

Writes ``dist/millebornes-conformance-<version>.tar.gz`` (the version is the suite's,
``SUITE_VERSION``, as recorded in ``conformance/index.json`` and ``CHANGELOG.md``) and
prints its SHA-256. Inside, under ``millebornes-conformance-<version>/``: the index, the
coverage and strength records, every case the index lists, the format and protocol
specifications with their JSON schemas, the changelog, and ``MANIFEST.sha256``, the
SHA-256 of every other file (``sha256sum -c MANIFEST.sha256`` checks them).

The tarball is reproducible: files in sorted order, no timestamps (tar and gzip
headers carry 0), no owners, one file mode; the same commit gives the same bytes.
"""

from __future__ import annotations

import argparse
import gzip
import hashlib
import io
import json
import sys
import tarfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
import project_python  # noqa: F401  (re-executes under .venv/bin/python if needed)
from millebornes.apps.stopping import run_command
from millebornes.conformance.canon import SUITE_VERSION

ROOT = Path(__file__).resolve().parents[1]
MANIFEST = "MANIFEST.sha256"
SPEC_FILES = (
    "format.md",
    "protocol.md",
    "case.schema.json",
    "index.schema.json",
    "protocol.schema.json",
    "state.schema.json",
)
"""The files of spec/conformance/ an implementer reads next to the cases."""


class ReleaseError(Exception):
    """The suite cannot be released as it stands; the message says what to do."""


def release_name(version: str = SUITE_VERSION) -> str:
    return f"millebornes-conformance-{version}"


def release_files(suite: Path) -> dict[str, bytes]:
    """Every file of the release but the manifest, by its path inside the release folder."""
    index = json.loads((suite / "index.json").read_text(encoding="utf-8"))
    if index.get("suite_version") != SUITE_VERSION:
        raise ReleaseError(
            f"{suite}/index.json has suite_version {index.get('suite_version')!r}, the code "
            f"{SUITE_VERSION!r}: regenerate the suite (millebornes conformance generate)"
        )
    changelog = (ROOT / "CHANGELOG.md").read_text(encoding="utf-8")
    if f"\n## {SUITE_VERSION} " not in changelog:
        raise ReleaseError(f"CHANGELOG.md has no entry '## {SUITE_VERSION} …'")
    names = ["index.json", "coverage.json", "strength.json"]
    names += [entry["path"] for entry in index["cases"]]
    files = {name: (suite / name).read_bytes() for name in names}
    spec = ROOT / "spec" / "conformance"
    files |= {f"spec/{name}": (spec / name).read_bytes() for name in SPEC_FILES}
    files["CHANGELOG.md"] = changelog.encode("utf-8")
    return files


def manifest(files: dict[str, bytes]) -> bytes:
    """``sha256sum`` lines (hash, two spaces, path), sorted by path."""
    lines = (f"{hashlib.sha256(files[name]).hexdigest()}  {name}\n" for name in sorted(files))
    return "".join(lines).encode("utf-8")


def tarball(files: dict[str, bytes], top: str) -> bytes:
    """The gzipped tar of ``files`` under ``top/``, with every varying header field fixed."""
    raw = io.BytesIO()
    with tarfile.open(fileobj=raw, mode="w", format=tarfile.PAX_FORMAT) as tar:
        for name in sorted(files):
            info = tarfile.TarInfo(f"{top}/{name}")
            info.size = len(files[name])
            info.mtime = 0
            info.mode = 0o644
            info.uid = info.gid = 0
            info.uname = info.gname = ""
            tar.addfile(info, io.BytesIO(files[name]))
    packed = io.BytesIO()
    with gzip.GzipFile(filename="", mode="wb", fileobj=packed, mtime=0, compresslevel=9) as gz:
        gz.write(raw.getvalue())
    return packed.getvalue()


def build(suite: Path, out: Path) -> Path:
    """Write the release tarball into ``out``; return its path."""
    files = release_files(suite)
    files[MANIFEST] = manifest(files)
    out.mkdir(parents=True, exist_ok=True)
    target = out / f"{release_name()}.tar.gz"
    target.write_bytes(tarball(files, release_name()))
    return target


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--suite", type=Path, default=ROOT / "conformance", help="%(default)s")
    parser.add_argument("--out", type=Path, default=ROOT / "dist", help="%(default)s")
    args = parser.parse_args(argv)
    try:
        target = build(args.suite, args.out)
    except (ReleaseError, OSError, ValueError, KeyError) as error:
        print(f"release: {error}", file=sys.stderr)
        return 1
    digest = hashlib.sha256(target.read_bytes()).hexdigest()
    print(f"{digest}  {target}")
    return 0


if __name__ == "__main__":
    sys.exit(run_command("release.py", main))
