// The web app's status rules (Sources/HabitServer/Web/rules.js) against the
// cases HabitCore's HabitHistory gives (Tests/Web/history-cases.json, kept
// by Tests/HabitCoreTests/Analytics/HistoryCaseTests.swift):
// `node --test Tests/Web/rules.test.mjs`, which
// Tests/EndToEndTests/WebAppTests.swift runs when node is installed.
//
// The app's files are ES modules in a directory without a package.json,
// which Node would read as CommonJS: each is loaded from its text as a
// data: URL, its relative imports pointed at the others' data: URLs.

import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";

const here = new URL(".", import.meta.url);
const web = new URL("../../Sources/HabitServer/Web/", here);
const source = (name) => readFileSync(new URL(name, web), "utf8");

/** A data: URL of the app's module `name`, with `imports` (file → URL) resolved. */
function moduleURL(name, imports = {}) {
  let text = source(name);
  for (const [file, url] of Object.entries(imports)) text = text.replaceAll(`"./${file}"`, `"${url}"`);
  return `data:text/javascript;base64,${Buffer.from(text).toString("base64")}`;
}

const { dayStates, periodState, completion, bareDoneAmount, groupSections } = await import(
  moduleURL("rules.js", { "dates.js": moduleURL("dates.js") }));
const { dayOf } = await import(moduleURL("dates.js"));
const { cases } = JSON.parse(readFileSync(new URL("history-cases.json", here), "utf8"));

/** The entries of a case as the app keeps them: a map date → entry. */
const entriesOf = (item) => new Map(item.entries.map((entry) => [entry.date, entry]));

test("the calendar of every case is HabitHistory's", () => {
  assert.ok(cases.length >= 10);
  for (const item of cases) {
    const states = dayStates(item.habit, entriesOf(item), item.from, item.to, item.today);
    assert.deepEqual(Object.fromEntries(states), item.expected.calendar, item.name);
  }
});

test("the completion_data of every date of every case is HabitHistory's", () => {
  for (const item of cases) {
    const entries = entriesOf(item);
    for (const [date, expected] of Object.entries(item.expected.completion)) {
      assert.deepEqual(completion(item.habit, entries, date, item.today), expected, `${item.name}: ${date}`);
    }
  }
});

test("the state of every counted period of every case is HabitHistory's", () => {
  for (const item of cases) {
    const entries = entriesOf(item);
    for (const [start, state] of Object.entries(item.expected.periods)) {
      assert.equal(periodState(item.habit, entries, start, item.today), state, `${item.name}: ${start}`);
    }
  }
});

test("the day lists drawn offline take completion_data from rules.js", () => {
  // One implementation of the rules and of amounts in millionths: offline.js
  // imports them rather than keeping a copy.
  const offline = source("offline.js");
  assert.match(offline, /import \{[^}]*\bcompletion\b[^}]*\} from "\.\/rules\.js"/);
  assert.match(offline, /completion_data: completion\(/);
  assert.doesNotMatch(offline, /const micro\b/);
  assert.doesNotMatch(source("app.js"), /const LIMIT\b/);
});

test("a bare done adds what HabitCore's Habit.bareDoneAmount adds (rule 6)", () => {
  const habit = (frequency, target, goal = "AT_LEAST", action_days = [1, 2, 3, 4, 5, 6, 7]) =>
    ({ frequency, target_value: target, goal, action_days, period_days: frequency === "EVERY_N_DAYS" ? 3 : undefined });
  const data = (target, current) => ({ target, current, state: "pending" });
  // DAILY and WEEKLY at least: what is left, at most a week's session.
  assert.equal(bareDoneAmount(habit("DAILY", 2.5), data(2.5, 1)), 1.5);
  assert.equal(bareDoneAmount(habit("WEEKLY", 3, "AT_LEAST", [1, 3, 5]), data(3, 0)), 1);
  assert.equal(bareDoneAmount(habit("WEEKLY", 20, "AT_LEAST", [1, 3, 5]), data(20, 0)), 7);
  assert.equal(bareDoneAmount(habit("WEEKLY", 2.5, "AT_LEAST", [1, 3, 5]), data(2.5, 0)), 0.833334);
  assert.equal(bareDoneAmount(habit("WEEKLY", 3, "AT_LEAST", [1, 3, 5]), data(3, 2.5)), 0.5);
  // MONTHLY and EVERY_N_DAYS at least: one unit, never more than is left.
  assert.equal(bareDoneAmount(habit("MONTHLY", 10), data(10, 0)), 1);
  assert.equal(bareDoneAmount(habit("EVERY_N_DAYS", 2), data(2, 1.5)), 0.5);
  assert.equal(bareDoneAmount(habit("MONTHLY", 2), data(2, 2)), 0);
  // At most: one more, whatever the limit, over it too.
  assert.equal(bareDoneAmount(habit("DAILY", 2, "AT_MOST"), data(2, 0)), 1);
  assert.equal(bareDoneAmount(habit("WEEKLY", 0, "AT_MOST"), data(0, 3)), 1);
});

test("habits are arranged by group as HabitCore's HabitGroups arranges them (rule 8)", () => {
  const habits = [
    { id: 1, group: "Morning" }, { id: 2 }, { id: 3, group: " evening " }, { id: 4, group: "MORNING" },
    { id: 5, group: null }, { id: 6, group: "Evening" }];
  const sections = groupSections(habits).map((section) => [section.name, section.habits.map((habit) => habit.id)]);
  // Without case, as first written, in first-seen order, the ungrouped last.
  assert.deepEqual(sections, [["Morning", [1, 4]], ["evening", [3, 6]], [null, [2, 5]]]);
  assert.deepEqual(groupSections([{ id: 1 }, { id: 2, group: "" }]).map((section) => section.name), [null]);
});

test("before the account's day boundary, today is still the previous date (rule 7)", () => {
  // Local times, whatever the time zone the test runs in.
  const at = (day, hours, minutes) => new Date(2026, 11, day, hours, minutes);
  assert.equal(dayOf(at(6, 1, 30), "03:00"), "2026-12-05");
  assert.equal(dayOf(at(6, 2, 59), "03:00"), "2026-12-05");
  assert.equal(dayOf(at(6, 3, 0), "03:00"), "2026-12-06");
  assert.equal(dayOf(at(1, 1, 30), "03:00"), "2026-11-30");
  assert.equal(dayOf(at(6, 0, 0), "00:00"), "2026-12-06");
  assert.equal(dayOf(at(6, 11, 59), "12:00"), "2026-12-05");
  // Nothing kept, or nothing the server would send: midnight.
  assert.equal(dayOf(at(6, 0, 1)), "2026-12-06");
  assert.equal(dayOf(at(6, 0, 1), "3am"), "2026-12-06");
});
