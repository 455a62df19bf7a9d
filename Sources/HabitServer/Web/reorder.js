// Moving habits on Today: up and down buttons on every row (the keyboard's
// and a phone's way), and drag and drop on a wide screen (>= 1024 px). The
// positions a move writes come from order.js (HabitCore's HabitOrder); each
// is a PATCH of the habit's `position`, kept in the outbox when offline, so
// the order syncs as any edit does.

import * as api from "./api.js";
import * as offline from "./offline.js";
import { h } from "./ui.js";
import { changes, ordered } from "./order.js";

const WIDE = "(min-width: 1024px)";

/**
 * Moves `habit` to `destination` ({ before: id } or { after: id }) among
 * the day's active habits: shown at once, then sent in order; once the
 * network is gone, the rest wait in the outbox behind it. `context` is
 * Today's: the day, its list, `rerender`, and `queued` (called when a
 * write waits) and `failed` (a write the server refused).
 */
export async function moveHabit(habit, destination, context, focus) {
  const active = context.list.filter((item) => item.status !== "ARCHIVED");
  const writes = changes(active, habit.id, destination);
  if (!writes || writes.length === 0) return;
  const byID = new Map(context.list.map((item) => [item.id, item]));
  for (const write of writes) byID.get(write.id).position = write.position;
  context.list.splice(0, context.list.length, ...ordered(context.list));
  context.rerender();
  const row = document.querySelector(`li.habit[data-id="${habit.id}"]`);
  const button = row && (row.querySelector(`button.move-${focus}:not([disabled])`) || row.querySelector("button.move:not([disabled])"));
  if (button) button.focus();
  let waiting = false;
  for (const write of writes) {
    const operation = { method: "PATCH", path: `/me/habits/${write.id}/`, body: { position: write.position }, label: `Move: ${byID.get(write.id).name}` };
    if (!waiting) {
      try {
        await api.call(operation.method, operation.path, operation.body);
        continue;
      } catch (error) {
        if (!error.offline) { if (context.failed) context.failed(error); return; }
        waiting = true;
      }
    }
    await offline.enqueue(operation);
  }
  offline.keepList(context.day, context.list).catch(() => {});
  if (waiting && context.queued) await context.queued();
}

/**
 * The up and down buttons of `habit`'s row: before the habit above it in
 * its section (`context.siblings`, as shown), after the one below.
 */
export function orderControls(habit, context) {
  const siblings = context.siblings || [];
  const index = siblings.findIndex((item) => item.id === habit.id);
  const above = index > 0 ? siblings[index - 1] : null;
  const below = index >= 0 && index < siblings.length - 1 ? siblings[index + 1] : null;
  return h("div", { class: "order" },
    h("button", { type: "button", class: "move move-up", disabled: !above, "aria-label": `Move up: ${habit.name}`, onclick: () => moveHabit(habit, { before: above.id }, context, "up") }, "↑"),
    h("button", { type: "button", class: "move move-down", disabled: !below, "aria-label": `Move down: ${habit.name}`, onclick: () => moveHabit(habit, { after: below.id }, context, "down") }, "↓"));
}

/**
 * On a wide screen, `row` can be dragged onto another row of Today: dropped
 * on a row's upper half it goes before that habit, on its lower half after.
 */
export function makeDraggable(row, habit, context) {
  if (!window.matchMedia(WIDE).matches) return;
  row.draggable = true;
  row.addEventListener("dragstart", (event) => {
    event.dataTransfer.setData("text/plain", String(habit.id));
    event.dataTransfer.effectAllowed = "move";
    row.classList.add("dragging");
  });
  row.addEventListener("dragend", () => row.classList.remove("dragging"));
  row.addEventListener("dragover", (event) => {
    event.preventDefault();
    event.dataTransfer.dropEffect = "move";
  });
  row.addEventListener("drop", (event) => {
    event.preventDefault();
    const moved = context.list.find((item) => item.id === Number(event.dataTransfer.getData("text/plain")));
    if (!moved || moved.id === habit.id) return;
    const box = row.getBoundingClientRect();
    const after = event.clientY > box.top + box.height / 2;
    moveHabit(moved, after ? { after: habit.id } : { before: habit.id }, context, "up");
  });
}
