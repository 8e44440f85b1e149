"""C4.5 and ID3 against Weka in the same run (not a test; needs Debian's ``weka`` and Java).

    .venv/bin/python benchmarks/bench_weka.py [--rows 10000 100000] [--repeats 3]

* C4.5 + error-based pruning (CF 0.25, at least 2 rows in two branches) on a mixed table:
  12 continuous + 8 nominal columns of 3–8 levels, 10 % of the cells missing, 3 classes;
  Weka's ``J48 -C 0.25 -M 2`` on the same table written as ARFF; the same for the C4.5 (J48)
  preset (Quinlan's release 8, grown in readable Python over one compiled cut search).
* ID3 on 10 nominal columns of 4 levels; Weka's ``Id3``.

Weka's figure is the "Time taken to build model" it prints (the file already parsed); ours is
growing and pruning from the encoded Dataset, and the encoding (DataFrame → Dataset) is shown
apart. Medians of ``--repeats`` runs, each Weka run in a fresh JVM as a user would start it.
"""

from __future__ import annotations

import argparse
import re
import subprocess
import tempfile
from pathlib import Path

import pandas as pd
from common import median_seconds, mixed_table, nominal_table

import treecore
from treecore.pruning import prune_ebp

WEKA_JAR = Path("/usr/share/java/weka.jar")


def install_weka() -> None:
    """Debian's weka package (and its Java), for this benchmark only."""
    if not WEKA_JAR.exists():
        subprocess.run(["apt-get", "install", "-y", "-qq", "--no-install-recommends", "weka"],
                       check=True)


def to_arff(frame: pd.DataFrame, path: Path) -> None:
    """``frame`` as an ARFF file: text columns nominal (their values declared), numbers numeric,
    empty cells ``?``."""
    lines = ["@RELATION table"]
    for name in frame.columns:
        column = frame[name]
        if pd.api.types.is_numeric_dtype(column):
            lines.append(f"@ATTRIBUTE {name} NUMERIC")
        else:
            lines.append(f"@ATTRIBUTE {name} {{{','.join(sorted(column.dropna().unique()))}}}")
    lines.append("@DATA")
    path.write_text("\n".join(lines) + "\n" + frame.to_csv(header=False, index=False, na_rep="?"))


def weka_build_seconds(classifier: list[str], arff: Path) -> float:
    """The "Time taken to build model" Weka prints for ``classifier`` trained on ``arff``."""
    command = ["java", "-Xmx8g", "-cp", str(WEKA_JAR), *classifier[:1], "-t", str(arff),
               "-no-cv", "-o", *classifier[1:]]
    output = subprocess.run(command, capture_output=True, text=True, check=True).stdout
    return float(re.search(r"Time taken to build model: ([\d.]+) seconds", output).group(1))


def compare(title: str, frame: pd.DataFrame, grow_ours, weka: list[str], repeats: int,
            folder: Path) -> None:
    arff = folder / f"{title.split()[0]}-{len(frame)}.arff"
    to_arff(frame, arff)
    encode, dataset = median_seconds(lambda: treecore.Dataset.from_frame(frame, "y"), repeats)
    ours, tree = median_seconds(lambda: grow_ours(dataset), repeats)
    times = sorted(weka_build_seconds(weka, arff) for _ in range(repeats))
    theirs = times[len(times) // 2]
    print(f"{title:<26}{len(frame):>9}{ours:>9.2f}{encode:>9.2f}{theirs:>9.2f}"
          f"{ours / theirs:>8.2f}  {tree.n_leaves} leaves")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--rows", type=int, nargs="+", default=[10_000, 100_000])
    parser.add_argument("--repeats", type=int, default=3)
    args = parser.parse_args()
    install_weka()
    c45 = lambda dataset: prune_ebp(treecore.grow(dataset, algorithm="c45",        # noqa: E731
                                                  min_samples_leaf=2), cf=0.25).tree
    j48 = lambda dataset: prune_ebp(treecore.grow(dataset, algorithm="j48",        # noqa: E731
                                                  min_samples_leaf=2), cf=0.25,
                                    dataset=dataset).tree
    id3 = lambda dataset: treecore.grow(dataset, algorithm="id3")                   # noqa: E731
    print(f"{'task':<26}{'rows':>9}{'ours s':>9}{'encode':>9}{'weka s':>9}{'ratio':>8}")
    with tempfile.TemporaryDirectory() as folder:
        for n in args.rows:
            compare("C4.5+EBP mixed, 10% miss", mixed_table(n), c45,
                    ["weka.classifiers.trees.J48", "-C", "0.25", "-M", "2"], args.repeats,
                    Path(folder))
            compare("J48 preset mixed, 10% miss", mixed_table(n), j48,
                    ["weka.classifiers.trees.J48", "-C", "0.25", "-M", "2"], args.repeats,
                    Path(folder))
            compare("ID3 nominal 10 x 4", nominal_table(n), id3,
                    ["weka.classifiers.trees.Id3"], args.repeats, Path(folder))


if __name__ == "__main__":
    main()
