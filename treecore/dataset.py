"""The data edge: a pandas DataFrame becomes encoded numpy arrays, validated.

Everything past this module sees one float matrix ``X`` (nominal values as integer codes in
first-seen order, continuous values as they are, ``NaN`` for a missing value), integer class
codes ``y`` and sample ``weights``. A :class:`Schema` remembers names, kinds and labels, so a tree
can encode new rows by itself. The caller's frame is never modified.

>>> import pandas as pd
>>> frame = pd.DataFrame({"编号": [1, 2, 3], "色泽": ["青绿", "乌黑", "?"],
...                       "密度": [0.697, 0.774, 0.634], "好瓜": ["是", "是", "否"]})
>>> data = Dataset.from_frame(frame, "好瓜")
>>> data.feature_names, data.classes
(('色泽', '密度'), ('是', '否'))
>>> data.X[:, 0]
array([ 0.,  1., nan])
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass, field
from functools import cached_property
from enum import Enum
from typing import Iterable, Mapping, Sequence

import numpy as np
import pandas as pd

from .errors import DataError

#: Cell texts read as "missing" by default (compared after stripping spaces). Words that are
#: also real values (``none`` in the contact-lenses data, a ``null`` allele, ``-`` for a
#: negative strand) are not among them; the user can add them as markers.
DEFAULT_MISSING: tuple[str, ...] = ("", "?", "NA", "N/A", "n/a", "#N/A", "NaN", "nan", "NULL",
                                    "—")

#: Column names that mark a row identifier (compared case-insensitively).
ID_COLUMN_NAMES = frozenset({"id", "编号", "tid", "序号", "index", "no", "no.", "#", "row"})


class Kind(str, Enum):
    """How a column takes part in the tree."""

    NOMINAL = "nominal"
    CONTINUOUS = "continuous"
    IGNORED = "ignored"


@dataclass(frozen=True)
class Feature:
    """One feature column: its name, kind and (for a nominal one) the label of every code."""

    name: str
    kind: Kind
    labels: tuple[str, ...] = ()

    @property
    def is_nominal(self) -> bool:
        return self.kind is Kind.NOMINAL


@dataclass(frozen=True)
class Schema:
    """Names, kinds, labels and classes: all a tree needs to encode rows it has never seen.

    ``task`` is ``"classification"`` (the target holds ``classes``) or ``"regression"`` (the
    target is a number; ``classes`` is empty). ``missing`` holds the cell texts the training
    table was read with as missing values (compared after stripping spaces): rows a tree is
    later asked about are read with the same markers, whoever asks (``predict``, pruning, the
    exports).
    """

    features: tuple[Feature, ...]
    target: str
    classes: tuple
    task: str = "classification"
    missing: tuple[str, ...] = DEFAULT_MISSING

    @property
    def is_regression(self) -> bool:
        return self.task == "regression"

    @property
    def feature_names(self) -> tuple[str, ...]:
        return tuple(f.name for f in self.features)

    @property
    def n_classes(self) -> int:
        return len(self.classes)

    def index_of(self, name: str) -> int:
        """Column position of feature ``name``."""
        for j, feature in enumerate(self.features):
            if feature.name == name:
                return j
        raise KeyError(f"no feature named {name!r}; features are {list(self.feature_names)}")

    def encode(self, frame: pd.DataFrame, missing: Iterable[str] | None = None) -> np.ndarray:
        """Encode the feature columns of ``frame`` as this schema's float matrix, reading the
        cells in ``missing`` (by default the schema's own markers) as missing values.

        A nominal value not seen in training becomes ``NaN`` (treated as missing, so it is
        distributed over the branches). A missing feature column is an error.
        """
        absent = [name for name in self.feature_names if name not in frame.columns]
        if absent:
            raise DataError("this column is missing from the rows to predict",
                            code="column_absent", column=absent[0],
                            hint="the rows need every feature the tree was grown on")
        columns = frame[list(self.feature_names)]
        if self.is_numeric and all(_is_number_dtype(dtype) for dtype in columns.dtypes):
            return self.encode_numbers(columns.to_numpy(dtype=float, na_value=np.nan))
        markers = frozenset(m.strip() for m in (self.missing if missing is None else missing))
        rows = np.arange(1, len(frame) + 1)
        X = np.empty((len(frame), len(self.features)), dtype=float, order="F")   # by column
        for j, feature in enumerate(self.features):
            column = frame[feature.name]
            if feature.is_nominal:
                codes, labels = _nominal_codes(column, markers)
                code_of = np.append(pd.Index(feature.labels).get_indexer(labels), -1)
                code_of = np.where(code_of >= 0, code_of, np.nan)   # missing, or never seen
                X[:, j] = code_of[codes]
            else:
                X[:, j] = _to_float(column, ~missing_mask(column, markers), feature.name, rows)
        return X

    @property
    def is_numeric(self) -> bool:
        """Whether every feature is continuous: rows of numbers need no encoding."""
        return not any(feature.is_nominal for feature in self.features)

    def encode_numbers(self, X: np.ndarray) -> np.ndarray:
        """A matrix of numbers, one column per feature, as this (:attr:`is_numeric`) schema's
        float matrix: NaN is missing, an infinite value is an error naming its column and row
        (the first column that has one, as :meth:`encode` reads them). Not copied when it
        already holds floats."""
        X = np.asarray(X, dtype=float)
        if np.isinf(X).any():
            rows = np.arange(1, len(X) + 1)
            for j, feature in enumerate(self.features):
                _refuse_infinite(X[:, j], feature.name, rows)
        return X

    def encode_row(self, row: Mapping) -> np.ndarray:
        """Encode one row given as a mapping of feature name to raw value: shape (1, p)."""
        return self.encode(pd.DataFrame([dict(row)]))

    def encode_classes(self, values: Sequence) -> np.ndarray:
        """Class codes of ``values``; a class not in the schema is an error."""
        code_of = {_class_key(c): i for i, c in enumerate(self.classes)}
        codes = np.empty(len(values), dtype=np.int64)
        for i, value in enumerate(values):
            key = _class_key(value)
            if key not in code_of:
                raise DataError(f"class {value!r} was not in the training data",
                                code="unknown_class", row=i + 1, value=value,
                                classes=list(self.classes),
                                hint=f"classes are {list(self.classes)}")
            codes[i] = code_of[key]
        return codes

    def encode_target(self, values: Sequence) -> np.ndarray:
        """The target of labelled rows: class codes (:meth:`encode_classes`), or for a
        regression schema the numbers, every value known and finite (else a DataError naming
        the row)."""
        if not self.is_regression:
            return self.encode_classes(values)
        return _encode_number_target(pd.Series(list(values), dtype=object), self.target,
                                     frozenset(self.missing), np.arange(1, len(values) + 1))

    def to_dict(self) -> dict:
        return {"target": self.target, "task": self.task, "classes": list(self.classes),
                "features": [{"name": f.name, "kind": f.kind.value, "labels": list(f.labels)}
                             for f in self.features],
                "missing": list(self.missing)}

    @classmethod
    def from_dict(cls, data: Mapping) -> "Schema":
        features = tuple(Feature(str(f["name"]), Kind(f["kind"]), tuple(str(x) for x in f["labels"]))
                         for f in data["features"])
        return cls(features, str(data["target"]), tuple(data["classes"]),
                   str(data.get("task", "classification")),
                   tuple(str(m) for m in data.get("missing", DEFAULT_MISSING)))


@dataclass(frozen=True, eq=False)
class Dataset:
    """Encoded training data: ``X`` (n × p float, NaN = missing), ``y`` (class codes, or the
    target's numbers for a regression data set), ``weights``.

    ``row_labels`` are the caller's row numbers (1-based position in the uploaded table), so a
    view can say "row 8 arrived with weight 7/15".
    """

    schema: Schema
    X: np.ndarray
    y: np.ndarray
    weights: np.ndarray
    row_labels: np.ndarray = field(default=None)  # type: ignore[assignment]

    def __post_init__(self):
        if self.row_labels is None:
            object.__setattr__(self, "row_labels", np.arange(1, len(self.y) + 1))

    # ----------------------------------------------------------------------------- views
    @property
    def n_rows(self) -> int:
        return int(self.X.shape[0])

    @property
    def n_features(self) -> int:
        return int(self.X.shape[1])

    @property
    def feature_names(self) -> tuple[str, ...]:
        return self.schema.feature_names

    @property
    def features(self) -> tuple[Feature, ...]:
        return self.schema.features

    @property
    def classes(self) -> tuple:
        return self.schema.classes

    @property
    def n_classes(self) -> int:
        return self.schema.n_classes

    @property
    def is_regression(self) -> bool:
        return self.schema.is_regression

    def subset(self, rows: Sequence[int] | np.ndarray) -> "Dataset":
        """The rows at positions ``rows`` (or a boolean mask), same schema."""
        rows = np.asarray(rows)
        return Dataset(self.schema, self.X[rows], self.y[rows], self.weights[rows],
                       self.row_labels[rows])

    @cached_property
    def has_missing_values(self) -> bool:
        """Whether any feature value is missing (NaN); computed once per Dataset."""
        return bool(np.isnan(self.X).any())

    def fingerprint(self) -> str:
        """A short hash of schema and arrays: a cache key that changes when the data does
        (computed once per Dataset, which is never modified)."""
        return self._fingerprint

    @cached_property
    def _fingerprint(self) -> str:
        digest = hashlib.sha1(repr(self.schema.to_dict()).encode())
        for array in (self.X, self.y, self.weights, self.row_labels):
            digest.update(np.ascontiguousarray(array).tobytes())
        return digest.hexdigest()[:16]

    # ----------------------------------------------------------------------------- building
    @classmethod
    def from_frame(cls, frame: pd.DataFrame, target: str, *,
                   kinds: Mapping[str, Kind | str] | None = None, ignore: Iterable[str] = (),
                   weights: str | Sequence[float] | np.ndarray | None = None,
                   missing: Iterable[str] = DEFAULT_MISSING,
                   task: str = "classification",
                   row_numbers: Sequence[int] | np.ndarray | None = None) -> "Dataset":
        """Validate and encode ``frame`` with ``target`` as the class column, or for ``task=
        "regression"`` as the number to predict (:func:`infer_task` guesses which).

        Kinds are inferred per column (:func:`infer_kinds`: numbers → continuous, text, bool and
        categories → nominal, a row-id column → ignored) unless ``kinds`` says otherwise; columns
        in ``ignore`` are left out. ``weights`` is a column name or one number per row. A
        pandas ``Categorical`` column keeps its declared categories as its labels (classes), in
        their order, even those no row has (as an ARFF file declares them).

        A row of weight 0 is an absent row: it is left out before encoding (otherwise its value
        would still place a threshold midpoint, add a nominal level or a class), and
        ``row_labels`` keep the caller's row numbers of the rows that stay: ``row_numbers``
        (one per row, e.g. the file's own numbering when a loader left rows out), else 1, 2, ….
        Kinds are inferred on the whole table, as it was given.
        Raises :class:`DataError` naming the column, the row and what to do.
        """
        markers = frozenset(m.strip() for m in missing)
        _check_table(frame, target)
        ignored = set(ignore)
        weight_values = _weights(frame, weights)
        present = weight_values > 0
        numbers = (np.arange(1, len(frame) + 1) if row_numbers is None
                   else np.asarray(row_numbers, dtype=np.int64))
        if len(numbers) != len(frame):
            raise ValueError(f"{len(numbers)} row numbers for {len(frame)} rows")
        rows = numbers[present]                       # the caller's row numbers, 1-based
        if isinstance(weights, str):
            ignored.add(weights)
        overrides = {name: Kind(kind) for name, kind in (kinds or {}).items()}
        unknown = [name for name in overrides if name not in frame.columns]
        if unknown:
            columns = list(map(str, frame.columns))
            raise DataError("is not a column of the table", code="not_a_column",
                            column=unknown[0], columns=columns, hint=f"columns are {columns}")
        guess = [name for name in frame.columns
                 if name != target and name not in ignored and name not in overrides]
        inferred = infer_kinds(frame[guess], missing=tuple(markers))   # only what is not given
        if not present.all():
            frame, weight_values = frame[present], weight_values[present]
        used = {name: overrides[name] if name in overrides else inferred[name]
                for name in frame.columns if name != target and name not in ignored}
        used = {name: kind for name, kind in used.items() if kind is not Kind.IGNORED}
        X = np.empty((len(frame), len(used)))          # filled column by column, no copies kept
        features = []
        for j, (name, kind) in enumerate(used.items()):
            feature, X[:, j] = _encode_column(frame[name], str(name), kind, markers, rows)
            features.append(feature)
        if not features:
            raise DataError("no feature columns are left besides the target", code="no_features",
                            hint="include at least one column as nominal or continuous")
        if task == "regression":
            classes, y = (), _encode_number_target(frame[target], str(target), markers, rows)
        else:
            classes, y = _encode_target(frame[target], str(target), markers, rows)
        schema = Schema(tuple(features), str(target), classes, task, tuple(sorted(markers)))
        return cls(schema, X, y, weight_values, rows)


# --------------------------------------------------------------------------------- inference
def infer_kinds(frame: pd.DataFrame, target: str | None = None, *,
                missing: Iterable[str] = DEFAULT_MISSING) -> dict[str, Kind]:
    """Guess each column's kind: numbers → continuous; text, bool, category → nominal;
    a row identifier (named like ``ID``/``编号`` with distinct values, or the sequence 1..n)
    and date columns → ignored. The target gets the kind of its values, for information.

    >>> infer_kinds(pd.DataFrame({"ID": [1, 2], "x": [0.5, 1.5], "c": ["a", "b"]}))
    {'ID': <Kind.IGNORED: 'ignored'>, 'x': <Kind.CONTINUOUS: 'continuous'>, 'c': <Kind.NOMINAL: 'nominal'>}
    """
    markers = frozenset(m.strip() for m in missing)
    kinds = {}
    for name in frame.columns:
        column = frame[name]
        known = ~missing_mask(column, markers)
        if name != target and _is_row_id(str(name), column[known]):
            kinds[name] = Kind.IGNORED
        elif pd.api.types.is_datetime64_any_dtype(column):
            kinds[name] = Kind.IGNORED
        elif pd.api.types.is_bool_dtype(column) or isinstance(column.dtype, pd.CategoricalDtype):
            kinds[name] = Kind.NOMINAL
        elif pd.api.types.is_numeric_dtype(column):
            kinds[name] = Kind.CONTINUOUS
        else:
            distinct = pd.Series(pd.unique(column[known]), dtype=object)   # parse each once
            numbers = pd.to_numeric(distinct, errors="coerce")
            all_numbers = known.any() and not numbers.isna().any()
            kinds[name] = Kind.CONTINUOUS if all_numbers else Kind.NOMINAL
    return kinds


#: A numeric target with more distinct values than this, or with fractions, is a quantity to
#: predict (regression) rather than a set of classes.
MAX_CLASS_NUMBERS = 20


def infer_task(column: pd.Series, missing: Iterable[str] = DEFAULT_MISSING) -> str:
    """``"regression"`` when the target's known values are numbers with a fraction or more
    than :data:`MAX_CLASS_NUMBERS` distinct values (a price, a yield, a duration), else
    ``"classification"`` (text, or few whole numbers such as 0/1 or ratings 1–5). The user may
    choose the other either way.

    >>> infer_task(pd.Series([2.5, 3.1, 4.0])), infer_task(pd.Series([0, 1, 1, 0]))
    ('regression', 'classification')
    """
    known = column[~missing_mask(column, frozenset(m.strip() for m in missing))]
    if pd.api.types.is_bool_dtype(known) or not len(known):
        return "classification"
    if pd.to_numeric(known.iloc[:1000], errors="coerce").isna().any():
        return "classification"                   # words among the first: no need to read on
    numbers = pd.to_numeric(known, errors="coerce")
    if numbers.isna().any():
        return "classification"
    values = numbers.to_numpy(dtype=float)
    fractional = bool((values != np.floor(values)).any())
    return "regression" if fractional or len(np.unique(values)) > MAX_CLASS_NUMBERS \
        else "classification"


def _is_row_id(name: str, known: pd.Series) -> bool:
    """Distinct values in a column named like an identifier, or integers counting up by one
    (10 rows or more). The costly uniqueness test runs last."""
    if len(known) < 2:
        return False
    if name.strip().casefold() in ID_COLUMN_NAMES:
        return known.is_unique
    if not pd.api.types.is_integer_dtype(known) or len(known) < 10:
        return False
    values = known.to_numpy()
    return bool(np.array_equal(values, np.arange(values[0], values[0] + len(values))))


# --------------------------------------------------------------------------------- encoding
def _check_table(frame: pd.DataFrame, target: str) -> None:
    if frame.shape[1] == 0:
        raise DataError("the table has no columns", code="no_columns",
                        hint="check the file's delimiter and header line")
    names = [str(c) for c in frame.columns]
    seen = set()
    for position, name in enumerate(names, start=1):
        if name.strip() == "" or name.startswith("Unnamed: "):
            raise DataError(f"column {position} has no name", code="no_name", position=position,
                            hint="give every column a header, or delete the empty column")
        if name in seen:
            raise DataError("this name is used by two columns", code="duplicate_name", column=name,
                            hint="rename one of them")
        seen.add(name)
    if target not in frame.columns:
        raise DataError("is not a column of the table", code="target_not_a_column",
                        column=str(target), columns=names,
                        hint=f"choose the target among {names}")
    if len(frame) == 0:
        raise DataError("the table has no rows", code="no_rows",
                        hint="use a file with a header and data rows")


def _is_number_dtype(dtype) -> bool:
    """Numbers (not booleans): a column read as floats as it is."""
    return pd.api.types.is_numeric_dtype(dtype) and not pd.api.types.is_bool_dtype(dtype)


def missing_mask(column: pd.Series, markers: frozenset[str]) -> np.ndarray:
    """True where a cell is empty (None, NaN, NA) or its text, stripped of spaces, is one of
    ``markers`` (stripped already); only text columns hold markers."""
    mask = column.isna().to_numpy(dtype=bool, na_value=True).copy()
    if column.dtype == object or pd.api.types.is_string_dtype(column):
        text = column.astype("string").str.strip()
        mask |= text.isin(markers).to_numpy(dtype=bool, na_value=True)
    return mask


def _value_labels(values: np.ndarray) -> np.ndarray:
    """The label (:func:`_label`) of each value: text is its own label, so a column of text
    needs no Python call per value."""
    if pd.api.types.infer_dtype(values, skipna=False) == "string":
        return values
    return np.array([_label(v) for v in values], dtype=object)


def _label(value) -> str:
    """The display label of a nominal value: integral floats lose their ``.0``."""
    if isinstance(value, (float, np.floating)) and float(value).is_integer():
        return str(int(value))
    if isinstance(value, np.generic):
        value = value.item()
    return str(value)


def _class_key(value):
    """Normalise a class value (numpy scalars, integral floats) so 1, 1.0 and np.int64(1) match."""
    if isinstance(value, np.generic):
        value = value.item()
    if isinstance(value, float) and value.is_integer():
        return int(value)
    return value


def _to_float(column: pd.Series, known: np.ndarray, name: str, rows: np.ndarray) -> np.ndarray:
    """The column as floats (NaN where not ``known``); ``rows`` are the row numbers its errors
    name, one per cell."""
    if _is_number_dtype(column.dtype):
        values = column.to_numpy(dtype=float, na_value=np.nan, copy=True)   # NaN: not known
    else:
        values = np.full(len(column), np.nan)
        values[known] = _parse_numbers(column, known, name, rows)
    _refuse_infinite(values, name, rows)
    return values


def _refuse_infinite(values: np.ndarray, name: str, rows: np.ndarray) -> None:
    """A :class:`DataError` naming the first row (of ``rows``) whose value is infinite."""
    infinite = np.flatnonzero(np.isinf(values))
    if infinite.size:
        raise DataError("contains an infinite value", code="infinite", column=name,
                        row=int(rows[infinite[0]]),
                        hint="replace it by a finite number or leave the cell empty")


def _parse_numbers(column: pd.Series, known: np.ndarray, name: str, rows: np.ndarray
                   ) -> np.ndarray:
    """The known values of a text column as numbers; the first that is not one is an error."""
    raw = column.to_numpy(dtype=object)[known]
    numbers = pd.to_numeric(pd.Series(raw, dtype=object), errors="coerce").to_numpy(dtype=float)
    bad = np.flatnonzero(np.isnan(numbers))
    if bad.size:
        row, value = int(rows[known][bad[0]]), raw[bad[0]]
        raise DataError(f"{value!r} is not a number", code="not_a_number", column=name, row=row,
                        value=value,
                        hint="fix the value, mark it missing, or make the column nominal")
    return numbers


def _encode_column(column: pd.Series, name: str, kind: Kind, markers: frozenset[str],
                   rows: np.ndarray) -> tuple[Feature, np.ndarray]:
    if kind is Kind.CONTINUOUS:
        known = ~missing_mask(column, markers)
        _check_some_known(known.any(), name)
        return Feature(name, kind), _to_float(column, known, name, rows)
    if isinstance(column.dtype, pd.CategoricalDtype):  # declared values, in declared order
        known = ~missing_mask(column, markers)
        _check_some_known(known.any(), name)
        encoded = np.full(len(column), np.nan)
        encoded[known] = column.cat.codes.to_numpy()[known]
        labels = _value_labels(column.cat.categories.to_numpy(dtype=object))
        return Feature(name, Kind.NOMINAL, tuple(str(u) for u in labels)), encoded
    codes, labels = _nominal_codes(column, markers)
    _check_some_known(len(labels) > 0, name)
    label_codes, uniques = pd.factorize(pd.Series(labels, dtype=object), sort=False)
    encoded = np.append(label_codes, -1)[codes].astype(float)
    encoded[codes < 0] = np.nan
    return Feature(name, Kind.NOMINAL, tuple(str(u) for u in uniques)), encoded


def _check_some_known(some_known: bool, name: str) -> None:
    if not some_known:
        raise DataError("every value is missing", code="all_missing", column=name,
                        hint="ignore this column, or check the missing-value markers")


def _nominal_codes(column: pd.Series, markers: frozenset[str]) -> tuple[np.ndarray, np.ndarray]:
    """(each row's position in ``labels``, −1 where its value is missing; the labels
    (:func:`_label`) of the column's known values in order of first appearance, possibly one
    label twice, as ``1`` and ``"1"`` have).

    Equal values have one label, so the work per row is pandas' factorize; which values are
    missing and their labels are worked out once per distinct value. Where factorize would merge
    values of different labels (``True`` and ``1`` in a column of mixed objects), each row is
    labelled first.
    """
    if column.dtype == object and pd.api.types.infer_dtype(column, skipna=True) != "string":
        known = ~missing_mask(column, markers)
        labelled = np.full(len(column), None, dtype=object)
        labelled[known] = _value_labels(column.to_numpy(dtype=object)[known])
        column = pd.Series(labelled, dtype=object)
    codes, uniques = pd.factorize(column, sort=False)
    distinct = pd.Series(uniques)
    known = ~missing_mask(distinct, markers)
    labels = _value_labels(distinct.to_numpy(dtype=object)[known])
    label_of = np.full(len(distinct) + 1, -1)
    label_of[np.flatnonzero(known)] = np.arange(len(labels))
    return label_of[codes], labels


def marker_classes(column: pd.Series, missing: Iterable[str] = DEFAULT_MISSING
                   ) -> dict[str, int]:
    """The values of a class column that look like missing-value markers but are classes, with
    their counts: a marker (other than an empty cell) that occurs at least twice and as often as
    some value that is not a marker is a category, not a gap.

    >>> marker_classes(pd.Series(["NA", "hard", "NA", "soft", "soft", "?"]))
    {'NA': 2}
    """
    markers = frozenset(m.strip() for m in missing) - {""}
    if column.dtype != object and not pd.api.types.is_string_dtype(column):
        return {}
    counts = column.dropna().astype("string").str.strip().value_counts()
    is_marker = counts.index.isin(markers)
    if is_marker.all():
        return {}
    rarest = max(2, int(counts[~is_marker].min()))
    return {str(value): int(count) for value, count in counts[is_marker].items()
            if count >= rarest}


def _encode_target(column: pd.Series, name: str, markers: frozenset[str],
                   rows: np.ndarray) -> tuple[tuple, np.ndarray]:
    known = ~missing_mask(column, markers - set(marker_classes(column, markers)))
    if not known.all():
        row = int(rows[~known][0])
        raise DataError("the class (target) is missing", code="target_missing", column=name,
                        row=row,
                        hint="fill it in, or remove the rows without a class")
    if isinstance(column.dtype, pd.CategoricalDtype):  # declared classes, in declared order
        codes, uniques = column.cat.codes.to_numpy(), column.cat.categories.to_numpy(dtype=object)
    elif pd.api.types.is_integer_dtype(column):       # numbers are their own keys: no per-row work
        codes, uniques = pd.factorize(column.to_numpy(), sort=False)
    else:
        values = [_class_key(v) for v in column.to_numpy(dtype=object)]
        if pd.api.types.is_float_dtype(column) and any(isinstance(v, float) for v in values):
            distinct = column.nunique()
            raise DataError(f"looks continuous ({distinct} distinct numbers)",
                            code="continuous_target", column=name, distinct=distinct,
                            hint="grow a regression tree for a number to predict, or "
                                 "choose a nominal target")
        codes, uniques = pd.factorize(pd.Series(values, dtype=object), sort=False)
    if len(uniques) < 2:
        raise DataError(f"has only one class ({_class_key(uniques[0])!r})", code="one_class",
                        column=name, value=_class_key(uniques[0]),
                        hint="a tree needs at least two classes to separate")
    return tuple(_class_key(u) for u in uniques), codes.astype(np.int64)


def _encode_number_target(column: pd.Series, name: str, markers: frozenset[str],
                          rows: np.ndarray) -> np.ndarray:
    """The target of a regression data set as floats: every value known and a finite number."""
    known = ~missing_mask(column, markers)
    if not known.all():
        raise DataError("the target value is missing", code="target_missing", column=name,
                        row=int(rows[~known][0]),
                        hint="fill it in, or remove the rows without a target value")
    return _to_float(column, known, name, rows)


def _weights(frame: pd.DataFrame, weights) -> np.ndarray:
    if weights is None:
        return np.ones(len(frame))
    if isinstance(weights, str):
        if weights not in frame.columns:
            raise DataError("the weight column is not in the table", code="weight_column_absent",
                            column=weights)
        values = pd.to_numeric(frame[weights], errors="coerce").to_numpy(dtype=float)
        name = weights
    else:
        values = np.asarray(weights, dtype=float)
        name = "sample weight"
        if values.shape != (len(frame),):
            raise DataError(f"expected one weight per row ({len(frame)}), got {values.size}",
                            code="weights_count", column=name, expected=len(frame),
                            got=values.size)
    bad = np.flatnonzero(~np.isfinite(values) | (values < 0))
    if bad.size:
        raise DataError("a sample weight must be a finite number ≥ 0", code="weights_negative",
                        column=name,
                        row=int(bad[0]) + 1)
    if values.sum() <= 0:
        raise DataError("the sample weights add up to zero", code="weights_zero", column=name)
    return values
