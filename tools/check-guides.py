#!/usr/bin/env python3
"""The folder guides stay true: each README.md that guides a folder names every
header, file or folder it guides, and the top README links every page of docs/.

    tools/check-guides.py ROOT       exit 1 naming each entry a guide leaves out
    tools/check-guides.py --self-test  a guide that leaves one out must fail

An entry counts as named when a `backticked` span of its guide is the entry's name,
ends with /NAME (a path to it), or is a path under it (NAME/...); folders may be
written NAME/. Prose mentions do not count: a guide names what it lists.
"""
from __future__ import annotations

import re
import sys
import tempfile
from dataclasses import dataclass
from pathlib import Path


@dataclass(frozen=True)
class Guide:
    guide: str         # the README, relative to the root
    folder: str        # what it guides
    kind: str          # "files" (matching `pattern`), "folders", or "entries" (both)
    pattern: str = "*"


# Files a guide need not name: its own, and the build's glue.
NOT_GUIDED = {"README.md", "CMakeLists.txt"}

GUIDES = [
    Guide("hal/README.md", "hal/include/a2a/hal", "files", "*.hpp"),
    Guide("platform/README.md", "platform", "folders"),
    Guide("platform/cortex-m/README.md", "platform/cortex-m", "entries"),
    Guide("firmware/README.md", "firmware", "folders"),
    Guide("toolchains/README.md", "toolchains", "files", "*.cmake"),
    Guide("fuzz/corpus/README.md", "fuzz/corpus", "folders"),
]


def spans(text: str) -> list[str]:
    """Every `backticked` span of a page, without a trailing slash."""
    return [s.rstrip("/") for s in re.findall(r"`([^`\n]+)`", text)]


def named(name: str, spans_: list[str]) -> bool:
    return any(s == name or s.endswith("/" + name) or s.startswith(name + "/") or ("/" + name + "/") in s
               for s in spans_)


def entries(root: Path, g: Guide) -> list[str]:
    folder = root / g.folder
    out = []
    for p in sorted(folder.iterdir()):
        if p.name in NOT_GUIDED or p.name.startswith("."):
            continue
        if g.kind == "files" and p.is_file() and p.match(g.pattern):
            out.append(p.name)
        elif g.kind == "folders" and p.is_dir():
            out.append(p.name)
        elif g.kind == "entries":
            out.append(p.name)
    return out


def problems(root: Path) -> list[str]:
    found = []
    for g in GUIDES:
        page = root / g.guide
        if not page.is_file():
            found.append(f"{g.guide}: missing (it guides {g.folder}/)")
            continue
        s = spans(page.read_text(encoding="utf-8"))
        for name in entries(root, g):
            if not named(name, s):
                found.append(f"{g.guide}: does not name `{name}` ({g.folder}/{name})")
    readme = root / "README.md"
    text = readme.read_text(encoding="utf-8") if readme.is_file() else ""
    for page in sorted((root / "docs").glob("*.md")):
        if f"docs/{page.name}" not in text:
            found.append(f"README.md: does not link docs/{page.name}")
    return found


def self_test() -> int:
    with tempfile.TemporaryDirectory() as tmp:
        root = Path(tmp)
        for g in GUIDES:
            (root / g.folder).mkdir(parents=True, exist_ok=True)
        (root / "docs").mkdir()
        (root / "docs/one.md").write_text("# one\n")
        (root / "docs/two.md").write_text("# two\n")
        (root / "README.md").write_text("[one](docs/one.md), [two](docs/two.md)\n")
        (root / "hal/include/a2a/hal/bus.hpp").write_text("")
        (root / "hal/include/a2a/hal/register.hpp").write_text("")
        (root / "platform/mmio").mkdir()
        (root / "platform/gpio").mkdir()
        (root / "platform/cortex-m/boards").mkdir()
        (root / "platform/cortex-m/startup.c").write_text("")
        (root / "firmware/core").mkdir()
        (root / "toolchains/host-gcc.cmake").write_text("")
        (root / "fuzz/corpus/config_block").mkdir()
        full = {
            "hal/README.md": "| `bus.hpp` | x |\n| `register.hpp` | y |\n",
            "platform/README.md": "`mmio/`, `cortex-m/` and `platform/gpio`\n",
            "platform/cortex-m/README.md": "`boards/<board>/` and `startup.c`\n",
            "firmware/README.md": "`core/`\n",
            "toolchains/README.md": "`host-gcc.cmake`\n",
            "fuzz/corpus/README.md": "`config_block/`\n",
        }
        for guide, text in full.items():
            (root / guide).write_text(text)
        failures = []
        if problems(root):
            failures.append(f"a complete tree fails: {problems(root)}")
        cases = [
            ("hal/README.md", "| `bus.hpp` | x |\nregister.hpp in prose\n", "`register.hpp`"),
            ("platform/README.md", "`mmio/`, `cortex-m/`\n", "`gpio`"),
            ("platform/cortex-m/README.md", "`boards/`\n", "`startup.c`"),
            ("README.md", "[one](docs/one.md)\n", "docs/two.md"),
        ]
        for guide, text, missing in cases:
            before = (root / guide).read_text()
            (root / guide).write_text(text)
            got = problems(root)
            if not any(missing in p for p in got):
                failures.append(f"{guide} without {missing}: not caught ({got})")
            (root / guide).write_text(before)
    for f in failures:
        print(f"self-test: {f}", file=sys.stderr)
    print(f"guides self-test: {len(cases) + 1 - len(failures)}/{len(cases) + 1} cases pass")
    return 1 if failures else 0


def main(argv: list[str]) -> int:
    if argv[1:] == ["--self-test"]:
        return self_test()
    if len(argv) != 2:
        print(__doc__, file=sys.stderr)
        return 2
    found = problems(Path(argv[1]))
    for p in found:
        print(p, file=sys.stderr)
    guided = ", ".join(g.guide for g in GUIDES)
    print(f"guides: {len(found)} left out ({guided}; README.md's docs pages)")
    return 1 if found else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
