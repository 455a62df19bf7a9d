"""The habits web app in a real browser: Debian's chromium through
chromedriver, against a real habits-server (started by run.sh) and its
outbox. Every test runs at phone size (390x844), at the narrowest width the
app promises (360x780) and at desktop size (1280x800), checks that each
screen it visits fits the width, and saves a screenshot of it.

Environment: HABITS_WEB_URL (http://127.0.0.1:PORT), HABITS_OUTBOX (the
server's outbox directory), HABITS_CLI (the habits binary, a second device
in server mode), HABITS_SCREENSHOTS (where the PNGs go), HABITS_FIGURES (a
file the measured figures are appended to, optional),
HABITS_WEB_TIMING_LIMITS=1 (hold the figures to their budgets, as
Tests/Load/web-timing.sh does), HABITS_DOCS_SCREENSHOTS=1 (write the docs'
pictures of the Week grid and the charts, test_docs_screenshots).
"""

import datetime
import glob
import json
import math
import os
import re
import shutil
import subprocess
import tempfile
import time
import unittest
import urllib.request

from selenium_axe_python import Axe
from selenium import webdriver
from selenium.common.exceptions import (NoAlertPresentException, NoSuchElementException,
                                        StaleElementReferenceException, TimeoutException)
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.support.ui import Select, WebDriverWait

BASE = os.environ["HABITS_WEB_URL"].rstrip("/")
HABITS = os.environ.get("HABITS_CLI", ".build/debug/habits")
OUTBOX = os.environ["HABITS_OUTBOX"]
SHOTS = os.environ.get("HABITS_SCREENSHOTS", ".build/web-screenshots")
FIGURES = os.environ.get("HABITS_FIGURES")
DOWNLOADS = os.path.join(SHOTS, "downloads")
XSS = "<img src=x onerror=alert(1)>"
# The API refuses control characters in names, so the escapes arrive as text.
ESCAPES = r"\x1b[31mred\x1b[0m \n"

# What a page may log: the answers the tests provoke on purpose.
EXPECTED_NETWORK = re.compile(r"status of (400|401|404|409|429) ")


# The speed budgets (300 ms to a usable Today, 100 ms to show a check-in)
# are asserted only when a benchmark run asks (HABITS_WEB_TIMING_LIMITS=1,
# as Tests/Load/web-timing.sh does with a release server): a test run on a
# loaded machine records the figures and fails on behaviour alone.
TIMING_LIMITS = os.environ.get("HABITS_WEB_TIMING_LIMITS") == "1"


def figure(name, value):
    """Records a measured figure for the report (and prints it)."""
    line = f"{name}: {value}"
    print(line)
    if FIGURES:
        with open(FIGURES, "a", encoding="utf-8") as file:
            file.write(line + "\n")


def latest_code(email, after=0.0):
    """The code of the newest outbox message to `email` written after `after`."""
    deadline = time.time() + 10
    while time.time() < deadline:
        for path in sorted(glob.glob(os.path.join(OUTBOX, "*.eml")), reverse=True):
            if os.path.getmtime(path) < after:
                continue
            with open(path, encoding="utf-8") as file:
                text = file.read()
            if f"\nTo: {email}\n" in text:
                return re.search(r"sign-in code: (\d{6})", text).group(1)
        time.sleep(0.1)
    raise AssertionError(f"no code for {email} in the outbox")


class CLIDevice:
    """The real `habits` binary in server mode against the same server, with
    HOME and the XDG directories in a temporary directory, signed in through
    the outbox: a second device of the account."""

    def __init__(self, email):
        self.home = tempfile.mkdtemp(prefix="habits-web-cli-")
        self.env = {"HOME": self.home, "PATH": os.environ.get("PATH", "/usr/bin:/bin"),
                    "HABITS_SERVER": BASE + "/api", "LANG": "C.UTF-8", "NO_COLOR": "1"}
        for name, sub in (("XDG_CONFIG_HOME", "config"), ("XDG_DATA_HOME", "data"),
                          ("XDG_STATE_HOME", "state"), ("XDG_CACHE_HOME", "cache")):
            self.env[name] = os.path.join(self.home, sub)
        # TZ as the run has it; LLVM_PROFILE_FILE so that a binary built for
        # coverage writes its profile where the run collects them, not a
        # default.profraw in the working directory.
        for name in ("TZ", "LLVM_PROFILE_FILE"):
            if name in os.environ:
                self.env[name] = os.environ[name]
        started = time.time() - 1
        self.run("auth", "email", email)
        self.run("verify", latest_code(email, started))

    def run(self, *arguments):
        done = subprocess.run([HABITS, *arguments], env=self.env, cwd=self.home,
                              capture_output=True, text=True, timeout=60, check=False)
        if done.returncode != 0:
            raise AssertionError(f"habits {' '.join(arguments)}: exit {done.returncode}: {done.stderr}")
        return done.stdout

    def json(self, *arguments):
        return json.loads(self.run(*arguments, "--json"))

    def close(self):
        shutil.rmtree(self.home, ignore_errors=True)


class Browser:
    """One Chrome at one size, with the page's console kept."""

    def __init__(self, width, height):
        options = webdriver.ChromeOptions()
        options.binary_location = os.environ.get("CHROMIUM", "/usr/bin/chromium")
        for argument in ("--headless=new", "--no-sandbox", "--disable-dev-shm-usage",
                         f"--window-size={width},{height}", "--disable-gpu"):
            options.add_argument(argument)
        options.set_capability("goog:loggingPrefs", {"browser": "ALL"})
        os.makedirs(DOWNLOADS, exist_ok=True)
        options.add_experimental_option("prefs", {
            "download.default_directory": os.path.abspath(DOWNLOADS),
            "download.prompt_for_download": False})
        service = webdriver.ChromeService(os.environ.get("CHROMEDRIVER", "/usr/bin/chromedriver"))
        self.driver = webdriver.Chrome(options=options, service=service)
        self.driver.set_window_size(width, height)
        self.logs = []

    def console(self):
        self.logs += self.driver.get_log("browser")
        return self.logs


class WebAppCases:
    """The cases; the subclasses below give the size."""

    size = (390, 844)
    label = "phone"
    # The tests with a CLI device: it signs in when the class starts, so the
    # browser's own code request for the address (one a minute) comes later.
    CLI_TESTS = ("test_habit_screen_agrees_with_the_cli", "test_offline_check_ins_reach_the_server_once_back",
                 "test_order_moves_survive_reload_and_reach_the_cli")

    @classmethod
    def setUpClass(cls):
        cls.devices = {}
        for name in cls.CLI_TESTS:
            cls.devices[name] = CLIDevice(cls.address(name))

    @classmethod
    def tearDownClass(cls):
        for device in cls.devices.values():
            device.close()

    @classmethod
    def address(cls, test_name):
        # A local part is at most 64 characters.
        return re.sub(r"[^a-z0-9]+", "-", f"{cls.label}-{test_name[5:]}".lower())[:60] + "@example.com"

    def setUp(self):
        self.allowed_console = EXPECTED_NETWORK
        self.browser = Browser(*self.size)
        self.driver = self.browser.driver
        self.email = self.address(self._testMethodName)
        self.cli = self.devices.get(self._testMethodName)

    def tearDown(self):
        outcome = getattr(self, "_outcome", None)
        if outcome is not None and not outcome.success:
            self.shot(f"failed-{self._testMethodName}")
        try:
            problems = [entry for entry in self.browser.console()
                        if entry["level"] == "SEVERE" and not self.allowed_console.search(entry["message"])]
            self.assertEqual(problems, [], "the console has errors")
        finally:
            self.driver.quit()

    # MARK: helpers

    def shot(self, name):
        # Every screen a test visits fits the width: nothing scrolls sideways.
        overflow = self.driver.execute_script(
            "return document.documentElement.scrollWidth - document.documentElement.clientWidth")
        self.assertLessEqual(overflow, 0, f"{name} is {overflow} px wider than the {self.label} window")
        os.makedirs(SHOTS, exist_ok=True)
        self.driver.save_screenshot(os.path.join(SHOTS, f"{self.label}-{name}.png"))

    def wait(self, condition, timeout=10, message=""):
        """Waits for `condition`; the page redraws, so a stale element is tried again."""
        return WebDriverWait(self.driver, timeout, ignored_exceptions=(
            NoSuchElementException, StaleElementReferenceException)).until(lambda driver: condition(), message)

    def act(self, action, timeout=10):
        """Does `action` (which finds what it acts on), again if the page redrew meanwhile."""
        return self.wait(lambda: action() or True, timeout)

    def find(self, css):
        return self.driver.find_element(By.CSS_SELECTOR, css)

    def finds(self, css):
        return self.driver.find_elements(By.CSS_SELECTOR, css)

    def main_text(self):
        return self.find("main").text

    def sign_in(self, email=None):
        email = email or self.email
        self.driver.get(BASE + "/")
        field = self.wait(lambda: self.find("#email"))
        started = time.time() - 1
        field.send_keys(email + Keys.ENTER)
        # A CLI device of the account asked for a code less than a minute
        # ago: the page shows the wait, then the button asks again.
        self.wait(lambda: self.finds("#code") or "ask again" in self.find("#email-error").text)
        if not self.finds("#code"):
            send = self.find("button.primary")
            self.wait(lambda: send.is_enabled(), timeout=70)
            started = time.time() - 1
            send.click()
        code = self.wait(lambda: self.find("#code"))
        code.send_keys(latest_code(email, started) + Keys.ENTER)
        self.wait(lambda: self.finds("#today .empty, #today li.habit, #today section"))

    def api(self, method, path, body=None, key=None):
        """A call in the page's session: a refresh through the cookie, then the call."""
        script = """
            const [method, path, body, key, done] = arguments;
            (async () => {
              const web = {"X-Habits-Client": "web", "Content-Type": "application/json"};
              const tokens = await (await fetch("/api/auth/token/refresh/", {method: "POST", headers: web, body: "{}"})).json();
              const headers = {...web, Authorization: "Bearer " + tokens.access};
              if (key) headers["Idempotency-Key"] = key;
              const answer = await fetch("/api" + path, {method, headers, body: body === null ? undefined : JSON.stringify(body)});
              done({status: answer.status, body: answer.status === 204 ? null : await answer.json()});
            })().catch((error) => done({status: 0, body: String(error)}));
        """
        return self.driver.execute_async_script(script, method, path, body, key)

    def today(self):
        return self.driver.execute_script(
            "const d = new Date(); return d.getFullYear() + '-' + String(d.getMonth() + 1).padStart(2, '0') + '-' + String(d.getDate()).padStart(2, '0');")

    def create(self, name, **fields):
        body = {"name": name, "frequency": "DAILY", "measurement_type": "times",
                "start_date": self.today(), "action_days": [1, 2, 3, 4, 5, 6, 7], "target_value": 1}
        body.update(fields)
        answer = self.api("POST", "/me/habits/", body)
        self.assertEqual(answer["status"], 201, answer)
        return answer["body"]

    def row(self, habit_id):
        return self.find(f'li.habit[data-id="{habit_id}"]')

    def reload_today(self):
        self.driver.get(BASE + "/#/")
        self.wait(lambda: self.finds("#today .empty, #today li.habit"))

    # MARK: serving and security

    def test_headers_first_load_and_no_console_errors(self):
        with urllib.request.urlopen(BASE + "/") as answer:
            headers = answer.headers
        self.assertIn("default-src 'self'", headers["Content-Security-Policy"])
        self.assertIn("script-src 'self'", headers["Content-Security-Policy"])
        self.assertIn("object-src 'none'", headers["Content-Security-Policy"])
        self.assertIn("frame-ancestors 'none'", headers["Content-Security-Policy"])
        self.assertEqual(headers["X-Content-Type-Options"], "nosniff")
        self.assertEqual(headers["Referrer-Policy"], "no-referrer")
        self.driver.get(BASE + "/")
        self.wait(lambda: self.find("#email"))
        total = self.driver.execute_script("""
            const nav = performance.getEntriesByType("navigation")[0];
            return nav.transferSize + performance.getEntriesByType("resource")
              .reduce((sum, entry) => sum + entry.transferSize, 0);""")
        figure(f"first load transferred ({self.label}), bytes", total)
        self.assertLessEqual(total, 150_000)
        self.shot("sign-in")
        # Everything a first visit fetches: the page's own files, then those
        # the service worker keeps on installing (its list names every
        # asset, the grid's and the charts' modules with them). A file the
        # page fetched counts as Resource Timing measured it (its transfer,
        # or its body when it came from a cache); any other as the server
        # sends it, headers and body.
        self.driver.execute_async_script("navigator.serviceWorker.ready.then(() => arguments[0]())")
        fetched = dict(self.driver.execute_script("""
            return [performance.getEntriesByType("navigation")[0], ...performance.getEntriesByType("resource")]
              .map((entry) => [new URL(entry.name).pathname, Math.max(entry.transferSize, entry.encodedBodySize)]);"""))
        with urllib.request.urlopen(BASE + "/sw.js") as answer:
            assets = json.loads(re.search(r"const ASSETS = (\[.*?\]);", answer.read().decode()).group(1))
        self.assertTrue(any(path.endswith("/app.js") for path in assets), assets)
        sizes = {}
        for path in ["/", "/sw.js", "/manifest.webmanifest", *assets]:
            if fetched.get(path):
                sizes[path] = fetched[path]
            else:
                # As a browser asks for it: gzip when the server has it.
                request = urllib.request.Request(BASE + path, headers={"Accept-Encoding": "gzip"})
                with urllib.request.urlopen(request) as answer:
                    sizes[path] = len(answer.read()) + len(str(answer.headers))
        everything = sum(sizes.values())
        largest = sorted(((size, path.rsplit("/", 1)[-1] or "/") for path, size in sizes.items()), reverse=True)[:5]
        figure(f"first load with every file the service worker keeps ({self.label}), bytes "
               f"({len(sizes)} files; largest {[f'{name} {size}' for size, name in largest]})", everything)
        self.assertLessEqual(everything, 150_000)

    def test_xss_names_show_as_text(self):
        self.sign_in()
        self.create(XSS)
        self.create(ESCAPES, measurement_type="<b>km</b>", target_value=5)
        self.reload_today()
        names = [link.text for link in self.finds("li.habit h3 a")]
        self.assertIn(XSS, names)
        self.assertIn(ESCAPES, names)
        self.assertEqual(self.finds("main img, main b"), [])
        with self.assertRaises(NoAlertPresentException):
            self.driver.switch_to.alert.text
        self.shot("xss")

    # MARK: sign in

    def test_sign_in_through_the_outbox_shows_the_empty_state(self):
        self.sign_in()
        self.assertIn("No habits yet", self.main_text())
        link = self.find("#today .empty a")
        self.assertEqual(link.text, "Create your first habit")
        self.shot("empty")
        link.click()
        self.wait(lambda: self.find("#name"))
        self.assertEqual(self.find("h1").text, "New habit")

    def test_sign_in_fields_wrong_codes_and_the_send_limit(self):
        self.driver.get(BASE + "/")
        email = self.wait(lambda: self.find("#email"))
        self.assertEqual(email.get_attribute("type"), "email")
        self.assertEqual(email.get_attribute("autocomplete"), "email")
        email.send_keys(self.email + Keys.ENTER)
        code = self.wait(lambda: self.find("#code"))
        self.assertEqual(code.get_attribute("autocomplete"), "one-time-code")
        self.assertEqual(code.get_attribute("inputmode"), "numeric")
        right = latest_code(self.email)
        wrong = "000000" if right != "000000" else "111111"
        code.send_keys(wrong + Keys.ENTER)
        self.wait(lambda: "1 of 5" in self.find("#code-error").text)
        self.shot("wrong-code")
        for attempt in range(2, 6):
            code.clear()
            code.send_keys(wrong + Keys.ENTER)
            self.wait(lambda: str(attempt) in self.find("#code-error").text or "new code" in self.find("#code-error").text)
        self.assertIn("Ask for a new code", self.find("#code-error").text)
        # A second code within the minute: the send limit's wait is shown.
        buttons = [b for b in self.finds("button") if b.text == "Send a new code"]
        buttons[0].click()
        self.wait(lambda: "ask again in" in self.find("#code-error").text)
        self.assertFalse(buttons[0].is_enabled())
        self.shot("send-limit")

    # MARK: creating habits

    def test_icon_and_colour_from_the_form(self):
        """The icon field and the colour picker: a wrong icon is shown beside
        its field; the saved marks show on the habit screen and Today (the
        colour as a CSS custom property), and the form removes them."""
        self.sign_in()
        self.driver.get(BASE + "/#/new")
        name = self.wait(lambda: self.find("#name"))
        name.send_keys("Swim")
        # ChromeDriver types only the Basic Multilingual Plane: the emoji go in by script.
        set_value = "arguments[0].value = arguments[1]; arguments[0].dispatchEvent(new Event('input'))"
        self.driver.execute_script(set_value, self.find("#icon"), "🏊🏊")
        self.find("#has-color").click()
        self.driver.execute_script(set_value, self.find("#color"), "#1e90ff")
        self.find("#name").send_keys(Keys.ENTER)
        self.wait(lambda: "one emoji" in self.find("#error-icon").text)
        self.assertEqual(self.find("#icon").get_attribute("aria-invalid"), "true")
        self.assertIn("error-icon", self.find("#icon").get_attribute("aria-describedby"))
        self.shot("icon-error")
        self.driver.execute_script(set_value, self.find("#icon"), "🏊")
        self.find("#name").send_keys(Keys.ENTER)
        heading = self.wait(lambda: self.find("h1.marked"))
        self.assertEqual(heading.text, "🏊 Swim")
        self.assertEqual(self.driver.execute_script(
            "return arguments[0].style.getPropertyValue('--mark')", heading), "#1e90ff")
        habit_id = int(self.driver.current_url.rsplit("/", 1)[1])
        stored = self.api("GET", f"/me/habits/{habit_id}/")["body"]
        self.assertEqual((stored["icon"], stored["color"]), ("🏊", "#1e90ff"))
        self.reload_today()
        row = self.row(habit_id)
        self.assertEqual(row.find_element(By.CSS_SELECTOR, ".mark").text, "🏊")
        self.assertEqual(self.driver.execute_script(
            "return getComputedStyle(arguments[0]).getPropertyValue('--mark').trim()", row), "#1e90ff")
        self.shot("today-marks")
        self.driver.get(BASE + f"/#/habit/{habit_id}/edit")
        icon = self.wait(lambda: self.find("#icon"))
        self.assertEqual(icon.get_attribute("value"), "🏊")
        self.assertTrue(self.find("#has-color").is_selected())
        icon.clear()
        self.find("#has-color").click()
        self.find("#name").send_keys(Keys.ENTER)
        self.wait(lambda: self.find("h1.marked").text == "Swim")
        stored = self.api("GET", f"/me/habits/{habit_id}/")["body"]
        self.assertNotIn("icon", stored)
        self.assertNotIn("color", stored)

    def test_create_a_habit_with_every_field_error_then_for_real(self):
        self.sign_in()
        self.driver.get(BASE + "/#/new")
        name = self.wait(lambda: self.find("#name"))
        for box in self.finds("#action-days input"):
            if box.is_selected():
                self.driver.execute_script("arguments[0].click()", box)
        self.find("#target_value").clear()
        self.find("#measurement_type").clear()
        self.find("#start_date").clear()
        self.find("form button[type=submit]").click()
        self.wait(lambda: self.find("#error-name").text)
        for field in ("name", "measurement_type", "action_days", "target_value", "start_date"):
            self.assertNotEqual(self.find(f"#error-{field}").text, "", field)
        self.assertEqual(name.get_attribute("aria-invalid"), "true")
        self.assertIn("error-name", name.get_attribute("aria-describedby"))
        self.shot("create-errors")
        name.send_keys("Read")
        self.find("#measurement_type").send_keys("pages")
        self.find("#target_value").send_keys("20")
        self.driver.execute_script("arguments[0].value = arguments[1]", self.find("#start_date"), self.today())
        for box in self.finds("#action-days input")[:5]:
            self.driver.execute_script("arguments[0].click()", box)
        self.find("form button[type=submit]").click()
        self.wait(lambda: "/habit/" in self.driver.current_url)
        self.wait(lambda: "Read" in self.find("h1").text)
        habits = self.api("GET", "/me/habits/")["body"]["data"]
        self.assertEqual(len(habits), 1)
        self.assertEqual(habits[0]["name"], "Read")
        self.assertEqual(habits[0]["measurement_type"], "pages")
        self.assertEqual(habits[0]["target_value"], 20)
        self.assertEqual(habits[0]["action_days"], [1, 2, 3, 4, 5])

    def test_the_fifteen_habit_limit_and_today_with_fifteen_habits(self):
        self.sign_in()
        for number in range(15):
            self.create(f"Habit {number + 1}", target_value=1 + number % 3)
        timings = []
        # The best of up to ten loads, stopping at the first within the
        # budget: the machine running the tests may be busy with others.
        for _ in range(10):
            self.driver.get("about:blank")
            self.driver.get(BASE + "/")
            self.wait(lambda: len(self.finds("#today li.habit")) == 15)
            timings.append(self.driver.execute_script(
                "const mark = performance.getEntriesByName('today-ready')[0]; return mark && mark.startTime;"))
            if timings[-1] < 300:
                break
        best = min(timings)
        figure(f"navigation to a usable Today with 15 habits ({self.label}), ms (best of {len(timings)}; all {[round(t) for t in timings]})", round(best))
        if TIMING_LIMITS:
            self.assertLess(best, 300)
        self.assertIn("15 active habits", self.main_text())
        self.shot("today-15")
        with self.subTest("the Week grid with 15 habits"):
            button = self.week_button()
            if button is None:
                self.skipTest("no Week button on Today: the Week grid is not on this branch")
            # The view is remembered: the loads below open on the grid.
            self.open_week(button)
            rows = "document.querySelectorAll('main [role=grid] [role=rowheader], main [role=grid] th[scope=row]').length >= 15"
            marker = self.mark_when("grid-ready", rows)
            try:
                best, timings = self.best_load(BASE + "/", "grid-ready", lambda: self.driver.execute_script(f"return {rows}"))
            finally:
                self.driver.execute_cdp_cmd("Page.removeScriptToEvaluateOnNewDocument", {"identifier": marker})
            figure(f"navigation to a usable Week grid with 15 habits ({self.label}), ms (best of {len(timings)}; all {[round(t) for t in timings]})", round(best))
            if TIMING_LIMITS:
                self.assertLess(best, 300)
            self.shot("week-15")
            self.find_day_button().click()
            self.wait(lambda: self.finds("#today li.habit"))
        self.driver.get(BASE + "/#/new")
        self.wait(lambda: self.find("#limit"))
        self.assertIn("15 active habits", self.find("#limit").text)
        self.assertFalse(self.find("form button[type=submit]").is_enabled())
        self.shot("limit")

    def mark_when(self, name, test):
        """From the next page load on, marks `name` on the page's Performance
        timeline the first time the JavaScript expression `test` holds,
        checked at every change of the DOM: when a screen that marks nothing
        itself is usable. Answers the script's identifier, to remove it."""
        script = f"""
            new MutationObserver((records, observer) => {{
              if ({test}) {{ performance.mark({json.dumps(name)}); observer.disconnect(); }}
            }}).observe(document, {{ subtree: true, childList: true, attributes: true }});"""
        return self.driver.execute_cdp_cmd("Page.addScriptToEvaluateOnNewDocument", {"source": script})["identifier"]

    def best_load(self, url, mark, ready):
        """The best of up to ten loads of `url` (the time of `mark` after the
        navigation began), stopping at the first within the 300 ms budget:
        the machine running the tests may be busy with others."""
        timings = []
        for _ in range(10):
            self.driver.get("about:blank")
            self.driver.get(url)
            self.wait(ready, timeout=20)
            timings.append(self.wait(lambda: self.driver.execute_script(
                f"const mark = performance.getEntriesByName({json.dumps(mark)})[0]; return mark && mark.startTime;")))
            if timings[-1] < 300:
                break
        return min(timings), timings

    def test_a_habit_with_ten_years_opens_within_the_budget(self):
        """A daily habit with ten years of entries (written through the batch
        route): its screen, with its calendar and heatmap (and its charts,
        when the screen has them), is usable within 300 ms of the navigation."""
        self.sign_in()
        today = datetime.date.fromisoformat(self.today())
        start = today - datetime.timedelta(days=3652)
        habit = self.create("Run", measurement_type="km", target_value=5, start_date=start.isoformat(), color="#1e90ff")
        self.seed_history(habit, start, today - datetime.timedelta(days=1),
                          lambda day, n: "skip" if n % 17 == 0 else None if n % 5 == 0 else 5 if n % 3 else 3)
        url = BASE + f"/#/habit/{habit['id']}"
        self.driver.get(url)
        self.wait(lambda: self.finds("#calendar td[data-state]"), timeout=20)
        ready = "document.querySelector('#calendar td[data-state]') && document.querySelector('#heatmap i')"
        what = "calendar and heatmap"
        if self.charts_heading() is not None:
            self.charts()
            ready += " && document.querySelectorAll('main figure svg').length >= 4"
            what = "calendar, heatmap and charts"
        else:
            print("the habit screen has no Charts heading on this branch: measured without charts")
        self.shot("habit-ten-years")
        marker = self.mark_when("habit-ready", ready)
        try:
            best, timings = self.best_load(url, "habit-ready", lambda: self.driver.execute_script(f"return !!({ready})"))
        finally:
            self.driver.execute_cdp_cmd("Page.removeScriptToEvaluateOnNewDocument", {"identifier": marker})
        figure(f"navigation to a usable habit with ten years of daily entries, {what} ({self.label}), ms "
               f"(best of {len(timings)}; all {[round(t) for t in timings]})", round(best))
        if TIMING_LIMITS:
            self.assertLess(best, 300)

    def test_a_grid_tap_is_shown_within_the_budget(self):
        """A tap on today's cell of a habit counted in 1s in the Week grid
        changes the cell within 100 ms, and the check-in reaches the server."""
        self.sign_in()
        walk = self.create("Walk")
        self.create("Read", measurement_type="pages", target_value=20)
        self.reload_today()
        button = self.week_button()
        if button is None:
            self.skipTest("no Week button on Today: the Week grid is not on this branch")
        self.open_week(button)
        latency = self.driver.execute_async_script("""
            const [name, done] = arguments;
            // Today's cell (the last) of the habit's row, found again after any redraw.
            const cell = () => {
              const rows = [...document.querySelectorAll("main [role=grid] tr, main [role=grid] [role=row]")];
              const row = rows.find((r) => [...r.querySelectorAll("th, [role=rowheader]")].some((h) => h.textContent.includes(name)));
              const cells = row ? row.querySelectorAll("td, [role=gridcell]") : [];
              return cells[cells.length - 1];
            };
            const look = (element) => element ? [element.textContent, element.className, element.getAttribute("aria-label"),
              element.getAttribute("aria-pressed"), element.getAttribute("aria-checked"), element.dataset.state,
              ...[...element.querySelectorAll("*")].map((child) => [child.getAttribute("aria-label"), child.getAttribute("aria-pressed"),
                child.getAttribute("aria-checked"), child.className && child.className.baseVal !== undefined ? child.className.baseVal : child.className])].join("|") : "";
            const before = look(cell());
            const target = cell().querySelector("button, a, [tabindex]") || cell();
            let start;
            const observer = new MutationObserver(() => {
              if (look(cell()) !== before) { observer.disconnect(); done(performance.now() - start); }
            });
            observer.observe(document.getElementById("main"), { subtree: true, childList: true, attributes: true, characterData: true });
            setTimeout(() => { observer.disconnect(); done(-1); }, 5000);
            start = performance.now();
            target.click();""", "Walk")
        figure(f"a grid tap shown on screen ({self.label}), ms", round(latency, 2))
        self.assertGreaterEqual(latency, 0, "the cell did not change after the tap")
        if TIMING_LIMITS:
            self.assertLess(latency, 100)
        self.shot("grid-tap")
        today = self.today()
        self.wait(lambda: [e["value"] for e in self.api("GET", f"/me/habits/{walk['id']}/progress/?from={today}&to={today}")["body"]["data"]] == [1])

    # MARK: check-ins

    def test_check_ins_of_each_kind_and_the_completed_section(self):
        self.sign_in()
        walk = self.create("Walk", icon="🚶", color="#2e8b57")
        run = self.create("Run", measurement_type="km", target_value=5, icon="🏃", color="#1e90ff")
        floss = self.create("Floss", icon="🦷", color="#c2185b")
        self.reload_today()
        self.shot("today")
        # One tap: done, reflected at once.
        latency = self.driver.execute_script("""
            const button = document.querySelector('li.habit[data-id="' + arguments[0] + '"] button.primary');
            const start = performance.now();
            button.click();
            const row = document.querySelector('li.habit[data-id="' + arguments[0] + '"]');
            return row && row.dataset.state === "done" ? performance.now() - start : -1;""", walk["id"])
        figure(f"check-in reflected on screen ({self.label}), ms", round(latency, 2))
        self.assertGreaterEqual(latency, 0)
        if TIMING_LIMITS:
            self.assertLess(latency, 100)
        # An amount, then another: 2 + 3 reaches the 5 km.
        for value in ("2", "3"):
            self.act(lambda: self.row(run["id"]).find_element(By.CSS_SELECTOR, "input.amount").send_keys(value + Keys.ENTER))
            self.wait(lambda: self.api("GET", f"/me/habits/{run['id']}/progress/?from={self.today()}&to={self.today()}")["body"]["data"][:1]
                      and self.api("GET", f"/me/habits/{run['id']}/progress/?from={self.today()}&to={self.today()}")["body"]["data"][0]["value"] >= int(value))
        self.wait(lambda: self.row(run["id"]).get_attribute("data-state") == "done")
        # Skip.
        self.act(lambda: self.row(floss["id"]).find_element(By.XPATH, ".//button[text()='Skip']").click())
        self.wait(lambda: self.row(floss["id"]).get_attribute("data-state") == "skipped")
        self.wait(lambda: self.api("GET", f"/me/habits/?date={self.today()}&today={self.today()}")["body"]["data"][2]["completion_data"]["state"] == "skipped")
        self.wait(lambda: len(self.finds("#completed li.habit")) == 3)
        self.wait(lambda: "Completed (3)" in self.find("#completed").text)
        completed = self.find("#completed")
        self.assertIn("All done", self.main_text())
        self.shot("completed")
        # The section folds away and opens again.
        summary = completed.find_element(By.TAG_NAME, "summary")
        summary.click()
        self.assertIsNone(completed.get_attribute("open"))
        summary.click()
        # Undo takes the day back.
        self.act(lambda: self.row(walk["id"]).find_element(By.XPATH, ".//button[text()='Undo']").click())
        self.wait(lambda: self.row(walk["id"]).get_attribute("data-state") == "pending")
        server = self.api("GET", f"/me/habits/?date={self.today()}&today={self.today()}")["body"]["data"]
        states = {habit["id"]: habit["completion_data"]["state"] for habit in server}
        self.wait(lambda: {h["id"]: h["completion_data"]["state"] for h in self.api("GET", f"/me/habits/?date={self.today()}&today={self.today()}")["body"]["data"]}
                  == {walk["id"]: "pending", run["id"]: "done", floss["id"]: "skipped"}, message=str(states))

    def test_another_day_can_be_chosen(self):
        self.sign_in()
        self.create("Stretch", start_date="2020-01-01")
        self.reload_today()
        self.find('a[aria-label="Previous day"]').click()
        self.wait(lambda: "#/day/" in self.driver.current_url and self.finds("#today li.habit"))
        self.wait(lambda: self.finds("#today li.habit")[0].get_attribute("data-state") == "failed")
        self.act(lambda: self.finds("#today li.habit")[0].find_element(By.CSS_SELECTOR, "button.primary").click())
        self.wait(lambda: self.finds("#today li.habit")[0].get_attribute("data-state") == "done")

    # MARK: the habit screen

    def test_habit_screen_agrees_with_the_cli(self):
        self.sign_in()
        today = datetime.date.fromisoformat(self.today())
        start = today - datetime.timedelta(days=45)
        habit = self.create("Meditate", start_date=start.isoformat(), action_days=[1, 2, 3, 4, 5],
                            icon="🧘", color="#7b1fa2")
        for back in range(1, 45, 3):
            day = (today - datetime.timedelta(days=back)).isoformat()
            self.api("PUT", f"/me/habits/{habit['id']}/progress/{day}/", {"value": 1, "note": f"note {back}"})
        skipped = (today - datetime.timedelta(days=2)).isoformat()
        self.api("PUT", f"/me/habits/{habit['id']}/progress/{skipped}/", {"value": 0, "skipped": True})
        self.driver.get(BASE + f"/#/habit/{habit['id']}")
        self.wait(lambda: self.finds("#calendar td[data-state]"))
        # The CLI device's `habits show --json` for the same habit: its stats,
        # and the state of every day of the thirteen months up to this one.
        shown_by_cli = self.cli.json("show", str(habit["id"]), "--months", "13")
        cli_states = {day["date"]: day["state"] for month in shown_by_cli["months"] for day in month["days"]}
        stats = shown_by_cli["stats"]
        shown = dict(zip([e.text for e in self.finds("#stats dt")], [e.text for e in self.finds("#stats dd")]))
        self.assertEqual(shown["Current streak"], str(stats["current_streak"]))
        self.assertEqual(shown["Longest streak"], str(stats["longest_streak"]))
        self.assertEqual(shown["Done"], str(stats["success_count"]))
        self.assertEqual(shown["Missed"], str(stats["failed_count"]))
        self.assertEqual(shown["Skipped"], str(stats["skipped_count"]))
        # The CLI says "done" where the page's calendar says "done" too; the
        # words of both come from StatusRules.md.
        def check_month():
            cells = self.finds("#calendar td[data-state]")
            self.assertTrue(cells)
            for cell in cells:
                day = cell.get_attribute("data-date")
                self.assertEqual(cell.get_attribute("data-state"), cli_states[day], day)
                label = cell.find_element(By.CSS_SELECTOR, ".sr").get_attribute("textContent")
                self.assertIn(day[:4], label)
        check_month()
        self.shot("habit")
        self.find("#prev-month").click()
        self.wait(lambda: self.driver.switch_to.active_element.get_attribute("id") == "prev-month")
        check_month()
        heat = {e.get_attribute("data-date"): e.get_attribute("data-state") for e in self.finds("#heatmap i[data-date]")}
        compared = [day for day in heat if heat[day] and day in cli_states]
        self.assertGreaterEqual(len(compared), 300)
        for day in compared:
            self.assertEqual(heat[day], cli_states[day], day)
        done_days = [day for day, state in heat.items() if state == "done"]
        self.assertEqual(len(done_days), len([b for b in range(1, 45, 3) if (today - datetime.timedelta(days=b)).isoweekday() <= 5]))
        self.assertIn("note 1", self.main_text())

    def test_edit_archive_unarchive_and_delete_with_confirmation(self):
        self.sign_in()
        habit = self.create("Journal")
        self.driver.get(BASE + f"/#/habit/{habit['id']}/edit")
        name = self.wait(lambda: self.find("#name"))
        name.clear()
        name.send_keys("Journal daily")
        self.shot("edit")
        self.find("form button[type=submit]").click()
        self.wait(lambda: self.find("h1").text == "Journal daily")
        self.driver.get(BASE + f"/#/habit/{habit['id']}/edit")
        self.wait(lambda: [b for b in self.finds("button") if b.text == "Archive"])[0].click()
        self.wait(lambda: "archived" in self.main_text())
        self.assertEqual(self.api("GET", f"/me/habits/{habit['id']}/")["body"]["status"], "ARCHIVED")
        self.driver.get(BASE + f"/#/habit/{habit['id']}/edit")
        self.wait(lambda: [b for b in self.finds("button") if b.text == "Unarchive"])[0].click()
        self.wait(lambda: self.api("GET", f"/me/habits/{habit['id']}/")["body"]["status"] == "ACTIVE")
        self.driver.get(BASE + f"/#/habit/{habit['id']}/edit")
        delete = self.wait(lambda: [b for b in self.finds("button") if b.text == "Delete…"])[0]
        delete.click()
        dialog = self.wait(lambda: self.find("dialog[open]"))
        self.shot("delete-confirm")
        dialog.find_element(By.XPATH, ".//button[text()='Cancel']").click()
        self.assertEqual(self.api("GET", f"/me/habits/{habit['id']}/")["status"], 200)
        delete.click()
        self.wait(lambda: self.find("dialog[open]")).find_element(By.XPATH, ".//button[text()='Delete']").click()
        self.wait(lambda: self.api("GET", f"/me/habits/{habit['id']}/")["status"] == 404)
        self.wait(lambda: self.find("#today"))

    # MARK: settings

    def test_settings_export_and_sign_out(self):
        self.sign_in()
        self.create("Water", measurement_type="glasses", target_value=8)
        # A name, unit and note a spreadsheet would run as formulas.
        formula = self.create('=HYPERLINK("http://x.example","Click")', measurement_type="+pages")
        self.api("PUT", f"/me/habits/{formula['id']}/progress/{self.today()}/", {"value": 1, "note": "@SUM(1,2)"})
        self.driver.get(BASE + "/#/settings")
        self.wait(lambda: self.find("#account-email"))
        self.assertEqual(self.find("#account-email").text, self.email)
        self.assertIn(self.driver.execute_script("return Intl.DateTimeFormat().resolvedOptions().timeZone"), self.find("#time-zone").text)
        self.shot("settings")
        before = set(os.listdir(DOWNLOADS))
        self.find("#export-json").click()
        self.wait(lambda: "Exported" in self.find("#export-status").text)
        self.find("#export-csv").click()
        self.wait(lambda: len([n for n in set(os.listdir(DOWNLOADS)) - before if not n.endswith(".crdownload")]) == 2)
        for name in set(os.listdir(DOWNLOADS)) - before:
            with open(os.path.join(DOWNLOADS, name), encoding="utf-8") as file:
                text = file.read()
            if name.endswith(".json"):
                self.assertEqual(json.loads(text)["habits"][0]["name"], "Water")
            else:
                self.assertTrue(text.startswith("habit_id,habit,unit,date,value,skipped,note,goal,period_days,group\n"))
                # Each such cell is quoted text with a ' first, as the CLI's
                # export writes it (Tests/Web/csv-cells.json).
                self.assertIn(f'{formula["id"]},"\'=HYPERLINK(""http://x.example"",""Click"")","\'+pages",'
                              f'{self.today()},1,false,"\'@SUM(1,2)"', text)
        self.find("#sign-out").click()
        self.wait(lambda: self.find("#email"))
        # The session is revoked on the server: a reload does not come back signed in.
        self.driver.refresh()
        self.wait(lambda: self.find("#email"))
        self.assertEqual(self.api("GET", "/me/")["status"], 401)

    # MARK: keyboard

    def test_keyboard_only(self):
        """Signs in, switches Today to the Week view, checks in from the grid
        with the arrow keys and Enter, and opens a habit's charts, with Tab,
        arrows, typing and Enter alone: no click. The grid and the charts
        are found by the screen contract; their parts are skipped, saying
        so, only when they are not there (the Day view's Done button checks
        in instead)."""
        self.driver.get(BASE + "/")
        self.wait(lambda: self.find("#email"))
        actions = webdriver.ActionChains(self.driver)

        def press(*keys):
            for key in keys:
                actions.send_keys(key)
            actions.perform()

        def active():
            return self.driver.switch_to.active_element

        def tab_to(condition, limit=40, back=False):
            """Tabs (or shift-tabs) until the focused element meets `condition`."""
            for _ in range(limit):
                if condition(active()):
                    return active()
                if back:
                    actions.key_down(Keys.SHIFT).send_keys(Keys.TAB).key_up(Keys.SHIFT).perform()
                else:
                    press(Keys.TAB)
            self.assertTrue(condition(active()), f"no such element within {limit} tabs; at {active().tag_name} {active().accessible_name!r}")
            return active()

        # Tab from the top: the skip link, the brand, then the email field.
        tab_to(lambda element: element.get_attribute("id") == "email", limit=6)
        started = time.time() - 1
        press(self.email, Keys.ENTER)
        self.wait(lambda: active().get_attribute("id") != "email" and self.finds("#code"))
        tab_to(lambda element: element.get_attribute("id") == "code", limit=6)
        press(latest_code(self.email, started), Keys.ENTER)
        self.wait(lambda: self.finds("#today"))
        tea = self.create("Tea")
        self.reload_today()
        today = self.today()

        def tea_checked_in():
            entries = self.api("GET", f"/me/habits/{tea['id']}/progress/?from={today}&to={today}")["body"]["data"]
            return entries and entries[0]["value"] >= 1

        with self.subTest("checking in from the Week grid"):
            if self.week_button() is None:
                self.skipTest("no Week button on Today: the Week grid is not on this branch")
            tab_to(lambda element: element.text.strip() == "Week" and element.tag_name == "button")
            press(Keys.ENTER)
            self.wait(lambda: self.find("main [role=grid]"))
            self.assertEqual(self.find("main [role=grid]").accessible_name, self.grid_name())
            # Into the grid: one stop of the tab order (the grid pattern).
            tab_to(lambda element: self.driver.execute_script("return !!arguments[0].closest('[role=grid]')", element))
            where = """
                const cell = arguments[0].closest('td, th, [role=gridcell], [role=rowheader], [role=columnheader]');
                const row = cell.closest('tr, [role=row]');
                const rows = [...row.closest('[role=grid]').querySelectorAll('tr, [role=row]')];
                const target = rows.findIndex((r) => [...r.querySelectorAll('th, [role=rowheader]')].some((h) => h.textContent.includes(arguments[1])));
                return [rows.indexOf(row), [...row.children].indexOf(cell), target, row.children.length];"""
            # To Tea's row, then its last cell (today) with the arrows.
            for _ in range(10):
                row, column, target, columns = self.driver.execute_script(where, active(), "Tea")
                if row == target:
                    break
                press(Keys.ARROW_DOWN if row < target else Keys.ARROW_UP)
            for _ in range(10):
                row, column, target, columns = self.driver.execute_script(where, active(), "Tea")
                if column == columns - 1:
                    break
                press(Keys.ARROW_RIGHT)
            self.assertEqual((row, column), (target, columns - 1), "the arrows reach today's cell of Tea")
            self.shot("keyboard-grid")
            press(Keys.ENTER)
            self.wait(tea_checked_in, message="Enter on the grid's cell checks in")
            # Back to the Day view, with the keyboard.
            tab_to(lambda element: element.text.strip() == "Day" and element.tag_name == "button", back=True)
            press(Keys.ENTER)
            self.wait(lambda: self.finds("#today li.habit"))
        if not tea_checked_in():
            done = tab_to(lambda element: element.get_attribute("aria-label") == "Done: Tea")
            outline = self.driver.execute_script("return getComputedStyle(document.activeElement).outlineStyle")
            self.assertNotEqual(outline, "none", "focus is visible")
            self.shot("keyboard-focus")
            self.assertEqual(done.get_attribute("aria-label"), "Done: Tea")
            press(Keys.ENTER)
            self.wait(lambda: self.finds("li.habit[data-state=done]"))
            self.wait(tea_checked_in)
        # The habit's screen from its name on Today, then its charts.
        tab_to(lambda element: element.tag_name == "a" and (element.get_attribute("href") or "").endswith(f"#/habit/{tea['id']}"))
        press(Keys.ENTER)
        self.wait(lambda: self.find("main h1").text == "Tea" and self.finds("#calendar td[data-state]"))
        self.assertEqual(active(), self.find("main h1"))
        with self.subTest("opening the charts"):
            if self.charts_heading() is None:
                self.skipTest("no Charts heading on the habit screen: the charts are not on this branch")
            self.charts()
            summary = tab_to(lambda element: element.tag_name == "summary" and self.driver.execute_script(
                "return !!arguments[0].closest('figure')", element), limit=80)
            press(Keys.ENTER)
            details = self.driver.execute_script("return arguments[0].parentElement", summary)
            self.wait(lambda: details.get_attribute("open") is not None)
            self.assertTrue(details.find_element(By.CSS_SELECTOR, "table").is_displayed())
            self.shot("keyboard-charts")

    # MARK: the second model (issue 38): every kind, groups, the day boundary

    def needs_the_new_model(self, **fields):
        """Skips unless the server takes `fields` on a habit: a probe that
        is refused anyway (no name), so it creates nothing. The kinds,
        goals and groups are lifted on the server by its own branch."""
        body = {"name": "", "frequency": "DAILY", "measurement_type": "times",
                "start_date": self.today(), "action_days": [1, 2, 3, 4, 5, 6, 7], "target_value": 1}
        body.update(fields)
        answer = self.api("POST", "/me/habits/", body)
        refused = set(answer["body"].get("fields", {})) & {"frequency", "goal", "period_days", "group"}
        if refused:
            self.skipTest(f"the server does not take {sorted(refused)} yet (needs issue 38's server branch)")

    def fill_form(self, name, frequency="DAILY", period_days=None, goal="AT_LEAST", unit="times", target="1", group=""):
        """Fills the new-habit form (already open) and submits it."""
        field = self.wait(lambda: self.find("#name"))
        field.send_keys(name)
        Select(self.find("#frequency")).select_by_value(frequency)
        # N is asked only for "Every N days".
        self.assertEqual(self.find("#period_days").is_displayed(), frequency == "EVERY_N_DAYS")
        if period_days is not None:
            self.find("#period_days").clear()
            self.find("#period_days").send_keys(str(period_days))
        Select(self.find("#goal")).select_by_value(goal)
        self.find("#measurement_type").clear()
        self.find("#measurement_type").send_keys(unit)
        self.find("#target_value").clear()
        self.find("#target_value").send_keys(target)
        self.find("#group").send_keys(group)
        self.find("form button[type=submit]").click()

    def test_each_kind_is_created_through_the_form_and_checked_in(self):
        self.sign_in()
        self.needs_the_new_model(frequency="MONTHLY", goal="AT_MOST", group="Home")
        self.needs_the_new_model(frequency="EVERY_N_DAYS", period_days=3)
        kinds = (
            ("Pay the rent", {"frequency": "MONTHLY"}, "once a month"),
            ("Water the plants", {"frequency": "EVERY_N_DAYS", "period_days": 3}, "every 3 days"),
            ("Coffee", {"goal": "AT_MOST", "unit": "cups", "target": "2"}, "at most 2 cups a day"),
        )
        made = {}
        for name, fields, words in kinds:
            self.driver.get(BASE + "/#/new")
            self.fill_form(name, **fields)
            self.wait(lambda: "/habit/" in self.driver.current_url and name in self.find("h1").text)
            self.wait(lambda: words in self.find("main p.meta").text)
            made[name] = int(self.driver.current_url.rstrip("/").split("/")[-1])
        self.shot("habit-every-3-days")
        saved = {habit["name"]: habit for habit in self.api("GET", "/me/habits/")["body"]["data"]}
        self.assertEqual(saved["Pay the rent"]["frequency"], "MONTHLY")
        self.assertEqual((saved["Water the plants"]["frequency"], saved["Water the plants"]["period_days"]), ("EVERY_N_DAYS", 3))
        self.assertEqual((saved["Coffee"]["goal"], saved["Coffee"]["target_value"], saved["Coffee"]["measurement_type"]), ("AT_MOST", 2, "cups"))
        # An edit keeps them.
        self.driver.get(BASE + f"/#/habit/{made['Water the plants']}/edit")
        self.wait(lambda: self.find("#period_days").get_attribute("value") == "3")
        self.assertEqual(self.find("#frequency").get_attribute("value"), "EVERY_N_DAYS")
        self.driver.get(BASE + f"/#/habit/{made['Coffee']}/edit")
        self.wait(lambda: self.find("#goal").get_attribute("value") == "AT_MOST")
        self.assertFalse(self.find("#period_days").is_displayed())
        self.find("form button[type=submit]").click()
        self.wait(lambda: "/edit" not in self.driver.current_url)
        self.assertEqual(self.api("GET", f"/me/habits/{made['Coffee']}/")["body"]["goal"], "AT_MOST")
        # Check-ins: a bare done fills the month's and the block's one time;
        # a limit counts one cup a tap, on track with what is left, then over.
        self.reload_today()
        for name in ("Pay the rent", "Water the plants"):
            self.act(lambda: self.row(made[name]).find_element(By.CSS_SELECTOR, "button.primary").click())
            self.wait(lambda: self.row(made[name]).get_attribute("data-state") == "done")
        coffee = made["Coffee"]
        self.assertIn("On track", self.row(coffee).text)
        self.assertNotIn(coffee, [int(row.get_attribute("data-id")) for row in self.finds("#todo-title + ul li.habit")])
        self.act(lambda: self.row(coffee).find_element(By.CSS_SELECTOR, "button.primary").click())
        self.wait(lambda: "1 / 2 cups, 1 left" in self.row(coffee).text)
        self.assertEqual(self.row(coffee).get_attribute("data-state"), "pending")
        self.wait(lambda: self.api("GET", f"/me/habits/{coffee}/progress/?from={self.today()}&to={self.today()}")["body"]["data"][:1])
        self.shot("today-limit-on-track")
        for _ in range(2):
            self.act(lambda: self.row(coffee).find_element(By.CSS_SELECTOR, "button.primary").click())
        # Over the limit: failed at once.
        self.wait(lambda: self.row(coffee).get_attribute("data-state") == "failed")
        self.assertIn("Over the limit", self.row(coffee).text)
        self.wait(lambda: self.api("GET", f"/me/habits/{coffee}/progress/?from={self.today()}&to={self.today()}")["body"]["data"][0]["value"] == 3)
        self.wait(lambda: {h["id"]: h["completion_data"]["state"] for h in self.api("GET", f"/me/habits/?date={self.today()}&today={self.today()}")["body"]["data"]}
                  == {made["Pay the rent"]: "done", made["Water the plants"]: "done", coffee: "failed"})
        # The calendar marks the block's planned days with its state, and says so.
        self.driver.get(BASE + f"/#/habit/{made['Water the plants']}")
        cell = self.wait(lambda: self.find(f'#calendar td[data-date="{self.today()}"]'))
        self.assertEqual(cell.get_attribute("data-state"), "done")
        self.assertIn("for the 3 days", cell.find_element(By.CSS_SELECTOR, ".sr").get_attribute("textContent"))
        self.shot("habit-block-done")

    def test_a_field_error_of_the_new_fields_shows_under_its_field(self):
        self.sign_in()
        self.needs_the_new_model(frequency="EVERY_N_DAYS", period_days=3)
        self.driver.get(BASE + "/#/new")
        self.fill_form("Plants", frequency="EVERY_N_DAYS", period_days=1)
        self.wait(lambda: self.find("#error-period_days").text)
        self.assertEqual(self.find("#period_days").get_attribute("aria-invalid"), "true")
        self.assertIn("error-period_days", self.find("#period_days").get_attribute("aria-describedby"))
        self.shot("period-days-error")
        self.assertEqual(self.axe_violations(), [])

    def test_today_is_grouped_by_group(self):
        self.sign_in()
        self.needs_the_new_model(group="Morning")
        stretch = self.create("Stretch", group="Morning")
        if stretch.get("group") != "Morning":
            self.skipTest("the server does not keep a habit's group yet (needs issue 38's server branch)")
        read = self.create("Read")
        floss = self.create("Floss", group="evening")
        tea = self.create("Tea", group="MORNING")
        self.reload_today()
        headings = [heading.text for heading in self.finds("#today section.group > h2")]
        # Without case, as first written, in first-seen order, ungrouped last.
        self.assertEqual(headings, ["Morning", "evening", "Other habits"])
        ids = [[int(row.get_attribute("data-id")) for row in section.find_elements(By.CSS_SELECTOR, "li.habit")]
               for section in self.finds("#today section.group")]
        self.assertEqual(ids, [[stretch["id"], tea["id"]], [floss["id"]], [read["id"]]])
        self.shot("today-grouped")
        self.assertEqual(self.axe_violations(), [])
        # No habit with a group: no group headings.
        for habit in (stretch, floss, tea):
            self.assertEqual(self.api("PATCH", f"/me/habits/{habit['id']}/", {"group": None})["status"], 200)
        # A get of the URL already shown only moves to its fragment: the
        # page must load again to read the list again.
        self.driver.refresh()
        self.wait(lambda: self.finds("#today li.habit"))
        self.assertEqual(self.finds("#today section.group"), [])
        self.assertTrue(self.find("#todo-title"))

    def test_the_day_starts_at_the_accounts_boundary(self):
        # A time zone where it is 01:xx now (by the server's clock, which the
        # app follows), and a day that starts at 03:00: today is yesterday.
        hour = datetime.datetime.now(datetime.timezone.utc).hour
        offset = (1 - hour) % 24
        if offset > 14:
            offset -= 24
        zone = "Etc/GMT" + ("" if offset == 0 else f"{-offset:+d}")
        self.driver.execute_cdp_cmd("Emulation.setTimezoneOverride", {"timezoneId": zone})
        self.sign_in()
        answer = self.api("PATCH", "/me/", {"day_starts_at": "03:00"})
        if answer["status"] != 200 or answer["body"].get("day_starts_at") != "03:00":
            self.skipTest(f"the server does not keep day_starts_at yet (needs issue 38's server branch): {answer}")
        local = self.today()
        self.assertEqual(self.driver.execute_script("return new Date().getHours()"), 1, zone)
        yesterday = (datetime.date.fromisoformat(local) - datetime.timedelta(days=1)).isoformat()
        habit = self.create("Night walk", start_date=yesterday)
        # A new page load: the app reads the account (and its boundary) once.
        self.driver.refresh()
        self.wait(lambda: self.finds("#today li.habit"))
        self.wait(lambda: self.find("#day").get_attribute("value") == yesterday)
        self.assertEqual(self.find("h1").text, "Today")
        self.act(lambda: self.row(habit["id"]).find_element(By.CSS_SELECTOR, "button.primary").click())
        # The check-in is the previous date's.
        self.wait(lambda: [e["date"] for e in self.api("GET", f"/me/habits/{habit['id']}/progress/?from={yesterday}&to={local}")["body"]["data"]] == [yesterday])
        self.shot("day-boundary")
        self.driver.get(BASE + "/#/settings")
        self.wait(lambda: self.find("#day_starts_at").get_attribute("value") == "03:00")
        self.assertIn("03:00", self.find("#time-zone").text)
        self.assertEqual(self.axe_violations(), [])
        # Changed back in Settings: today is the calendar's date again.
        field = self.find("#day_starts_at")
        self.driver.execute_script("arguments[0].value = '00:00'", field)
        self.find("#save-day-start").click()
        self.wait(lambda: "Saved" in self.find("#day-start-status").text)
        self.assertEqual(self.api("GET", "/me/")["body"]["day_starts_at"], "00:00")
        self.driver.get(BASE + "/#/")
        self.wait(lambda: self.find("#day").get_attribute("value") == local)

    # MARK: accessibility

    def axe_violations(self):
        """axe-core's WCAG 2.x A and AA violations on the page as it is
        (the tags up to WCAG 2.2 AA)."""
        axe = Axe(self.driver)
        axe.inject()
        results = axe.run(options={"runOnly": {"type": "tag", "values": [
            "wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"]}})
        return [(v["id"], v["impact"], [n["target"] for n in v["nodes"]][:3]) for v in results["violations"]]

    def scheme(self, name):
        """Emulates `prefers-color-scheme: name` (light or dark) on the page as it is."""
        self.driver.execute_cdp_cmd("Emulation.setEmulatedMedia", {"features": [{"name": "prefers-color-scheme", "value": name}]})
        self.assertEqual(self.driver.execute_script(
            "return matchMedia('(prefers-color-scheme: dark)').matches"), name == "dark")

    def axe_in_both_schemes(self, screens, name):
        """Runs axe on the screen as it is in light, then in dark (contrast is
        checked again with the dark colours), back to light after."""
        for scheme in ("light", "dark"):
            self.scheme(scheme)
            screens[f"{name} ({scheme})"] = self.axe_violations()
        self.scheme("light")

    def week_button(self):
        """The view switch's "Week" button on Today (the screen contract), or None."""
        found = self.driver.find_elements(By.XPATH, "//main//button[normalize-space()='Week']")
        return found[0] if found else None

    def grid_name(self):
        """The Week grid's name by the screen contract: 5 days on a phone (< 600 px), else 7."""
        width = self.driver.execute_script("return window.innerWidth")
        return "Last 5 days" if width < 600 else "Last 7 days"

    def open_week(self, button=None):
        """Switches Today to the Week view with its button and waits for the grid."""
        (button or self.week_button()).click()
        grid = self.wait(lambda: self.find("main [role=grid]"))
        self.assertEqual(self.find("main [role=grid]").accessible_name, self.grid_name())
        return grid

    def charts_heading(self, timeout=5):
        """The habit screen's "Charts" heading (the screen contract), waited
        for up to `timeout` seconds after the calendar is drawn, or None."""
        def heading():
            found = self.driver.find_elements(By.XPATH, "//main//*[self::h2 or self::h3][normalize-space()='Charts']")
            return found[0] if found else None
        try:
            return self.wait(heading, timeout=timeout)
        except TimeoutException:
            return None

    def charts(self):
        """The four chart figures once drawn: each a figcaption, an svg
        role=img and a "Numbers" disclosure holding a table."""
        def drawn():
            figures = self.finds("main figure")
            return len(figures) >= 4 and all(
                figure.find_elements(By.CSS_SELECTOR, "figcaption") and figure.find_elements(By.CSS_SELECTOR, "svg[role=img]")
                and figure.find_elements(By.CSS_SELECTOR, "details > summary") for figure in figures) and figures
        figures = self.wait(drawn, message="the four charts")
        for figure in figures:
            self.assertEqual(figure.find_element(By.CSS_SELECTOR, "details > summary").text.strip(), "Numbers")
            self.assertNotEqual(figure.find_element(By.CSS_SELECTOR, "figcaption").text.strip(), "")
        return figures

    def seed_history(self, habit, first, last, value=lambda day, n: 1):
        """Writes a habit's entries from `first` to `last` (dates) through the
        batch route, 1,000 days a request; `value(day, n)` gives the value
        of the n-th day, None for no entry, "skip" for a skipped day."""
        entries, day, n = [], first, 0
        while day <= last:
            given = value(day, n)
            if given == "skip":
                entries.append({"date": day.isoformat(), "value": 0, "skipped": True})
            elif given is not None:
                entries.append({"date": day.isoformat(), "value": given})
            day += datetime.timedelta(days=1)
            n += 1
        for start in range(0, len(entries), 1000):
            answer = self.api("PUT", f"/me/habits/{habit['id']}/progress/", {"entries": entries[start:start + 1000]})
            self.assertEqual(answer["status"], 200, answer)

    def test_every_screen_passes_axe_at_each_size_in_light_and_dark(self):
        """axe-core finds nothing (WCAG 2.0, 2.1 and 2.2, A and AA) on the
        sign-in, code, Today (Day and Week views), habit (with its charts),
        form and Settings screens, in light and in dark; each test class runs
        it at its size (390, 360 and 1280 px wide). The Week grid and the
        charts are found by the screen contract; a sub-check is skipped,
        saying so, only when its element is not there."""
        screens = {}
        self.driver.get(BASE + "/")
        email = self.wait(lambda: self.find("#email"))
        self.axe_in_both_schemes(screens, "sign-in")
        started = time.time() - 1
        email.send_keys(self.email + Keys.ENTER)
        code = self.wait(lambda: self.find("#code"))
        self.axe_in_both_schemes(screens, "code")
        code.send_keys(latest_code(self.email, started) + Keys.ENTER)
        self.wait(lambda: self.finds("#today .empty"))
        self.axe_in_both_schemes(screens, "empty Today")
        today = datetime.date.fromisoformat(self.today())
        start = today - datetime.timedelta(days=120)
        habit = self.create("Read", measurement_type="pages", target_value=20, start_date=start.isoformat(), icon="📚", color="#7b1fa2")
        self.create("Walk", start_date=start.isoformat())
        self.seed_history(habit, start, today - datetime.timedelta(days=1),
                          lambda day, n: "skip" if n % 11 == 0 else None if n % 4 == 0 else 20 if n % 3 else 12)
        self.api("PUT", f"/me/habits/{habit['id']}/progress/{self.today()}/", {"value": 20, "note": "a good book"})
        self.reload_today()
        self.axe_in_both_schemes(screens, "Today, Day view")
        with self.subTest("Today, Week view"):
            button = self.week_button()
            if button is None:
                self.skipTest("no Week button on Today: the Week grid is not on this branch")
            self.open_week(button)
            self.axe_in_both_schemes(screens, "Today, Week view")
            self.shot("today-week")
            self.find_day_button().click()
            self.wait(lambda: self.finds("#today li.habit"))
        self.driver.get(BASE + f"/#/habit/{habit['id']}")
        self.wait(lambda: self.finds("#calendar td[data-state]"))
        name = "habit"
        with self.subTest("the habit screen's charts"):
            if self.charts_heading() is None:
                self.skipTest("no Charts heading on the habit screen: the charts are not on this branch")
            # Each chart's numbers open, so axe reads the tables too.
            for figure in self.charts():
                details = figure.find_element(By.CSS_SELECTOR, "details")
                if details.get_attribute("open") is None:
                    details.find_element(By.CSS_SELECTOR, "summary").click()
            name = "habit with its charts"
        self.axe_in_both_schemes(screens, name)
        self.shot("habit-axe")
        self.driver.get(BASE + f"/#/habit/{habit['id']}/edit")
        self.wait(lambda: self.find("#name"))
        self.axe_in_both_schemes(screens, "edit")
        # The form with every field it can show: N for "Every N days", a limit.
        self.driver.get(BASE + "/#/new")
        self.wait(lambda: self.find("#frequency"))
        Select(self.find("#frequency")).select_by_value("EVERY_N_DAYS")
        Select(self.find("#goal")).select_by_value("AT_MOST")
        self.assertTrue(self.find("#period_days").is_displayed())
        self.axe_in_both_schemes(screens, "new, every N days, at most")
        self.shot("new-every-n-days")
        self.driver.get(BASE + "/#/settings")
        self.wait(lambda: self.find("#account-email"))
        self.axe_in_both_schemes(screens, "settings")
        self.scheme("dark")
        self.shot("settings-dark")
        self.assertEqual({name: found for name, found in screens.items() if found}, {})

    def find_day_button(self):
        return self.driver.find_element(By.XPATH, "//main//button[normalize-space()='Day']")

    def test_a_desktop_shows_the_list_beside_a_habit(self):
        """From 1024 px a habit's screen has Today's list beside it, in the
        list's order, the open habit marked as the current page, under an
        h2 of its own (the habit's name stays the one h1 and takes the
        focus); narrower, and on Today, one column."""
        self.sign_in()
        walk = self.create("Walk", icon="🚶", color="#2e8b57")
        read = self.create("Read", measurement_type="pages", target_value=20)
        self.create("Floss")
        order = [habit["id"] for habit in self.api("GET", f"/me/habits/?date={self.today()}&today={self.today()}")["body"]["data"]]
        self.driver.get(BASE + f"/#/habit/{read['id']}")
        self.wait(lambda: self.finds("#calendar td[data-state]"))
        self.assertEqual(len(self.finds("h1")), 1)
        self.assertEqual(self.driver.switch_to.active_element, self.find("main h1"))
        wide = self.driver.execute_script("return window.innerWidth") >= 1024
        if not wide:
            self.assertFalse(self.find("#side").is_displayed())
            self.assertEqual(self.finds("#side a"), [])
            self.shot("habit-one-column")
            return
        links = self.wait(lambda: len(self.finds("#side li a")) == 3 and self.finds("#side li a"))
        self.assertEqual(self.find("#side h2").text, "Today")
        self.assertEqual(self.find("#side").accessible_name, "Today")
        self.assertEqual([int(link.get_attribute("data-id")) for link in links], order)
        self.assertEqual([link.get_attribute("aria-current") for link in links],
                         ["page" if habit_id == read["id"] else None for habit_id in order])
        self.assertIn("To do", self.find(f'#side a[data-id="{walk["id"]}"]').text)
        side, main = self.find("#side").rect, self.find("main").rect
        self.assertLessEqual(side["x"] + side["width"], main["x"])
        self.assertLess(abs(side["y"] - main["y"]), 40)
        self.shot("habit-side-by-side")
        self.assertEqual(self.axe_violations(), [])
        # Another habit from the list: its screen, the focus on its name.
        self.find(f'#side a[data-id="{walk["id"]}"]').click()
        self.wait(lambda: self.find("main h1").text == "🚶 Walk")
        self.wait(lambda: self.find(f'#side a[data-id="{walk["id"]}"]').get_attribute("aria-current") == "page")
        self.assertIsNone(self.find(f'#side a[data-id="{read["id"]}"]').get_attribute("aria-current"))
        self.assertEqual(self.driver.switch_to.active_element, self.find("main h1"))
        # Narrower: one column, without reloading the screen; the focus, in
        # the column as it goes, moves to the screen's heading.
        self.driver.execute_script("arguments[0].focus()", self.find(f'#side a[data-id="{read["id"]}"]'))
        self.driver.set_window_size(900, 800)
        self.wait(lambda: not self.find("#side").is_displayed())
        self.assertEqual(self.find("main h1").text, "🚶 Walk")
        self.assertEqual(self.driver.switch_to.active_element, self.find("main h1"))
        self.driver.set_window_size(*self.size)
        self.wait(lambda: self.find("#side").is_displayed() and len(self.finds("#side li a")) == 3)
        # Today itself is one column.
        self.driver.get(BASE + "/#/")
        self.wait(lambda: self.finds("#today li.habit"))
        self.assertFalse(self.find("#side").is_displayed())
        self.assertEqual(len(self.finds("h1")), 1)

    def test_the_dark_scheme_and_reduced_motion_follow_the_system(self):
        """The colours follow prefers-color-scheme (the page's and the
        browser's own, through color-scheme); with prefers-reduced-motion:
        reduce nothing animates (the loading spinner stands still)."""
        self.driver.get(BASE + "/")
        self.wait(lambda: self.find("#email"))
        colours = "return [getComputedStyle(document.body).backgroundColor, getComputedStyle(document.body).color, getComputedStyle(document.getElementById('email')).backgroundColor]"
        self.scheme("light")
        self.assertEqual(self.driver.execute_script(colours), ["rgb(255, 255, 255)", "rgb(26, 28, 30)", "rgb(255, 255, 255)"])
        self.scheme("dark")
        self.assertEqual(self.driver.execute_script(colours), ["rgb(18, 20, 22)", "rgb(232, 234, 236)", "rgb(18, 20, 22)"])
        self.assertEqual(self.driver.execute_script("return getComputedStyle(document.documentElement).colorScheme"), "light dark")
        spinner = "const s = document.body.appendChild(document.createElement('span')); s.className = 'spinner'; const name = getComputedStyle(s).animationName; s.remove(); return name;"
        self.assertEqual(self.driver.execute_script(spinner), "spin")
        self.driver.execute_cdp_cmd("Emulation.setEmulatedMedia", {"features": [{"name": "prefers-reduced-motion", "value": "reduce"}]})
        self.assertEqual(self.driver.execute_script(spinner), "none")

    def test_the_app_is_installable(self):
        """Chromium finds nothing missing for installing the app: the
        manifest parses, its icons, start_url and display are right, and
        the service worker controls the page."""
        self.driver.get(BASE + "/")
        self.wait(lambda: self.find("#email"))
        self.driver.execute_async_script("navigator.serviceWorker.ready.then(() => arguments[0]())")
        manifest = self.driver.execute_cdp_cmd("Page.getAppManifest", {})
        self.assertEqual(manifest.get("errors"), [], manifest)
        self.assertTrue(manifest["url"].endswith("/manifest.webmanifest"))
        errors = self.driver.execute_cdp_cmd("Page.getInstallabilityErrors", {})["installabilityErrors"]
        self.assertEqual(errors, [])

    # MARK: the docs' screenshots

    def test_docs_screenshots(self):
        """With HABITS_DOCS_SCREENSHOTS=1, writes the web app article's
        pictures into HabitServer.docc/Resources: the Week grid on a phone
        (web-grid.png, 390 px) and a habit's charts on a desktop, beside
        Today's list (web-charts.png, 1280 px). Skipped otherwise, so a test
        run leaves the docs alone."""
        if os.environ.get("HABITS_DOCS_SCREENSHOTS") != "1":
            self.skipTest("set HABITS_DOCS_SCREENSHOTS=1 to write the docs' screenshots")
        if self.label not in ("phone", "desktop"):
            self.skipTest("the docs show the phone and the desktop sizes")
        self.sign_in()
        today = datetime.date.fromisoformat(self.today())
        start = today - datetime.timedelta(days=200)
        made = {}
        for name, fields, pattern in (
                ("Walk", {"icon": "🚶", "color": "#2e8b57"}, lambda day, n: None if n % 6 == 0 else 1),
                ("Read", {"icon": "📚", "color": "#7b1fa2", "measurement_type": "pages", "target_value": 20},
                 lambda day, n: "skip" if n % 13 == 0 else None if n % 5 == 0 else 20 if n % 4 else 12),
                ("Run", {"icon": "🏃", "color": "#1e90ff", "frequency": "WEEKLY", "measurement_type": "km",
                         "target_value": 15, "action_days": [2, 4, 6]},
                 lambda day, n: 5 if day.isoweekday() in (2, 4, 6) and n % 9 else None),
                ("Floss", {"icon": "🦷", "color": "#c2185b"}, lambda day, n: 1 if n % 3 else None),
                ("Coffee", {"icon": "☕", "color": "#795548", "goal": "AT_MOST", "measurement_type": "cups", "target_value": 2},
                 lambda day, n: 1 + n % 3)):
            habit = self.create(name, start_date=start.isoformat(), **fields)
            self.seed_history(habit, start, today - datetime.timedelta(days=1), pattern)
            made[name] = habit
        self.api("PUT", f"/me/habits/{made['Walk']['id']}/progress/{today.isoformat()}/", {"value": 1})
        resources = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..",
                                 "Sources", "HabitServer", "HabitServer.docc", "Resources")
        if self.label == "phone":
            self.reload_today()
            button = self.week_button()
            if button is None:
                self.skipTest("no Week button on Today: the Week grid is not on this branch")
            self.open_week(button)
            self.driver.execute_script("window.scrollTo(0, 0)")
            self.shot("docs-grid")
            self.driver.save_screenshot(os.path.join(resources, "web-grid.png"))
            return
        self.driver.get(BASE + f"/#/habit/{made['Read']['id']}")
        self.wait(lambda: self.finds("#calendar td[data-state]") and len(self.finds("#side li a")) == 5)
        heading = self.charts_heading()
        if heading is None:
            self.skipTest("no Charts heading on the habit screen: the charts are not on this branch")
        self.charts()
        # Tall enough for Today's list and the charts together, side by side.
        height = self.driver.execute_script("return document.documentElement.scrollHeight")
        self.driver.set_window_size(self.size[0], min(height + 120, 2400))
        self.driver.execute_script("window.scrollTo(0, 0)")
        self.shot("docs-charts")
        self.driver.save_screenshot(os.path.join(resources, "web-charts.png"))

    # MARK: offline

    def test_offline_check_ins_reach_the_server_once_back(self):
        self.allowed_console = re.compile(EXPECTED_NETWORK.pattern + "|ERR_INTERNET_DISCONNECTED")
        self.sign_in()
        habit = self.create("Offline walk")
        self.reload_today()
        # The service worker has the shell once it is active.
        self.driver.execute_async_script("navigator.serviceWorker.ready.then(() => arguments[0]())")
        self.reload_today()
        self.driver.set_network_conditions(offline=True, latency=0, download_throughput=-1, upload_throughput=-1)
        try:
            self.row(habit["id"]).find_element(By.CSS_SELECTOR, "button.primary").click()
            self.wait(lambda: "1 check-in waiting" in self.find("#pending").text)
            # The app opens without a network and shows the day.
            self.driver.refresh()
            self.wait(lambda: self.finds("#today li.habit"))
            self.assertIn("Offline", self.main_text())
            self.assertIn("1 check-in waiting", self.find("#pending").text)
            self.shot("offline")
        finally:
            self.driver.set_network_conditions(offline=False, latency=0, download_throughput=-1, upload_throughput=-1)
        self.driver.execute_script("window.dispatchEvent(new Event('online'))")
        self.wait(lambda: self.find("#pending").text == "", timeout=20)
        entries = self.api("GET", f"/me/habits/{habit['id']}/progress/?from={self.today()}&to={self.today()}")["body"]["data"]
        self.assertEqual([entry["value"] for entry in entries], [1])
        # The CLI device sees the check-in once (a retried send adds nothing).
        listed = self.cli.json("list")
        mine = [item for item in listed["habits"] if item["id"] == habit["id"]]
        self.assertEqual(mine[0]["completion_data"]["current"], 1)
        self.assertEqual(mine[0]["completion_data"]["state"], "done")

    def test_order_moves_survive_reload_and_reach_the_cli(self):
        """Up and down buttons (and, on a wide screen, drag and drop) move a
        habit on Today; the order is the habits' positions, so it survives a
        reload and another device lists it."""
        self.sign_in()
        read, run, walk = (self.create(name)["id"] for name in ("Read", "Run", "Walk"))
        self.reload_today()
        shown = lambda: [int(row.get_attribute("data-id")) for row in self.finds("#todo-title ~ ul li.habit")]
        self.wait(lambda: shown() == [read, run, walk])
        self.assertFalse(self.row(read).find_element(By.CSS_SELECTOR, "button.move-up").is_enabled())
        self.assertFalse(self.row(walk).find_element(By.CSS_SELECTOR, "button.move-down").is_enabled())
        def click(button):
            self.driver.execute_script("arguments[0].scrollIntoView({block: 'center'})", button)
            button.click()
        self.act(lambda: click(self.row(walk).find_element(By.CSS_SELECTOR, "button.move-up")))
        self.wait(lambda: shown() == [read, walk, run])
        # Focus stays on the moved habit's button: Enter moves it again.
        focused = self.driver.switch_to.active_element
        self.assertEqual(focused.get_attribute("aria-label"), "Move up: Walk")
        focused.send_keys(Keys.ENTER)
        self.wait(lambda: shown() == [walk, read, run])
        self.shot("today-moved")
        self.wait(lambda: [habit["id"] for habit in self.api("GET", "/me/habits/")["body"]["data"]] == [walk, read, run])
        if self.size[0] >= 1024:
            # Drag and drop: Run dropped on Walk's upper half goes first.
            self.assertEqual(self.row(run).get_attribute("draggable"), "true")
            self.driver.execute_script("""
                const [source, target] = arguments;
                const data = new DataTransfer();
                source.dispatchEvent(new DragEvent("dragstart", { bubbles: true, dataTransfer: data }));
                const box = target.getBoundingClientRect();
                target.dispatchEvent(new DragEvent("drop", { bubbles: true, cancelable: true, dataTransfer: data, clientY: box.top + 2 }));
                source.dispatchEvent(new DragEvent("dragend", { bubbles: true, dataTransfer: data }));
            """, self.row(run), self.row(walk))
            self.wait(lambda: shown() == [run, walk, read])
            expected = [run, walk, read]
        else:
            self.assertNotEqual(self.row(run).get_attribute("draggable"), "true")
            expected = [walk, read, run]
        self.wait(lambda: [habit["id"] for habit in self.api("GET", "/me/habits/")["body"]["data"]] == expected)
        self.driver.refresh()
        self.wait(lambda: shown() == expected)
        names = {read: "Read", run: "Run", walk: "Walk"}
        listed = self.cli.json("list")
        self.assertEqual([item["name"] for item in listed["habits"]], [names[i] for i in expected])

    def test_order_move_offline_waits_and_is_sent_once_back(self):
        """A move made offline shows at once, survives a reload without a
        network (the kept day), and its PATCH is sent once back."""
        self.allowed_console = re.compile(EXPECTED_NETWORK.pattern + "|ERR_INTERNET_DISCONNECTED")
        self.sign_in()
        first, second = (self.create(name)["id"] for name in ("Floss", "Stretch"))
        self.reload_today()
        self.driver.execute_async_script("navigator.serviceWorker.ready.then(() => arguments[0]())")
        self.reload_today()
        shown = lambda: [int(row.get_attribute("data-id")) for row in self.finds("#todo-title ~ ul li.habit")]
        self.wait(lambda: shown() == [first, second])
        self.driver.set_network_conditions(offline=True, latency=0, download_throughput=-1, upload_throughput=-1)
        try:
            button = self.row(second).find_element(By.CSS_SELECTOR, "button.move-up")
            self.driver.execute_script("arguments[0].scrollIntoView({block: 'center'})", button)
            button.click()
            self.wait(lambda: shown() == [second, first])
            # The first move numbers the list: two writes wait.
            self.wait(lambda: "2 check-ins waiting" in self.find("#pending").text)
            self.driver.refresh()
            self.wait(lambda: shown() == [second, first])
        finally:
            self.driver.set_network_conditions(offline=False, latency=0, download_throughput=-1, upload_throughput=-1)
        self.driver.execute_script("window.dispatchEvent(new Event('online'))")
        self.wait(lambda: self.find("#pending").text == "", timeout=20)
        listed = self.api("GET", "/me/habits/")["body"]["data"]
        self.assertEqual([habit["id"] for habit in listed], [second, first])

    def test_offline_today_comes_from_the_change_feed(self):
        """The replica read through the feed shows a day never opened online,
        with the check-ins of another device and the waiting ones."""
        self.allowed_console = re.compile(EXPECTED_NETWORK.pattern + "|ERR_INTERNET_DISCONNECTED")
        self.sign_in()
        water = self.create("Water", measurement_type="glasses", target_value=8, icon="💧", color="#1e90ff")
        self.reload_today()
        self.driver.execute_async_script("navigator.serviceWorker.ready.then(() => arguments[0]())")
        # What another device does reaches this one through the feed.
        self.api("POST", f"/me/habits/{water['id']}/progress/{self.today()}/increment/", {"amount": 3},
                 key='"' + str(time.time()) + '"')
        self.driver.execute_script("window.dispatchEvent(new Event('online'))")
        self.wait(lambda: "3 / 8 glasses" in self.row(water["id"]).text, timeout=40)
        cursor = self.driver.execute_async_script("""
            const done = arguments[0];
            const request = indexedDB.open("habits");
            request.onsuccess = () => {
              const get = request.result.transaction("meta").objectStore("meta").get("cursor");
              get.onsuccess = () => done(get.result || null);
            };""")
        self.assertTrue(cursor)
        self.driver.set_network_conditions(offline=True, latency=0, download_throughput=-1, upload_throughput=-1)
        try:
            yesterday = (datetime.date.fromisoformat(self.today()) - datetime.timedelta(days=1)).isoformat()
            self.driver.get(BASE + f"/#/day/{yesterday}")
            self.wait(lambda: self.finds("#today li.habit"))
            self.assertIn("Offline", self.main_text())
            self.driver.get(BASE + "/#/")
            self.wait(lambda: "3 / 8 glasses" in self.row(water["id"]).text)
            self.row(water["id"]).find_element(By.CSS_SELECTOR, "button.primary").click()
            self.wait(lambda: "1 check-in waiting" in self.find("#pending").text)
            self.driver.refresh()
            self.wait(lambda: "8 / 8 glasses" in self.row(water["id"]).text)
            self.assertIn("💧", self.row(water["id"]).text)
        finally:
            self.driver.set_network_conditions(offline=False, latency=0, download_throughput=-1, upload_throughput=-1)
        self.driver.execute_script("window.dispatchEvent(new Event('online'))")
        self.wait(lambda: self.find("#pending").text == "", timeout=20)
        entries = self.api("GET", f"/me/habits/{water['id']}/progress/?from={self.today()}&to={self.today()}")["body"]["data"]
        # "Done" sent what was left as an increment: 3 + 5.
        self.assertEqual([entry["value"] for entry in entries], [8])

    # MARK: the Week view (issue 40: a grid)

    def days_ago(self, count):
        return (datetime.date.fromisoformat(self.today()) - datetime.timedelta(days=count)).isoformat()

    def grid_days(self):
        """How many days the Week view shows at this window's width."""
        return 5 if self.size[0] < 600 else 7

    def open_week_drawn(self):
        """Today, switched to the Week view, with every cell drawn from the history answer."""
        self.reload_today()
        self.act(lambda: self.find('.viewswitch button[data-view="week"]').click())
        self.wait(lambda: self.finds('table[role="grid"] td[role="gridcell"]')
                  and not self.finds('table[role="grid"] td[data-state="unknown"]'))
        return self.find('table[role="grid"]')

    def cell(self, habit_id, date):
        return self.find(f'table[role="grid"] tr[data-id="{habit_id}"] td[data-date="{date}"]')

    def entries(self, habit_id, date):
        return self.api("GET", f"/me/habits/{habit_id}/progress/?from={date}&to={date}")["body"]["data"]

    def touch(self, element, hold=0.05):
        """A touch on `element` held `hold` seconds, by the touch events'
        own timestamps (the app measures a long press between its pointer
        events), so the test waits for nothing."""
        x, y = self.driver.execute_script("""
            arguments[0].scrollIntoView({block: "center"});
            const box = arguments[0].getBoundingClientRect();
            return [box.x + box.width / 2, box.y + box.height / 2];""", element)
        start = time.time()
        self.driver.execute_cdp_cmd("Input.dispatchTouchEvent", {
            "type": "touchStart", "touchPoints": [{"x": x, "y": y}], "timestamp": start})
        self.driver.execute_cdp_cmd("Input.dispatchTouchEvent", {
            "type": "touchEnd", "touchPoints": [], "timestamp": start + hold})

    def focused_cell(self):
        active = self.driver.switch_to.active_element
        return (active.get_attribute("data-row"), active.get_attribute("data-col"), active.get_attribute("data-date"))

    def test_grid_switch_columns_and_names(self):
        """Day and Week are toggle buttons, the choice kept on the device; the
        Week view is a grid named for its days (5 on a phone, 7 on a
        desktop): a row header per habit, a column header per day, and each
        cell named by its habit, date and state."""
        self.sign_in()
        read = self.create("Read", measurement_type="pages", target_value=20, start_date=self.days_ago(10))
        walk = self.create("Walk", start_date=self.days_ago(10))
        self.api("PUT", f"/me/habits/{walk['id']}/progress/{self.days_ago(1)}/", {"value": 1})
        self.api("PUT", f"/me/habits/{read['id']}/progress/{self.days_ago(1)}/", {"value": 5})
        self.reload_today()
        day, week = self.find('.viewswitch button[data-view="day"]'), self.find('.viewswitch button[data-view="week"]')
        self.assertEqual((day.text, week.text), ("Day", "Week"))
        self.assertEqual((day.get_attribute("aria-pressed"), week.get_attribute("aria-pressed")), ("true", "false"))
        grid = self.open_week_drawn()
        count = self.grid_days()
        self.assertEqual(self.find('.viewswitch button[data-view="week"]').get_attribute("aria-pressed"), "true")
        self.assertEqual(self.find('.viewswitch button[data-view="day"]').get_attribute("aria-pressed"), "false")
        self.assertEqual(self.driver.execute_script("return localStorage.getItem('habits.today-view')"), "week")
        self.assertEqual(grid.accessible_name, f"Last {count} days")
        self.assertEqual(len(grid.find_elements(By.CSS_SELECTOR, '[role="columnheader"]')), count + 1)
        self.assertEqual([header.text for header in grid.find_elements(By.CSS_SELECTOR, '[role="rowheader"]')], ["Read", "Walk"])
        cells = grid.find_elements(By.CSS_SELECTOR, '[role="gridcell"]')
        self.assertEqual(len(cells), 2 * count)
        self.assertEqual([cell.get_attribute("data-date") for cell in cells[:count]],
                         [self.days_ago(count - 1 - i) for i in range(count)])
        yesterday = self.driver.execute_script(
            "return new Intl.DateTimeFormat(undefined, {weekday: 'long', day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC'})"
            ".format(new Date(arguments[0] + 'T12:00:00Z'))", self.days_ago(1))
        self.assertEqual(self.cell(walk["id"], self.days_ago(1)).accessible_name, f"Walk, {yesterday}: Done, once")
        self.assertEqual(self.cell(read["id"], self.days_ago(1)).accessible_name, f"Read, {yesterday}: Missed, 5 pages")
        self.assertIn("(today): To do", self.cell(walk["id"], self.today()).accessible_name)
        self.assertEqual(self.cell(read["id"], self.days_ago(1)).find_element(By.CSS_SELECTOR, ".cell-mark").text, "5")
        self.shot("week")
        # Across 600 px the grid is drawn again with the other number of days.
        other = 7 if count == 5 else 5
        self.driver.set_window_size(800 if other == 7 else 390, self.size[1])
        self.wait(lambda: self.find('table[role="grid"]').accessible_name == f"Last {other} days")
        self.assertEqual(len(self.finds('table[role="grid"] tr[data-id] td[role="gridcell"]')), 2 * other)
        self.driver.set_window_size(*self.size)
        self.wait(lambda: self.find('table[role="grid"]').accessible_name == f"Last {count} days")
        # Kept on the device: a reload opens the Week view again.
        self.driver.refresh()
        self.wait(lambda: self.finds('table[role="grid"] td[data-state="done"]'))
        self.find('.viewswitch button[data-view="day"]').click()
        self.wait(lambda: self.finds("#today li.habit"))
        self.assertEqual(self.finds('table[role="grid"]'), [])
        self.assertEqual(self.driver.execute_script("return localStorage.getItem('habits.today-view')"), "day")

    def test_grid_touch_taps_and_long_presses(self):
        """On a touch screen a tap records done (and a second clears it) for
        a habit counted in ones; a press held 500 ms skips (and a second
        clears the skip); a weekly habit's cell shows the day's own entry
        and the week's state."""
        self.sign_in()
        walk = self.create("Walk", start_date=self.days_ago(10))
        gym = self.create("Gym", frequency="WEEKLY", target_value=3, start_date=self.days_ago(20))
        self.open_week_drawn()
        # A tap shows at once, before any answer.
        latency = self.driver.execute_script("""
            const cell = document.querySelector(`table[role="grid"] tr[data-id="${arguments[0]}"] td[data-date="${arguments[1]}"]`);
            const start = performance.now();
            cell.click();
            return cell.dataset.state === "done" ? performance.now() - start : -1;""", walk["id"], self.today())
        figure(f"grid tap reflected on screen ({self.label}), ms", round(latency, 2))
        self.assertGreaterEqual(latency, 0)
        if TIMING_LIMITS:
            self.assertLess(latency, 100)
        self.wait(lambda: [entry["value"] for entry in self.entries(walk["id"], self.today())] == [1])
        yesterday = self.days_ago(1)
        self.touch(self.cell(walk["id"], yesterday))
        # Shown at once, focus on the cell.
        self.assertEqual(self.cell(walk["id"], yesterday).get_attribute("data-state"), "done")
        self.assertEqual(self.focused_cell()[2], yesterday)
        self.wait(lambda: [entry["value"] for entry in self.entries(walk["id"], yesterday)] == [1])
        self.touch(self.cell(walk["id"], yesterday))
        self.wait(lambda: self.entries(walk["id"], yesterday) == [])
        self.wait(lambda: self.cell(walk["id"], yesterday).get_attribute("data-state") == "failed")
        # A short press is still a tap; a long one skips.
        self.touch(self.cell(walk["id"], yesterday), hold=0.7)
        self.wait(lambda: self.cell(walk["id"], yesterday).get_attribute("data-state") == "skipped")
        self.wait(lambda: [entry["skipped"] for entry in self.entries(walk["id"], yesterday)] == [True])
        self.assertIn("Skipped", self.cell(walk["id"], yesterday).accessible_name)
        self.touch(self.cell(walk["id"], yesterday), hold=0.7)
        self.wait(lambda: self.entries(walk["id"], yesterday) == [])
        self.wait(lambda: self.cell(walk["id"], yesterday).get_attribute("data-state") == "failed")
        # The weekly habit: the day gets its own entry; the week is still to do.
        self.touch(self.cell(gym["id"], self.today()))
        self.wait(lambda: [entry["value"] for entry in self.entries(gym["id"], self.today())] == [1])
        self.wait(lambda: self.cell(gym["id"], self.today()).get_attribute("data-value") == "1")
        name = self.cell(gym["id"], self.today()).accessible_name
        self.assertIn("for the week, once this day", name)
        self.shot("week-touch")

    def test_grid_keyboard(self):
        """The grid is one tab stop; arrows, Home, End and Ctrl+Home/End move
        in it; Enter or Space records done or clears it, s skips or clears
        the skip, and focus stays on the cell; Enter on a habit's name opens it."""
        self.sign_in()
        read = self.create("Read", start_date=self.days_ago(10))
        tea = self.create("Tea", start_date=self.days_ago(10))
        self.open_week_drawn()
        count = self.grid_days()

        def press(key, control=False):
            chain = webdriver.ActionChains(self.driver)
            if control:
                chain.key_down(Keys.CONTROL).send_keys(key).key_up(Keys.CONTROL)
            else:
                chain.send_keys(key)
            chain.perform()

        # From the Week button, one Tab enters the grid at the first habit's today.
        self.driver.execute_script("arguments[0].focus()", self.find('.viewswitch button[data-view="week"]'))
        press(Keys.TAB)
        self.assertEqual(self.focused_cell(), ("0", str(count), self.today()))
        press(Keys.ARROW_LEFT)
        self.assertEqual(self.focused_cell(), ("0", str(count - 1), self.days_ago(1)))
        press(Keys.ARROW_DOWN)
        self.assertEqual(self.focused_cell()[:2], ("1", str(count - 1)))
        press(Keys.ARROW_DOWN)
        self.assertEqual(self.focused_cell()[:2], ("1", str(count - 1)))
        press(Keys.HOME)
        self.assertEqual(self.driver.switch_to.active_element.text, "Tea")
        press(Keys.END)
        self.assertEqual(self.focused_cell(), ("1", str(count), self.today()))
        press(Keys.HOME, control=True)
        self.assertEqual(self.driver.switch_to.active_element.text, "Read")
        press(Keys.END, control=True)
        self.assertEqual(self.focused_cell(), ("1", str(count), self.today()))
        # One tab stop: the focused cell.
        self.assertEqual(len(self.finds('table[role="grid"] [tabindex="0"]')), 1)
        press(Keys.ENTER)
        self.assertEqual(self.cell(tea["id"], self.today()).get_attribute("data-state"), "done")
        self.wait(lambda: [entry["value"] for entry in self.entries(tea["id"], self.today())] == [1])
        self.assertEqual(self.focused_cell(), ("1", str(count), self.today()))
        self.shot("week-keyboard")
        press(Keys.SPACE)
        self.wait(lambda: self.entries(tea["id"], self.today()) == [])
        self.wait(lambda: self.cell(tea["id"], self.today()).get_attribute("data-state") == "pending")
        press("s")
        self.wait(lambda: [entry["skipped"] for entry in self.entries(tea["id"], self.today())] == [True])
        self.assertEqual(self.cell(tea["id"], self.today()).get_attribute("data-state"), "skipped")
        press("s")
        self.wait(lambda: self.entries(tea["id"], self.today()) == [])
        self.assertEqual(self.focused_cell(), ("1", str(count), self.today()))
        # Tab leaves the grid in one step; Shift+Tab comes back to the same cell.
        press(Keys.TAB)
        self.assertNotEqual(self.driver.switch_to.active_element.get_attribute("data-row"), "1")
        webdriver.ActionChains(self.driver).key_down(Keys.SHIFT).send_keys(Keys.TAB).key_up(Keys.SHIFT).perform()
        self.assertEqual(self.focused_cell(), ("1", str(count), self.today()))
        press(Keys.HOME, control=True)
        press(Keys.ENTER)
        self.wait(lambda: self.driver.current_url.endswith(f"#/habit/{read['id']}"))

    def test_grid_amount_dialog_for_a_habit_not_counted_in_ones(self):
        """A habit with an amount opens the amount on a tap (a click here):
        the day's amount is set, shown in the cell and said in its name; 0
        clears it; the context menu skips."""
        self.sign_in()
        water = self.create("Water", measurement_type="glasses", target_value=8, start_date=self.days_ago(10))
        self.open_week_drawn()
        yesterday = self.days_ago(1)
        self.cell(water["id"], yesterday).click()
        field = self.wait(lambda: self.find("#grid-amount"))
        self.assertEqual(self.find("#grid-amount-dialog label").text, "Amount of glasses")
        self.shot("week-amount")
        field.send_keys("3" + Keys.ENTER)
        self.wait(lambda: [entry["value"] for entry in self.entries(water["id"], yesterday)] == [3])
        self.wait(lambda: self.cell(water["id"], yesterday).find_element(By.CSS_SELECTOR, ".cell-mark").text == "3")
        self.assertEqual(self.cell(water["id"], yesterday).get_attribute("data-state"), "failed")
        self.assertIn("Missed, 3 glasses", self.cell(water["id"], yesterday).accessible_name)
        self.assertEqual(self.focused_cell()[2], yesterday)
        # The amount reaches the target: done.
        self.act(lambda: self.cell(water["id"], self.today()).click())
        field = self.wait(lambda: self.find("#grid-amount"))
        field.send_keys("8" + Keys.ENTER)
        self.wait(lambda: self.cell(water["id"], self.today()).get_attribute("data-state") == "done")
        self.wait(lambda: [entry["value"] for entry in self.entries(water["id"], self.today())] == [8])
        # Enter on the cell opens it too; Escape leaves the day as it was; 0 clears it.
        self.act(lambda: self.cell(water["id"], yesterday).send_keys(Keys.ENTER))
        self.assertEqual(self.wait(lambda: self.find("#grid-amount")).get_attribute("value"), "3")
        self.find("#grid-amount").send_keys(Keys.ESCAPE)
        self.wait(lambda: not self.finds("#grid-amount"))
        self.act(lambda: self.cell(water["id"], yesterday).click())
        field = self.wait(lambda: self.find("#grid-amount"))
        self.assertEqual(field.get_attribute("value"), "3")
        field.clear()
        field.send_keys("0" + Keys.ENTER)
        self.wait(lambda: self.entries(water["id"], yesterday) == [])
        # A right click (the context menu) skips.
        webdriver.ActionChains(self.driver).context_click(self.cell(water["id"], yesterday)).perform()
        self.wait(lambda: [entry["skipped"] for entry in self.entries(water["id"], yesterday)] == [True])
        self.wait(lambda: self.cell(water["id"], yesterday).get_attribute("data-state") == "skipped")
        self.assertEqual(self.finds("#grid-amount"), [])

    def test_grid_offline_tap_reaches_the_server_once_back(self):
        """A tap without a network goes to the outbox and shows at once; the
        Week view opens offline from what the device kept; back online the
        check-in reaches the server once."""
        self.allowed_console = re.compile(EXPECTED_NETWORK.pattern + "|ERR_INTERNET_DISCONNECTED")
        self.sign_in()
        habit = self.create("Stretch", start_date=self.days_ago(10))
        self.open_week_drawn()
        self.driver.execute_async_script("navigator.serviceWorker.ready.then(() => arguments[0]())")
        self.driver.refresh()
        self.wait(lambda: self.finds('table[role="grid"] td[data-state="pending"]'))
        self.driver.set_network_conditions(offline=True, latency=0, download_throughput=-1, upload_throughput=-1)
        try:
            self.act(lambda: self.cell(habit["id"], self.today()).click())
            self.assertEqual(self.cell(habit["id"], self.today()).get_attribute("data-state"), "done")
            self.wait(lambda: "1 check-in waiting" in self.find("#pending").text)
            # The app opens without a network and shows the days as kept, the tap included.
            self.driver.refresh()
            self.wait(lambda: self.finds('table[role="grid"] td[role="gridcell"]'))
            self.assertEqual(self.cell(habit["id"], self.today()).get_attribute("data-state"), "done")
            self.assertEqual(self.cell(habit["id"], self.days_ago(1)).get_attribute("data-state"), "failed")
            self.assertIn("Offline", self.find("#today .notice").text)
            self.shot("week-offline")
        finally:
            self.driver.set_network_conditions(offline=False, latency=0, download_throughput=-1, upload_throughput=-1)
        self.driver.execute_script("window.dispatchEvent(new Event('online'))")
        self.wait(lambda: self.find("#pending").text == "", timeout=20)
        self.assertEqual([entry["value"] for entry in self.entries(habit["id"], self.today())], [1])
        self.driver.execute_script("window.dispatchEvent(new Event('online'))")
        self.driver.get(BASE + "/#/")
        self.wait(lambda: self.cell(habit["id"], self.today()).get_attribute("data-state") == "done")
        self.assertEqual(self.finds("#today .notice"), [])
        self.assertEqual([entry["value"] for entry in self.entries(habit["id"], self.today())], [1])

    def test_grid_passes_axe_in_light_and_dark(self):
        self.sign_in()
        walk = self.create("Walk", start_date=self.days_ago(10), icon="🚶", color="#2e8b57")
        water = self.create("Water", measurement_type="glasses", target_value=8, start_date=self.days_ago(3))
        self.create("Gym", frequency="WEEKLY", target_value=3, start_date=self.days_ago(20), action_days=[1, 3, 5])
        self.create("Cigarettes", goal="AT_MOST", target_value=2, start_date=self.days_ago(10))
        self.api("PUT", f"/me/habits/{walk['id']}/progress/{self.days_ago(1)}/", {"value": 1})
        self.api("PUT", f"/me/habits/{walk['id']}/progress/{self.days_ago(2)}/", {"value": 0, "skipped": True})
        self.api("PUT", f"/me/habits/{water['id']}/progress/{self.days_ago(1)}/", {"value": 3})
        self.open_week_drawn()
        found = {"week": self.axe_violations()}
        self.shot("week-states")
        self.driver.execute_cdp_cmd("Emulation.setEmulatedMedia", {"features": [{"name": "prefers-color-scheme", "value": "dark"}]})
        self.driver.refresh()
        self.wait(lambda: self.finds('table[role="grid"] td[data-state="done"]'))
        found["week (dark)"] = self.axe_violations()
        self.shot("week-dark")
        self.assertEqual({name: violations for name, violations in found.items() if violations}, {})

    # MARK: offline, continued

    def test_a_refused_check_in_stays_until_discarded(self):
        """A check-in made offline that the server refuses once the network
        is back is kept, shown with the server's reason (as text), across a
        reload, until the person discards it."""
        self.allowed_console = re.compile(EXPECTED_NETWORK.pattern + "|ERR_INTERNET_DISCONNECTED")
        self.sign_in()
        # The name is markup: the list shows it as these characters.
        habit = self.create(XSS, measurement_type="km", target_value=5)
        self.reload_today()
        self.driver.execute_async_script("navigator.serviceWorker.ready.then(() => arguments[0]())")
        self.reload_today()
        self.assertTrue(self.find("#refused").get_attribute("hidden") is not None)
        self.driver.set_network_conditions(offline=True, latency=0, download_throughput=-1, upload_throughput=-1)
        try:
            # More than a day may hold (1,000,000,000): the server refuses it.
            field = self.row(habit["id"]).find_element(By.CSS_SELECTOR, "input.amount")
            field.send_keys("2000000000" + Keys.ENTER)
            self.wait(lambda: "1 check-in waiting" in self.find("#pending").text)
        finally:
            self.driver.set_network_conditions(offline=False, latency=0, download_throughput=-1, upload_throughput=-1)
        self.driver.execute_script("window.dispatchEvent(new Event('online'))")
        self.wait(lambda: self.find("#refused li"), timeout=20)
        self.assertEqual(self.find("#pending").text, "")
        # Today no longer counts it: drawn again from the server.
        self.wait(lambda: "0 / 5 km" in self.row(habit["id"]).text)
        refused = self.find("#refused")
        self.assertIn("Not saved (1)", refused.text)
        self.assertIn(f"Add 2000000000 km: {XSS}", refused.text)
        self.assertIn("less than or equal to 1000000000", refused.text)
        self.assertEqual(self.finds("#refused img"), [])
        self.shot("refused")
        self.assertEqual(self.axe_violations(), [])
        entries = self.api("GET", f"/me/habits/{habit['id']}/progress/?from={self.today()}&to={self.today()}")["body"]["data"]
        self.assertEqual(entries, [])
        # Kept on the device: a reload, and the next sends, leave it there.
        self.reload_today()
        self.wait(lambda: "Not saved (1)" in self.find("#refused").text)
        self.driver.execute_script("window.dispatchEvent(new Event('online'))")
        self.assertIn("less than or equal to 1000000000", self.find("#refused").text)
        self.act(lambda: self.find("#refused li button").click())
        self.wait(lambda: self.find("#refused").get_attribute("hidden") is not None)
        self.reload_today()
        self.assertEqual(self.finds("#refused li"), [])

    # MARK: charts

    def charts_history(self, habit_id, start, today=None):
        """The history endpoint's answer for the habit screen's year (from
        the later of the start date and a year back), through the API."""
        today = today or self.today()
        year_back = (datetime.date.fromisoformat(today) - datetime.timedelta(days=364)).isoformat()
        since = max(start, year_back)
        answer = self.api("GET", f"/me/habits/{habit_id}/history/?from={since}&to={today}&today={today}")
        self.assertEqual(answer["status"], 200, answer)
        return answer["body"]

    def charts_table(self, chart):
        """The rows of a chart's numbers table, each a list of its cells' text."""
        return self.driver.execute_script("""
            return [...document.querySelectorAll(`#${arguments[0]} table tbody tr`)]
              .map((row) => [...row.cells].map((cell) => cell.textContent));""", chart)

    def charts_open(self):
        """The habit screen with its charts drawn and every "Numbers" disclosure open."""
        self.wait(lambda: len(self.finds("#charts figure.chart")) == 4, timeout=20)
        for summary in self.finds("#charts details > summary"):
            self.driver.execute_script("arguments[0].scrollIntoView({block: 'center'})", summary)
            summary.click()
        self.wait(lambda: all(d.get_attribute("open") is not None for d in self.finds("#charts details")))

    @staticmethod
    def charts_amount(value):
        """A number as the page writes it (ui.js `amount`): 3, 2.5."""
        rounded = round(float(value) * 1e6) / 1e6
        return str(int(rounded)) if rounded == int(rounded) else repr(rounded)

    @staticmethod
    def charts_percent(share):
        """A share as the tables write it, to one decimal: 0.6153 -> 61.5."""
        value = math.floor(share * 1000 + 0.5) / 10
        return str(int(value)) if value == int(value) else repr(value)

    def charts_check(self, answer, habit):
        """Every chart's table and SVG agree with the history `answer`."""
        periods = answer["periods"]
        self.assertEqual(self.charts_table("chart-strength"),
                         [[p["start"], p["end"], self.charts_percent(p["strength"])] for p in periods])
        self.assertEqual(len(self.finds("#chart-strength svg circle")), len(periods))
        last = math.floor(periods[-1]["strength"] * 100 + 0.5)
        self.assertIn(f"Strength {last} %", self.find("#chart-strength figcaption").text)
        # The totals the Week/Month switch has chosen.
        kind = self.find('#chart-totals button[aria-pressed="true"]').get_attribute("data-value")
        totals = answer["totals"][kind]
        self.assertEqual([row[1:] for row in self.charts_table("chart-totals")],
                         [[self.charts_amount(t["value"]), self.charts_amount(t["target"])] for t in totals])
        self.assertEqual(len(self.finds("#chart-totals .bars rect")), len(totals))
        self.assertEqual(len(self.finds("#chart-totals .targets line")), len(totals))
        longest = sorted(answer["streaks"], key=lambda s: (s["length"], s["start"]), reverse=True)[:5]
        noun = {"DAILY": "day", "WEEKLY": "week", "MONTHLY": "month"}.get(habit["frequency"], "period")
        of = "" if noun != "period" else f" of {habit['period_days']} days"
        count = lambda n: f"{n} {noun}{'' if n == 1 else 's'}{of}"
        self.assertEqual(self.charts_table("chart-streaks"), [[s["start"], s["end"], count(s["length"])] for s in longest])
        self.assertEqual(len(self.finds("#chart-streaks svg rect")), len(longest))
        if longest:
            self.assertIn(f"Longest streak {count(longest[0]['length'])}", self.find("#chart-streaks figcaption").text)
        self.assertEqual([row[1:3] for row in self.charts_table("chart-weekdays")],
                         [[str(d["logged"]), str(d["planned"])] for d in answer["weekdays"]])
        self.assertEqual(len(self.finds("#chart-weekdays svg rect")), 7)
        for chart in ("chart-strength", "chart-totals", "chart-streaks", "chart-weekdays"):
            svg = self.find(f"#{chart} svg")
            self.assertEqual(svg.get_attribute("role"), "img")
            self.assertEqual(self.find("#" + svg.get_attribute("aria-labelledby")).tag_name, "figcaption")
            self.assertNotEqual(self.find(f"#{chart} figcaption").text, "")

    def charts_habit(self, name="Swim", days_back=500, frequency="WEEKLY", target=3, every=3):
        """A habit started `days_back` days ago with a check-in every `every` days."""
        today = datetime.date.fromisoformat(self.today())
        start = (today - datetime.timedelta(days=days_back)).isoformat()
        habit = self.create(name, frequency=frequency, target_value=target, start_date=start, color="#7b1fa2")
        days = [(today - datetime.timedelta(days=back)).isoformat() for back in range(0, days_back, every)]
        # Sent from the page, several at a time.
        failed = self.driver.execute_async_script("""
            const [id, days, done] = arguments;
            (async () => {
              const web = {"X-Habits-Client": "web", "Content-Type": "application/json"};
              const tokens = await (await fetch("/api/auth/token/refresh/", {method: "POST", headers: web, body: "{}"})).json();
              const headers = {...web, Authorization: "Bearer " + tokens.access};
              let failed = 0;
              for (let i = 0; i < days.length; i += 8) {
                await Promise.all(days.slice(i, i + 8).map(async (day) => {
                  const answer = await fetch(`/api/me/habits/${id}/progress/${day}/`, {method: "PUT", headers, body: JSON.stringify({value: 1})});
                  if (!answer.ok) failed += 1;
                }));
              }
              done(failed);
            })().catch((error) => done(String(error)));""", habit["id"], days)
        self.assertEqual(failed, 0)
        return habit, start

    def test_charts_agree_with_the_history_answer_and_zoom_to_all(self):
        self.sign_in()
        habit, start = self.charts_habit()
        self.driver.get(BASE + f"/#/habit/{habit['id']}")
        self.charts_open()
        self.assertEqual(self.find("#charts h2").text, "Charts")
        self.assertEqual([e.text for e in self.finds("#charts details > summary")], ["Numbers"] * 4)
        answer = self.charts_history(habit["id"], start)
        self.assertGreater(len(answer["periods"]), 40)
        self.charts_check(answer, habit)
        # The habit's colour paints the data, as an attribute.
        self.assertEqual(self.find("#chart-strength svg circle").get_attribute("fill"), "#7b1fa2")
        self.assertIn("over the year", self.find("#chart-strength figcaption").text)
        self.shot("charts")
        # Week/Month: the totals per month, the switch saying which.
        month = self.find('#chart-totals button[data-value="months"]')
        self.assertEqual(month.get_attribute("aria-pressed"), "false")
        month.click()
        self.wait(lambda: self.find('#chart-totals button[data-value="months"]').get_attribute("aria-pressed") == "true")
        self.assertEqual(self.driver.switch_to.active_element.get_attribute("data-value"), "months")
        self.assertEqual(self.find('#chart-totals button[data-value="weeks"]').get_attribute("aria-pressed"), "false")
        self.assertGreater(len(answer["totals"]["months"]), 10)
        self.charts_check(answer, habit)
        self.assertIn("a month", self.find("#chart-totals figcaption").text)
        # Year/All: the whole history, from the start date.
        self.find('#chart-strength button[data-value="all"]').click()
        self.wait(lambda: self.find('#chart-strength button[data-value="all"]').get_attribute("aria-pressed") == "true")
        self.assertEqual(self.driver.switch_to.active_element.get_attribute("data-value"), "all")
        today = self.today()
        everything = self.api("GET", f"/me/habits/{habit['id']}/history/?from={start}&to={today}&today={today}")["body"]
        self.assertGreater(len(everything["periods"]), len(answer["periods"]))
        self.charts_open()
        self.charts_check(everything, habit)
        self.assertIn("since", self.find("#chart-strength figcaption").text)
        self.shot("charts-all")
        self.find('#chart-strength button[data-value="year"]').click()
        self.wait(lambda: len(self.finds("#chart-strength svg circle")) == len(answer["periods"]))

    def test_charts_are_drawn_offline_from_the_device(self):
        self.allowed_console = re.compile(EXPECTED_NETWORK.pattern + "|ERR_INTERNET_DISCONNECTED")
        self.sign_in()
        # Older than a year: "All" asks for another range than the year's.
        habit, start = self.charts_habit(name="Offline swim", days_back=400)
        self.driver.execute_async_script("navigator.serviceWorker.ready.then(() => arguments[0]())")
        self.driver.get(BASE + f"/#/habit/{habit['id']}")
        self.charts_open()
        answer = self.charts_history(habit["id"], start)
        self.charts_check(answer, habit)
        self.assertEqual(self.find("#charts-status").text, "")
        # Kept on the device: the answer, and the habit in the replica.
        kept = """
            const [store, key, done] = arguments;
            const request = indexedDB.open("habits");
            request.addEventListener("success", () => {
              const get = request.result.transaction(store).objectStore(store).get(key);
              get.addEventListener("success", () => done(Boolean(get.result)));
              get.addEventListener("error", () => done(false));
            });"""
        self.wait(lambda: self.driver.execute_async_script(kept, "history", [habit["id"], answer["from"], answer["to"]]))
        self.driver.execute_script("window.dispatchEvent(new Event('online'))")
        self.wait(lambda: self.driver.execute_async_script(kept, "habits", habit["id"]), timeout=40)
        self.driver.set_network_conditions(offline=True, latency=0, download_throughput=-1, upload_throughput=-1)
        try:
            self.driver.refresh()
            self.charts_open()
            self.assertIn("Offline: the charts as of", self.find("#charts-status").text)
            self.assertIn("Offline swim", self.find("h1").text)
            self.charts_check(answer, habit)
            self.shot("charts-offline")
            # A range never read online says so, and keeps what is drawn.
            self.find('#chart-strength button[data-value="all"]').click()
            self.wait(lambda: "need the network" in self.find("#charts-status").text)
            self.assertEqual(len(self.finds("#chart-strength svg circle")), len(answer["periods"]))
        finally:
            self.driver.set_network_conditions(offline=False, latency=0, download_throughput=-1, upload_throughput=-1)

    def test_charts_pass_axe_in_light_and_dark(self):
        self.sign_in()
        habit, _ = self.charts_habit(name="Read", days_back=60, frequency="DAILY", target=1, every=2)
        self.driver.get(BASE + f"/#/habit/{habit['id']}")
        self.charts_open()
        screens = {"charts": self.axe_violations()}
        self.driver.execute_cdp_cmd("Emulation.setEmulatedMedia", {"features": [{"name": "prefers-color-scheme", "value": "dark"}]})
        self.driver.refresh()
        self.charts_open()
        self.find('#chart-totals button[data-value="months"]').click()
        self.wait(lambda: self.find('#chart-totals button[data-value="months"]').get_attribute("aria-pressed") == "true")
        screens["charts (dark)"] = self.axe_violations()
        self.shot("charts-dark")
        self.assertEqual({name: found for name, found in screens.items() if found}, {})

    def test_charts_of_ten_years_of_daily_history(self):
        """A daily habit's ten years: the screen shows its year at once, and
        "All" draws at most a point a pixel (the means per week or month)."""
        if self.label != "desktop":
            self.skipTest("measured once, at desktop size")
        self.sign_in()
        habit, start = self.charts_habit(name="Decade", days_back=3652, frequency="DAILY", target=1, every=3)
        timings = []
        for _ in range(5):
            self.driver.get("about:blank")
            self.driver.get(BASE + f"/#/habit/{habit['id']}")
            self.wait(lambda: len(self.finds("#charts figure.chart")) == 4, timeout=20)
            timings.append(self.driver.execute_script(
                "const mark = performance.getEntriesByName('habit-ready')[0]; return mark && mark.startTime;"))
            if timings[-1] < 300:
                break
        best = min(timings)
        figure(f"navigation to a habit screen with 10 years of daily history ({self.label}), ms (best of {len(timings)}; all {[round(t) for t in timings]})", round(best))
        if TIMING_LIMITS:
            self.assertLess(best, 300)
        self.find('#chart-strength button[data-value="all"]').click()
        self.wait(lambda: "mean per" in self.find("#chart-strength figcaption").text, timeout=20)
        width = self.driver.execute_script("return document.querySelector('#chart-strength svg').viewBox.baseVal.width")
        points = len(self.finds("#chart-strength svg circle"))
        self.assertLessEqual(points, width)
        self.assertGreater(points, 100)
        self.charts_open()
        self.assertEqual(len(self.charts_table("chart-strength")), points)
        self.shot("charts-ten-years")


class PhoneTests(WebAppCases, unittest.TestCase):
    size = (390, 844)
    label = "phone"


class NarrowPhoneTests(WebAppCases, unittest.TestCase):
    """The narrowest width the app promises to be usable at."""
    size = (360, 780)
    label = "narrow"


class DesktopTests(WebAppCases, unittest.TestCase):
    size = (1280, 800)
    label = "desktop"


if __name__ == "__main__":
    unittest.main(verbosity=2)
