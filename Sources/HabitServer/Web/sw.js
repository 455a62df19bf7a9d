// The service worker: keeps the app shell so the app opens offline.
// Assets have content-versioned addresses, so a cached one is never stale;
// the page itself is fetched first and the cached copy used only offline.
// Data is not cached here: the app keeps its replica of the account, read
// through the change feed, in IndexedDB (offline.js).
const SHELL = "habits-shell-__ASSETS__";
const ASSETS = __ASSET_LIST__;

self.addEventListener("install", (event) => {
  event.waitUntil(
    caches.open(SHELL).then((cache) => cache.addAll(["/", "/manifest.webmanifest", ...ASSETS]))
      .then(() => self.skipWaiting()));
});

self.addEventListener("activate", (event) => {
  event.waitUntil(
    caches.keys().then((keys) => Promise.all(
      keys.filter((key) => key.startsWith("habits-shell-") && key !== SHELL)
        .map((key) => caches.delete(key))))
      .then(() => self.clients.claim()));
});

self.addEventListener("fetch", (event) => {
  const url = new URL(event.request.url);
  if (event.request.method !== "GET" || url.origin !== location.origin) return;
  if (url.pathname.startsWith("/api/")) return;
  if (event.request.mode === "navigate" || url.pathname === "/") {
    event.respondWith(
      fetch(event.request).then((response) => {
        const copy = response.clone();
        if (response.ok) caches.open(SHELL).then((cache) => cache.put("/", copy));
        return response;
      }).catch(() => caches.match("/")));
    return;
  }
  event.respondWith(
    caches.match(event.request).then((hit) => hit || fetch(event.request)));
});
