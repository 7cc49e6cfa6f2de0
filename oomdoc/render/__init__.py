"""Renderers: text for people, JSON (the versioned contract), Markdown."""
