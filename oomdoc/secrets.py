"""Find and mask credentials in log text before oomdoc echoes it.

Logs pasted from training jobs carry tokens: `HF_TOKEN=hf_…` in an echoed
launch command, a W&B key in `wandb login`, an `Authorization:` header in a
download trace, a password inside a proxy URL. Every output that repeats log
text (evidence lines, Markdown, JSON, incident skeletons) goes through
`mask_secrets`, so oomdoc never copies a secret further than it already went.

Masking keeps a short, non-secret prefix that says *what* was there
(`hf_****`, `AKIA****`) and is idempotent: masked text does not match again.
Patterns are specific token formats first, then key=value assignments whose
key names a credential. Bare 40-hex strings are not masked on their own
(they are usually git commits); only next to a W&B/credential key.
"""
from __future__ import annotations

from . import re_cache
from .records import dataclass

MASK = "****"

# (kind, pattern, group holding the secret value, prefix kept visible)
_TOKEN_PATTERNS: list[tuple[str, str, int, int]] = [
    ("private-key", r"-----BEGIN [A-Z ]*PRIVATE KEY-----[\s\S]*?(?:-----END [A-Z ]*PRIVATE KEY-----|\Z)", 0, 0),
    ("huggingface-token", r"(?<![A-Za-z0-9_])(hf_[A-Za-z0-9]{30,})", 1, 3),
    ("anthropic-key", r"(?<![A-Za-z0-9_-])(sk-ant-[A-Za-z0-9_-]{20,})", 1, 7),
    ("openai-key", r"(?<![A-Za-z0-9_-])(sk-(?:proj-|svcacct-|admin-)?[A-Za-z0-9_-]{20,})", 1, 3),
    ("github-token", r"(?<![A-Za-z0-9_])((?:ghp|gho|ghu|ghs|ghr)_[A-Za-z0-9]{30,}|github_pat_[A-Za-z0-9_]{30,})", 1, 4),
    ("gitlab-token", r"(?<![A-Za-z0-9_])(glpat-[A-Za-z0-9_-]{20,})", 1, 6),
    ("aws-access-key-id", r"(?<![A-Z0-9])((?:AKIA|ASIA|AGPA|AIDA|AROA)[0-9A-Z]{16})(?![A-Z0-9])", 1, 4),
    ("google-api-key", r"(?<![A-Za-z0-9_-])(AIza[0-9A-Za-z_-]{35})", 1, 4),
    ("slack-token", r"(?<![A-Za-z0-9_-])(xox[abposr]-[A-Za-z0-9-]{10,})", 1, 5),
    ("wandb-key", r"(?i)\bwandb\s+login\s+(?:--relogin\s+)?([0-9a-f]{40}|[A-Za-z0-9_-]{40,86})\b", 1, 0),
    ("authorization-header",
     r"(?i)\b(?:proxy-)?authorization[\"']?\s*[:=]\s*[\"']?(?:(?:bearer|basic|token|digest)\s+)?(?!(?:bearer|basic|token|digest)\b)([^\s\"',;]{6,})", 1, 0),
    ("url-password", r"\b[A-Za-z][A-Za-z0-9+.-]{1,20}://[^\s:/@]*:([^\s@/]{1,200})@[^\s]", 1, 0),
    # KEY=value, key: value, "key": "value", --key value — the key names a credential.
    ("credential-assignment",
     r"(?i)(?<![A-Za-z0-9])[\"']?(?:--)?[A-Za-z0-9_.-]*?"
     r"(?:api[_-]?key|access[_-]?key|secret[_-]?key|secret|token|passwd|password|pwd|auth[_-]?key|private[_-]?key|credentials?)"
     r"[\"']?(?:\s*[:=]\s*|(?<=[A-Za-z0-9])\s+(?=[\"']?[A-Za-z0-9+/_-]{16,}))[\"']?([^\s\"',;})\]]{8,})(?=[\s\"',;})\]]|$)(?!\s*[:=])", 1, 0),
]

_COMPILED: list = []  # compiled on first use: most runs echo no log text at all


def _compiled() -> list:
    if not _COMPILED:
        _COMPILED.extend((kind, re_cache.compile(p), g, keep) for kind, p, g, keep in _TOKEN_PATTERNS)
    return _COMPILED

# Values after a credential-looking key that are not secrets: config words.
# (The next two are compiled on first use, by `re`'s cache: most logs hold no credential key.)
_NOT_SECRET = (
    r"(?i)^(?:\*+|<[^>]*>|\$\{?[A-Za-z_][A-Za-z0-9_]*\}?|\$\{.*|%[A-Za-z_]+%|\{\{.*|none|null|true|false|required|optional|"
    r"[A-Za-z_]+\(|\.{3}|x{4,}|your[_-].*|redacted|masked|<redacted>|"
    r"\d+|\d+(?:\.\d+)?[kmgt]?i?b?)$"
)
# Key names that contain 'token' but configure lengths, not credentials.
_TOKEN_KNOB = (r"(?i)tokens\b|tokens?[_-]?(?:len|length|per|num|count|id|ids|budget|limit|level|mean|sum)\b"
                         r"|\b(?:pad|eos|bos|unk|sep|cls|mask|special|chat|max|min|num|n|new|gen|kv)[_-]?token\b"
                         r"|tokeni[sz]er|token-mean")

_CHEAP = (   # compiled (by `re`'s cache) for non-ASCII text only
    r"(?i)hf_|sk-|gh[pousr]_|github_pat|glpat-|AKIA|ASIA|AGPA|AIDA|AROA|AIza|xox|wandb|authori[sz]ation|://[^\s/@]*@|"
    r"key|secret|token|passw|pwd|credential|PRIVATE KEY"
)
# the same, for ASCII text lowercased first: (?i) keeps `re` off its fast literal
# scan (~9x slower), and every string of a report is screened (render.redact)
_CHEAP_ASCII = re_cache.lazy(_CHEAP.replace("(?i)", "").lower())


def _maybe_secret(text: str) -> bool:
    if text.isascii():   # on ASCII, case-insensitive is lowercase (no Kelvin sign, long s, ...)
        return _CHEAP_ASCII.search(text.lower()) is not None
    return re_cache.search(_CHEAP, text) is not None


@dataclass(frozen=True)
class Secret:
    kind: str
    start: int  # offset of the secret value in the text
    end: int
    keep: int = 0  # characters of the value left visible

    def masked(self, text: str) -> str:
        return text[self.start:self.start + self.keep] + MASK


def find_secrets(text: str) -> list[Secret]:
    """Every credential in `text`, non-overlapping, in order."""
    if not text or not _maybe_secret(text):
        return []
    found: list[Secret] = []
    taken: list[tuple[int, int]] = []
    for kind, pat, group, keep in _compiled():
        for m in pat.finditer(text):
            s, e = m.span(group)
            if s < 0 or e <= s:
                continue
            value = text[s:e]
            if MASK in value:
                continue  # already masked
            if kind == "credential-assignment" and not _credential_value(m, text, s, value):
                continue
            if any(s < te and ts < e for ts, te in taken):
                continue
            taken.append((s, e))
            found.append(Secret(kind, s, e, min(keep, len(value) // 2)))
    found.sort(key=lambda x: x.start)
    return found


def _credential_value(m, text: str, start: int, value: str) -> bool:
    key = text[m.start():start]
    if re_cache.search(_TOKEN_KNOB, key):
        return False
    if re_cache.compile(_NOT_SECRET).match(value):
        return False
    if "/" in value and not re_cache.search(r"[A-Za-z0-9+/]{30,}", value):
        return False  # a path, not a secret
    # Secrets look random: at least one digit or mixed case, mostly word characters.
    has_digit = any(c.isdigit() for c in value)
    mixed = any(c.islower() for c in value) and any(c.isupper() for c in value)
    return has_digit or mixed or len(value) >= 20


def mask_secrets(text: str) -> str:
    """`text` with every secret value replaced by `<kept prefix>****`."""
    secrets = find_secrets(text)
    if not secrets:
        return text
    out, pos = [], 0
    for s in secrets:
        out.append(text[pos:s.start])
        out.append(s.masked(text))
        pos = s.end
    out.append(text[pos:])
    return "".join(out)


def mask_obj(obj):
    """`mask_secrets` applied to every string inside JSON-like data."""
    if isinstance(obj, str):
        return mask_secrets(obj)
    if isinstance(obj, dict):
        return {k: mask_obj(v) for k, v in obj.items()}
    if isinstance(obj, (list, tuple)):
        return [mask_obj(v) for v in obj]
    return obj
