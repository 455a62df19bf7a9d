// How a habit's target and period are said, in one place: "once a day",
// "twice a week", "every 3 days", "at most 2 cups a day", "no cigarettes a
// day", "never". Tests/Web/words.test.mjs checks every row of
// Tests/Web/habit-words.json, the table the command line's tests share.

/** A number without float noise: 0.1 + 0.2 says 0.3. */
const number = (value) => String(Math.round(Number(value) * 1e6) / 1e6);

/**
 * A habit's period in words: "a day", "a week", "a month" or "every N
 * days" (`period_days`).
 */
export function periodWords(habit) {
  switch (habit.frequency) {
    case "WEEKLY": return "a week";
    case "MONTHLY": return "a month";
    case "EVERY_N_DAYS": return `every ${habit.period_days} days`;
    default: return "a day";
  }
}

/**
 * An amount of the habit's unit: "once", "twice", "3 times" for the unit
 * "times"; otherwise the number and the unit as the person wrote it, never
 * inflected ("1 glasses" stays theirs to write).
 */
export function amountWords(value, unit) {
  const n = Number(value);
  if (unit === "times") return n === 1 ? "once" : n === 2 ? "twice" : `${number(n)} times`;
  return `${number(n)} ${unit}`;
}

/**
 * A habit's target and period, as the word table says them. An at-most
 * target of 0 is "never" in times and "no <unit> <period>" otherwise;
 * "once every N days" is just "every N days" for an at-least habit.
 */
export function habitWords(habit) {
  const target = Number(habit.target_value);
  const unit = habit.measurement_type;
  const period = periodWords(habit);
  if (habit.goal === "AT_MOST") {
    if (target === 0) return unit === "times" ? "never" : `no ${unit} ${period}`;
    return `at most ${amountWords(target, unit)} ${period}`;
  }
  if (habit.frequency === "EVERY_N_DAYS" && target === 1 && unit === "times") return period;
  return `${amountWords(target, unit)} ${period}`;
}
