"""Browser tests (JupyterLab/Voila + headless Chromium); see harness.py."""
