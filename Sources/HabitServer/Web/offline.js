// What the app keeps on the device, in IndexedDB: a replica of the account
// read through the change feed (GET /api/me/changes/, its cursor kept with
// it), so the app opens and shows any day without a network; the last
// habit lists the server drew (with streaks, which the replica has not);
// and the check-ins made without a network, sent in order once it is back
// (those the server refuses are kept, with its reason, until discarded);
// and the last history answers (GET /api/me/habits/{id}/history/) per
// habit and range, which the charts draw from offline.

import * as api from "./api.js";
import { completion, micro } from "./rules.js";
import { ordered } from "./order.js";

const DB = "habits";
let database = null;

function open() {
  if (!database) {
    database = new Promise((resolve, reject) => {
      // Version 2: the replica; lists are kept with their time.
      // Version 3: history answers, kept per habit and range.
      const request = indexedDB.open(DB, 3);
      request.onupgradeneeded = (event) => {
        const db = request.result;
        if (event.oldVersion < 1) {
          db.createObjectStore("queue", { keyPath: "id", autoIncrement: true });
          db.createObjectStore("lists");
        }
        if (event.oldVersion < 2) {
          if (event.oldVersion >= 1) request.transaction.objectStore("lists").clear();
          db.createObjectStore("habits", { keyPath: "id" });
          db.createObjectStore("entries", { keyPath: ["habit_id", "date"] });
          db.createObjectStore("meta");
        }
        if (event.oldVersion < 3) {
          db.createObjectStore("history");
        }
      };
      request.onsuccess = () => resolve(request.result);
      request.onerror = () => reject(request.error);
    });
  }
  return database;
}

async function run(store, mode, action) {
  const db = await open();
  return new Promise((resolve, reject) => {
    const transaction = db.transaction(store, mode);
    const request = action(transaction.objectStore(store));
    transaction.oncomplete = () => resolve(request && request.result);
    transaction.onerror = () => reject(transaction.error);
  });
}

/** Keeps the list of a day, as the API gave it, with when it was kept. */
export function keepList(day, list) { return run("lists", "readwrite", (s) => s.put({ list, at: Date.now() }, day)); }

/**
 * The day's list to show offline: the one kept for it, unless the replica
 * was brought up to date after it was kept (then the replica's, with the
 * waiting check-ins); `null` when neither knows the day.
 */
export async function offlineList(day, today) {
  const kept = await run("lists", "readonly", (s) => s.get(day));
  const pulledAt = (await run("meta", "readonly", (s) => s.get("pulled_at"))) || 0;
  if (kept && kept.at >= pulledAt) return kept.list;
  return (await replicaList(day, today)) || (kept ? kept.list : null);
}

/** How many history answers are kept per habit: the newest ones. */
const HISTORIES_PER_HABIT = 6;

/**
 * Keeps the history endpoint's `answer` for habit `habitId` over `from`…`to`
 * (dates, as asked), with when it was kept; only the newest few per habit
 * stay, so a range asked for on many days does not pile up.
 */
export async function keepHistory(habitId, from, to, answer) {
  const id = Number(habitId);
  await run("history", "readwrite", (s) => s.put({ habit_id: id, from, to, answer, at: Date.now() }, [id, from, to]));
  const kept = await run("history", "readonly", (s) => s.getAll(IDBKeyRange.bound([id], [id, []])));
  const old = kept.sort((a, b) => b.at - a.at).slice(HISTORIES_PER_HABIT);
  if (old.length) await run("history", "readwrite", (s) => { for (const record of old) s.delete([id, record.from, record.to]); });
}

/**
 * The history answer kept for habit `habitId` over `from`…`to`, as `{
 * answer, at }` (`at`: when it was kept, milliseconds since 1970); failing
 * that, the newest kept for the habit over a range from the same date or
 * of the same length (the same view asked for on an earlier day), whose
 * answer says its own range; `null` when none is kept.
 */
export async function cachedHistory(habitId, from, to) {
  const id = Number(habitId);
  const exact = await run("history", "readonly", (s) => s.get([id, from, to]));
  if (exact) return { answer: exact.answer, at: exact.at };
  const span = (a, b) => Date.parse(b) - Date.parse(a);
  const kept = (await run("history", "readonly", (s) => s.getAll(IDBKeyRange.bound([id], [id, []]))))
    .filter((record) => record.from === from || span(record.from, record.to) === span(from, to))
    .sort((a, b) => b.at - a.at);
  return kept.length ? { answer: kept[0].answer, at: kept[0].at } : null;
}

/** The replica's habit `id` (as the change feed last gave it), or `null`. */
export async function keptHabit(id) {
  return (await run("habits", "readonly", (s) => s.get(Number(id)))) || null;
}

/** The replica's entries of habit `id`, in date order. */
export function keptEntries(id) {
  const habit = Number(id);
  return run("entries", "readonly", (s) => s.getAll(IDBKeyRange.bound([habit, ""], [habit, "\uffff"])));
}

/** The check-ins waiting to be sent, oldest first. */
export async function waiting() {
  return (await run("queue", "readonly", (s) => s.getAll())).filter((operation) => !operation.refused);
}

/**
 * The check-ins the server refused, oldest first: each keeps what it was
 * (`label`, method, path, body) and `refused`, the server's `status`,
 * `code` and `message` (text, shown as text). They stay until discarded.
 */
export async function refused() {
  return (await run("queue", "readonly", (s) => s.getAll())).filter((operation) => operation.refused);
}

/** Forgets the refused check-in `id`: the person's own choice, never the app's. */
export function discard(id) { return run("queue", "readwrite", (s) => s.delete(id)); }

/** Keeps a check-in to send later; `key` makes an increment count once. */
export function enqueue(operation) { return run("queue", "readwrite", (s) => s.add(operation)); }

/** Forgets everything kept (sign out). */
export async function clear() {
  for (const store of ["queue", "lists", "habits", "entries", "meta", "history"]) {
    await run(store, "readwrite", (s) => s.clear());
  }
}

/**
 * Whether a failed send may succeed later as it is: no network, no session
 * (401: sent again once signed in), a timeout, too early or too many (408,
 * 425, 429), or a server failure (5xx). Any other answer is the server's
 * decision about the change itself.
 */
function retryable(error) {
  return error.offline || [401, 408, 425, 429].includes(error.status) || error.status >= 500;
}

let flushing = null;
/**
 * Sends the waiting check-ins in order. Each keeps the idempotency key it was
 * given when made, so one that reached the server before the network dropped
 * is not counted twice. Stops at the first that cannot be sent now
 * (`retryable`). One the server refuses is kept, marked with the server's
 * code and message, for the person to see and discard: it would be refused
 * again, and dropping it silently would lose a check-in without a word (as
 * the CLI keeps its rejected changes). An undo (DELETE) of a day the server
 * no longer has (404) has happened: nothing is there. Resolves to the
 * number still waiting.
 */
export function flush() {
  if (!flushing) {
    flushing = (async () => {
      for (const operation of await waiting()) {
        try {
          await api.call(operation.method, operation.path, operation.body,
            operation.key ? { "Idempotency-Key": operation.key } : undefined);
        } catch (error) {
          if (retryable(error)) break;
          if (!(operation.method === "DELETE" && error.status === 404)) {
            // The server's words: its message, then what it says of each field.
            const message = [error.message, ...Object.values(error.fields).flat()].join(" ");
            const refusal = { status: error.status, code: error.code || "", message, at: Date.now() };
            await run("queue", "readwrite", (s) => s.put({ ...operation, refused: refusal }));
            continue;
          }
        }
        await run("queue", "readwrite", (s) => s.delete(operation.id));
      }
      return (await waiting()).length;
    })().finally(() => { flushing = null; });
  }
  return flushing;
}

// MARK: - The replica

/** Applies one page of the feed and keeps its cursor, in one transaction. */
async function applyPage(changes, cursor) {
  const db = await open();
  return new Promise((resolve, reject) => {
    const transaction = db.transaction(["habits", "entries", "meta"], "readwrite");
    const habits = transaction.objectStore("habits");
    const entries = transaction.objectStore("entries");
    for (const change of changes) {
      if (change.kind === "habit") habits.put(change.habit);
      else if (change.kind === "entry") entries.put({ ...change.entry, habit_id: change.habit_id });
      else if (change.kind === "entry_deleted") entries.delete([change.habit_id, change.date]);
      else if (change.kind === "habit_deleted") {
        habits.delete(change.habit_id);
        entries.delete(IDBKeyRange.bound([change.habit_id, ""], [change.habit_id, "\uffff"]));
      }
    }
    transaction.objectStore("meta").put(cursor, "cursor");
    if (changes.length > 0) transaction.objectStore("meta").put(Date.now(), "pulled_at");
    transaction.oncomplete = () => resolve();
    transaction.onerror = () => reject(transaction.error);
  });
}

async function forgetReplica() {
  for (const store of ["habits", "entries", "meta"]) await run(store, "readwrite", (s) => s.clear());
}

let pulling = null;
/**
 * Brings the replica up to date through the change feed: pages from the
 * kept cursor until `more` is false, each page and its cursor stored
 * together, so an interrupted read goes on where it stopped. A cursor the
 * server no longer knows (410) starts over from nothing, replacing the
 * replica. Resolves to the number of changes read, 0 for a first read
 * (what the screens show came from the server already).
 */
export function pull() {
  if (!pulling) {
    pulling = (async () => {
      let cursor = await run("meta", "readonly", (s) => s.get("cursor"));
      const first = cursor === undefined;
      let count = 0;
      let restarted = false;
      for (;;) {
        let page;
        try {
          page = await api.call("GET", cursor ? `/me/changes/?since=${encodeURIComponent(cursor)}` : "/me/changes/");
        } catch (error) {
          if (error.status !== 410 || restarted) throw error;
          restarted = true;
          cursor = undefined;
          await forgetReplica();
          continue;
        }
        count += page.changes.length;
        await applyPage(page.changes, page.cursor);
        cursor = page.cursor;
        if (!page.more) return first ? 0 : count;
      }
    })().finally(() => { pulling = null; });
  }
  return pulling;
}

/** The waiting check-in `operation` applied to the replica's `entries`. */
function applyQueued(entriesByHabit, operation) {
  const match = /^\/me\/habits\/(\d+)\/progress\/(\d{4}-\d{2}-\d{2})\/(increment\/)?$/.exec(operation.path);
  if (!match) return;
  const id = Number(match[1]);
  const date = match[2];
  if (!entriesByHabit.has(id)) entriesByHabit.set(id, new Map());
  const entries = entriesByHabit.get(id);
  const entry = entries.get(date) || { date, value: 0, skipped: false };
  if (match[3]) entries.set(date, { ...entry, value: (micro(entry.value) + micro(operation.body.amount)) / 1e6 });
  else if (operation.method === "PUT") entries.set(date, { ...entry, value: operation.body.value, skipped: Boolean(operation.body.skipped) });
  else if (operation.method === "DELETE") entries.delete(date);
}

/**
 * The day's habit list as the API's list answers it (`completion_data` for
 * `day`, judged on `today`), from the replica with the waiting check-ins
 * applied; `null` before the replica was first read.
 */
export async function replicaList(day, today) {
  if ((await run("meta", "readonly", (s) => s.get("cursor"))) === undefined) return null;
  const habits = await run("habits", "readonly", (s) => s.getAll());
  const entriesByHabit = new Map();
  for (const entry of await run("entries", "readonly", (s) => s.getAll())) {
    if (!entriesByHabit.has(entry.habit_id)) entriesByHabit.set(entry.habit_id, new Map());
    entriesByHabit.get(entry.habit_id).set(entry.date, entry);
  }
  const queued = await waiting();
  for (const operation of queued) applyQueued(entriesByHabit, operation);
  // A waiting move (a PATCH of `position`) shows as made.
  for (const operation of queued) {
    const habit = operation.method === "PATCH" && operation.body && "position" in operation.body
      && habits.find((item) => `/me/habits/${item.id}/` === operation.path);
    if (habit) habit.position = operation.body.position;
  }
  return ordered(habits).map((habit) => {
    const entries = entriesByHabit.get(habit.id) || new Map();
    return { ...habit, completion_data: completion(habit, entries, day, today) };
  });
}

// MARK: - The Week view's days

/**
 * Keeps what the Week view drew of habit `id` in the history store, under
 * the string key "week:<id>" (apart from the charts' [id, from, to] keys):
 * its history answer (`report`) for `from`…`to` judged on `today` and the
 * day entries read with it, with when it was kept. A check-in made offline
 * keeps the state it showed, so a reload without a network shows it too.
 */
export function keepWeek(id, kept) { return run("history", "readwrite", (s) => s.put({ ...kept, at: Date.now() }, `week:${id}`)); }

/** What `keepWeek` kept of habit `id`, or undefined. */
export function keptWeek(id) { return run("history", "readonly", (s) => s.get(`week:${id}`)); }
