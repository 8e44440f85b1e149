"""English / 中文 text of the Pruning lab, Compare and Predict & export pages.

Merged into :data:`ui.i18n.TRANSLATIONS` (one table, one lookup); kept in its own module so the
pages of part 2 do not edit the lines of part 1. Chinese terms follow ``shared/GLOSSARY.md``.
"""

from __future__ import annotations

TRANSLATIONS: dict[str, dict[str, str]] = {
    # ---------------------------------------------------------------- navigation
    "nav.prune": {"en": "Pruning lab", "zh": "剪枝实验"},
    "nav.compare": {"en": "Compare", "zh": "比较"},
    "nav.predict": {"en": "Predict & export", "zh": "预测与导出"},
    # ---------------------------------------------------------------- pruning lab
    "lab.title": {"en": "Pruning lab", "zh": "剪枝实验"},
    "lab.intro": {"en": "The same training rows grown three ways: unpruned, pre-pruned and "
                        "post-pruned, judged on the validation set.",
                  "zh": "在同一训练集上生成三棵树：不剪枝、预剪枝、后剪枝，并在验证集上评估。"},
    "lab.split": {"en": "Training / validation", "zh": "训练集 / 验证集"},
    "lab.zhou": {"en": "Zhou's Table 4.2 example", "zh": "周志华 表 4.2 的例子"},
    "lab.zhou_help": {"en": "Watermelon 2.0, ID3 with 脐部 at the root, validation rows "
                            "4, 5, 8, 9, 11, 12, 13 (Zhou §4.3).",
                      "zh": "西瓜数据集 2.0，ID3，根结点按脐部划分，验证集为 4、5、8、9、11、12、13 号"
                            "样本（周志华 §4.3）。"},
    "lab.split_mode": {"en": "Validation rows", "zh": "验证集"},
    "split.random": {"en": "Random share", "zh": "随机留出"},
    "split.rows": {"en": "Row numbers", "zh": "按编号"},
    "split.upload": {"en": "Upload", "zh": "上传"},
    "lab.ratio": {"en": "Share held out for validation", "zh": "留作验证集的比例"},
    "lab.seed": {"en": "Random seed", "zh": "随机种子"},
    "lab.stratified": {"en": "Stratified (keep class shares)", "zh": "分层抽样（保持类别比例）"},
    "lab.validation_upload": {"en": "Validation table (same columns)",
                              "zh": "验证集数据表（列相同）"},
    "lab.bad_split": {"en": "Validation rows not used: {message}", "zh": "验证集未使用：{message}"},
    "lab.pruning": {"en": "Pruning", "zh": "剪枝"},
    "lab.preprune": {"en": "Pre-pruning", "zh": "预剪枝"},
    "prepruning.validation": {"en": "by validation accuracy", "zh": "按验证集精度"},
    "prepruning.limits": {"en": "by the Grow page's limits", "zh": "按“生成决策树”页的限制"},
    "lab.method": {"en": "Post-pruning method", "zh": "后剪枝方法"},
    "method.rep": {"en": "REP", "zh": "错误率降低剪枝"},
    "method.pep": {"en": "PEP", "zh": "悲观剪枝"},
    "method.ebp": {"en": "EBP (C4.5)", "zh": "基于错误的剪枝"},
    "method.ccp": {"en": "CCP", "zh": "代价复杂度剪枝"},
    "lab.rule": {"en": "Prune when validation accuracy", "zh": "剪枝条件：验证集精度"},
    "rule.strict": {"en": "improves (Zhou)", "zh": "提高（周志华）"},
    "rule.no_worse": {"en": "does not drop (Quinlan)", "zh": "不降低（Quinlan）"},
    "lab.cf": {"en": "Confidence factor CF", "zh": "置信因子 CF"},
    "lab.ccp_select": {"en": "Choose α by", "zh": "α 的选择方式"},
    "ccp_select.validation": {"en": "the validation set", "zh": "验证集"},
    "ccp_select.cv": {"en": "k-fold cross-validation, 1-SE rule", "zh": "k 折交叉验证，1-SE 规则"},
    "lab.folds": {"en": "Folds k", "zh": "折数 k"},
    "lab.summary": {"en": "{train} training rows, {validation} validation rows · {algorithm}, "
                          "{criterion} · forced splits: {forced}",
                    "zh": "训练集 {train} 个样本，验证集 {validation} 个样本 · {algorithm}，"
                          "{criterion} · 指定的划分：{forced}"},
    "lab.unpruned": {"en": "Unpruned", "zh": "未剪枝"},
    "lab.prepruned": {"en": "Pre-pruned ({how})", "zh": "预剪枝（{how}）"},
    "lab.prepruned_short": {"en": "Pre-pruned", "zh": "预剪枝"},
    "lab.postpruned": {"en": "Post-pruned: {method}", "zh": "后剪枝：{method}"},
    "lab.tree_caption": {"en": "{leaves:leaf|leaves}, depth {depth} · training {train_accuracy}, "
                               "validation {validation_accuracy}",
                         "zh": "{leaves} 个叶结点，深度 {depth} · 训练集精度 {train_accuracy}，"
                               "验证集精度 {validation_accuracy}"},
    "lab.needs_validation": {"en": "This needs validation rows: choose them in the sidebar.",
                             "zh": "需要验证集：请在侧栏中选择。"},
    "lab.table": {"en": "Comparison", "zh": "比较"},
    "col.tree": {"en": "Tree", "zh": "决策树"},
    "col.train_acc": {"en": "Training accuracy", "zh": "训练集精度"},
    "col.val_acc": {"en": "Validation accuracy", "zh": "验证集精度"},
    "col.leaves": {"en": "Leaves", "zh": "叶结点数"},
    "col.depth": {"en": "Depth", "zh": "深度"},
    "lab.bars_title": {"en": "Validation accuracy", "zh": "验证集精度"},
    "lab.accuracy": {"en": "Accuracy", "zh": "精度"},
    "lab.ccp_title": {"en": "Accuracy along the cost-complexity pruning path",
                      "zh": "代价复杂度剪枝路径上的精度"},
    "lab.ccp_caption": {"en": "Each point is a subtree of the weakest-link sequence (its α on "
                              "the top axis and in the hover); the dashed line marks the α "
                              "chosen for CCP, and the markers show where each tree of the "
                              "table lands (validation accuracy).",
                        "zh": "每个点是最弱连接剪枝序列中的一棵子树（顶部坐标轴与悬停提示给出其 α）；"
                              "虚线标出代价复杂度剪枝选定的 α，标记表示表中各棵树的位置"
                              "（验证集精度）。"},
    "lab.ccp_caption_train": {"en": "Without validation rows the markers show training accuracy.",
                              "zh": "没有验证集时，标记表示训练集精度。"},
    "lab.replay": {"en": "Replay: {method}", "zh": "剪枝回放：{method}"},
    "lab.nothing_to_replay": {"en": "This tree has no internal node to judge.",
                              "zh": "这棵树没有可考察的内部结点。"},
    "lab.decision": {"en": "Decision", "zh": "决策"},
    "lab.replay_step": {"en": "Decision {k} of {n}: node #{node} ({test}): **{verdict}**",
                        "zh": "第 {k} / {n} 次决策：结点 #{node}（{test}）：**{verdict}**"},
    "decision.prune": {"en": "pruned", "zh": "剪枝"},
    "decision.keep": {"en": "kept", "zh": "保留"},
    "lab.replay_caption": {"en": "The judged node is outlined; nodes removed so far are grey "
                                 "and dashed.",
                           "zh": "被考察的结点加粗显示；已剪去的结点显示为灰色虚线。"},
    "lab.figures": {"en": "Figures compared", "zh": "比较的数值"},
    "lab.reason": {"en": "Decision", "zh": "决策"},
    "col.figure": {"en": "Figure", "zh": "数值"},
    "col.value": {"en": "Value", "zh": "值"},
    "fig.validation_weight": {"en": "validation rows reaching the node",
                              "zh": "到达该结点的验证样本"},
    "fig.errors_subtree": {"en": "errors of the subtree", "zh": "子树的错误数"},
    "fig.errors_leaf": {"en": "errors as a leaf", "zh": "作为叶结点的错误数"},
    "fig.accuracy_before": {"en": "validation accuracy before", "zh": "剪枝前验证集精度"},
    "fig.accuracy_after": {"en": "validation accuracy if pruned", "zh": "剪枝后验证集精度"},
    "fig.n": {"en": "training rows N", "zh": "训练样本数 N"},
    "fig.corrected_leaf": {"en": "corrected errors as a leaf, e + 1/2",
                           "zh": "作为叶结点的修正错误数 e + 1/2"},
    "fig.leaves": {"en": "leaves of the subtree", "zh": "子树的叶结点数"},
    "fig.corrected_subtree": {"en": "corrected errors of the subtree, Σe + L/2",
                              "zh": "子树的修正错误数 Σe + L/2"},
    "fig.standard_error": {"en": "standard error SE", "zh": "标准误差 SE"},
    "fig.threshold": {"en": "subtree's errors + SE", "zh": "子树错误数 + SE"},
    "fig.upper_rate": {"en": "upper confidence limit U_CF", "zh": "置信上限 U_CF"},
    "fig.predicted_leaf": {"en": "predicted errors as a leaf", "zh": "作为叶结点的预测错误数"},
    "fig.predicted_subtree": {"en": "predicted errors of the subtree", "zh": "子树的预测错误数"},
    "fig.predicted_branch": {"en": "predicted errors of the largest branch",
                             "zh": "最大分支的预测错误数"},
    "fig.alpha_eff": {"en": "α_eff of the node", "zh": "结点的 α_eff"},
    "fig.alpha": {"en": "chosen α", "zh": "选定的 α"},
    "fig.cost_leaf": {"en": "R(t) as a leaf", "zh": "作为叶结点的 R(t)"},
    "fig.cost_subtree": {"en": "R(T_t) of the subtree", "zh": "子树的 R(T_t)"},
    # ---------------------------------------------------------------- compare
    "compare.title": {"en": "Compare", "zh": "比较"},
    "compare.intro": {"en": "Two to four trees grown on the same training rows, judged on the "
                            "same validation rows (chosen in the Pruning lab).",
                      "zh": "在同一训练集上生成两到四棵树，并在同一验证集（在“剪枝实验”页选择）上评估。"},
    "compare.split": {"en": "{train} training rows, {validation} validation rows",
                      "zh": "训练集 {train} 个样本，验证集 {validation} 个样本"},
    "compare.count": {"en": "Trees compared", "zh": "比较的树的数量"},
    "compare.source": {"en": "Tree", "zh": "决策树"},
    "compare.settings": {"en": "Choose the settings", "zh": "选择设置"},
    "compare.pruning": {"en": "Pruning", "zh": "剪枝"},
    "compare.pruning_none": {"en": "unpruned", "zh": "不剪枝"},
    "compare.pruning_prepruned": {"en": "pre-pruned (validation)", "zh": "预剪枝（验证集）"},
    "compare.other_dataset": {"en": "This version was saved on another data set.",
                              "zh": "该版本保存于另一个数据集。"},
    "compare.metrics": {"en": "Metrics", "zh": "指标"},
    "compare.fit_ms": {"en": "Fit time (ms)", "zh": "训练用时（毫秒）"},
    "compare.ranking": {"en": "The root's candidates under each criterion",
                        "zh": "各准则下根结点的候选划分属性排名"},
    "compare.rank": {"en": "Rank: {criterion}", "zh": "排名：{criterion}"},
    "compare.score": {"en": "Score: {criterion}", "zh": "得分：{criterion}"},
    "compare.agree": {"en": "Same rank everywhere", "zh": "排名一致"},
    "compare.ranking_caption": {"en": "Rank 1 is the attribute the criterion splits the root on; "
                                      "unticked rows are where the criteria disagree.",
                                "zh": "排名 1 为该准则在根结点选择的划分属性；未勾选的行表示各准则"
                                      "的排名不一致。"},
    "compare.agreement": {"en": "Agreement", "zh": "预测一致率"},
    "compare.agreement_title": {"en": "Share of validation rows predicted alike",
                                "zh": "预测相同的验证样本比例"},
    # ---------------------------------------------------------------- predict and export
    "predict.title": {"en": "Predict & export", "zh": "预测与导出"},
    "predict.source": {"en": "Tree", "zh": "决策树"},
    "predict.source_grow": {"en": "The Grow page's tree", "zh": "“生成决策树”页的树"},
    "predict.source_lab": {"en": "The Pruning lab's post-pruned tree", "zh": "“剪枝实验”页的后剪枝树"},
    "predict.source_model": {"en": "A model file (JSON)", "zh": "模型文件（JSON）"},
    "predict.model_upload": {"en": "Load a model file (JSON exported here)",
                             "zh": "载入模型文件（本页导出的 JSON）"},
    "predict.no_model": {"en": "Load a model file first.", "zh": "请先载入模型文件。"},
    "predict.bad_model": {"en": "The model file was not loaded: {message}",
                          "zh": "模型文件未载入：{message}"},
    "predict.from_model": {"en": "model file {name}", "zh": "模型文件 {name}"},
    "predict.from_grow": {"en": "the Grow page's tree", "zh": "“生成决策树”页的树"},
    "predict.from_lab": {"en": "the Pruning lab's tree, post-pruned by {method}",
                         "zh": "“剪枝实验”页的树，经{method}后剪枝"},
    "predict.tree_caption": {"en": "Using {about}: {leaves:leaf|leaves}, depth {depth}; predicts "
                                   "{target} ({classes}).",
                             "zh": "使用{about}：{leaves} 个叶结点，深度 {depth}；预测 {target}"
                                   "（{classes}）。"},
    "predict.rows": {"en": "Rows to classify", "zh": "待分类的样本"},
    "predict.rows.regression": {"en": "Rows to predict", "zh": "待预测的样本"},
    "predict.rows_upload": {"en": "Upload rows (the class column may be absent; missing values "
                                  "are allowed)",
                            "zh": "上传样本（可以没有类别列；允许缺失值）"},
    "predict.rows_upload.regression": {
        "en": "Upload rows (the column to predict may be absent; missing values are allowed)",
        "zh": "上传样本（可以没有要预测的列；允许缺失值）"},
    "predict.use_dataset": {"en": "Use the data set", "zh": "使用数据集"},
    "predict.bad_rows": {"en": "These rows cannot be classified: {message}",
                         "zh": "无法对这些样本分类：{message}"},
    "predict.bad_rows.regression": {"en": "These rows cannot be predicted: {message}",
                                    "zh": "无法对这些样本做预测：{message}"},
    "predict.rows_caption": {"en": "{rows:row|rows} of {name}, with the predicted class and the "
                                   "class probabilities.",
                             "zh": "{name} 的 {rows} 个样本，附预测类别和各类别的概率。"},
    "predict.rows_caption.regression": {"en": "{rows:row|rows} of {name}, with the predicted "
                                              "{target}.",
                                        "zh": "{name} 的 {rows} 个样本，附 {target} 的预测值。"},
    "predict.download_predictions": {"en": "Download predictions (CSV)", "zh": "下载预测结果（CSV）"},
    "predict.download_formulas": {
        "en": "A text cell that begins with =, +, -, @ (and is not a number) is written with a "
              "leading ' so that a spreadsheet shows it as text instead of running it as a "
              "formula.",
        "zh": "以 =、+、-、@ 开头（且不是数字）的文本单元格写出时前面加 '，电子表格会把它当作文本显示，"
              "而不会当作公式执行。"},
    "predict.path": {"en": "Why this prediction", "zh": "预测的路径"},
    "predict.row": {"en": "Row", "zh": "样本（行号）"},
    "predict.node": {"en": "Node", "zh": "结点"},
    "predict.test": {"en": "Test", "zh": "测试"},
    "predict.value": {"en": "Value of the row", "zh": "该样本的取值"},
    "predict.split": {"en": "Weight split", "zh": "权重被分配"},
    "predict.outcome": {"en": "Went to", "zh": "进入"},
    "predict.path_split": {"en": "Where the value is missing (or unseen), the row goes down every "
                                 "branch with its weight times the branch's share of the "
                                 "training rows; the leaves' class distributions are blended.",
                           "zh": "属性值缺失（或未见过）时，样本以权重乘以各分支训练样本所占比例进入"
                                 "每个分支；预测结果为所到达叶结点类别分布的加权和。"},
    "predict.path_split.regression": {
        "en": "Where the value is missing (or unseen), the row goes down every branch with its "
              "weight times the branch's share of the training rows; the prediction is the "
              "leaves' values averaged by those weights.",
        "zh": "属性值缺失（或未见过）时，样本以权重乘以各分支训练样本所占比例进入每个分支；预测值为"
              "所到达叶结点取值按这些权重的加权平均。"},
    "predict.downloads": {"en": "Downloads", "zh": "下载"},
    "predict.too_large": {"en": "The tree has {nodes} nodes: SVG and PNG are rendered only up to "
                                "{limit}. Download the DOT file and run dot yourself.",
                          "zh": "这棵树有 {nodes} 个结点：仅在不超过 {limit} 个结点时生成 SVG 和 PNG。"
                                "请下载 DOT 文件自行用 dot 绘制。"},
    "predict.render_failed": {"en": "The tree could not be drawn: {message}",
                              "zh": "无法绘制决策树：{message}"},
    "predict.sql_note": {"en": "The Python function handles missing values as the tree does; the "
                               "SQL expression sends a NULL to the class its node predicts.",
                         "zh": "Python 函数对缺失值的处理与决策树相同；SQL 表达式遇到 NULL 时返回该"
                               "结点的预测类别。"},
    "predict.sql_note.regression": {
        "en": "The Python function handles missing values as the tree does; the SQL "
              "expression sends a NULL to the value its node predicts.",
        "zh": "Python 函数对缺失值的处理与决策树相同；SQL 表达式遇到 NULL 时返回该结点的预测值。"},
}
