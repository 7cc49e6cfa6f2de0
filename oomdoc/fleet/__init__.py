"""`oomdoc scan`: many logs diagnosed in one command, grouped by cause.

    discovery  PATH arguments -> Job (a log and the config files beside it)
    work       Job -> one result row (exactly `oomdoc.diagnose.explain`)
    cache      rows remembered by path, size, mtime and a head+tail hash
    engines    rows computed by a local process pool or as Ray tasks
    grouping   rows -> counts and groups (cause, framework, key settings)
    outputs    the scan document, table, markdown, csv, jsonl
    schema     the scan document's JSON Schema (`$defs.scan` of `oomdoc schema`)
    progress   the bar on stderr
"""
