"""`python -m oomdoc.signatures > docs/signatures.md`: the catalogue as Markdown."""
import sys

from . import markdown

sys.stdout.write(markdown())
