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
        "en": "{rows:row|rows}, {features:feature|features}, a number to predict (mean {mean}, "
              "standard deviation {sd})",
        "zh": "{rows} 个样本，{features} 个属性，预测一个数值（均值 {mean}，标准差 {sd}）"},
    "regression.node_counts": {
        "en": "{rows:row|rows} (weight {weighted}); mean {mean}, mean squared error (MSE) {mse}",
        "zh": "{rows} 个样本（权重 {weighted}）；均值 {mean}，均方误差（MSE）{mse}"},
    "regression.candidates_caption": {
        "en": "For each feature the cut s that least leaves squared error: SSE(R₁) + SSE(R₂), "
              "SSE(R) = Σ w (y − c)² with c the mean of region R (Li Hang 式 5.21). The "
              "decrease is MSE(D) − (SSE(R₁) + SSE(R₂)) / W. A nominal feature splits its values "
              "into two groups, found among the cuts of its values ordered by mean target. A "
              "feature with missing values is scored on the rows where it is known, its "
              "decrease scaled by their share ρ (Zhou 式 4.12); the others' rows go down both "
              "branches.",
        "zh": "对每个属性，选使划分后平方误差 SSE(R₁) + SSE(R₂) 最小的切分点 s，其中 "
              "SSE(R) = Σ w (y − c)²，c 为区域 R 的均值（李航 式 5.21）。减少量为 "
              "MSE(D) − (SSE(R₁) + SSE(R₂)) / W。离散属性把取值分成两组：把取值按目标均值排序后，"
              "在相邻取值之间寻找最佳切分。有缺失值的属性只在取值已知的样本上计算，减少量乘以它们的"
              "比例 ρ（周志华 式 4.12）；取值缺失的样本同时进入两个分支。"},
    "col.sse_before": {"en": "SSE before", "zh": "划分前 SSE"},
    "col.sse_after": {"en": "SSE after", "zh": "划分后 SSE"},
    "col.sse_decrease": {"en": "SSE decrease", "zh": "SSE 减少量"},
    "col.left_mean": {"en": "c₁ (≤ s)", "zh": "c₁（≤ s）"},
    "col.right_mean": {"en": "c₂ (> s)", "zh": "c₂（> s）"},
    "regression.threshold_title": {"en": "Squared error after each cut of {feature} at node "
                                         "#{node}",
                                   "zh": "结点 #{node} 上按 {feature} 各切分点划分后的平方误差"},
    "regression.sse_axis": {"en": "SSE(R₁) + SSE(R₂)", "zh": "SSE(R₁) + SSE(R₂)"},
    "regression.rows_title": {"en": "{target} against {feature} at node #{node}",
                              "zh": "结点 #{node} 的 {target} 对 {feature}"},
    "regression.cuts_table": {"en": "Every cut s of {feature} written out",
                              "zh": "{feature} 的每个切分点 s"},
    "col.cut": {"en": "s", "zh": "s"},
    "col.sse_cut": {"en": "m(s) = SSE(R₁) + SSE(R₂)", "zh": "m(s) = SSE(R₁) + SSE(R₂)"},
    "regression.means": {"en": "region means c₁, c₂", "zh": "区域均值 c₁、c₂"},
    "regression.rows": {"en": "rows", "zh": "样本"},
    "regression.threshold_caption": {
        "en": "Each point is one cut s between neighbouring distinct values; the lowest is the "
              "cut the least-squares tree chooses for this feature.",
        "zh": "每个点是相邻不同取值之间的一个切分点 s；最低点就是最小二乘回归树对该属性选择的切分点。"},
    "regression.histogram": {"en": "{target} at node #{node}", "zh": "结点 #{node} 的 {target}"},
    "regression.count": {"en": "rows", "zh": "样本数"},
    "regression.only_cart": {
        "en": "A regression tree is grown by CART with the squared error (the least-squares "
              "regression tree); ID3 and C4.5 grow classification trees.",
        "zh": "回归树由 CART 以平方误差生成（最小二乘回归树）；ID3 与 C4.5 生成分类树。"},
    "concepts.sse_page_intro": {
        "en": "The data set's target is a number: its regression tree measures squared error, "
              "not bits. Here is what each cut of the tree grown on the Grow page takes away.",
        "zh": "当前数据集的目标是数值：回归树度量的是平方误差而不是比特。这里展示“生成决策树”"
              "页上所生成的树的每次切分减少了多少平方误差。"},
    "concepts.sse_title": {"en": "What a cut of a regression tree decreases",
                           "zh": "回归树的一次切分减少了什么"},
    "concepts.sse_intro": {
        "en": "The law of total variance splits a node's squared error W·MSE(t) into what the "
              "children leave, Σ W_c·MSE(c), and what lies between them, Σ W_c·(ȳ_c − ȳ_t)². "
              "The decrease CART makes largest (Li Hang 式 5.21) is the part between: for two "
              "children W₁W₂/W·(c₁ − c₂)², large when the means differ and the rows are shared "
              "evenly. The numbers are the tree's own.",
        "zh": "全方差公式把结点的平方误差 W·MSE(t) 分成两部分：子结点内部剩下的 Σ W_c·MSE(c)，"
              "以及子结点之间的 Σ W_c·(ȳ_c − ȳ_t)²。CART 选切分点时最大化的平方误差减少量"
              "（李航 式 5.21）正是子结点之间的部分：对两个子结点为 W₁W₂/W·(c₁ − c₂)²，"
              "均值相差越大、样本分得越均匀，它就越大。数值均取自决策树本身。"},
    "concepts.sse_total": {"en": "SSE of the node", "zh": "结点的平方误差"},
    "concepts.sse_within": {"en": "left inside the children", "zh": "子结点内部"},
    "concepts.sse_between": {"en": "between the children (the decrease)",
                             "zh": "子结点之间（即减少量）"},
    "concepts.sse_leaf": {"en": "Node #{node} is a leaf: choose a node that was split.",
                          "zh": "结点 #{node} 是叶结点：请选择一个被划分的结点。"},
    "concepts.sse_holds": {"en": "At node #{node} the squared error is exactly what the "
                                 "children leave plus what lies between them.",
                           "zh": "在结点 #{node}，平方误差恰好等于子结点内部的部分加上子结点"
                                 "之间的部分。"},
    "concepts.sse_fails": {"en": "At node #{node} the parts do not add up: please report it.",
                           "zh": "在结点 #{node}，各部分之和不相等：请报告此问题。"},
    "regression.a_number": {"en": "a number: regression tree", "zh": "数值：回归树"},
    "regression.value": {"en": "mean", "zh": "均值"},
    "regression.mse": {"en": "MSE", "zh": "MSE"},
    "regression.median": {"en": "median", "zh": "中位数"},
    "regression.mae": {"en": "MAE", "zh": "MAE"},
    # ---------------------------------------------------------------- Pruning lab and Compare
    "lab.tree_caption_regression": {
        "en": "{leaves:leaf|leaves}, depth {depth} · RMSE training {train_rmse}, validation "
              "{validation_rmse} · R² training {train_r2}, validation {validation_r2}",
        "zh": "{leaves} 个叶结点，深度 {depth} · 均方根误差 RMSE：训练集 {train_rmse}，验证集 "
              "{validation_rmse} · R²：训练集 {train_r2}，验证集 {validation_r2}"},
    "col.train_rmse": {"en": "Training RMSE", "zh": "训练集 RMSE"},
    "col.val_rmse": {"en": "Validation RMSE", "zh": "验证集 RMSE"},
    "col.train_r2": {"en": "Training R²", "zh": "训练集 R²"},
    "col.val_r2": {"en": "Validation R²", "zh": "验证集 R²"},
    "lab.rmse": {"en": "RMSE (root mean squared error)", "zh": "RMSE（均方误差的平方根）"},
    "lab.r2": {"en": "R²", "zh": "R²"},
    "lab.bars_title.regression": {"en": "Validation RMSE (lower is better)",
                                  "zh": "验证集 RMSE（越低越好）"},
    "lab.ccp_title.regression": {"en": "RMSE along the cost-complexity pruning path",
                                 "zh": "代价复杂度剪枝路径上的 RMSE"},
    "lab.ccp_caption.regression": {
        "en": "Each point is a subtree of the weakest-link sequence (its α on the top axis and "
              "in the hover; the node impurity is the mean squared error); the dashed line "
              "marks the α chosen for CCP, and the markers show where each tree of the table "
              "lands (validation RMSE).",
        "zh": "每个点是最弱连接剪枝序列中的一棵子树（顶部坐标轴与悬停提示给出其 α；结点的不纯度为"
              "均方误差）；虚线标出代价复杂度剪枝选定的 α，标记表示表中各棵树的位置"
              "（验证集 RMSE）。"},
    "lab.ccp_caption.absolute_error": {
        "en": "Each point is a subtree of the weakest-link sequence (its α on the top axis and "
              "in the hover; the node impurity is the mean absolute error about the median); "
              "the dashed line marks the α chosen for CCP (by validation MAE), and the markers "
              "show where each tree of the table lands (validation RMSE).",
        "zh": "每个点是最弱连接剪枝序列中的一棵子树（顶部坐标轴与悬停提示给出其 α；结点的不纯度为"
              "关于中位数的平均绝对误差）；虚线标出代价复杂度剪枝（按验证集 MAE）选定的 α，"
              "标记表示表中各棵树的位置（验证集 RMSE）。"},
    "lab.ccp_caption_train.regression": {
        "en": "Without validation rows the markers show training RMSE.",
        "zh": "没有验证集时，标记表示训练集 RMSE。"},
    "lab.chosen_alpha": {"en": "chosen α = {alpha}", "zh": "选定的 α = {alpha}"},
    "lab.alpha_axis": {"en": "α of the subtree (its weakest link)",
                       "zh": "子树对应的 α（最弱连接）"},
    "lab.rule.regression": {"en": "Prune when the validation squared error",
                            "zh": "剪枝条件：验证集平方误差"},
    "lab.rule.absolute_error": {"en": "Prune when the validation absolute error",
                                "zh": "剪枝条件：验证集绝对误差"},
    "rule.strict.regression": {"en": "decreases (Zhou)", "zh": "减小（周志华）"},
    "rule.no_worse.regression": {"en": "does not increase (Quinlan)", "zh": "不增大（Quinlan）"},
    "regression.groups_title": {"en": "{feature} at node #{node}: squared error after each cut",
                                "zh": "结点 #{node} 的 {feature}：每个切分后的平方误差"},
    "regression.group_cut_axis": {"en": "cut between values (ordered by mean)",
                                  "zh": "取值之间的切分（按均值排序）"},
    "regression.group_means_title": {"en": "mean {target} of each value of {feature}",
                                     "zh": "{feature} 各取值的 {target} 均值"},
    "regression.mean_axis": {"en": "mean {target}", "zh": "{target} 均值"},
    "regression.first_group": {"en": "first group", "zh": "第一组"},
    "regression.second_group": {"en": "second group", "zh": "第二组"},
    "regression.groups_caption": {
        "en": "A nominal feature splits into two groups of values. Ordered by their mean "
              "target, the best grouping is one of the k − 1 cuts of that order (Breiman et al. "
              "1984, after Fisher 1958), so k − 1 cuts are scored instead of 2^(k−1) − 1 "
              "groupings. Rows whose value is missing are left out here; they go down both "
              "branches.",
        "zh": "离散属性把取值分成两组。把取值按目标均值排序后，最优分组必是这一顺序的 k − 1 个切分之一"
              "（Breiman 等 1984，源自 Fisher 1958），因此只需计算 k − 1 个切分，而不是 2^(k−1) − 1 "
              "种分组。取值缺失的样本不在此图中，它们同时进入两个分支。"},
    "col.first_group": {"en": "first group", "zh": "第一组"},
    "prepruning.validation.regression": {"en": "by validation squared error",
                                         "zh": "按验证集平方误差"},
    "stop.validation.regression": {
        "en": "a leaf: splitting would not lower the validation rows' squared error "
              "(pre-pruning).",
        "zh": "叶结点：划分不能降低验证集的平方误差（预剪枝）。"},
    "lab.regression_methods": {
        "en": "A regression tree is post-pruned by {methods}; {others} count a classification "
              "tree's errors. Pre-pruning splits a node only if the validation rows' squared "
              "error falls, or uses the Grow page's limits (maximum depth, minimum rows per "
              "leaf).",
        "zh": "回归树可用{methods}进行后剪枝；{others}统计的是分类树的错误数。预剪枝仅在划分使验证集"
              "平方误差降低时才划分结点，或使用“生成决策树”页的限制（最大深度、叶结点最小样本数）。"},
    "lab.no_limits": {
        "en": "No growth limit is set, so the pre-pruned tree is the unpruned one: set a "
              "maximum depth or a minimum number of rows per leaf on the Grow page.",
        "zh": "未设置任何生长限制，因此预剪枝的树与未剪枝的树相同：请在“生成决策树”页设置最大深度"
              "或叶结点最小样本数。"},
    "fig.sse_subtree": {"en": "validation SSE of the subtree", "zh": "子树的验证集 SSE"},
    "fig.sse_leaf": {"en": "validation SSE as a leaf (training mean)",
                     "zh": "叶结点（训练集均值）的验证集 SSE"},
    "fig.rmse_before": {"en": "validation RMSE before", "zh": "剪枝前验证集 RMSE"},
    "fig.rmse_after": {"en": "validation RMSE if pruned", "zh": "剪枝后验证集 RMSE"},
    "fig.ae_subtree": {"en": "validation AE of the subtree", "zh": "子树的验证集绝对误差"},
    "fig.ae_leaf": {"en": "validation AE as a leaf (training median)",
                    "zh": "叶结点（训练集中位数）的验证集绝对误差"},
    "fig.mae_before": {"en": "validation MAE before", "zh": "剪枝前验证集 MAE"},
    "fig.mae_after": {"en": "validation MAE if pruned", "zh": "剪枝后验证集 MAE"},
    "reason.rep_ae": {
        "en": "validation MAE {mae_before:.4g} → {mae_after:.4g} as a leaf "
              "(absolute error {ae_subtree:.6g} → {ae_leaf:.6g})",
        "zh": "替换为叶结点后验证集 MAE {mae_before:.4g} → {mae_after:.4g}"
              "（绝对误差 {ae_subtree:.6g} → {ae_leaf:.6g}）"},
    "reason.rep_ae.improves": {
        "en": "a leaf predicting the training median lowers it: pruned",
        "zh": "预测训练集中位数的叶结点降低了验证集绝对误差，剪枝"},
    "reason.rep_ae.no_worse": {
        "en": "a leaf predicting the training median does not increase it (rule no_worse): "
              "pruned",
        "zh": "预测训练集中位数的叶结点没有增大验证集绝对误差（“不增大”规则），剪枝"},
    "reason.rep_ae.no_gain": {
        "en": "a leaf does not lower it: kept (rule strict needs a decrease)",
        "zh": "叶结点没有降低验证集绝对误差，保留（“减小”规则要求误差减小才剪枝）"},
    "reason.rep_ae.worse": {
        "en": "a leaf would increase it: kept",
        "zh": "叶结点会增大验证集绝对误差，保留"},
    "reason.rep_sse": {
        "en": "validation RMSE {rmse_before:.4g} → {rmse_after:.4g} as a leaf "
              "(squared error {sse_subtree:.6g} → {sse_leaf:.6g})",
        "zh": "替换为叶结点后验证集 RMSE {rmse_before:.4g} → {rmse_after:.4g}"
              "（平方误差 {sse_subtree:.6g} → {sse_leaf:.6g}）"},
    "reason.rep_sse.improves": {
        "en": "a leaf predicting the training mean lowers it: pruned",
        "zh": "预测训练集均值的叶结点降低了验证集平方误差，剪枝"},
    "reason.rep_sse.no_worse": {
        "en": "a leaf predicting the training mean does not increase it (rule no_worse): pruned",
        "zh": "预测训练集均值的叶结点没有增大验证集平方误差（“不增大”规则），剪枝"},
    "reason.rep_sse.no_gain": {
        "en": "a leaf does not lower it: kept (rule strict needs a decrease)",
        "zh": "叶结点没有降低验证集平方误差，保留（“减小”规则要求误差减小才剪枝）"},
    "reason.rep_sse.worse": {
        "en": "a leaf would increase it: kept",
        "zh": "叶结点会增大验证集平方误差，保留"},
    "error.pruner_task": {
        "en": "{method} prunes classification trees only: a regression tree has no training "
              "errors to count.",
        "zh": "{method} 只适用于分类树：回归树没有可统计的训练错误数。"},
    "compare.ranking.regression": {"en": "The root's cuts: squared error decrease per feature",
                                   "zh": "根结点的切分：各属性的平方误差减少量"},
    "compare.ranking_caption.regression": {
        "en": "Each feature's best cut s of all the training rows and the squared error it "
              "removes, SSE(D) − (SSE(R₁) + SSE(R₂)); rank 1 is the cut the regression tree "
              "makes at its root.",
        "zh": "各属性在全部训练样本上的最优切分点 s 及其减少的平方误差 "
              "SSE(D) − (SSE(R₁) + SSE(R₂))；排名 1 即回归树在根结点的切分。"},
    "compare.agreement.regression": {"en": "Predicted against actual", "zh": "预测值与真实值"},
    "compare.predicted_title": {"en": "Validation rows: predicted {target} against actual",
                                "zh": "验证集：{target} 的预测值与真实值"},
    "compare.actual": {"en": "actual", "zh": "真实值"},
    "compare.predicted_axis": {"en": "predicted", "zh": "预测值"},
    "compare.identity": {"en": "predicted = actual", "zh": "预测值 = 真实值"},
    "col.rank": {"en": "Rank", "zh": "排名"},
    "criterion.absolute_error": {"en": "Absolute error", "zh": "绝对误差"},
    "whatif.squared_error_only": {
        "en": "A forced split grows by the squared error only: choose the squared error in the "
              "sidebar to try another split here. The criterion lens compares this node's cuts "
              "under both criteria.",
        "zh": "强制划分只能按平方误差生成：请在侧栏选择平方误差后再尝试其他划分。“准则对比”标签页比较"
              "了此结点各切分点在两种准则下的表现。"},
    "concepts.sse_for_absolute": {
        "en": "This page takes a regression tree's squared error apart, so the tree here grows "
              "by the squared error with your other settings; yours grows by the absolute error "
              "(the Grow page's criterion lens sets the two side by side).",
        "zh": "本页拆解回归树的平方误差，因此这里的树用你的其他设置按平方误差生成；你的树按绝对误差"
              "生成（“生成决策树”页的“准则对比”把两者并列）。"},
    "col.ae_before": {"en": "AE before", "zh": "划分前 AE"},
    "col.ae_after": {"en": "AE after", "zh": "划分后 AE"},
    "col.ae_decrease": {"en": "AE decrease", "zh": "AE 减少量"},
    "col.left_median": {"en": "m₁ (≤ s)", "zh": "m₁（≤ s）"},
    "col.right_median": {"en": "m₂ (> s)", "zh": "m₂（> s）"},
    "col.ae_cut": {"en": "AE(R₁) + AE(R₂)", "zh": "AE(R₁) + AE(R₂)"},
    "regression.ae_axis": {"en": "AE(R₁) + AE(R₂)", "zh": "AE(R₁) + AE(R₂)"},
    "regression.medians": {"en": "region medians m₁, m₂", "zh": "区域中位数 m₁、m₂"},
    "regression.groups_title_absolute": {
        "en": "{feature} at node #{node}: absolute error after each cut",
        "zh": "结点 #{node} 的 {feature}：每个切分后的绝对误差"},
    "regression.group_cut_axis_absolute": {"en": "cut between values (ordered by median)",
                                           "zh": "取值之间的切分（按中位数排序）"},
    "regression.group_means_title_absolute": {"en": "median {target} of each value of {feature}",
                                              "zh": "{feature} 各取值的 {target} 中位数"},
    "regression.mean_axis_absolute": {"en": "median {target}", "zh": "{target} 中位数"},
    "regression.groups_caption_absolute": {
        "en": "A nominal feature splits into two groups of values. The values are ordered by "
              "the weighted median of their targets and the k − 1 cuts of that order are "
              "scored by AE(R₁) + AE(R₂). Unlike the squared error's order of means, this order "
              "is not proven to hold the best of all 2^(k−1) − 1 groupings; it is the usual "
              "fast search. Rows whose value is missing are left out here; they go down both "
              "branches.",
        "zh": "离散属性把取值分成两组。取值按其目标的加权中位数排序，再按 AE(R₁) + AE(R₂) 计算这一顺序的 "
              "k − 1 个切分。与平方误差的均值排序不同，这一顺序并不保证包含全部 2^(k−1) − 1 "
              "种分组中的最优者，它是常用的快速搜索。取值缺失的样本不在此图中，它们同时进入两个分支。"},
    "regression.threshold_title_absolute": {
        "en": "Absolute error after each cut of {feature} at node #{node}",
        "zh": "结点 #{node} 上按 {feature} 各切分点划分后的绝对误差"},
    "regression.threshold_caption_absolute": {
        "en": "Each point is one cut s between neighbouring distinct values; the lowest is the "
              "cut the absolute-error tree chooses for this feature. Each region predicts the "
              "weighted median of its rows.",
        "zh": "每个点是相邻不同取值之间的一个切分点 s；最低点就是绝对误差回归树对该属性选择的切分点。"
              "每个区域预测其样本的加权中位数。"},
    "regression.candidates_caption_absolute": {
        "en": "For each feature the cut s that least leaves absolute error: AE(R₁) + AE(R₂), "
              "AE(R) = Σ w |y − m| with m the weighted median of region R. The decrease is "
              "MAE(D) − (AE(R₁) + AE(R₂)) / W. A nominal feature splits into two groups of "
              "values ordered by their median; a feature with missing values is scored on the "
              "rows where it is known, its decrease scaled by their weight share ρ.",
        "zh": "对每个属性，选使划分后绝对误差 AE(R₁) + AE(R₂) 最小的切分点 s，其中 "
              "AE(R) = Σ w |y − m|，m 为区域 R 的加权中位数。减少量为 "
              "MAE(D) − (AE(R₁) + AE(R₂)) / W。离散属性按各取值的中位数排序后分成两组；"
              "有缺失值的属性只在取值已知的样本上计算，其减少量乘以这些样本的权重比例 ρ。"},
    "regression.node_counts_absolute": {
        "en": "{rows:row|rows} (weight {weighted}); median {mean}, mean absolute error (MAE) {mse}",
        "zh": "{rows} 个样本（权重 {weighted}）；中位数 {mean}，平均绝对误差（MAE）{mse}"},
    "rlens.squared_error": {"en": "squared error (regions predict their mean)",
                            "zh": "平方误差（区域取均值）"},
    "rlens.absolute_error": {"en": "absolute error (regions predict their median)",
                             "zh": "绝对误差（区域取中位数）"},
    "rlens.title": {"en": "Node #{node} along {feature}: what each criterion removes",
                    "zh": "结点 #{node} 沿属性 {feature}：两种准则各去除多少误差"},
    "rlens.share_axis": {"en": "share of the node's error removed", "zh": "结点误差被去除的比例"},
    "rlens.best": {"en": "best cut", "zh": "最佳切分点"},
    "rlens.rows_title": {"en": "{target} against {feature} at node #{node}: the two best cuts",
                         "zh": "结点 #{node} 的 {target} 与 {feature}：两种准则的最佳切分"},
    "rlens.criterion": {"en": "Criterion", "zh": "准则"},
    "rlens.left": {"en": "≤ s predicts", "zh": "≤ s 的预测值"},
    "rlens.right": {"en": "> s predicts", "zh": "> s 的预测值"},
    "rlens.removed": {"en": "Its error removed", "zh": "本准则误差去除比例"},
    "rlens.removed_other": {"en": "The other's error removed", "zh": "另一准则误差去除比例"},
    "rlens.caption": {
        "en": "Each curve is 1 − (L(R₁) + L(R₂)) / L(D): the share of the node's own error a "
              "cut s removes, with L the squared error Σ w (y − c)² about each region's mean c "
              "(Li Hang 式 5.21) or the absolute error Σ w |y − m| about its median m. The squared "
              "error weighs a far-off target by the square of its distance, so a few outliers can "
              "pull its cut and its means towards them; the absolute error counts every row by "
              "its distance, so its medians stay with the bulk of the rows. The table prices each "
              "best cut in the other criterion's terms too. This tree grows by the squared error; "
              "treecore.DecisionTreeRegressor(criterion=\"absolute_error\") grows by the other. "
              "Rows whose value of the feature is missing are left out here.",
        "zh": "每条曲线是 1 − (L(R₁) + L(R₂)) / L(D)：切分点 s 去除的结点自身误差所占比例。L "
              "为平方误差 Σ w (y − c)²（c 为区域均值，李航 式 5.21）或绝对误差 Σ w |y − m|（m "
              "为区域中位数）。平方误差按距离的平方计量偏离很远的目标值，少数离群点就能把它的切分点"
              "和均值拉向自己；绝对误差按距离计量每个样本，中位数停留在大多数样本附近。表格同时给出"
              "每个最佳切分在另一准则下的去除比例。本树按平方误差生成；"
              "treecore.DecisionTreeRegressor(criterion=\"absolute_error\") 按绝对误差生成。"
              "该属性取值缺失的样本不参与此处计算。"},
    "rlens.numeric_only": {
        "en": "The lens compares the cuts of a numeric feature, and this table has none.",
        "zh": "准则对比针对数值属性的切分点，而此数据表没有数值属性。"},
    "rlens.no_cut": {
        "en": "{feature} has one known value at node #{node}: no cut to compare.",
        "zh": "属性 {feature} 在结点 #{node} 只有一个已知取值，没有可比较的切分点。"},
}
