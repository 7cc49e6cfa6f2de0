"""Bytes in: files, .gz, stdin. Never fails on content it can read.

Whatever the input is (a file, a redirect, a pipe), the same sniffing
applies, by content and not by name: gzip magic bytes mean gzip; a UTF-16
byte-order mark (what Windows PowerShell's `>` writes) means UTF-16, decoded
to UTF-8; a UTF-8 BOM is dropped; anything else that is mostly control bytes
is refused as binary. `Decoder` does it incrementally, so a live pipe is
decoded as it comes.

Errors a user can cause (missing file, a directory, binary garbage) raise
`InputError` with one readable sentence; the CLI prints it and exits 2.
"""
from __future__ import annotations

import codecs
import io
import os
import stat
import sys
from collections.abc import Iterator

TYPE_CHECKING = False
if TYPE_CHECKING:   # annotations only: importing typing costs start-up time (issue 12)
    from typing import BinaryIO

CHUNK = 8 << 20
GZIP_MAGIC = b"\x1f\x8b"
UTF8_BOM = codecs.BOM_UTF8
UTF16_BOMS = (codecs.BOM_UTF16_LE, codecs.BOM_UTF16_BE)
SNIFF_BYTES = 4            # enough for the gzip magic and every byte-order mark
# Decompressed bytes allowed per compressed byte before a .gz is called a bomb.
MAX_GZ_RATIO = 1000
MAX_GZ_BYTES = 64 << 30
GZ_FREE_BYTES = 64 << 20   # output allowed before the ratio applies


class InputError(Exception):
    """Input oomdoc cannot read; the message is shown to the user as is."""


# bytes that are no sign of a binary file: printable and high bytes, tab/newline/CR/ESC/FF/BS, NUL
_TEXTISH = bytes(range(32, 256)) + bytes((9, 10, 13, 27, 12, 8, 0))


def looks_binary(head: bytes) -> bool:
    """Control bytes other than tab/newline/CR/ESC/NUL-in-text mean 'not a log'."""
    if not head:
        return False
    sample = head[:65536]
    bad = len(sample.translate(None, _TEXTISH))   # the other control bytes, counted in C
    nul = sample.count(0)
    return bad > len(sample) * 0.05 or nul > len(sample) * 0.3


def check_path(path: str) -> None:
    """Refuse what cannot be a log before it is opened: missing, a directory, unreadable."""
    try:
        st = os.stat(path)
    except FileNotFoundError:
        raise InputError(f"{path}: no such file") from None
    except PermissionError:
        raise InputError(f"{path}: permission denied") from None
    except OSError as exc:
        raise InputError(f"{path}: cannot read ({exc.strerror or exc})") from None
    if stat.S_ISDIR(st.st_mode):
        raise InputError(f"{path}: is a directory, expected a log file")


def check_followable(path: str) -> bool:
    """What `watch` refuses before it starts following: the errors `explain` gives for
    a directory, a binary file or an unreadable one, a missing parent directory (the
    file itself may appear later), and a .gz (a compressed file does not grow by lines).
    Returns whether the file exists now."""
    parent = os.path.dirname(path) or "."
    if not os.path.exists(path):
        if not os.path.isdir(parent):
            raise InputError(f"{parent}: no such directory (to watch {path} in)")
        return False
    check_path(path)
    try:
        with open(path, "rb") as fh:
            head = fh.read(65536)
    except PermissionError:
        raise InputError(f"{path}: permission denied") from None
    except OSError as exc:
        raise InputError(f"{path}: cannot read ({exc.strerror or exc})") from None
    if sniff(path, head) == "gzip":
        raise InputError(f"{path}: is gzip-compressed, so it cannot grow by lines; "
                         f"`oomdoc explain {path}` reads it whole")
    return True


def open_input(path: str) -> tuple[str, BinaryIO]:
    """(display name, binary stream) for a path or '-'."""
    if path == "-":
        return "<stdin>", sys.stdin.buffer
    check_path(path)
    try:
        fh = open(path, "rb")
    except PermissionError:
        raise InputError(f"{path}: permission denied") from None
    except OSError as exc:
        raise InputError(f"{path}: cannot open ({exc.strerror or exc})") from None
    return path, fh


def sniff(name: str, head: bytes) -> str:
    """What the first bytes say the input is: 'gzip', 'utf-16', 'text'; binary raises."""
    if head[:2] == GZIP_MAGIC:
        return "gzip"
    if head[:2] in UTF16_BOMS:
        return "utf-16"
    if looks_binary(head):
        raise InputError(f"{name}: looks like a binary file, not a text log")
    return "text"


class Decoder:
    """Raw bytes in, UTF-8-ish log bytes out, incrementally (files and live pipes).

    `feed(data)` and `finish()` yield output chunks. The first bytes decide the
    format (`sniff`); what a gzip stream holds is sniffed again (a gzipped
    UTF-16 log is decoded, a gzipped binary refused)."""

    def __init__(self, name: str, out_size: int = CHUNK, *, in_gzip: bool = False):
        self.name = name
        self.out_size = out_size
        self.in_gzip = in_gzip
        self.head = b""
        self.kind: str | None = None
        self.gunzip: _Gunzip | None = None
        self.inner: Decoder | None = None
        self.utf16 = None
        self.fix = None          # undoes a web page's no-break spaces and entities (webtext)

    def feed(self, data: bytes) -> Iterator[bytes]:
        if self.kind is None:
            self.head += data
            if len(self.head) < SNIFF_BYTES:
                return
            data, self.head = self._start(self.head), b""
        yield from self._pass(data)

    def finish(self) -> Iterator[bytes]:
        if self.kind is None:
            if not self.head:
                return
            data, self.head = self._start(self.head), b""
            yield from self._pass(data)
        if self.inner is not None:
            yield from self.inner.finish()
        elif self.utf16 is not None:
            tail = self.utf16.decode(b"", final=True)
            if tail:
                yield tail.encode("utf-8", "surrogateescape")

    def _start(self, data: bytes) -> bytes:
        """Decide the format from the first bytes; returns them, minus a UTF-8 BOM."""
        head = data[:65536]
        if self.in_gzip and (head[:2] == GZIP_MAGIC or looks_binary(head)) and head[:2] not in UTF16_BOMS:
            raise InputError(f"{self.name}: gzip holds a binary file, not a text log")
        self.kind = sniff(self.name, head)
        if self.kind == "gzip":
            self.gunzip = _Gunzip(self.name, self.out_size)
            self.inner = Decoder(self.name, self.out_size, in_gzip=True)
        elif self.kind == "utf-16":
            self.utf16 = codecs.getincrementaldecoder("utf-16")("replace")
        elif data.startswith(UTF8_BOM):
            data = data[len(UTF8_BOM):]
        if self.kind == "text":
            self.fix = web_fixer(head)
        return data

    def _pass(self, data: bytes) -> Iterator[bytes]:
        if not data:
            return
        if self.gunzip is not None:
            for out in self.gunzip.feed(data):
                yield from self.inner.feed(out)
        elif self.utf16 is not None:
            out = self.utf16.decode(data)
            if out:
                yield out.encode("utf-8", "surrogateescape")
        else:
            yield data if self.fix is None else self.fix(data)


def web_fixer(head: bytes):
    """`webtext.fixer(head)`, without importing webtext for a plain ASCII head (most logs)."""
    if head.isascii() and b"&" not in head:
        return None
    from .webtext import fixer

    return fixer(head)


def chunks(name: str, fh: BinaryIO, size: int = CHUNK) -> Iterator[bytes]:
    """Decoded chunks of a stream: gunzipped, UTF-16 decoded; binary refused."""
    dec = Decoder(name, size)
    while True:
        data = _read(fh, size, name)
        if not data:
            break
        yield from dec.feed(data)
    yield from dec.finish()


MAP_ENV = "OOMDOC_READ"     # `copy`: never memory-map (the path every other input takes)


def file_chunks(name: str, fh: BinaryIO, size: int = CHUNK) -> Iterator[bytes]:
    """`chunks` of a file opened from a path (at its start): the same chunks, memory-mapped
    where nothing needs decoding (plain text, no BOM, no web-page marks), else read.

    A mapped chunk is the page cache itself: reading copied each byte once more before
    the search pass read it (~0.09 s a GiB, ~10 % of a dense log's whole run); mapped
    chunks are `mmap` objects (find, rfind, slices and the buffer protocol, no `count`),
    8 MiB each, unmapped when the scanner drops them. A file cut shorter while mapped
    would fault on access, so each chunk is mapped only up to the size the file has
    then, and a file found shorter at the end is refused with a sentence, not read on.
    """
    import mmap

    if os.environ.get(MAP_ENV, "").strip().lower() == "copy" or not _mappable(fh):
        yield from chunks(name, fh, size)
        return
    head = fh.read(65536)
    fh.seek(0)
    if (not head or sniff(name, head) != "text" or head.startswith(UTF8_BOM)
            or web_fixer(head) is not None):
        yield from chunks(name, fh, size)
        return
    fd = fh.fileno()
    off = 0
    while True:
        end = os.fstat(fd).st_size
        if end <= off:
            break
        n = min(size, end - off)
        try:
            piece = mmap.mmap(fd, n, offset=off, access=mmap.ACCESS_READ)
        except (OSError, ValueError):   # no mapping here after all (a special file system): read on
            break
        off += n
        fh.seek(off)       # the progress line reads the position; a read goes on from here
        yield piece
    while True:
        data = _read(fh, size, name)
        if not data:
            break
        off += len(data)
        yield data
    if os.fstat(fd).st_size < off:
        raise InputError(f"{name}: became shorter while being read (rotated or truncated?); run again")


def _mappable(fh) -> bool:
    try:
        return stat.S_ISREG(os.fstat(fh.fileno()).st_mode) and fh.tell() == 0
    except (OSError, AttributeError, ValueError):
        return False


def _read(fh: BinaryIO, size: int, name: str) -> bytes:
    # A full read, not read1: a pipe hands out 64 KiB at a time, and the
    # scanner is ~20x slower on many small chunks than on a few big ones.
    try:
        return fh.read(size)
    except OSError as exc:
        raise InputError(f"{name}: read failed ({exc.strerror or exc})") from None


class _Gunzip:
    """Decompress in bounded steps; the ratio is checked against the compressed
    bytes actually consumed, so a bomb is refused after ~64 MiB of output.
    Concatenated members are read on; a truncated stream yields what it holds."""

    def __init__(self, name: str, size: int):
        import zlib   # here: only a .gz input needs it (start-up time, issue 12)

        self._zlib = zlib
        self.name, self.size = name, size
        self.d = zlib.decompressobj(16 + zlib.MAX_WBITS)
        self.consumed = self.produced = 0

    def feed(self, data: bytes) -> Iterator[bytes]:
        name, zlib = self.name, self._zlib
        while data:
            try:
                out = self.d.decompress(data, self.size)
            except zlib.error:
                raise InputError(f"{name}: corrupt gzip data") from None
            self.consumed += len(data) - len(self.d.unconsumed_tail) - len(self.d.unused_data)
            data = self.d.unconsumed_tail
            self.produced += len(out)
            if self.produced > max(MAX_GZ_RATIO * self.consumed, GZ_FREE_BYTES) or self.produced > MAX_GZ_BYTES:
                raise InputError(f"{name}: gzip expands more than {MAX_GZ_RATIO}x; refusing (gzip bomb?)")
            if out:
                yield out
            if self.d.eof:
                data = self.d.unused_data          # concatenated gzip members
                self.d = zlib.decompressobj(16 + zlib.MAX_WBITS)


def read_all_text(data: bytes | str) -> io.BytesIO:
    return io.BytesIO(data.encode("utf-8", "surrogateescape") if isinstance(data, str) else data)


__all__ = ["InputError", "Decoder", "open_input", "check_path", "check_followable", "chunks", "sniff", "looks_binary",
           "read_all_text", "web_fixer", "file_chunks"]
