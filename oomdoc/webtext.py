"""Text that went through a web page or a chat before it reached oomdoc (a paste shape).

Copied from a rendered issue, a forum or a chat, a log arrives with no-break
spaces (U+00A0, U+202F, U+3000, ...) where it had spaces, zero-width marks in
the middle of words, or HTML entities (`&lt;module&gt;`, `&#39;loss&#39;`)
where it had `<`, `>` and quotes. Every message pattern is written for the
text the library printed, so this is undone on the bytes before anything is
scanned.

Whether to undo it is decided once, on the first bytes: such text is small and
shows its marks early, and a large log written by a program never has them
(so a 1 GiB log costs nothing but this one look).
"""
from __future__ import annotations

from . import re_cache

# spaces a web page or a word processor substitutes for U+0020
_SPACES = (b"\xc2\xa0", b"\xe2\x80\xaf", b"\xe2\x80\x87", b"\xe2\x80\x89", b"\xe2\x80\x88",
           b"\xe3\x80\x80")
# zero-width marks (U+200B..U+200D, U+2060, U+FEFF inside the text)
_INVISIBLE = (b"\xe2\x80\x8b", b"\xe2\x80\x8c", b"\xe2\x80\x8d", b"\xe2\x81\xa0", b"\xef\xbb\xbf")
_UNI = b"|".join(re_cache.escape(s) for s in _SPACES + _INVISIBLE)
# entities an HTML renderer writes for what a log prints (&amp; last, so `&amp;lt;` stays `&lt;`)
_ENTITY = rb"&(?:lt|gt|quot|apos|nbsp|amp|#0*(?:34|39|60|62|38)|#[xX]0*(?:22|27|3[cCeE]|26));"
_CHAR = {b"lt": b"<", b"gt": b">", b"quot": b'"', b"apos": b"'", b"nbsp": b" ", b"amp": b"&",
           b"34": b'"', b"39": b"'", b"60": b"<", b"62": b">", b"38": b"&",
           b"22": b'"', b"27": b"'", b"3c": b"<", b"3e": b">", b"26": b"&"}
MIN_ENTITIES = 2      # of `&amp;` alone


def fixer(head: bytes):
    """A function undoing what `head` shows was done to the text, or None (nothing to undo)."""
    if head.isascii() and b"&" not in head:
        return None
    uni = not head.isascii() and any(s in head for s in _SPACES + _INVISIBLE)
    found = re_cache.compile(_ENTITY).findall(head, 0, 1 << 20) if b"&" in head else []
    # `&lt;`, `&#39;`, ... are a rendering; `&amp;` alone may be a URL's, so it needs company
    ent = any(e != b"&amp;" for e in found) or len(found) >= MIN_ENTITIES
    if not (uni or ent):
        return None

    def fix(data: bytes) -> bytes:
        if uni and not data.isascii():
            data = re_cache.compile(_UNI).sub(_unispace, data)
        if ent and b"&" in data:
            data = re_cache.compile(_ENTITY).sub(_entity, data)
        return data

    return fix


def _unispace(m) -> bytes:
    return b" " if m.group(0) in _SPACES else b""


def _entity(m) -> bytes:
    name = m.group(0)[1:-1].lstrip(b"#").lstrip(b"xX").lstrip(b"0").lower() or b"0"
    return _CHAR.get(name, m.group(0))
