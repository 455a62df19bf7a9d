// The habit screen's charts (Sources/HabitServer/Web/charts.js): the pure
// functions that map a history answer (HabitCore's HistoryReport, the wire
// form of GET /api/me/habits/{id}/history/) to shapes and words:
// `node --test Tests/Web/charts.test.mjs`.
//
// The app's files are ES modules in a directory without a package.json:
// each is loaded from its text as a data: URL, its relative imports pointed
// at the others' data: URLs (see rules.test.mjs).

import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";

const here = new URL(".", import.meta.url);
const web = new URL("../../Sources/HabitServer/Web/", here);
const source = (name) => readFileSync(new URL(name, web), "utf8");

function moduleURL(name, imports = {}) {
  let text = source(name);
  for (const [file, url] of Object.entries(imports)) text = text.replaceAll(`"./${file}"`, `"${url}"`);
  return `data:text/javascript;base64,${Buffer.from(text).toString("base64")}`;
}

const charts = await import(moduleURL("charts.js", {
  "dates.js": moduleURL("dates.js"), "words.js": moduleURL("words.js"), "ui.js": moduleURL("ui.js"),
}));
const { addDays } = await import(moduleURL("dates.js"));

const daily = { frequency: "DAILY", measurement_type: "times", target_value: 1, color: "#7b1fa2" };

/** A daily habit's answer over `count` days from `from`, strength rising by 0.001 a day. */
function answerOf(from, count) {
  const periods = [];
  for (let i = 0; i < count; i++) {
    const day = addDays(from, i);
    periods.push({ start: day, end: day, state: i % 3 ? "done" : "failed", value: i % 3 ? 1 : 0, target: 1, strength: Math.round(i * 10) / 1e4 });
  }
  return { habit_id: 1, from, to: addDays(from, count - 1), today: addDays(from, count - 1), periods, streaks: [], totals: { weeks: [], months: [] }, weekdays: [] };
}

test("the habit's colour is used only when it is #rrggbb", () => {
  assert.equal(charts.habitColour({ color: "#1e90ff" }), "#1e90ff");
  for (const color of [undefined, null, "", "red", "#fff", "#1e90ffx", "url(#x)", "#1e90ff; fill: red", 7]) {
    assert.equal(charts.habitColour({ color }), null, String(color));
  }
});

test("a point per period while they fit, else means per week, month or year", () => {
  const year = answerOf("2025-01-01", 365);
  const each = charts.strengthSeries(year, 400);
  assert.equal(each.grouping, "period");
  assert.equal(each.points.length, 365);
  assert.deepEqual(each.points[10], { start: "2025-01-11", end: "2025-01-11", strength: 0.01 });
  const weeks = charts.strengthSeries(year, 300);
  assert.equal(weeks.grouping, "week");
  // 2025-01-01 is a Wednesday: the first week holds 5 days, then whole weeks.
  assert.equal(weeks.points.length, 53);
  assert.deepEqual(weeks.points[0], { start: "2025-01-01", end: "2025-01-05", strength: 0.002 });
  assert.deepEqual(weeks.points[1], { start: "2025-01-06", end: "2025-01-12", strength: 0.008 });
  const tenYears = answerOf("2016-01-01", 3653);
  const months = charts.strengthSeries(tenYears, 300);
  assert.equal(months.grouping, "month");
  assert.equal(months.points.length, 120);
  assert.ok(months.points.length <= 300);
  assert.equal(charts.strengthSeries(tenYears, 5).grouping, "year");
  assert.equal(charts.strengthSeries(answerOf("2025-01-01", 0), 300).points.length, 0);
});

test("the strength chart's shapes span the plot, 0 % at the bottom and 100 % at the top", () => {
  const answer = answerOf("2025-01-01", 3);
  answer.periods[2].strength = 1;
  const shapes = charts.strengthShapes(charts.strengthSeries(answer, 500), answer.from, answer.to, 400, 180);
  const bottom = 180 - charts.MARGIN.bottom, top = charts.MARGIN.top;
  assert.deepEqual(shapes.points.map((p) => p.cx), [charts.MARGIN.left, (charts.MARGIN.left + 400 - charts.MARGIN.right) / 2, 400 - charts.MARGIN.right]);
  assert.equal(shapes.points[0].cy, bottom);
  assert.equal(shapes.points[2].cy, top);
  assert.equal(shapes.path, `M40 ${bottom} L214 ${shapes.points[1].cy} L388 ${top}`);
  assert.deepEqual(shapes.grid.map((line) => line.label), ["0 %", "50 %", "100 %"]);
});

test("the strength summary says the last strength and how it changed", () => {
  const answer = answerOf("2025-01-01", 2);
  answer.periods[0].strength = 0.5412;
  answer.periods[1].strength = 0.6153;
  assert.equal(charts.strengthSummary(answer, false), "Strength 62 %, up 8 points over the year");
  answer.periods[1].strength = 0.5312;
  assert.equal(charts.strengthSummary(answer, false), "Strength 53 %, down 1 point over the year");
  answer.periods[1].strength = 0.5412;
  assert.match(charts.strengthSummary(answer, true), /^Strength 54 %, unchanged since .*2025$/);
  assert.equal(charts.strengthSummary(answerOf("2025-01-01", 0), false), "Strength: nothing counted yet");
});

test("totals: a bar per week or month against its target, the latest when there are too many", () => {
  const weeks = [
    { start: "2026-03-02", end: "2026-03-08", value: 5, target: 7 },
    { start: "2026-03-09", end: "2026-03-15", value: 14, target: 7 },
  ];
  const answer = { totals: { weeks, months: [] } };
  assert.equal(charts.totalsSeries(answer, "weeks", 10).length, 2);
  assert.deepEqual(charts.totalsSeries(answer, "weeks", 1), [weeks[1]]);
  const shapes = charts.totalsShapes(weeks, 400, 180);
  const bottom = 180 - charts.MARGIN.bottom, top = charts.MARGIN.top;
  assert.equal(shapes.bars.length, 2);
  assert.equal(shapes.bars[1].y, top);
  assert.equal(shapes.bars[1].height, bottom - top);
  assert.equal(shapes.bars[0].targetY, shapes.bars[1].targetY);
  assert.equal(shapes.bars[0].targetY, Math.round((bottom - (bottom - top) / 2) * 10) / 10);
  assert.ok(shapes.bars[0].x + shapes.bars[0].width <= shapes.bars[1].x);
  assert.equal(shapes.grid[1].label, "14");
  assert.equal(charts.totalsSummary(daily, weeks, "weeks"), "Average 9.5 times a week, target 7 times a week");
  assert.equal(charts.totalsSummary(daily, [{ ...weeks[0], value: 1, target: 2 }], "months"), "Average once a month, target twice a month");
  assert.equal(charts.totalsSummary({ ...daily, measurement_type: "pages" }, [weeks[0]], "weeks"), "Average 5 pages a week, target 7 pages a week");
  assert.equal(charts.totalsSummary(daily, [], "weeks"), "Totals: nothing logged yet");
  const limit = { ...daily, goal: "AT_MOST", measurement_type: "cigarettes" };
  assert.equal(charts.totalsSummary(limit, [{ ...weeks[0], value: 3, target: 0 }], "weeks"), "Average 3 cigarettes a week, limit 0 cigarettes a week");
  assert.deepEqual(charts.totalsShapes([], 400, 180).bars, []);
});

test("the five longest streaks, longest first, with their dates in words", () => {
  const streaks = [
    { start: "2026-01-01", end: "2026-01-03", length: 3 },
    { start: "2026-03-03", end: "2026-04-05", length: 34 },
    { start: "2026-01-10", end: "2026-01-10", length: 1 },
    { start: "2026-02-01", end: "2026-02-05", length: 5 },
    { start: "2026-02-10", end: "2026-02-12", length: 3 },
    { start: "2026-02-20", end: "2026-02-21", length: 2 },
  ];
  const longest = charts.longestStreaks({ streaks });
  assert.deepEqual(longest.map((s) => s.length), [34, 5, 3, 3, 2]);
  // Among equals, the later first.
  assert.equal(longest[2].start, "2026-02-10");
  assert.equal(charts.streakSummary(daily, longest), `Longest streak 34 days, ${charts.dateRange("2026-03-03", "2026-04-05")}`);
  assert.equal(charts.streakSummary({ frequency: "WEEKLY" }, [{ start: "2026-01-05", end: "2026-01-11", length: 1 }]).split(",")[0], "Longest streak 1 week");
  assert.equal(charts.streakSummary(daily, []), "Longest streak: none yet");
  const shapes = charts.streakShapes(daily, longest, 400);
  assert.equal(shapes.rows.length, 5);
  assert.equal(shapes.rows[0].width, 400 - charts.MARGIN.right - 4);
  assert.ok(shapes.rows[1].width < shapes.rows[0].width);
  assert.match(shapes.rows[0].text, /^34 days: /);
  assert.equal(charts.periodCount({ frequency: "EVERY_N_DAYS", period_days: 3 }, 2), "2 periods of 3 days");
  assert.equal(charts.periodCount({ frequency: "EVERY_N_DAYS", period_days: 3 }, 1), "1 period of 3 days");
  assert.equal(charts.periodCount({ frequency: "MONTHLY" }, 1), "1 month");
});

test("the weekday profile: logged of planned per weekday, and which is most and least", () => {
  const weekdays = [1, 2, 3, 4, 5, 6, 7].map((weekday) => ({ weekday, days: 10, planned: weekday <= 5 ? 10 : 0, logged: weekday <= 5 ? 10 - weekday : 1 }));
  const profile = charts.weekdayProfile({ weekdays });
  assert.deepEqual(profile.map((day) => day.share), [0.9, 0.8, 0.7, 0.6, 0.5, null, null]);
  assert.equal(charts.weekdaySummary(profile), "Most often on Monday (90 %), least on Friday (50 %)");
  const shapes = charts.weekdayShapes(profile, 400, 170);
  assert.equal(shapes.bars.length, 7);
  assert.equal(shapes.bars[5].height, 0);
  assert.equal(shapes.bars[5].value, "–");
  assert.equal(shapes.bars[0].value, "90 %");
  assert.ok(shapes.bars[0].height > shapes.bars[4].height);
  const none = charts.weekdayProfile({ weekdays: weekdays.map((day) => ({ ...day, logged: 0 })) });
  assert.equal(charts.weekdaySummary(none), "Weekdays: nothing logged yet");
  const even = charts.weekdayProfile({ weekdays: weekdays.map((day) => ({ ...day, logged: day.planned / 2 })) });
  assert.equal(charts.weekdaySummary(even), "Weekdays: every planned day done about 50 % of the time");
  const close = charts.weekdayProfile({ weekdays: weekdays.map((day) => ({ ...day, planned: 522, logged: day.weekday === 1 ? 174 : 173 })) });
  assert.equal(charts.weekdaySummary(close), "Weekdays: every planned day done about 33 % of the time");
});
