"""Server time of the interactive tree view (issue 15: a tree of 15,000 nodes well under 100 ms).

For full-depth CART trees of about 1,000 and 15,000 nodes (``make_classification`` with noisy
labels, so the tree grows deep and bushy), medians of several runs of:

- faces: every node's texts and colour (``ui.views.tree_view.tree_faces``), once per tree;
- layout + view: the stage's nodes, collapsed subtrees, Walker layout (``build_view``);
- encode: the view as compact JSON bytes (``encode_view``, joined from per-node JSON strings);
- cold: all three, what the first drawing of a tree (or of a new step) costs;
- click: what a click costs once the view is cached (``cached_view`` hit, selection path,
  the message): what every rerun of the Grow page pays for the tree view;
- step: a new growth step (a new stage laid out and encoded; faces cached).

    .venv/bin/python benchmarks/bench_tree_view.py
"""

from __future__ import annotations

import statistics
import sys
import time
from pathlib import Path

import numpy as np
import pandas as pd
from sklearn.datasets import make_classification

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from treecore import Dataset, grow  # noqa: E402
from ui.views import tree_widget
from ui.views.tree_view import WORDS, build_view, encode_view, message, selection, tree_faces


def noisy_tree(n_rows: int, seed: int = 0):
    """A full-depth CART tree on ``n_rows`` rows whose labels are 30 % noise."""
    X, y = make_classification(n_samples=n_rows, n_features=10, n_informative=6, n_classes=3,
                               flip_y=0.3, random_state=seed)
    frame = pd.DataFrame(X, columns=[f"f{j}" for j in range(X.shape[1])])
    frame["y"] = np.array(["a", "b", "c"], dtype=object)[y]
    return grow(Dataset.from_frame(frame, "y"), algorithm="cart")


def median_ms(job, repeat: int = 7) -> float:
    times = []
    for _ in range(repeat):
        start = time.perf_counter()
        job()
        times.append(time.perf_counter() - start)
    return 1000 * statistics.median(times)


def main() -> None:
    for rows in (2_000, 31_000):                     # about 1,000 and 15,000 nodes
        tree = noisy_tree(rows)
        list(tree.iter_nodes())                       # the engine's Node objects, made once
        faces = tree_faces(tree, WORDS)
        view = build_view(faces)
        t_faces = median_ms(lambda: tree_faces(tree, WORDS))
        t_view = median_ms(lambda: build_view(faces))
        t_encode = median_ms(lambda: encode_view(view))
        digest, body = encode_view(view)
        words = dict(WORDS)
        tree_widget.cached_view(tree, words, None)
        leaf = int(view.ids[-1])

        def click():
            v, d, b, _ = tree_widget.cached_view(tree, words, None)
            message(d, b, {**selection(v, leaf, 0), "scale": 1.0, "height": 560})

        t_click = median_ms(click, 21)
        half = tree.n_steps // 2
        t_step = median_ms(lambda: encode_view(build_view(faces, step=half)))
        print(f"{tree.n_nodes:>6} nodes (depth {tree.depth}, {len(body) / 1e6:.2f} MB JSON): "
              f"faces {t_faces:.1f} ms, layout+view {t_view:.1f} ms, encode {t_encode:.1f} ms, "
              f"cold {t_faces + t_view + t_encode:.1f} ms; click (cached) {t_click:.2f} ms; "
              f"step {half} of {tree.n_steps} (new stage) {t_step:.1f} ms")


if __name__ == "__main__":
    main()
