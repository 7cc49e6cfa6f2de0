"""Big files are read as memory-mapped chunks where nothing needs decoding (reader.file_chunks):
the same chunks as the copying read, the copying read wherever decoding is needed, and a
file that shrinks while read is refused with a sentence (a mapped page past the end would fault)."""
from __future__ import annotations

import codecs
import gzip
import mmap
import sys

import pytest

from oomdoc import reader

SIZE = mmap.ALLOCATIONGRANULARITY * 4     # chunk size for the tests: a mapping offset must be aligned


def _text(n: int) -> bytes:
    line = b"step:1 - actor/pg_loss:0.25 - perf/max_memory_allocated_gb:51.2 - done\n"
    return (line * (n // len(line) + 1))[:n]


def _read(path, fn, size=SIZE):
    with open(path, "rb") as fh:
        return [(type(c).__name__, bytes(c)) for c in fn(str(path), fh, size)]


def test_plain_text_is_mapped_chunk_for_chunk_like_the_copying_read(tmp_path):
    path = tmp_path / "train.log"
    path.write_bytes(_text(SIZE * 3 + 1234))
    mapped = _read(path, reader.file_chunks)
    copied = _read(path, reader.chunks)
    assert [k for k, _ in mapped] == ["mmap"] * 4
    assert [b for _, b in mapped] == [b for _, b in copied]
    assert b"".join(b for _, b in mapped) == path.read_bytes()


def test_reading_is_forced_by_the_environment(tmp_path, monkeypatch):
    path = tmp_path / "train.log"
    path.write_bytes(_text(SIZE * 2))
    monkeypatch.setenv(reader.MAP_ENV, "copy")
    assert {k for k, _ in _read(path, reader.file_chunks)} == {"bytes"}


@pytest.mark.parametrize("shape", ["utf8-bom", "utf16", "gzip", "web-text"])
def test_what_needs_decoding_is_read_and_decoded_as_before(shape, tmp_path):
    text = _text(SIZE * 2)
    data = {"utf8-bom": codecs.BOM_UTF8 + text,
            "utf16": text.decode().encode("utf-16"),
            "gzip": gzip.compress(text),
            "web-text": b"step:0\xc2\xa0-\xc2\xa0loss:1&amp;\n" + text}[shape]
    path = tmp_path / "train.log"
    path.write_bytes(data)
    got = _read(path, reader.file_chunks)
    assert {k for k, _ in got} == {"bytes"}
    assert [b for _, b in got] == [b for _, b in _read(path, reader.chunks)]


def test_binary_is_refused_as_before(tmp_path):
    path = tmp_path / "model.bin"
    path.write_bytes(bytes(range(32)) * (SIZE // 16))
    with pytest.raises(reader.InputError, match="binary"):
        _read(path, reader.file_chunks)


def test_a_file_that_grows_while_read_is_read_to_its_new_end(tmp_path):
    path = tmp_path / "train.log"
    path.write_bytes(_text(SIZE * 2))
    with open(path, "rb") as fh:
        it = reader.file_chunks(str(path), fh, SIZE)
        first = bytes(next(it))
        with open(path, "ab") as out:
            out.write(b"more\n" * 100)
        rest = b"".join(bytes(c) for c in it)
    assert first + rest == path.read_bytes()


@pytest.mark.skipif(sys.platform == "win32", reason="Windows refuses to truncate a mapped file")
def test_a_file_cut_shorter_while_read_is_refused(tmp_path):
    path = tmp_path / "train.log"
    path.write_bytes(_text(SIZE * 3))
    with open(path, "rb") as fh:
        it = reader.file_chunks(str(path), fh, SIZE)
        next(it)          # mapped, and never touched again: its pages are gone after the cut
        with open(path, "r+b") as out:
            out.truncate(SIZE // 2)
        with pytest.raises(reader.InputError, match="shorter while being read"):
            for _ in it:
                pass
