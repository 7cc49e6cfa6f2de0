"""llama.cpp's context creation: the context length its buffers are sized by (a precursor).

llama.cpp allocates the KV cache for the whole context (`n_ctx`) when it creates a
context, then reserves compute buffers for the worst case of that context. Recent
builds default n_ctx to the model's training context (128k-160k tokens for current
models), so a ggml buffer failure right after is, more often than not, the context
length. Its failure lines themselves are catalogue entries (ggml-host-alloc,
ggml-backend-alloc); this family only reads the length:

    llama_new_context_with_model: n_ctx      = 163840          (b2xxx-b4xxx)
    llama_context: n_ctx         = 4096                         (b5xxx+)
    llama_kv_cache: size = 23480.00 MiB (150272 cells,  40 layers,  1/1 seqs), ...
"""
from __future__ import annotations

from .. import re_cache
from ..model import Event, Record
from ..scan import TriggerGroup
from ..units import to_bytes
from .base import event

NAME = "llamacpp"
KEYS = ("n_ctx", " cells,")
TRIGGERS = (TriggerGroup("llamacpp-context", ("n_ctx  ", "n_ctx =", " cells, ")),)
LINE_TRIGGERS = ()
KINDS = {"llamacpp_context": "llama.cpp's context length while it creates a context (`n_ctx = N`, KV cache `N cells`)"}
FACTS = {
    "max_model_len": "the context length in tokens (n_ctx, or the KV cache's cell count)",
    "kv_cache_tokens": "tokens the KV cache holds (its cell count)",
    "kv_cache_bytes": "the KV cache's size",
}

_NCTX = re_cache.lazy(r"\bllama\w*: n_ctx\s*=\s*(?P<n>\d+)\s*$")
_CELLS = re_cache.lazy(r"\bllama_kv_cache\w*: size = (?P<sz>[\d.]+) (?P<u>MiB|GiB) \(\s*(?P<n>\d+) cells,")


def parse(record: Record) -> list[Event]:
    for ln in record.lines:
        m = _NCTX.search(ln.text)
        if m:
            return [event("llamacpp_context", record, {"max_model_len": int(m["n"])}, text=ln.text.strip())]
        m = _CELLS.search(ln.text)
        if m:
            n = int(m["n"])
            return [event("llamacpp_context", record, {"max_model_len": n, "kv_cache_tokens": n,
                                                       "kv_cache_bytes": to_bytes(m["sz"], m["u"])},
                          text=ln.text.strip())]
    return []
