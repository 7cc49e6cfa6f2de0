"""Metric lines through the whole pipeline, in the big-file (scanner) mode too."""
from __future__ import annotations

from oomdoc import read_events
from oomdoc.parsers import metrics

GIB = 2**30


def verl_line(step: int, resp: float, peak_gb: float) -> str:
    keys = " - ".join(f"timing_s/k{i}:{i * 1.5:.3f}" for i in range(40))
    return (f"\x1b[36m(TaskRunner pid=39211)\x1b[0m step:{step} - actor/pg_loss:-0.012 - {keys} - "
            f"perf/max_memory_allocated_gb:{peak_gb:.3f} - perf/max_memory_reserved_gb:{peak_gb + 5:.3f} - "
            f"perf/cpu_memory_used_gb:412.341 - response_length/mean:{resp:.3f} - "
            f"response_length/max:{resp * 2:.3f} - response_length/clip_ratio:0.125\n")


def noisy_verl_log(steps: int, noise_per_step: int = 300) -> bytes:
    out = []
    for s in range(1, steps + 1):
        out += [f"(WorkerDict pid={7 + i % 4}) INFO batch {s} shard {i} tokens={1000 + i}\n"
                for i in range(noise_per_step)]
        out.append(verl_line(s, 500.0 + 10 * s, 40.0 + s / 10))
    return "".join(out).encode()


def test_verl_series_in_scanner_mode_have_steps_and_no_events():
    a = read_events(noisy_verl_log(60), emit_all=False)
    assert a.events == []                          # metric lines are never incidents
    pts = a.metrics.points("response_length_mean")
    assert [p[0] for p in pts] == list(range(1, 61))
    assert [p[1] for p in pts] == [500.0 + 10 * s for s in range(1, 61)]
    assert a.metrics.last("gpu_allocated_peak_bytes") == round(46.0 * GIB)
    assert a.metrics.last("host_used_bytes") == round(412.341 * GIB)


def test_words_like_step_do_not_make_series():
    log = ("global_step:5 saved checkpoint\nStep: 5 took 3.0s\nTraining step: 12 finished\n"
           "step:abc - nothing\nThe response_length/mean key is documented here.\n"
           "{'eval_loss_note': 'no loss key here'}\n")
    a = read_events(log.encode())
    assert a.metrics.names() == []
    assert a.events == []


def test_easyr1_block_in_scanner_mode():
    noise = "".join(f"(WorkerDict pid=9) chatter {i}\n" for i in range(70_000))
    block = ["Step 12", "actor:", "  pg_loss: -0.01", "perf:", "  cpu_memory_used_gb: 100.0",
             "  max_memory_allocated_gb: 30.5", "  max_memory_reserved_gb: 33.0", "response_length:",
             "  clip_ratio: 0.1", "  max: 1024.0", "  mean: 700.0", "timing_s:", "  gen: 5.0"]
    text = noise + "".join(f"(Runner pid=4242) {ln}\n" for ln in block) + noise
    a = read_events(text.encode(), emit_all=False)
    assert a.metrics.points("response_length_mean") == [(12, 700.0, 70_001)]
    assert a.metrics.last("gpu_allocated_peak_bytes") == round(30.5 * GIB)
    assert a.metrics.last("response_length_max") == 1024.0


def test_rare_metric_formats_found_by_the_scanner():
    noise = "".join(f"chatter line {i}\n" for i in range(70_000))
    lines = ("{'loss': 1.5, 'grad_norm': 0.9, 'learning_rate': 1e-05, 'epoch': 0.5}\n"
             "[Rank 0] (after 10 iterations) memory (MB) | allocated: 1024.0 | max allocated: 2048.0 | "
             "reserved: 4096.0 | max reserved: 4096.0\n"
             "Train epoch [1/1]:  45%|####5     | 9/20 [00:41<00:50,  4.6s/it, act_loss=-0.01, gen_len=1.02e+3, tot_len=1.53e+3]\n"
             "After update_actor, memory allocated (GB): 10.00, memory reserved (GB): 12.00, "
             "device memory used/total (GB): 20.00/79.19\n")
    a = read_events((noise + lines + noise).encode(), emit_all=False)
    assert a.metrics.values("loss") == [1.5]
    assert a.metrics.points("gpu_allocated_peak_bytes")[0][:2] == (10, 2048.0 * 2**20)
    assert a.metrics.values("response_length_mean") == [1020.0]
    assert a.metrics.values("gpu_reserved_bytes") == [4096.0 * 2**20, 12.0 * GIB]
    assert a.events == []


def test_verl_line_parse_reads_only_wanted_keys():
    line = verl_line(7, 1234.5, 61.0)
    line = line[line.index("step:"):]
    facts = metrics._verl(line)
    assert facts["step"] == 7
    assert set(facts) == {"step", "gpu_allocated_peak_bytes", "gpu_reserved_peak_bytes", "host_used_bytes",
                          "response_length_mean", "response_length_max", "response_clip_ratio"}
    assert facts["response_length_max"] == 2469.0


def test_every_emitted_series_is_declared():
    a = read_events(noisy_verl_log(3, 1))
    assert set(a.metrics.names()) <= set(metrics.FACTS)


def test_nan_values_are_dropped():
    a = read_events(b"(TaskRunner pid=1) step:3 - response_length/mean:nan - response_length/max:np.float64(nan)"
                    b" - perf/max_memory_allocated_gb:10.0\n")
    assert a.metrics.names() == ["gpu_allocated_peak_bytes"]


def test_deepspeed_plain_print_report_keeps_its_label_in_scanner_mode():
    noise = "".join(f"chatter line {i}\n" for i in range(70_000))
    report = ("After initializing optimizer states\n"
              "MA 2.1 GB         Max_MA 3.0 GB         CA 26.71 GB         Max_CA 27 GB \n"
              "CPU Virtual Memory:  used = 330.0 GB, percent = 17.5%\n")
    a = read_events((noise + report + noise).encode(), emit_all=False)
    [ev] = a.events
    assert ev.kind == "deepspeed_memory"
    assert ev.facts["label"] == "After initializing optimizer states"
    assert ev.facts["max_ca_bytes"] == 27 * GIB
    assert ev.facts["cpu_percent"] == 17.5


def test_vllm_error_traceback_in_scanner_mode():
    noise = "".join(f"chatter line {i}\n" for i in range(70_000))
    tb = ("Traceback (most recent call last):\n"
          '  File "/usr/lib/python3.10/site-packages/vllm/engine/llm_engine.py", line 309, in from_engine_args\n'
          "    engine = cls(*engine_configs,\n"
          "ValueError: The model's max seq len (32768) is larger than the maximum number of tokens that can be "
          "stored in KV cache (7344). Try increasing `gpu_memory_utilization` or decreasing `max_model_len` when "
          "initializing the engine.\n")
    a = read_events((noise + tb + noise).encode(), emit_all=False)
    ev = next(e for e in a.events if e.kind == "vllm_kv_cache_insufficient")
    assert ev.facts == {"max_model_len": 32768, "kv_cache_tokens": 7344,
                        "signature": "vllm-kv-cache-max-len", "memory": "kv-cache", "certainty": "certain"}
    assert ev.line == 70_001            # the whole traceback was kept


def test_verl_line_read_with_its_prefixes_still_on():
    # the pipeline may hand metric lines over without peeling their prefixes
    for prefix in ("(TaskRunner pid=2117) ", "[rank0]:", "2025-06-30 13:53:01 "):
        facts = metrics._verl(prefix + "step:4 - response_length/mean:12.5 - perf/max_memory_allocated_gb:1.0")
        assert facts == {"step": 4, "response_length_mean": 12.5, "gpu_allocated_peak_bytes": GIB}
    assert metrics._verl("global_step:4 - response_length/mean:12.5") is None
