"""The harness's folders are layers, and an include may only point down.

Usage: layers_test.py SOURCE_DIR

Each folder of harness/src may include its own headers and those of the
layers below it, never one beside it or above. The order is the one the
README's Layout section gives; a new folder must be placed in it here, or
this test fails naming it. The reference library (onnxcts/...) and the
plugin header sit below every layer.
"""

import pathlib
import re
import sys

# Lowest first; folders on one line are peers and may not include each other.
LAYERS: list[tuple[str, ...]] = [
    ("core",),
    ("io", "report"),
    ("generate",),
    ("backends",),
    ("run",),
    ("fuzz",),
    ("cli",),
]

INCLUDE = re.compile(r'^\s*#\s*include\s+"([a-z_]+)/[^"]+"', re.MULTILINE)


def rank_of() -> dict[str, int]:
    return {name: rank for rank, names in enumerate(LAYERS) for name in names}


def upward_edges(src: pathlib.Path) -> list[str]:
    """Every include in src that points sideways or up, as a readable line."""
    ranks = rank_of()
    faults: list[str] = []
    for folder in sorted(p for p in src.iterdir() if p.is_dir()):
        if folder.name not in ranks:
            faults.append(f"{folder}: a folder with no layer in LAYERS")
            continue
        for file in sorted(folder.rglob("*")):
            if file.suffix not in (".cc", ".h"):
                continue
            for target in INCLUDE.findall(file.read_text()):
                if target == "onnxcts" or target == folder.name:
                    continue
                if target not in ranks:
                    faults.append(f"{file}: includes {target}/, no layer")
                elif ranks[target] >= ranks[folder.name]:
                    faults.append(f"{file}: includes {target}/, which is not"
                                  f" below {folder.name}/")
    loose = [p for p in src.iterdir() if p.suffix in (".cc", ".h")]
    faults += [f"{p}: a source file outside every layer" for p in loose]
    return faults


def main() -> int:
    src = pathlib.Path(sys.argv[1]) / "harness" / "src"
    faults = upward_edges(src)
    for fault in faults:
        print(fault)
    if not faults:
        print(f"{src}: every include points down")
    return 1 if faults else 0


if __name__ == "__main__":
    sys.exit(main())
