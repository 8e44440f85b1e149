"""Compile every kernel before anyone waits for it: ``python -m treecore.warmup``.

The engine's loops are compiled by numba on first use and kept on disk (``cache=True``), so only
the first process on a machine pays for it; run by the README's set-up (``make run``,
``make test``) it moves that cost out of the first click, and then compiles the kernels Python
calls into a module of their own (:mod:`treecore.ahead`), which processes run without numba.
numba checks a cached function against its own source file only, not against the files of the
functions it calls, so a change to :mod:`treecore.measures.kernels` could leave a stale compiled
copy inside another module's cache: when the sources differ from those the cache was made from,
the cache is cleared first.
"""

from __future__ import annotations

from pathlib import Path

import numpy as np

from .jit import PACKAGE, sources_fingerprint

#: Where the fingerprint of the sources the cache was made from is kept.
FINGERPRINT = Path("__pycache__") / "numba-sources.sha256"


def clear_stale_cache(package: Path = PACKAGE) -> bool:
    """Delete the compiled functions on disk unless they were made from these sources; returns
    whether anything was cleared."""
    current = sources_fingerprint(package)
    recorded = package / FINGERPRINT
    if recorded.exists() and recorded.read_text() == current:
        return False
    stale = [p for p in package.rglob("__pycache__/*") if p.suffix in (".nbi", ".nbc")]
    for path in stale:
        path.unlink(missing_ok=True)
    recorded.parent.mkdir(exist_ok=True)
    recorded.write_text(current)
    return bool(stale)


def every_layout(X: np.ndarray):
    """``X`` in each memory layout a caller may hand a kernel, each of which numba compiles
    apart: row-major, column-major and strided, each also read-only (pandas hands out read-only
    views of its columns)."""
    for made in (np.ascontiguousarray(X), np.asfortranarray(X), np.repeat(X, 2, axis=0)[::2]):
        yield made
        view = made.view()
        view.flags.writeable = False
        yield view


def warm() -> None:
    """Grow, predict and prune small trees through every engine and kind of split, and score a
    node again for its candidate table, so every kernel is compiled (and cached on disk)."""
    from . import Dataset, Feature, Kind, Schema, grow, grow_steps
    from .ensemble import MemberGrower
    from .grow.growing import GrowthConfig
    from .grow.nodewise import NodewiseGrowth
    from .grow.presorted import PresortedGrowth
    from .pruning import ccp_path, prune_ebp, select_ccp_alpha

    rng = np.random.default_rng(0)
    n = 60
    X = np.column_stack([rng.normal(size=n).round(1), rng.normal(size=n),
                         rng.integers(0, 3, n).astype(float)])
    y = ((X[:, 0] + (X[:, 2] == 0)) > 0.3).astype(np.int64)
    features = (Feature("x", Kind.CONTINUOUS), Feature("z", Kind.CONTINUOUS),
                Feature("c", Kind.NOMINAL, ("a", "b", "c")))
    holes = X.copy()
    holes[::7, 0] = np.nan
    complete = Dataset(Schema(features[:2], "y", ("no", "yes")), X[:, :2], y, np.ones(n))
    mixed = Dataset(Schema(features, "y", ("no", "yes")), holes, y, np.ones(n))
    for dataset in (complete, mixed):
        for algorithm in ("cart", "c45", "id3"):
            for criterion in ("gini", "entropy", "misclassification"):
                tree = grow(dataset, algorithm=algorithm, criterion=criterion)
                next(grow_steps(dataset, algorithm=algorithm, criterion=criterion)).candidates
                for layout in every_layout(dataset.X):
                    tree.predict_proba(layout)
                tree.predict(dataset.X)
        prune_ebp(grow(dataset, algorithm="c45"))
        ccp_path(grow(dataset))
        select_ccp_alpha(dataset, validation=dataset)               # the Pruning lab's CCP
        prune_ebp(grow(dataset, algorithm="j48"), dataset=dataset)
        tuple(grow(dataset, max_features=1, random_state=1).nodes)  # random feature subsets
        tuple(grow(dataset, validation=dataset, max_leaves=4).nodes)  # validation pre-pruning
        tuple(grow(dataset, force={(): dataset.features[1].name}).nodes)  # a forced split
    target = X[:, 1] + X[:, 2]
    for data in (Dataset(Schema(features[:2], "t", (), "regression"), X[:, :2], target,
                         np.ones(n)),
                 Dataset(Schema(features, "t", (), "regression"), holes, target, np.ones(n))):
        for criterion in ("squared_error", "absolute_error"):     # and their candidate tables
            next(grow_steps(data, task="regression", criterion=criterion)).candidates
            grow(data, task="regression", criterion=criterion).predict(data.X)
        select_ccp_alpha(data, validation=data)
    # A table of one column is row-major as well as column-major, which numba types as
    # row-major: its kernels are compiled apart (Li Hang's regression exercise has one feature).
    for data, algorithms in (
            (Dataset(Schema(features[:1], "y", ("no", "yes")), X[:, :1], y, np.ones(n)),
             ("cart", "c45")),
            (Dataset(Schema(features[2:], "y", ("no", "yes")), X[:, 2:], y, np.ones(n)),
             ("cart", "c45")),
            (Dataset(Schema(features[:1], "t", (), "regression"), X[:, :1], target, np.ones(n)),
             ("cart",))):
        for algorithm in algorithms:
            next(grow_steps(data, algorithm=algorithm)).candidates
            grow(data, algorithm=algorithm).predict(data.X)
    for threaded in (PresortedGrowth(complete, GrowthConfig()),
                     NodewiseGrowth(mixed, GrowthConfig())):
        threaded.threads = 2                                      # its phases called one by one
        threaded.tree()
    # A row-major table (scikit-learn's habit) is sorted in place, through strided columns.
    grow(Dataset(complete.schema, np.ascontiguousarray(complete.X), y, np.ones(n)))
    bootstrap = np.bincount(rng.integers(0, n, n), minlength=n).astype(float)
    for data in (complete, mixed):                  # a forest's member, and its nodes drawn
        MemberGrower(data, GrowthConfig()).grow(weights=bootstrap)
        tuple(MemberGrower(data, GrowthConfig(max_features=1)).grow(weights=bootstrap,
                                                                    random_state=3).nodes)


def main() -> None:
    """Clear a stale cache, warm numba's and compile the module ahead of time (:mod:`.ahead`);
    without a C compiler the kernels stay numba's, which the message says."""
    from .ahead import ToolchainMissing, build
    cleared = clear_stale_cache()
    try:
        made = f"{build(warm)} of them ahead of time"
    except ToolchainMissing as error:            # numba's cache is warm: the app works
        made = (f"by numba only ({error}); install a C compiler and Python's headers (Debian: "
                "gcc python3-dev) to compile them ahead of time and leave numba's runtime, "
                "about 110 MB, out of every process")
    print(f"treecore: kernels compiled, {made}" + (" (stale cache cleared)" if cleared else ""))


if __name__ == "__main__":
    main()
