"""Reading an uploaded file into a table, one job per module.

``errors`` (LoadError and the shared limit checks), ``encodings`` (which text encoding),
``text`` (delimiter, header line and records of delimited text), ``excel`` and ``parquet``
(their formats, with limits checked before the work), ``archives`` (one table in a .gz or
.zip), ``layout`` (the table's edges: header row, empty and repeated rows, pandas' index) and
``cells`` (a text cell's value: spaces, numbers in the file's format, codes). The entry point
is :func:`ui.data.loaders.read_table`.
"""
