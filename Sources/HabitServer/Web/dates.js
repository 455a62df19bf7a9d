// Calendar dates as "YYYY-MM-DD" strings in the device's time zone,
// computed at noon UTC so no daylight-saving change moves a day.

export function isoDay(date) {
  const y = date.getFullYear(), m = date.getMonth() + 1, d = date.getDate();
  return `${String(y).padStart(4, "0")}-${String(m).padStart(2, "0")}-${String(d).padStart(2, "0")}`;
}

export function parseDay(text) {
  const [y, m, d] = text.split("-").map(Number);
  return new Date(Date.UTC(y, m - 1, d, 12));
}

function utcIso(date) { return date.toISOString().slice(0, 10); }

export function addDays(text, days) {
  const date = parseDay(text);
  date.setUTCDate(date.getUTCDate() + days);
  return utcIso(date);
}

/** ISO weekday: 1 = Monday … 7 = Sunday. */
export function weekday(text) { return ((parseDay(text).getUTCDay() + 6) % 7) + 1; }

export function monthStart(text) { return `${text.slice(0, 7)}-01`; }

export function addMonths(text, months) {
  const date = parseDay(monthStart(text));
  date.setUTCMonth(date.getUTCMonth() + months);
  return utcIso(date);
}

export function daysInMonth(text) {
  const date = parseDay(monthStart(text));
  return new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth() + 1, 0)).getUTCDate();
}

const long = new Intl.DateTimeFormat(undefined, { weekday: "long", day: "numeric", month: "long", year: "numeric", timeZone: "UTC" });
const monthName = new Intl.DateTimeFormat(undefined, { month: "long", year: "numeric", timeZone: "UTC" });
export function longDay(text) { return long.format(parseDay(text)); }
export function monthTitle(text) { return monthName.format(parseDay(text)); }
export const WEEKDAYS = ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"];
export const WEEKDAY_NAMES = ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"];
