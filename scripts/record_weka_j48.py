"""Record Weka 3 J48 and Id3 on Weka's example data sets as test fixtures (needs Debian's ``weka``).

    .venv/bin/python scripts/record_weka_j48.py [name ...]

For each ARFF file of :data:`DATA_SETS` found in Weka's examples (``/usr/share/doc/weka/examples``)
this copies the file to ``tests/data/weka/arff/`` and writes ``tests/data/weka/<name>.json``:

* ``trees``: J48's tree for ``-C 0.25 -M 2`` ("pruned") and ``-U -M 2`` ("unpruned"), and Id3's
  where Id3 applies (nominal features, nothing missing), parsed from Weka's printout into nested
  dicts: an internal node ``{"attribute", "kind", "threshold" (numeric), "branches": [{"value",
  "node"}]}``, a leaf ``{"class", "weight", "errors"}`` (J48 prints both to two decimals; Id3
  prints only the class, ``null`` for a branch no row reached);
* ``cv``: the correctly classified count of Weka's own stratified 10-fold cross-validation
  (``-x 10 -s 1``), per model;
* ``folds``: the test rows (0-based positions in the ARFF file) of each of those ten folds, made
  as Weka makes them (:func:`weka_folds`), and ``fold_correct``: Weka's correct count on each fold
  when it trains on the other nine folds written out as files. Their sum equals ``cv`` when the
  folds are Weka's own; the script checks it, so the tests can score our trees on the very folds;
* ``build_seconds``: the "Time taken to build model" Weka printed for the full data.

The tests compare against these files, so they need neither Java nor Weka.
"""

from __future__ import annotations

import csv
import io
import json
import re
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

WEKA_JAR = Path("/usr/share/java/weka.jar")
EXAMPLES = Path("/usr/share/doc/weka/examples")
OUT = Path(__file__).resolve().parent.parent / "tests" / "data" / "weka"

#: Weka's classification examples (the Reuters sets hold strings, cpu is regression, supermarket
#: is a 4,627 × 217 market basket).
DATA_SETS = ("weather.nominal", "weather.numeric", "contact-lenses", "iris", "iris.2D", "labor",
             "glass", "diabetes", "vote", "breast-cancer", "soybean", "credit-g", "ionosphere",
             "segment-challenge", "unbalanced")

MODELS = {"pruned": ["weka.classifiers.trees.J48", "-C", "0.25", "-M", "2"],
          "unpruned": ["weka.classifiers.trees.J48", "-U", "-M", "2"],
          "id3": ["weka.classifiers.trees.Id3"]}
FOLDS, SEED = 10, 1


# ------------------------------------------------------------------------------- java.util.Random
class JavaRandom:
    """``java.util.Random``: the 48-bit linear congruential generator Weka draws folds from."""

    MASK = (1 << 48) - 1

    def __init__(self, seed: int):
        self.state = (seed ^ 0x5DEECE66D) & self.MASK

    def _next(self, bits: int) -> int:
        self.state = (self.state * 0x5DEECE66D + 0xB) & self.MASK
        return self.state >> (48 - bits)

    def next_int(self, bound: int) -> int:
        if bound & -bound == bound:                       # a power of two
            return (bound * self._next(31)) >> 31
        while True:
            bits = self._next(31)
            value = bits % bound
            if bits - value + (bound - 1) < 1 << 31:      # no int overflow: accept
                return value


def weka_folds(classes: list[str], n_folds: int = FOLDS, seed: int = SEED) -> list[list[int]]:
    """The test rows of each fold of Weka 3.6's ``Evaluation.crossValidateModel``:
    ``Instances.randomize(new Random(seed))`` (a Fisher–Yates shuffle from the end), then
    ``stratify`` (rows grouped by class in order of first appearance, then dealt round-robin by
    ``stratStep``) and ``testCV`` (consecutive blocks, the first ``n % folds`` one row longer)."""
    order = list(range(len(classes)))
    random = JavaRandom(seed)
    for j in range(len(order) - 1, 0, -1):
        k = random.next_int(j + 1)
        order[j], order[k] = order[k], order[j]
    index = 1                                             # Instances.stratify: sort by class
    while index < len(order):
        first = classes[order[index - 1]]
        for j in range(index, len(order)):
            if classes[order[j]] == first:
                order[index], order[j] = order[j], order[index]
                index += 1
        index += 1
    dealt = [order[j] for start in range(n_folds) for j in range(start, len(order), n_folds)]
    size, extra = divmod(len(order), n_folds)
    folds = []
    for fold in range(n_folds):
        first = fold * size + min(fold, extra)
        folds.append(sorted(dealt[first:first + size + (fold < extra)]))
    return folds


# ------------------------------------------------------------------------------------- ARFF text
def split_arff(text: str) -> tuple[list[str], list[str]]:
    """(header lines up to and including ``@data``, data lines), comments and blanks dropped."""
    lines = text.splitlines()
    at = next(i for i, line in enumerate(lines) if line.strip().lower().startswith("@data"))
    data = [line for line in lines[at + 1:] if line.strip() and not line.lstrip().startswith("%")]
    return lines[:at + 1], data


def last_field(line: str) -> str:
    """The class value of a data line (the class is each example's last attribute)."""
    return next(csv.reader(io.StringIO(line), quotechar="'", skipinitialspace=True))[-1].strip()


# -------------------------------------------------------------------------------------- Weka runs
def weka(model: str, *args: str) -> str:
    command = ["java", "-Xmx2g", "-cp", str(WEKA_JAR), MODELS[model][0], *args, *MODELS[model][1:]]
    return subprocess.run(command, capture_output=True, text=True, check=True).stdout


def correct(output: str, section: str) -> int:
    """The "Correctly Classified Instances" count after the ``=== section ===`` heading."""
    part = output.split(f"=== {section} ===", 1)[1]
    return int(re.search(r"Correctly Classified Instances\s+(\d+)", part).group(1))


LINE = re.compile(r"^(?P<attribute>.+?) (?P<op><=|>|=) (?P<value>.*?)(?:: (?P<leaf>.*))?$")
LEAF = re.compile(r"^(?P<cls>.*?)(?: \((?P<weight>[\d.]+)(?:/(?P<errors>[\d.]+))?\))?$")


def parse_tree(output: str, model: str) -> dict:
    """The tree Weka printed, as nested dicts (see the module docstring)."""
    indent = "|   " if model != "id3" else "|  "
    if model == "id3":
        body = output.split("Id3\n\n", 1)[1].split("\n\nTime taken", 1)[0]
    else:
        body = output.split("------------------\n", 1)[1].split("\n\nNumber of Leaves", 1)[0]
    lines = [line for line in body.splitlines() if line.strip()]
    if len(lines) == 1 and lines[0].startswith(": "):
        return leaf(lines[0][2:])
    parsed = []
    for line in lines:
        depth = 0
        while line.startswith(indent):
            line, depth = line[len(indent):], depth + 1
        parsed.append((depth, LINE.match(line).groupdict()))
    node, rest = build(parsed, 0)
    assert not rest
    return node


def leaf(text: str) -> dict:
    match = LEAF.match(text.strip()).groupdict()
    return {"class": None if match["cls"] == "null" else match["cls"],
            "weight": None if match["weight"] is None else float(match["weight"]),
            "errors": float(match["errors"] or 0) if match["weight"] is not None else None}


def build(lines, depth):
    """The node whose branches are the consecutive ``lines`` at ``depth``, and the lines left."""
    first = lines[0][1]
    numeric = first["op"] != "="
    node = {"attribute": first["attribute"], "kind": "numeric" if numeric else "nominal",
            "branches": []}
    if numeric:
        node["threshold"] = float(first["value"])
    while lines and lines[0][0] == depth:
        fields = lines[0][1]
        lines = lines[1:]
        if fields["leaf"] is not None:
            child = leaf(fields["leaf"])
        else:
            child, lines = build(lines, depth + 1)
        node["branches"].append({"value": fields["op"] if numeric else fields["value"],
                                  "node": child})
    return node, lines


def applies(model: str, header: list[str], data: list[str]) -> bool:
    """Id3 takes nominal attributes without missing values only."""
    if model != "id3":
        return True
    attributes = [line for line in header if line.strip().lower().startswith("@attribute")]
    nominal = all("{" in line for line in attributes)
    return nominal and not any(re.search(r"(^|,)\s*\?\s*(,|$)", line) for line in data)


def record(name: str) -> dict:
    source = EXAMPLES / f"{name}.arff"
    (OUT / "arff").mkdir(parents=True, exist_ok=True)
    arff = OUT / "arff" / source.name
    shutil.copyfile(source, arff)
    header, data = split_arff(arff.read_text())
    folds = weka_folds([last_field(line) for line in data])
    fixture = {"data_set": name, "arff": f"arff/{source.name}", "folds": folds, "trees": {},
               "cv": {}, "fold_correct": {}, "build_seconds": {}}
    with tempfile.TemporaryDirectory() as tmp:
        for model in MODELS:
            if not applies(model, header, data):
                continue
            output = weka(model, "-t", str(arff), "-x", str(FOLDS), "-s", str(SEED))
            fixture["trees"][model] = parse_tree(output, model)
            fixture["cv"][model] = correct(output, "Stratified cross-validation")
            fixture["build_seconds"][model] = float(re.search(
                r"Time taken to build model: ([\d.]+) seconds", output).group(1))
            per_fold = []
            for k, test in enumerate(folds):
                chosen = set(test)
                train_file, test_file = Path(tmp) / f"train{k}.arff", Path(tmp) / f"test{k}.arff"
                train_file.write_text("\n".join(header + [line for i, line in enumerate(data)
                                                          if i not in chosen]) + "\n")
                test_file.write_text("\n".join(header + [data[i] for i in test]) + "\n")
                per_fold.append(correct(weka(model, "-t", str(train_file), "-T", str(test_file)),
                                        "Error on test data"))
            fixture["fold_correct"][model] = per_fold
            if sum(per_fold) != fixture["cv"][model]:
                print(f"  {name} {model}: folds give {sum(per_fold)}, Weka's CV "
                      f"{fixture['cv'][model]}: the folds are not Weka's", file=sys.stderr)
    return fixture


def main(names: list[str]) -> None:
    if not WEKA_JAR.exists():
        sys.exit("needs Debian's weka package: apt-get install weka")
    for name in names or DATA_SETS:
        if not (EXAMPLES / f"{name}.arff").exists():
            print(f"skipped {name}: not among Weka's examples", file=sys.stderr)
            continue
        fixture = record(name)
        (OUT / f"{name}.json").write_text("{\n" + ",\n".join(   # one line per key
            f"{json.dumps(key)}: {json.dumps(value, ensure_ascii=False)}"
            for key, value in fixture.items()) + "\n}\n")
        print(f"{name}: {', '.join(f'{m} cv {c}' for m, c in fixture['cv'].items())}")


if __name__ == "__main__":
    main(sys.argv[1:])
