"""One table packed in a ``.gz`` file or a ``.zip`` archive.

A ``.gz`` holds one file: its name is the archive's without ``.gz``. A ``.zip`` must hold
exactly one table (CSV, TSV, TXT, Excel or Parquet; folders, ``__MACOSX/`` and hidden files
aside). Either is unpacked only up to :data:`ui.limits.MAX_UPLOAD_BYTES`, the size an upload
may have unpacked, and reading stops as soon as it passes.

>>> import gzip
>>> unpack("melons.csv.gz", gzip.compress(b"a,b\\n1,2\\n"))[:2]
('melons.csv', b'a,b\\n1,2\\n')
"""

from __future__ import annotations

import gzip
import io
import zipfile
import zlib
from pathlib import PurePosixPath

from ui import limits
from ui.data.loading.errors import LoadError
from ui.notice import Notice

#: Suffixes of the archives this module opens.
ARCHIVE_SUFFIXES = (".gz", ".zip")
#: Suffixes of the files a .zip may hold (the tables :func:`ui.data.loaders.read_table` reads).
TABLE_SUFFIXES = (".csv", ".tsv", ".txt", ".xlsx", ".xlsm", ".parquet", ".pq")
_CHUNK = 1 << 20


def unpack(name: str, data: bytes) -> tuple[str, bytes, Notice]:
    """The name and bytes of the table inside the archive ``name``, and a note saying which."""
    if name.lower().endswith(".gz"):
        inner = name[:-3]
        content = _bounded(gzip.GzipFile(fileobj=io.BytesIO(data)), name)
    else:
        inner, content = _zip_member(name, data)
    return inner, content, Notice(f"Read '{inner}' from the archive '{name}'.", "archive",
                                  {"member": inner, "archive": name})


def _zip_member(name: str, data: bytes) -> tuple[str, bytes]:
    try:
        archive = zipfile.ZipFile(io.BytesIO(data))
    except zipfile.BadZipFile:
        raise _damaged(name) from None
    with archive:
        tables = [info for info in archive.infolist() if not info.is_dir()
                  and not _hidden(info.filename)
                  and PurePosixPath(info.filename).suffix.lower() in TABLE_SUFFIXES]
        if len(tables) != 1:
            found = [info.filename for info in tables]
            raise LoadError(f"The archive '{name}' must hold exactly one table (CSV, TSV, TXT, "
                            f"Excel or Parquet); it holds {len(found)}. Upload the table itself.",
                            code="archive_tables", archive=name, count=len(found))
        (info,) = tables
        with archive.open(info) as stream:
            return PurePosixPath(info.filename).name, _bounded(stream, name)


def _hidden(path: str) -> bool:
    return any(part.startswith(("__MACOSX", ".")) for part in PurePosixPath(path).parts)


def _bounded(stream, name: str) -> bytes:
    """Everything ``stream`` unpacks to, refused as soon as it passes the upload limit."""
    out = io.BytesIO()
    try:
        while chunk := stream.read(_CHUNK):
            out.write(chunk)
            if out.tell() > limits.MAX_UPLOAD_BYTES:
                limit = limits.MAX_UPLOAD_BYTES // 2**20
                raise LoadError(f"The archive '{name}' unpacks to more than {limit} MB, the "
                                "upload limit. Upload a sample of the rows instead.",
                                code="archive_too_large", archive=name, limit=limit)
    except (OSError, EOFError, zlib.error, zipfile.BadZipFile):
        raise _damaged(name) from None
    return out.getvalue()


def _damaged(name: str) -> LoadError:
    return LoadError(f"The archive '{name}' is damaged or not a .gz/.zip file. Pack the table "
                     "again, or upload it unpacked.", code="bad_archive", archive=name)
