"""The words and formulas of the Forests & boosting page: figure words, summaries and the
seed's formulas written out with the round's numbers (Lin Hsuan-Tien's AdaBoost-DTree and
GBDT; Zhou §8.2, Li Hang 算法 8.1, 8.4).

>>> print(adaboost_formula(0.25, 0.5493, 2))
\\epsilon_{3} = \\frac{\\sum_n u_n^{(3)} [\\![y_n \\ne g_{3}(x_n)]\\!]}{\\sum_n u_n^{(3)}} = 0.2500 ...
"""

from __future__ import annotations

import numpy as np

from .i18n import t


def curve_words(is_regression: bool, loss: str) -> dict[str, str]:
    """Words of the rounds chart: error rates for a classifier, the loss otherwise."""
    title = {"error": "ens.curve_title_error", "mse": "ens.curve_title_loss",
             "log_loss": "ens.curve_title_logloss"}[loss]
    return {"title": t(title), "rounds": t("ens.rounds_axis"),
            "error": t("ens.loss_axis" if loss != "error" else "ens.error_axis"),
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


def adaboost_formula(error: float, alpha: float, index: int) -> str:
    """Round t (``index`` = t − 1) of AdaBoost-DTree in LaTeX: εₜ the weighted error of gₜ,
    the scaling factor ◆ₜ = √((1 − εₜ)/εₜ) and the member's vote αₜ (as the estimator
    computed it)."""
    r = index + 1
    scale = np.sqrt((1 - error) / error) if 0 < error < 1 else float("inf")
    return (rf"\epsilon_{{{r}}} = \frac{{\sum_n u_n^{{({r})}} [\![y_n \ne g_{{{r}}}(x_n)]\!]}}"
            rf"{{\sum_n u_n^{{({r})}}}} = {error:.4f}, \quad "
            rf"\blacklozenge_{{{r}}} = \sqrt{{\frac{{1-\epsilon_{{{r}}}}}{{\epsilon_{{{r}}}}}}}"
            rf" = {scale:.4f}, \quad \alpha_{{{r}}} = {alpha:.4f}")


def gbdt_formula(step: float, index: int, learning_rate: float) -> str:
    """Round t of gradient boosting in LaTeX: the one-variable linear regression of the
    residuals on gₜ, and the update sₜ ← sₜ₋₁ + ν·αₜ·gₜ."""
    r = index + 1
    return (rf"\alpha_{{{r}}} = \frac{{\sum_n g_{{{r}}}(x_n)\,(y_n - s_{{{r - 1}}}(x_n))}}"
            rf"{{\sum_n g_{{{r}}}(x_n)^2}} = {step:.4f}, \quad "
            rf"s_{{{r}}}(x) = s_{{{r - 1}}}(x) + {learning_rate:g} \cdot {step:.4f}"
            rf"\, g_{{{r}}}(x)")
