// The habits API from the browser, in cookie mode: the access token lives in
// this module's memory only; the refresh token is an HttpOnly cookie the
// page never sees, sent only to the refresh and logout routes, and only
// with the X-Habits-Client header a cross-site form cannot send.

const CLIENT = { "X-Habits-Client": "web" };
let access = null;
let offset = 0; // server clock minus device clock, in milliseconds
let refreshing = null;

/** An answer of the API that is not a success, or no answer at all. */
export class ApiError extends Error {
  constructor(status, body, retryAfter) {
    super((body && body.message) || (status ? `The server answered ${status}.` : "The server cannot be reached."));
    this.status = status;
    this.code = body && body.code;
    this.fields = (body && body.fields) || {};
    this.retryAfter = retryAfter;
  }
  get offline() { return this.status === 0; }
}

/** Now by the server's clock, as the CLI corrects it from `server_time`. */
export function now() { return new Date(Date.now() + offset); }

function learnClock(body) {
  const server = Date.parse(body.server_time);
  if (!Number.isNaN(server)) offset = server - Date.now();
}

export function signedIn() { return access !== null; }

async function send(method, path, body, headers = {}) {
  const all = { ...CLIENT, ...headers };
  if (body !== undefined) all["Content-Type"] = "application/json";
  if (access) all.Authorization = `Bearer ${access}`;
  try {
    return await fetch(`/api${path}`, {
      method, headers: all, cache: "no-store", credentials: "same-origin",
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  } catch {
    throw new ApiError(0, null);
  }
}

async function read(response) {
  if (response.status === 204) return null;
  let body = null;
  try { body = await response.json(); } catch { body = null; }
  if (!response.ok) {
    const wait = Number(response.headers.get("Retry-After"));
    throw new ApiError(response.status, body, Number.isFinite(wait) ? wait : undefined);
  }
  return body;
}

/** A new access token from the refresh cookie; false when there is no session. */
export function refresh() {
  if (!refreshing) {
    refreshing = (async () => {
      const response = await send("POST", "/auth/token/refresh/", {});
      if (response.status === 401 || response.status === 400) { access = null; return false; }
      const body = await read(response);
      access = body.access;
      learnClock(body);
      return true;
    })().finally(() => { refreshing = null; });
  }
  return refreshing;
}

/** A call with the access token, refreshed once when it has expired. */
export async function call(method, path, body, headers) {
  let response = await send(method, path, body, headers);
  if (response.status === 401 && (await refresh())) response = await send(method, path, body, headers);
  if (response.status === 401) access = null;
  return read(response);
}

export async function requestCode(email) {
  return read(await send("POST", "/auth/email/", { email }));
}

export async function signIn(email, code) {
  const body = await read(await send("POST", "/auth/token/", { email, code }));
  access = body.access;
  learnClock(body);
}

/** Revokes the session (the cookie's token family) and forgets the access token. */
export async function signOut() {
  try { await read(await send("POST", "/auth/logout/", {})); } finally { access = null; }
}

/** A fresh idempotency key, quoted as a Structured Field string. */
export function newKey() { return `"${crypto.randomUUID()}"`; }
