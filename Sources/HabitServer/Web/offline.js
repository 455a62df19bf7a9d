// What the app keeps on the device: the last habit lists it showed (so it
// opens offline and shows the day) and the check-ins made without a network,
// in IndexedDB, sent in order once it is back.

import * as api from "./api.js";

const DB = "habits";
let database = null;

function open() {
  if (!database) {
    database = new Promise((resolve, reject) => {
      const request = indexedDB.open(DB, 1);
      request.onupgradeneeded = () => {
        request.result.createObjectStore("queue", { keyPath: "id", autoIncrement: true });
        request.result.createObjectStore("lists");
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

/** Keeps the list of a day, as the API gave it. */
export function keepList(day, list) { return run("lists", "readwrite", (s) => s.put(list, day)); }
export function keptList(day) { return run("lists", "readonly", (s) => s.get(day)); }

/** The check-ins waiting to be sent, oldest first. */
export function waiting() { return run("queue", "readonly", (s) => s.getAll()); }

/** Keeps a check-in to send later; `key` makes an increment count once. */
export function enqueue(operation) { return run("queue", "readwrite", (s) => s.add(operation)); }

/** Forgets everything kept (sign out). */
export async function clear() {
  await run("queue", "readwrite", (s) => s.clear());
  await run("lists", "readwrite", (s) => s.clear());
}

let flushing = null;
/**
 * Sends the waiting check-ins in order. Each keeps the idempotency key it was
 * given when made, so one that reached the server before the network dropped
 * is not counted twice. Stops at the first that cannot be sent for want of a
 * network; one the server refuses is dropped (it would be refused again).
 * Resolves to the number still waiting.
 */
export function flush() {
  if (!flushing) {
    flushing = (async () => {
      for (const operation of await waiting()) {
        try {
          await api.call(operation.method, operation.path, operation.body,
            operation.key ? { "Idempotency-Key": operation.key } : undefined);
        } catch (error) {
          if (error.offline || error.status === 401 || error.status >= 500) break;
        }
        await run("queue", "readwrite", (s) => s.delete(operation.id));
      }
      return (await waiting()).length;
    })().finally(() => { flushing = null; });
  }
  return flushing;
}
