"""Pipes behave like files: gzip, UTF-16 and binary input through a real pipe into the CLI.

`oomdoc explain -` with a pipe on stdin is live mode (read as it comes); `facts -`
reads the stream whole. Both sniff the content the way file mode does.
"""
from __future__ import annotations

import codecs
import gzip
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
CASE = ROOT / "corpus" / "micro-batch-too-large-verl-v04-update-actor"
LOG = (CASE / "train.log").read_bytes()
CAUSE = "micro-batch-too-large"


def oomdoc(*args, data: bytes | None = None, env=None, timeout=120) -> subprocess.CompletedProcess:
    """The CLI in a child; `data` is written to a real pipe on its stdin."""
    e = {**os.environ, "NO_COLOR": "1", **(env or {})}
    return subprocess.run([sys.executable, "-m", "oomdoc", *args], input=data, capture_output=True,
                          cwd=ROOT, env=e, timeout=timeout,
                          stdin=None if data is not None else subprocess.DEVNULL)


def one_line_error(r, *words):
    err = r.stderr.decode()
    assert r.returncode == 2, (r.returncode, err)
    assert "Traceback" not in err and len(err.strip().splitlines()) == 1, err
    for w in words:
        assert w in err, err


def cause_of_text(out: bytes) -> str:
    line = next(ln for ln in out.decode().splitlines() if ln.startswith("cause: "))
    return line.split()[1]


def test_file_mode_reference():
    r = oomdoc("explain", str(CASE / "train.log"))
    assert r.returncode == 0 and cause_of_text(r.stdout) == CAUSE


def test_gzip_on_a_pipe_is_unpacked_by_its_magic_bytes():
    r = oomdoc("explain", "-", data=gzip.compress(LOG))          # `cat run.log.gz | oomdoc explain -`
    assert r.returncode == 0, r.stderr
    assert cause_of_text(r.stdout) == CAUSE
    assert "tried to allocate 18.55 GiB" in r.stdout.decode()
    facts = json.loads(oomdoc("facts", "-", "--format", "json", data=gzip.compress(LOG)).stdout)
    assert facts["stats"]["lines"] == LOG.count(b"\n")
    oom = next(e for e in facts["events"] if e["kind"] == "gpu_oom")
    assert oom["facts"]["requested_bytes"] == round(18.55 * 2**30)


def test_random_bytes_on_a_pipe_are_refused_as_binary():
    blob = os.urandom(200_000)
    one_line_error(oomdoc("explain", "-", data=blob), "<stdin>", "binary")
    one_line_error(oomdoc("facts", "-", data=blob), "<stdin>", "binary")
    one_line_error(oomdoc("explain", "-", data=gzip.compress(blob)), "<stdin>", "gzip holds a binary file")


@pytest.mark.parametrize("codec", ["utf-16", "utf-16-le", "utf-16-be"])
def test_utf16_with_a_bom_is_decoded_in_file_and_pipe_mode(tmp_path, codec):
    text = LOG.decode("utf-8")
    bom = {"utf-16": b"", "utf-16-le": codecs.BOM_UTF16_LE, "utf-16-be": codecs.BOM_UTF16_BE}[codec]
    data = bom + text.replace("\n", "\r\n").encode(codec)          # what PowerShell's `>` writes
    p = tmp_path / "train.log"
    p.write_bytes(data)
    for r in (oomdoc("explain", str(p)), oomdoc("explain", "-", data=data),
              oomdoc("explain", "-", data=gzip.compress(data))):
        assert r.returncode == 0, r.stderr
        assert cause_of_text(r.stdout) == CAUSE
        assert "tried to allocate 18.55 GiB" in r.stdout.decode()
    facts = json.loads(oomdoc("facts", str(p), "--format", "json").stdout)
    oom = next(e for e in facts["events"] if e["kind"] == "gpu_oom")
    assert oom["facts"]["device"] == 0 and "\x00" not in oom["text"]


def test_utf8_bom_is_dropped(tmp_path):
    r = oomdoc("explain", "-", data=codecs.BOM_UTF8 + LOG)
    assert r.returncode == 0 and cause_of_text(r.stdout) == CAUSE


def test_utf16_without_a_bom_is_still_refused_as_binary(tmp_path):
    p = tmp_path / "x.log"
    p.write_bytes(LOG.decode().encode("utf-16-le"))                # no BOM: nothing says it is text
    one_line_error(oomdoc("explain", str(p)), "binary")


def test_decoder_is_the_same_whatever_the_chunking():
    """Live pipes hand out bytes in any split: a BOM or a UTF-16 code unit cut in two,
    gzip members cut anywhere, decode to the same text."""
    import io

    from oomdoc.reader import Decoder, chunks

    text = "héllo ✓ wörld\r\nCUDA out of memory 🙂\n" * 50
    for data, want in ((text.encode("utf-16"), text), (codecs.BOM_UTF8 + text.encode(), text),
                       (gzip.compress(text.encode("utf-16-be").join([codecs.BOM_UTF16_BE, b""])), text),
                       (text.encode(), text)):
        assert b"".join(chunks("x", io.BytesIO(data))).decode() == want
        for size in (1, 2, 3, 5, 7, 4096):
            dec = Decoder("x", 64)
            out = b"".join(b"".join(dec.feed(data[i:i + size])) for i in range(0, len(data), size))
            out += b"".join(dec.finish())
            assert out.decode() == want, size
