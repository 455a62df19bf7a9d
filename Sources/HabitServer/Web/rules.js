// The status rules of HabitCore (HabitHistory, StatusRules.md), for the
// calendar, the heatmap and the day lists drawn offline: each period's state
// and progress from the habit and its entries. Amounts are added in
// millionths (the API's resolution), as integers, so 0.7 + 0.1 reaches 0.8
// as it does on the server. Tests/Web/rules.test.mjs checks every case of
// Tests/Web/history-cases.json, which HabitCore's tests keep.

import { addDays, weekday } from "./dates.js";

/** An amount in millionths, as an integer: the one way amounts are added. */
export const micro = (value) => Math.round(Number(value || 0) * 1e6);

/**
 * The week from `monday` of a weekly habit: its sum in millionths (entries
 * from the start date on, rest days too), its planned days (action days on
 * or after the start) and how many of them are marked skipped.
 */
function week(habit, entries, monday) {
  let sum = 0, planned = 0, skipped = 0;
  for (let day = monday, i = 0; i < 7; day = addDays(day, 1), i++) {
    if (day < habit.start_date) continue;
    const entry = entries.get(day);
    sum += micro(entry && entry.value);
    if (habit.action_days.includes(weekday(day))) {
      planned++;
      if (entry && entry.skipped) skipped++;
    }
  }
  return { sum, planned, skipped };
}

/**
 * The state of the period (day or ISO week, by frequency) that contains
 * `date`, as HabitHistory's `state(of:today:)`: the API's
 * `completion_data.state`. After today only a planned skip counts; a
 * period that has begun is done, then skipped, then pending or failed.
 */
export function periodState(habit, entries, date, today) {
  const target = micro(habit.target_value);
  if (habit.frequency !== "WEEKLY") {
    if (date < habit.start_date) return "before_start";
    if (!habit.action_days.includes(weekday(date))) return "rest";
    const entry = entries.get(date);
    const skipped = Boolean(entry && entry.skipped);
    if (date > today) return skipped ? "skipped" : "future";
    if (micro(entry && entry.value) >= target) return "done";
    if (skipped) return "skipped";
    return date === today ? "pending" : "failed";
  }
  const monday = addDays(date, 1 - weekday(date));
  const { sum, planned, skipped } = week(habit, entries, monday);
  // A week with no planned day (only a first week can have none) is not counted.
  if (planned === 0) return "before_start";
  const allSkipped = skipped === planned;
  if (monday > today) return allSkipped ? "skipped" : "future";
  if (sum >= target) return "done";
  if (allSkipped) return "skipped";
  return addDays(monday, 6) >= today ? "pending" : "failed";
}

/**
 * The calendar's map date → state from `from` through `to`, as
 * HabitHistory's `calendarState`: a daily habit's days show their own state;
 * a weekly habit's planned days show their week's, its other days rest or
 * before start.
 */
export function dayStates(habit, entries, from, to, today) {
  const states = new Map();
  for (let date = from; date <= to; date = addDays(date, 1)) {
    if (date < habit.start_date) states.set(date, "before_start");
    else if (!habit.action_days.includes(weekday(date))) states.set(date, "rest");
    else states.set(date, periodState(habit, entries, date, today));
  }
  return states;
}

/**
 * The API's `completion_data` for the period containing `date`, judged on
 * `today`: the target, the value so far (the day's, or the week's sum from
 * the start date on) and the period's state.
 */
export function completion(habit, entries, date, today) {
  let current;
  if (habit.frequency === "WEEKLY") current = week(habit, entries, addDays(date, 1 - weekday(date))).sum;
  else current = micro((entries.get(date) || {}).value);
  return { target: habit.target_value, current: current / 1e6, state: periodState(habit, entries, date, today) };
}

/**
 * What a bare "done" adds to a weekly habit, as the CLI's `done`: one planned
 * day's share of the week's target, rounded up to a whole unit when the
 * target is whole, else up to the millionth.
 */
export function sessionShare(habit) {
  const share = habit.target_value / habit.action_days.length;
  return Number.isInteger(habit.target_value) ? Math.ceil(share - 1e-9) : Math.ceil(share * 1e6 - 1e-6) / 1e6;
}
