// The status rules of HabitCore (HabitHistory, StatusRules.md), for the
// calendar, the heatmap and the day lists drawn offline: each period's state
// and progress from the habit and its entries, for every kind (DAILY,
// WEEKLY, MONTHLY, EVERY_N_DAYS; AT_LEAST or AT_MOST). Amounts are added in
// millionths (the API's resolution), as integers, so 0.7 + 0.1 reaches 0.8
// as it does on the server. Tests/Web/rules.test.mjs checks every case of
// Tests/Web/history-cases.json, which HabitCore's tests keep.

import { addDays, weekday, monthStart, daysInMonth, dayNumber, fromDayNumber } from "./dates.js";

/** An amount in millionths, as an integer: the one way amounts are added. */
export const micro = (value) => Math.round(Number(value || 0) * 1e6);

const atMost = (habit) => habit.goal === "AT_MOST";

/**
 * The first and last date of the period containing `date`, as HabitCore's
 * HabitPeriods: the day; the ISO week; the calendar month; or the block of
 * N days (`period_days`) anchored on the start date, before it too.
 */
export function periodOf(habit, date) {
  switch (habit.frequency) {
    case "WEEKLY": {
      const first = addDays(date, 1 - weekday(date));
      return { first, last: addDays(first, 6) };
    }
    case "MONTHLY": {
      const first = monthStart(date);
      return { first, last: addDays(first, daysInMonth(first) - 1) };
    }
    case "EVERY_N_DAYS": {
      const n = Math.max(1, habit.period_days || 1);
      const anchor = dayNumber(habit.start_date);
      const first = anchor + Math.floor((dayNumber(date) - anchor) / n) * n;
      return { first: fromDayNumber(first), last: fromDayNumber(first + n - 1) };
    }
    default:
      return { first: date, last: date };
  }
}

/**
 * A period of a habit that is not daily, from `first` through `last`: its
 * sum in millionths (entries from the start date on, rest days too), its
 * planned days (action days on or after the start) and how many of them
 * are marked skipped.
 */
function tally(habit, entries, first, last) {
  let sum = 0, planned = 0, skipped = 0;
  const from = first < habit.start_date ? habit.start_date : first;
  for (let day = from; day <= last; day = addDays(day, 1)) {
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
 * The state of a day of a daily habit, or of a period of another kind,
 * once it has begun, from its value (millionths), whether every planned
 * day is skipped, and whether it has ended (`ended`) or is today's.
 * At least: done on reaching the target, then skipped, then pending until
 * it ends, failed after. At most: done once it ended within the limit,
 * then skipped, failed as soon as it is over, pending otherwise.
 */
function begunState(habit, value, allSkipped, ended) {
  const target = micro(habit.target_value);
  if (atMost(habit)) {
    const over = value > target;
    if (ended && !over) return "done";
    if (allSkipped) return "skipped";
    return over ? "failed" : "pending";
  }
  if (value >= target) return "done";
  if (allSkipped) return "skipped";
  return ended ? "failed" : "pending";
}

/**
 * The state of the period (by frequency) that contains `date`, as
 * HabitHistory's `state(of:today:)`: the API's `completion_data.state`.
 * A period with no planned day is not counted (before start when it holds
 * the start date, rest otherwise); after today only a planned skip counts.
 */
export function periodState(habit, entries, date, today) {
  if (habit.frequency === "DAILY") {
    if (date < habit.start_date) return "before_start";
    if (!habit.action_days.includes(weekday(date))) return "rest";
    const entry = entries.get(date);
    const skipped = Boolean(entry && entry.skipped);
    if (date > today) return skipped ? "skipped" : "future";
    return begunState(habit, micro(entry && entry.value), skipped, date < today);
  }
  const { first, last } = periodOf(habit, date);
  const { sum, planned, skipped } = tally(habit, entries, first, last);
  if (planned === 0) return first <= habit.start_date ? "before_start" : "rest";
  const allSkipped = skipped === planned;
  if (first > today) return allSkipped ? "skipped" : "future";
  return begunState(habit, sum, allSkipped, last < today);
}

/**
 * The calendar's map date → state from `from` through `to`, as
 * HabitHistory's `calendarState`: a daily habit's days show their own state;
 * the planned days of the other kinds show their period's, their other days
 * rest or before start. Each period is judged once.
 */
export function dayStates(habit, entries, from, to, today) {
  const states = new Map();
  let period = null, state = null;
  for (let date = from; date <= to; date = addDays(date, 1)) {
    if (date < habit.start_date) states.set(date, "before_start");
    else if (!habit.action_days.includes(weekday(date))) states.set(date, "rest");
    else if (habit.frequency === "DAILY") states.set(date, periodState(habit, entries, date, today));
    else {
      if (!period || date > period.last) {
        period = periodOf(habit, date);
        state = periodState(habit, entries, date, today);
      }
      states.set(date, state);
    }
  }
  return states;
}

/**
 * The API's `completion_data` for the period containing `date`, judged on
 * `today`: the target, the value so far (the day's, or the period's sum
 * from the start date on) and the period's state.
 */
export function completion(habit, entries, date, today) {
  let current;
  if (habit.frequency === "DAILY") current = micro((entries.get(date) || {}).value);
  else {
    const { first, last } = periodOf(habit, date);
    current = tally(habit, entries, first, last).sum;
  }
  return { target: habit.target_value, current: current / 1e6, state: periodState(habit, entries, date, today) };
}

/**
 * A weekly habit's session, as HabitCore's `Habit.sessionShare`: one
 * planned day's share of the week's target, rounded up to a whole unit
 * when the target is whole, else up to the millionth; the whole target
 * for the other kinds and for a week of one action day.
 */
export function sessionShare(habit) {
  if (habit.frequency !== "WEEKLY" || habit.action_days.length <= 1) return habit.target_value;
  const share = habit.target_value / habit.action_days.length;
  return Number.isInteger(habit.target_value) ? Math.ceil(share - 1e-9) : Math.ceil(share * 1e6 - 1e-6) / 1e6;
}

/**
 * What a bare "done" adds toward the period of `data` (its
 * `completion_data`), as HabitCore's `Habit.bareDoneAmount` (rule 6): one
 * unit for an at-most habit, whatever is left of its limit; for a monthly
 * or every-N-days habit one unit, for a daily or weekly one its session,
 * never more than what is left of the target.
 */
export function bareDoneAmount(habit, data) {
  if (atMost(habit)) return 1;
  const left = Math.max(micro(data.target) - micro(data.current), 0);
  const step = habit.frequency === "DAILY" || habit.frequency === "WEEKLY" ? micro(sessionShare(habit)) : 1e6;
  return Math.min(left, step) / 1e6;
}

/**
 * Habits by group, as HabitCore's HabitGroups (rule 8): groups compare
 * without case and without the spaces around them, each named as first written, in
 * the order their first habit comes; the ungrouped last (name null).
 */
export function groupSections(habits) {
  const sections = [], ungrouped = [];
  for (const habit of habits) {
    const name = (habit.group || "").trim();
    if (!name) { ungrouped.push(habit); continue; }
    const section = sections.find((item) => item.name.toLowerCase() === name.toLowerCase());
    if (section) section.habits.push(habit);
    else sections.push({ name, habits: [habit] });
  }
  if (ungrouped.length) sections.push({ name: null, habits: ungrouped });
  return sections;
}
