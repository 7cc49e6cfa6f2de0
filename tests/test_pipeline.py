"""Reader + scanner + assembler: interleaving, chunking, windows, line numbers."""
from __future__ import annotations

import gzip

from oomdoc.pipeline import Pipeline, read_events

OOM = ("torch.OutOfMemoryError: CUDA out of memory. Tried to allocate 2.00 GiB. GPU 0 has a total capacity "
       "of 79.15 GiB of which 1.19 GiB is free. Including non-PyTorch memory, this process has 77.9 GiB memory "
       "in use. Of the allocated memory 70.00 GiB is allocated by PyTorch, and 5.00 GiB is reserved by PyTorch "
       "but unallocated. If reserved but unallocated memory is large try setting "
       "PYTORCH_CUDA_ALLOC_CONF=expandable_segments:True to avoid fragmentation.  See documentation for Memory "
       "Management  (https://pytorch.org/docs/stable/notes/cuda.html#environment-variables)")


def two_rank_log() -> str:
    lines = []
    for r in (0, 1):
        lines.append(f"[rank{r}]: Traceback (most recent call last):")
    for r in (0, 1):
        lines.append(f'[rank{r}]:   File "train.py", line 10, in <module>')
    for r in (0, 1):
        lines.append(f"[rank{r}]:     loss.backward()")
    for r in (0, 1):
        lines.append(f"[rank{r}]: {OOM}")
    return "\n".join(lines) + "\n"


def test_interleaved_ranks_are_one_incident_with_both_ranks():
    a = read_events(two_rank_log().encode())
    assert len(a.events) == 1
    ev = a.events[0]
    assert ev.kind == "gpu_oom"
    assert ev.count == 2
    assert ev.to_json()["ranks"] == [0, 1]
    assert ev.facts["requested_bytes"] == 2 * 2**30
    assert ev.facts["reserved_bytes"] == 75 * 2**30
    assert ev.facts["process_bytes"] == int(round(77.9 * 2**30))
    # the record is the traceback of one rank, lines 1..7 of the input
    assert ev.frames == ["train.py:<module>"]


def test_wrapped_message_still_parses():
    wrapped = OOM[:95] + "\n" + OOM[95:190] + "\n" + OOM[190:]
    ev = read_events(("noise\n" + wrapped + "\n").encode()).events[0]
    assert ev.facts["total_bytes"] == int(round(79.15 * 2**30))
    assert ev.facts["free_bytes"] == int(round(1.19 * 2**30))
    assert ev.facts["reserved_unallocated_bytes"] == 5 * 2**30


def big_log(n_noise: int) -> bytes:
    noise = "".join(f"(WorkerDict pid=7) INFO processed batch {i} tokens=123\n" for i in range(n_noise))
    return (noise + "Traceback (most recent call last):\n  File \"a.py\", line 1, in f\n"
            + OOM + "\n" + noise).encode()


def test_scanner_windows_and_line_numbers_in_a_large_log():
    data = big_log(60_000)
    a = read_events(data, emit_all=False)
    assert len(a.events) == 1
    ev = a.events[0]
    assert ev.line == 60_001 and ev.end_line == 60_003
    assert a.lines_read == 120_003
    assert ev.frames == ["a.py:f"]


def test_any_chunking_gives_the_same_events():
    data = big_log(3_000)
    whole = read_events(data, emit_all=False).events
    for size in (1, 7, 4096, 65_537):
        p = Pipeline("x", emit_all=False)
        for i in range(0, len(data), size):
            p.feed(data[i:i + size])
        p.finish()
        got = p.analysis.events
        assert [(e.kind, e.line, e.facts) for e in got] == [(e.kind, e.line, e.facts) for e in whole]


def test_gzip_and_empty_and_missing(tmp_path):
    import pytest

    from oomdoc.reader import InputError

    gz = tmp_path / "t.log.gz"
    gz.write_bytes(gzip.compress(big_log(10)))
    assert read_events(str(gz)).events[0].facts["requested_bytes"] == 2 * 2**30
    empty = tmp_path / "e.log"
    empty.write_bytes(b"")
    with pytest.raises(InputError, match="empty"):
        read_events(str(empty))
    with pytest.raises(InputError, match="no such file"):
        read_events(str(tmp_path / "nope.log"))
    with pytest.raises(InputError, match="directory"):
        read_events(str(tmp_path))
    binary = tmp_path / "b.bin"
    binary.write_bytes(bytes(range(256)) * 100)
    with pytest.raises(InputError, match="binary"):
        read_events(str(binary))


def test_invalid_utf8_and_long_line_do_not_break_reading():
    data = b"\xff\xfe garbage \xc3\x28\n" + b"x" * (3 << 20) + b"\n" + big_log(5)
    a = read_events(data, emit_all=False)
    assert a.cut_lines == 1
    assert a.events and a.events[0].kind == "gpu_oom"


def test_no_parser_key_holds_a_newline():
    """The key search reads a record's newlines as spaces (a wrapped key still offers its
    parser): that loses nothing only while no key holds a newline."""
    from oomdoc import parsers

    assert not [k for m in parsers.modules() for k in getattr(m, "KEYS", ()) if "\n" in k]
