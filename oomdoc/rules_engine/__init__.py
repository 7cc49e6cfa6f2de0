"""The knowledge base: rule files -> validated rules -> scored diagnoses.

* `schema`     — the rule file format (pydantic, imported only to validate);
* `loader`     — finds rule dirs, validates, caches the validated rules as JSON;
* `conditions` — evaluates conditions on events (+ derived facts), knobs,
                 framework, metric trends, user regexes (with a timeout);
* `helpers`    — named Python helpers computing fix values and freed bytes;
* `scoring`    — scores every rule, ranks diagnoses, merges fixes;
* `vocab`      — cause ids and the names rules may use beyond the parsers'.

The entry point for callers is `oomdoc.diagnose.explain`. The closest corpus
cases (`oomdoc.similarity`) and the corpus checker (`oomdoc.corpus_check`) live
outside: the first reads logs, the second runs `explain`.
"""
