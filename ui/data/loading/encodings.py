"""Which text encoding a file is in, and its text.

A byte-order mark is certain; so is valid UTF-8. Otherwise `charset-normalizer
<https://github.com/jawah/charset_normalizer>`_ picks among the encodings our users' files come
in (:data:`ENCODINGS`); when another of them reads the file just as plausibly, the guess is
*unsure* and :attr:`Decoded.alternatives` names the others, so the Data page can offer a choice.
The user may also name the encoding, which is then used as it is.

>>> decoded = decode_text("色泽,好瓜\\n青绿,是\\n乌黑,否\\n".encode("gbk"))
>>> decoded.text[:5], decoded.encoding
('色泽,好瓜', 'GBK/GB18030')
>>> decode_text("Größe,Klasse\\nKöln,ja\\n".encode("cp1252")).encoding
'Windows-1252'
>>> decode_text("a,b".encode("utf-8-sig")).encoding
'UTF-8 (BOM)'
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from charset_normalizer import from_bytes

from ui.data.loading.errors import LoadError, binary_error
from ui.notice import Notice

#: The encodings a user can choose, by display name, with Python's codec for each. GB18030
#: decodes every GBK and GB2312 file; UTF-16 needs a byte-order mark, or the two *LE/BE names.
ENCODINGS: dict[str, str] = {
    "UTF-8": "utf-8-sig", "GBK/GB18030": "gb18030", "Big5": "big5", "Shift-JIS": "cp932",
    "Windows-1252": "cp1252", "Latin-1": "latin-1", "UTF-16": "utf-16",
}
#: UTF-16 without a byte-order mark, named only when detected (the user picks "UTF-16").
_UTF16_WITHOUT_BOM = {"UTF-16LE": "utf-16-le", "UTF-16BE": "utf-16-be"}
#: What the detector may answer, as its codec names, and the display name of each.
_CANDIDATES = {"gb18030": "GBK/GB18030", "big5": "Big5", "cp932": "Shift-JIS",
               "shift_jis": "Shift-JIS", "cp1252": "Windows-1252", "latin_1": "Latin-1"}


@dataclass(frozen=True)
class Decoded:
    """A file's text and the display name of its encoding; ``guessed`` when the detector chose
    it, with the other encodings that read the file as plausibly as ``alternatives``."""

    text: str
    encoding: str
    guessed: bool = False
    alternatives: tuple[str, ...] = ()

    @property
    def notes(self) -> tuple[Notice, ...]:
        """What the Data page says about a guessed encoding (nothing when it is certain)."""
        if self.alternatives:
            others = ", ".join(self.alternatives)
            return (Notice(f"The file is not UTF-8; it was read as {self.encoding}, but it could "
                           f"also be {others}. If the text looks wrong, choose the encoding "
                           "under “Reading options”.", "encoding_unsure",
                           {"encoding": self.encoding, "others": others}),)
        if self.guessed:
            return (Notice(f"The file is not UTF-8; it was read as {self.encoding}. If the text "
                           "looks wrong, choose the encoding under “Reading options”.",
                           "encoding_guessed", {"encoding": self.encoding}),)
        return ()


def decode_text(data: bytes, encoding: str | None = None) -> Decoded:
    """Decode ``data`` in ``encoding`` (a key of :data:`ENCODINGS`), or in the encoding
    detected: a byte-order mark, UTF-16 without one (ASCII text with a zero byte in every other
    position), UTF-8, else the detector's best among :data:`ENCODINGS`.

    Binary content (zero bytes, replacement characters, more than 1 % control characters),
    or bytes invalid in the chosen encoding, raise :class:`LoadError`.

    >>> decode_text("a,b".encode("utf-16-le")).encoding
    'UTF-16LE'
    >>> decode_text("é".encode("utf-8"), "Latin-1").text
    'Ã©'
    """
    decoded = _decoded(data, encoding)
    if "\ufffd" in decoded.text or _control_fraction(decoded.text) > 0.01:
        raise binary_error()
    return decoded


def _decoded(data: bytes, encoding: str | None) -> Decoded:
    if encoding is not None:
        return Decoded(_decode(data, ENCODINGS[encoding], encoding), encoding)
    if data.startswith(b"\xef\xbb\xbf"):
        return Decoded(_decode(data, "utf-8-sig", "UTF-8 (BOM)"), "UTF-8 (BOM)")
    if data.startswith((b"\xff\xfe", b"\xfe\xff")):
        return Decoded(_decode(data, "utf-16", "UTF-16"), "UTF-16")
    if b"\x00" in data:
        name = _utf16_without_bom(data)
        if name is None:
            raise binary_error()
        return Decoded(_decode(data, _UTF16_WITHOUT_BOM[name], name), name)
    try:
        return Decoded(data.decode("utf-8"), "UTF-8")
    except UnicodeDecodeError:
        return _detect(data)


def _detect(data: bytes) -> Decoded:
    """The detector's most plausible encoding that decodes every byte, with the others that
    also do as alternatives."""
    matches = from_bytes(data, cp_isolation=list(_CANDIDATES))
    names = list(dict.fromkeys(_CANDIDATES[m.encoding] for m in matches
                               if m.encoding in _CANDIDATES))
    for position, name in enumerate(names):
        try:
            text = data.decode(ENCODINGS[name])
        except UnicodeDecodeError:      # the detector reads a sample; the whole file decides
            continue
        return Decoded(text, name, True, tuple(n for n in names[position + 1:] if n != "Latin-1"))
    raise binary_error()


def _utf16_without_bom(data: bytes) -> str | None:
    """"UTF-16LE" or "UTF-16BE" when zero bytes fill at least a fifth of the odd (or even)
    positions and none of the others, as in text with ASCII delimiters saved as UTF-16 without
    a byte-order mark; else None."""
    sample = data[:4096]
    if len(sample) % 2:
        return None
    zero_even, zero_odd = sample[0::2].count(0), sample[1::2].count(0)
    half = len(sample) // 2
    if zero_even == 0 and zero_odd >= half / 5:
        return "UTF-16LE"
    if zero_odd == 0 and zero_even >= half / 5:
        return "UTF-16BE"
    return None


def _decode(data: bytes, codec: str, name: str) -> str:
    try:
        return data.decode(codec)
    except UnicodeDecodeError as error:
        raise LoadError(f"The file is not valid {name} text: byte {error.start} cannot be read "
                        "in that encoding. Choose another encoding, or save the file as UTF-8 "
                        "and upload it again.", code="bad_encoding", encoding=name,
                        byte=error.start) from None



#: A control character other than tab, line feed and carriage return.
_CONTROL = re.compile(r"[\x00-\x08\x0b\x0c\x0e-\x1f]")


def _control_fraction(text: str) -> float:
    sample = text[:100_000]
    return len(_CONTROL.findall(sample)) / max(len(sample), 1)
