"""Real-browser tests: the app in headless chromium (see shared TESTING.md)."""
