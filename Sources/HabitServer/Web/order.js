// The order of habits, as HabitCore's HabitOrder has it (pure: no DOM, no
// network). Checked against HabitCore's cases (Tests/Web/order-cases.json,
// kept by Tests/HabitCoreTests/Model/HabitOrderCaseTests.swift) by
// `node --test Tests/Web/order.test.mjs`.

/** The distance between positions when a list is numbered. */
export const GAP = 1024;
/** The largest position (2^31 - 1). */
export const MAX_POSITION = 2147483647;

const placed = (habit) => habit.position !== undefined && habit.position !== null;

/**
 * Whether `a` comes before `b` (a negative number), after (positive) or
 * neither: placed habits first by position, then the never placed; ties by id.
 */
export function compare(a, b) {
  if (placed(a) && placed(b) && a.position !== b.position) return a.position - b.position;
  if (placed(a) !== placed(b)) return placed(a) ? -1 : 1;
  return a.id - b.id;
}

/** `habits` (objects with `id` and maybe `position`) in order, as a new array. */
export function ordered(habits) {
  return [...habits].sort(compare);
}

/**
 * The writes that move habit `id` to `destination` ({ before: id },
 * { after: id }, { to: "first" } or { to: "last" }) among `habits`: an
 * array of { id, position } in the new order, empty when it is already
 * there, `null` when `id` or the other habit is not among them, or is `id`
 * itself. One write (halfway between the new neighbours) unless a
 * neighbour was never placed or no room is left: then the whole list is
 * numbered again, GAP apart, writing each habit whose position changes.
 */
export function changes(habits, id, destination) {
  const places = ordered(habits).map((habit) => ({ id: habit.id, position: placed(habit) ? habit.position : null }));
  const from = places.findIndex((place) => place.id === id);
  if (from < 0) return null;
  const others = places.filter((place) => place.id !== id);
  const moved = places[from];
  let index;
  if (destination.to === "first") index = 0;
  else if (destination.to === "last") index = others.length;
  else {
    const other = destination.before ?? destination.after;
    if (other === undefined || other === id) return null;
    const at = others.findIndex((place) => place.id === other);
    if (at < 0) return null;
    index = destination.before !== undefined ? at : at + 1;
  }
  if (index === from) return [];
  const previous = index > 0 ? others[index - 1].position : -1;
  const next = index < others.length ? others[index].position : previous === null ? null : previous + 2 * GAP;
  if (previous !== null && next !== null) {
    const high = Math.min(next, MAX_POSITION + 1);
    if (high - previous >= 2) return [{ id, position: previous + Math.floor((high - previous) / 2) }];
  }
  // A neighbour never placed, or no room between them: number them all.
  const order = [...others.slice(0, index), moved, ...others.slice(index)];
  const result = [];
  order.forEach((place, offset) => {
    const position = (offset + 1) * GAP;
    if (place.position !== position) result.push({ id: place.id, position });
  });
  return result;
}
