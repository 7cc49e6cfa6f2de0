"""reader.chunks: any bytes either read back exactly or raise InputError (never anything else)."""
from __future__ import annotations

import gzip
import io

from hypothesis import given
from hypothesis import strategies as st

from oomdoc.reader import InputError, chunks, looks_binary

from . import FUZZ
from .seeds import corpus_logs

logs = st.sampled_from(range(len(corpus_logs()))).map(lambda i: corpus_logs()[i])


def _read(data: bytes, size: int) -> bytes | None:
    try:
        return b"".join(chunks("<fuzz>", io.BytesIO(data), size))
    except InputError as exc:
        assert str(exc).startswith("<fuzz>: ") and "\n" not in str(exc)
        return None


@FUZZ
@given(st.binary(max_size=4096), st.integers(1, 5000))
def test_arbitrary_bytes(data, size):
    got = _read(data, size)
    # gzip, UTF-16 (a byte-order mark) and a UTF-8 BOM are decoded: everything else reads back as is
    decoded = data[:2] in (b"\x1f\x8b", b"\xff\xfe", b"\xfe\xff") or data[:3] == b"\xef\xbb\xbf"
    if got is not None and not decoded:
        assert got == data


@FUZZ
@given(logs, st.integers(64, 1 << 16), st.integers(0, 100))
def test_text_logs_read_back_exactly_in_any_chunk_size(log, size, cut_pct):
    data = log[: len(log) * cut_pct // 100]
    assert _read(data, size) == data


@FUZZ
@given(logs, st.integers(64, 1 << 16), st.integers(1, 100), st.integers(1, 3))
def test_gzip_and_truncated_gzip_and_concatenated_members(log, size, cut_pct, members):
    gz = gzip.compress(log) * members
    assert _read(gz, size) == log * members
    cut = gz[: max(2, len(gz) * cut_pct // 100)]
    got = _read(cut, size)                  # a log still being written: a prefix, or a clean error
    if got is not None:
        assert (log * members).startswith(got)


@FUZZ
@given(st.binary(min_size=1, max_size=2048))
def test_gzip_of_anything(payload):
    got = _read(gzip.compress(payload), 4096)
    if payload[:2] in (b"\xff\xfe", b"\xfe\xff") or payload[:3] == b"\xef\xbb\xbf":
        return                              # a gzipped UTF-16 / BOM-marked log is decoded
    assert got is None or got == payload
    if got is None:
        assert looks_binary(payload)
