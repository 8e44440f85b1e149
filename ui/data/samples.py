"""The bundled sample data sets (files in ``samples/``; sources and licences in its README).

>>> SAMPLES["watermelon2.0"].name("zh")
'西瓜数据集 2.0（周志华 表 4.1）'
>>> load_sample("watermelon2.0").frame.shape
(17, 8)
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from ui.data.loaders import LoadedTable, read_table

SAMPLES_DIR = Path(__file__).resolve().parents[2] / "samples"


@dataclass(frozen=True)
class Sample:
    """One bundled table: its file, display names, default target and ignored columns."""

    id: str
    file: str
    name_en: str
    name_zh: str
    target: str
    ignored: tuple[str, ...] = ()

    def name(self, lang: str) -> str:
        """The display name in ``lang`` ("en" or "zh")."""
        return self.name_zh if lang == "zh" else self.name_en

    @property
    def path(self) -> Path:
        return SAMPLES_DIR / self.file


SAMPLES: dict[str, Sample] = {s.id: s for s in (
    Sample("watermelon2.0", "watermelon2.0.csv", "Watermelon 2.0 (Zhou, Table 4.1)",
           "西瓜数据集 2.0（周志华 表 4.1）", "好瓜", ("编号",)),
    Sample("watermelon3.0", "watermelon3.0.csv", "Watermelon 3.0 (Zhou, Table 4.3)",
           "西瓜数据集 3.0（周志华 表 4.3）", "好瓜", ("编号",)),
    Sample("watermelon2.0alpha", "watermelon2.0alpha.csv",
           "Watermelon 2.0α, missing values (Zhou, Table 4.4)",
           "西瓜数据集 2.0α，含缺失值（周志华 表 4.4）", "好瓜", ("编号",)),
    Sample("lihang_loan", "lihang_loan.csv", "Loan applications (Li Hang, Table 5.1)",
           "贷款申请样本数据表（李航 表 5.1）", "类别", ("ID",)),
    Sample("tan_loan_default", "tan_loan_default.csv", "Loan default (Tan, Steinbach & Kumar)",
           "拖欠贷款（Tan、Steinbach、Kumar）", "Defaulted", ("Tid",)),
    Sample("play_tennis", "play_tennis.csv", "Play tennis / weather (Quinlan 1986)",
           "天气与打网球（Quinlan 1986）", "play"),
    Sample("iris", "iris.csv", "Iris (Fisher 1936)", "鸢尾花（Fisher 1936）", "species"),
    Sample("lihang_regression", "lihang_regression.csv",
           "Least-squares regression tree (Li Hang, exercise 5.2)",
           "最小二乘回归树（李航 习题 5.2）", "y"),
    Sample("diabetes", "diabetes.csv", "Diabetes progression (Efron et al. 2004)",
           "糖尿病病情进展（Efron 等 2004）", "progression"),
    Sample("cpu_vendor", "cpu_vendor.csv", "CPU performance by vendor (Ein-Dor & Feldmesser 1987)",
           "CPU 性能与厂商（Ein-Dor 与 Feldmesser 1987）", "PRP"),
)}

#: The sample loaded when a session starts.
DEFAULT_SAMPLE = "watermelon2.0"


def sample_bytes(sample_id: str) -> bytes:
    """The file content of sample ``sample_id``."""
    return SAMPLES[sample_id].path.read_bytes()


def load_sample(sample_id: str) -> LoadedTable:
    """Read sample ``sample_id`` through the same loader as an upload."""
    sample = SAMPLES[sample_id]
    return read_table(sample.file, sample_bytes(sample_id))
