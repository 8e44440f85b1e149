"""What the benchmark scripts share: a timer and the synthetic data they all grow trees on."""

from __future__ import annotations

import statistics
import sys
import time
from pathlib import Path

import pandas as pd
from sklearn.datasets import make_classification

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import treecore  # noqa: E402
from treecore.evaluate import labelled  # noqa: E402


def median_seconds(job, repeat: int = 1) -> tuple[float, object]:
    """(median wall time of ``repeat`` runs of ``job()``, the last result)."""
    times, result = [], None
    for _ in range(repeat):
        start = time.perf_counter()
        result = job()
        times.append(time.perf_counter() - start)
    return statistics.median(times), result


def classification(n_rows: int, seed: int = 0):
    """``make_classification`` with 20 features (10 informative) and 3 classes: (X, y)."""
    return make_classification(n_samples=n_rows, n_features=20, n_informative=10, n_classes=3,
                               random_state=seed)


def train_and_validation(n_train: int, n_validation: int = 30_000
                         ) -> tuple[treecore.Dataset, pd.DataFrame]:
    """The first ``n_train`` rows as a Dataset and the next ``n_validation`` as a frame."""
    X, y = classification(n_train + n_validation)
    frame = pd.DataFrame(X, columns=[f"f{j}" for j in range(X.shape[1])]).assign(y=y.astype(str))
    return treecore.Dataset.from_frame(frame.iloc[:n_train], "y"), frame.iloc[n_train:]


def validation_rows(tree: treecore.Tree, frame: pd.DataFrame) -> treecore.Dataset:
    """``frame`` (features and ``y``) as labelled rows of ``tree``'s schema."""
    return labelled(tree.schema, frame.drop(columns="y"), frame["y"])
