"""The words and formulas of the Forests & boosting page: figure words, summaries and the
seed's formulas written out with the round's numbers (Lin Hsuan-Tien's AdaBoost-DTree and
GBDT; Zhou §8.2, Li Hang 算法 8.1, 8.4).

>>> print(adaboost_formula(0.25, 1.7321, 0.5493, 2, n_classes=2))
\\begin{gathered}\\epsilon_{3} = ... = 0.2500 \\\\ \\blacklozenge_{3} = ... = 1.7321,
\\quad \\alpha_{3} = \\ln \\blacklozenge_{3} = 0.5493\\end{gathered}
"""

from __future__ import annotations

from itertools import islice

import numpy as np
import pandas as pd

from treecore import Dataset
from treecore.io import number_text

from ui.i18n import t
from ui.models.ensemble_fit import truth


#: The title and the axis / summary word of each measure of the curves
#: (:func:`ui.models.ensemble_fit.measure`).
MEASURE_WORDS = {"error": ("ens.curve_title_error", "ens.metric_error"),
                 "rmse": ("ens.curve_title_rmse", "ens.metric_rmse"),
                 "log_loss": ("ens.curve_title_logloss", "ens.metric_logloss")}


def curve_words(measure: str) -> dict[str, str]:
    """Words of the rounds chart for what its curves measure."""
    title, metric = MEASURE_WORDS[measure]
    return {"title": t(title), "rounds": t("ens.rounds_axis"), "error": t(metric),
            "train": t("ens.train"), "validation": t("ens.validation"), "oob": t("ens.oob"),
            "single_train": t("ens.single_train"),
            "single_validation": t("ens.single_validation")}


def bootstrap_words(round_: int) -> dict[str, str]:
    return {"title": t("ens.bootstrap_title", t=round_), "times": t("ens.bootstrap_times"),
            "rows": t("ens.bootstrap_rows"), "expected": t("ens.bootstrap_expected")}


def bootstrap_note(counts: np.ndarray) -> str:
    """How many rows this member's bootstrap sample left out of the bag."""
    out = int((np.asarray(counts) == 0).sum())
    return t("ens.bootstrap_note", oob=f"{out:,}", rows=f"{len(counts):,}",
             share=f"{out / max(len(counts), 1):.1%}")


def bootstrap_frame(rows: Dataset, counts: np.ndarray) -> pd.DataFrame:
    """Which training rows a bootstrap sample drew, and how often (0: out of the bag)."""
    return pd.DataFrame({t("ens.col.row"): rows.row_labels,
                         t("ens.bootstrap_times"): np.asarray(counts)})


def weights_words(round_: int) -> dict[str, str]:
    return {"title": t("ens.weights_title", t=round_), "row": t("ens.weights_row"),
            "weight": t("ens.weights_axis"), "right": t("ens.weights_right"),
            "wrong": t("ens.weights_wrong")}


def residual_words(round_: int) -> dict[str, str]:
    return {"title": t("ens.residuals_title", t=round_), "member": t("ens.residuals_member"),
            "residual": t("ens.residuals_axis"), "rows": t("ens.residuals_rows"),
            "line": t("ens.residuals_line")}


def votes_words(row: int) -> dict[str, str]:
    return {"title": t("ens.votes_title", row=row), "rounds": t("ens.rounds_axis"),
            "share": t("ens.share_axis")}


def running_words(row: int) -> dict[str, str]:
    return {"title": t("ens.running_title", row=row), "rounds": t("ens.rounds_axis"),
            "prediction": t("ens.running_prediction"), "truth": t("ens.running_truth")}


def importance_words() -> dict[str, str]:
    return {"title": t("ens.importance_title"), "impurity": t("ens.importance_impurity"),
            "permutation": t("ens.importance_permutation"),
            "importance": t("ens.importance_axis")}


def adaboost_formula(error: float, factor: float, alpha: float, index: int,
                     n_classes: int) -> str:
    """Round t (``index`` = t − 1) of AdaBoost in LaTeX with the estimator's numbers: εₜ the
    weighted error of gₜ, the scaling factor ◆ₜ and the member's vote αₜ, as the seed writes
    them for two classes (◆ₜ = √((1 − εₜ)/εₜ), αₜ = ln ◆ₜ) and as SAMME does for K > 2
    (◆ₜ = √((K − 1)(1 − εₜ)/εₜ), αₜ = ln((1 − εₜ)/εₜ) + ln(K − 1) = 2 ln ◆ₜ). The error and
    the vote are two lines, so the formula fits the page's column."""
    r = index + 1
    eps = rf"\epsilon_{{{r}}}"
    error_line = (rf"{eps} = \frac{{\sum_n u_n^{{({r})}} [\![y_n \ne g_{{{r}}}(x_n)]\!]}}"
                  rf"{{\sum_n u_n^{{({r})}}}} = {error:.4f}")
    k = n_classes
    if k == 2:
        vote_line = (rf"\blacklozenge_{{{r}}} = \sqrt{{\frac{{1-{eps}}}{{{eps}}}}} = "
                     rf"{factor:.4f}, \quad \alpha_{{{r}}} = \ln \blacklozenge_{{{r}}} = "
                     rf"{alpha:.4f}")
    else:
        vote_line = (rf"\blacklozenge_{{{r}}} = \sqrt{{\frac{{({k}-1)(1-{eps})}}{{{eps}}}}} = "
                     rf"{factor:.4f}, \quad \alpha_{{{r}}} = \ln\frac{{1-{eps}}}{{{eps}}} + "
                     rf"\ln({k}-1) = {alpha:.4f}")
    return rf"\begin{{gathered}}{error_line} \\ {vote_line}\end{{gathered}}"


def gbdt_formula(step: float, index: int, learning_rate: float) -> str:
    """Round t of gradient boosting in LaTeX: the one-variable linear regression of the
    residuals on gₜ, and the update sₜ ← sₜ₋₁ + ν·αₜ·gₜ."""
    r = index + 1
    return (rf"\alpha_{{{r}}} = \frac{{\sum_n g_{{{r}}}(x_n)\,(y_n - s_{{{r - 1}}}(x_n))}}"
            rf"{{\sum_n g_{{{r}}}(x_n)^2}} = {step:.4f}, \quad "
            rf"s_{{{r}}}(x) = s_{{{r - 1}}}(x) + {learning_rate:g} \cdot {step:.4f}"
            rf"\, g_{{{r}}}(x)")


def metric_text(grown, round_: int) -> str:
    """The one-line summary above the curves: the ensemble of its first ``round_`` members
    against one tree, on the validation rows (the training rows when there are none)."""
    part = "validation" if "validation" in grown.curves else "train"
    value, single = grown.curves[part][round_ - 1], grown.single[part]
    shown = {"error": lambda v: f"{v:.1%}", "rmse": number_text}.get(grown.measure,
                                                                     lambda v: f"{v:.4g}")
    return _summary(grown, part, round_, shown(value), shown(single))


def _summary(grown, part: str, rounds: int, value: str, single: str) -> str:
    return t("ens.summary", kind=t(f"ens.kind.{grown.kind}"), t=rounds, total=grown.n_rounds,
             rows=f"{grown.train.n_rows:,}", part=t(f"ens.{part}"),
             metric=t(MEASURE_WORDS[grown.measure][1]),
             value=value, single=single)


def subsets_frame(grown, round_: int) -> pd.DataFrame:
    """Member ``round_``'s nodes with the features drawn there and the one the node split on."""
    tree, subsets = grown.member(round_), grown.feature_subsets(round_)
    rows = [{t("ens.col.node"): f"#{node.node_id}",
             t("ens.col.drawn"): ", ".join(subsets.get(node.node_id, ())) or "—",
             t("ens.col.chosen"): node.split.feature if node.split is not None else "—"}
            for node in tree.iter_nodes() if node.node_id in subsets]
    return pd.DataFrame(rows)


def row_text(grown, data: Dataset, row: int, round_: int) -> str:
    """Row ``row`` of ``data``: its true value and the ensemble's prediction after ``round_``
    rounds."""
    one = data.subset([row])
    predicted = next(islice(grown.model.staged_predict(one), round_ - 1, None))[0]
    value = truth(one)[0]
    show = (lambda v: f"{float(v):.4g}") if data.is_regression else str
    return t("ens.row_truth", row=int(data.row_labels[row]), truth=show(value), t=round_,
             prediction=show(predicted))


def running_values(grown, data: Dataset, row: int, staged_row: np.ndarray) -> np.ndarray:
    """The one running figure drawn for a row: the value or the single score column, or,
    with a score per class, the score of the row's own class."""
    if staged_row.shape[1] == 1:
        return staged_row[:, 0]
    own = list(grown.classes).index(truth(data.subset([row]))[0])
    return staged_row[:, own]


def row_truth(data: Dataset, row: int) -> float | None:
    """The true number of a regression row (drawn dashed), None for a class."""
    return float(data.y[row]) if data.is_regression else None
