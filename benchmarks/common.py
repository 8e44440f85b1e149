"""What the benchmark scripts share: a timer and the synthetic data they all grow trees on."""

from __future__ import annotations

import statistics
import sys
import time
from pathlib import Path
from typing import TYPE_CHECKING

import numpy as np
import pandas as pd
from sklearn.datasets import make_classification, make_regression

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
# treecore is imported only by the helpers that use it: a process timing or measuring the
# reference library alone (``bench_fit.py --memory``) must not load numba's runtime with it.
if TYPE_CHECKING:
    import treecore


def timed_app_run(at) -> float:
    """Seconds of one whole script run of an ``AppTest`` (as a click costs it); an exception
    the page raised is raised here, with its trace."""
    start = time.perf_counter()
    at.run()
    if at.exception:
        raise RuntimeError(at.exception[0].message + "\n" + "\n".join(at.exception[0].stack_trace))
    return time.perf_counter() - start


def median_seconds(job, repeat: int = 1) -> tuple[float, object]:
    """(median wall time of ``repeat`` runs of ``job()``, the last result)."""
    times, result = [], None
    for _ in range(repeat):
        start = time.perf_counter()
        result = job()
        times.append(time.perf_counter() - start)
    return statistics.median(times), result


def interleaved_medians(jobs: dict[str, object], repeat: int = 3) -> dict[str, float]:
    """Median wall time of each ``jobs[name]()`` over ``repeat`` rounds, the jobs taking turns
    within each round, so a noisy neighbour slows all of them alike."""
    times: dict[str, list[float]] = {name: [] for name in jobs}
    for _ in range(repeat):
        for name, job in jobs.items():
            times[name].append(median_seconds(job)[0])
    return {name: statistics.median(seconds) for name, seconds in times.items()}


def classification(n_rows: int, seed: int = 0):
    """``make_classification`` with 20 features (10 informative) and 3 classes: (X, y)."""
    return make_classification(n_samples=n_rows, n_features=20, n_informative=10, n_classes=3,
                               random_state=seed)


def train_and_validation(n_train: int, n_validation: int = 30_000
                         ) -> tuple[treecore.Dataset, pd.DataFrame]:
    """The first ``n_train`` rows as a Dataset and the next ``n_validation`` as a frame."""
    import treecore
    X, y = classification(n_train + n_validation)
    frame = pd.DataFrame(X, columns=[f"f{j}" for j in range(X.shape[1])]).assign(y=y.astype(str))
    return treecore.Dataset.from_frame(frame.iloc[:n_train], "y"), frame.iloc[n_train:]


def validation_rows(tree: treecore.Tree, frame: pd.DataFrame) -> treecore.Dataset:
    """``frame`` (features and ``y``) as labelled rows of ``tree``'s schema."""
    from treecore.measures.evaluate import labelled
    return labelled(tree.schema, frame.drop(columns="y"), frame["y"])


def mixed_table(n_rows: int, seed: int = 0, missing: float = 0.1) -> pd.DataFrame:
    """A real-looking table: ``make_classification``'s 20 features (3 classes) as 12 continuous
    columns ``c0…c11`` and 8 nominal ones ``n0…n7`` of 3–8 levels (quantile bins of the other
    features), with ``missing`` of the feature cells empty; the class in ``y``."""
    X, y = make_classification(n_samples=n_rows, n_features=20, n_informative=10, n_classes=3,
                               random_state=seed)
    return _mixed_columns(X, seed, missing).assign(y=np.array(["a", "b", "c"])[y])


def mixed_regression_table(n_rows: int, seed: int = 0, missing: float = 0.1) -> pd.DataFrame:
    """:func:`mixed_table`'s columns made of ``make_regression``'s 20 features (10 informative,
    noise 10), its number to predict in ``y``."""
    X, y = make_regression(n_rows, 20, n_informative=10, noise=10.0, random_state=seed)
    return _mixed_columns(X, seed, missing).assign(y=y)


def _mixed_columns(X: np.ndarray, seed: int, missing: float) -> pd.DataFrame:
    """12 continuous columns and 8 nominal ones of 3–8 levels (quantile bins of the last 8
    features), ``missing`` of the cells empty."""
    frame = pd.DataFrame({f"c{j}": X[:, j] for j in range(12)})
    for j in range(8):
        levels = 3 + j % 6
        edges = np.quantile(X[:, 12 + j], np.linspace(0, 1, levels + 1)[1:-1])
        frame[f"n{j}"] = np.array([f"v{c}" for c in range(levels)], dtype=object)[
            np.digitize(X[:, 12 + j], edges)]
    return frame.mask(np.random.default_rng(seed).random(frame.shape) < missing)


def one_hot(X: pd.DataFrame) -> np.ndarray:
    """A mixed table's features as scikit-learn's trees take them: the nominal columns
    (``n…``) one-hot encoded, the empty numeric cells left as NaN (its trees take them)."""
    return pd.get_dummies(X, columns=[c for c in X if c.startswith("n")],
                          dtype=float).to_numpy(np.float64)


def nominal_table(n_rows: int, seed: int = 0) -> pd.DataFrame:
    """10 nominal columns of 4 levels (quantile bins of ``make_classification``'s first 10
    features), no missing value, 3 classes in ``y``: what ID3 takes."""
    X, y = classification(n_rows, seed)
    codes = np.digitize(X[:, :10], [-1, 0, 1])
    frame = pd.DataFrame(np.array(list("abcd"), dtype=object)[codes],
                         columns=[f"n{j}" for j in range(10)])
    return frame.assign(y=np.array(["a", "b", "c"])[y])
