// Today's Week view: every habit × the last days (7, or 5 on a screen
// narrower than 600 px), a WAI-ARIA grid. Each cell's state comes from the
// history endpoint (GET /api/me/habits/{id}/history/), kept in IndexedDB
// for offline: a daily habit's cell shows its day's period; any other
// kind's shows the day's own entry (the progress read the habit screen
// uses) and, on a planned day, its period's state. rules.js gives only the
// state shown at once after an action, until the server's answer, as
// Today's check-ins do.

import * as api from "./api.js";
import * as days from "./dates.js";
import * as offline from "./offline.js";
import { h, amount } from "./ui.js";
import { bareDoneAmount, completion, periodOf } from "./rules.js";
import { amountWords } from "./words.js";

/** A touch held this long (ms) skips, measured between its pointer events. */
const LONG_PRESS = 500;
/** A touch that moves further than this (px) is a scroll, not a press. */
const SLOP = 10;
const narrow = window.matchMedia("(max-width: 599.98px)");

/**
 * Counted in ones: an at-least habit in "times" with a whole target. A tap
 * records a bare "done" (rule 6) and a second clears it; any other habit
 * (an amount, or a limit, which is "done" with nothing logged) opens the
 * amount instead.
 */
export function countedInOnes(habit) {
  return habit.goal !== "AT_MOST" && habit.measurement_type === "times" && Number.isInteger(Number(habit.target_value));
}

/** The dates shown: `count` days ending on `last`, oldest first. */
export function gridDates(last, count) {
  return Array.from({ length: count }, (_, i) => days.addDays(last, i - count + 1));
}

/** The counted period of the history answer `report` holding `date`, if any. */
function periodAt(report, date) {
  return report.periods.find((period) => period.start <= date && date <= period.end);
}

/**
 * A daily habit's days as entries, from its history answer: its periods
 * are its days, each with its value (a skipped day is marked so).
 */
function dailyEntries(report) {
  return new Map(report.periods.map((period) => [period.start, { date: period.start, value: period.value, skipped: period.state === "skipped" }]));
}

/**
 * The history of `habit` from `from` through `to` (judged on `today`) and,
 * for a habit that is not daily, its entries over the whole periods
 * holding those days. Kept on the device; without an answer, the kept one
 * (`stale`), else null.
 */
async function load(habit, from, to, today) {
  try {
    const report = await api.call("GET", `/me/habits/${habit.id}/history/?from=${from}&to=${to}&today=${today}`);
    let entries;
    if (habit.frequency === "DAILY") entries = dailyEntries(report);
    else {
      const first = periodOf(habit, from).first, last = periodOf(habit, to).last;
      const answer = await api.call("GET", `/me/habits/${habit.id}/progress/?from=${first}&to=${last}`);
      entries = new Map(answer.data.map((entry) => [entry.date, entry]));
    }
    const data = { from, to, today, report, entries, stale: false };
    keep(habit, data);
    return data;
  } catch {
    // No network, or a server that cannot answer: what was kept, if anything.
    const kept = await offline.keptWeek(habit.id).catch(() => null);
    if (!kept || !kept.report) return null;
    return { ...kept, entries: new Map(kept.entries.map((entry) => [entry.date, entry])), stale: true };
  }
}

function keep(habit, data) {
  offline.keepWeek(habit.id, {
    from: data.from, to: data.to, today: data.today, report: data.report, entries: [...data.entries.values()],
  }).catch(() => {});
}

/**
 * What a cell shows: its state (the period's, "rest" on a day that is not
 * planned, "unknown" outside what the device has), the day's own value and
 * skip, and whether it takes actions (not before the start, not after
 * today, not unknown).
 */
function cellOf(habit, data, date, today) {
  let state;
  if (date < habit.start_date) state = "before_start";
  else if (!data || date < data.from || date > data.to) state = "unknown";
  else if (habit.frequency !== "DAILY" && !habit.action_days.includes(days.weekday(date))) state = "rest";
  else state = (periodAt(data.report, date) || { state: "rest" }).state;
  const entry = (data && data.entries.get(date)) || { value: 0, skipped: false };
  const value = Number(entry.value) || 0;
  return { state, value, skipped: Boolean(entry.skipped), disabled: ["before_start", "unknown"].includes(state) || date > today };
}

/**
 * The period of a planned day in words, for the Week grid's and the calendar's text (app.js): nothing
 * for a daily habit (the day is the period), else " for the week", " for
 * the month" or " for the 3 days 2 November to 4 November" (the block).
 */
export function periodOfDayWords(habit, date) {
  if (habit.frequency === "WEEKLY") return " for the week";
  if (habit.frequency === "MONTHLY") return " for the month";
  if (habit.frequency === "EVERY_N_DAYS") {
    const { first, last } = periodOf(habit, date);
    return ` for the ${habit.period_days} days ${days.shortDay(first)} to ${days.shortDay(last)}`;
  }
  return "";
}

const MARK = { done: "✓", skipped: "–", failed: "✕", rest: "·", unknown: "?" };

/**
 * Draws `cell` (a gridcell) for `date`: the visible mark (the day's value,
 * a ✓ for a day counted in ones, or the state's sign) and, as its
 * accessible name, the habit, the date and the state in words.
 */
function paintCell(td, habit, data, date, view) {
  const { state, value, skipped, disabled } = cellOf(habit, data, date, view.today);
  const daily = habit.frequency === "DAILY";
  let mark = MARK[state] || "";
  if (value > 0) mark = countedInOnes(habit) ? "✓" : amount(value);
  else if (!daily && skipped) mark = MARK.skipped;
  else if (!daily && state !== "rest") mark = "";
  const words = [`${habit.name}, ${days.longDay(date)}${date === view.today ? " (today)" : ""}: `,
    state === "unknown" ? "not known offline" : view.stateWords(habit, state),
    daily || ["rest", "before_start", "unknown"].includes(state) ? "" : periodOfDayWords(habit, date),
    value > 0 ? `, ${amountWords(value, habit.measurement_type)}${daily ? "" : " this day"}` : "",
    !daily && skipped ? ", skipped this day" : ""].join("");
  td.className = `cell ${state}${value > 0 ? " logged" : ""}`;
  td.dataset.state = state;
  td.dataset.value = String(value);
  if (disabled) td.setAttribute("aria-disabled", "true");
  else td.removeAttribute("aria-disabled");
  td.replaceChildren(h("span", { class: "cell-mark", "aria-hidden": "true" }, mark), h("span", { class: "sr" }, words));
}

/**
 * Asks for a day's amount in a modal dialog; resolves to the number (0
 * clears the day) or null when cancelled.
 */
function amountDialog(habit, date, current) {
  return new Promise((resolve) => {
    let result = null;
    const input = h("input", { id: "grid-amount", type: "number", min: "0", step: "any", inputmode: "decimal", value: current > 0 ? amount(current) : "", "aria-describedby": "grid-amount-hint grid-amount-error" });
    const error = h("p", { class: "error", id: "grid-amount-error" });
    const dialog = h("dialog", { "aria-labelledby": "grid-amount-title", id: "grid-amount-dialog" },
      h("form", { novalidate: true, onsubmit: (event) => {
        event.preventDefault();
        const value = input.value.trim() === "" ? 0 : Number(input.value);
        if (!Number.isFinite(value) || value < 0) { error.textContent = "Enter 0 or more."; input.focus(); return; }
        result = value;
        dialog.close();
      } },
      h("h2", { id: "grid-amount-title" }, `${habit.name}, ${days.longDay(date)}`),
      h("label", { for: "grid-amount" }, `Amount of ${habit.measurement_type}`), input,
      h("p", { class: "hint", id: "grid-amount-hint" }, "The day's amount; 0 clears it."), error,
      h("div", { class: "row" },
        h("button", { class: "primary", type: "submit" }, "Save"),
        h("button", { type: "button", onclick: () => dialog.close() }, "Cancel"))));
    dialog.addEventListener("close", () => { dialog.remove(); resolve(result); });
    document.body.append(dialog);
    dialog.showModal();
    input.select();
  });
}

/** The last grid drawn, drawn again when the screen crosses 600 px. */
let latest = null;
narrow.addEventListener("change", () => {
  if (latest && latest.body.isConnected && latest.body.querySelector("table.week")) renderWeek(...latest.args);
});
const drawing = new WeakMap();

/**
 * Draws the Week view into `body`: a row per habit of `habits` over the
 * days ending on `day`. `context` gives `today`, `stateWords(habit,
 * state)` (Today's words), `stale` (the list is as last seen), `extra`
 * (elements after the grid), `pending()` (a check-in was kept for later),
 * `failed(error)` (the server refused one) and `current()` (false once
 * Today has gone back to the Day view: a late answer draws nothing).
 */
export async function renderWeek(body, habits, day, context) {
  latest = { body, args: [body, habits, day, context] };
  const mine = (drawing.get(body) || 0) + 1;
  drawing.set(body, mine);
  const count = narrow.matches ? 5 : 7;
  const dates = gridDates(day, count);
  const focused = document.activeElement && body.contains(document.activeElement) ? document.activeElement.closest("[data-row]") : null;
  const keepFocus = focused ? { id: focused.closest("tr").dataset.id, col: focused.dataset.col, date: focused.dataset.date } : null;
  if (!body.querySelector("table.week")) body.replaceChildren(h("p", { class: "loading", role: "status" }, h("span", { class: "spinner", "aria-hidden": "true" }), "Loading…"));
  const loaded = await Promise.all(habits.map((habit) => load(habit, dates[0], day, context.today)));
  if (drawing.get(body) !== mine || !body.isConnected || (context.current && !context.current())) return;
  const view = { today: context.today, stateWords: context.stateWords, data: new Map(habits.map((habit, i) => [habit.id, loaded[i]])) };
  const table = gridTable(habits, dates, view, context);
  const stale = context.stale || loaded.some((data) => !data || data.stale);
  const notice = stale ? h("p", { class: "notice", role: "status" }, "Offline: these days are as last seen. Check-ins are kept and sent when the network is back.") : null;
  body.replaceChildren(...[notice, h("div", { class: "week-box" }, table), ...(context.extra || [])].filter(Boolean));
  // When the grid is first usable, for Navigation Timing (as "today-ready").
  if (performance.getEntriesByName("week-ready").length === 0) performance.mark("week-ready");
  if (keepFocus) {
    const row = table.querySelector(`tr[data-id="${keepFocus.id}"]`);
    const target = row && (row.querySelector(`[data-date="${keepFocus.date}"]`) || row.querySelector(`[data-col="${keepFocus.col}"]`));
    if (target) target.focus();
  }
}

/** The grid's table, its keys, pointer handling and actions. */
function gridTable(habits, dates, view, context) {
  const last = dates.length;
  const head = h("tr", { role: "row" },
    h("th", { scope: "col", role: "columnheader" }, h("span", { class: "sr" }, "Habit")),
    dates.map((date) => h("th", { scope: "col", role: "columnheader", class: date === view.today ? "today" : null },
      h("span", { class: "weekday" }, days.WEEKDAYS[days.weekday(date) - 1]), " ",
      h("span", { class: "daynum" }, String(Number(date.slice(8)))))));
  const rows = habits.map((habit, r) => {
    const link = h("a", { href: `#/habit/${habit.id}`, tabindex: "-1", dataset: { row: String(r), col: "0" } },
      h("span", {}, habit.icon ? h("span", { "aria-hidden": "true" }, `${habit.icon} `) : null, habit.name));
    const cells = dates.map((date, c) => {
      const td = h("td", { role: "gridcell", tabindex: "-1", dataset: { row: String(r), col: String(c + 1), date } });
      paintCell(td, habit, view.data.get(habit.id), date, view);
      return td;
    });
    return h("tr", { role: "row", dataset: { id: String(habit.id) }, style: habit.color ? { "--mark": habit.color } : {} },
      h("th", { scope: "row", role: "rowheader" }, link), cells);
  });
  const table = h("table", { class: "week", id: "week", role: "grid", "aria-label": `Last ${last} days` },
    h("thead", {}, head), h("tbody", {}, rows));
  // One tab stop: the first habit's last day, then wherever focus was.
  const start = table.querySelector(`[data-row="0"][data-col="${last}"]`);
  if (start) start.tabIndex = 0;

  const item = (r, c) => table.querySelector(`[data-row="${r}"][data-col="${c}"]`);
  const move = (r, c) => {
    const target = item(Math.max(0, Math.min(habits.length - 1, r)), Math.max(0, Math.min(last, c)));
    if (target) target.focus();
  };
  table.addEventListener("focusin", (event) => {
    const target = event.target.closest("[data-row]");
    if (!target) return;
    for (const other of table.querySelectorAll('[tabindex="0"]')) if (other !== target) other.tabIndex = -1;
    target.tabIndex = 0;
  });

  const habitOf = (td) => habits[Number(td.dataset.row)];
  const rowCells = (habit) => table.querySelectorAll(`tr[data-id="${habit.id}"] td[role="gridcell"]`);
  const paintRow = (habit) => { for (const td of rowCells(habit)) paintCell(td, habit, view.data.get(habit.id), td.dataset.date, view); };
  const sequence = new Map();

  /** Records `change` on `date`: shown at once, sent, kept for later offline. */
  const record = async (habit, date, change) => {
    const data = view.data.get(habit.id);
    const base = `/me/habits/${habit.id}/progress/${date}/`;
    const on = ` (${days.longDay(date)})`;
    let operation;
    if (change.kind === "done") {
      operation = { method: "POST", path: `${base}increment/`, body: { amount: change.amount }, key: api.newKey(), label: `Done: ${habit.name}${on}` };
    } else if (change.kind === "set") {
      operation = { method: "PUT", path: base, body: { value: change.value, skipped: false }, label: `Set ${amount(change.value)} ${habit.measurement_type}: ${habit.name}${on}` };
    } else if (change.kind === "skip") {
      operation = { method: "PUT", path: base, body: { value: 0, skipped: true }, label: `Skip: ${habit.name}${on}` };
    } else {
      operation = { method: "DELETE", path: base, label: `Undo: ${habit.name}${on}` };
    }
    applyAtOnce(habit, data, date, change, view.today);
    paintRow(habit);
    const mine = (sequence.get(habit.id) || 0) + 1;
    sequence.set(habit.id, mine);
    try {
      await api.call(operation.method, operation.path, operation.body, operation.key ? { "Idempotency-Key": operation.key } : undefined);
    } catch (error) {
      if (error.offline) {
        await offline.enqueue(operation);
        keep(habit, data);
        await context.pending();
        return;
      }
      context.failed(error);
    }
    // The server's answer replaces what was shown at once (or refused).
    const fresh = await load(habit, data.from, data.to, view.today);
    if (fresh && !fresh.stale && sequence.get(habit.id) === mine && table.isConnected) {
      view.data.set(habit.id, fresh);
      paintRow(habit);
    }
  };

  const primary = async (td) => {
    const habit = habitOf(td), date = td.dataset.date;
    const data = view.data.get(habit.id);
    const cell = cellOf(habit, data, date, view.today);
    if (cell.disabled) return;
    if (countedInOnes(habit)) {
      if (cell.value > 0) return record(habit, date, { kind: "undo" });
      const period = periodAt(data.report, date);
      const add = bareDoneAmount(habit, { target: period ? period.target : habit.target_value, current: period ? period.value : 0 });
      return record(habit, date, { kind: "done", amount: add || 1 });
    }
    const value = await amountDialog(habit, date, cell.value);
    td.focus();
    if (value === null || (value === 0 && cell.value === 0 && !cell.skipped)) return;
    return record(habit, date, value === 0 ? { kind: "undo" } : { kind: "set", value });
  };
  const skip = (td) => {
    const habit = habitOf(td), date = td.dataset.date;
    const cell = cellOf(habit, view.data.get(habit.id), date, view.today);
    if (cell.disabled) return;
    return record(habit, date, { kind: cell.skipped ? "undo" : "skip" });
  };

  table.addEventListener("keydown", (event) => {
    const target = event.target.closest("[data-row]");
    if (!target) return;
    const r = Number(target.dataset.row), c = Number(target.dataset.col);
    const cell = target.matches("td") ? target : null;
    const ctrl = event.ctrlKey || event.metaKey;
    switch (event.key) {
      case "ArrowRight": move(r, c + 1); break;
      case "ArrowLeft": move(r, c - 1); break;
      case "ArrowDown": move(r + 1, c); break;
      case "ArrowUp": move(r - 1, c); break;
      case "Home": if (ctrl) move(0, 0); else move(r, 0); break;
      case "End": if (ctrl) move(habits.length - 1, last); else move(r, last); break;
      case "PageDown": move(habits.length - 1, c); break;
      case "PageUp": move(0, c); break;
      case "Enter": case " ":
        // On the habit's name, Enter follows its link.
        if (!cell) return;
        primary(cell);
        break;
      case "s": case "S":
        if (!cell || ctrl || event.altKey) return;
        skip(cell);
        break;
      default: return;
    }
    event.preventDefault();
  });

  // A tap or click records; a long touch, or the context menu (a right
  // click, the menu key, a long press that makes one), skips. The press is
  // timed between its own pointer events, so there is no timer to cancel.
  let press = null, swallowClick = false;
  table.addEventListener("pointerdown", (event) => {
    swallowClick = false;
    const td = event.target.closest("td[role=gridcell]");
    press = td && event.pointerType !== "mouse" ? { id: event.pointerId, td, at: event.timeStamp, x: event.clientX, y: event.clientY, done: false } : null;
  });
  table.addEventListener("pointermove", (event) => {
    if (press && event.pointerId === press.id && Math.hypot(event.clientX - press.x, event.clientY - press.y) > SLOP) press = null;
  });
  table.addEventListener("pointercancel", () => { press = null; });
  table.addEventListener("pointerup", (event) => {
    if (!press || event.pointerId !== press.id) return;
    const { td, at, done } = press;
    press = null;
    if (done) { swallowClick = true; return; }
    if (event.timeStamp - at >= LONG_PRESS) {
      swallowClick = true;
      td.focus();
      skip(td);
    }
  });
  table.addEventListener("click", (event) => {
    const td = event.target.closest("td[role=gridcell]");
    if (!td) return;
    if (swallowClick) { swallowClick = false; return; }
    td.focus();
    primary(td);
  });
  table.addEventListener("contextmenu", (event) => {
    const td = event.target.closest("td[role=gridcell]");
    if (!td) return;
    event.preventDefault();
    if (press) {
      if (press.done) return;
      press.done = true;
    }
    td.focus();
    skip(td);
  });
  return table;
}

/**
 * `change` applied to what the device has of `habit` on `date`, at once:
 * the day's entry, then its period's state and value by rules.js (what
 * Today shows after a check-in, until the server's answer).
 */
function applyAtOnce(habit, data, date, change, today) {
  const entry = data.entries.get(date) || { date, value: 0, skipped: false };
  if (change.kind === "done") data.entries.set(date, { ...entry, value: (Math.round(Number(entry.value) * 1e6) + Math.round(change.amount * 1e6)) / 1e6, skipped: false });
  else if (change.kind === "set") data.entries.set(date, { ...entry, value: change.value, skipped: false });
  else if (change.kind === "skip") data.entries.set(date, { ...entry, value: 0, skipped: true });
  else data.entries.delete(date);
  const { current, state } = completion(habit, data.entries, date, today);
  const periods = data.report.periods;
  const period = periodAt(data.report, date);
  if (period) Object.assign(period, { value: current, state });
  else if (!["rest", "before_start"].includes(state)) {
    const { first, last } = periodOf(habit, date);
    periods.push({ start: first, end: last, state, value: current, target: habit.target_value });
    periods.sort((a, b) => (a.start < b.start ? -1 : 1));
  }
}
