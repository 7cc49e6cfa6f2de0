"""`shlex.split(text, comments=True, posix=True)`, token for token, without importing shlex.

`shlex` imports `re` (and with it `enum`): ~3.5 ms of a short `oomdoc explain`, paid by
every log that echoes a launch command (most do), for one function whose pattern it
never uses (issue 12). This is shlex's own state machine in posix mode with
`whitespace_split` (its word-character and punctuation tables then decide nothing),
quirks included: `#` starts a comment even inside a word, a backslash before a newline
keeps the newline, inside double quotes a backslash escapes only `"` and itself. Raises
ValueError where shlex does (an open quote or a trailing backslash at the end).
Tested against shlex on generated and real command lines (tests/test_shellsplit.py).
"""
from __future__ import annotations

WHITESPACE = " \t\r\n"
QUOTES = "'\""
ESCAPE = "\\"
COMMENT = "#"


def split(text: str) -> list[str]:
    """The words of `text` as `shlex.split(text, comments=True, posix=True)` gives them."""
    out: list[str] = []
    token = ""
    quoted = False          # the current token had quotes (so an empty one counts)
    state = " "             # " " between words, "a" in a word, a quote char, or ESCAPE
    escaped_from = " "      # the state an escape returns to
    i, n = 0, len(text)
    while True:
        c = text[i] if i < n else ""
        i += 1
        if state == " ":
            if not c:
                break
            if c in WHITESPACE:
                if token or quoted:
                    out.append(token)
                    token, quoted = "", False
            elif c == COMMENT:
                i = _line_end(text, i)
            elif c == ESCAPE:
                escaped_from, state = "a", ESCAPE
            elif c in QUOTES:
                state = c
            else:
                token, state = c, "a"
        elif state in QUOTES:
            quoted = True
            if not c:
                raise ValueError("No closing quotation")
            if c == state:
                state = "a"
            elif c == ESCAPE and state == '"':
                escaped_from, state = state, ESCAPE
            else:
                token += c
        elif state == ESCAPE:
            if not c:
                raise ValueError("No escaped character")
            # in posix shells only the quote itself or the escape may be escaped within quotes
            if escaped_from in QUOTES and c != ESCAPE and c != escaped_from:
                token += ESCAPE
            token += c
            state = escaped_from
        else:               # "a": inside a word
            if not c:
                break
            if c in WHITESPACE or c == COMMENT:
                if c == COMMENT:
                    i = _line_end(text, i)
                state = " "
                if token or quoted:
                    out.append(token)
                    token, quoted = "", False
            elif c in QUOTES:
                state = c
            elif c == ESCAPE:
                escaped_from, state = "a", ESCAPE
            else:
                token += c
    if token or quoted:
        out.append(token)
    return out


def _line_end(text: str, i: int) -> int:
    """Where reading resumes after a comment that starts before `i`: past its newline."""
    nl = text.find("\n", i)
    return len(text) if nl < 0 else nl + 1
