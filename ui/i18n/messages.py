"""English / 中文 text of the messages built from codes: data errors, the forced-split error,
and the pruning replay's reasons (a file's load errors and notes are in
:mod:`ui.i18n.loading`). Merged into :data:`ui.i18n.TRANSLATIONS` and rendered by
:func:`ui.i18n.error_text` and :func:`ui.i18n.reason_text`.

``error.<code>`` is filled with the error's ``params``; ``reason.<method>`` (the comparison) and
``reason.<method>.<outcome>`` (the verdict) with the step's ``figures``. Chinese terms follow
``shared/GLOSSARY.md``.
"""

from __future__ import annotations

TRANSLATIONS: dict[str, dict[str, str]] = {
    # ---------------------------------------------------------------- the data (treecore.data)
    "error.target_missing": {
        "en": "Column '{column}', row {row}: the class (target) is missing. Choose another class "
              "column, fill the class in, or leave out the rows without one.",
        "zh": "列“{column}”第 {row} 行：类别（目标列）的值是缺失值。请选择另一列作为类别、填写该值，"
              "或去掉没有类别的行。"},
    "error.target_value_missing": {
        "en": "Column '{column}', row {row}: the target value is missing. Choose another target "
              "column, fill the value in, or leave out the rows without one.",
        "zh": "列“{column}”第 {row} 行：目标值是缺失值。请选择另一列作为目标、填写该值，"
              "或去掉没有目标值的行。"},
    "error.not_a_number": {
        "en": "Column '{column}', row {row}: {value!r} is not a number. Fix the value, mark it "
              "missing, or make the column nominal.",
        "zh": "列“{column}”第 {row} 行：“{value}”不是数值。请改正该值、把它标记为缺失值，"
              "或把该列设为离散属性。"},
    "error.infinite": {
        "en": "Column '{column}', row {row}: contains an infinite value. Replace it by a finite "
              "number or leave the cell empty.",
        "zh": "列“{column}”第 {row} 行：含有无穷大的值。请换成有限的数值，或留空该单元格（作为缺失值）。"},
    "error.all_missing": {
        "en": "Column '{column}': every value is missing. Ignore this column, or check the "
              "missing-value markers.",
        "zh": "列“{column}”：所有值都是缺失值。请忽略该列，或检查缺失值标记。"},
    "error.duplicate_name": {
        "en": "Column '{column}': this name is used by two columns. Rename one of them.",
        "zh": "列名“{column}”被两列同时使用。请把其中一列改名。"},
    "error.no_name": {
        "en": "column {position} has no name. Give every column a header, or delete the empty "
              "column.",
        "zh": "第 {position} 列没有列名。请为每一列加上表头，或删除这个空列。"},
    "error.no_columns": {
        "en": "the table has no columns. Check the file's delimiter and header line.",
        "zh": "数据表没有列。请检查文件的分隔符和表头行。"},
    "error.no_rows": {
        "en": "the table has no rows. Use a file with a header and data rows.",
        "zh": "数据表没有数据行。请使用有表头和数据行的文件。"},
    "error.target_not_a_column": {
        "en": "Column '{column}': is not a column of the table. Choose the target among "
              "{columns}.",
        "zh": "“{column}”不是数据表中的列。请从这些列中选择类别列（目标列）：{columns}。"},
    "error.not_a_column": {
        "en": "Column '{column}': is not a column of the table. Columns are {columns}.",
        "zh": "“{column}”不是数据表中的列。数据表的列：{columns}。"},
    "error.no_features": {
        "en": "no feature columns are left besides the target. Include at least one column as "
              "nominal or continuous.",
        "zh": "除类别列外没有剩下任何属性。请至少保留一列作为离散属性或连续属性。"},
    "error.continuous_target": {
        "en": "Column '{column}': looks continuous ({distinct} distinct numbers). Grow a "
              "regression tree for a number to predict, or choose a nominal target.",
        "zh": "列“{column}”看起来是连续值（{distinct} 个不同的数值）。要预测一个数值请生成回归树，"
              "否则请选择离散的类别列。"},
    "error.one_class": {
        "en": "Column '{column}': has only one class ({value!r}). A tree needs at least two "
              "classes to separate.",
        "zh": "类别列“{column}”只有一个类别（“{value}”）。决策树至少需要两个类别才能划分。"
              "请选择另一列作为类别列。"},
    "error.column_absent": {
        "en": "Column '{column}': this column is missing from the rows to predict. The rows need "
              "every feature the tree was grown on.",
        "zh": "要预测的数据缺少列“{column}”。数据必须包含生成决策树时用到的每个属性。"},
    "error.unknown_class": {
        "en": "Row {row}: class {value!r} was not in the training data. Classes are {classes}.",
        "zh": "第 {row} 行：类别“{value}”不在训练集中。训练集的类别：{classes}。"},
    "error.weight_column_absent": {
        "en": "Column '{column}': the weight column is not in the table.",
        "zh": "样本权重列“{column}”不在数据表中。请选择数据表中的列。"},
    "error.weights_count": {
        "en": "Column '{column}': expected one weight per row ({expected}), got {got}.",
        "zh": "“{column}”：每行需要一个样本权重（共 {expected} 行），实际有 {got} 个。"},
    "error.weights_negative": {
        "en": "Column '{column}', row {row}: a sample weight must be a finite number ≥ 0.",
        "zh": "列“{column}”第 {row} 行：样本权重必须是不小于 0 的有限数值。请改正该值。"},
    "error.weights_zero": {
        "en": "Column '{column}': the sample weights add up to zero.",
        "zh": "列“{column}”：样本权重之和为 0。至少要有一个样本权重大于 0。"},
    # ---------------------------------------------------------------- tree files (treecore.io)
    "error.bad_model": {
        "en": "this is not a valid tree file: {detail}. Load a JSON file exported by Tree "
              "Explorer.",
        "zh": "这不是有效的决策树文件（{detail}）。请载入由决策树探索器导出的 JSON 文件。"},
    "error.nul_in_sql_name": {
        "en": "Column '{column}': a name with a NUL character cannot be written in SQL.",
        "zh": "列名“{column}”含有 NUL 字符，无法写成 SQL。请修改列名。"},
    "error.nul_in_sql_value": {
        "en": "a value with a NUL character cannot be written in SQL.",
        "zh": "含有 NUL 字符的值无法写成 SQL。请从数据中删去该字符。"},
    # ---------------------------------------------------------------- forced split (builder)
    "error.forced_split": {
        "en": "cannot split at {path} on “{spec}”: {note}. Remove the forced splits, or choose "
              "another split.",
        "zh": "无法在 {path} 按“{spec}”划分：{note}。请取消指定的划分，或另选一个划分。"},
    "note.no_candidate": {"en": "no such attribute, or no value of it is known here",
                          "zh": "没有该属性，或该结点处没有它的已知取值"},
    "note.leaf_too_small": {"en": "a branch would have fewer rows than a leaf needs",
                            "zh": "会有分支的样本数少于叶结点最小样本数"},
    "note.one_value": {"en": "the attribute takes one value only here",
                       "zh": "该属性在此结点只有一个取值"},
    "note.one_side_empty": {"en": "one side of the split would be empty",
                            "zh": "划分的一侧没有样本"},
    "list.separator": {"en": ", ", "zh": "、"},
    "list.quoted": {"en": "'{item}'", "zh": "“{item}”"},
    "list.more": {"en": "{items} and {more} more", "zh": "{items} 等（另有 {more} 个）"},
    # ---------------------------------------------------------------- pruning replay (PruneStep)
    "reason.sentence": {"en": "{comparison}; {verdict}.", "zh": "{comparison}；{verdict}。"},
    "reason.rep": {
        "en": "validation accuracy {accuracy_before:.1%} → {accuracy_after:.1%} as a leaf "
              "(errors {errors_subtree:g} → {errors_leaf:g})",
        "zh": "替换为叶结点后验证集精度 {accuracy_before:.1%} → {accuracy_after:.1%}"
              "（错误数 {errors_subtree:g} → {errors_leaf:g}）"},
    "reason.rep.improves": {
        "en": "a leaf of the training majority improves it: pruned",
        "zh": "标记为训练集中样本数最多的类的叶结点提高了验证集精度，剪枝"},
    "reason.rep.no_worse": {
        "en": "a leaf of the training majority does not worsen it (rule no_worse): pruned",
        "zh": "叶结点没有降低验证集精度（“不降低”规则），剪枝"},
    "reason.rep.no_gain": {
        "en": "a leaf does not improve it: kept (rule strict needs an improvement)",
        "zh": "叶结点没有提高验证集精度，保留（“提高”规则要求精度提高才剪枝）"},
    "reason.rep.worse": {
        "en": "a leaf would worsen it: kept",
        "zh": "叶结点会降低验证集精度，保留"},
    "reason.pep": {
        "en": "as a leaf e + 1/2 = {corrected_leaf:g}; the subtree's Σe + L/2 + SE = "
              "{corrected_subtree:g} + {standard_error:.3f} = {threshold:.3f}",
        "zh": "作为叶结点 e + 1/2 = {corrected_leaf:g}；子树 Σe + L/2 + SE = "
              "{corrected_subtree:g} + {standard_error:.3f} = {threshold:.3f}"},
    "reason.pep.prune": {
        "en": "the leaf's corrected errors are not above the subtree's plus SE: pruned",
        "zh": "叶结点的修正错误数不超过子树的修正错误数加 SE，剪枝"},
    "reason.pep.keep": {
        "en": "the leaf's corrected errors are above the subtree's plus SE: kept",
        "zh": "叶结点的修正错误数超过子树的修正错误数加 SE，保留"},
    "reason.ebp": {
        "en": "predicted errors as a leaf {predicted_leaf:.3f} (N = {n:g}, E = {errors_leaf:g}, "
              "U = {upper_rate:.4f}), of the subtree {predicted_subtree:.3f}",
        "zh": "预测错误数：作为叶结点 {predicted_leaf:.3f}（N = {n:g}，E = {errors_leaf:g}，"
              "U = {upper_rate:.4f}），子树 {predicted_subtree:.3f}"},
    "reason.ebp.leaf": {
        "en": "the leaf is no worse (within 0.1): replaced by a leaf",
        "zh": "叶结点不比子树差（相差在 0.1 以内），替换为叶结点"},
    "reason.ebp.raise": {
        "en": "its largest branch, with {predicted_branch:.3f}, is no worse (within 0.1): raised "
              "in its place",
        "zh": "其最大分支的预测错误数为 {predicted_branch:.3f}，不比子树差（相差在 0.1 以内），"
              "将该分支提升到此处"},
    "reason.ebp.keep": {
        "en": "the subtree is better: kept",
        "zh": "子树更好，保留"},
    "reason.ccp": {
        "en": "weakest link α_eff = (R(t) − R(T_t)) / (|leaves| − 1) = ({cost_leaf:.6g} − "
              "{cost_subtree:.6g}) / ({leaves:g} − 1) = {alpha_eff:.6g}",
        "zh": "最弱环节 α_eff = (R(t) − R(T_t)) / (|叶结点数| − 1) = ({cost_leaf:.6g} − "
              "{cost_subtree:.6g}) / ({leaves:g} − 1) = {alpha_eff:.6g}"},
    "reason.ccp.prune": {
        "en": "α_eff ≤ α = {alpha:.6g}: pruned",
        "zh": "α_eff ≤ α = {alpha:.6g}，剪枝"},
    "reason.ccp.keep": {
        "en": "α_eff > α = {alpha:.6g}: kept, and every other subtree has a larger α_eff",
        "zh": "α_eff > α = {alpha:.6g}，保留；其余子树的 α_eff 都更大"},
    # ---------------------------------------------------------------- time bounds (TimeLimitError)
    "error.time_limit": {
        "en": "Choosing α by {folds}-fold cross-validation did not finish within {seconds:g} s "
              "({done} of {folds} folds done); use a validation set, fewer rows or a maximum "
              "depth.",
        "zh": "用 {folds} 折交叉验证选择 α 未能在 {seconds:g} 秒内完成（已完成 {done}/{folds} 折）；"
              "请改用验证集、减少样本或限制最大深度。"},
    "error.time_limit_tree": {
        "en": "Choosing α by the validation set did not finish within {seconds:g} s (the tree to "
              "prune was still growing); use fewer rows or a maximum depth.",
        "zh": "用验证集选择 α 未能在 {seconds:g} 秒内完成（待剪枝的树仍在生成）；"
              "请减少样本或限制最大深度。"},
    # ---------------------------------------------------------------- validation split
    # (ui/models/split.py)
    "error.split_share": {
        "en": "the validation share must be between 0 and 1, not {ratio}",
        "zh": "验证集所占比例必须在 0 和 1 之间，而不是 {ratio}"},
    "error.split_too_few": {
        "en": "too few rows to hold any out for validation",
        "zh": "样本太少，无法留出验证集"},
    "error.split_bad_rows": {
        "en": "{part} is not a row number or a range such as 8-9",
        "zh": "“{part}”不是行号或 8-9 这样的范围"},
    "error.split_no_rows": {
        "en": "none of these row numbers is in the data",
        "zh": "这些行号都不在数据中"},
    "error.split_all_held": {
        "en": "every row is held out: no training rows are left",
        "zh": "所有行都留作验证集，没有剩下训练样本"},
    "error.split_no_upload": {
        "en": "upload a validation table with the same columns",
        "zh": "请上传与数据列相同的验证集数据表"},
    "error.split_no_target": {
        "en": "the validation table has no class column '{column}'",
        "zh": "验证集数据表没有类别列“{column}”"},
}
