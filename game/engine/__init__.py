"""The rules engine: pure Python, no pygame (it runs unchanged in the browser)."""
