"""Hunt's TreeGenerate, breadth first, as a generator of growth steps.

Zhou's 图 4.2, for a node with rows D and attributes A:

1. all rows in one class C → leaf of class C (:attr:`StopReason.PURE`);
2. A = ∅, or all rows take the same values on A → leaf of D's majority class
   (:attr:`StopReason.NO_FEATURES`, :attr:`StopReason.IDENTICAL`);
3. otherwise choose the best attribute a* and make one branch per outcome; a branch that no row
   reaches becomes a leaf of the parent's majority class (:attr:`StopReason.EMPTY_BRANCH`).

Pre-pruning rules stop a node before step 3, each with its own named reason, and validation-set
pre-pruning (Zhou §4.3.1) splits a node only if validation accuracy improves. Rows whose value of
a* is missing go down every branch with weight × r̃ᵥ (Zhou §4.4.2).

:class:`Growth` is the general engine, readable Python per node: the reference the compiled
engines are held to, whose per-node rule (:meth:`Growth.decide`) also decides the nodes on
the way to a forced split in the nodewise engine. :mod:`treecore.grow.engines` chooses the
engine for a tree.
"""

from __future__ import annotations

from collections import deque
from dataclasses import dataclass, field
from typing import Callable, Iterator, Mapping

import numpy as np

from ..algorithms import resolve
from ..data import Dataset, Kind
from ..errors import ConfigError
from ..measures import absolute_error, node_cuts, squared_error
from ..measures.criteria import IMPURITIES
from ..split import least_squares
from ..split.candidates import TIE_TOLERANCE, Candidate, CandidateTable
from ..split.proposals import NodeData, SplitRules
from ..split.splitting import NodeScores, forced_candidate, score_node
from ..tree.nodes import Node, StopReason, Tree
from .growing import (Deadline, GrowthConfig, GrowthStep, check_guided, forced_spec, majority,
                      tree_settings)


@dataclass
class Draft:
    """A node under construction: the rows (and validation rows) that reach it."""

    node_id: int
    parent: int | None
    depth: int
    path: tuple[str, ...]
    branch_path: tuple[int, ...]
    rows: np.ndarray
    weights: np.ndarray
    val_rows: np.ndarray
    val_weights: np.ndarray
    excluded: frozenset[int]
    created_at: int
    class_counts: np.ndarray = field(default=None)  # type: ignore[assignment]
    prediction: int = 0
    distribution: np.ndarray = field(default=None)  # type: ignore[assignment]
    split: Candidate | None = None
    children: tuple[int, ...] = ()
    expanded_at: int | None = None
    stop_reason: StopReason | None = None
    #: A least-absolute-deviation node's MAE about its median, found with the median.
    mae: float = 0.0


class Growth:
    """The state of one run of TreeGenerate. Iterate :meth:`steps`, then take :meth:`tree`."""

    def __init__(self, dataset: Dataset, config: GrowthConfig, *,
                 force: Mapping | None = None, validation: Dataset | None = None,
                 max_seconds: float | None = None,
                 on_tick: Callable[[float], None] | None = None):
        self.data = dataset
        self.deadline = Deadline(max_seconds, on_tick)
        #: Growth ran out of time (``max_seconds``): the tree is partial, its waiting nodes are
        #: leaves without a stop reason.
        self.stopped_early = False
        self.config = config
        preset, criterion = resolve(config.algorithm, config.criterion, config.task)
        self.preset, self.criterion = preset, criterion
        self.impurity = IMPURITIES.get(criterion.impurity)      # None: squared error
        self.force = {tuple(path): spec for path, spec in (force or {}).items()}
        self.validation = validation
        check_guided(criterion, self.force, validation)
        self.root_weight = float(dataset.weights.sum())
        self.drafts: list[Draft] = []
        self.queue: deque[Draft] = deque()
        self.step = 0
        val_n = validation.n_rows if validation is not None else 0
        root = self._new_draft(None, 0, (), (), np.arange(dataset.n_rows),
                               dataset.weights.astype(float), np.arange(val_n),
                               validation.weights.astype(float) if val_n else np.empty(0),
                               frozenset())
        self.queue.append(root)

    # ------------------------------------------------------------------------ bookkeeping
    def _new_draft(self, parent: Draft | None, depth, path, branch_path, rows, weights,
                   val_rows, val_weights, excluded) -> Draft:
        draft = Draft(len(self.drafts), None if parent is None else parent.node_id, depth, path,
                      branch_path, rows, weights, val_rows, val_weights, excluded, self.step)
        if self.data.is_regression:                  # sums (W, S, Q); the value c = S/W
            counts = squared_error.sums(self.data.y[rows], weights)
            weight, value = counts[squared_error.WEIGHT], None
            if weight > 0 and self._absolute:        # … or the weighted median
                value, error = absolute_error.node_figures(np.asarray(self.data.y[rows], float),
                                                           np.asarray(weights, float))
                draft.mae = float(error) / weight
            elif weight > 0:
                value = counts[squared_error.SUM] / weight
        else:
            counts = np.bincount(self.data.y[rows], weights=weights, minlength=self.data.n_classes)
        draft.class_counts = counts.astype(float)
        if self.data.is_regression and weight > 0:
            draft.distribution = np.array([value])
        elif not self.data.is_regression and counts.sum() > 0:
            draft.prediction = int(majority(counts))
            draft.distribution = counts / counts.sum()
        else:
            draft.prediction, draft.distribution = parent.prediction, parent.distribution
            draft.stop_reason = StopReason.EMPTY_BRANCH
        self.drafts.append(draft)
        return draft

    @property
    def n_leaves(self) -> int:
        """Nodes without children: each growth step gave one node its children."""
        return len(self.drafts) - self.step

    def rules(self, excluded: frozenset[int] = frozenset()) -> SplitRules:
        return SplitRules(self.preset, self.criterion, self.config.threshold_style,
                          float(self.config.min_samples_leaf), excluded)

    def _forced_spec(self, draft: Draft):
        return forced_spec(self.force, draft.path, draft.branch_path)

    # ------------------------------------------------------------------------ growth
    def steps(self) -> Iterator[GrowthStep]:
        """Expand nodes breadth first, yielding one :class:`GrowthStep` per expanded node;
        past the deadline the queued nodes stay waiting and :attr:`stopped_early` is set."""
        while self.queue:
            if self.deadline.passed():
                self.stopped_early = True
                return
            draft = self.queue.popleft()
            stop, scored, chosen = self.decide(draft)
            if stop is not None:
                draft.stop_reason = stop
                continue
            parts = self._partition(draft, chosen)
            stop, figures = self._stop_after_split(draft, chosen, parts)
            if stop is not None:
                draft.stop_reason = stop
                continue
            self.step += 1
            draft.split, draft.expanded_at = chosen, self.step
            draft.children = self._make_children(draft, chosen, parts)
            yield GrowthStep(self.step, draft.node_id, draft.path, chosen, draft.children, figures,
                             scored)

    def decide(self, draft: Draft) -> tuple[StopReason | None, NodeScores | CandidateTable | None,
                                            Candidate | None]:
        """What the node's own rows decide: (stop reason, None, None) when a stopping case or a
        limit stops it, before or after its split is chosen; else (None, its scored candidates,
        the chosen split). The leaf-count limit and the validation test, which depend on the
        rest of the tree, come after (:meth:`_stop_after_split`)."""
        stop = self._stop_before_split(draft)
        if stop is not None:
            return stop, None, None
        scored, chosen = self._choose(draft)
        if chosen is None:
            small = any(c.note == "leaf too small" for c in scored.table())
            return (StopReason.MIN_SAMPLES_LEAF if small else StopReason.IDENTICAL), None, None
        config = self.config
        if chosen.score < config.min_gain - TIE_TOLERANCE:
            return StopReason.MIN_GAIN, None, None
        share = draft.weights.sum() / self.root_weight
        if share * chosen.decrease < config.min_impurity_decrease - TIE_TOLERANCE:
            return StopReason.MIN_IMPURITY_DECREASE, None, None
        return None, scored, chosen

    def _stop_before_split(self, draft: Draft) -> StopReason | None:
        if draft.stop_reason is not None:
            return draft.stop_reason
        if self._pure(draft):
            return StopReason.PURE
        usable = [j for j in range(self.data.n_features) if j not in draft.excluded]
        if not usable:
            return StopReason.NO_FEATURES
        if node_cuts.all_constant(self.data.X, draft.rows, np.asarray(usable, np.int64)):
            return StopReason.IDENTICAL
        if self.config.max_depth is not None and draft.depth >= self.config.max_depth:
            return StopReason.MAX_DEPTH
        if draft.weights.sum() < self.config.min_samples_split - TIE_TOLERANCE:
            return StopReason.MIN_SAMPLES_SPLIT
        return None

    def _pure(self, draft: Draft) -> bool:
        """Hunt's first case: the node's rows are all of one class, or (regression) all have
        one target value."""
        if self.data.is_regression:
            targets = self.data.y[draft.rows]
            return bool((targets == targets[0]).all())
        return (draft.class_counts > TIE_TOLERANCE).sum() <= 1

    def node_data(self, draft: Draft) -> NodeData:
        return NodeData(self.data.X[draft.rows], self.data.y[draft.rows], draft.weights,
                        self.data.n_classes)

    def _choose(self, draft: Draft) -> tuple[NodeScores | CandidateTable, Candidate | None]:
        """The node's scored candidates and the chosen split (the forced one, if any)."""
        spec = self._forced_spec(draft)
        if self.data.is_regression:
            scores, forced = self._regression_candidates(draft, spec)
        else:
            node = self.node_data(draft)
            rules = self.rules(draft.excluded)
            scores = score_node(node, self.data.features, rules)
            forced = None if spec is None else forced_candidate(node, self.data.features, rules,
                                                                spec)
        if spec is None:
            return scores, scores.chosen()
        table = scores.table()
        where = "the root" if not draft.path else " → ".join(draft.path)
        if forced is None or not forced.eligible:
            note = "" if forced is None else forced.note
            raise ConfigError(f"cannot split {where} on {spec!r}: "
                              f"{note or 'no such feature, or no value known here'}",
                              code="forced_split",
                              params={"path": draft.path, "spec": spec, "note": note})
        others = tuple(c for c in table if c.feature != forced.feature)
        ordered = tuple(sorted(others + (forced,), key=lambda c: c.feature_index))
        return (CandidateTable(ordered, table.criterion, table.average_gain, ordered.index(forced)),
                forced)

    def _regression_candidates(self, draft: Draft, spec) -> tuple[CandidateTable,
                                                                   Candidate | None]:
        """A regression node's candidates by squared error (:mod:`treecore.split.least_squares`)
        and the split forced by ``spec``, if any."""
        X, y = self.data.X[draft.rows], self.data.y[draft.rows]
        limits = dict(min_samples_leaf=float(self.config.min_samples_leaf),
                      threshold_style=self.config.threshold_style)
        table = least_squares.node_candidates(X, y, draft.weights, self.data.features,
                                              criterion=self.criterion.name, **limits)
        forced = None if spec is None else least_squares.forced_candidate(
            X, y, draft.weights, self.data.features, spec, **limits)
        return table, forced

    def _partition(self, draft: Draft, chosen: Candidate) -> list[tuple]:
        """Rows and weights of each branch, for training and validation rows alike."""
        train = chosen.split_rows(self.data.X, draft.rows, draft.weights)
        if self.validation is None:
            return [(rows, w, np.empty(0, np.int64), np.empty(0)) for rows, w in train]
        val = chosen.split_rows(self.validation.X, draft.val_rows, draft.val_weights)
        return [t + v for t, v in zip(train, val)]

    def _stop_after_split(self, draft: Draft, chosen: Candidate, parts
                          ) -> tuple[StopReason | None, tuple[float, float] | None]:
        config = self.config
        if config.max_leaves is not None and self.n_leaves + len(parts) - 1 > config.max_leaves:
            return StopReason.MAX_LEAVES, None
        if self.validation is None:
            return None, None
        if self.data.is_regression:
            before, after = self._validation_errors(draft, parts)
            improved = (after < before - TIE_TOLERANCE if config.validation_rule == "strict"
                        else after <= before + TIE_TOLERANCE)
            return (None if improved else StopReason.VALIDATION), (before, after)
        y_val = self.validation.y
        before = float(draft.val_weights[y_val[draft.val_rows] == draft.prediction].sum())
        after = 0.0
        for rows, weights, val_rows, val_weights in parts:
            counts = np.bincount(self.data.y[rows], weights=weights, minlength=self.data.n_classes)
            label = int(majority(counts)) if counts.sum() > 0 else draft.prediction
            after += float(val_weights[y_val[val_rows] == label].sum())
        improved = (after > before + TIE_TOLERANCE if config.validation_rule == "strict"
                    else after >= before - TIE_TOLERANCE)
        return (None if improved else StopReason.VALIDATION), (before, after)

    def _validation_errors(self, draft: Draft, parts) -> tuple[float, float]:
        """The validation rows' squared error Σ w (y − c)² with the node as a leaf (c its
        training mean) and with its children as leaves (each child's training mean; a child
        no training row reaches predicts the node's): validation-set pre-pruning of a
        regression tree (Zhou §4.3.1 with the squared error in place of accuracy)."""
        y_val = self.validation.y
        value = float(draft.distribution[0])
        before = float(draft.val_weights @ (y_val[draft.val_rows] - value) ** 2)
        after = 0.0
        for rows, weights, val_rows, val_weights in parts:
            sums = squared_error.sums(self.data.y[rows], weights)
            mean = sums[squared_error.SUM] / sums[squared_error.WEIGHT] \
                if sums[squared_error.WEIGHT] > 0 else value
            after += float(val_weights @ (y_val[val_rows] - mean) ** 2)
        return before, after

    def _make_children(self, draft: Draft, chosen: Candidate, parts) -> tuple[int, ...]:
        excluded = draft.excluded
        if chosen.kind is Kind.NOMINAL and chosen.subset is None:
            excluded = excluded | {chosen.feature_index}
        children = []
        for b, (rows, weights, val_rows, val_weights) in enumerate(parts):
            child = self._new_draft(draft, draft.depth + 1, draft.path + (chosen.branches[b],),
                                    draft.branch_path + (b,), rows, weights, val_rows, val_weights,
                                    excluded)
            children.append(child.node_id)
            if child.stop_reason is None:
                self.queue.append(child)
        return tuple(children)

    def run(self) -> None:
        """Grow to the end (or the deadline) without looking at the steps."""
        for _ in self.steps():
            pass

    def steps_by_node(self) -> dict[int, GrowthStep]:
        """Grow to the end (or the deadline), keeping each growth step by the id of the node it
        expanded."""
        return {step.node_id: step for step in self.steps()}

    # ------------------------------------------------------------------------ result
    def tree(self) -> Tree:
        """The tree grown so far (nodes still queued are leaves without a stop reason)."""
        nodes = tuple(self._node(d) for d in self.drafts)
        return Tree(self.data.schema, nodes, tree_settings(self.config, self.force), self.step)

    @property
    def _absolute(self) -> bool:
        """A least-absolute-deviation regression tree (median leaves)."""
        return self.criterion.name == "absolute_error"

    def _impurity(self, d: Draft) -> float:
        """The node's impurity: its classes' (by the criterion's impurity), or a regression
        node's MSE (squared error) or MAE about its median (absolute error)."""
        if not self.data.is_regression:
            return float(self.impurity(d.class_counts))
        if self._absolute:
            return d.mae
        return float(squared_error.mse(*d.class_counts))

    def _node(self, d: Draft) -> Node:
        regression = self.data.is_regression
        return Node(node_id=d.node_id, parent=d.parent, depth=d.depth, path=d.path,
                    n_samples=int(len(d.rows)), weighted_n_samples=float(d.weights.sum()),
                    class_counts=() if regression else tuple(map(float, d.class_counts)),
                    distribution=tuple(map(float, d.distribution)),
                    impurity=self._impurity(d),
                    prediction=d.prediction,
                    value=float(d.distribution[0]) if regression else None,
                    created_at=d.created_at, split=d.split, children=d.children,
                    expanded_at=d.expanded_at, stop_reason=d.stop_reason)

