// The habits web app: a router over the hash (#/, #/day/2026-12-03,
// #/habit/3, #/habit/3/edit, #/new, #/settings) and one function per screen.

import * as api from "./api.js";
import { h, show, loading, confirmDialog, amount, download } from "./ui.js";
import * as days from "./dates.js";
import { renderWeek, periodOfDayWords } from "./grid.js";
import * as offline from "./offline.js";
import { dayStates, bareDoneAmount, periodOf, groupSections } from "./rules.js";
import { habitWords, periodWords, amountWords } from "./words.js";
import { csvField, csvTextField } from "./csv.js";
import { chartsSection } from "./charts.js";
import { orderControls, makeDraggable } from "./reorder.js";

const SIGNED_IN = "habits.signed-in";
/** The account's `day_starts_at` ("HH:MM"), kept so an offline start agrees. */
const DAY_STARTS = "habits.day-starts-at";
let offlineMode = false;

/**
 * Today's date by the server's clock in the device's time zone, before the
 * account's `day_starts_at` still the previous date (rule 7): the date
 * every device and the server agree on.
 */
function today() { return days.dayOf(api.now(), dayStartsAt()); }

function dayStartsAt() { return localStorage.getItem(DAY_STARTS) || "00:00"; }

/**
 * Keeps the account's day boundary as GET or PATCH /api/me/ answered it
 * (00:00 from a server without one); true when it differs from the kept one.
 */
function keepDayStart(answer) {
  if (!answer) return;
  // A server without the setting: days start at midnight.
  const value = /^\d{2}:\d{2}$/.test(answer.day_starts_at || "") ? answer.day_starts_at : "00:00";
  const changed = localStorage.getItem(DAY_STARTS) !== value;
  localStorage.setItem(DAY_STARTS, value);
  return changed;
}

let accountAnswer = null;
/**
 * GET /api/me/, read once and kept: its `day_starts_at` (kept on the
 * device too, for offline) and its limits. No network gives `{}` and what
 * the device kept.
 */
function account() {
  if (!accountAnswer) {
    const known = localStorage.getItem(DAY_STARTS) !== null;
    accountAnswer = api.call("GET", "/me/").then((answer) => {
      // Changed on another device since this one last read it: drawn again.
      if (keepDayStart(answer) && known) route();
      return answer || {};
    }, () => { accountAnswer = null; return {}; });
  }
  return accountAnswer;
}

/**
 * The account's limits as the server sends them with GET /api/me/
 * (`limits.active_habits`, HabitCore's `Habit.maximumActiveCount`). A
 * server that sends none, or no network, gives `{}`: the app then offers
 * to add habits and leaves the limit to the server's answer (a 409
 * `habit_limit` with its own message).
 */
async function accountLimits() { return (await account()).limits || {}; }

// MARK: - Start and routing

async function start() {
  if ("serviceWorker" in navigator) navigator.serviceWorker.register("/sw.js").catch(() => {});
  window.addEventListener("hashchange", route);
  // Across the breakpoint only the side list comes or goes: the screen stays.
  WIDE.addEventListener("change", () => drawSide((api.signedIn() || offlineMode) ? currentRoute() : null));
  window.addEventListener("online", () => { offlineMode = false; sync(true); });
  // Waiting check-ins are tried again every few seconds until they are sent;
  // every 30 seconds the change feed is read for what other devices did, and
  // Today is drawn again when it brought something.
  let tick = 0;
  setInterval(() => { if (document.visibilityState === "visible") sync(++tick % 6 === 0); }, 5000);
  // Only a device that signed in has a cookie to try: no request, no 400, otherwise.
  if (localStorage.getItem(SIGNED_IN) === "1") {
    try {
      if (!(await api.refresh())) localStorage.removeItem(SIGNED_IN);
    } catch (error) {
      offlineMode = error.offline;
    }
  }
  route();
  updatePending();
  sync(true);
}

/**
 * Sends waiting check-ins, then (with `pull`, or when some were sent) reads
 * the change feed into the device's replica; Today is drawn again when
 * either changed something, even under the focus when the server refused a
 * check-in (Today shows it counted until then).
 */
async function sync(pull) {
  const before = (await offline.waiting()).length;
  if (before === 0 && !pull) return;
  if (!api.signedIn()) {
    if (localStorage.getItem(SIGNED_IN) !== "1") return;
    try { if (!(await api.refresh())) return; } catch { return; }
  }
  const refusedBefore = (await offline.refused()).length;
  const left = before === 0 ? 0 : await offline.flush();
  await updatePending();
  const newlyRefused = (await offline.refused()).length > refusedBefore;
  let changes = 0;
  try { changes = await offline.pull(); } catch { /* offline, or a server without the feed: next time */ }
  if ((changes > 0 || left !== before) && currentRoute().name === "today") refreshToday(newlyRefused);
  else if (changes > 0 || left !== before) drawSide(currentRoute());
}

/**
 * Draws Today again from the server. Not while the focus is in it, unless
 * `force`: then the focus goes back to the same habit's name.
 */
async function refreshToday(force = false) {
  const body = document.getElementById("today");
  const busy = () => body.contains(document.activeElement) && !force;
  if (!body || !body.dataset.day || busy()) return;
  try {
    const { list, stale } = await listFor(body.dataset.day);
    if (!body.isConnected || busy()) return;
    const row = document.activeElement && document.activeElement.closest("#today li.habit");
    renderToday(body, body.dataset.day, list, stale);
    if (row) body.querySelector(`li.habit[data-id="${row.dataset.id}"] h3 a`)?.focus();
  } catch { /* the next tick tries again */ }
}

async function updatePending() {
  const count = (await offline.waiting()).length;
  document.getElementById("pending").textContent =
    count === 0 ? "" : `${count} check-in${count === 1 ? "" : "s"} waiting to be sent`;
  await showRefused();
}

/** What a kept check-in was, in words; `label` is given when it is made. */
function operationLabel(operation) { return operation.label || `${operation.method} ${operation.path}`; }

/**
 * The check-ins the server refused, on every screen: each with what it was,
 * the server's reason (as text) and a button that discards it. Nothing
 * leaves the list but by that button (or signing out, which forgets what
 * the device keeps).
 */
async function showRefused() {
  const box = document.getElementById("refused");
  const list = await offline.refused();
  box.hidden = list.length === 0;
  if (list.length === 0) { box.replaceChildren(); return; }
  box.replaceChildren(
    h("h2", { id: "refused-title" }, `Not saved (${list.length})`),
    h("p", { class: "hint" }, "The server refused these check-ins, so they did not count. They stay here until you discard them."),
    h("ul", {}, list.map((operation) => h("li", { dataset: { id: operation.id } },
      h("strong", {}, operationLabel(operation)),
      h("p", { class: "error" }, operation.refused.message),
      h("button", { type: "button", "aria-label": `Discard: ${operationLabel(operation)}`, onclick: async () => {
        await offline.discard(operation.id);
        await showRefused();
      } }, "Discard")))));
}

function currentRoute() {
  const parts = location.hash.replace(/^#\/?/, "").split("/").filter(Boolean);
  if (parts[0] === "habit" && /^\d+$/.test(parts[1] || "")) {
    return { name: parts[2] === "edit" ? "edit" : "habit", id: parts[1] };
  }
  if (parts[0] === "new") return { name: "edit" };
  if (parts[0] === "settings") return { name: "settings" };
  if (parts[0] === "day" && /^\d{4}-\d{2}-\d{2}$/.test(parts[1] || "")) return { name: "today", day: parts[1] };
  return { name: "today" };
}

/** Counts screens: a screen still loading when another was asked for must not draw. */
let generation = 0;

/** `show` for the screen being opened now; a no-op once another screen is opened. */
function screenView() {
  const mine = generation;
  return (...children) => { if (mine === generation) show(...children); return mine === generation; };
}

function route() {
  generation += 1;
  const signed = api.signedIn() || offlineMode;
  document.getElementById("nav").hidden = !signed;
  const where = currentRoute();
  drawSide(signed ? where : null);
  if (!signed) return signInScreen();
  const screens = { today: todayScreen, habit: habitScreen, edit: editScreen, settings: settingsScreen };
  // The account's day boundary says which date is today: waited for only
  // when the device has never kept it, else read again alongside.
  const mine = generation;
  const known = localStorage.getItem(DAY_STARTS) !== null;
  const reading = account();
  return (known ? Promise.resolve() : reading)
    .then(() => (mine === generation ? screens[where.name](where) : undefined)).catch((error) => failed(error));
}

/** A desktop: from this width a habit's screen has Today's list beside it. */
const WIDE = window.matchMedia("(min-width: 1024px)");
let sideGeneration = 0;

/**
 * The side list, for `where` (null when signed out): on a wide screen a
 * habit's screen has Today's habits beside it, in the list's order, each a
 * link with its state, the open one marked as the current page. It is a
 * navigation landmark under its own h2, so the screen keeps its one h1 and
 * the focus stays where the screen puts it. Anywhere else, or narrower,
 * it is hidden and the screen is one column.
 */
async function drawSide(where) {
  const side = document.getElementById("side");
  const shell = document.getElementById("shell");
  const mine = ++sideGeneration;
  const wanted = Boolean(where && where.name === "habit" && WIDE.matches);
  shell.classList.toggle("split", wanted);
  if (!wanted) {
    // A column going away with the focus in it hands the focus to the screen.
    const focused = side.contains(document.activeElement);
    side.hidden = true;
    side.replaceChildren();
    if (focused) document.querySelector("#main h1")?.focus();
    return;
  }
  side.hidden = false;
  // The list already drawn stays (its current habit moved) until the new answer.
  for (const link of side.querySelectorAll("a[data-id]")) {
    if (link.dataset.id === where.id) link.setAttribute("aria-current", "page");
    else link.removeAttribute("aria-current");
  }
  if (!side.firstChild) side.replaceChildren(h("h2", { id: "side-title" }, "Today"), loading());
  let list;
  try {
    // Today by the account's day boundary, read first on a device that never kept it.
    if (localStorage.getItem(DAY_STARTS) === null) await account();
    ({ list } = await listFor(today()));
  } catch {
    if (mine === sideGeneration && !side.querySelector("ul")) {
      side.replaceChildren(h("h2", { id: "side-title" }, "Today"), h("p", { class: "hint" }, "Today's list cannot be shown now."));
    }
    return;
  }
  if (mine !== sideGeneration) return;
  const focused = side.contains(document.activeElement) ? document.activeElement.dataset.id : null;
  const active = list.filter((habit) => habit.status !== "ARCHIVED");
  side.replaceChildren(h("h2", { id: "side-title" }, "Today"), active.length === 0
    ? h("p", { class: "hint" }, "No habits yet.")
    : h("ul", { class: "side-list" }, active.map((habit) => {
      const state = (habit.completion_data || {}).state || "pending";
      return h("li", {}, h("a", {
        href: `#/habit/${habit.id}`, dataset: { id: String(habit.id) },
        "aria-current": String(habit.id) === where.id ? "page" : null,
        style: habit.color ? { "--mark": habit.color } : {},
      },
      h("span", { class: "mark", "aria-hidden": "true" }, habit.icon || [...habit.name][0] || "•"),
      h("span", { class: "side-name" }, habit.name),
      h("span", { class: `side-state state-${state}` }, stateWords(habit, state))));
    })));
  if (focused) side.querySelector(`a[data-id="${focused}"]`)?.focus();
}

function failed(error) {
  if (error.status === 401) { offlineMode = false; return signInScreen(); }
  show(h("h1", {}, "Something went wrong"),
    h("p", { class: "error", role: "alert" }, error.offline ? "The server cannot be reached. Check the connection and try again." : error.message),
    h("button", { onclick: route }, "Try again"));
}

// MARK: - Sign in

function signInScreen() {
  const error = h("p", { class: "error", role: "alert" });
  const email = h("input", { id: "email", type: "email", name: "email", autocomplete: "email", required: true, "aria-describedby": "email-error" });
  error.id = "email-error";
  const send = h("button", { class: "primary", type: "submit" }, "Send code");
  const form = h("form", { novalidate: true, onsubmit: async (event) => {
    event.preventDefault();
    error.textContent = "";
    if (!email.value.trim()) { error.textContent = "Enter your email address."; email.focus(); return; }
    send.disabled = true;
    try {
      await api.requestCode(email.value.trim());
      codeScreen(email.value.trim());
    } catch (problem) {
      send.disabled = false;
      if (problem.status === 429) waitForLimit(problem.retryAfter, send, error);
      else error.textContent = problem.fields.email ? problem.fields.email.join(" ") : problem.offline ? "The server cannot be reached." : problem.message;
    }
  } },
  h("label", { for: "email" }, "Email"), email, error,
  h("p", { class: "hint" }, "We send a 6-digit code to this address. No password."),
  send);
  show(h("h1", {}, "Sign in"), form);
}

/** Shows the send limit's wait and keeps the button off until it is over. */
function waitForLimit(seconds, button, message) {
  let left = Math.max(1, Math.ceil(seconds || 60));
  button.disabled = true;
  const tick = () => {
    if (!button.isConnected) return;
    if (left <= 0) { button.disabled = false; message.textContent = "You can ask for a code again."; return; }
    const minutes = Math.floor(left / 60), rest = left % 60;
    message.textContent = `Too many codes asked for. You can ask again in ${minutes > 0 ? `${minutes} min ` : ""}${rest} s.`;
    left -= 1;
    setTimeout(tick, 1000);
  };
  tick();
}

function codeScreen(email) {
  let wrong = 0;
  const error = h("p", { class: "error", role: "alert", id: "code-error" });
  const code = h("input", { id: "code", name: "code", autocomplete: "one-time-code", inputmode: "numeric", pattern: "[0-9]{6}", maxlength: "12", required: true, "aria-describedby": "code-hint code-error" });
  const submit = h("button", { class: "primary", type: "submit" }, "Sign in");
  const again = h("button", { type: "button", onclick: async () => {
    error.textContent = "";
    try {
      await api.requestCode(email);
      wrong = 0; submit.disabled = false; code.value = ""; code.focus();
      error.textContent = "A new code is on its way.";
    } catch (problem) {
      if (problem.status === 429) waitForLimit(problem.retryAfter, again, error);
      else error.textContent = problem.message;
    }
  } }, "Send a new code");
  const form = h("form", { novalidate: true, onsubmit: async (event) => {
    event.preventDefault();
    const digits = code.value.replace(/\D/g, "");
    if (digits.length !== 6) { error.textContent = "The code is 6 digits."; code.focus(); return; }
    submit.disabled = true;
    try {
      await api.signIn(email, digits);
      localStorage.setItem(SIGNED_IN, "1");
      accountAnswer = null;
      offlineMode = false;
      route();
      sync(true);
    } catch (problem) {
      if (problem.status === 401) {
        wrong += 1;
        if (wrong >= 5) {
          error.textContent = "That code no longer works after 5 wrong tries. Ask for a new code.";
          again.focus();
          return;
        }
        error.textContent = `That code is not right (${wrong} of 5 tries used). After 5 wrong tries it stops working and you need a new one.`;
      } else {
        error.textContent = problem.offline ? "The server cannot be reached." : problem.message;
      }
      submit.disabled = false;
      code.select();
    }
  } },
  h("p", { id: "code-hint" }, `We sent a 6-digit code to ${email}. It works for 10 minutes.`),
  h("label", { for: "code" }, "Code"), code, error,
  h("div", { class: "row" }, submit, again,
    h("button", { type: "button", onclick: signInScreen }, "Use another email")));
  show(h("h1", {}, "Enter your code"), form);
}

// MARK: - Today

async function listFor(day) {
  const path = `/me/habits/?date=${day}&today=${today()}`;
  try {
    const list = (await api.call("GET", path)).data;
    offline.keepList(day, list).catch(() => {});
    return { list, stale: false };
  } catch (error) {
    if (!error.offline) throw error;
    // The day as last drawn by the server, or by the replica (with the
    // waiting check-ins) when that is newer or the day was never drawn.
    const list = await offline.offlineList(day, today()).catch(() => null);
    if (!list) throw error;
    return { list, stale: true };
  }
}

async function todayScreen(where) {
  const view = screenView();
  const day = where.day || today();
  const isToday = day === today();
  const title = h("h1", {}, isToday ? "Today" : days.longDay(day));
  const picker = h("input", { type: "date", id: "day", value: day, onchange: () => { if (picker.value) location.hash = `#/day/${picker.value}`; } });
  const bar = h("div", { class: "daybar" },
    h("a", { class: "button", href: `#/day/${days.addDays(day, -1)}`, "aria-label": "Previous day" }, "‹"),
    h("label", { for: "day", class: "sr" }, "Day"), picker,
    h("a", { class: "button", href: `#/day/${days.addDays(day, 1)}`, "aria-label": "Next day" }, "›"),
    isToday ? null : h("a", { class: "button", href: "#/" }, "Today"));
  const body = h("div", { id: "today", dataset: { day } }, loading());
  view(title, isToday ? h("p", { class: "meta" }, days.longDay(day)) : null, bar, viewSwitch(body), body);
  const [{ list, stale }, { active_habits: limit }] = await Promise.all([listFor(day), accountLimits()]);
  body.dataset.limit = limit || "";
  renderToday(body, day, list, stale);
  // When Today is first usable, for Navigation Timing (the tests read it).
  if (performance.getEntriesByName("today-ready").length === 0) performance.mark("today-ready");
}

/** Today's view, "day" (the list) or "week" (the grid), as last chosen on this device. */
const TODAY_VIEW = "habits.today-view";
const todayView = () => (localStorage.getItem(TODAY_VIEW) === "week" ? "week" : "day");
/** What renderToday last drew in a body, for the view switch to draw again. */
const drawn = new WeakMap();

/** The Day / Week switch: two toggle buttons, the chosen one pressed. */
function viewSwitch(body) {
  const button = (name, label) => h("button", { type: "button", "aria-pressed": String(todayView() === name), dataset: { view: name }, onclick: () => {
    localStorage.setItem(TODAY_VIEW, name);
    for (const other of group.querySelectorAll("button")) other.setAttribute("aria-pressed", String(other.dataset.view === name));
    const last = drawn.get(body);
    if (last) renderToday(body, ...last);
  } }, label);
  const group = h("div", { class: "viewswitch", role: "group", "aria-label": "View" }, button("day", "Day"), button("week", "Week"));
  return group;
}

function renderToday(body, day, list, stale) {
  drawn.set(body, [day, list, stale]);
  const active = list.filter((habit) => habit.status !== "ARCHIVED");
  const limit = Number(body.dataset.limit) || Infinity;
  const add = active.length >= limit
    ? h("p", { class: "hint" }, `You have ${limit} active habits, the most at once: archive one to add another.`)
    : h("a", { class: "button primary fab", href: "#/new" }, "+ New habit");
  if (todayView() === "week" && active.length > 0) {
    renderWeek(body, active, day, {
      today: today(), stateWords, stale, extra: [add], pending: updatePending, failed: alertError, current: () => todayView() === "week",
    });
    return;
  }
  if (active.length === 0) {
    body.replaceChildren(h("div", { class: "empty" },
      h("p", {}, "No habits yet. Start with one small thing you want to do."),
      h("a", { class: "button primary", href: "#/new" }, "Create your first habit")));
    return;
  }
  const context = { day, list, rerender: () => renderToday(body, day, list, stale), queued: updatePending, failed: alertError };
  const items = (habits) => h("ul", { class: "habits" }, habits.map((habit) => habitRow(habit, { ...context, siblings: habits })));
  const notice = stale ? h("p", { class: "notice", role: "status" }, "Offline: this is the day as last seen. Check-ins are kept and sent when the network is back.") : null;
  const sections = groupSections(active);
  if (sections.some((section) => section.name !== null)) {
    // Grouped: a section with a heading per group, ungrouped last; in each,
    // what is to do first, then limits, then the rest, then what is completed.
    const order = (habit) => ["todo", "limits", "other", "completed"].indexOf(todayKind(habit));
    body.replaceChildren(...[notice,
      ...sections.map((section, index) => h("section", { class: "group", "aria-labelledby": `group-${index}` },
        h("h2", { id: `group-${index}` }, section.name === null ? "Other habits" : section.name),
        items([...section.habits].sort((a, b) => order(a) - order(b))))),
      add].filter(Boolean));
    return;
  }
  const of = (kind) => active.filter((habit) => todayKind(habit) === kind);
  const todo = of("todo"), limits = of("limits"), completed = of("completed"), other = of("other");
  const open = sessionStorage.getItem("habits.completed-open") !== "0";
  const details = h("details", { id: "completed", open, ontoggle: () => sessionStorage.setItem("habits.completed-open", details.open ? "1" : "0") },
    h("summary", {}, `Completed (${completed.length})`), items(completed));
  // replaceChildren would show a null as the text "null".
  body.replaceChildren(...[
    notice,
    h("section", { "aria-labelledby": "todo-title" },
      h("h2", { id: "todo-title" }, `To do (${todo.length})`),
      todo.length ? items(todo) : h("p", { class: "hint" }, "All done for this day.")),
    limits.length ? h("section", { "aria-labelledby": "limits-title" }, h("h2", { id: "limits-title" }, `Limits (${limits.length})`), items(limits)) : null,
    completed.length ? details : null,
    other.length ? h("section", { "aria-labelledby": "other-title" }, h("h2", { id: "other-title" }, "Not due this day"), items(other)) : null,
    add].filter(Boolean));
}

/**
 * Where a habit goes on Today: to do (pending or missed), limits (an
 * at-most habit not yet decided or already over: nothing to do, but
 * worth seeing), completed (done or skipped), or other (not due).
 */
function todayKind(habit) {
  const state = (habit.completion_data || {}).state;
  if (habit.goal === "AT_MOST" && ["pending", "failed"].includes(state)) return "limits";
  if (["pending", "failed"].includes(state)) return "todo";
  if (["done", "skipped"].includes(state)) return "completed";
  return "other";
}

const STATE_WORDS = { done: "Done", skipped: "Skipped", pending: "To do", failed: "Missed", rest: "Rest day", future: "Not yet", before_start: "Not started" };
/** An at-most habit's states in words: a limit is kept or gone over, never "to do". */
const LIMIT_WORDS = { ...STATE_WORDS, done: "Within the limit", pending: "On track", failed: "Over the limit" };
const stateWords = (habit, state) => (habit.goal === "AT_MOST" ? LIMIT_WORDS : STATE_WORDS)[state] || state;

/**
 * The progress of a period in words: "1 / 2 cups" and, for a limit, what
 * is left of it ("1 left") or how far over it is ("1 over").
 */
function progressWords(habit, data) {
  const text = `${amount(data.current)} / ${amount(data.target)} ${habit.measurement_type}`;
  if (habit.goal !== "AT_MOST") return text;
  const left = (Math.round(data.target * 1e6) - Math.round(data.current * 1e6)) / 1e6;
  return left >= 0 ? `${text}, ${amount(left)} left` : `${text}, ${amount(-left)} over`;
}

function habitRow(habit, context) {
  const data = habit.completion_data || { target: habit.target_value, current: 0, state: "pending" };
  const name = habit.name;
  const unit = habit.measurement_type;
  const row = h("li", { class: "habit", dataset: { id: habit.id, state: data.state }, style: habit.color ? { "--mark": habit.color } : {} });
  const mark = h("span", { class: "mark", "aria-hidden": "true" }, habit.icon || [...name][0] || "•");
  const act = (change) => () => checkIn(habit, context, change);
  const actions = h("div", { class: "actions" });
  const limit = habit.goal === "AT_MOST";
  if (["pending", "failed", "future"].includes(data.state)) {
    // A bare check-in of a limit counts one more (rule 6), it fills nothing.
    actions.append(limit
      ? h("button", { class: "primary", onclick: act({ kind: "done" }), "aria-label": `Add one ${unit}: ${name}` }, "+1")
      : h("button", { class: "primary", onclick: act({ kind: "done" }), "aria-label": `Done: ${name}` }, "✓ Done"));
    if (limit || !(habit.target_value === 1 && unit === "times")) {
      const input = h("input", { class: "amount", type: "number", min: "0", step: "any", inputmode: "decimal", placeholder: unit, "aria-label": `Amount of ${unit} for ${name}` });
      actions.append(h("form", { class: "row", onsubmit: (event) => {
        event.preventDefault();
        const value = Number(input.value);
        if (input.value && value > 0) act({ kind: "add", amount: value })();
      } }, input, h("button", { type: "submit", "aria-label": `Add amount to ${name}` }, "Add")));
    }
    actions.append(h("button", { onclick: act({ kind: "skip" }), "aria-label": `Skip: ${name}` }, "Skip"));
  }
  if (data.current > 0 || data.state === "skipped" || data.state === "done") {
    actions.append(h("button", { onclick: act({ kind: "undo" }), "aria-label": `Undo: ${name}` }, "Undo"));
  }
  const streak = habit.current_streak;
  const strength = habit.strength;
  row.append(mark, h("div", {},
    h("h3", {}, h("a", { href: `#/habit/${habit.id}` }, name)),
    h("p", { class: "meta" },
      h("span", { class: `state-${data.state}` }, stateWords(habit, data.state)), " · ",
      progressWords(habit, data), ` · ${habitWords(habit)}`,
      streak !== undefined ? ` · streak ${streak}` : "",
      strength !== undefined ? ` · strength ${Math.round(strength * 100)}%` : ""),
    // A limit has no bar to fill: its words say what is left.
    limit ? null : h("progress", { max: String(data.target), value: String(Math.min(data.current, data.target)), "aria-label": `Progress of ${name}: ${amount(data.current)} of ${amount(data.target)} ${unit}` })),
  actions, orderControls(habit, context));
  makeDraggable(row, habit, context);
  return row;
}

/** One check-in: shown at once, then sent; kept for later when offline. */
async function checkIn(habit, { day, list, rerender }, change) {
  const data = habit.completion_data || (habit.completion_data = { target: habit.target_value, current: 0, state: "pending" });
  const base = `/me/habits/${habit.id}/progress/${day}/`;
  let operation;
  // What it was, in words, kept with it: a check-in the server refuses is
  // shown by this (showRefused).
  const on = ` (${days.longDay(day)})`;
  const label = {
    done: `Done: ${habit.name}${on}`, skip: `Skip: ${habit.name}${on}`, undo: `Undo: ${habit.name}${on}`,
    add: `Add ${amount(change.amount)} ${habit.measurement_type}: ${habit.name}${on}`,
  }[change.kind];
  // The feed's rules: "done" adds what is left (an increment, so check-ins
  // of several devices add up instead of overwriting each other), under an
  // Idempotency-Key kept with it, so a send retried after a lost answer
  // counts once. A set (skip) and a delete (undo) are idempotent already.
  if (change.kind === "done") {
    // What a bare "done" adds (rule 6), in millionths as the server counts.
    const add = bareDoneAmount(habit, data);
    operation = { method: "POST", path: `${base}increment/`, body: { amount: add }, key: api.newKey(), label };
    data.current += add;
  } else if (change.kind === "add") {
    operation = { method: "POST", path: `${base}increment/`, body: { amount: change.amount }, key: api.newKey(), label };
    data.current += change.amount;
  } else if (change.kind === "skip") {
    operation = { method: "PUT", path: base, body: { value: 0, skipped: true }, label };
  } else {
    operation = { method: "DELETE", path: base, label };
    data.current = 0;
  }
  data.state = change.kind === "skip" ? "skipped" : shownState(habit, data, day);
  rerender();
  const target = document.querySelector(`li.habit[data-id="${habit.id}"] h3 a`);
  if (target) target.focus();
  try {
    await api.call(operation.method, operation.path, operation.body, operation.key ? { "Idempotency-Key": operation.key } : undefined);
    if (currentRoute().name === "today") {
      const { list } = await listFor(day);
      const fresh = list.find((item) => item.id === habit.id);
      if (fresh) Object.assign(habit, fresh);
      rerender();
    }
  } catch (error) {
    if (error.offline) {
      await offline.enqueue(operation);
      await updatePending();
      offline.keepList(day, list).catch(() => {});
    } else {
      alertError(error);
      route();
    }
  }
}

/**
 * The state shown at once after a check-in, until the server's answer: a
 * daily day that is past is decided; another period is taken as still
 * running. At least: done on reaching the target. At most: failed as
 * soon as it is over the limit.
 */
function shownState(habit, data, day) {
  const ended = habit.frequency === "DAILY" && day < today();
  const current = Math.round(data.current * 1e6), target = Math.round(data.target * 1e6);
  if (habit.goal === "AT_MOST") return current > target ? "failed" : ended ? "done" : "pending";
  return current >= target ? "done" : ended ? "failed" : "pending";
}

function alertError(error) {
  const pending = document.getElementById("pending");
  pending.textContent = error.message;
}

// MARK: - One habit

async function habitScreen(where) {
  const view = screenView();
  view(h("h1", {}, "Habit"), loading());
  const now = today();
  // Offline: the habit and its entries as the replica has them.
  let habit, stale = false;
  try {
    habit = await api.call("GET", `/me/habits/${where.id}/?today=${now}`);
  } catch (error) {
    habit = error.offline ? await offline.keptHabit(where.id).catch(() => null) : null;
    if (!habit) throw error;
    stale = true;
  }
  const entries = new Map();
  if (stale) for (const entry of await offline.keptEntries(habit.id)) entries.set(entry.date, entry);
  const fetchRange = async (from, to) => {
    if (stale) return;
    for (const entry of (await api.call("GET", `/me/habits/${habit.id}/progress/?from=${from}&to=${to}`)).data) entries.set(entry.date, entry);
  };
  // Read alongside the entries; drawn once the screen is shown.
  const charts = chartsSection(habit, now, (from, to) => historyFor(habit, from, to, now));
  // Whole periods, so each one's state is judged on all its entries.
  await fetchRange(periodOf(habit, days.addDays(now, -378)).first, periodOf(habit, days.addDays(now, 45)).last);
  let month = days.monthStart(now);
  const stats = habit.stats || {};
  const calendar = h("div", { id: "calendar" });
  const drawMonth = async (focusButton) => {
    const first = month, last = days.addDays(first, days.daysInMonth(first) - 1);
    if (first < days.addDays(now, -371) || last > days.addDays(now, 38)) await fetchRange(periodOf(habit, days.addDays(first, -7)).first, periodOf(habit, days.addDays(last, 7)).last);
    const states = dayStates(habit, entries, days.addDays(first, -7), days.addDays(last, 7), now);
    calendar.replaceChildren(monthTable(first, states, entries, now, habit),
      h("div", { class: "row" },
        h("button", { id: "prev-month", "aria-label": `Previous month, ${days.monthTitle(days.addMonths(first, -1))}`, onclick: () => { month = days.addMonths(month, -1); drawMonth("prev-month"); } }, "‹ Previous"),
        h("button", { id: "next-month", "aria-label": `Next month, ${days.monthTitle(days.addMonths(first, 1))}`, onclick: () => { month = days.addMonths(month, 1); drawMonth("next-month"); } }, "Next ›")));
    if (focusButton) document.getElementById(focusButton).focus();
  };
  const yearFrom = days.addDays(now, -364);
  const yearStates = dayStates(habit, entries, yearFrom, now, now);
  const notes = [...entries.values()].filter((entry) => entry.note).sort((a, b) => (a.date < b.date ? 1 : -1));
  const archived = habit.status === "ARCHIVED";
  view(
    h("h1", { class: "marked", style: habit.color ? { "--mark": habit.color } : {} }, habit.icon ? `${habit.icon} ` : "", habit.name),
    h("p", { class: "meta" }, describe(habit)),
    archived ? h("p", { class: "notice" }, "This habit is archived: it keeps its history but is not on Today.") : null,
    stale ? h("p", { class: "notice", role: "status" }, "Offline: this is the habit as last seen.") : null,
    h("div", { class: "row" }, h("a", { class: "button", href: `#/habit/${habit.id}/edit` }, "Edit"), h("a", { class: "button", href: "#/" }, "Back to Today")),
    h("h2", {}, "Stats"),
    h("dl", { class: "stats", id: "stats" },
      stat("Current streak", stats.current_streak), stat("Longest streak", stats.longest_streak),
      stat("Done", stats.success_count), stat("Missed", stats.failed_count), stat("Skipped", stats.skipped_count),
      stat("Strength", stats.strength === undefined ? undefined : `${Math.round(stats.strength * 100)}%`)),
    charts.section,
    h("h2", {}, "Month"), calendar,
    h("ul", { class: "legend", "aria-label": "Legend" }, ["done", "skipped", "failed", "pending", "rest"].map((state) => h("li", {}, `${SYMBOL[state]} ${stateWords(habit, state)}`))),
    h("h2", {}, "Year"), heatmap(yearFrom, now, yearStates, entries, habit),
    h("h2", {}, "Notes"),
    notes.length ? h("ul", { class: "notes" }, notes.map((entry) => h("li", {}, h("strong", {}, days.longDay(entry.date)), ": ", entry.note))) : h("p", { class: "hint" }, "No notes yet."));
  await Promise.all([drawMonth(), charts.show()]);
  // When the screen and its charts are drawn, for the tests' timing.
  performance.clearMarks("habit-ready");
  performance.mark("habit-ready");
}

/**
 * A habit's history over `from`…`to` (the history endpoint's answer, which
 * the charts draw), kept on the device; offline, the one kept, with when.
 */
async function historyFor(habit, from, to, now) {
  try {
    const answer = await api.call("GET", `/me/habits/${habit.id}/history/?from=${from}&to=${to}&today=${now}`);
    offline.keepHistory(habit.id, from, to, answer).catch(() => {});
    return { answer, at: null };
  } catch (error) {
    if (!error.offline) throw error;
    const kept = await offline.cachedHistory(habit.id, from, to).catch(() => null);
    if (!kept) throw error;
    return kept;
  }
}

function stat(label, value) {
  return h("div", {}, h("dt", {}, label), h("dd", {}, value === undefined ? "–" : String(value)));
}

function describe(habit) {
  const daysText = habit.action_days.length === 7 ? "every day" : habit.action_days.map((day) => days.WEEKDAYS[day - 1]).join(", ");
  const group = habit.group ? ` · ${habit.group}` : "";
  return `${habitWords(habit)}, on ${daysText}, since ${days.longDay(habit.start_date)}${group}`;
}

const SYMBOL = { done: "●", skipped: "◌", failed: "✕", pending: "○", rest: "·", future: "", before_start: "" };

function monthTable(first, states, entries, now, habit) {
  const count = days.daysInMonth(first);
  const lead = days.weekday(first) - 1;
  const rows = [];
  let cells = [];
  for (let i = 0; i < lead; i++) cells.push(h("td", {}));
  for (let d = 1; d <= count; d++) {
    const date = days.addDays(first, d - 1);
    const state = states.get(date) || "future";
    const entry = entries.get(date);
    const value = entry && entry.value > 0 ? `, ${amount(entry.value)} ${habit.measurement_type}` : "";
    // A planned day of a longer period shows (and says) its period's state.
    const period = ["rest", "before_start"].includes(state) ? "" : periodOfDayWords(habit, date);
    cells.push(h("td", { class: state, dataset: { date, state } },
      h("span", { class: "day", "aria-hidden": "true" }, String(d)),
      h("span", { class: "sr" }, `${days.longDay(date)}${date === now ? " (today)" : ""}: ${stateWords(habit, state)}${period}${value}`)));
    if (cells.length === 7) { rows.push(h("tr", {}, cells)); cells = []; }
  }
  if (cells.length) { while (cells.length < 7) cells.push(h("td", {})); rows.push(h("tr", {}, cells)); }
  return h("table", { class: "month" },
    h("caption", { "aria-live": "polite" }, days.monthTitle(first)),
    h("thead", {}, h("tr", {}, days.WEEKDAYS.map((name, i) => h("th", { scope: "col", abbr: days.WEEKDAY_NAMES[i] }, name)))),
    h("tbody", {}, rows));
}

function heatmap(from, to, states, entries, habit) {
  const cells = [];
  let start = from;
  while (days.weekday(start) !== 1) start = days.addDays(start, -1);
  let done = 0, skipped = 0;
  for (let date = start; date <= to; date = days.addDays(date, 1)) {
    const state = date < from ? "" : states.get(date);
    const entry = entries.get(date);
    let level = "";
    if (state === "done") { level = "l3"; done++; } else if (state === "skipped") { level = "skip"; skipped++; } else if (habit.goal !== "AT_MOST" && entry && entry.value > 0) level = entry.value >= habit.target_value / 2 ? "l2" : "l1";
    cells.push(h("i", { class: level, title: `${date}: ${state ? stateWords(habit, state) : ""}`, dataset: { date, state: state || "" } }));
  }
  // Focusable: on a phone it scrolls sideways, and a keyboard must reach that too.
  return h("div", { class: "heatmap", id: "heatmap", role: "img", tabindex: "0", "aria-label": `The last 12 months: ${done} days done, ${skipped} skipped.` }, cells);
}

// MARK: - Create and edit

// The optional `icon` (one emoji) and `color` (#rrggbb): an empty icon and
// an unticked colour send null, which removes them.
// `period_days` (2 to 365) is asked only for "Every N days"; `goal` is at
// least or at most (a limit, which may be 0); `group` is optional text,
// empty for none.
const FIELDS = ["name", "frequency", "period_days", "goal", "measurement_type", "start_date", "action_days", "target_value", "group", "icon", "color"];

async function editScreen(where) {
  const view = screenView();
  view(h("h1", {}, where.id ? "Edit habit" : "New habit"), loading());
  const habit = where.id ? await api.call("GET", `/me/habits/${where.id}/?today=${today()}`) : null;
  const active = where.id ? 0 : (await api.call("GET", "/me/habits/")).data.length;
  const limit = where.id ? undefined : (await accountLimits()).active_habits;
  const full = !habit && limit !== undefined && active >= limit;
  const errors = Object.fromEntries(FIELDS.map((field) => [field, h("p", { class: "error", id: `error-${field}` })]));
  const described = (field, hint) => ({ "aria-describedby": hint ? `hint-${field} error-${field}` : `error-${field}` });
  const name = h("input", { id: "name", name: "name", maxlength: "100", required: true, value: habit ? habit.name : "", ...described("name") });
  const frequency = h("select", { id: "frequency", name: "frequency", ...described("frequency") },
    h("option", { value: "DAILY" }, "Daily"), h("option", { value: "WEEKLY" }, "Weekly"),
    h("option", { value: "MONTHLY" }, "Monthly"), h("option", { value: "EVERY_N_DAYS" }, "Every N days"));
  frequency.value = habit ? habit.frequency : "DAILY";
  const periodDays = h("input", { id: "period_days", type: "number", min: "2", max: "365", step: "1", inputmode: "numeric", value: habit && habit.period_days ? String(habit.period_days) : "3", ...described("period_days", true) });
  const periodBox = h("div", { id: "period-days-box" },
    h("label", { for: "period_days" }, "Number of days (N)"), periodDays,
    h("p", { class: "hint", id: "hint-period_days" }, "From 2 to 365: periods of N days in a row, the first from the start date."), errors.period_days);
  const goal = h("select", { id: "goal", name: "goal", ...described("goal", true) },
    h("option", { value: "AT_LEAST" }, "At least"), h("option", { value: "AT_MOST" }, "At most"));
  goal.value = habit && habit.goal ? habit.goal : "AT_LEAST";
  const group = h("input", { id: "group", maxlength: "32", autocomplete: "off", value: habit && habit.group ? habit.group : "", ...described("group", true) });
  const unit = h("input", { id: "measurement_type", maxlength: "32", value: habit ? habit.measurement_type : "times", ...described("measurement_type") });
  const startDate = h("input", { id: "start_date", type: "date", value: habit ? habit.start_date : today(), ...described("start_date") });
  const chosen = new Set(habit ? habit.action_days : [1, 2, 3, 4, 5, 6, 7]);
  const dayBoxes = days.WEEKDAY_NAMES.map((dayName, i) => h("input", { type: "checkbox", value: String(i + 1), checked: chosen.has(i + 1), "aria-label": dayName }));
  const target = h("input", { id: "target_value", type: "number", step: "any", min: "0.000001", value: habit ? amount(habit.target_value) : "1", inputmode: "decimal", ...described("target_value", true) });
  const targetHint = h("p", { class: "hint", id: "hint-target_value" });
  // N only for "Every N days"; the target's hint and lowest value follow the goal.
  const follow = () => {
    periodBox.hidden = frequency.value !== "EVERY_N_DAYS";
    const limit = goal.value === "AT_MOST";
    target.min = limit ? "0" : "0.000001";
    const period = periodWords({ frequency: frequency.value, period_days: periodDays.value || "N" });
    targetHint.textContent = limit
      ? `The most you allow yourself ${period}; 0 for none at all.`
      : `What you aim for ${period}.`;
  };
  frequency.addEventListener("change", follow);
  goal.addEventListener("change", follow);
  periodDays.addEventListener("input", follow);
  follow();
  const icon = h("input", { id: "icon", maxlength: "16", autocomplete: "off", value: habit && habit.icon ? habit.icon : "", ...described("icon", true) });
  const hasColor = h("input", { id: "has-color", type: "checkbox", checked: Boolean(habit && habit.color) });
  const color = h("input", { id: "color", type: "color", value: habit && habit.color ? habit.color : "#2f6fdf", ...described("color") });
  const formError = h("p", { class: "error", role: "alert", id: "form-error" });
  const save = h("button", { class: "primary", type: "submit", disabled: full }, habit ? "Save" : "Create habit");
  const form = h("form", { novalidate: true, onsubmit: async (event) => {
    event.preventDefault();
    for (const field of FIELDS) errors[field].textContent = "";
    form.querySelectorAll("[aria-invalid]").forEach((element) => element.removeAttribute("aria-invalid"));
    formError.textContent = "";
    const body = {
      name: name.value, frequency: frequency.value, goal: goal.value, measurement_type: unit.value, start_date: startDate.value,
      action_days: dayBoxes.filter((box) => box.checked).map((box) => Number(box.value)),
      target_value: target.value === "" ? null : Number(target.value),
      icon: icon.value.trim() === "" ? null : icon.value.trim(),
      color: hasColor.checked ? color.value : null,
    };
    // N goes only with "Every N days"; an edit away from it removes N.
    if (frequency.value === "EVERY_N_DAYS") body.period_days = periodDays.value === "" ? null : Number(periodDays.value);
    else if (habit && habit.period_days) body.period_days = null;
    // An empty group is none: a new habit sends nothing, an edit removes it.
    if (group.value.trim() !== "") body.group = group.value.trim();
    else if (habit && habit.group) body.group = null;
    save.disabled = true;
    try {
      const saved = habit
        ? await api.call("PATCH", `/me/habits/${habit.id}/`, body)
        : await api.call("POST", "/me/habits/", body, { "Idempotency-Key": api.newKey() });
      location.hash = `#/habit/${saved.id}`;
    } catch (error) {
      save.disabled = false;
      const fields = Object.keys(error.fields);
      for (const field of fields) {
        const slot = errors[field] || formError;
        slot.textContent = error.fields[field].join(" ");
        const input = document.getElementById(field === "action_days" ? "action-days" : field);
        if (input) input.setAttribute("aria-invalid", "true");
      }
      // A habit_limit answer's message names the server's limit: shown as it is.
      if (error.code === "habit_name_taken") errors.name.textContent = error.message;
      else if (!fields.length) formError.textContent = error.offline ? "The server cannot be reached; nothing was saved." : error.message;
      const firstBad = form.querySelector("[aria-invalid]");
      (firstBad || formError).focus?.();
    }
  } },
  full ? h("p", { class: "notice", role: "status", id: "limit" }, `You have ${limit} active habits, the most you can have at once. Archive one to make room: archived habits keep their history and can come back.`) : null,
  formError,
  h("label", { for: "name" }, "Name"), name, errors.name,
  h("label", { for: "frequency" }, "Frequency"), frequency, errors.frequency,
  periodBox,
  h("label", { for: "goal" }, "Goal"), goal,
  h("p", { class: "hint", id: "hint-goal" }, "At least: a target to reach. At most: a limit to stay within."), errors.goal,
  h("label", { for: "measurement_type" }, "Unit"), unit, errors.measurement_type,
  h("label", { for: "target_value" }, "Target"), target, targetHint, errors.target_value,
  h("label", { for: "start_date" }, "Start date"), startDate, errors.start_date,
  h("fieldset", { id: "action-days", "aria-describedby": "error-action_days" }, h("legend", {}, "Action days"),
    h("div", { class: "days" }, dayBoxes.map((box, i) => h("label", {}, box, h("span", { "aria-hidden": "true" }, days.WEEKDAYS[i]))))),
  errors.action_days,
  h("label", { for: "group" }, "Group"), group,
  h("p", { class: "hint", id: "hint-group" }, "Optional, such as Morning: habits of one group are shown together on Today."), errors.group,
  h("label", { for: "icon" }, "Icon"), icon,
  h("p", { class: "hint", id: "hint-icon" }, "One emoji, such as 🏃; leave it empty for none."), errors.icon,
  h("label", { class: "check" }, hasColor, "Colour"),
  h("label", { for: "color" }, "Colour of the habit"), color, errors.color,
  h("div", { class: "row" }, save, h("a", { class: "button", href: habit ? `#/habit/${habit.id}` : "#/" }, "Cancel")));
  const manage = habit ? h("section", { "aria-labelledby": "manage-title" },
    h("h2", { id: "manage-title" }, "Archive or delete"),
    h("div", { class: "row" },
      h("button", { onclick: async () => {
        await api.call("PATCH", `/me/habits/${habit.id}/`, { status: habit.status === "ARCHIVED" ? "ACTIVE" : "ARCHIVED" }).catch((error) => { formError.textContent = error.message; throw error; });
        location.hash = `#/habit/${habit.id}`;
      } }, habit.status === "ARCHIVED" ? "Unarchive" : "Archive"),
      h("button", { class: "danger", onclick: async () => {
        if (!(await confirmDialog(`Delete “${habit.name}” and all its history?`, "Delete"))) return;
        await api.call("DELETE", `/me/habits/${habit.id}/`);
        location.hash = "#/";
      } }, "Delete…"))) : null;
  view(h("h1", {}, habit ? `Edit ${habit.name}` : "New habit"), form, manage);
}

// MARK: - Settings

async function settingsScreen() {
  const view = screenView();
  view(h("h1", {}, "Settings"), loading());
  const account = await api.call("GET", "/me/");
  keepDayStart(account);
  accountAnswer = Promise.resolve(account);
  const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
  const status = h("p", { role: "status", id: "export-status" });
  const zoneText = h("p", { id: "time-zone" });
  const sayZone = () => { zoneText.textContent = `${zone}. Days start at ${dayStartsAt() === "00:00" ? "midnight" : dayStartsAt()} here; the clock follows the server's.`; };
  sayZone();
  // The day boundary (rule 7): shown only when the server keeps one.
  const boundary = account.day_starts_at === undefined ? null : dayStartForm(account, sayZone);
  view(h("h1", {}, "Settings"),
    h("h2", {}, "Account"), h("p", {}, "Signed in as ", h("strong", { id: "account-email" }, account.email)),
    h("h2", {}, "Time zone"), zoneText, boundary,
    h("h2", {}, "Export"),
    h("div", { class: "row" },
      h("button", { id: "export-json", onclick: () => exportData("json", status) }, "Download JSON"),
      h("button", { id: "export-csv", onclick: () => exportData("csv", status) }, "Download CSV")), status,
    h("h2", {}, "Sign out"),
    h("p", { class: "hint" }, "Ends this session on the server and removes what this device keeps."),
    h("button", { class: "danger", id: "sign-out", onclick: async () => {
      try { await api.signOut(); } catch { /* signed out locally anyway */ }
      await offline.clear();
      localStorage.removeItem(SIGNED_IN);
      localStorage.removeItem(DAY_STARTS);
      accountAnswer = null;
      offlineMode = false;
      await updatePending();
      location.hash = "#/";
      route();
    } }, "Sign out"));
}

/**
 * The day boundary's form: "Day starts at" (00:00 to 12:00), saved with
 * PATCH /api/me/ {"day_starts_at"}; the server's field error is shown
 * under it as the habit form's are.
 */
function dayStartForm(account, changed) {
  const input = h("input", { id: "day_starts_at", type: "time", min: "00:00", max: "12:00", step: "60", value: account.day_starts_at || "00:00", "aria-describedby": "hint-day_starts_at error-day_starts_at" });
  const error = h("p", { class: "error", id: "error-day_starts_at" });
  const saved = h("p", { role: "status", id: "day-start-status" });
  const form = h("form", { novalidate: true, onsubmit: async (event) => {
    event.preventDefault();
    error.textContent = ""; saved.textContent = "";
    input.removeAttribute("aria-invalid");
    try {
      const answer = await api.call("PATCH", "/me/", { day_starts_at: input.value });
      keepDayStart(answer);
      accountAnswer = Promise.resolve(answer);
      changed();
      saved.textContent = `Saved: your day starts at ${dayStartsAt()}.`;
    } catch (problem) {
      const fields = problem.fields || {};
      error.textContent = fields.day_starts_at ? fields.day_starts_at.join(" ") : problem.offline ? "The server cannot be reached; nothing was saved." : problem.message;
      input.setAttribute("aria-invalid", "true");
      input.focus();
    }
  } },
  h("label", { for: "day_starts_at" }, "Day starts at"), input,
  h("p", { class: "hint", id: "hint-day_starts_at" }, "For a day that ends after midnight: before this time (up to 12:00), Today is still the day before."),
  error, h("button", { type: "submit", id: "save-day-start" }, "Save"), saved);
  return form;
}

async function exportData(format, status) {
  status.textContent = "Preparing the export…";
  const now = today();
  const habits = (await api.call("GET", "/me/habits/?status=ALL")).data;
  for (const habit of habits) {
    const from = habit.start_date < days.addDays(now, -3700) ? days.addDays(now, -3700) : habit.start_date;
    habit.progress = from > now ? [] : (await api.call("GET", `/me/habits/${habit.id}/progress/?from=${from}&to=${now}`)).data;
  }
  if (format === "json") {
    download(`habits-${now}.json`, "application/json", JSON.stringify({ exported_at: api.now().toISOString(), habits }, null, 2));
  } else {
    // Names, units, notes and groups are text a person typed: never a
    // formula. The habit's goal, period length and group come last, so a
    // sheet reading the first seven columns by position reads them still.
    const lines = ["habit_id,habit,unit,date,value,skipped,note,goal,period_days,group"];
    for (const habit of habits) for (const entry of habit.progress) {
      lines.push([
        csvField(habit.id), csvTextField(habit.name), csvTextField(habit.measurement_type),
        csvField(entry.date), csvField(entry.value), csvField(entry.skipped), csvTextField(entry.note || ""),
        csvField(habit.goal || "AT_LEAST"), csvField(habit.period_days ?? ""), csvTextField(habit.group || ""),
      ].join(","));
    }
    download(`habits-${now}.csv`, "text/csv", `${lines.join("\r\n")}\r\n`);
  }
  status.textContent = `Exported ${habits.length} habit${habits.length === 1 ? "" : "s"}.`;
}

start();
