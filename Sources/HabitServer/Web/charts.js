// The habit screen's charts: strength over time, totals per week or month
// against the target, the longest streaks and the weekday profile, drawn
// only from the history endpoint's answer (HabitCore's HistoryReport: GET
// /api/me/habits/{id}/history/), never from rules of the app's own.
//
// The first half maps an answer to shapes and words (pure, no DOM:
// Tests/Web/charts.test.mjs checks it under node); the second half builds
// the SVG and the tables from them. Everything goes in as attributes and
// text nodes: the page's policy allows no inline style or markup.

import { addDays, parseDay, longDay } from "./dates.js";
import { amountWords } from "./words.js";
import { h, amount } from "./ui.js";

// MARK: - Shapes and words (pure)

/** Room around a plot, in SVG units (pixels: the view box is the drawn width). */
export const MARGIN = { left: 40, right: 12, top: 12, bottom: 26 };

/** The habit's colour when it is one the server accepts (#rrggbb), else null. */
export function habitColour(habit) {
  const colour = habit && habit.color;
  return typeof colour === "string" && /^#[0-9a-fA-F]{6}$/.test(colour) ? colour : null;
}

/** A share (0 to 1) as a whole percentage: 0.615 → 62. */
export const percent = (share) => Math.round(Number(share) * 100);

/** A share as a percentage to one decimal, as the tables show it: 0.6153 → "61.5". */
export const percentText = (share) => String(Math.round(Number(share) * 1000) / 10);

const rangeFormat = new Intl.DateTimeFormat(undefined, { day: "numeric", month: "short", year: "numeric", timeZone: "UTC" });
const monthFormat = new Intl.DateTimeFormat(undefined, { month: "short", year: "numeric", timeZone: "UTC" });

/** Two dates as a range in words: "Mar 3 – Apr 5, 2026"; one date alone when they are the same. */
export function dateRange(start, end) {
  if (start === end) return rangeFormat.format(parseDay(start));
  return rangeFormat.formatRange(parseDay(start), parseDay(end));
}

/** The month of a date, short: "Mar 2026". */
export const monthLabel = (date) => monthFormat.format(parseDay(date));

/** A count of a habit's periods in words: "1 day", "34 days", "3 weeks", "2 periods of 3 days". */
export function periodCount(habit, count) {
  const noun = { DAILY: "day", WEEKLY: "week", MONTHLY: "month" }[habit.frequency];
  if (!noun) return `${count} period${count === 1 ? "" : "s"} of ${habit.period_days} days`;
  return `${count} ${noun}${count === 1 ? "" : "s"}`;
}

/** `dayNumber` without a Date object: ten years of periods are read at once. */
const daysSince1970 = (date) => Date.UTC(Number(date.slice(0, 4)), Number(date.slice(5, 7)) - 1, Number(date.slice(8, 10))) / 86400000;

/** What a bucket of the strength line stands for. */
const BUCKETS = {
  period: null,
  // The day number of the week's Monday (day 0, 1970-01-01, was a Thursday).
  week: (date) => { const n = daysSince1970(date); return n - (((n + 3) % 7) + 7) % 7; },
  month: (date) => `${date.slice(0, 7)}-01`,
  year: (date) => `${date.slice(0, 4)}-01-01`,
};

/**
 * The strength line's points: one per period of the answer, or, when there
 * are more periods than `most` (one a pixel), the mean strength per week,
 * else per month, else per year, so a long range stays light to draw.
 * Each point: `start`, `end`, `strength` (0 to 1, 4 places); `grouping`
 * says which ("period", "week", "month", "year").
 */
export function strengthSeries(answer, most) {
  const periods = answer.periods || [];
  for (const grouping of Object.keys(BUCKETS)) {
    const key = BUCKETS[grouping];
    if (!key) {
      if (periods.length <= most) return { grouping, points: periods.map(({ start, end, strength }) => ({ start, end, strength })) };
      continue;
    }
    const points = [];
    let sum = 0, count = 0;
    for (const period of periods) {
      const last = points[points.length - 1];
      if (last && last.key === key(period.start)) {
        last.end = period.end; sum += period.strength; count += 1;
      } else {
        if (last) last.strength = Math.round((sum / count) * 1e4) / 1e4;
        points.push({ key: key(period.start), start: period.start, end: period.end });
        sum = period.strength; count = 1;
      }
    }
    if (points.length) points[points.length - 1].strength = Math.round((sum / count) * 1e4) / 1e4;
    if (points.length <= most || grouping === "year") return { grouping, points: points.map(({ start, end, strength }) => ({ start, end, strength })) };
  }
  return { grouping: "period", points: [] };
}

/** x of `date` in a plot from `from` to `to` that spans `left`…`right`. */
function xOf(date, from, to, left, right) {
  const span = daysSince1970(to) - daysSince1970(from);
  if (span <= 0) return (left + right) / 2;
  return left + ((daysSince1970(date) - daysSince1970(from)) / span) * (right - left);
}

const round1 = (value) => Math.round(value * 10) / 10;

/**
 * The strength chart's shapes for a plot `width` × `height`: the points
 * (`cx`, `cy`), the line through them (`path`, an SVG path), the y axis's
 * lines and labels at 0, 50 and 100 %, and the first and last date below.
 */
export function strengthShapes(series, from, to, width, height) {
  const left = MARGIN.left, right = width - MARGIN.right, top = MARGIN.top, bottom = height - MARGIN.bottom;
  const y = (share) => round1(bottom - share * (bottom - top));
  const points = series.points.map((point) => ({ ...point, cx: round1(xOf(point.start, from, to, left, right)), cy: y(point.strength) }));
  const path = points.map((point, i) => `${i === 0 ? "M" : "L"}${point.cx} ${point.cy}`).join(" ");
  const grid = [0, 0.5, 1].map((share) => ({ y: y(share), x1: left, x2: right, label: `${percent(share)} %` }));
  const labels = [{ x: left, y: height - 6, anchor: "start", text: monthLabel(from) }, { x: right, y: height - 6, anchor: "end", text: monthLabel(to) }];
  return { points, path, grid, labels };
}

/**
 * The strength chart's summary: "Strength 62 %, up 8 points over the
 * year" (or "since 3 March 2020" for the whole history), from the first and
 * last period of the answer.
 */
export function strengthSummary(answer, whole) {
  const periods = answer.periods || [];
  if (!periods.length) return "Strength: nothing counted yet";
  const last = percent(periods[periods.length - 1].strength);
  const change = last - percent(periods[0].strength);
  const over = whole ? `since ${longDay(periods[0].start)}` : "over the year";
  const points = `${Math.abs(change)} point${Math.abs(change) === 1 ? "" : "s"}`;
  const trend = change === 0 ? `unchanged ${over}` : `${change > 0 ? "up" : "down"} ${points} ${over}`;
  return `Strength ${last} %, ${trend}`;
}

/**
 * The totals shown for `kind` ("weeks" or "months"): every one of the
 * answer's, or the latest `most` when there are more.
 */
export function totalsSeries(answer, kind, most) {
  const all = (answer.totals && answer.totals[kind]) || [];
  return all.length > most ? all.slice(all.length - most) : all;
}

/**
 * The totals chart's shapes: a bar per total (`x`, `y`, `width`, `height`)
 * with the target's mark across it (`targetY`), on a scale from 0 to the
 * largest value or target; the y axis's top label and the first and last
 * date below.
 */
export function totalsShapes(totals, width, height) {
  const left = MARGIN.left, right = width - MARGIN.right, top = MARGIN.top, bottom = height - MARGIN.bottom;
  const highest = Math.max(0, ...totals.map((total) => Math.max(Number(total.value), Number(total.target))));
  const scale = highest > 0 ? (bottom - top) / highest : 0;
  const step = totals.length ? (right - left) / totals.length : 0;
  const gap = step > 4 ? Math.min(4, step * 0.2) : 0;
  const bars = totals.map((total, i) => {
    const barHeight = round1(Number(total.value) * scale);
    return {
      ...total, x: round1(left + i * step + gap / 2), width: round1(Math.max(step - gap, 0.5)),
      y: round1(bottom - barHeight), height: barHeight, targetY: round1(bottom - Number(total.target) * scale),
    };
  });
  const grid = [{ y: bottom, x1: left, x2: right, label: "0" }, { y: top, x1: left, x2: right, label: amount(highest) }];
  const labels = totals.length ? [
    { x: left, y: height - 6, anchor: "start", text: monthLabel(totals[0].start) },
    { x: right, y: height - 6, anchor: "end", text: monthLabel(totals[totals.length - 1].start) }] : [];
  return { bars, grid, labels };
}

/** What the target is called: a limit for an at-most habit. */
const targetWord = (habit) => (habit.goal === "AT_MOST" ? "limit" : "target");

/**
 * The totals chart's summary: the mean total per week or month and the
 * mean target (or limit), in the habit's words: "Average 4.5 times a week,
 * target 7 times a week".
 */
export function totalsSummary(habit, totals, kind) {
  const per = kind === "months" ? "a month" : "a week";
  if (!totals.length) return "Totals: nothing logged yet";
  const mean = (field) => Math.round((totals.reduce((sum, total) => sum + Number(total[field]), 0) / totals.length) * 100) / 100;
  const unit = habit.measurement_type;
  return `Average ${amountWords(mean("value"), unit)} ${per}, ${targetWord(habit)} ${amountWords(mean("target"), unit)} ${per}`;
}

/** The `count` longest streaks of the answer, longest first (the later first among equals). */
export function longestStreaks(answer, count = 5) {
  return [...(answer.streaks || [])]
    .sort((a, b) => b.length - a.length || (a.start < b.start ? 1 : a.start > b.start ? -1 : 0))
    .slice(0, count);
}

/**
 * The streaks chart's shapes: a row per streak, its dates and length as a
 * line of text (`textY`) above a bar (`y`, `width`) as long as the streak
 * against the longest.
 */
export function streakShapes(habit, streaks, width) {
  const left = 4, right = width - MARGIN.right, row = 40;
  const longest = Math.max(1, ...streaks.map((streak) => streak.length));
  const rows = streaks.map((streak, i) => ({
    ...streak, x: left, textY: i * row + 14, y: i * row + 20, barHeight: 12,
    width: round1(Math.max(2, (streak.length / longest) * (right - left))),
    text: `${periodCount(habit, streak.length)}: ${dateRange(streak.start, streak.end)}`,
  }));
  return { rows, height: Math.max(row, streaks.length * row) };
}

/** The streaks chart's summary: "Longest streak 34 days, Mar 3 – Apr 5, 2026". */
export function streakSummary(habit, streaks) {
  if (!streaks.length) return "Longest streak: none yet";
  const [best] = streaks;
  return `Longest streak ${periodCount(habit, best.length)}, ${dateRange(best.start, best.end)}`;
}

const WEEKDAY_NAMES = ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"];
const WEEKDAY_SHORT = ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"];

/**
 * The weekday profile: for Monday to Sunday, the days logged, the days
 * planned, and the share (logged ÷ planned, 0 to 1; null for a weekday
 * never planned).
 */
export function weekdayProfile(answer) {
  return (answer.weekdays || []).map((count) => ({
    ...count, name: WEEKDAY_NAMES[count.weekday - 1], short: WEEKDAY_SHORT[count.weekday - 1],
    share: count.planned > 0 ? Math.min(1, count.logged / count.planned) : null,
  }));
}

/** The weekday chart's shapes: a bar per weekday, its share above it and its name below. */
export function weekdayShapes(profile, width, height) {
  const left = MARGIN.left, right = width - MARGIN.right, top = MARGIN.top + 14, bottom = height - MARGIN.bottom;
  const step = (right - left) / Math.max(1, profile.length);
  const bars = profile.map((day, i) => {
    const barHeight = round1((day.share || 0) * (bottom - top));
    const x = round1(left + i * step + step * 0.15);
    return {
      ...day, x, width: round1(step * 0.7), y: round1(bottom - barHeight), height: barHeight,
      center: round1(left + i * step + step / 2), labelY: round1(bottom - barHeight - 4),
      value: day.share === null ? "–" : `${percent(day.share)} %`,
    };
  });
  return { bars, baseline: bottom, nameY: height - 6 };
}

/**
 * The weekday chart's summary: "Most often on Monday (80 %), least on
 * Sunday (20 %)", over the planned weekdays.
 */
export function weekdaySummary(profile) {
  const planned = profile.filter((day) => day.share !== null);
  if (!planned.length || planned.every((day) => day.logged === 0)) return "Weekdays: nothing logged yet";
  const most = planned.reduce((best, day) => (day.share > best.share ? day : best));
  const least = planned.reduce((worst, day) => (day.share < worst.share ? day : worst));
  // Equal to the percent: one figure says it.
  if (percent(most.share) === percent(least.share)) return `Weekdays: every planned day done about ${percent(most.share)} % of the time`;
  return `Most often on ${most.name} (${percent(most.share)} %), least on ${least.name} (${percent(least.share)} %)`;
}

// MARK: - Drawing (DOM)

const SVG = "http://www.w3.org/2000/svg";

/** An SVG element: attributes set one by one, text as a text node. */
function s(tag, attributes = {}, ...children) {
  const element = document.createElementNS(SVG, tag);
  for (const [name, value] of Object.entries(attributes)) {
    if (value !== undefined && value !== null) element.setAttribute(name, String(value));
  }
  for (const child of children.flat()) {
    if (child !== undefined && child !== null) element.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
  return element;
}

/**
 * The data's paint: the habit's colour as a fill or stroke attribute, or
 * the accent through the `data` class (a class's rule would win over the
 * attribute, so the class goes only without a colour).
 */
function paint(colour, kind, extra = "") {
  const classes = `${colour ? "own" : "data"}${extra ? ` ${extra}` : ""}`;
  return colour ? { class: classes, [kind]: colour } : { class: classes };
}

function axes(grid, labels) {
  return [
    ...grid.map((line) => s("g", { class: "axis" },
      s("line", { x1: line.x1, x2: line.x2, y1: line.y, y2: line.y }),
      s("text", { x: line.x1 - 4, y: line.y + 4, "text-anchor": "end" }, line.label))),
    ...labels.map((label) => s("text", { class: "axis-label", x: label.x, y: label.y, "text-anchor": label.anchor }, label.text)),
  ];
}

/** A two-way switch: buttons with aria-pressed, `chosen` pressed. */
function toggle(label, options, chosen, choose) {
  return h("div", { class: "row switch", role: "group", "aria-label": label },
    options.map(([value, text]) => h("button", {
      type: "button", "aria-pressed": value === chosen ? "true" : "false", dataset: { value },
      onclick: () => { if (value !== chosen) choose(value); },
    }, text)));
}

/** The numbers behind a chart: a table behind a "Numbers" disclosure. */
function numbers(caption, headers, rows) {
  return h("details", { class: "numbers" }, h("summary", {}, "Numbers"),
    // Scrolled by keyboard too: a focusable region named by the caption.
    h("div", { class: "table-scroll", tabindex: "0", role: "region", "aria-label": caption }, h("table", {},
      h("caption", {}, caption),
      h("thead", {}, h("tr", {}, headers.map((text) => h("th", { scope: "col" }, text)))),
      h("tbody", {}, rows.map(([head, ...cells]) => h("tr", {}, h("th", { scope: "row" }, head), cells.map((cell) => h("td", {}, cell))))))));
}

/** A figure: its summary as the caption, the SVG named by it, the numbers. */
function figure(id, summary, controls, svg, table) {
  const caption = h("figcaption", { id: `${id}-summary` }, summary);
  svg.setAttribute("role", "img");
  svg.setAttribute("aria-labelledby", `${id}-summary`);
  return h("figure", { class: "chart", id }, caption, controls, svg, table);
}

function svgOf(width, height, ...children) {
  return s("svg", { viewBox: `0 0 ${width} ${height}`, width, height, class: "plot", focusable: "false" }, ...children);
}

const GROUP_WORDS = { week: "mean per week", month: "mean per month", year: "mean per year" };

function strengthFigure(habit, answer, whole, width, controls) {
  const height = 180;
  const colour = habitColour(habit);
  const series = strengthSeries(answer, width - MARGIN.left - MARGIN.right);
  const shapes = strengthShapes(series, answer.from, answer.to, width, height);
  const grouped = GROUP_WORDS[series.grouping];
  const summary = strengthSummary(answer, whole) + (grouped ? ` (${grouped})` : "");
  const svg = svgOf(width, height, axes(shapes.grid, shapes.labels),
    // Under the line, a wider one in the text's colour: any habit colour stands out in either scheme.
    shapes.points.length > 1 ? s("path", { d: shapes.path, fill: "none", class: "halo" }) : null,
    shapes.points.length > 1 ? s("path", { d: shapes.path, fill: "none", "stroke-width": 2, ...paint(colour, "stroke", "line") }) : null,
    s("g", { class: shapes.points.length > 120 ? "points dense" : "points" },
      shapes.points.map((point) => s("circle", { cx: point.cx, cy: point.cy, r: shapes.points.length > 120 ? 1.5 : 3, "data-start": point.start, ...paint(colour, "fill") }))));
  const table = numbers(grouped ? `Strength, ${grouped}` : "Strength after each period", ["From", "To", "Strength (%)"],
    series.points.map((point) => [point.start, point.end, percentText(point.strength)]));
  return figure("chart-strength", summary, controls, svg, table);
}

function totalsFigure(habit, answer, kind, width, choose) {
  const height = 180;
  const colour = habitColour(habit);
  const most = Math.floor((width - MARGIN.left - MARGIN.right) / 2);
  const totals = totalsSeries(answer, kind, most);
  const all = ((answer.totals && answer.totals[kind]) || []).length;
  const shapes = totalsShapes(totals, width, height);
  const cut = totals.length < all ? ` (the last ${totals.length} ${kind})` : "";
  const svg = svgOf(width, height, axes(shapes.grid, shapes.labels),
    s("g", { class: "bars" }, shapes.bars.map((bar) => s("rect", { x: bar.x, y: bar.y, width: bar.width, height: bar.height, "data-start": bar.start, ...paint(colour, "fill") }))),
    s("g", { class: "targets" }, shapes.bars.map((bar) => s("line", { x1: bar.x, x2: round1(bar.x + bar.width), y1: bar.targetY, y2: bar.targetY }))));
  const controls = toggle("Totals per", [["weeks", "Week"], ["months", "Month"]], kind, choose);
  const unit = habit.measurement_type;
  const table = numbers(`Totals per ${kind === "months" ? "month" : "week"}${cut}, in ${unit}`, [kind === "months" ? "Month" : "Week", "Total", habit.goal === "AT_MOST" ? "Limit" : "Target"],
    totals.map((total) => [kind === "months" ? monthLabel(total.start) : dateRange(total.start, total.end), amount(total.value), amount(total.target)]));
  return figure("chart-totals", totalsSummary(habit, totals, kind) + cut, controls, svg, table);
}

function streaksFigure(habit, answer, width) {
  const colour = habitColour(habit);
  const streaks = longestStreaks(answer);
  const shapes = streakShapes(habit, streaks, width);
  const svg = svgOf(width, shapes.height,
    shapes.rows.map((row) => s("g", { class: "streak" },
      s("text", { class: "axis-label", x: row.x, y: row.textY }, row.text),
      s("rect", { x: row.x, y: row.y, width: row.width, height: row.barHeight, rx: 3, "data-start": row.start, ...paint(colour, "fill") }))));
  const table = numbers("The longest streaks", ["From", "To", "Length"],
    streaks.map((streak) => [streak.start, streak.end, periodCount(habit, streak.length)]));
  return figure("chart-streaks", streakSummary(habit, streaks), null, svg, table);
}

function weekdaysFigure(habit, answer, width) {
  const height = 170;
  const colour = habitColour(habit);
  const profile = weekdayProfile(answer);
  const shapes = weekdayShapes(profile, width, height);
  const svg = svgOf(width, height,
    s("g", { class: "axis" }, s("line", { x1: MARGIN.left, x2: width - MARGIN.right, y1: shapes.baseline, y2: shapes.baseline })),
    shapes.bars.map((bar) => s("g", { class: "weekday" },
      s("rect", { x: bar.x, y: bar.y, width: bar.width, height: bar.height, "data-weekday": bar.weekday, ...paint(colour, "fill") }),
      s("text", { class: "axis-label", x: bar.center, y: bar.labelY, "text-anchor": "middle" }, bar.value),
      s("text", { class: "axis-label", x: bar.center, y: shapes.nameY, "text-anchor": "middle" }, bar.short))));
  const table = numbers("Days logged of the days planned, per weekday", ["Weekday", "Logged", "Planned", "Share (%)"],
    profile.map((day) => [day.name, String(day.logged), String(day.planned), day.share === null ? "–" : percentText(day.share)]));
  return figure("chart-weekdays", weekdaySummary(profile), null, svg, table);
}

const asOf = new Intl.DateTimeFormat(undefined, { dateStyle: "long", timeStyle: "short" });

/**
 * The "Charts" section of the habit screen, drawn from the history:
 * `load(from, to)` resolves to `{ answer, at }` (`at`, the time a kept
 * answer was read, when it comes from the device) and rejects when neither
 * the server nor the device has it. A year by default; "All" reads from the
 * habit's start date. The first range is read at once; `show()`, called
 * once the section is on the page (its width sets the drawing's), draws it
 * and resolves when that is done.
 */
export function chartsSection(habit, today, load) {
  const section = h("section", { id: "charts", "aria-labelledby": "charts-title" }, h("h2", { id: "charts-title" }, "Charts"));
  if (habit.start_date > today) {
    section.append(h("p", { class: "hint" }, `The charts begin once the habit starts, on ${longDay(habit.start_date)}.`));
    return { section, show: () => Promise.resolve() };
  }
  const status = h("p", { class: "hint", role: "status", id: "charts-status" });
  const body = h("div", { id: "charts-body" });
  section.append(status, body);
  const state = { range: "year", kind: "weeks", answer: null, from: null };
  const fromOf = (range) => (range === "all" || habit.start_date > addDays(today, -364) ? habit.start_date : addDays(today, -364));
  const width = () => Math.max(280, Math.min(1000, Math.floor((section.clientWidth || 624) - 24)));
  const draw = (focus) => {
    const wide = width();
    const rangeSwitch = toggle("Range", [["year", "Year"], ["all", "All"]], state.range, (range) => { state.range = range; read(load(fromOf(range), today), "range"); });
    body.replaceChildren(
      strengthFigure(habit, state.answer, state.from === habit.start_date, wide, rangeSwitch),
      totalsFigure(habit, state.answer, state.kind, wide, (kind) => { state.kind = kind; draw("totals"); }),
      streaksFigure(habit, state.answer, wide),
      weekdaysFigure(habit, state.answer, wide));
    if (focus) body.querySelector(`#chart-${focus === "range" ? "strength" : "totals"} button[aria-pressed=true]`)?.focus();
  };
  const read = async (reading, focus) => {
    status.textContent = "Loading the charts…";
    try {
      const { answer, at } = await reading;
      if (!section.isConnected) return;
      state.answer = answer;
      state.from = answer.from;
      status.textContent = at ? `Offline: the charts as of ${asOf.format(new Date(at))}.` : "";
      draw(focus);
    } catch (error) {
      status.textContent = error.offline
        ? "Offline: the charts need the network once for this range."
        : `The charts could not be read: ${error.message}`;
    }
  };
  // Asked for now, alongside the rest of the screen; drawn once shown.
  const first = load(fromOf("year"), today);
  first.catch(() => {});
  return { section, show: () => read(first) };
}
