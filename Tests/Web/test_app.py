"""The habits web app in a real browser: Debian's chromium through
chromedriver, against a real habits-server (started by run.sh) and its
outbox. Every test runs at phone size (390x844), at the narrowest width the
app promises (360x780) and at desktop size (1280x800), checks that each
screen it visits fits the width, and saves a screenshot of it.

Environment: HABITS_WEB_URL (http://127.0.0.1:PORT), HABITS_OUTBOX (the
server's outbox directory), HABITS_CLI (the habits binary, a second device
in server mode), HABITS_SCREENSHOTS (where the PNGs go), HABITS_FIGURES (a
file the measured figures are appended to, optional).
"""

import datetime
import glob
import json
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
                                        StaleElementReferenceException)
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
        self.driver.get(BASE + "/#/new")
        self.wait(lambda: self.find("#limit"))
        self.assertIn("15 active habits", self.find("#limit").text)
        self.assertFalse(self.find("form button[type=submit]").is_enabled())
        self.shot("limit")

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
        self.driver.get(BASE + "/")
        self.wait(lambda: self.find("#email"))
        actions = webdriver.ActionChains(self.driver)

        def press(*keys):
            for key in keys:
                actions.send_keys(key)
            actions.perform()

        def active():
            return self.driver.switch_to.active_element

        # Tab from the top: the skip link, the brand, then the email field.
        for _ in range(6):
            if active().get_attribute("id") == "email":
                break
            press(Keys.TAB)
        self.assertEqual(active().get_attribute("id"), "email")
        started = time.time() - 1
        press(self.email, Keys.ENTER)
        self.wait(lambda: active().get_attribute("id") != "email" and self.finds("#code"))
        for _ in range(6):
            if active().get_attribute("id") == "code":
                break
            press(Keys.TAB)
        self.assertEqual(active().get_attribute("id"), "code")
        press(latest_code(self.email, started), Keys.ENTER)
        self.wait(lambda: self.finds("#today"))
        self.create("Tea")
        self.reload_today()
        for _ in range(20):
            if active().get_attribute("aria-label") == "Done: Tea":
                break
            press(Keys.TAB)
        self.assertEqual(active().get_attribute("aria-label"), "Done: Tea")
        outline = self.driver.execute_script("return getComputedStyle(document.activeElement).outlineStyle")
        self.assertNotEqual(outline, "none", "focus is visible")
        self.shot("keyboard-focus")
        press(Keys.ENTER)
        self.wait(lambda: self.finds("li.habit[data-state=done]"))

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
        """axe-core's WCAG 2.x A and AA violations on the page as it is."""
        axe = Axe(self.driver)
        axe.inject()
        results = axe.run(options={"runOnly": {"type": "tag", "values": [
            "wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"]}})
        return [(v["id"], v["impact"], [n["target"] for n in v["nodes"]][:3]) for v in results["violations"]]

    def test_every_screen_passes_axe_in_light_and_dark(self):
        self.driver.get(BASE + "/")
        self.wait(lambda: self.find("#email"))
        screens = {"sign-in": self.axe_violations()}
        self.sign_in()
        screens["empty"] = self.axe_violations()
        habit = self.create("Read", measurement_type="pages", target_value=20)
        self.create("Walk")
        self.api("PUT", f"/me/habits/{habit['id']}/progress/{self.today()}/", {"value": 20, "note": "a good book"})
        self.reload_today()
        screens["today"] = self.axe_violations()
        self.driver.get(BASE + f"/#/habit/{habit['id']}")
        self.wait(lambda: self.finds("#calendar td[data-state]"))
        screens["habit"] = self.axe_violations()
        self.driver.get(BASE + f"/#/habit/{habit['id']}/edit")
        self.wait(lambda: self.find("#name"))
        screens["edit"] = self.axe_violations()
        # The form with every field it can show: N for "Every N days", a limit.
        self.driver.get(BASE + "/#/new")
        self.wait(lambda: self.find("#frequency"))
        Select(self.find("#frequency")).select_by_value("EVERY_N_DAYS")
        Select(self.find("#goal")).select_by_value("AT_MOST")
        self.assertTrue(self.find("#period_days").is_displayed())
        screens["new, every N days, at most"] = self.axe_violations()
        self.shot("new-every-n-days")
        self.driver.get(BASE + "/#/settings")
        self.wait(lambda: self.find("#account-email"))
        screens["settings"] = self.axe_violations()
        # The same screens in dark mode: contrast is checked again.
        self.driver.execute_cdp_cmd("Emulation.setEmulatedMedia", {"features": [{"name": "prefers-color-scheme", "value": "dark"}]})
        for name, path, ready in (("today", "/#/", "#today li.habit"), ("habit", f"/#/habit/{habit['id']}", "#calendar td"),
                                  ("settings", "/#/settings", "#account-email")):
            self.driver.get(BASE + path)
            self.wait(lambda: self.finds(ready))
            screens[f"{name} (dark)"] = self.axe_violations()
        self.shot("settings-dark")
        self.assertEqual({name: found for name, found in screens.items() if found}, {})

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
