"""The estimator's input checks, with scikit-learn's rules and messages where it has them.

The other edge where the caller's tables come in (beside :mod:`treecore.data.dataset`): ``X`` may be
a DataFrame with text and missing values, or anything ``numpy.asarray`` makes 2-D. Feature names
follow scikit-learn's rule: a DataFrame whose column names are all strings has names; one whose
names are none of them strings has none (integer names count as positions); a mix is a
``TypeError``. Inside, every column gets a string name (its own, ``str()`` of an integer one, or
``x0, x1, …`` for an array), and predict-time columns are matched to the fitted ones by position
once their names (when both have names) and their number have been checked.

>>> import pandas as pd
>>> frame, names = features(pd.DataFrame({0: [1.5], 1: ["a"]}), "Tree")
>>> list(frame.columns), names
(['0', '1'], None)
"""

from __future__ import annotations

import warnings

import numpy as np
import pandas as pd

from ..errors import DataError
from .sklearn_compat import DataConversionWarning

#: scikit-learn's words for a 1-D array where a 2-D one is needed.
RESHAPE = ("Reshape your data either using array.reshape(-1, 1) if your data has a single "
           "feature or array.reshape(1, -1) if it contains a single sample.")


def features(X, estimator: str) -> tuple[pd.DataFrame, np.ndarray | None]:
    """``X`` as a DataFrame with string column names, and its feature names (None: it has none).

    Refused as scikit-learn refuses them: sparse matrices (``TypeError``), arrays that are not
    2-D, complex numbers, and no rows or no columns (``ValueError``).
    """
    if hasattr(X, "toarray"):
        raise TypeError("Sparse data was passed for X, but dense data is required. Use "
                        "'.toarray()' to convert to a dense numpy array.")
    if isinstance(X, pd.DataFrame):
        names = feature_names(X.columns)
        frame = X if names is not None else X.set_axis([str(c) for c in X.columns], axis=1)
    else:
        array = _two_dimensional(np.asarray(X), estimator)
        names = None
        frame = pd.DataFrame(np.asfortranarray(array),
                             columns=[f"x{j}" for j in range(array.shape[1])], copy=False)
    _check_not_empty(frame.shape, estimator)
    return frame, names


def numbers(X, estimator: str) -> np.ndarray | None:
    """``X`` as a 2-D array when it is an array of numbers (not a DataFrame, not booleans),
    refused as :func:`features` refuses it; None for anything else. Numbers need no frame."""
    if isinstance(X, pd.DataFrame) or hasattr(X, "toarray"):
        return None
    array = np.asarray(X)
    if array.dtype.kind not in "iuf":
        return None
    array = _two_dimensional(array, estimator)
    _check_not_empty(array.shape, estimator)
    return array


def _check_not_empty(shape: tuple[int, int], estimator: str) -> None:
    """scikit-learn's errors for a table without rows or without columns."""
    n_rows, n_columns = shape
    if n_rows == 0:
        raise ValueError(f"Found array with 0 sample(s) (shape={shape}) while a minimum "
                         f"of 1 is required by {estimator}.")
    if n_columns == 0:
        raise ValueError(f"Found array with 0 feature(s) (shape={shape}) while a minimum "
                         f"of 1 is required by {estimator}.")


def feature_names(columns: pd.Index) -> np.ndarray | None:
    """The column names when all are strings, None when none is (scikit-learn's rule)."""
    is_text = [isinstance(name, str) for name in columns]
    if all(is_text):
        return np.asarray(columns, dtype=object)
    if not any(is_text):
        return None
    kinds = sorted({type(name).__name__ for name in columns})
    raise TypeError("Feature names are only supported if all input features have string names, "
                    f"but your input has {kinds} as feature name / column name types. If you "
                    "want feature names to be stored and validated, you must convert them all "
                    "to strings, by using X.columns = X.columns.astype(str) for example. "
                    "Otherwise you can remove feature / column names from your input data, or "
                    "convert them all to a non-string data type.")


def _two_dimensional(array: np.ndarray, estimator: str) -> np.ndarray:
    if array.ndim == 0:
        raise ValueError(f"Expected 2D array, got scalar array instead:\narray={array}.\n"
                         + RESHAPE)
    if array.ndim == 1:
        raise ValueError(f"Expected 2D array, got 1D array instead:\narray={array}.\n" + RESHAPE)
    if array.ndim > 2:
        raise ValueError(f"Found array with dim {array.ndim}. {estimator} expected <= 2.")
    if array.dtype.kind == "c":
        raise ValueError(f"Complex data not supported\n{array}\n")
    return array


def check_columns(estimator, names: np.ndarray | None, n_columns: int) -> None:
    """Rows to predict against the columns ``estimator`` was fitted on: the same names in the
    same order when both have names (a :class:`DataError` listing the unseen and the missing
    ones otherwise), a warning when only one side has names, and the same number of columns."""
    fitted = getattr(estimator, "feature_names_in_", None)
    kind = type(estimator).__name__
    if names is not None and fitted is None:
        warnings.warn(f"X has feature names, but {kind} was fitted without feature names")
    elif names is None and fitted is not None:
        warnings.warn(f"X does not have valid feature names, but {kind} was fitted with "
                      "feature names")
    elif names is not None and list(names) != list(fitted):
        unseen = sorted(set(names) - set(fitted))
        missing = sorted(set(fitted) - set(names))
        raise DataError(_names_message(unseen, missing), code="feature_names",
                        unseen=unseen, missing=missing)
    if n_columns != estimator.n_features_in_:
        raise DataError(f"X has {n_columns} features, but {kind} is expecting "
                        f"{estimator.n_features_in_} features as input",
                        code="feature_count", got=n_columns, expected=estimator.n_features_in_)


def _names_message(unseen: list, missing: list) -> str:
    """scikit-learn's message for feature names that differ from the fitted ones."""
    lines = ["The feature names should match those that were passed during fit."]
    for title, names in (("Feature names unseen at fit time:", unseen),
                         ("Feature names seen at fit time, yet now missing:", missing)):
        if names:
            lines += ([title] + [f"- {name}" for name in names[:5]]
                      + (["- ..."] if names[5:] else []))
    if not unseen and not missing:
        lines.append("Feature names must be in the same order as they were in fit.")
    return "\n".join(lines)


def target_name(y, columns) -> str:
    """What messages call the target: the name of a pandas Series ``y``, else ``y`` (as
    scikit-learn's messages do), made distinct from the feature ``columns``."""
    name = getattr(y, "name", None)
    name = name if isinstance(name, str) and name else "y"
    taken = {str(column) for column in columns}
    while name in taken:
        name += "_target"
    return name


def target(y, n_rows: int, estimator: str) -> np.ndarray:
    """The classes as a 1-D array: numbers keep their dtype (encoded without per-row Python),
    anything else becomes ``object``. A column vector is raveled with scikit-learn's warning."""
    if y is None:
        raise ValueError(f"{estimator} requires y to be passed, but the target y is None.")
    labels = np.asarray(y)
    if labels.ndim == 2 and labels.shape[1] == 1:
        warnings.warn("A column-vector y was passed when a 1d array was expected. Please change "
                      "the shape of y to (n_samples, ), for example using ravel().",
                      DataConversionWarning, stacklevel=3)
        labels = labels.ravel()
    if labels.ndim != 1:
        raise ValueError(f"y should be a 1d array, got an array of shape {labels.shape} instead.")
    if len(labels) != n_rows:
        raise ValueError("Found input variables with inconsistent numbers of samples: "
                         f"[{n_rows}, {len(labels)}]")
    return labels if labels.dtype.kind in "biuf" else labels.astype(object)
