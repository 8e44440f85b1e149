"""English / 中文 text of reading a file (:mod:`ui.data.loaders` and :mod:`ui.data.loading`): why
a file was refused (``error.<code>``) and what was assumed while reading it (``load_note.<code>``),
filled with the params of the :class:`~ui.data.loading.errors.LoadError` or
:class:`~ui.notice.Notice`. Merged into :data:`ui.i18n.TRANSLATIONS`.
"""

from __future__ import annotations

TRANSLATIONS: dict[str, dict[str, str]] = {
    # ---------------------------------------------------------------- uploads
    # (ui.data.loaders, ui.data.loading)
    "data.reading.decode": {"en": "Reading {name}: its text encoding…",
                            "zh": "正在读取 {name}：识别文本编码…"},
    "data.reading.records": {"en": "Reading {name}: its records…", "zh": "正在读取 {name}：逐行记录…"},
    "data.reading.tidy": {"en": "Reading {name}: the table's edges…",
                          "zh": "正在读取 {name}：整理表格边界…"},
    "data.reading.numbers": {"en": "Reading {name}: which columns are numbers…",
                             "zh": "正在读取 {name}：识别数值列…"},
    "error.upload_gone": {
        "en": "The uploaded table is no longer held by the server (it keeps uploads nobody has "
              "used for an hour only while it has memory to spare). Upload the file again.",
        "zh": "服务器已不再保存所上传的表格（超过一小时无人使用的上传文件，只在内存充裕时保留）。"
              "请重新上传该文件。"},
    "error.file_too_large": {
        "en": "The file is {size} MB; the limit is {limit} MB. Save the table as Parquet, which "
              "holds the same rows in far fewer bytes (pandas: DataFrame.to_parquet), or upload "
              "a sample of the rows.",
        "zh": "文件大小为 {size} MB，上限为 {limit} MB。请将数据表另存为 Parquet（同样的行占用的"
              "字节少得多；pandas：DataFrame.to_parquet），或改为上传部分样本。"},
    "error.empty_file": {
        "en": "The file is empty. Upload a table with a header line and data rows.",
        "zh": "文件是空的。请上传有表头行和数据行的数据表。"},
    "error.old_excel": {
        "en": "This is an old Excel (.xls) file, which is not supported. Save it as .xlsx or CSV "
              "and upload that.",
        "zh": "这是旧版 Excel（.xls）文件，不受支持。请另存为 .xlsx 或 CSV 后上传。"},
    "error.too_many_columns": {
        "en": "The table has {columns} columns; the limit is {limit}. Keep the columns you need "
              "and upload again.",
        "zh": "数据表有 {columns} 列，上限为 {limit} 列。请只保留需要的列，然后重新上传。"},
    "error.too_many_rows": {
        "en": "The table has {rows} rows; the limit is {limit}. Upload a sample of the rows "
              "instead.",
        "zh": "数据表有 {rows} 行，上限为 {limit} 行。请改为上传部分样本。"},
    "error.duplicate_header": {
        "en": "Columns {first} and {second} are both named '{column}'. Rename one of them and "
              "upload again.",
        "zh": "第 {first} 列和第 {second} 列都叫“{column}”。请把其中一列改名，然后重新上传。"},
    "error.bad_encoding": {
        "en": "The file is not valid {encoding} text: byte {byte} cannot be read in that "
              "encoding. Choose another encoding, or save the file as UTF-8 and upload it again.",
        "zh": "文件不是有效的 {encoding} 编码文本：第 {byte} 个字节无法按该编码读取。"
              "请选择其他编码，或把文件另存为 UTF-8 编码后重新上传。"},
    "error.binary": {
        "en": "This does not look like a text table (it contains binary data). Upload a CSV, "
              "TSV, TXT, Excel (.xlsx) or Parquet file.",
        "zh": "这看起来不是文本数据表（含有二进制数据）。请上传 CSV、TSV、TXT、Excel（.xlsx）"
              "或 Parquet 文件。"},
    "error.no_header": {
        "en": "The file has no header line. The first line must name the columns.",
        "zh": "文件没有表头行。第一行必须是各列的列名。"},
    "error.parser": {
        "en": "A line cannot be read ({detail}). Check that line's quotes and delimiters.",
        "zh": "有一行无法读取（{detail}）。请检查该行的引号和分隔符。"},
    "error.parser_line": {
        "en": "Line {line} cannot be read ({detail}). Check that line's quotes and delimiters.",
        "zh": "文件第 {line} 行无法读取（{detail}）。请检查该行的引号和分隔符。"},
    "error.field_count": {
        "en": "Line {line} has {fields} fields but the header has {expected}. Fix that line (a "
              "stray '{delimiter}' or a missing one?) or quote values that contain the "
              "delimiter.",
        "zh": "文件第 {line} 行有 {fields} 个字段，而表头有 {expected} 个。请修改该行"
              "（多了或少了分隔符“{delimiter}”？），或给含有分隔符的值加上引号。"},
    "error.bad_quotes": {
        "en": "Line {line} cannot be read: {detail}. Check its quotes.",
        "zh": "文件第 {line} 行无法读取：{detail}。请检查该行的引号。"},
    "error.bad_xlsx": {
        "en": "This is not a valid .xlsx file (it is damaged or another format). Open it in Excel "
              "and save it again as .xlsx or CSV.",
        "zh": "这不是有效的 .xlsx 文件（文件已损坏或是其他格式）。请在 Excel 中打开，"
              "另存为 .xlsx 或 CSV。"},
    "error.xlsx_too_large": {
        "en": "This .xlsx file would unpack to {size} GB, over the {limit} GB limit, so it was "
              "not opened. Save the sheet you need as CSV and upload that.",
        "zh": "该 .xlsx 文件解压后将达 {size} GB，超过 {limit} GB 的上限，因此没有打开。"
              "请把需要的工作表另存为 CSV 后上传。"},
    "error.not_a_workbook": {
        "en": "This zip file is not an Excel workbook. Upload an .xlsx, CSV or Parquet file.",
        "zh": "该 zip 文件不是 Excel 工作簿。请上传 .xlsx、CSV 或 Parquet 文件。"},
    "error.bad_excel": {
        "en": "The Excel file cannot be read ({detail}). Open it in Excel and save it again, or "
              "save the sheet as CSV.",
        "zh": "无法读取该 Excel 文件（{detail}）。请在 Excel 中打开并重新保存，或把工作表另存为 CSV。"},
    "error.empty_sheet": {
        "en": "The sheet '{sheet}' is empty. Choose the sheet that holds the table, with the "
              "column names in its first row.",
        "zh": "工作表“{sheet}”是空的。请选择存放数据表的工作表，其第一行应为列名。"},
    "error.no_such_sheet": {
        "en": "The workbook has no sheet '{sheet}'. Choose one of its sheets.",
        "zh": "工作簿中没有工作表“{sheet}”。请选择其中的一个工作表。"},
    "error.header_past_end": {
        "en": "The header cannot be on row {row}: the table has only {rows:row|rows}. Choose an "
              "earlier header row.",
        "zh": "表头不可能在第 {row} 行：数据表只有 {rows} 行。请选择更靠前的表头行。"},
    "error.rows_over_limit": {
        "en": "The table has more than {limit} rows (reading stopped there). Upload a sample of "
              "the rows instead.",
        "zh": "数据表超过 {limit} 行（读取到此为止）。请改为上传部分样本。"},
    "error.parquet_too_large": {
        "en": "This Parquet file unpacks to more than {limit} MB, so it was not read (it holds "
              "long or many values). Upload a sample of the rows, or fewer columns.",
        "zh": "该 Parquet 文件解压后超过 {limit} MB，因此没有读取（其中的值很长或很多）。"
              "请上传部分样本，或减少列数。"},
    "error.bad_parquet": {
        "en": "This is not a readable Parquet file ({detail}). Export it again, or upload a CSV.",
        "zh": "无法读取该 Parquet 文件（{detail}）。请重新导出，或上传 CSV 文件。"},
    "error.nested_column": {
        "en": "Column '{column}' holds nested values ({type}); a tree needs one plain value per "
              "cell. Flatten or drop that column and upload again.",
        "zh": "列“{column}”含有嵌套的值（{type}）；决策树要求每个单元格是一个简单的值。"
              "请展开或删除该列，然后重新上传。"},
    "error.archive_tables": {
        "en": "The archive '{archive}' must hold exactly one table (CSV, TSV, TXT, Excel or "
              "Parquet); it holds {count}. Upload the table itself.",
        "zh": "压缩包“{archive}”中必须恰好有一个数据表（CSV、TSV、TXT、Excel 或 Parquet），"
              "实际有 {count} 个。请直接上传该数据表。"},
    "error.archive_too_large": {
        "en": "The archive '{archive}' unpacks to more than {limit} MB, the upload limit. Upload "
              "a sample of the rows instead.",
        "zh": "压缩包“{archive}”解压后超过 {limit} MB（上传上限）。请改为上传部分样本。"},
    "error.bad_archive": {
        "en": "The archive '{archive}' is damaged or not a .gz/.zip file. Pack the table again, "
              "or upload it unpacked.",
        "zh": "压缩包“{archive}”已损坏，或不是 .gz/.zip 文件。请重新压缩，或直接上传未压缩的数据表。"},
    # ---------------------------------------------------------------- notes (ui.data.loaders)
    "load_note.archive": {
        "en": "Read '{member}' from the archive '{archive}'.",
        "zh": "已从压缩包“{archive}”中读取“{member}”。"},
    "load_note.encoding_guessed": {
        "en": "The file is not UTF-8; it was read as {encoding}. If the text looks wrong, choose "
              "the encoding under “Reading options”.",
        "zh": "文件不是 UTF-8 编码，已按 {encoding} 编码读取。如果文字显示不正确，"
              "请在“读取选项”中选择编码。"},
    "load_note.encoding_unsure": {
        "en": "The file is not UTF-8; it was read as {encoding}, but it could also be {others}. "
              "If the text looks wrong, choose the encoding under “Reading options”.",
        "zh": "文件不是 UTF-8 编码，已按 {encoding} 编码读取，但也可能是 {others} 编码。"
              "如果文字显示不正确，请在“读取选项”中选择编码。"},
    "load_note.one_column": {
        "en": "Only one column was found. If the file has several, separate them with commas, "
              "semicolons, tabs or '|'.",
        "zh": "只找到一列数据。如果文件有多列，请用逗号、分号、制表符或“|”分隔。"},
    "load_note.sheet": {
        "en": "Read the sheet '{sheet}', one of {sheets}. Choose another under “Reading "
              "options”.",
        "zh": "读取了工作表“{sheet}”（共 {sheets} 个）。可在“读取选项”中选择其他工作表。"},
    "load_note.sheet_largest": {
        "en": "Read the sheet '{sheet}', the one with the most rows, of {sheets}. Choose "
              "another under “Reading options”.",
        "zh": "读取了行数最多的工作表“{sheet}”（共 {sheets} 个）。可在“读取选项”中选择其他工作表。"},
    "load_note.header_row": {
        "en": "The header is on row {row}; the rows above it look like a title and were left "
              "out. Choose another header row under “Reading options”.",
        "zh": "表头在第 {row} 行；其上方的行像是标题，已略去。可在“读取选项”中选择其他表头行。"},
    "load_note.spaces_trimmed": {
        "en": "Spaces around values were removed in {columns}, so 'yes' and 'yes ' are one "
              "value.",
        "zh": "已删去以下列中取值前后的空格：{columns}。因此“yes”和“yes ”是同一个取值。"},
    "load_note.empty_columns": {
        "en": "{count} empty column(s) without a name were left out.",
        "zh": "略去了 {count} 个没有列名的空列。"},
    "load_note.pandas_index": {
        "en": "The first column has no name and counts 0, 1, 2, …: it is the row index pandas "
              "writes with to_csv(), and was left out.",
        "zh": "第一列没有列名，取值为 0, 1, 2, …：这是 pandas 的 to_csv() 写出的行索引，已略去。"},
    "load_note.repeated_header": {
        "en": "{count} row(s) repeat the header line (data rows {rows}) and were left out.",
        "zh": "有 {count} 行与表头行相同（数据第 {rows} 行），已略去。"},
    "load_note.empty_rows": {
        "en": "{count} empty row(s) were left out.",
        "zh": "略去了 {count} 个空行。"},
    "load_note.decimal_comma": {
        "en": "Numbers are written with a decimal comma: 3,14 was read as 3.14.",
        "zh": "数值使用逗号作小数点：3,14 读作 3.14。"},
    "load_note.thousands": {
        "en": "Thousands separators ('{separator}') were removed: 1{separator}234 was read as "
              "1234.",
        "zh": "已删去千位分隔符（“{separator}”）：1{separator}234 读作 1234。"},
    "load_note.percent": {
        "en": "Percentages were read as numbers (12% as 12) in {columns}.",
        "zh": "以下列中的百分数已按数值读取（12% 读作 12）：{columns}。"},
    "load_note.leading_zeros": {
        "en": "Values that start with 0, as codes do (02134), stay text in {columns}. Make a "
              "column continuous on the Data page if its values are amounts.",
        "zh": "以下列的取值以 0 开头，像是编码（如 02134），按文本读取：{columns}。"
              "如果它们是数量，请在“数据”页把该列设为连续属性。"},
    "load_note.decimal_columns": {
        "en": "Decimal columns were read as floating-point numbers: {columns}.",
        "zh": "以下十进制小数（decimal）列已按浮点数读取：{columns}。"},
}
