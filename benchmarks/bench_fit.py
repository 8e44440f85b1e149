"""Fit time of treecore against scikit-learn in the same run (not a test).

    .venv/bin/python benchmarks/bench_fit.py [--sizes 10000 100000 1000000] [--repeats 3]
    .venv/bin/python benchmarks/bench_fit.py --memory [--sizes 1000000]

CART/Gini at full depth on make_classification data (20 features, 3 classes); C4.5 with 10% of
values missing; ID3 on nominal data. Prints the median of each and the ratio ours / sklearn.

``--memory`` measures the peak memory of the CART fit instead: each fit runs in a process of
its own, which makes the data, imports and warms its library (a 200-row fit), then fits once;
its peak resident set during the fit (Linux's ``VmHWM``, reset just before) is printed whole,
above what the process held before the fit (the data, the libraries), and without the pages of
mapped files (``RssFile`` before the fit: the libraries' code, read-only and shared with every
process that maps them, which the fit does not add to): what the process owns at its peak.
Each process imports only its own library: scikit-learn's does not load treecore (nor, with it,
numba's runtime), as a scikit-learn user's would not.
"""

from __future__ import annotations

import argparse
import gc
import subprocess
import sys

import numpy as np
import pandas as pd
from common import classification, median_seconds


def our_tree(**params):
    """treecore's classifier, imported when first made (see ``--memory``)."""
    from treecore import DecisionTreeClassifier
    return DecisionTreeClassifier(**params)


def sklearn_tree():
    """scikit-learn's CART, imported when first made."""
    from sklearn.tree import DecisionTreeClassifier
    return DecisionTreeClassifier(random_state=0)


#: The two CART/Gini full-depth fits compared.
FITS = {"ours": our_tree, "sklearn": sklearn_tree}


def resident_mb(field: str) -> float:
    """``VmRSS`` (now), ``VmHWM`` (peak since the last reset) or ``RssFile`` (pages of mapped
    files now) of this process, in MB."""
    with open("/proc/self/status") as status:
        line = next(line for line in status if line.startswith(field + ":"))
    return int(line.split()[1]) / 1024


def fit_in_this_process(which: str, n: int) -> None:
    """Print ``(peak MB during the fit, MB held before it, MB of mapped files before it)`` of one
    fit of ``FITS[which]`` on ``n`` rows."""
    X, y = classification(n)
    FITS[which]().fit(*classification(200))                          # imports, compiled kernels
    gc.collect()
    before, files = resident_mb("VmRSS"), resident_mb("RssFile")
    with open("/proc/self/clear_refs", "w") as clear:                 # peak := now
        clear.write("5")
    FITS[which]().fit(X, y)
    print(resident_mb("VmHWM"), before, files)


def peak_memory(sizes: list[int]) -> None:
    """Peak memory of ours and scikit-learn's fit, each in a fresh process, in turn."""
    print(f"{'CART fit peak memory':<24}{'rows':>10}{'ours MB':>10}{'sklearn MB':>12}"
          f"{'ours above data':>17}{'sklearn above':>15}{'ours w/o files':>16}"
          f"{'sklearn w/o files':>19}")
    for n in sizes:
        peaks = {}
        for which in FITS:
            out = subprocess.run([sys.executable, __file__, "--fit-in-process", which, str(n)],
                                 capture_output=True, text=True, check=True).stdout
            peaks[which] = [float(x) for x in out.split()]
        (ours, ours_before, ours_files), (theirs, theirs_before, theirs_files) = (
            peaks["ours"], peaks["sklearn"])
        print(f"{'':<24}{n:>10}{ours:>10.0f}{theirs:>12.0f}{ours - ours_before:>17.0f}"
              f"{theirs - theirs_before:>15.0f}{ours - ours_files:>16.1f}"
              f"{theirs - theirs_files:>19.1f}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--sizes", type=int, nargs="+", default=[10_000, 100_000, 1_000_000])
    parser.add_argument("--repeats", type=int, default=3)
    parser.add_argument("--memory", action="store_true", help="peak memory instead of time")
    parser.add_argument("--fit-in-process", nargs=2, metavar=("WHICH", "ROWS"),
                        help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.fit_in_process:
        fit_in_this_process(args.fit_in_process[0], int(args.fit_in_process[1]))
        return
    if args.memory:
        peak_memory(args.sizes)
        return
    our_tree().fit(*classification(200))                 # compile / warm caches once
    print(f"{'task':<28}{'rows':>10}{'ours s':>10}{'sklearn s':>11}{'ratio':>8}")
    for n in args.sizes:
        X, y = classification(n)
        repeats = args.repeats if n <= 100_000 else 1
        ours, _ = median_seconds(lambda: our_tree().fit(X, y), repeats)
        theirs, _ = median_seconds(lambda: sklearn_tree().fit(X, y), repeats)
        print(f"{'CART gini full depth':<28}{n:>10}{ours:>10.2f}{theirs:>11.2f}"
              f"{ours / theirs:>8.2f}")
        if n > 100_000:
            continue
        rng = np.random.default_rng(0)
        holes = np.where(rng.random(X.shape) < 0.1, np.nan, X)
        c45, _ = median_seconds(lambda: our_tree(algorithm="c45").fit(holes, y), repeats)
        print(f"{'C4.5 10% missing':<28}{n:>10}{c45:>10.2f}{'':>11}{'':>8}")
        nominal = pd.DataFrame(np.array(list("abcd"))[np.digitize(X[:, :10], [-1, 0, 1])])
        id3, _ = median_seconds(lambda: our_tree(algorithm="id3").fit(nominal, y), repeats)
        print(f"{'ID3 nominal (10 x 4 levels)':<28}{n:>10}{id3:>10.2f}{'':>11}{'':>8}")


if __name__ == "__main__":
    main()
