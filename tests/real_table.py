"""What a user's first session grows, as a script for a fresh process (``python -c``): a
realistic table (12 continuous and 8 nominal columns, a tenth of the cells empty, 3 classes)
grown on one thread and on two, by every algorithm, as classification and regression trees,
with and without its nominal columns and gaps, and as the members of a forest (whose nodes are
drawn, as the Forests page does) and of gradient boosting; CCP's α is chosen by validation rows
(the Pruning lab's default); each tree predicts. It prints one line per tree, ``GROWN:`` and
what it predicted, so two processes can be compared."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

GROW_A_REAL_TABLE = """
import hashlib
import numpy as np, pandas as pd
import treecore
from treecore.pruning import select_ccp_alpha

def show(what, predicted):
    text = "|".join(map(str, np.asarray(predicted).tolist()))
    print("GROWN:", what, hashlib.sha256(text.encode()).hexdigest()[:16])

rng = np.random.default_rng(0)
for n in (2_000, 12_000):                     # one thread, then the threaded phases
    frame = pd.DataFrame(rng.normal(size=(n, 12)), columns=[f"x{j}" for j in range(12)])
    for j in range(8):
        frame[f"c{j}"] = rng.choice(list("abcdefgh")[:3 + j % 6], n)
    frame = frame.mask(rng.random(frame.shape) < 0.1)
    frame["y"] = rng.choice(["a", "b", "c"], n)
    data = treecore.Dataset.from_frame(frame, "y")
    for algorithm in ("c45", "cart", "id3"):
        show((n, algorithm), treecore.grow(data, algorithm=algorithm).predict(frame))
    chosen = select_ccp_alpha(data, validation=data)                    # the Pruning lab
    show((n, "ccp", chosen.alpha), chosen.tree.predict(frame))
    numeric = frame.iloc[:, :12].fillna(0)
    show((n, "numeric"), treecore.grow(treecore.Dataset.from_frame(numeric.assign(y=frame.y),
                                                                  "y"),
                                       algorithm="cart").predict(numeric))
    for table in (frame.drop(columns="y"), numeric):             # regression trees
        target = pd.Series(rng.normal(size=n), name="t")
        show((n, "regression"), treecore.DecisionTreeRegressor().fit(table, target)
             .predict(table))
    for table in (frame.drop(columns="y"), numeric):             # ensembles' members
        forest = treecore.RandomForestClassifier(n_estimators=2, n_jobs=2, random_state=0)
        show((n, "forest"), forest.fit(table, frame.y).predict(table))
        drawn = [str(node.feature_subset) for node in forest.estimators_[1].tree_.nodes]
        show((n, "member"), drawn)
        show((n, "boosting"), treecore.GradientBoostingRegressor(n_estimators=2)
             .fit(table, target).predict(table))
"""


def run(script: str, **environment: str) -> list[str]:
    """The lines ``script`` prints in a fresh process with treecore on its path (and these
    environment variables); the process must succeed."""
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True,
                          cwd=ROOT, timeout=900,
                          env={"PYTHONPATH": str(ROOT), "PATH": "/usr/bin:/bin", **environment})
    assert done.returncode == 0, done.stderr[-2000:]
    return done.stdout.splitlines()


VISIT_EVERY_PAGE = """
import sys
import numpy as np, pandas as pd
from streamlit.testing.v1 import AppTest
from ui import preload, state

rng = np.random.default_rng(1)
frame = pd.DataFrame(rng.normal(size=(4_000, 6)).round(3), columns=[f"x{j}" for j in range(6)])
for j in range(4):
    frame[f"c{j}"] = rng.choice(list("abcdef")[:3 + j], len(frame))
frame = frame.mask(rng.random(frame.shape) < 0.1)
known = frame.x0.fillna(0) + (frame.c0 == "a")
at = AppTest.from_file("app.py", default_timeout=600)
at.run()
preload.start().join()
for task, target in (("classification", np.where(known > 0.2, "yes", "no")),
                     ("regression", (3 * known + rng.normal(size=len(frame))).round(2))):
    at.switch_page("pages/data.py").run()
    at.file_uploader(key=state.UPLOADER).upload(f"{task}.csv", frame.assign(y=target)
                                                .to_csv(index=False).encode(), "text/csv")
    at.run()
    for page in ("grow", "prune", "compare", "predict", "ensembles", "concepts", "home"):
        at.switch_page(f"pages/{page}.py").run()
        print("PAGE:", task, page, "exceptions:", len(at.exception), "errors:", len(at.error))
"""
