// The web app's order of habits (Sources/HabitServer/Web/order.js) against
// the cases HabitCore's HabitOrder gives (Tests/Web/order-cases.json, kept
// by Tests/HabitCoreTests/Model/HabitOrderCaseTests.swift):
// `node --test Tests/Web/order.test.mjs`, which
// Tests/EndToEndTests/WebAppTests.swift runs when node is installed.

import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";

const here = new URL(".", import.meta.url);
const text = readFileSync(new URL("../../Sources/HabitServer/Web/order.js", here), "utf8");
const { ordered, changes } = await import(`data:text/javascript;base64,${Buffer.from(text).toString("base64")}`);
const { cases } = JSON.parse(readFileSync(new URL("order-cases.json", here), "utf8"));

test("order.js orders and moves habits as HabitOrder does", () => {
  assert.ok(cases.length >= 8);
  for (const item of cases) {
    assert.ok(item.expected, `${item.name}: not recorded`);
    assert.deepEqual(ordered(item.habits).map((habit) => habit.id), item.expected.order, item.name);
    const move = item.move;
    const destination = move.before !== undefined ? { before: move.before } : move.after !== undefined ? { after: move.after } : { to: move.to };
    assert.deepEqual(changes(item.habits, move.id, destination), item.expected.changes ?? null, item.name);
  }
});
