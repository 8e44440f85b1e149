"""English / 中文 text of the sidebar and the Home, Data and Grow pages."""

TRANSLATIONS: dict[str, dict[str, str]] = {
    # ---------------------------------------------------------------- navigation and sidebar
    "app.title": {"en": "Tree Explorer", "zh": "决策树探索器"},
    "nav.home": {"en": "Home", "zh": "首页"},
    "nav.data": {"en": "Data", "zh": "数据"},
    "nav.grow": {"en": "Grow", "zh": "生成决策树"},
    "sidebar.language": {"en": "Language", "zh": "语言"},
    "sidebar.presentation": {"en": "Presentation mode", "zh": "演示模式"},
    "sidebar.presentation_help": {"en": "Larger text for a projector.",
                                  "zh": "放大字体，便于投影。"},
    "sidebar.dataset": {"en": "Data set", "zh": "数据集"},
    "sidebar.shape": {"en": "{rows} rows × {columns} columns", "zh": "{rows} 行 × {columns} 列"},
    "sidebar.algorithm": {"en": "Algorithm: {name}", "zh": "算法：{name}"},
    # ---------------------------------------------------------------- home
    "home.tagline": {
        "en": "Grow a decision tree step by step and see why each split was chosen.",
        "zh": "一步一步生成决策树，看清每一次划分为什么这样选。"},
    "home.what": {
        "en": "Load a small table (a textbook example or your own file), choose the class "
              "column, and watch ID3, C4.5 or CART pick the splitting attribute at every node: "
              "information gain, gain ratio and Gini index for every candidate split, "
              "continuous values, missing values, and pruning.",
        "zh": "载入一张小表（教材中的例子或你自己的文件），选择类别列，观察 ID3、C4.5 或 CART "
              "在每个结点如何选择划分属性：每个候选划分的信息增益、增益率和基尼指数，"
              "以及连续值、缺失值的处理和剪枝。"},
    "home.start": {"en": "Start with a textbook example", "zh": "从教材中的例子开始"},
    "home.own_data": {"en": "Or use your own data", "zh": "或者使用你自己的数据"},
    "home.to_data": {"en": "Upload a table", "zh": "上传数据表"},
    # ---------------------------------------------------------------- data page
    "data.title": {"en": "Data", "zh": "数据"},
    "data.choose": {"en": "Choose the data", "zh": "选择数据"},
    "data.dataset": {"en": "Data set", "zh": "数据集"},
    "data.upload": {"en": "…or upload a table: CSV, TSV, TXT, Excel (.xlsx, .xlsm) or Parquet, "
                          "also in a .gz or .zip",
                    "zh": "……或上传数据表：CSV、TSV、TXT、Excel（.xlsx、.xlsm）或 Parquet，"
                          "也可以是 .gz 或 .zip 压缩包"},
    "data.upload_help": {"en": "Up to {limit} MB and {rows} rows. A larger CSV (a million "
                               "rows of 20 columns is about 230 MB) fits as Parquet, which holds "
                               "the same rows in far fewer bytes (pandas: DataFrame.to_parquet).",
                         "zh": "最大 {limit} MB、{rows} 行。更大的 CSV（一百万行、20 列约 230 MB）"
                               "可另存为 Parquet：同样的行占用的字节少得多"
                               "（pandas：DataFrame.to_parquet）。"},
    "data.upload_refused": {"en": "The file was not loaded. {message}",
                            "zh": "文件未载入。{message}"},
    "data.reading": {"en": "Reading options", "zh": "读取选项"},
    "data.detect": {"en": "Detect", "zh": "自动识别"},
    "data.encoding": {"en": "Encoding", "zh": "编码"},
    "data.sheet": {"en": "Sheet", "zh": "工作表"},
    "data.header_row": {"en": "Header on row", "zh": "表头所在行"},
    "data.marker_class": {
        "en": "In the class column '{column}', '{value}' looks like a missing-value marker but "
              "occurs {count:time|times}, as often as a class: it is read as a class. If these "
              "rows have no class, remove them from the file.",
        "zh": "类别列“{column}”中的“{value}”像是缺失值标记，但出现了 {count} 次，"
              "与其他类别一样多，因此按类别读取。如果这些行没有类别，请从文件中删除它们。"},
    "data.read_as": {"en": "Read as {encoding}, delimiter {delimiter}.",
                     "zh": "按 {encoding} 编码读取，分隔符 {delimiter}。"},
    "data.preview": {"en": "Preview", "zh": "预览"},
    "data.preview_caption": {"en": "The first {shown} of {rows:row|rows}.",
                             "zh": "共 {rows} 行，显示前 {shown} 行。"},
    "data.columns": {"en": "Columns", "zh": "列（属性）"},
    "data.target": {"en": "Class column (target)", "zh": "类别列（目标）"},
    "data.ignored": {"en": "Ignored columns", "zh": "忽略的列"},
    "data.ignored_help": {"en": "Left out of the tree, e.g. a row ID.",
                          "zh": "不参与划分，例如编号列。"},
    "data.guessed_ignored": {
        "en": "Left out of the tree, as they look like no attribute of the rows: {columns}. "
              "To use one, remove it from “Ignored columns”.",
        "zh": "以下列看起来不是样本的属性，未参与划分：{columns}。若要使用，请把它从“忽略的列”中"
              "移除。"},
    "ignored.identifier": {"en": "{column} (named like an identifier, a different value in "
                                 "every row)",
                           "zh": "{column}（名称像编号，每行取值不同）"},
    "ignored.row_number": {"en": "{column} (counts up by one, as row numbers do)",
                           "zh": "{column}（逐行加一，像行号）"},
    "ignored.distinct_text": {"en": "{column} (a different text in most rows, as a name, a "
                                    "ticket or a code has: each would get a branch of its own)",
                              "zh": "{column}（大多数行的文本各不相同，像名称、票号或编号：每个文本"
                                    "会单独成为一个分支）"},
    "ignored.dates": {"en": "{column} (dates)", "zh": "{column}（日期）"},
    "data.continuous": {"en": "Continuous attributes (the others are nominal)",
                        "zh": "连续属性（其余为离散属性）"},
    "data.continuous_help": {
        "en": "A continuous attribute is split in two at a threshold (bi-partition); a nominal "
              "one gets a branch per value.",
        "zh": "连续属性按划分点一分为二（二分法）；离散属性每个取值一个分支。"},
    "data.missing": {"en": "Missing-value markers (comma-separated; an empty cell is always "
                           "missing)",
                     "zh": "缺失值标记（用逗号分隔；空单元格总是缺失值）"},
    "data.summary": {"en": "Column summary", "zh": "各列概况"},
    "data.class_balance": {"en": "Classes of {target}", "zh": "{target} 的类别分布"},
    "data.check": {"en": "Check", "zh": "检查"},
    "data.leave_out_unlabelled": {
        "en": "Grow without the {n:row|rows} that have no class: {rows}",
        "zh": "去掉没有类别的 {n} 行再生成：第 {rows} 行"},
    "data.leave_out_unlabelled.regression": {
        "en": "Grow without the {n:row|rows} that have no target value: {rows}",
        "zh": "去掉没有目标值的 {n} 行再生成：第 {rows} 行"},
    "data.unlabelled_left_out": {
        "en": "Left out: the {n:row|rows} without a class ({rows}); trees grow on the others. "
              "The table itself is unchanged.",
        "zh": "已去掉没有类别的 {n} 行（第 {rows} 行），树在其余各行上生成；表格本身没有改动。"},
    "data.unlabelled_left_out.regression": {
        "en": "Left out: the {n:row|rows} without a target value ({rows}); trees grow on the "
              "others. The table itself is unchanged.",
        "zh": "已去掉没有目标值的 {n} 行（第 {rows} 行），树在其余各行上生成；表格本身没有改动。"},
    "data.keep_unlabelled": {"en": "Use every row again", "zh": "恢复使用所有行"},
    "data.summary_line": {"en": "{rows:row|rows}, {features:feature|features}, "
                                "{classes:class|classes}",
                          "zh": "{rows} 个样本，{features} 个属性，{classes} 个类别"},
    "data.next": {"en": "Grow a tree", "zh": "生成决策树"},
    # ---------------------------------------------------------------- column summary table
    "summary.column": {"en": "Column", "zh": "列"},
    "summary.kind": {"en": "Kind", "zh": "类型"},
    "summary.distinct": {"en": "Distinct values", "zh": "不同取值数"},
    "summary.missing": {"en": "Missing", "zh": "缺失"},
    "summary.examples": {"en": "Values", "zh": "取值示例"},
    "summary.count": {"en": "Rows", "zh": "样本数"},
    "kind.nominal": {"en": "nominal", "zh": "离散"},
    "kind.continuous": {"en": "continuous", "zh": "连续"},
    "kind.ignored": {"en": "ignored", "zh": "忽略"},
    "kind.target": {"en": "target", "zh": "类别（目标）"},
    # ---------------------------------------------------------------- grow page
    "grow.title": {"en": "Grow a decision tree", "zh": "生成决策树"},
    "grow.no_data": {"en": "No tree can be grown from this data: {message} Fix it on the Data "
                           "page.",
                     "zh": "无法用这份数据生成决策树：{message} 请在“数据”页修改。"},
    "grow.settings": {"en": "How the tree grows", "zh": "生成设置"},
    "algorithm.id3": {"en": "ID3", "zh": "ID3"},
    "algorithm.c45": {"en": "C4.5", "zh": "C4.5"},
    "algorithm.cart": {"en": "CART", "zh": "CART"},
    "algorithm.j48": {"en": "C4.5 (J48): Quinlan's release 8, as Weka runs it",
                      "zh": "C4.5（J48）：Quinlan 第 8 版，与 Weka 一致"},
    "grow.algorithm": {"en": "Algorithm", "zh": "算法"},
    "grow.criterion": {"en": "Criterion", "zh": "划分准则"},
    "grow.threshold_style": {"en": "Threshold of a continuous attribute",
                             "zh": "连续属性的划分点"},
    "grow.threshold_style_j48": {
        "en": "C4.5 (J48) reports every cut as a training value, the largest not above the "
              "midpoint, as Quinlan's program does: this choice does not apply to it.",
        "zh": "C4.5（J48）与 Quinlan 的程序一样，把每个划分点报告为训练集中的取值（不大于中点的最大取值），"
              "此选项对它不适用。"},
    "grow.threshold_style_help": {
        "en": "Midpoint between neighbouring values (Zhou, eq. 4.7) or the largest training "
              "value not above it (Quinlan's C4.5 program). Training rows go the same way "
              "either way.",
        "zh": "相邻取值的中点（周志华 式 4.7），或不超过它的最大训练取值（Quinlan 的 C4.5 程序）。"
              "两种方式对训练样本的划分相同。"},
    "threshold_style.midpoint": {"en": "midpoint", "zh": "中点"},
    "threshold_style.data": {"en": "data value", "zh": "样本取值"},
    "grow.prepruning": {"en": "Pre-pruning", "zh": "预剪枝"},
    "grow.max_depth": {"en": "Max depth (0 = no limit)", "zh": "最大深度（0 = 不限）"},
    "grow.min_leaf": {"en": "Min samples per leaf", "zh": "叶结点最小样本数"},
    "grow.min_gain": {"en": "Min gain ε", "zh": "最小信息增益阈值 ε"},
    "grow.min_gain_help": {"en": "A node is split only if the chosen split's score reaches ε "
                                 "(Li Hang, Algorithm 5.2).",
                           "zh": "只有所选划分的得分不小于 ε 时才划分该结点（李航 算法 5.2）。"},
    "grow.max_leaves": {"en": "Max leaves (0 = no limit)", "zh": "最大叶结点数（0 = 不限）"},
    "grow.no_limit_help": {"en": "0 means no limit.", "zh": "0 表示不限制。"},
    "grow.validation": {"en": "Training and validation rows", "zh": "训练集与验证集"},
    "grow.validation_rows": {"en": "Rows held out for validation", "zh": "留作验证集的行号"},
    "grow.validation_help": {
        "en": "Row numbers (1 = first data row), e.g. 4, 5, 8-9. The tree grows on the other "
              "rows; accuracy on these is shown by the what-if.",
        "zh": "行号（1 = 第一行数据），例如 4, 5, 8-9。决策树用其余的行生成；"
              "“假如”比较中显示在这些行上的精度。"},
    "grow.zhou_split": {"en": "Zhou's Table 4.2 split", "zh": "周志华 表 4.2 的划分"},
    "grow.bad_rows": {"en": "“{part}” is not a row number or a range such as 8-9; all rows "
                            "are used for training.",
                      "zh": "“{part}”不是行号或 8-9 这样的范围；所有行都用作训练集。"},
    "grow.growing": {"en": "Growing the tree…", "zh": "正在生成决策树……"},
    "grow.computing": {"en": "Computing…", "zh": "正在计算……"},
    "grow.cannot_grow": {"en": "The tree cannot be grown: {message}",
                         "zh": "无法生成决策树：{message}"},
    "grow.clear_forced": {"en": "Remove the forced splits", "zh": "取消指定的划分"},
    "grow.summary": {"en": "{train:training row|training rows}, "
                           "{validation:validation row|validation rows} · {steps:step|steps}, "
                           "{nodes:node|nodes}, {leaves:leaf|leaves}",
                     "zh": "训练集 {train} 行，验证集 {validation} 行 · 共 {steps} 步，"
                           "{nodes} 个结点，{leaves} 个叶结点"},
    "grow.grown_by": {"en": "Grown by {algorithm}.", "zh": "由 {algorithm} 生成。"},
    "grow.first": {"en": "Back to the root", "zh": "回到根结点"},
    "grow.back": {"en": "Previous step", "zh": "上一步"},
    "grow.play": {"en": "Play", "zh": "播放"},
    "grow.pause": {"en": "Pause", "zh": "暂停"},
    "grow.next": {"en": "Next step", "zh": "下一步"},
    "grow.last": {"en": "Jump to the whole tree", "zh": "跳到完整的树"},
    "grow.step": {"en": "Step", "zh": "步骤"},
    "grow.speed": {"en": "Speed", "zh": "速度"},
    "grow.seconds": {"en": "{seconds} s per step", "zh": "每步 {seconds} 秒"},
    "grow.step_zero": {"en": "Step 0 of {steps}: the root node holds every training row; "
                             "below, the candidates competing for its split.",
                       "zh": "第 0 步（共 {steps} 步）：根结点包含全部训练样本；"
                             "下面是争夺它的划分的候选属性。"},
    "grow.step_k": {"en": "Step {step} of {steps}: node #{node} is split on {test}",
                    "zh": "第 {step} 步（共 {steps} 步）：结点 #{node} 按 {test} 划分"},
    "grow.dot_samples": {"en": "samples", "zh": "样本数"},
    "grow.candidates": {"en": "Candidate splits at node #{node}",
                        "zh": "结点 #{node} 的候选划分"},
    "grow.chosen": {"en": "chosen", "zh": "选中"},
    "grow.filtered": {"en": "cannot be chosen", "zh": "不可选"},
    "grow.filtered_average": {"en": "gain below average", "zh": "信息增益低于平均水平"},
    "grow.average_gain": {"en": "C4.5 first keeps the attributes whose information gain is at "
                                "least the average ({value}), then picks the highest gain ratio.",
                          "zh": "C4.5 先从候选划分属性中找出信息增益高于平均水平（{value}）的属性，"
                                "再从中选择增益率最高的。"},
    "col.feature": {"en": "Attribute", "zh": "属性"},
    "col.test": {"en": "Best split", "zh": "最优划分"},
    "col.gain": {"en": "Information gain", "zh": "信息增益"},
    "col.gain_ratio": {"en": "Gain ratio", "zh": "增益率"},
    "col.split_info": {"en": "IV (split information)", "zh": "固有值 IV"},
    "col.gini": {"en": "Gini index", "zh": "基尼指数"},
    "col.rho": {"en": "ρ", "zh": "ρ"},
    "col.rho_help": {"en": "Proportion of rows without a missing value of the attribute.",
                     "zh": "无缺失值样本所占的比例。"},
    "col.score": {"en": "Score", "zh": "得分"},
    "col.score_help": {"en": "What the criterion maximises.", "zh": "划分准则要最大化的值。"},
    "col.status": {"en": "Status", "zh": "状态"},
    "col.row": {"en": "Row", "zh": "行号"},
    "col.weight": {"en": "Weight", "zh": "权重"},
    "criterion.entropy": {"en": "Information gain (entropy)", "zh": "信息增益（信息熵）"},
    "criterion.gain_ratio": {"en": "Gain ratio", "zh": "增益率"},
    "criterion.gini": {"en": "Gini index", "zh": "基尼指数"},
    "criterion.misclassification": {"en": "Misclassification error", "zh": "分类误差"},
    "tab.inspector": {"en": "Node inspector", "zh": "结点详情"},
    "tab.threshold": {"en": "Threshold chart", "zh": "划分点图"},
    "tab.lens": {"en": "Criterion lens", "zh": "准则对比"},
    "tab.whatif": {"en": "What if…", "zh": "假如……"},
    "tab.versions": {"en": "Versions", "zh": "版本"},
    "grow.feature": {"en": "Attribute", "zh": "属性"},
    "grow.plot": {"en": "Show", "zh": "显示"},
    "grow.plot_score": {"en": "Score", "zh": "得分"},
    "grow.plot_impurity": {"en": "Impurity after the split", "zh": "划分后的不纯度"},
    "grow.threshold_title": {"en": "{feature} at node #{node}: every candidate threshold",
                             "zh": "结点 #{node} 的 {feature}：每个候选划分点"},
    "grow.threshold_axis": {"en": "{feature} (threshold)", "zh": "{feature}（划分点）"},
    "grow.boundary": {"en": "boundary point", "zh": "边界点"},
    "grow.not_boundary": {"en": "between rows of one class", "zh": "同类样本之间"},
    "grow.rows_by_class": {"en": "rows", "zh": "样本"},
    "grow.threshold_caption": {
        "en": "Boundary points lie between neighbouring rows of different classes; the best "
              "threshold is always one of them. Below: the node's rows along the attribute, "
              "one lane per class.",
        "zh": "边界点位于相邻的不同类样本之间，最优划分点总在其中。下方：该结点的样本按属性取值排列，"
              "每个类别一行。"},
    "grow.values_title": {"en": "{feature} at node #{node}: classes per value",
                          "zh": "结点 #{node} 的 {feature}：各取值的类别分布"},
    "grow.weighted_count": {"en": "weighted rows", "zh": "样本数（加权）"},
    "grow.lens_feature": {"en": "Attribute {feature} at node #{node} (choose it in the "
                                "threshold chart tab).",
                          "zh": "结点 #{node} 的属性 {feature}（在“划分点图”中选择）。"},
    "grow.lens_title": {"en": "{feature} at node #{node}: {count} criteria, each scaled to its "
                              "maximum",
                        "zh": "结点 #{node} 的 {feature}：{count} 种准则，各自按最大值缩放"},
    "grow.lens_scaled": {"en": "share of its maximum", "zh": "占其最大值的比例"},
    "grow.lens_splits_here": {"en": "{algorithm} splits here", "zh": "{algorithm} 在此划分"},
    "grow.lens_caption": {
        "en": "Misclassification error is often flat where entropy and Gini still rank the "
              "thresholds: it cannot tell many splits apart.",
        "zh": "分类误差常常在信息熵和基尼指数仍能区分划分点的地方保持平坦：它难以区分许多划分。"},
    "lens.entropy": {"en": "Information gain", "zh": "信息增益"},
    "lens.gain_ratio": {"en": "Gain ratio", "zh": "增益率"},
    "lens.gini": {"en": "Gini index decrease", "zh": "基尼指数的减少"},
    "lens.misclassification": {"en": "Misclassification error decrease", "zh": "分类误差的减少"},
    "grow.node": {"en": "Node", "zh": "结点"},
    "grow.rule": {"en": "Rule", "zh": "规则"},
    "rule.if": {"en": "IF", "zh": "如果"},
    "rule.and": {"en": "AND", "zh": "且"},
    "rule.then": {"en": "THEN", "zh": "那么"},
    "rule.always": {"en": "(every row)", "zh": "（所有样本）"},
    "grow.why_stopped": {"en": "Status:", "zh": "状态："},
    "grow.node_counts": {"en": "{rows:row|rows} reach it, weight {weighted}; impurity {impurity}.",
                         "zh": "到达该结点的样本 {rows} 个，权重 {weighted}；不纯度 {impurity}。"},
    "grow.fractional": {"en": "{n:row|rows} arrived with part of their weight (a tested value was "
                              "missing above):",
                        "zh": "{n} 个样本以部分权重进入该结点（上层划分属性的值缺失）："},
    "stop.split": {"en": "split at step {step} on {test}.", "zh": "在第 {step} 步按 {test} 划分。"},
    "stop.pending": {"en": "not expanded yet at this step.", "zh": "在这一步尚未展开。"},
    "stop.pure": {"en": "a leaf: all its rows belong to one class.",
                  "zh": "叶结点：所有样本属于同一类别。"},
    "stop.no_features": {"en": "a leaf: no attribute is left to test (majority class).",
                         "zh": "叶结点：属性集为空，标记为样本数最多的类。"},
    "stop.identical": {"en": "a leaf: the rows take the same values on every attribute left "
                             "(majority class).",
                       "zh": "叶结点：所有样本在剩余属性上取值相同，标记为样本数最多的类。"},
    "stop.empty_branch": {"en": "a leaf: no training row reached it; it takes its parent's "
                                "majority class.",
                          "zh": "叶结点：没有训练样本到达，标记为其父结点样本数最多的类。"},
    "stop.max_depth": {"en": "a leaf: the max depth was reached (pre-pruning).",
                       "zh": "叶结点：达到最大深度（预剪枝）。"},
    "stop.min_samples_split": {"en": "a leaf: too few rows to split (pre-pruning).",
                               "zh": "叶结点：样本太少，不再划分（预剪枝）。"},
    "stop.min_samples_leaf": {"en": "a leaf: every split would leave a leaf with too few rows "
                                    "(pre-pruning).",
                              "zh": "叶结点：任何划分都会使叶结点样本数低于下限（预剪枝）。"},
    "stop.min_gain": {"en": "a leaf: the best split's gain is below ε (pre-pruning).",
                      "zh": "叶结点：最优划分的增益小于阈值 ε（预剪枝）。"},
    "stop.min_impurity_decrease": {"en": "a leaf: the impurity decrease is too small "
                                         "(pre-pruning).",
                                   "zh": "叶结点：不纯度的减少太小（预剪枝）。"},
    "stop.max_leaves": {"en": "a leaf: the max number of leaves was reached (pre-pruning).",
                        "zh": "叶结点：达到最大叶结点数（预剪枝）。"},
    "stop.validation": {"en": "a leaf: splitting would not improve validation accuracy "
                              "(pre-pruning).",
                        "zh": "叶结点：划分不能提高验证集精度（预剪枝）。"},
    "stop.pruned": {"en": "a leaf: post-pruning replaced its subtree.",
                    "zh": "叶结点：后剪枝将其子树替换为叶结点。"},
    "stop.no_useful_split": {"en": "a leaf: no attribute gives a split with a positive gain "
                                   "ratio and at least M rows in two branches (C4.5 release 8).",
                             "zh": "叶结点：没有属性能给出增益率为正、且至少两个分支各有 M 个样本的划分"
                                   "（C4.5 第 8 版）。"},
    "stop.collapsed": {"en": "a leaf: its subtree made no fewer training errors than this node "
                             "as a leaf, so it was collapsed (C4.5 release 8).",
                       "zh": "叶结点：其子树在训练集上的错误不少于把该结点作为叶结点，子树被合并"
                             "（C4.5 第 8 版）。"},
    "whatif.intro": {"en": "Force another split at node #{node} (chosen in the node inspector) "
                           "and regrow the tree below it.",
                     "zh": "在结点 #{node}（在“结点详情”中选择）指定另一个划分，并重新生成其下的子树。"},
    "whatif.cannot": {"en": "This node cannot be split: {reason}", "zh": "该结点无法划分：{reason}"},
    "whatif.feature": {"en": "Split on", "zh": "划分属性"},
    "whatif.threshold": {"en": "Threshold", "zh": "划分点（阈值）"},
    "whatif.subset": {"en": "Values sent to the first branch", "zh": "分到第一个分支的取值"},
    "whatif.try": {"en": "Grow with this split", "zh": "用这个划分生成"},
    "whatif.score": {"en": "Score of this split", "zh": "该划分的得分"},
    "whatif.score_help": {"en": "Difference against the best split, {best}.",
                          "zh": "与最优划分 {best} 的差。"},
    "whatif.compare": {"en": "The tree with this split has {leaves:leaf|leaves} (now: "
                             "{base_leaves}); the changes are against the tree on screen.",
                       "zh": "采用该划分的树有 {leaves} 个叶结点（当前：{base_leaves}）；"
                             "变化量相对于当前显示的树。"},
    "whatif.adopt": {"en": "Use this tree", "zh": "采用这棵树"},
    "whatif.discard": {"en": "Discard", "zh": "放弃"},
    "versions.forced": {"en": "Forced splits", "zh": "指定的划分"},
    "versions.root": {"en": "root", "zh": "根结点"},
    "versions.name": {"en": "Version name", "zh": "版本名称"},
    "versions.placeholder": {"en": "e.g. 脐部 at the root", "zh": "例如：根结点按脐部划分"},
    "versions.save": {"en": "Save", "zh": "保存"},
}
