"""Bytes in: files, .gz, stdin. Never decodes here; never fails on content.

Errors a user can cause (missing file, a directory, binary garbage) raise
`InputError` with one readable sentence; the CLI prints it and exits 2.
"""
from __future__ import annotations

import gzip
import io
import os
import stat
import sys
import zlib
from typing import BinaryIO, Iterator

CHUNK = 8 << 20
GZIP_MAGIC = b"\x1f\x8b"
# Decompressed bytes allowed per compressed byte before a .gz is called a bomb.
MAX_GZ_RATIO = 1000
MAX_GZ_BYTES = 64 << 30
GZ_FREE_BYTES = 64 << 20   # output allowed before the ratio applies


class InputError(Exception):
    """Input oomdoc cannot read; the message is shown to the user as is."""


def looks_binary(head: bytes) -> bool:
    """Control bytes other than tab/newline/CR/ESC/NUL-in-text mean 'not a log'."""
    if not head:
        return False
    sample = head[:65536]
    bad = sum(1 for b in sample if b < 32 and b not in (9, 10, 13, 27, 12, 8, 0))
    nul = sample.count(0)
    return bad > len(sample) * 0.05 or nul > len(sample) * 0.3


def open_input(path: str) -> tuple[str, BinaryIO]:
    """(display name, binary stream) for a path or '-'."""
    if path == "-":
        return "<stdin>", sys.stdin.buffer
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
    try:
        fh = open(path, "rb")
    except PermissionError:
        raise InputError(f"{path}: permission denied") from None
    except OSError as exc:
        raise InputError(f"{path}: cannot open ({exc.strerror or exc})") from None
    return path, fh


def chunks(name: str, fh: BinaryIO, size: int = CHUNK) -> Iterator[bytes]:
    """Raw chunks, transparently gunzipped; checks the first chunk for binary."""
    first = _read(fh, size, name)
    if first[:2] == GZIP_MAGIC:
        yield from _gunzip(name, first, fh, size)
        return
    if looks_binary(first):
        raise InputError(f"{name}: looks like a binary file, not a text log")
    while first:
        yield first
        first = _read(fh, size, name)


def _read(fh: BinaryIO, size: int, name: str) -> bytes:
    # A full read, not read1: a pipe hands out 64 KiB at a time, and the
    # scanner is ~20x slower on many small chunks than on a few big ones.
    try:
        return fh.read(size)
    except OSError as exc:
        raise InputError(f"{name}: read failed ({exc.strerror or exc})") from None


def _gunzip(name: str, first: bytes, fh: BinaryIO, size: int) -> Iterator[bytes]:
    """Decompress in bounded steps; the ratio is checked against the compressed
    bytes actually consumed, so a bomb is refused after ~64 MiB of output."""
    d = zlib.decompressobj(16 + zlib.MAX_WBITS)
    data = first
    consumed = 0
    produced = 0
    checked = False
    while data:
        while data:
            try:
                out = d.decompress(data, size)
            except zlib.error:
                raise InputError(f"{name}: corrupt gzip data") from None
            consumed += len(data) - len(d.unconsumed_tail) - len(d.unused_data)
            data = d.unconsumed_tail
            produced += len(out)
            if produced > max(MAX_GZ_RATIO * consumed, GZ_FREE_BYTES) or produced > MAX_GZ_BYTES:
                raise InputError(f"{name}: gzip expands more than {MAX_GZ_RATIO}x; refusing (gzip bomb?)")
            if out:
                if not checked:
                    checked = True
                    if looks_binary(out):
                        raise InputError(f"{name}: gzip holds a binary file, not a text log")
                yield out
            if d.eof:
                # concatenated gzip members
                rest = d.unused_data
                d = zlib.decompressobj(16 + zlib.MAX_WBITS)
                data = rest
                if not rest:
                    break
        data = _read(fh, size, name)


def read_all_text(data: bytes | str) -> io.BytesIO:
    return io.BytesIO(data.encode("utf-8", "surrogateescape") if isinstance(data, str) else data)


__all__ = ["InputError", "open_input", "chunks", "looks_binary", "read_all_text", "gzip"]
