"""English / 中文 text of the Concepts page (information theory) and of the flow of weight down
the tree. Merged into :data:`ui.i18n.TRANSLATIONS`. Chinese uses the textbooks' terms: 自信息,
信息熵, 联合熵, 条件熵, 互信息, 相对熵 (KL 散度), 交叉熵 (``shared/GLOSSARY.md``).
"""

from __future__ import annotations

TRANSLATIONS: dict[str, dict[str, str]] = {
    "nav.concepts": {"en": "Concepts", "zh": "信息论概念"},
    "concepts.title": {"en": "Information theory, on your data", "zh": "信息论：在数据上看"},
    "concepts.intro": {
        "en": "Self-information, entropy, joint and conditional entropy, mutual information, "
              "relative entropy (KL divergence) and cross-entropy, computed on the rows that reach "
              "a node of the tree grown on the Grow page. All in bits (log₂).",
        "zh": "自信息、信息熵、联合熵、条件熵、互信息、相对熵（KL 散度）与交叉熵，"
              "在“生成决策树”页所生成的树的某个结点的样本上计算。单位均为比特（log₂）。"},
    "concepts.node": {"en": "Node", "zh": "结点"},
    "concepts.node_help": {"en": "Every measure below is computed on the training rows that "
                                 "reach this node (with their weights).",
                           "zh": "下面的各项度量都在到达该结点的训练样本（及其权重）上计算。"},
    # ---------------------------------------------------------------- impurity curves
    "concepts.curves": {"en": "Three impurities of a two-class node",
                        "zh": "二分类结点的三种不纯度"},
    "concepts.curves_title": {"en": "Impurity against p, the share of one class "
                                    "(entropy halved, as in Hastie et al. Fig. 9.3)",
                              "zh": "不纯度随一类样本所占比例 p 的变化（信息熵除以 2，"
                                    "同 Hastie 等 图 9.3）"},
    "concepts.curve_entropy_half": {"en": "Entropy / 2", "zh": "信息熵 / 2"},
    "concepts.curve_gini": {"en": "Gini value", "zh": "基尼值"},
    "concepts.curve_error": {"en": "Misclassification error", "zh": "分类误差"},
    "concepts.p_axis": {"en": "p (share of one class)", "zh": "p（一类样本所占比例）"},
    "concepts.impurity_axis": {"en": "impurity", "zh": "不纯度"},
    "concepts.this_node": {"en": "node #{node}", "zh": "结点 #{node}"},
    "concepts.curves_two": {"en": "Node #{node} is marked at p = {p}, the share of class {cls}.",
                            "zh": "结点 #{node} 标在 p = {p} 处，即类别 {cls} 所占的比例。"},
    "concepts.curves_many": {
        "en": "Node #{node} has {k} classes: it is marked as class {cls} against the rest, at "
              "p = {p}.",
        "zh": "结点 #{node} 有 {k} 个类别：把类别 {cls} 与其余类别看作两类，标在 p = {p} 处。"},
    # ---------------------------------------------------------------- two columns
    "concepts.pair": {"en": "Two columns: the information diagram",
                      "zh": "两列数据：信息图"},
    "concepts.x": {"en": "Column X", "zh": "列 X"},
    "concepts.y": {"en": "Column Y", "zh": "列 Y"},
    "concepts.pair_help": {
        "en": "The class column and every nominal attribute; a continuous attribute is read as "
              "the two sides of its best cut at this node (information gain).",
        "zh": "可选类别列和各离散属性；连续属性按它在该结点的最优划分点（信息增益）分为两段。"},
    "concepts.no_rows": {"en": "No row at node #{node} has both values.",
                         "zh": "结点 #{node} 上没有同时具有这两列取值的样本。"},
    "concepts.count_table": {"en": "Weighted counts at node #{node}",
                             "zh": "结点 #{node} 上的（加权）计数表"},
    "concepts.rows_left_out": {
        "en": "Rows with a missing value in either column are left out: the table holds a "
              "share ρ = {rho} of the node's weight.",
        "zh": "任一列为缺失值的样本不计入：表中样本占该结点权重的比例 ρ = {rho}。"},
    "concepts.diagram_title": {"en": "Areas are bits: the circles H(X) and H(Y), their overlap "
                                     "I(X; Y),<br>their union H(X, Y) = {joint}",
                               "zh": "面积即比特数：两圆为 H(X)、H(Y)，重叠为互信息 I(X; Y)，"
                                     "<br>并为联合熵 H(X, Y) = {joint}"},
    "concepts.arithmetic": {"en": "The arithmetic, from the count table",
                            "zh": "由计数表逐项计算"},
    "concepts.gain_equal": {
        "en": "The mutual information I({target}; {attribute}) = {mi} at node #{node} is the "
              "information gain of {attribute} in the candidate table (ID3's split): "
              "ρ · I = {rho} × {mi} = {scaled}, and Gain = {gain}.",
        "zh": "结点 #{node} 上的互信息 I({target}; {attribute}) = {mi}，就是候选划分表中 "
              "{attribute} 的信息增益（ID3 的划分）：ρ · I = {rho} × {mi} = {scaled}，"
              "信息增益 Gain = {gain}。"},
    "concepts.checks": {"en": "The properties, checked on these numbers",
                        "zh": "性质检验（用上面的数值）"},
    "concepts.property": {"en": "Property", "zh": "性质"},
    "concepts.left": {"en": "Left side", "zh": "左边"},
    "concepts.right": {"en": "Right side", "zh": "右边"},
    "concepts.holds": {"en": "Holds", "zh": "成立"},
    "concepts.check_nonnegative": {"en": "Non-negativity (≥)", "zh": "非负性（≥）"},
    "concepts.check_chain": {"en": "Chain rule (=)", "zh": "链式法则（=）"},
    "concepts.check_conditioning": {"en": "Conditioning reduces entropy (≤)",
                                    "zh": "条件熵不大于信息熵（≤）"},
    "concepts.check_maximum": {"en": "Maximum log N for N values (≤)",
                               "zh": "N 个取值时信息熵最大为 log N（≤）"},
    # ---------------------------------------------------------------- two distributions
    "concepts.kl": {"en": "Relative entropy (KL divergence) and cross-entropy",
                    "zh": "相对熵（KL 散度）与交叉熵"},
    "concepts.kl_mode": {"en": "Compare", "zh": "比较"},
    "concepts.kl_parent": {"en": "A child against its parent", "zh": "子结点与父结点"},
    "concepts.kl_leaves": {"en": "Two leaves", "zh": "两个叶结点"},
    "concepts.kl_typed": {"en": "Typed probabilities", "zh": "输入概率"},
    "concepts.kl_child": {"en": "P: the class distribution of node", "zh": "P：结点的类别分布"},
    "concepts.kl_its_parent": {"en": "its parent", "zh": "其父结点"},
    "concepts.kl_leaf_p": {"en": "P: leaf", "zh": "P：叶结点"},
    "concepts.kl_leaf_q": {"en": "Q: leaf", "zh": "Q：叶结点"},
    "concepts.kl_no_nodes": {"en": "The tree has too few nodes for this comparison; grow it "
                                   "further on the Grow page.",
                             "zh": "树的结点太少，无法比较；请在“生成决策树”页继续生成。"},
    "concepts.typed_p": {"en": "P (probabilities or counts, comma-separated)",
                         "zh": "P（概率或计数，用逗号分隔）"},
    "concepts.typed_q": {"en": "Q (as many values as P)", "zh": "Q（取值个数与 P 相同）"},
    "concepts.bad_probabilities": {"en": "“{part}” is not a non-negative number (or they sum "
                                         "to 0).",
                                   "zh": "“{part}”不是非负数（或它们的和为 0）。"},
    "concepts.different_lengths": {"en": "P has {p:value|values} and Q has {q}: give both the same "
                                         "number.",
                                   "zh": "P 有 {p} 个取值，Q 有 {q} 个：两者个数须相同。"},
    "concepts.outcome": {"en": "outcome", "zh": "取值"},
    "concepts.probability": {"en": "probability", "zh": "概率"},
    "concepts.kl_asymmetry": {
        "en": "The KL divergence is not symmetric: D(P‖Q) ≠ D(Q‖P) in general. It is infinite "
              "when Q gives probability 0 to an outcome P allows (∞).",
        "zh": "KL 散度不对称：一般 D(P‖Q) ≠ D(Q‖P)。当 Q 给 P 可能出现的取值以概率 0 时，"
              "它为无穷大（∞）。"},
    "concepts.kl_gain": {
        "en": "Summed over the children of node #{node}, weighted by their shares, the "
              "divergences from the parent give its split's information gain: {sum} = {total} "
              "(Gain = {gain}).",
        "zh": "对结点 #{node} 的各子结点，以其样本比例为权对相对父结点的 KL 散度求和，"
              "即得该划分的信息增益：{sum} = {total}（信息增益 = {gain}）。"},
    # ---------------------------------------------------------------- the nominal lens (Grow)
    "lens.nominal_title": {"en": "{feature} at node #{node}: every value grouping under {count} "
                                 "criteria, each as a share of its maximum",
                           "zh": "结点 #{node} 上的 {feature}：每种取值分组，{count} 种准则，"
                                 "各自除以其最大值"},
    "lens.nominal_caption": {
        "en": "▣ is the multiway split (one branch per value) that ID3 and C4.5 make; the other "
              "rows are CART's binary splits, a subset of the values against the rest. Gain "
              "ratio favours fewer branches; information gain favours more.",
        "zh": "▣ 为 ID3 与 C4.5 采用的多叉划分（每个取值一个分支）；其余各行为 CART 的二叉划分"
              "（一部分取值对其余取值）。增益率偏好分支少的划分，信息增益偏好分支多的划分。"},
    "lens.grouping": {"en": "Value grouping", "zh": "取值分组"},
    "lens.multiway": {"en": "Multiway", "zh": "多叉划分"},
    "lens.picked_by": {"en": "Picked by", "zh": "选用它的算法"},
    # ---------------------------------------------------------------- the flow of weight
    "tab.flow": {"en": "Weight flow", "zh": "权重流动"},
    "flow.intro": {
        "en": "Edges are as wide as the weight they carry. A row whose tested value is missing "
              "goes down every branch v with its weight × r̃ᵥ, the share of the node's rows with "
              "a known value that took branch v (Zhou §4.4, C4.5); its prediction blends the "
              "leaves it reaches.",
        "zh": "边的宽度与其承载的权重成正比。若样本在结点所测属性上取值缺失，则以权重 × r̃ᵥ "
              "进入每个分支 v，r̃ᵥ 为该结点无缺失值样本中进入分支 v 的比例（周志华 §4.4，C4.5）；"
              "其预测由所到达的各叶结点加权综合。"},
    "flow.row": {"en": "Follow", "zh": "跟踪"},
    "flow.training": {"en": "All training rows", "zh": "全部训练样本"},
    "flow.row_n": {"en": "Row {row} (has a missing value)", "zh": "第 {row} 号样本（含缺失值）"},
    "flow.training_caption": {
        "en": "The weight of the training rows on each edge: fractional where rows with a "
              "missing value were distributed over the branches.",
        "zh": "每条边上训练样本的权重：含缺失值的样本被分配到各分支处，权重为小数。"},
    "flow.no_missing": {"en": "No value is missing in these rows: every row takes one branch "
                              "with its whole weight.",
                        "zh": "这些样本没有缺失值：每个样本以全部权重进入一个分支。"},
    "flow.steps": {"en": "Step by step: the row's weight at each node",
                   "zh": "逐步：样本在每个结点上的权重"},
    "flow.missing": {"en": "Missing", "zh": "缺失"},
    "flow.arriving": {"en": "Weight arriving", "zh": "到达的权重"},
    "flow.branch": {"en": "Branch", "zh": "分支"},
    "flow.share_help": {"en": "Share of the node's training weight with a known value that "
                              "took this branch (1 when the row's value is known).",
                        "zh": "该结点无缺失值的训练样本中进入此分支的权重比例（样本取值已知时为 1）。"},
    "flow.weight": {"en": "Weight going down", "zh": "向下的权重"},
    "flow.leaves": {"en": "Leaves reached and the blended prediction",
                    "zh": "到达的叶结点与加权综合的预测"},
    "flow.leaf": {"en": "Leaf", "zh": "叶结点"},
    "flow.path": {"en": "Path", "zh": "路径"},
    "flow.reached_only": {
        "en": "A large tree ({nodes} nodes): drawn are the {reached} nodes the row's weight "
              "reaches; each branch it does not take ends in “…”.",
        "zh": "树较大（共 {nodes} 个结点）：只画出该样本的权重到达的 {reached} 个结点；"
              "它未经过的分支以“…”结束。"},
    "flow.predict": {"en": "The row's weight down the tree", "zh": "该样本的权重在树中的流动"},
}
