"""Reading and writing trees: JSON (validated field by field), the outline and the rules, DOT,
Python and SQL."""

from .dot import CLASS_COLORS, DOT_WORDS, VALUE_SCALE, dot_escape, to_dot
from .json_model import from_json, to_json
from .python_code import to_python
from .sql import sql_identifier, sql_literal, to_sql
from .text import (class_details, node_conditions, node_label, number_text, regression_words,
                   to_rules, to_text, visible)

__all__ = ["CLASS_COLORS", "DOT_WORDS", "VALUE_SCALE", "dot_escape", "to_dot", "from_json",
           "to_json", "to_python", "sql_identifier", "sql_literal", "to_sql", "class_details",
           "node_conditions", "node_label", "number_text", "regression_words", "to_rules",
           "to_text", "visible"]
