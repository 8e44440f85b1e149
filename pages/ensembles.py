"""Forests & boosting: an ensemble of trees grown on the session's data, round by round.

Sidebar: the ensemble (random forest, AdaBoost, gradient boosting), its number of trees, the
members' limits and the ensemble's own knobs. Main: the round player, the training, validation
(and out-of-bag) error against the number of trees beside one tree's, then tabs: member t drawn
as on the Grow page; what member t saw (its bootstrap sample, AdaBoost's weights uᵗ, or the
residuals it was fitted to, with εₜ and αₜ written out); one row's prediction round by round;
impurity and permutation importance.
"""

import streamlit as st

from ui import limits, page, state
from ui.i18n import error_text, t
from ui.models import (ensemble_fit as fit, ensemble_state as ens, ensemble_words as words, growth,
                       split)
from ui.plain import safe_figure
from ui.views.ensemble_figures import (BARS_LIMIT, bootstrap_chart, importance_chart,
                                       residuals_chart, rounds_chart, running_sum_chart,
                                       votes_chart, weights_chart)
from ui.views.tree_widget import tree_view

ens.ensure_defaults()
S = st.session_state

st.title("🌲 " + t("ens.title"))
st.caption(t("ens.intro"))
dataset = page.dataset_or_stop()
task = dataset.schema.task
kind = ens.current_kind(task)


# ================================================================ sidebar
def settings_sidebar() -> None:
    with st.sidebar:
        st.subheader("🌲 " + t("ens.settings"))
        st.radio(t("ens.kind"), ens.allowed_kinds(task),
                 format_func=state.labels({k: t(f"ens.kind.{k}") for k in ens.KINDS}),
                 **state.widget(ens.KIND, kind, ens.set_kind))
        if task == "regression":
            st.caption(t("ens.regression_no_adaboost"))
        st.slider(t("ens.rounds"), 1, 200, **state.widget(ens.ROUNDS, int(S[ens.ROUNDS])))
        st.number_input(t("ens.max_depth"), 0, 30, step=1,
                        **state.widget(ens.MAX_DEPTH, int(S[ens.MAX_DEPTH])))
        if kind != "adaboost":
            st.number_input(t("ens.min_samples_leaf"), 1, 10_000, step=1,
                            **state.widget(ens.MIN_LEAF, int(S[ens.MIN_LEAF])))
        if kind == "forest":
            st.radio(t("ens.max_features"), ens.FEATURE_DRAWS, horizontal=True,
                     format_func=state.labels({d: t(f"ens.max_features.{d}")
                                               for d in ens.FEATURE_DRAWS}),
                     **state.widget(ens.MAX_FEATURES, ens.feature_draw(task, S)))
        if kind == "gbdt":
            st.select_slider(t("ens.learning_rate"), fit.LEARNING_RATES,
                             **state.widget(ens.LEARNING_RATE, float(S[ens.LEARNING_RATE])))
        st.number_input(t("ens.seed"), 0, 2**31 - 1, step=1,
                        **state.widget(ens.SEED, int(S[ens.SEED])))


settings_sidebar()
chosen_split = split.current_split(dataset)
if chosen_split.error is not None:
    st.warning(error_text(chosen_split.error), icon="⚠️")
train, validation = chosen_split.train, chosen_split.validation
kind, params = ens.session_params(task)
progress = st.empty()


def show_progress(done: int, total: int) -> None:
    progress.progress(done / total, text=t("ens.growing", t=done, n=total))


try:
    grown = fit.cached_fit(kind, params, train, validation, progress=show_progress,
                           retry=growth.retry_requested())
except fit.FIT_ERRORS as error:
    st.error(t("ens.gbdt_cannot" if kind == "gbdt" else "ens.cannot", message=error_text(error)),
             icon="⚠️")
    st.stop()
finally:
    progress.empty()
rounds = grown.n_rounds
if grown.stopped_early:
    st.warning(t("ens.deadline", seconds=f"{limits.FIT_DEADLINE_SECONDS:.0f}", n=rounds,
                 asked=params["n_estimators"]), icon="⏱️")
    st.button(t("limits.retry"), key="ens.retry", icon="🔁", on_click=growth.ask_retry)
elif rounds < params["n_estimators"]:
    st.info(t("ens.stopped_early", n=rounds, asked=params["n_estimators"]), icon="ℹ️")
current = min(int(S[ens.ROUND]), rounds)


# ================================================================ the player and the curves
def player() -> None:
    first, back, play, forward, last, slider = st.columns([1, 1, 1, 1, 1, 8],
                                                          vertical_alignment="bottom")
    first.button("⏮", key="ens.first", on_click=ens.set_round, args=(1,), width="stretch",
                 disabled=current == 1)
    back.button("◀", key="ens.back", on_click=ens.set_round, args=(current - 1,),
                width="stretch", disabled=current == 1)
    play.button("⏸" if S[ens.PLAYING] else "▶️", key="ens.play", on_click=ens.PLAYER.toggle,
                width="stretch", disabled=rounds == 1)
    forward.button("▶", key="ens.next", on_click=ens.set_round, args=(current + 1,),
                   width="stretch", disabled=current >= rounds)
    last.button("⏭", key="ens.last", on_click=ens.set_round, args=(rounds,), width="stretch",
                disabled=current >= rounds)
    if rounds > 1:
        slider.slider(t("ens.round"), 1, rounds, **state.widget(ens.ROUND, current, ens.set_round))


@st.fragment(run_every=ens.BEAT_SECONDS if S[ens.PLAYING] else None)
def beat() -> None:
    if S[ens.PLAYING] and ens.PLAYER.tick(ens.BEAT_SECONDS, rounds):
        st.rerun(scope="app")


player()
beat()
st.markdown(words.metric_text(grown, current))
if validation is None:
    st.caption(t("ens.no_validation"))
st.plotly_chart(safe_figure(rounds_chart(grown.curves, current, words.curve_words(grown.measure),
                                         single=grown.single, percent=grown.measure == "error")),
                key="ens.curves", width="stretch")


# ================================================================ tabs
def member_tab() -> None:
    member = grown.member(current)
    st.caption(t("ens.member_caption", t=current, n=rounds, nodes=member.n_nodes,
                 leaves=member.n_leaves))
    tree_view(member, "ens.tree_view", select_key=ens.INSPECT, collapsed_key=ens.COLLAPSED)
    if kind == "forest":
        st.markdown(f"**{t('ens.subsets_title', t=current)}**")
        st.dataframe(words.subsets_frame(grown, current), hide_index=True, width="stretch")


def rows_tab() -> None:
    if kind == "forest":
        counts = grown.bootstrap_counts(current)
        st.plotly_chart(safe_figure(bootstrap_chart(counts, words.bootstrap_words(current))),
                        key="ens.bootstrap", width="stretch")
        st.caption(words.bootstrap_note(counts))
        st.dataframe(words.bootstrap_frame(train, counts).head(fit.LISTED_ROWS),
                     hide_index=True, height=240, key="ens.bootstrap_rows")
        if train.n_rows > fit.LISTED_ROWS:
            st.caption(t("ens.listed_rows", n=f"{fit.LISTED_ROWS:,}", rows=f"{train.n_rows:,}"))
    elif kind == "adaboost":
        st.markdown(f"**{t('ens.adaboost_formula', t=current)}**")
        st.latex(words.adaboost_formula(*grown.round_figures(current), current - 1,
                                        n_classes=len(grown.classes)))
        weights, wrong = grown.round_weights(current)
        st.plotly_chart(safe_figure(weights_chart(weights, wrong, train.row_labels,
                                                  words.weights_words(current))),
                        key="ens.weights", width="stretch")
        if len(weights) > BARS_LIMIT:
            st.caption(t("ens.weights_note", n=BARS_LIMIT, rows=f"{len(weights):,}"))
    else:
        st.markdown(f"**{t('ens.gbdt_formula', t=current)}**")
        st.latex(words.gbdt_formula(grown.step_size(current), current - 1,
                                    grown.model.learning_rate))
        member, residuals = grown.residuals(current)
        st.plotly_chart(safe_figure(residuals_chart(member, residuals, grown.step_size(current),
                                                    words.residual_words(current))),
                        key="ens.residuals", width="stretch")


def row_tab() -> None:
    labels = [int(r) for r in dataset.row_labels]
    if S[ens.ROW] not in labels:
        S[ens.ROW] = labels[0]
    st.selectbox(t("ens.pick_row"), labels, **state.widget(ens.ROW, S[ens.ROW]))
    row = labels.index(S[ens.ROW])
    staged = grown.staged_row(dataset, row)
    st.markdown(words.row_text(grown, dataset, row, current))
    if kind == "forest" and not grown.is_regression:
        st.plotly_chart(safe_figure(votes_chart(staged, grown.classes, current,
                                                words.votes_words(S[ens.ROW]))),
                        key="ens.votes", width="stretch")
    else:
        running = running_sum_chart(words.running_values(grown, dataset, row, staged),
                                    words.row_truth(dataset, row), current,
                                    words.running_words(S[ens.ROW]))
        st.plotly_chart(safe_figure(running), key="ens.running", width="stretch")
        if kind == "gbdt" and not grown.is_regression:
            st.caption(t("ens.log_odds_note"))


def importance_tab() -> None:
    permuted = None
    st.toggle(t("ens.permutation_run", repeats=fit.PERMUTATION_REPEATS,
                rows=f"{min(fit.PERMUTATION_ROWS, (validation or train).n_rows):,}"),
              **state.widget(ens.PERMUTE, S[ens.PERMUTE]))
    if S[ens.PERMUTE]:
        with st.spinner(t("ens.permutation_running")):
            permuted = grown.permutation
    importance = importance_chart(list(train.feature_names), grown.impurity_importances,
                                  permuted, words.importance_words())
    st.plotly_chart(safe_figure(importance), key="ens.importance", width="stretch")
    st.caption(t("ens.importance_note"))


page.lazy_tabs({t("ens.tab.member"): member_tab, t("ens.tab.rows"): rows_tab,
                t("ens.tab.row"): row_tab, t("ens.tab.importance"): importance_tab}, key=ens.TAB)
