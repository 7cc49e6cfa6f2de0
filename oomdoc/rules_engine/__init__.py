"""The knowledge base: rule files -> validated rules -> scored diagnoses.

* `schema`     — the rule file format (pydantic, imported only to validate);
* `loader`     — finds rule dirs, validates, caches the validated rules as JSON;
* `conditions` — evaluates conditions on events (+ derived facts), knobs,
                 framework, metric trends, user regexes (with a timeout);
* `helpers`    — named Python helpers computing fix values and freed bytes;
* `scoring`    — scores every rule, ranks diagnoses, merges fixes;
* `similarity` — closest corpus cases when no rule is confident;
* `vocab`      — cause ids and the names rules may use beyond the parsers'.

The entry point for callers is `oomdoc.diagnose.explain`.
"""
