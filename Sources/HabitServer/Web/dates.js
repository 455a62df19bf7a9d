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

/**
 * The date a moment belongs to in the device's time zone when the day
 * starts at `startsAt` ("HH:MM", 00:00 to 12:00, HabitCore's DayBoundary):
 * before that local time it is still the previous date.
 */
export function dayOf(moment, startsAt = "00:00") {
  const [hours, minutes] = (/^\d{2}:\d{2}$/.test(startsAt || "") ? startsAt : "00:00").split(":").map(Number);
  const day = isoDay(moment);
  return moment.getHours() * 60 + moment.getMinutes() < hours * 60 + minutes ? addDays(day, -1) : day;
}

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
const short = new Intl.DateTimeFormat(undefined, { day: "numeric", month: "long", timeZone: "UTC" });
export function shortDay(text) { return short.format(parseDay(text)); }
export function longDay(text) { return long.format(parseDay(text)); }
export function monthTitle(text) { return monthName.format(parseDay(text)); }
export const WEEKDAYS = ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"];
export const WEEKDAY_NAMES = ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"];

/** Days since 1970-01-01 (day 0), as HabitCore's `LocalDate.dayNumber`. */
export function dayNumber(text) { return Math.round((parseDay(text).getTime() - 43200000) / 86400000); }

/** The date of a day number: the inverse of `dayNumber`. */
export function fromDayNumber(number) { return utcIso(new Date(number * 86400000 + 43200000)); }
