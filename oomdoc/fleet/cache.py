"""`--cache DIR`: a log's row, remembered until the log or what judges it changes.

A log's fingerprint is its path, size, modification time and a hash of its
first and last 64 KiB (a log rewritten in the same second with the same size
still differs at its tail). The salt names the oomdoc version, every rule
file, the config files used and the options that shape a row; one JSON file
per log, written atomically. Error rows are not remembered (the file may be
readable next time).
"""
from __future__ import annotations

import hashlib
import json
import os

EDGE = 64 << 10
FORMAT = 1


def fingerprint(path: str) -> str | None:
    try:
        st = os.stat(path)
        h = hashlib.blake2b(digest_size=16)
        with open(path, "rb") as fh:
            h.update(fh.read(EDGE))
            if st.st_size > EDGE:
                fh.seek(max(EDGE, st.st_size - EDGE))
                h.update(fh.read(EDGE))
    except OSError:
        return None
    return f"{os.path.abspath(path)}|{st.st_size}|{st.st_mtime_ns}|{h.hexdigest()}"


def file_stamps(paths) -> list[str]:
    out = []
    for p in paths:
        try:
            st = os.stat(p)
            out.append(f"{os.path.abspath(p)}:{st.st_size}:{st.st_mtime_ns}")
        except OSError:
            out.append(f"{p}:missing")
    return out


def rules_salt(rules_dirs) -> str:
    from .. import __version__
    from ..rules_engine.loader import rule_dirs, rule_files

    return "|".join([f"{FORMAT}", __version__, *file_stamps(rule_files(rule_dirs(rules_dirs)))])


class ResultCache:
    def __init__(self, directory: str, salt: str):
        self.dir = directory
        self.salt = salt
        os.makedirs(directory, exist_ok=True)

    def _file(self, path: str) -> str:
        name = hashlib.sha1(os.path.abspath(path).encode("utf-8", "surrogateescape")).hexdigest()
        return os.path.join(self.dir, name[:2], name + ".json")

    def key(self, path: str, configs, top: int) -> str | None:
        fp = fingerprint(path)
        if fp is None:
            return None
        return "\n".join([self.salt, fp, f"top={top}", *file_stamps(configs)])

    def get(self, path: str, key: str | None) -> dict | None:
        if key is None:
            return None
        try:
            with open(self._file(path), encoding="utf-8") as fh:
                data = json.load(fh)
        except (OSError, ValueError):
            return None
        if not isinstance(data, dict) or data.get("key") != key:
            return None
        return data.get("row")

    def put(self, path: str, key: str | None, row: dict) -> None:
        if key is None or row.get("status") != "ok":
            return
        target = self._file(path)
        try:
            os.makedirs(os.path.dirname(target), exist_ok=True)
            tmp = f"{target}.{os.getpid()}.tmp"
            with open(tmp, "w", encoding="utf-8") as fh:
                json.dump({"key": key, "row": row}, fh, ensure_ascii=False, default=str)
            os.replace(tmp, target)
        except OSError:
            pass        # a cache that cannot be written only costs time
