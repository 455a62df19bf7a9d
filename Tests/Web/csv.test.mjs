// The web app's CSV cells against the cases the CLI's export follows too
// (Tests/Web/csv-cells.json): `node --test Tests/Web/csv.test.mjs`, which
// Tests/HabitsCLITests/CSVCellRuleTests.swift runs when node is installed.
//
// csv.js is an ES module in a directory without a package.json, which Node
// would read as CommonJS: it is loaded from its text instead, as a data: URL
// (it imports nothing, so nothing else needs resolving).

import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";

const here = new URL(".", import.meta.url);
const source = readFileSync(new URL("../../Sources/HabitServer/Web/csv.js", here), "utf8");
const { csvField, csvTextField } = await import(
  `data:text/javascript;base64,${Buffer.from(source).toString("base64")}`);
const { cases } = JSON.parse(readFileSync(new URL("csv-cells.json", here), "utf8"));

test("every case of csv-cells.json gives its cell", () => {
  assert.ok(cases.length > 20);
  for (const { kind, value, cell } of cases) {
    const written = kind === "text" ? csvTextField(value) : csvField(value);
    assert.equal(written, cell, `${kind} ${JSON.stringify(value)}`);
  }
});

test("numbers and booleans are written as their text", () => {
  assert.equal(csvField(12), "12");
  assert.equal(csvField(-0.5), "-0.5");
  assert.equal(csvField(false), "false");
});
