"""The logs and configs a report carries, joined into one log for the diagnosis.

Logs: fenced blocks with no language or a log-ish one (```text, ```log,
```console, ```pytb, ...), ```python / ```bash blocks that hold a traceback or
an OOM/kill message, and relative links to `.log` / `.log.gz` files (also
front-matter `logs:`). Configs: ```yaml / ```json / ```toml / ```sh blocks and
linked `.yaml/.yml/.json/.toml/.sh` files (also front-matter `config:`).

Blocks under a heading about the fix ("Fix", "Resolution", "What worked",
"Action items", ...) or whose info string says `oomdoc:skip` are not evidence
of the failure: a "fixed" config there would contradict the failing run.

All log pieces are joined into one buffer (the excerpts of one incident
belong together: a config dump in one block, the traceback in the next) and a
line map sends every buffer line back to the report or the linked file.
"""
from __future__ import annotations

import bisect
import gzip
import io
import os
import re
from dataclasses import dataclass, field
from urllib.parse import unquote

from . import Finding
from .report_parse import Block, Doc

LOG_LANGS = {"", "log", "logs", "text", "txt", "console", "output", "plain", "plaintext", "none",
             "shell-session", "pytb", "python-traceback", "traceback", "stderr", "stdout", "ansi"}
CONFIG_LANGS = {"yaml": ".yaml", "yml": ".yaml", "json": ".json", "toml": ".toml",
                "sh": ".sh", "bash": ".sh", "shell": ".sh", "zsh": ".sh"}
# tracebacks are often pasted as ```python, console output as ```bash: logs when they read like one
LOG_IF_IT_LOOKS = {"python", "py", "python3", "pycon", "sh", "bash", "shell", "zsh", "ini", "c", "cpp"}
_LOG_HINTS = ("traceback (most recent call last)", "out of memory", "outofmemoryerror", "killed process",
              "exits with return code", "oom-kill", "oomkilled")
LOG_SUFFIXES = (".log", ".log.gz")
CONFIG_SUFFIXES = (".yaml", ".yml", ".json", ".toml", ".sh")
SKIP_HEADING = re.compile(r"(?i)\b(fix|fixes|fixed|resolution|remediation|mitigation|solution|workaround|"
                          r"action items?|what worked|follow[- ]?ups?|prevention)\b")
MAX_LINKED_BYTES = 1 << 30


@dataclass
class LinkedLog:
    line: int        # report line of the link
    target: str      # as written
    path: str        # resolved path
    text: str        # decoded content
    gz: bool


@dataclass
class Evidence:
    data: bytes = b""
    log_blocks: list[Block] = field(default_factory=list)
    linked: list[LinkedLog] = field(default_factory=list)
    configs: list[str] = field(default_factory=list)
    config_origin: dict = field(default_factory=dict)   # config path -> (link target, None) | (None, fence line)
    findings: list[Finding] = field(default_factory=list)
    _starts: list[int] = field(default_factory=list)   # buffer line where each piece starts
    _origin: list[tuple[str | None, int]] = field(default_factory=list)  # (file or None, first line)

    @property
    def has_log(self) -> bool:
        return bool(self._starts)

    def where(self, buffer_line: int) -> tuple[str | None, int]:
        """(linked file or None for the report itself, line there) of a buffer line."""
        i = bisect.bisect_right(self._starts, buffer_line) - 1
        if i < 0:
            return None, buffer_line
        origin, first = self._origin[i]
        return origin, first + buffer_line - self._starts[i]

    def report_line(self, buffer_line: int, default: int = 1) -> int:
        origin, ln = self.where(buffer_line)
        return ln if origin is None else default

    def label(self) -> str:
        parts = []
        if self.log_blocks:
            n = len(self.log_blocks)
            parts.append(f"{n} log block{'s' if n > 1 else ''} in this report")
        parts += [lk.target for lk in self.linked]
        return ", ".join(parts) or "no log"


def skipped(b: Block) -> bool:
    return "oomdoc:skip" in b.info or "oomdoc-skip" in b.info or bool(SKIP_HEADING.search(b.heading))


def gather(doc: Doc, report_path: str, tmpdir: str, front_logs=(), front_configs=(),
           front_line: int = 1) -> Evidence:
    ev = Evidence()
    chunks: list[str] = []
    line = 1

    def add(text_lines: list[str], origin: str | None, first: int) -> None:
        nonlocal line
        if not text_lines:
            return
        ev._starts.append(line)
        ev._origin.append((origin, first))
        chunks.append("\n".join(text_lines) + "\n\n")
        line += len(text_lines) + 1   # one blank line between pieces

    stem = os.path.splitext(os.path.basename(report_path))[0]
    for b in doc.blocks:
        if skipped(b):
            continue
        if b.lang in LOG_LANGS or (b.lang in LOG_IF_IT_LOOKS and looks_like_log(b.lines)):
            ev.log_blocks.append(b)
            add(b.lines, None, b.body_line)
        elif b.lang in CONFIG_LANGS and b.lines:
            p = os.path.join(tmpdir, f"{stem}-line{b.line}{CONFIG_LANGS[b.lang]}")
            with open(p, "w", encoding="utf-8") as fh:
                fh.write("\n".join(b.lines) + "\n")
            ev.configs.append(p)
            ev.config_origin[p] = (None, b.line)
    base = os.path.dirname(report_path)
    targets = [(lk.line, lk.target) for lk in doc.links]
    targets += [(front_line, t) for t in (*front_logs, *front_configs)]
    seen = set()
    for ln, target in targets:
        rel = _local(target)
        if rel is None or not rel.lower().endswith(LOG_SUFFIXES + CONFIG_SUFFIXES):
            continue
        path = os.path.normpath(rel.lstrip("/") if rel.startswith("/") else os.path.join(base, rel))
        if path in seen:
            continue
        seen.add(path)
        if not os.path.isfile(path):
            ev.findings.append(Finding(report_path, ln, "error", "link-missing",
                                       f"linked file {target!r} does not exist ({path})"))
            continue
        if rel.lower().endswith(CONFIG_SUFFIXES):
            ev.configs.append(path)
            ev.config_origin[path] = (target, None)
            continue
        text = _read_log(path, ln, target, report_path, ev)
        if text is not None:
            ev.linked.append(LinkedLog(ln, target, path, text, path.lower().endswith(".gz")))
            add(text.splitlines(), path, 1)
    ev.data = "".join(chunks).encode("utf-8", "surrogateescape")
    return ev


def looks_like_log(lines: list[str]) -> bool:
    text = "\n".join(lines).lower()
    return any(h in text for h in _LOG_HINTS)


def _local(target: str) -> str | None:
    """The repo path a link points at, or None for URLs and anchors."""
    if not target or target.startswith("#") or re.match(r"^[A-Za-z][A-Za-z0-9+.-]*:", target):
        return None
    return unquote(target.split("#", 1)[0].split("?", 1)[0]) or None


def _read_log(path: str, ln: int, target: str, report_path: str, ev: Evidence) -> str | None:
    from ..reader import looks_binary

    try:
        with open(path, "rb") as fh:
            raw = fh.read(MAX_LINKED_BYTES)
        if path.lower().endswith(".gz"):
            with gzip.GzipFile(fileobj=io.BytesIO(raw)) as gz:
                raw = gz.read(MAX_LINKED_BYTES)
    except (OSError, EOFError) as exc:
        ev.findings.append(Finding(report_path, ln, "error", "log-unreadable",
                                   f"linked log {target!r} cannot be read: {exc}"))
        return None
    if raw.startswith(b"version https://git-lfs.github.com/spec/"):
        ev.findings.append(Finding(report_path, ln, "warning", "log-unreadable",
                                   f"linked log {target!r} is a Git LFS pointer, not the log: "
                                   "check it with the LFS content present (git lfs pull)"))
        return None
    if looks_binary(raw[:65536]):
        ev.findings.append(Finding(report_path, ln, "error", "log-unreadable",
                                   f"linked log {target!r} is binary, not a text log"))
        return None
    return raw.decode("utf-8", "surrogateescape")
