"""The node inspector's rule and status lines, shared by the classification and regression
views of the Grow page: ``IF <conditions> THEN <target> = <prediction>`` and why the node
stopped."""

from __future__ import annotations

from typing import Callable

import streamlit as st

from treecore import Node, Tree

from ui.i18n import t
from ui.plain import code, plain
from ui.views import node_view


def show_rule(stage: Tree, node_id: int, stop_words: Callable[[Node], str]) -> None:
    """The node's rule (its path's tests and what it predicts) and its stop reason."""
    conditions, label = node_view.rule(stage, node_id)
    st.markdown(f"**{t('grow.rule')}**")
    if_part = f" {t('rule.and')} ".join(map(code, conditions)) or t("rule.always")
    st.markdown(f"{t('rule.if')} {if_part} {t('rule.then')} "
                f"{code(f'{stage.schema.target} = {label}')}")
    st.markdown(f"**{t('grow.why_stopped')}** {plain(stop_words(stage.node(node_id)))}")
