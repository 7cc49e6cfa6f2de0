"""Secrets are masked where oomdoc's output is made, not in the analysis.

The analysis keeps the raw log text (rules and parsers see what the libraries
printed); every renderer and every JSON dump passes what it prints through
here. Finding secrets is `oomdoc.secrets`'s job; this module adds what a
lone string cannot tell: a value under a key that names a credential
(`WANDB_API_KEY: 3f9a…`, a config entry `{"key": "hf_token", "value": …}`)
is masked even when the value alone looks like any hex string. Whether a key
names a credential is decided by `oomdoc.secrets` itself (`key=<random>`).

Text is masked before it is cut to width: a cut secret no longer matches.
"""
from __future__ import annotations

from functools import lru_cache

from ..secrets import mask_secrets

_RANDOM = "Zq8xW3vR7tY2uK9pL4mN"      # looks random, so only the key decides


@lru_cache(maxsize=4096)
def credential_key(key: str) -> bool:
    """Whether `key` names a credential, by the rules of `oomdoc.secrets`."""
    probe = f"{key}={_RANDOM}"
    return mask_secrets(probe) != probe


def text(s: str) -> str:
    return mask_secrets(s) if isinstance(s, str) else s


def value(v, key: str | None = None):
    """A value to print, masked; `key` is the name it was found under."""
    if not isinstance(v, str):
        return v
    if key and credential_key(key):
        prefix = f"{key}="
        masked = mask_secrets(prefix + v)
        if masked.startswith(prefix) and masked != prefix + v:
            return masked[len(prefix):]
    return mask_secrets(v)


def obj(data, key: str | None = None):
    """JSON-like data with every string masked (values under credential keys too)."""
    if isinstance(data, str):
        return value(data, key)
    if isinstance(data, dict):
        # a setting record: {"value": ..., "key": raw key, ...}
        own = data.get("key") if isinstance(data.get("key"), str) else data.get("raw_key")
        own = own if isinstance(own, str) else key
        return {k: obj(v, own if k == "value" else (k if isinstance(k, str) else None))
                for k, v in data.items()}
    if isinstance(data, (list, tuple)):
        return [obj(v, key) for v in data]
    return data
