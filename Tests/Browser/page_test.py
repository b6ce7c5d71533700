"""The page on `storebench serve`, checked in a real browser (Debian's Chromium through Selenium
and chromedriver).

It starts the prompt with a catalog whose product is named `<img src=x onerror=alert(1)>`, sets a
world up, starts `serve start`, then drives the page: every transaction is a row with its id, the
timeline is drawn (its dates whole inside the picture, its plans' names whole and apart, the
current period drawn past the clock's line), the product's name shows as text, action buttons (refund, renew, expire,
approve) change the world as the App Store Server API then reports it, a command typed at the
prompt shows in the page within 2 seconds, a POST without the page's token changes nothing and is
answered 403 with the page saying why (a plain form's and the page's script's), and the clicks are
in the prompt's recording. Screenshots go to the output folder (first argument).
"""

import base64
import json
import os
import shutil
import queue
import re
import subprocess
import sys
import tempfile
import threading
import time
import urllib.error
import urllib.request

from selenium import webdriver
from selenium.common.exceptions import NoAlertPresentException, StaleElementReferenceException
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import WebDriverWait

HERE = os.path.dirname(os.path.abspath(__file__))
REPOSITORY = os.path.dirname(os.path.dirname(HERE))
BINARY = os.path.join(REPOSITORY, ".build", "debug", "storebench")
XSS_NAME = "<img src=x onerror=alert(1)>"
FAILURES = []


def check(condition, what):
    print(("ok    " if condition else "FAIL  ") + what, flush=True)
    if not condition:
        FAILURES.append(what)


class Prompt:
    """The storebench prompt on pipes: lines in, output lines read in the background."""

    def __init__(self, catalog, directory):
        environment = dict(os.environ, NO_COLOR="1")
        self.process = subprocess.Popen(
            [BINARY, "--catalog", catalog],
            stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
            text=True, cwd=directory, env=environment, bufsize=1)
        self.lines = queue.Queue()
        threading.Thread(target=self._read, daemon=True).start()
        self.marks = 0

    def _read(self):
        for line in self.process.stdout:
            self.lines.put(line.rstrip("\n"))

    def run(self, *commands, timeout=60):
        """Runs commands and returns what they printed (up to an `echo` mark)."""
        self.marks += 1
        mark = f"mark-{self.marks}"
        for command in commands:
            self.process.stdin.write(command + "\n")
        self.process.stdin.write(f"echo {mark}\n")
        self.process.stdin.flush()
        printed = []
        deadline = time.monotonic() + timeout
        while True:
            line = self.lines.get(timeout=max(deadline - time.monotonic(), 0.1))
            if line == mark:
                return printed
            printed.append(line)

    def stop(self):
        try:
            self.process.stdin.write("quit\n")
            self.process.stdin.flush()
            self.process.wait(timeout=20)
        except Exception:
            self.process.kill()


def catalog_with_xss_product(directory):
    with open(os.path.join(REPOSITORY, "catalog", "default.json"), encoding="utf-8") as file:
        catalog = json.load(file)
    for product in catalog["products"]:
        if product["id"] == "coins.100":
            product["localizations"]["en_US"]["title"] = XSS_NAME
    path = os.path.join(directory, "xss-catalog.json")
    with open(path, "w", encoding="utf-8") as file:
        json.dump(catalog, file)
    return path


def api(base, token, path):
    request = urllib.request.Request(base + path, headers={"Authorization": f"Bearer {token}"})
    with urllib.request.urlopen(request, timeout=10) as response:
        return json.load(response)


def payload(jws):
    part = jws.split(".")[1]
    return json.loads(base64.urlsafe_b64decode(part + "=" * (-len(part) % 4)))


def browser():
    options = webdriver.ChromeOptions()
    for argument in ("--headless=new", "--no-sandbox", "--disable-dev-shm-usage", "--window-size=1400,1800",
                     "--disable-gpu", "--no-first-run", "--disable-extensions"):
        options.add_argument(argument)
    chromium, driver = browser_paths()
    options.binary_location = chromium
    return webdriver.Chrome(service=Service(driver), options=options)


# Chromium and its driver: Debian's, Homebrew's, or where STOREBENCH_CHROMIUM and
# STOREBENCH_CHROMEDRIVER say.
BROWSERS = ["/usr/bin/chromium", "/Applications/Chromium.app/Contents/MacOS/Chromium",
            "/Applications/Google Chrome.app/Contents/MacOS/Google Chrome"]


def browser_paths():
    chromium = os.environ.get("STOREBENCH_CHROMIUM") or shutil.which("chromium") or next(
        (path for path in BROWSERS if os.path.exists(path)), None)
    driver = os.environ.get("STOREBENCH_CHROMEDRIVER") or shutil.which("chromedriver")
    return chromium, driver


# The live part of the page is replaced whenever the world changes, so the test reads it through
# scripts that return values (never elements that may go stale) and retries a click that lands on
# a replaced element.

def rows(driver):
    """The transactions' rows as {id, product, state}."""
    return driver.execute_script(
        "return [...document.querySelectorAll('table.transactions tr[data-transaction-id]')]"
        ".map(r => ({id: r.dataset.transactionId, product: r.cells[1].textContent, state: r.dataset.state}))")


def ids(driver):
    return {row["id"] for row in rows(driver)}


def row_state(driver, transaction):
    return next((row["state"] for row in rows(driver) if row["id"] == transaction), None)


def attribute(driver, selector, name):
    return driver.execute_script(
        "const e = document.querySelector(arguments[0]); return e ? e.getAttribute(arguments[1]) : null;",
        selector, name)


def text(driver, selector):
    return driver.execute_script(
        "const e = document.querySelector(arguments[0]); return e ? e.textContent : null;", selector)


def click(driver, selector):
    for _ in range(20):
        try:
            driver.find_element(By.CSS_SELECTOR, selector).click()
            return
        except StaleElementReferenceException:
            time.sleep(0.05)
    raise AssertionError(f"cannot click {selector}: the page keeps changing")


def timeline_texts(driver, selector):
    """The timeline's texts matching a selector, as the browser lays them out: text, product, box."""
    return driver.execute_script(
        "const svg = document.querySelector('.timeline svg');"
        "return [...svg.querySelectorAll(arguments[0])].map(t => { const b = t.getBBox();"
        " return {text: t.firstChild.nodeValue, product: t.dataset.productId || null,"
        " left: b.x, right: b.x + b.width, y: b.y, width: svg.viewBox.baseVal.width}; });", selector)


def check_timeline_labels(driver, current_period=True):
    """The axis's dates are whole dates inside the picture, apart from each other; the plans' names
    are whole (or end with an ellipsis) and do not overlap; with a current period, it runs past the
    clock's line."""
    ticks = timeline_texts(driver, ".tl-tick text")
    date = re.compile(r"\d{4}-\d{2}-\d{2}|\d{2}-\d{2} \d{2}:\d{2}")
    check(len(ticks) >= 2 and all(date.fullmatch(t["text"]) for t in ticks),
          f"the timeline's ticks read as dates: {[t['text'] for t in ticks]}")
    inside = all(t["left"] >= 0 and t["right"] <= t["width"] for t in ticks)
    apart = all(a["right"] <= b["left"] for a, b in zip(ticks, ticks[1:]))
    check(inside and apart, "the timeline's dates lie whole inside the picture, apart: "
          + ", ".join(f"{t['text']} {t['left']:.0f}-{t['right']:.0f}" for t in ticks))
    plans = timeline_texts(driver, "text.tl-plan")
    whole = all(p["text"] == p["product"] or (p["text"].endswith("…") and p["product"].startswith(p["text"][:-1]))
                for p in plans)
    lines = {}
    for plan in plans:
        lines.setdefault(round(plan["y"]), []).append(plan)
    separate = all(a["right"] <= b["left"] for line in lines.values()
                   for a, b in zip(sorted(line, key=lambda p: p["left"]), sorted(line, key=lambda p: p["left"])[1:]))
    check(plans and whole and separate, f"the timeline's plans are named whole and apart: {[p['text'] for p in plans]}")
    if not current_period:
        return
    now = driver.execute_script(
        "const svg = document.querySelector('.timeline svg'); const line = svg.querySelector('line.tl-now');"
        "const bars = [...svg.querySelectorAll('rect.tl-period')].map(r => r.x.baseVal.value + r.width.baseVal.value);"
        "return {now: line ? line.x1.baseVal.value : null, end: Math.max(...bars)};")
    check(now["now"] is not None and now["end"] > now["now"],
          f"the current period is drawn past the clock's line (ends at {now['end']:.0f}, now at {now['now']})")


def waiter(driver, seconds=10):
    return WebDriverWait(driver, seconds, poll_frequency=0.05, ignored_exceptions=(StaleElementReferenceException,))


def main():
    chromium, driver = browser_paths()
    if not chromium or not driver:
        if sys.platform == "darwin":
            # Not a silent pass: the phase says it did not run, and why.
            print("browser test skipped: no Chromium or chromedriver (brew install --cask chromium chromedriver)")
            return
        sys.exit("no Chromium or chromedriver: make deps installs them (chromium, chromium-driver)")
    output = os.path.abspath(sys.argv[1] if len(sys.argv) > 1 else os.path.join(REPOSITORY, ".build", "browser-test"))
    os.makedirs(output, exist_ok=True)
    directory = tempfile.mkdtemp(prefix="storebench-page-")
    prompt = Prompt(catalog_with_xss_product(directory), directory)
    driver = None
    try:
        printed = prompt.run(
            "api-key create --key-id PAGETEST01 --out key.p8", "api-key token", "record clicks.storebench",
            "buy pro.monthly", "buy level.pack", "buy coins.100", "advance-clock 10d", "ask-to-buy on",
            "buy maps.hd", "ask-to-buy off", "serve start")
        token = next(line for line in printed if line.startswith("eyJ"))
        base = next(line.split()[-1] for line in printed if line.startswith("serving http://"))
        history = api(base, token, "/inApps/v2/history/2000000000000001")
        known = {payload(jws)["transactionId"] for jws in history["signedTransactions"]}
        level = next(payload(jws)["transactionId"] for jws in history["signedTransactions"]
                     if payload(jws)["productId"] == "level.pack")

        driver = browser()
        driver.get(base + "/")
        wait = waiter(driver)
        wait.until(lambda d: rows(d))
        shown = ids(driver)
        check(known <= shown, f"the page lists every transaction by id ({len(shown)} rows, {len(known)} from the API)")
        bars = driver.find_elements(By.CSS_SELECTOR, ".timeline svg rect.tl-period")
        check(len(bars) >= 2, f"the timeline is drawn ({len(bars)} period bars)")
        check_timeline_labels(driver)
        title = text(driver, 'tr[data-product-id="coins.100"] td.title')
        check(title == XSS_NAME, f"the product's name shows as text: {title!r}")
        check(not driver.find_elements(By.CSS_SELECTOR, 'img[src="x"]'), "no <img> element was injected")
        try:
            driver.switch_to.alert
            check(False, "no alert ran")
        except NoAlertPresentException:
            check(True, "no alert ran")
        driver.save_screenshot(os.path.join(output, "page.png"))

        # Refund through the page: the row turns refunded, and the Server API says revoked.
        click(driver, f'tr[data-transaction-id="{level}"] button[data-action="refund"]')
        wait.until(lambda d: row_state(d, level) == "refunded")
        info = payload(api(base, token, f"/inApps/v1/transactions/{level}")["signedTransactionInfo"])
        check("revocationDate" in info, f"refund: the API reports {level} revoked ({info.get('revocationReason')})")
        check(attribute(driver, "#status", "data-result") == "ok", f"refund: the page says {text(driver, '#status')!r}")

        # Approve the Ask to Buy purchase: a maps.hd transaction appears.
        click(driver, 'button[data-action="approve"]')
        wait.until(lambda d: any(row["product"] == "maps.hd" for row in rows(d)))
        history = api(base, token, "/inApps/v2/history/2000000000000001")
        products = [payload(jws)["productId"] for jws in history["signedTransactions"]]
        check("maps.hd" in products, "approve: the API lists the approved maps.hd purchase")

        # Renew now: a new period of pro.monthly, as the API's subscription status says.
        before = len(rows(driver))
        click(driver, 'tr[data-original-transaction-id="2000000000000001"] button[data-action="renew"]')
        wait.until(lambda d: len(rows(d)) == before + 1)
        statuses = api(base, token, "/inApps/v1/subscriptions/2000000000000001")
        last = statuses["data"][0]["lastTransactions"][0]
        renewed = payload(last["signedTransactionInfo"])["transactionId"]
        check(renewed != "2000000000000001" and renewed in ids(driver),
              f"renew: the API's latest transaction {renewed} is a row of the page")

        # Cancel flow: the customer's cancellation page opens (no realtime URL: the App Store's own
        # page), then the customer closes it and the subscription renews as before.
        click(driver, 'tr[data-original-transaction-id="2000000000000001"] button[data-action="cancel-flow"]')
        wait.until(lambda d: "App Store's own page" in (text(d, "section.cancel-flow") or ""))
        check(not driver.find_elements("css selector", 'button[data-action="cancel-flow-accept"]'),
              "cancel flow: a page that offers nothing has no Accept button")
        click(driver, 'button[data-action="cancel-flow-close"]')
        wait.until(lambda d: not d.find_elements("css selector", "section.cancel-flow"))
        check(attribute(driver, 'tr[data-original-transaction-id="2000000000000001"]', "data-status") != "expired",
              "cancel flow: closing the page leaves the subscription as it was")

        # Link out: the customer follows the app's link out; the page lists the new token.
        driver.find_element("css selector", 'form[data-action="link-out"] select[name="type"]').send_keys("services")
        click(driver, 'button[data-action="link-out"]')
        wait.until(lambda d: d.find_elements("css selector", "table.external-purchase tr[data-external-purchase-id]"))
        token_row = text(driver, "table.external-purchase tr[data-external-purchase-id]") or ""
        check(token_row.startswith("SANDBOX_") and "SERVICES" in token_row and "not reported" in token_row,
              f"link out: the page lists the sandbox SERVICES token, not reported: {token_row!r}")

        # Expire: the subscription's status in the page and in the API.
        click(driver, 'tr[data-original-transaction-id="2000000000000001"] button[data-action="expire"]')
        wait.until(lambda d: attribute(d, 'tr[data-original-transaction-id="2000000000000001"]', "data-status") == "expired")
        statuses = api(base, token, "/inApps/v1/subscriptions/2000000000000001")
        check(statuses["data"][0]["lastTransactions"][0]["status"] == 2, "expire: the API's status is 2 (expired)")

        # A command at the prompt shows in the page within 2 s.
        clock = text(driver, "#clock")
        started = time.monotonic()
        prompt.run("advance-clock 1mo")
        waiter(driver, 5).until(lambda d: text(d, "#clock") not in (None, clock))
        elapsed = time.monotonic() - started
        check(elapsed < 2, f"the prompt's advance-clock showed in the page after {elapsed:.2f} s")

        # Months on the axis: the first tick is the picture's first instant, its date still whole.
        clock = text(driver, "#clock")
        prompt.run("advance-clock 3mo")
        waiter(driver, 5).until(lambda d: text(d, "#clock") not in (None, clock))
        check_timeline_labels(driver, current_period=False)

        # Without the page's token, an action is refused and changes nothing.
        request = urllib.request.Request(base + "/actions", data=b"action=billing-fix&token=wrong",
                                         headers={"Accept": "application/json"}, method="POST")
        try:
            urllib.request.urlopen(request, timeout=10)
            check(False, "a POST with a wrong token is refused")
        except urllib.error.HTTPError as error:
            check(error.code == 403, f"a POST with a wrong token is refused ({error.code})")
        request = urllib.request.Request(base + "/actions", data=b"action=billing-fix", method="POST")
        try:
            urllib.request.urlopen(request, timeout=10)
            check(False, "a plain form's POST without a token is refused")
        except urllib.error.HTTPError as error:
            check(error.code == 403 and b"token is missing or wrong" in error.read(),
                  f"a plain form's POST without a token is refused with the page saying why ({error.code})")

        # The page shows why an action was refused: after a form posted without the page's script
        # (the browser then shows the page the server answered with) ...
        driver.execute_script("""
            const form = document.createElement('form');
            form.method = 'post';
            form.action = '/actions';
            for (const [name, value] of [['action', 'billing-fix'], ['token', 'stale']]) {
              const input = document.createElement('input');
              input.type = 'hidden';
              input.name = name;
              input.value = value;
              form.append(input);
            }
            document.body.append(form);
            form.submit();""")
        waiter(driver).until(lambda d: d.current_url.endswith("/actions") and text(d, "#status"))
        check(attribute(driver, "#status", "data-result") == "failed"
              and "token is missing or wrong" in text(driver, "#status"),
              f"a plain form with a stale token gets the page saying why: {text(driver, '#status')!r}")
        driver.get(base)
        # ... and through the page's script, when the token it holds is stale.
        waiter(driver).until(lambda d: text(d, "#clock"))
        driver.execute_script("document.querySelector('meta[name=\"storebench-token\"]').content = 'stale'")
        click(driver, 'form[data-action="billing-fix"] button')
        waiter(driver).until(lambda d: attribute(d, "#status", "data-result") == "failed")
        check("token is missing or wrong" in (text(driver, "#status") or ""),
              f"the page's script shows why a stale token was refused: {text(driver, '#status')!r}")
        driver.save_screenshot(os.path.join(output, "page-after-actions.png"))

        # The clicks are in the prompt's recording, as commands.
        prompt.run("record stop")
        with open(os.path.join(directory, "clicks.storebench"), encoding="utf-8") as file:
            recording = file.read()
        for line in (f"refund {level} --reason other", "approve #", "renew-now pro.monthly", "cancel-flow pro.monthly",
                     "cancel-flow close", "expire pro.monthly"):
            check(line in recording, f"the recording has `{line}`")
    finally:
        if driver is not None:
            driver.quit()
        prompt.stop()
    if FAILURES:
        print(f"{len(FAILURES)} failed", flush=True)
        sys.exit(1)
    print(f"browser test passed; screenshots in {output}", flush=True)


if __name__ == "__main__":
    main()
