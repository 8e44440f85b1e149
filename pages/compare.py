"""Compare: two to four configurations (algorithm × criterion × pruning, or versions saved on the
Grow page) grown on the same training rows, side by side, with their metrics, the root's
candidates ranked, and how the trees' predictions relate: how often each pair of
classification trees agrees, or each regression tree's prediction against the actual value.
"""

import streamlit as st

from treecore import CRITERIA

from ui import page, state
from ui.i18n import error_text, for_task, t
from ui.models import compare, growth, scores, split
from ui.plain import plain, safe_figure
from ui.views.drawing import tree_chart
from ui.views.lab_figures import agreement_heatmap, predicted_scatter

compare.ensure_defaults()
S = st.session_state


st.title("⚖️ " + t("compare.title"))
st.caption(t("compare.intro"))
dataset = page.dataset_or_stop()
task = dataset.schema.task
judged = scores.judging(dataset)

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
    config = compare.configs(task)[index]
    st.markdown(f"**#{index + 1}**")
    source = config["source"] if config["source"] in sources else compare.SETTINGS
    st.selectbox(t("compare.source"), sources,
                 format_func=state.labels({s: t("compare.settings") if s == compare.SETTINGS
                                     else "💾 " + s for s in sources}),
                 **state.widget(f"compare_{index}_source", source,
                                compare.setter(task, index, "source")))
    if source == compare.SETTINGS:
        algorithms = growth.allowed_algorithms(task)
        st.selectbox(t("grow.algorithm"), algorithms,
                     format_func=state.labels({a: t(f"algorithm.{a}") for a in algorithms}),
                     **state.widget(f"compare_{index}_algorithm", config["algorithm"],
                                    compare.setter(task, index, "algorithm")))
        allowed = growth.allowed_criteria(config["algorithm"], task)
        st.selectbox(t("grow.criterion"), allowed,
                     format_func=state.labels({c: t(CRITERIA[c].label_key) for c in allowed}),
                     **state.widget(f"compare_{index}_criterion", config["criterion"],
                                    compare.setter(task, index, "criterion")))
    prunings = compare.prunings_for(dataset, config["criterion"] if source == compare.SETTINGS
                                    else None)
    pruning = config["pruning"] if config["pruning"] in prunings else prunings[0]
    names = {p: t(f"compare.pruning_{p}") if p in ("none", "prepruned") else t(f"method.{p}")
             for p in prunings}
    st.selectbox(t("compare.pruning"), prunings, format_func=state.labels(names),
                 **state.widget(f"compare_{index}_pruning", pruning,
                                compare.setter(task, index, "pruning")))
    return {**config, "source": source, "pruning": pruning}


def config_name(index: int, config: dict) -> str:
    if config["source"] != compare.SETTINGS:
        base = config["source"]
    else:
        criterion = t(CRITERIA[config["criterion"]].label_key)
        algorithm = t(f"algorithm.{config['algorithm']}")
        base = f"{algorithm} · {criterion}"
    pruning = (t(f"compare.pruning_{config['pruning']}")
               if config["pruning"] in ("none", "prepruned")
               else t(f"method.{config['pruning']}"))
    return f"#{index + 1} {base} · {pruning}"


built = {}
columns = st.columns(count)
retry = growth.retry_requested()         # "Grow again" on a build stopped at the deadline
for index, column in enumerate(columns):
    with column:
        config = config_widgets(index)
        name = config_name(index, config)
        recipe = compare.recipe(config, versions, S[state.DATASET], task)
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
        st.caption(t(judged.caption, **scores.caption_values(result.tree, train, validation)))
        if result.stopped_early:
            page.deadline_notice(result.tree.n_steps, f"compare.retry.{index}")
        tree_chart(result.tree, f"compare.drawn_depth.{index}")


# ================================================================ metrics
st.divider()
st.subheader("📋 " + t("compare.metrics"))
table = compare.metrics(built, train, validation)
page.score_table(table, judged, "compare.metrics", fit_ms=st.column_config.NumberColumn(
    t("compare.fit_ms"), format="%.1f"))

st.subheader("🏁 " + t(for_task("compare.ranking", task)))
ranking = compare.cached_root_ranking(train)
if dataset.is_regression:
    ranking_columns = {"rank": st.column_config.NumberColumn(t("col.rank")),
                       "feature": st.column_config.TextColumn(t("col.feature")),
                       "test": st.column_config.TextColumn(t("col.test")),
                       "sse_decrease": st.column_config.NumberColumn(t("col.sse_decrease"),
                                                                     format="%.4g")}
else:
    ranking_columns = {"feature": st.column_config.TextColumn(t("col.feature")),
                       "agree": st.column_config.CheckboxColumn(t("compare.agree"))}
    for criterion, _ in compare.rankings():
        label = t(CRITERIA[criterion].label_key)
        ranking_columns[f"rank_{criterion}"] = st.column_config.NumberColumn(
            t("compare.rank", criterion=label))
        ranking_columns[f"score_{criterion}"] = st.column_config.NumberColumn(
            t("compare.score", criterion=label), format="%.3f")
st.dataframe(ranking, hide_index=True, key="compare.ranking", column_config=ranking_columns)
st.caption(t(for_task("compare.ranking_caption", task)))

st.subheader("🤝 " + t(for_task("compare.agreement", task)))
trees = {name.split(" ")[0]: b.tree for name, b in built.items() if b.tree is not None}
if validation is None:
    st.info(t("lab.needs_validation"), icon="ℹ️")
elif dataset.is_regression:
    scatter_col, _ = st.columns([3, 2])
    scatter_col.plotly_chart(safe_figure(predicted_scatter(compare.predictions(trees, validation), {
        "title": t("compare.predicted_title", target=dataset.schema.target),
        "actual": t("compare.actual"), "predicted": t("compare.predicted_axis"),
        "identity": t("compare.identity")})), key="compare.predicted")
elif len(trees) >= 2:
    agree_col, _ = st.columns([2, 3])
    agree_col.plotly_chart(safe_figure(agreement_heatmap(compare.agreement(trees, validation),
                                                         {"title": t("compare.agreement_title")})),
                           key="compare.agreement", config={"displayModeBar": False})
