"""torch elastic stops the surviving workers (`Sending process N closing signal SIGTERM`) when one dies;
with a checkpoint-loading bar cut short just before and no error anywhere, the dead worker most likely
met the OOM killer while the shards passed through host RAM: a `possible` host kill."""
from __future__ import annotations

from oomdoc.diagnose import explain
from oomdoc.pipeline import read_events

AGENT = "W0806 20:07:54.552742 148486 torch/distributed/elastic/multiprocessing/api.py:897] "
STOPS = "".join(f"{AGENT}Sending process {pid} closing signal SIGTERM\n" for pid in (4101, 4102, 4103))


def _kills(text: str):
    return [e for e in read_events(text.encode()).events if e.kind == "process_killed"]


def test_peers_stopped_during_an_unfinished_loading_bar_is_a_possible_host_kill():
    log = "Loading checkpoint shards:  50%|█████     | 2/4 [01:12<01:12, 36.10s/it]\n" + STOPS
    (ev,) = _kills(log)
    assert (ev.facts["certainty"], ev.facts["memory"], ev.facts["phase"], ev.line) == ("possible", "host", "model_load", 2)
    d = explain(log.encode()).diagnoses
    assert d and d[0].cause == "host-ram-pressure"


def test_a_bar_cut_short_that_runs_into_the_notice_counts_too():
    (ev,) = _kills("Loading checkpoint shards:  47%|██████████████" + STOPS)
    assert ev.facts["peers_terminated"] is True


def test_peers_stopped_after_an_error_or_a_finished_bar_or_a_training_bar_is_no_kill():
    error = ("Traceback (most recent call last):\n  File \"train.py\", line 3, in <module>\n    main()\n"
             "ValueError: Unrecognized configuration class\n")
    assert _kills("Loading checkpoint shards:  50%|█████     | 2/4 [01:12<01:12, 36.10s/it]\n" + error + STOPS) == []
    assert _kills("Loading checkpoint shards: 100%|██████████| 4/4 [02:24<00:00, 36.10s/it]\n" + STOPS) == []
    assert _kills(" 12%|█▏        | 120/1000 [10:00<1:13:20,  5.00s/it]\n" + STOPS) == []
    assert _kills(STOPS) == []
