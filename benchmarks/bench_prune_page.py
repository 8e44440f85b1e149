"""Time what the Pruning lab does on the server when the user switches the pruning method.

100k training rows of ``make_classification`` (20 features, 3 classes) and 30k validation rows;
the grown tree is cached (as on the page). For each method the script times, through the same
``ui.models.pruning_lab`` calls the page makes:

* cold: the method's result computed for the first time, plus the DOT of the new tree and of
  the replay (what a first switch to it, or a new CF, costs);
* warm: the switch back to a method already computed (cache hit) plus the DOT texts, the
  comparison table's accuracies (memoised per tree) and the CCP chart's points (cached).

    .venv/bin/python benchmarks/bench_prune_page.py [--rows 100000]
"""

from __future__ import annotations

import argparse

from common import median_seconds, train_and_validation, validation_rows

from treecore.io import to_dot
from treecore.pruning import PRUNERS
from ui.models import pruning_lab as lab, scores

PARAMS = {"algorithm": "cart", "criterion": None, "threshold_style": "midpoint"}
OPTIONS = lab.option_defaults()


def switch(method: str, tree, train, validation, options) -> object:
    """The server-side work of one switch: the method's tree, the DOT texts, the table."""
    params = lab.unpruned_params(PARAMS)
    pruned = lab.cached_post_prune(method, tree, train, validation, options, params)
    to_dot(pruned.tree, max_depth=6)
    judged, greyed = lab.replay_frame(tree, pruned.result, 0)
    to_dot(tree, highlight=judged, greyed=greyed, max_depth=6)
    scores.comparison({"unpruned": tree, method: pruned.tree}, train, validation)
    lab.cached_ccp_points(tree, train, validation, params)
    return pruned


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rows", type=int, default=100_000)
    args = parser.parse_args()
    train, held_out = train_and_validation(args.rows)
    grow_s, tree = median_seconds(lambda: lab.unpruned_tree(train, PARAMS))
    validation = validation_rows(tree, held_out)
    print(f"{args.rows} rows: {tree.n_nodes} nodes, {tree.n_leaves} leaves, depth {tree.depth}; "
          f"grow {grow_s:.2f} s (cached from then on)")
    first_s, _ = median_seconds(lambda: switch("pep", tree, train, validation, OPTIONS))
    print(f"first page load extras (accuracies, CCP chart points): {first_s:.2f} s")
    print(f"{'method':>8} {'cold (s)':>9} {'warm (s)':>9}")
    for method in PRUNERS:
        cold, _ = median_seconds(lambda: switch(method, tree, train, validation, OPTIONS))
        warm, _ = median_seconds(lambda: switch(method, tree, train, validation, OPTIONS))
        print(f"{method:>8} {cold:9.3f} {warm:9.3f}")
    cold, _ = median_seconds(lambda: switch("ebp", tree, train, validation, {**OPTIONS, "cf": 0.1}))
    print(f"{'ebp cf=.1':>8} {cold:9.3f}   (a new option: computed, then cached)")


if __name__ == "__main__":
    main()
