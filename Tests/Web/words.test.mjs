// The web app's wording (Sources/HabitServer/Web/words.js) against every
// row of the word table the command line's tests share
// (Tests/Web/habit-words.json): `node --test Tests/Web/`, which
// Tests/EndToEndTests/WebAppTests.swift runs when node is installed.

import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";

const here = new URL(".", import.meta.url);
const web = new URL("../../Sources/HabitServer/Web/", here);
const source = (name) => readFileSync(new URL(name, web), "utf8");
// The app's modules sit in a directory without a package.json: loaded from
// their text as data: URLs (see rules.test.mjs).
const { habitWords } = await import(`data:text/javascript;base64,${Buffer.from(source("words.js")).toString("base64")}`);
const { rows } = JSON.parse(readFileSync(new URL("habit-words.json", here), "utf8"));

test("every row of the word table is said as written", () => {
  assert.ok(rows.length >= 20);
  for (const row of rows) {
    // The table writes targets as text, as the API's decimals may come.
    const habit = { ...row, target_value: Number(row.target_value) };
    assert.equal(habitWords(habit), row.words, JSON.stringify(row));
  }
});

test("a habit sent without goal (an older answer) is said as at least", () => {
  assert.equal(habitWords({ frequency: "DAILY", target_value: 1, measurement_type: "times" }), "once a day");
});

test("the app says targets and periods only through words.js", () => {
  // app.js's describe() and Today's rows use habitWords; no other "a week".
  const app = source("app.js");
  assert.match(app, /import \{[^}]*\bhabitWords\b[^}]*\} from "\.\/words\.js"/);
  assert.doesNotMatch(app, /"a week"|"a day"/);
});
