// The status rules of HabitCore (StatusRules.md), for the calendar and the
// heatmap: each day's state from the habit and its entries. Amounts are
// added in millionths, as integers, so 0.7 + 0.1 reaches 0.8 as it does on
// the server.

import { addDays, weekday } from "./dates.js";

const micro = (value) => Math.round(Number(value || 0) * 1e6);

/** A map date → state from `from` through `to`; `today` decides the rest. */
export function dayStates(habit, entries, from, to, today) {
  const states = new Map();
  const planned = (date) => date >= habit.start_date && habit.action_days.includes(weekday(date));
  const target = micro(habit.target_value);
  for (let date = from; date <= to; date = addDays(date, 1)) {
    if (date < habit.start_date) { states.set(date, "before_start"); continue; }
    if (!habit.action_days.includes(weekday(date))) { states.set(date, "rest"); continue; }
    if (habit.frequency !== "WEEKLY") {
      const entry = entries.get(date);
      const skipped = Boolean(entry && entry.skipped);
      if (date > today) states.set(date, skipped ? "skipped" : "future");
      else if (micro(entry && entry.value) >= target) states.set(date, "done");
      else if (skipped) states.set(date, "skipped");
      else states.set(date, date === today ? "pending" : "failed");
      continue;
    }
    const monday = addDays(date, 1 - weekday(date));
    const sunday = addDays(monday, 6);
    let sum = 0, plannedDays = 0, skippedDays = 0;
    for (let day = monday; day <= sunday; day = addDays(day, 1)) {
      const entry = entries.get(day);
      if (day >= habit.start_date) sum += micro(entry && entry.value);
      if (planned(day)) { plannedDays++; if (entry && entry.skipped) skippedDays++; }
    }
    const allSkipped = plannedDays > 0 && skippedDays === plannedDays;
    if (monday > today) states.set(date, allSkipped ? "skipped" : "future");
    else if (sum >= target) states.set(date, "done");
    else if (allSkipped) states.set(date, "skipped");
    else states.set(date, sunday >= today ? "pending" : "failed");
  }
  return states;
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
