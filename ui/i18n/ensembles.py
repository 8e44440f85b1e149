"""English / 中文 text of the Forests & boosting page: merged into :data:`ui.i18n.TRANSLATIONS`.
Terms as the books print them (随机森林, 自助采样, 袋外误差, 提升, 残差; Zhou §8, Li Hang 第8章)."""

from __future__ import annotations

TRANSLATIONS: dict[str, dict[str, str]] = {
    "nav.ensembles": {"en": "Forests & boosting", "zh": "随机森林与提升"},
    "ens.title": {"en": "Forests & boosting", "zh": "随机森林与提升"},
    "ens.intro": {
        "en": "Many trees together: a random forest votes over trees grown on bootstrap "
              "samples with random feature subsets; AdaBoost re-weights the rows each round so "
              "the next tree attends to the mistakes; gradient boosting fits each tree to the "
              "residuals of the sum so far. Step through the rounds to see what each one does.",
        "zh": "多棵树合在一起：随机森林在自助采样得到的样本上、以随机的属性子集生成多棵树并投票；"
              "AdaBoost 每一轮调整样本权重，让下一棵树关注被分错的样本；梯度提升让每一棵树拟合"
              "当前累加模型的残差。逐轮查看每一轮做了什么。"},
    "ens.settings": {"en": "Ensemble settings", "zh": "集成设置"},
    "ens.kind": {"en": "Ensemble", "zh": "集成方法"},
    "ens.kind.forest": {"en": "Random forest", "zh": "随机森林"},
    "ens.kind.adaboost": {"en": "AdaBoost (decision stumps)", "zh": "AdaBoost（决策树桩）"},
    "ens.kind.gbdt": {"en": "Gradient boosting (GBDT)", "zh": "梯度提升决策树（GBDT）"},
    "ens.rounds": {"en": "Number of trees (rounds) T", "zh": "树的数量（轮数）T"},
    "ens.max_depth": {"en": "Max depth of each tree (0 = no limit)",
                      "zh": "每棵树的最大深度（0 表示不限）"},
    "ens.min_samples_leaf": {"en": "Min samples per leaf", "zh": "叶结点最小样本数"},
    "ens.max_features": {"en": "Features drawn at each node (k)",
                         "zh": "每个结点随机选取的属性数（k）"},
    "ens.max_features.sqrt": {"en": "√d (classification default)", "zh": "√d（分类默认）"},
    "ens.max_features.third": {"en": "d/3 (regression default)", "zh": "d/3（回归默认）"},
    "ens.max_features.log2": {"en": "log₂ d", "zh": "log₂ d"},
    "ens.max_features.all": {"en": "all d (bagging)", "zh": "全部 d 个（即装袋）"},
    "ens.learning_rate": {"en": "Learning rate ν", "zh": "学习率 ν"},
    "ens.seed": {"en": "Random seed", "zh": "随机种子"},
    "ens.growing": {"en": "Grown {t} of {n:tree|trees}…", "zh": "已生成 {n} 棵树中的 {t} 棵…"},
    "ens.deadline": {
        "en": "Growing stopped after {seconds} s (the limit) with {n} of {asked:tree|trees}; the "
              "page shows the ensemble grown by then. Use fewer trees, shallower trees or "
              "fewer rows to grow it whole, or press “Grow again” to give it another "
              "{seconds} s.",
        "zh": "生成在 {seconds} 秒（上限）后停止，已生成 {asked} 棵树中的 {n} 棵；页面显示的是"
              "此时已生成的集成。减少树的数量、降低树的深度或减少样本即可完整生成，或点击"
              "“重新生成”再给它 {seconds} 秒。"},
    "ens.round": {"en": "Round t", "zh": "第 t 轮"},
    "ens.regression_no_adaboost": {
        "en": "AdaBoost as the seed defines it classifies; for a number to predict choose a "
              "random forest or gradient boosting.",
        "zh": "这里的 AdaBoost 用于分类；预测数值请选择随机森林或梯度提升。"},
    "ens.summary": {
        "en": "**{kind}**, the first {t} of {total:tree|trees} (grown on "
              "{rows:training row|training rows}): {part} {metric} **{value}**; one tree with "
              "the same limits: {single}.",
        "zh": "**{kind}**，{total} 棵树中的前 {t} 棵（在 {rows} 个训练样本上生成）："
              "{part}{metric} **{value}**；同样限制下的单棵树：{single}。"},
    "ens.metric_error": {"en": "error rate", "zh": "错误率"},
    "ens.metric_rmse": {"en": "RMSE (root mean squared error)", "zh": "RMSE（均方误差的平方根）"},
    "ens.metric_logloss": {"en": "log-loss", "zh": "对数损失"},
    "ens.cannot": {"en": "This ensemble cannot grow on these rows: {message}",
                   "zh": "无法在这些样本上生成该集成：{message}"},
    "ens.gbdt_cannot": {
        "en": "Gradient boosting fits regression trees to the residuals, and they cannot grow "
              "here: {message}. A random forest or AdaBoost takes nominal columns and missing "
              "values as they are.",
        "zh": "梯度提升用回归树拟合残差，而回归树在这里无法生成：{message}。随机森林或 AdaBoost "
              "可以直接处理离散属性和缺失值。"},
    "ens.stopped_early": {
        "en": "AdaBoost stopped after round {n} of {asked}: the weighted error εₜ of the last "
              "tree was 0 (it classifies every training row right, so αₜ would be infinite) "
              "or no better than guessing. A shallower tree (e.g. a stump, depth 1) keeps it "
              "going.",
        "zh": "AdaBoost 在第 {n} 轮（共 {asked} 轮）后停止：最后一棵树的加权错误率 εₜ 为 0"
              "（它把训练样本全部分对，αₜ 将为无穷大），或不比随机猜测好。换用更浅的树"
              "（例如深度为 1 的决策树桩）可以继续提升。"},
    "ens.no_validation": {"en": "No validation rows: the curves show training figures only.",
                          "zh": "没有验证集：曲线只显示训练集上的结果。"},
    # ---------------------------------------------------------------- curves
    "ens.curve_title_error": {"en": "Error rate against the number of trees",
                              "zh": "错误率随树的数量的变化"},
    "ens.curve_title_rmse": {"en": "RMSE (root mean squared error) against the number of trees",
                             "zh": "RMSE（均方误差的平方根）随树的数量的变化"},
    "ens.curve_title_logloss": {"en": "Log-loss (cross-entropy) against the number of trees",
                                "zh": "对数损失（交叉熵）随树的数量的变化"},
    "ens.rounds_axis": {"en": "trees in the ensemble", "zh": "集成中树的数量"},
    "ens.train": {"en": "training", "zh": "训练集"},
    "ens.validation": {"en": "validation", "zh": "验证集"},
    "ens.oob": {"en": "out-of-bag", "zh": "袋外误差"},
    "ens.single_validation": {"en": "one tree (validation)", "zh": "单棵树（验证集）"},
    "ens.single_train": {"en": "one tree (training)", "zh": "单棵树（训练集）"},
    # ---------------------------------------------------------------- tabs
    "ens.tab.member": {"en": "Tree t", "zh": "第 t 棵树"},
    "ens.tab.rows": {"en": "What tree t saw", "zh": "第 t 棵树看到的样本"},
    "ens.tab.row": {"en": "One row", "zh": "单个样本"},
    "ens.tab.importance": {"en": "Feature importance", "zh": "特征重要性"},
    "ens.member_caption": {"en": "Tree {t} of {n}: {nodes:node|nodes}, {leaves:leaf|leaves}.",
                           "zh": "第 {t} / {n} 棵树：{nodes} 个结点，{leaves} 个叶结点。"},
    # random forest
    "ens.bootstrap_title": {"en": "Bootstrap sample of tree {t}: how often each row was drawn",
                            "zh": "第 {t} 棵树的自助采样：每个样本被抽中的次数"},
    "ens.bootstrap_times": {"en": "times drawn", "zh": "被抽中的次数"},
    "ens.bootstrap_rows": {"en": "rows", "zh": "样本数"},
    "ens.bootstrap_expected": {"en": "expected: N·e<sup>−1</sup>/k!",
                               "zh": "期望：N·e<sup>−1</sup>/k!"},
    "ens.bootstrap_note": {
        "en": "{oob} of {rows} rows ({share}) were never drawn: they are out of the bag for "
              "this tree, and (1 − 1/N)ᴺ → 1/e ≈ 36.8 % (Zhou 式 2.1).",
        "zh": "{rows} 个样本中有 {oob} 个（{share}）未被抽中，是这棵树的袋外样本；"
              "(1 − 1/N)ᴺ → 1/e ≈ 36.8%（周志华 式 2.1）。"},
    "ens.listed_rows": {"en": "The first {n} of {rows} training rows are listed.",
                        "zh": "表中列出了 {rows} 个训练样本中的前 {n} 个。"},
    "ens.subsets_title": {"en": "Features drawn at each node of tree {t}",
                          "zh": "第 {t} 棵树每个结点随机选取的属性"},
    "ens.col.node": {"en": "node", "zh": "结点"},
    "ens.col.row": {"en": "row", "zh": "样本"},
    "ens.col.drawn": {"en": "features drawn", "zh": "随机选取的属性"},
    "ens.col.chosen": {"en": "splitting attribute", "zh": "划分属性"},
    "ens.votes_title": {"en": "Votes for row {row} as trees are added",
                        "zh": "样本 {row} 得到的投票随树的增加的变化"},
    "ens.share_axis": {"en": "share of the votes", "zh": "得票比例"},
    "ens.pick_row": {"en": "Row (as numbered in the table)", "zh": "样本（表中的行号）"},
    "ens.row_truth": {"en": "Row {row}: true value **{truth}**; after round {t} the ensemble "
                            "predicts **{prediction}**.",
                      "zh": "样本 {row}：真实值 **{truth}**；第 {t} 轮之后集成的预测为 "
                            "**{prediction}**。"},
    "ens.importance_title": {"en": "Impurity importance and permutation importance",
                             "zh": "基于不纯度的重要性与置换重要性"},
    "ens.importance_impurity": {"en": "impurity decrease", "zh": "不纯度减少量"},
    "ens.importance_permutation": {"en": "permutation (validation)", "zh": "置换（验证集）"},
    "ens.importance_axis": {"en": "importance", "zh": "重要性"},
    "ens.permutation_run": {
        "en": "Run the permutation test ({repeats} shuffles of each feature on {rows} rows)",
        "zh": "进行置换检验（每个属性在 {rows} 个样本上打乱 {repeats} 次）"},
    "ens.permutation_running": {"en": "Shuffling each feature and predicting again…",
                                "zh": "正在逐个打乱属性并重新预测…"},
    "ens.importance_note": {
        "en": "Permutation importance is the forest's \"random test\": shuffle one feature's "
              "values among the validation rows and measure how much the score drops "
              "(importance(i) = score(D) − score(D with feature i permuted)).",
        "zh": "置换重要性即随机森林的“随机测试”：把某个属性在验证集样本间的取值随机打乱，"
              "看得分下降多少（重要性(i) = 得分(D) − 得分(打乱属性 i 后的 D)）。"},
    # AdaBoost
    "ens.weights_title": {"en": "Sample weights u<sup>({t})</sup> of round {t}",
                          "zh": "第 {t} 轮的样本权重 u<sup>({t})</sup>"},
    "ens.weights_row": {"en": "row", "zh": "样本"},
    "ens.weights_axis": {"en": "weight u<sub>n</sub>", "zh": "权重 u<sub>n</sub>"},
    "ens.weights_right": {"en": "classified right by g<sub>t</sub>", "zh": "被 g<sub>t</sub> 正确分类"},
    "ens.weights_wrong": {"en": "misclassified by g<sub>t</sub>", "zh": "被 g<sub>t</sub> 错误分类"},
    "ens.weights_note": {"en": "The {n} heaviest of {rows} rows are drawn.",
                         "zh": "图中画出了 {rows} 个样本中权重最大的 {n} 个。"},
    "ens.adaboost_formula": {"en": "Round {t}: the weighted error and the member's vote",
                             "zh": "第 {t} 轮：加权错误率与该树的权重"},
    # gradient boosting
    "ens.residuals_title": {"en": "Round {t}: residuals against the tree's output",
                            "zh": "第 {t} 轮：残差与该树输出的关系"},
    "ens.residuals_member": {"en": "tree output g<sub>t</sub>(x)", "zh": "树的输出 g<sub>t</sub>(x)"},
    "ens.residuals_axis": {"en": "residual y − s<sub>t−1</sub>(x)",
                           "zh": "残差 y − s<sub>t−1</sub>(x)"},
    "ens.residuals_rows": {"en": "training rows", "zh": "训练样本"},
    "ens.residuals_line": {"en": "r = α<sub>t</sub>·g", "zh": "r = α<sub>t</sub>·g"},
    "ens.gbdt_formula": {"en": "Round {t}: the step along the new tree",
                         "zh": "第 {t} 轮：沿新树方向的步长"},
    "ens.running_title": {"en": "Row {row}: the prediction s<sub>1</sub> … s<sub>T</sub> "
                                "round by round",
                          "zh": "样本 {row}：逐轮的预测 s<sub>1</sub> … s<sub>T</sub>"},
    "ens.running_prediction": {"en": "prediction s<sub>t</sub>(x)", "zh": "预测 s<sub>t</sub>(x)"},
    "ens.running_truth": {"en": "true value", "zh": "真实值"},
    "ens.log_odds_note": {"en": "For classification the sum is the log-odds (the score of "
                                "each class before the softmax).",
                          "zh": "分类时累加的是对数几率（softmax 之前每个类别的得分）。"},
}
