"""Compare: two to four configurations (algorithm × criterion × pruning, or versions saved on the
Grow page) grown on the same training rows, side by side, with their metrics, the root's
candidate ranking under every criterion, and how often each pair of trees agrees.
"""

import streamlit as st

from treecore import ALGORITHMS
from ui import compare, growth, page, split, state
from ui.drawing import tree_chart
from ui.i18n import error_text, percent, t
from ui.lab_figures import agreement_heatmap
from ui.plain import plain

compare.ensure_defaults()
S = st.session_state


st.title("⚖️ " + t("compare.title"))
st.caption(t("compare.intro"))
dataset = page.dataset_or_stop()
page.classification_only(dataset)

chosen_split = split.current_split(dataset)
if chosen_split.error:
    st.error(plain(t("lab.bad_split", message=error_text(chosen_split.error))), icon="⚠️")
train, validation = chosen_split.train, chosen_split.validation
st.caption(t("compare.split", train=f"{train.n_rows:,}",
             validation=f"{validation.n_rows:,}" if validation is not None else "0"))

versions = S[growth.VERSIONS]
sources = [compare.SETTINGS] + [v["name"] for v in versions]
st.slider(t("compare.count"), 2, 4, **state.widget(compare.COUNT, int(S[compare.COUNT])))
count = int(S[compare.COUNT])


# ================================================================ the configurations
def config_widgets(index: int) -> dict:
    config = S[compare.CONFIGS][index]
    st.markdown(f"**#{index + 1}**")
    source = config["source"] if config["source"] in sources else compare.SETTINGS
    st.selectbox(t("compare.source"), sources,
                 format_func=state.labels({s: t("compare.settings") if s == compare.SETTINGS
                                     else "💾 " + s for s in sources}),
                 **state.widget(f"compare_{index}_source", source,
                                compare.setter(index, "source")))
    if source == compare.SETTINGS:
        st.selectbox(t("grow.algorithm"), list(ALGORITHMS),
                     format_func=state.labels({a: t(f"algorithm.{a}") for a in ALGORITHMS}),
                     **state.widget(f"compare_{index}_algorithm", config["algorithm"],
                                    compare.setter(index, "algorithm")))
        allowed = ALGORITHMS[config["algorithm"]].criteria
        st.selectbox(t("grow.criterion"), allowed,
                     format_func=state.labels({c: t(f"criterion.{c}") for c in allowed}),
                     **state.widget(f"compare_{index}_criterion", config["criterion"],
                                    compare.setter(index, "criterion")))
    st.selectbox(t("compare.pruning"), compare.PRUNINGS,
                 format_func=state.labels({p: t(f"compare.pruning_{p}") if p in ("none", "prepruned")
                                     else t(f"method.{p}") for p in compare.PRUNINGS}),
                 **state.widget(f"compare_{index}_pruning", config["pruning"],
                                compare.setter(index, "pruning")))
    return {**config, "source": source}


def config_name(index: int, config: dict) -> str:
    if config["source"] != compare.SETTINGS:
        base = config["source"]
    else:
        criterion = t(f"criterion.{config['criterion']}")
        algorithm = t(f"algorithm.{config['algorithm']}")
        base = f"{algorithm} · {criterion}"
    pruning = (t(f"compare.pruning_{config['pruning']}") if config["pruning"] in ("none", "prepruned")
               else t(f"method.{config['pruning']}"))
    return f"#{index + 1} {base} · {pruning}"


built = {}
columns = st.columns(count)
retry = growth.retry_requested()         # "Grow again" on a build stopped at the deadline
for index, column in enumerate(columns):
    with column:
        config = config_widgets(index)
        name = config_name(index, config)
        recipe = compare.recipe(config, versions, S[state.DATASET])
        if isinstance(recipe, str):
            built[name] = compare.Built(None, error=recipe)
        else:
            with st.spinner(t("grow.growing")):
                built[name] = compare.cached_build(*recipe, config["pruning"], train, validation,
                                                   retry)
        result = built[name]
        if result.tree is None:
            message = {"needs_validation": t("lab.needs_validation"),
                       "other_dataset": t("compare.other_dataset")}.get(result.error) \
                or error_text(result.error)
            st.error(plain(message), icon="⚠️")
            continue
        st.caption(t("lab.tree_caption", leaves=result.tree.n_leaves, depth=result.tree.depth,
                     train=percent(growth.accuracy(result.tree, train)),
                     validation=percent(growth.accuracy(result.tree, validation))))
        if result.stopped_early:
            page.deadline_notice(result.tree.n_steps, f"compare.retry.{index}")
        tree_chart(result.tree, f"compare.drawn_depth.{index}")


# ================================================================ metrics
st.divider()
st.subheader("📋 " + t("compare.metrics"))
table = compare.metrics(built, train, validation)
st.dataframe(table.assign(train_accuracy=table["train_accuracy"].map(percent),
                          validation_accuracy=table["validation_accuracy"].map(percent)),
             hide_index=True, key="compare.metrics", column_config={
                 "tree": st.column_config.TextColumn(t("col.tree")),
                 "train_accuracy": st.column_config.TextColumn(t("col.train_acc")),
                 "validation_accuracy": st.column_config.TextColumn(t("col.val_acc")),
                 "leaves": st.column_config.NumberColumn(t("col.leaves")),
                 "depth": st.column_config.NumberColumn(t("col.depth")),
                 "fit_ms": st.column_config.NumberColumn(t("compare.fit_ms"), format="%.1f")})

st.subheader("🏁 " + t("compare.ranking"))
ranking = compare.cached_root_ranking(train)
ranking_columns = {"feature": st.column_config.TextColumn(t("col.feature")),
                   "agree": st.column_config.CheckboxColumn(t("compare.agree"))}
for criterion, _ in compare.RANKINGS:
    ranking_columns[f"rank_{criterion}"] = st.column_config.NumberColumn(
        t("compare.rank", criterion=t(f"criterion.{criterion}")))
    ranking_columns[f"score_{criterion}"] = st.column_config.NumberColumn(
        t("compare.score", criterion=t(f"criterion.{criterion}")), format="%.3f")
st.dataframe(ranking, hide_index=True, key="compare.ranking", column_config=ranking_columns)
st.caption(t("compare.ranking_caption"))

st.subheader("🤝 " + t("compare.agreement"))
trees = {name.split(" ")[0]: b.tree for name, b in built.items() if b.tree is not None}
if validation is None:
    st.info(t("lab.needs_validation"), icon="ℹ️")
elif len(trees) >= 2:
    agree_col, _ = st.columns([2, 3])
    agree_col.plotly_chart(agreement_heatmap(compare.agreement(trees, validation),
                                             {"title": t("compare.agreement_title")}),
                           key="compare.agreement", config={"displayModeBar": False})
