"""Concepts: information theory made visible on the data, at a node of the Grow page's tree.

Top: which node. Then the three impurity curves of a two-class node with the node marked; two
columns as an information diagram with its numbers, the arithmetic from the count table, the
gain it equals and the properties checked live; and the KL divergence and cross-entropy of two
distributions.
"""

import pandas as pd
import streamlit as st

from treecore import ConfigError
from ui import page, state
from ui.i18n import error_text, t
from ui.models import concepts, concepts_regression, growth
from ui.plain import safe_figure
from ui.views.concepts_figures import distributions_chart, impurity_chart, information_diagram
from ui.views.node_choice import node_choice

concepts.ensure_defaults()
S = st.session_state

st.title("💡 " + t("concepts.title"))
dataset = page.dataset_or_stop()
st.caption(t("concepts.sse_page_intro" if dataset.is_regression else "concepts.intro"))
train, _, _ = growth.training_split(dataset)
params = growth.params_from_session()
if params["task"] == "regression" and params["criterion"] != "squared_error":
    # this page takes the squared error apart
    st.info(t("concepts.sse_for_absolute"), icon="ℹ️")
    params = {**params, "criterion": "squared_error"}
try:
    with st.spinner(t("grow.growing")):
        grown = growth.cached_fit(train, params, S[growth.FORCE])
except ConfigError as error:
    st.error(t("grow.cannot_grow", message=error_text(error)), icon="⚠️")
    st.stop()
tree = grown.tree
classes = tree.classes


def node_label(node_id: int) -> str:
    return f"#{node_id}  " + (concepts.node_path(tree, node_id) or t("versions.root"))


# ================================================================ which node
ids = tree.node_ids.tolist()
current = S[concepts.NODE] if S[concepts.NODE] in ids else growth.step_node(
    tree, growth.clamp_step(S[growth.STEP], tree))
node_id = node_choice(st, t("concepts.node"), ids, node_label, concepts.NODE, current,
                      help=t("concepts.node_help"))
node = tree.node_alone(node_id)


# ================================================================ a regression tree
def squared_error_section() -> None:
    """What a regression tree's cut decreases: the squared error between the children."""
    st.subheader("📐 " + t("concepts.sse_title"))
    st.caption(t("concepts.sse_intro"))
    parts = concepts_regression.decomposition(tree, node_id)
    if parts is None:
        st.info(t("concepts.sse_leaf", node=node_id), icon="ℹ️")
        return
    columns = st.columns(3)
    for column, (key, value) in zip(columns, (("sse_total", parts.total),
                                              ("sse_within", parts.within),
                                              ("sse_between", parts.between))):
        column.metric(t(f"concepts.{key}"), f"{value:.4f}")
    st.code("\n".join(concepts_regression.worked(parts)), language=None, wrap_lines=True)
    holds = t("concepts.sse_holds" if parts.holds else "concepts.sse_fails", node=node_id)
    (st.success if parts.holds else st.error)(holds, icon="🟰")


if tree.is_regression:
    squared_error_section()
    st.stop()
sample, candidates = concepts.node_data(grown, train, node_id)


# ================================================================ impurity curves
st.subheader("📉 " + t("concepts.curves"))
p, two_counts, one = concepts.two_class_view(node.class_counts)
marked = {"p": p, **{k: float(v) for k, v in concepts.node_impurities(two_counts).items()}}
words = {"title": t("concepts.curves_title"), "p": t("concepts.p_axis"),
         "impurity": t("concepts.impurity_axis"), "node": t("concepts.this_node", node=node_id),
         **{name: t(f"concepts.curve_{name}") for name in ("entropy_half", "gini", "error")}}
st.plotly_chart(safe_figure(impurity_chart(concepts.impurity_curves(), marked, words)),
                key="concepts.impurity_chart")
if one is None:
    st.caption(t("concepts.curves_two", node=node_id, cls=classes[0], p=f"{p:.3f}"))
else:
    st.caption(t("concepts.curves_many", node=node_id, k=len(classes), cls=classes[one],
                 p=f"{p:.3f}"))


# ================================================================ two columns
st.subheader("🔵🟠 " + t("concepts.pair"))
thresholds = concepts.cut_points(candidates)
options = concepts.pair_columns(train, thresholds)
x_default, y_default = concepts.default_pair(node, options, S[concepts.X_COLUMN],
                                             S[concepts.Y_COLUMN], tree.schema.target)
x_col, y_col = st.columns(2)
x = x_col.selectbox(t("concepts.x"), options, **state.widget(concepts.X_COLUMN, x_default))
y = y_col.selectbox(t("concepts.y"), options, **state.widget(concepts.Y_COLUMN, y_default))
st.caption(t("concepts.pair_help"))
pair = concepts.pair_table(train, sample, x, y, thresholds)
if not pair.counts.size:
    st.info(t("concepts.no_rows", node=node_id), icon="ℹ️")
    st.stop()
m = concepts.measures(pair.counts)

table_col, diagram_col = st.columns([2, 3])
with table_col:
    st.markdown(f"**{t('concepts.count_table', node=node_id)}**")
    st.dataframe(concepts.count_frame(pair), key="concepts.count_table")
    if pair.rho < 1:
        st.caption(t("concepts.rows_left_out", rho=f"{pair.rho:.3f}"))
with diagram_col:
    diagram = information_diagram(m, (x, y), {"title": t("concepts.diagram_title")})
    st.plotly_chart(safe_figure(diagram), key="concepts.diagram",
                    config={"displayModeBar": False})

figures = st.columns(6)
for column, (label, value) in zip(figures, (
        (f"H({x})", m.hx), (f"H({y})", m.hy), (f"H({x}, {y})", m.hxy),
        (f"H({y}|{x})", m.hy_x), (f"H({x}|{y})", m.hx_y), (f"I({x}; {y})", m.mi))):
    column.metric(label, f"{value:.3f}")
st.markdown(f"**{t('concepts.arithmetic')}**")
st.code("\n".join(concepts.worked(pair, m)), language=None, wrap_lines=True)

gain = concepts.gain_statement(pair, m, candidates, tree.schema.target)
if gain is not None:
    attribute, candidate = gain
    st.success(t("concepts.gain_equal", attribute=attribute, target=tree.schema.target,
                 node=node_id, mi=f"{m.mi:.3f}", rho=f"{candidate.rho:.3f}",
                 scaled=f"{candidate.rho * m.mi:.3f}", gain=f"{candidate.gain:.3f}"), icon="🟰")

st.markdown(f"**{t('concepts.checks')}**")
st.dataframe(pd.DataFrame([{"property": t(f"concepts.check_{c.key}"), "left": c.left,
                            "right": c.right, "holds": "✅" if c.holds else "❌"}
                           for c in concepts.checks(pair, m)]),
             hide_index=True, key="concepts.checks", column_config={
                 "property": st.column_config.TextColumn(t("concepts.property")),
                 "left": st.column_config.TextColumn(t("concepts.left")),
                 "right": st.column_config.TextColumn(t("concepts.right")),
                 "holds": st.column_config.TextColumn(t("concepts.holds"))})


# ================================================================ two distributions
st.subheader("↔️ " + t("concepts.kl"))
mode = st.radio(t("concepts.kl_mode"), concepts.KL_MODES, horizontal=True,
                format_func=state.labels({k: t(f"concepts.kl_{k}") for k in concepts.KL_MODES}),
                **state.widget(concepts.KL_MODE, S[concepts.KL_MODE]))


def chosen_pair():
    """(P, Q, outcome names, the child whose parent is Q or None), or None with a note shown."""
    if mode == "typed":
        left, right = st.columns(2)
        text_p = left.text_input(t("concepts.typed_p"),
                                 **state.widget(concepts.KL_TEXT_P, S[concepts.KL_TEXT_P]))
        text_q = right.text_input(t("concepts.typed_q"),
                                  **state.widget(concepts.KL_TEXT_Q, S[concepts.KL_TEXT_Q]))
        try:
            p, q = concepts.parse_probabilities(text_p), concepts.parse_probabilities(text_q)
        except ValueError as error:
            st.error(t("concepts.bad_probabilities", part=str(error)), icon="⚠️")
            return None
        if len(p) != len(q):
            st.error(t("concepts.different_lengths", p=len(p), q=len(q)), icon="⚠️")
            return None
        return p, q, [str(i + 1) for i in range(len(p))], None
    choices = concepts.kl_choices(tree, mode)
    if len(choices) < (1 if mode == "parent" else 2):
        st.info(t("concepts.kl_no_nodes"), icon="ℹ️")
        return None
    first, second = concepts.kl_defaults(tree, mode, node_id, S[concepts.KL_P], S[concepts.KL_Q])
    left, right = st.columns(2)
    if mode == "parent":
        child = node_choice(left, t("concepts.kl_child"), choices, node_label, concepts.KL_P,
                            first)
        a, b = child, tree.node_alone(child).parent
        right.markdown(f"**Q** = {t('concepts.kl_its_parent')} {node_label(b)}")
    else:
        a = node_choice(left, t("concepts.kl_leaf_p"), choices, node_label, concepts.KL_P,
                        first)
        b = node_choice(right, t("concepts.kl_leaf_q"), choices, node_label, concepts.KL_Q,
                        second)
    return (concepts.node_distribution(tree, a), concepts.node_distribution(tree, b),
            [str(c) for c in classes], a if mode == "parent" else None)


picked = chosen_pair()
if picked is not None:
    p, q, outcomes, child = picked
    d = concepts.divergence(p, q)
    chart_col, numbers_col = st.columns([3, 2])
    chart_col.plotly_chart(safe_figure(distributions_chart(outcomes, p, q, {
        "p": "P", "q": "Q", "outcome": t("concepts.outcome"),
        "probability": t("concepts.probability")})), key="concepts.distributions")
    with numbers_col:
        first_row, second_row = st.columns(2), st.columns(2)
        first_row[0].metric("D(P‖Q)", concepts.bits(d.d_pq))
        first_row[1].metric("D(Q‖P)", concepts.bits(d.d_qp))
        second_row[0].metric("H(P, Q)", concepts.bits(d.h_pq))
        second_row[1].metric("H(P)", concepts.bits(d.h_p))
    st.code(f"D(P‖Q) = H(P, Q) − H(P) = {concepts.bits(d.h_pq)} − {d.h_p:.3f} "
            f"= {concepts.bits(d.d_pq)}\n"
            f"D(Q‖P) = H(Q, P) − H(Q) = {concepts.bits(d.h_qp)} − {d.h_q:.3f} "
            f"= {concepts.bits(d.d_qp)}", language=None)
    st.caption(t("concepts.kl_asymmetry"))
    if child is not None:
        parent = tree.node_alone(tree.node_alone(child).parent)
        if parent.split.rho == 1:
            parts = concepts.gain_as_divergences(tree, parent.node_id)
            total = sum(w * kl for _, w, kl in parts)
            st.caption(t("concepts.kl_gain", node=parent.node_id,
                         sum=" + ".join(f"{w:.3f}·{kl:.3f}" for _, w, kl in parts),
                         total=f"{total:.3f}", gain=f"{parent.split.gain:.3f}"))
