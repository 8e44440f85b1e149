"""Write the bad-input corpus: every file below, and EXPECTED.json saying what each must get.

Run from the repository root: ``.venv/bin/python tests/data/bad/make_corpus.py``. The files are
committed; this script documents how each was made and regenerates them (the .xlsx files
differ only in their timestamps).

Each case has a ``level``:

* ``loader``: :func:`ui.data.loaders.read_table` refuses it with a ``LoadError``;
* ``engine``: it loads, but ``Dataset.from_frame`` refuses it with a ``DataError``;
* ``ok``: it loads and encodes (the Data page shows its success line).

``message`` fragments must all appear in the refusal (for ``ok``: in the loader's notes, or in
the level-limit check of :mod:`ui.limits` when ``limit`` is set). ``kinds`` overrides inferred
kinds, as a user would on the Data page. The target is always the last column.
"""

from __future__ import annotations

import io
import json
import struct
import zipfile
from decimal import Decimal
from pathlib import Path

import openpyxl
import pandas as pd
import pyarrow as pa
import pyarrow.parquet as pq

HERE = Path(__file__).resolve().parent
#: Rows of the "many levels" file: each customer code on two of them.
MANY_LEVELS = 100_000


def csv(text: str, encoding: str = "utf-8") -> bytes:
    return text.encode(encoding)


def zip_bomb() -> bytes:
    """A tiny .xlsx-shaped zip whose directory claims a 2 GB sheet (the data is 1 KB)."""
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED) as archive:
        archive.writestr("xl/workbook.xml", b"<workbook/>")
        archive.writestr("xl/worksheets/sheet1.xml", b"0" * 1024)
    data = bytearray(buffer.getvalue())
    claimed = struct.pack("<I", 2 * 1024**3 - 1)
    at = data.rfind(b"PK\x01\x02")           # central directory entry of the sheet
    data[at + 24:at + 28] = claimed          # its uncompressed size
    return bytes(data)


def zip_not_workbook() -> bytes:
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w") as archive:
        archive.writestr("notes.txt", "hello")
    return buffer.getvalue()


def xlsx(rows: list[list], *, as_text: bool = True) -> bytes:
    """A one-sheet workbook. ``as_text``: cells starting with "=" are stored as text, not as
    formulas (openpyxl would otherwise write a formula without a cached value)."""
    workbook = openpyxl.Workbook()
    sheet = workbook.active
    for row in rows:
        sheet.append(row)
    if as_text:
        for cell in (c for row in sheet.iter_rows() for c in row):
            if isinstance(cell.value, str):
                cell.data_type = "s"
    buffer = io.BytesIO()
    workbook.save(buffer)
    return buffer.getvalue()


def parquet(table: pa.Table, **options) -> bytes:
    buffer = io.BytesIO()
    pq.write_table(table, buffer, **options)
    return buffer.getvalue()


def parquet_gigabyte() -> bytes:
    """110 KB that unpack to 1 GB: one 1,000-character text a million times, stored once."""
    rows = 1_000_000
    note = pa.DictionaryArray.from_arrays(pa.array([0] * rows, pa.int32()), ["x" * 1000])
    return parquet(pa.table({"note": note, "label": pa.array([0, 1] * (rows // 2))}),
                   compression="zstd")


def xlsx_rows(rows: int) -> bytes:
    """A workbook whose one sheet has ``rows`` identical rows and no <dimension>: a few
    hundred KB, as such sheets compress."""
    template = io.BytesIO(xlsx([["x", "label"]]))
    out = io.BytesIO()
    sheet = ('<worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main">'
             "<sheetData>" + '<row><c t="inlineStr"><is><t>x</t></is></c></row>' * rows
             + "</sheetData></worksheet>").encode()
    with zipfile.ZipFile(template) as source, \
            zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED, compresslevel=9) as target:
        for item in source.infolist():
            is_sheet = item.filename == "xl/worksheets/sheet1.xml"
            target.writestr(item.filename, sheet if is_sheet else source.read(item.filename))
    return out.getvalue()


def pandas_csv() -> bytes:
    frame = pd.DataFrame({"size": [1.5, 2.5, 3.0, 0.5], "colour": ["red", "blue", "red", "green"],
                          "label": ["yes", "no", "yes", "no"]})
    return csv(frame.to_csv())


def many_levels() -> bytes:
    """Each customer on two rows: a column different in every row would be left out as an
    identifier before any limit is reached."""
    lines = ["customer,plan,churned"]
    lines += [f"c{i // 2:06d},{'ab'[i % 2]},{'ny'[i % 3 == 0]}" for i in range(MANY_LEVELS)]
    return csv("\n".join(lines) + "\n")


def dates() -> str:
    days = pd.date_range("2024-01-01", periods=12, freq="D").strftime("%Y-%m-%d")
    return "day,rain,play\n" + "".join(f"{d},{'yn'[i % 2]},{'ab'[i % 3 == 0]}\n"
                                        for i, d in enumerate(days))


HOSTILE = {
    "formula": "=cmd|' /C calc'!A0",
    "html": "<script>alert('x')</script>",
    "img": '<img src=x onerror="alert(1)">',
    "dot": 'x"]; evil [label="pwned',
}

GOOD = "colour,size,label\nred,1.5,yes\nblue,2.5,no\nred,3.0,yes\ngreen,0.5,no\n"

#: name → (bytes, expectation). Expectation: level, message fragments, optional kinds/limit.
CASES: dict[str, tuple[bytes, dict]] = {
    # ------------------------------------------------------------ empty and tiny
    "empty.csv": (b"", {"level": "loader", "message": ["empty"]}),
    "blank_lines.csv": (b"\n \n\t\n", {"level": "loader", "message": ["empty"]}),
    "header_only.csv": (csv("colour,size,label\n"), {"level": "engine", "message": ["no rows"]}),
    "single_row.csv": (csv("colour,size,label\nred,1.5,yes\n"),
                       {"level": "engine", "message": ["Column 'label'", "only one class"]}),
    "single_column.csv": (csv("label\nyes\nno\n"),
                          {"level": "engine", "message": ["no feature columns"]}),
    # ------------------------------------------------------------ shape of the text
    "ragged_short_row.csv": (csv("colour,size,label\nred,1.5,yes\nblue,no\nred,3.0,yes\n"),
                             {"level": "loader",
                              "message": ["Line 3 has 2 fields", "header has 3"]}),
    "ragged_long_row.csv": (csv("colour,size,label\nred,1.5,yes\nblue,2,5,no\n"),
                            {"level": "loader", "message": ["Line 3 has 4 fields"]}),
    "unclosed_quote.csv": (csv('colour,size,label\n"red,1.5,yes\nblue,2.5,no\n'),
                           {"level": "loader", "message": ["Line"]}),
    "space_delimited.csv": (csv("colour size label\nred 1.5 yes\nblue 2.5 no\n"),
                            {"level": "engine", "message": ["no feature columns"]}),
    "semicolon_decimal_comma.csv": (csv("colour;size;label\nred;1,5;yes\nblue;2,5;no\n"
                                        "red;3,0;yes\n"), {"level": "ok", "message": []}),
    "commas_in_a_tsv.tsv": (csv(GOOD), {"level": "ok", "message": []}),
    "pipes.txt": (csv(GOOD.replace(",", "|")), {"level": "ok", "message": []}),
    "quoted_newlines.csv": (csv('note,size,label\n"two\nlines",1.5,yes\n"a, b",2.5,no\n'
                                '"say ""hi""",3.0,yes\n'), {"level": "ok", "message": []}),
    "crlf.csv": (csv(GOOD.replace("\n", "\r\n")), {"level": "ok", "message": []}),
    "trailing_blank_lines.csv": (csv(GOOD + "\n\n\n"), {"level": "ok", "message": []}),
    "too_many_columns.csv": (csv(",".join(f"c{i}" for i in range(501)) + "\n"
                                 + ",".join("1" for _ in range(501)) + "\n"),
                             {"level": "loader", "message": ["501 columns", "limit is 500"]}),
    # ------------------------------------------------------------ encodings
    "utf16_le_bom.csv": (csv(GOOD, "utf-16"), {"level": "ok", "message": []}),
    "utf16_be_bom.csv": (b"\xfe\xff" + csv(GOOD, "utf-16-be"), {"level": "ok", "message": []}),
    "utf16_no_bom.csv": (csv(GOOD, "utf-16-le"), {"level": "ok", "message": []}),
    "utf8_bom.csv": (csv(GOOD, "utf-8-sig"), {"level": "ok", "message": []}),
    "gbk_named_utf8.csv": (csv("色泽,密度,好瓜\n青绿,0.697,是\n乌黑,0.774,否\n", "gbk"),
                           {"level": "ok", "message": ["GBK"]}),
    "latin1.csv": (csv("café,size,label\nrosé,1.5,oui\nthé,2.5,non\n", "latin-1"),
                   {"level": "ok", "message": ["not UTF-8"]}),
    "binary_garbage.csv": (bytes(range(256)) * 4, {"level": "loader", "message": ["binary"]}),
    "png_named_csv.csv": (b"\x89PNG\r\n\x1a\n" + bytes(64),
                          {"level": "loader", "message": ["binary"]}),
    # ------------------------------------------------------------ names
    "duplicate_names.csv": (csv("colour,colour,label\nred,blue,yes\nblue,red,no\n"),
                            {"level": "loader", "message": ["both named 'colour'"]}),
    "duplicate_names_after_trim.csv": (csv("colour, colour ,label\nred,blue,yes\nblue,red,no\n"),
                                       {"level": "loader", "message": ["both named 'colour'"]}),
    "empty_name.csv": (csv("colour,,label\nred,1,yes\nblue,2,no\n"),
                       {"level": "engine", "message": ["column 2 has no name"]}),
    # ------------------------------------------------------------ the target
    "target_constant.csv": (csv("colour,size,label\nred,1,yes\nblue,2,yes\ngreen,3,yes\n"),
                            {"level": "engine", "message": ["Column 'label'", "only one class"]}),
    # a number to predict: the Data page infers a regression tree (said in a note there)
    "target_continuous.csv": (csv("colour,size,price\nred,1,10.25\nblue,2,12.5\nred,3,9.75\n"),
                              {"level": "ok", "message": []}),
    "target_all_missing.csv": (csv("colour,size,label\nred,1,\nblue,2,\nred,3,\n"),
                               {"level": "engine",
                                "message": ["Column 'label', row 1", "class (target) is missing"]}),
    "target_one_missing.csv": (csv("colour,size,label\nred,1,yes\nblue,2,no\nred,3,?\n"),
                               {"level": "engine",
                                "message": ["Column 'label', row 3", "class (target) is missing"]}),
    # ------------------------------------------------------------ feature values
    "feature_all_missing.csv": (csv("colour,size,label\nred,,yes\nblue,,no\nred,,yes\n"),
                                {"level": "engine",
                                 "message": ["Column 'size'", "every value is missing"]}),
    "mixed_numbers_text.csv": (csv("colour,size,label\nred,1.5,yes\nblue,big,no\nred,3,yes\n"),
                               {"level": "ok", "message": []}),
    "mixed_numbers_text_as_continuous.csv": (
        csv("colour,size,label\nred,1.5,yes\nblue,big,no\nred,3,yes\n"),
        {"level": "engine", "kinds": {"size": "continuous"},
         "message": ["Column 'size', row 2", "'big' is not a number"]}),
    "inf_value.csv": (csv("colour,size,label\nred,1.5,yes\nblue,inf,no\nred,3,yes\n"),
                      {"level": "engine", "message": ["Column 'size', row 2", "infinite"]}),
    "minus_inf_value.csv": (csv("colour,size,label\nred,1.5,yes\nblue,2,no\nred,-inf,yes\n"),
                            {"level": "engine", "message": ["Column 'size', row 3", "infinite"]}),
    "overflow_number.csv": (csv("colour,size,label\nred,1.5,yes\nblue,1e999,no\nred,3,yes\n"),
                            {"level": "engine", "message": ["Column 'size', row 2", "infinite"]}),
    "nan_spellings_numeric.csv": (csv("colour,size,label\nred,1.5,yes\nblue,nan,no\nred,NULL,yes\n"
                                      "blue,?,no\nred,—,yes\nblue,NaN,no\ngreen,2.5,yes\n"),
                                  {"level": "ok", "message": []}),
    "nan_spellings_nominal.csv": (csv("colour,size,label\nnan,1.5,yes\nNULL,2,no\n?,3,yes\n"
                                      "—,4,no\nred,5,yes\nblue,6,no\n"),
                                  {"level": "ok", "message": []}),
    "dates.csv": (csv(dates()), {"level": "ok", "message": []}),
    "many_levels.csv": (many_levels(),
                        {"level": "ok", "limit": "id3",
                         "message": ["customer", f"{MANY_LEVELS // 2:,}"]}),
    # ------------------------------------------------------------ hostile text
    "formula_strings.csv": (csv(f"{HOSTILE['formula']},=1+2,label\n"
                                f"{HOSTILE['formula']},@SUM(A1),yes\n+1-1,-2+3,no\n"
                                f"=HYPERLINK(\"http://x\"),=1+2,yes\n"),
                            {"level": "ok", "message": []}),
    "html_js.csv": (csv(f"\"{HOSTILE['html']}\",\"{HOSTILE['img']}\",label\n"
                        f"\"{HOSTILE['html']}\",1,yes\n\"<b>bold</b>\",2,no\n"
                        f"\"{HOSTILE['img']}\",3,yes\n"),
                    {"level": "ok", "message": []}),
    "dot_breakout.csv": (csv(f"\"{HOSTILE['dot'].replace(chr(34), chr(34) * 2)}\",size,label\n"
                             "\"a\\\\b\",1,yes\n\"c\"\"d\",2,no\n\"a\\\\b\",3,yes\n"),
                         {"level": "ok", "message": []}),
    # ------------------------------------------------------------ Excel and Parquet
    "zip_bomb_2gb.xlsx": (zip_bomb(), {"level": "loader", "message": ["would unpack to 2.0 GB"]}),
    "zip_not_workbook.xlsx": (zip_not_workbook(),
                              {"level": "loader", "message": ["not an Excel workbook"]}),
    "truncated.xlsx": (xlsx([["colour", "label"], ["red", "yes"]])[:200],
                       {"level": "loader", "message": [".xlsx"]}),
    "legacy.xls": (b"\xd0\xcf\x11\xe0\xa1\xb1\x1a\xe1" + bytes(512),
                   {"level": "loader", "message": [".xls", "not supported"]}),
    "hostile_names.xlsx": (xlsx([[HOSTILE["html"], HOSTILE["formula"], "label"],
                                 [HOSTILE["img"], 1.0, "yes"], ["=1+2", 2.0, "no"],
                                 [HOSTILE["img"], 3.0, "yes"]]),
                           {"level": "ok", "message": []}),
    "formula_header_without_value.xlsx": (xlsx([["colour", "=A1&\"x\"", "label"],
                                                ["red", 1.0, "yes"], ["blue", 2.0, "no"]],
                                               as_text=False),
                                          {"level": "engine", "message": ["column 2 has no name"]}),
    "nested_list.parquet": (parquet(pa.table({"tags": [[1, 2], [3], []], "label": list("yny")})),
                            {"level": "loader", "message": ["Column 'tags'", "nested"]}),
    "nested_struct.parquet": (parquet(pa.table({"point": [{"x": 1, "y": 2}, {"x": 3, "y": 4}],
                                                "label": ["y", "n"]})),
                              {"level": "loader", "message": ["Column 'point'", "nested"]}),
    "truncated.parquet": (parquet(pa.table({"a": [1, 2], "label": ["y", "n"]}))[:40],
                          {"level": "loader", "message": ["Parquet"]}),
    "dates.parquet": (parquet(pa.table({"day": pd.date_range("2024-01-01", periods=4),
                                        "rain": list("ynyn"), "play": list("abba")})),
                      {"level": "ok", "message": []}),
    # ------------------------------------------------------------ files from real tools (#16)
    "cr_only.csv": (csv(GOOD.replace("\n", "\r")), {"level": "ok", "message": []}),
    "mixed_line_endings.csv": (csv("colour,size,label\nred,1.5,yes\r\nblue,2.5,no\rred,3.0,yes\n"
                                   "green,0.5,no\r"), {"level": "ok", "message": []}),
    "cp1252_german.csv": (csv("Stadt,Größe,Klasse\nMünchen,1,ja\nKöln,2,nein\nDüsseldorf,3,ja\n",
                              "cp1252"), {"level": "ok", "message": ["read as Windows-1252"]}),
    "big5.csv": (csv("色澤,密度,好瓜\n青綠,0.697,是\n烏黑,0.774,否\n淺白,0.556,否\n", "big5"),
                 {"level": "ok", "message": ["read as Big5"]}),
    "decimal_comma_thousands.csv": (csv("Größe;Preis;Klasse\n1,5;1.234,50;ja\n2,5;999,00;nein\n"
                                        "3,0;12.000,00;ja\n"),
                                    {"level": "ok",
                                     "message": ["decimal comma", "1.234 was read"]}),
    "pandas_to_csv.csv": (pandas_csv(), {"level": "ok", "message": ["row index pandas writes"]}),
    "trailing_empty_columns.csv": (csv(GOOD.replace("\n", ",,\n")),
                                   {"level": "ok", "message": ["2 empty column(s)"]}),
    "title_row.csv": (csv("Survey 2024\n\n" + GOOD),
                      {"level": "ok", "message": ["header is on row 3"]}),
    "spaces_after_delimiter.csv": (csv("colour, size, label\nred, 1.5, yes\nblue, 2.5, no\n"
                                       "red, 3.0, yes \ngreen,0.5,no\n"),
                                   {"level": "ok", "message": ["Spaces around values"]}),
    "repeated_header.csv": (csv(GOOD + "colour,size,label\nblue,1.0,no\n"),
                            {"level": "ok", "message": ["repeat the header line (data rows 5)"]}),
    "zip_codes_percent.csv": (csv('zip,share,income,label\n02134,12%,"1,234",yes\n'
                                  '10001,5%,"2,500",no\n02139,7.5%,"3,100",yes\n'),
                              {"level": "ok", "message": ["start with 0", "Percentages",
                                                          "Thousands separators"]}),
    "lenses_class_none.csv": (csv("age,astigmatic,tears,lenses\nyoung,no,reduced,none\n"
                                  "young,no,normal,soft\nyoung,yes,reduced,none\n"
                                  "young,yes,normal,hard\npresbyopic,no,normal,none\n"),
                              {"level": "ok", "message": []}),
    "genotype_null.csv": (csv("marker,dose,allele\nA,1,null\nB,2,wild\nA,1,null\nB,3,wild\n"),
                          {"level": "ok", "message": []}),
    "markdown_name.csv": (csv('"![p](http://example.invalid/p.png) **b**",size,label\n'
                              "red,1.5,yes\nblue,2.5,no\n"), {"level": "ok", "message": []}),
    "title_row.xlsx": (xlsx([["Quarterly report"], [], ["region", "units", "label"],
                             ["north", 3, "yes"], ["south", 5, "no"], ["east", 4, "yes"]]),
                       {"level": "ok", "message": ["header is on row 3"]}),
    "trailing_empty_columns.xlsx": (xlsx([["colour", "size", "label", "", ""],
                                          ["red", 1.5, "yes", "", ""],
                                          ["blue", 2.5, "no", "", ""]]),
                                    {"level": "ok", "message": []}),
    "macros.xlsm": (xlsx([["colour", "size", "label"], ["red", 1.5, "yes"], ["blue", 2.5, "no"]]),
                    {"level": "ok", "message": []}),
    "rows_1_2m_no_dimension.xlsx": (xlsx_rows(1_200_000),
                                    {"level": "loader", "message": ["more than 1,000,000 rows"]}),
    "gigabyte.parquet": (parquet_gigabyte(),
                         {"level": "loader", "message": ["unpacks to more than"]}),
    "decimal128.parquet": (parquet(pa.table({"price": pa.array(
                               [Decimal("1.50"), Decimal("2.25"), Decimal("3.00")],
                               pa.decimal128(8, 2)), "label": ["y", "n", "y"]})),
                           {"level": "ok", "message": ["Decimal columns"]}),
}


def main() -> None:
    expected = {}
    for name, (data, expectation) in CASES.items():
        (HERE / name).write_bytes(data)
        expected[name] = expectation
    (HERE / "EXPECTED.json").write_text(json.dumps(expected, ensure_ascii=False, indent=1) + "\n",
                                        encoding="utf-8")


if __name__ == "__main__":
    main()
