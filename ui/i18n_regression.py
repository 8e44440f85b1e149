"""English / 中文 text of regression trees (CART's least-squares tree): merged into
:data:`ui.i18n.TRANSLATIONS`. Terms as the books print them (回归树, 平方误差, 均方误差)."""

from __future__ import annotations

TRANSLATIONS: dict[str, dict[str, str]] = {
    "criterion.squared_error": {"en": "Squared error", "zh": "平方误差"},
    "data.task": {"en": "Kind of tree", "zh": "决策树类型"},
    "task.classification": {"en": "Classification tree (predict a class)",
                            "zh": "分类树（预测类别）"},
    "task.regression": {"en": "Regression tree (predict a number)", "zh": "回归树（预测数值）"},
    "data.task_assumed_regression": {
        "en": "'{target}' holds numbers with fractions or many distinct values, so a regression "
              "tree predicts it (each leaf predicts the mean of its rows). Choose a "
              "classification tree to treat each value as a class.",
        "zh": "“{target}”是带小数或取值很多的数，因此用回归树预测它（每个叶结点预测其样本的"
              "均值）。若要把每个取值当作一个类别，请选择分类树。"},
    "data.target_histogram": {"en": "Values of {target}", "zh": "{target} 的取值分布"},
    "data.summary_line_regression": {
        "en": "{rows} rows, {features} features, a number to predict (mean {mean}, standard "
              "deviation {sd})",
        "zh": "{rows} 个样本，{features} 个属性，预测一个数值（均值 {mean}，标准差 {sd}）"},
    "regression.node_counts": {
        "en": "{rows} rows (weight {weighted}); mean {mean}, mean squared error (MSE) {mse}",
        "zh": "{rows} 个样本（权重 {weighted}）；均值 {mean}，均方误差（MSE）{mse}"},
    "regression.candidates_caption": {
        "en": "For each feature the cut s that least leaves squared error: SSE(R₁) + SSE(R₂), "
              "SSE(R) = Σ w (y − c)² with c the mean of region R (Li Hang 式 5.21). The "
              "decrease is MSE(D) − (SSE(R₁) + SSE(R₂)) / W.",
        "zh": "对每个属性，选使划分后平方误差 SSE(R₁) + SSE(R₂) 最小的切分点 s，其中 "
              "SSE(R) = Σ w (y − c)²，c 为区域 R 的均值（李航 式 5.21）。减少量为 "
              "MSE(D) − (SSE(R₁) + SSE(R₂)) / W。"},
    "col.sse_before": {"en": "SSE before", "zh": "划分前 SSE"},
    "col.sse_after": {"en": "SSE after", "zh": "划分后 SSE"},
    "col.sse_decrease": {"en": "SSE decrease", "zh": "SSE 减少量"},
    "col.left_mean": {"en": "c₁ (≤ s)", "zh": "c₁（≤ s）"},
    "col.right_mean": {"en": "c₂ (> s)", "zh": "c₂（> s）"},
    "regression.threshold_title": {"en": "Squared error after each cut of {feature} at node "
                                         "#{node}",
                                   "zh": "结点 #{node} 上按 {feature} 各切分点划分后的平方误差"},
    "regression.sse_axis": {"en": "SSE(R₁) + SSE(R₂)", "zh": "SSE(R₁) + SSE(R₂)"},
    "regression.rows_title": {"en": "The node's rows: {target} against {feature}, with the two "
                                    "region means of the chosen cut",
                              "zh": "结点的样本：{target} 对 {feature}，以及所选切分的两个区域均值"},
    "regression.means": {"en": "region means c₁, c₂", "zh": "区域均值 c₁、c₂"},
    "regression.rows": {"en": "rows", "zh": "样本"},
    "regression.threshold_caption": {
        "en": "Each point is one cut s between neighbouring distinct values; the lowest is the "
              "cut the least-squares tree chooses for this feature.",
        "zh": "每个点是相邻不同取值之间的一个切分点 s；最低点就是最小二乘回归树对该属性选择的切分点。"},
    "regression.histogram": {"en": "{target} at node #{node}", "zh": "结点 #{node} 的 {target}"},
    "regression.count": {"en": "rows", "zh": "样本数"},
    "regression.no_nominal": {
        "en": "Regression trees grow on continuous features with every value known, so far. "
              "{detail}",
        "zh": "目前回归树只在全部取值已知的连续属性上生成。{detail}"},
    "regression.only_cart": {
        "en": "A regression tree is grown by CART with the squared error (the least-squares "
              "regression tree); ID3 and C4.5 grow classification trees.",
        "zh": "回归树由 CART 以平方误差生成（最小二乘回归树）；ID3 与 C4.5 生成分类树。"},
    "regression.classification_only": {
        "en": "This page shows classification trees so far. The data set's target is a number "
              "to predict: its regression tree grows on the Grow page, or switch the kind of "
              "tree on the Data page.",
        "zh": "本页目前只展示分类树。当前数据集的目标是要预测的数值：其回归树可在“生成决策树”页"
              "查看，或在“数据”页切换决策树类型。"},
    "regression.value": {"en": "mean", "zh": "均值"},
    "regression.mse": {"en": "MSE", "zh": "MSE"},
}
