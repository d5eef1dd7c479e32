"""The system's headless Chromium (Debian's chromium and chromium-driver, driven by selenium) for
the tests of pages: skipped where it is missing, a failure under CI (.ci/run installs it)."""
from __future__ import annotations

import os
import shutil

import pytest


def _browser():
    """A headless Chromium from the system's packages, or the reason there is none."""
    chromium = shutil.which("chromium") or shutil.which("chromium-browser")
    driver = shutil.which("chromedriver")
    try:
        from selenium import webdriver
        from selenium.webdriver.chrome.service import Service
    except ImportError:
        return None, "selenium is not installed (pip install '.[test]')"
    if not chromium or not driver:
        return None, "Chromium is not installed (apt-get install chromium chromium-driver; .ci/run does)"
    options = webdriver.ChromeOptions()
    options.binary_location = chromium
    for flag in ("--headless=new", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
                 "--disable-background-networking", "--disable-component-update", "--disable-sync",
                 "--disable-dev-shm-usage", "--window-size=1200,1000"):
        options.add_argument(flag)
    return webdriver.Chrome(service=Service(driver), options=options), ""


def chromium_or_skip(what: str):
    """A browser, or the test is skipped (failed under CI=true) saying why there is none."""
    browser, why = _browser()
    if browser is None:
        if os.environ.get("CI") == "true":
            pytest.fail(f"CI must test {what} in Chromium: {why}")
        pytest.skip(why)
    return browser
