/**
 * The phone's service worker (decision 034): the shop opens again without a network, loads its
 * scripts and photos from the phone, and never keeps anything private. Built by
 * scripts/build-sw.ts into build/client/sw.js, served by the server at /sw.js.
 *
 * - Pages a visitor not signed in has seen (the storefront's public pages and the order form):
 *   the network first, the phone's copy when the network is gone or too slow.
 * - Scripts and styles (names that change with their content) and product photos: the phone
 *   first.
 * - Everything else — the API, the cart, orders, payment, account, the back-office, any
 *   answer the server marked private — goes to the network and is never kept.
 */
import { onNotificationClick, onPush } from "./push";
import {
  ASSETS,
  cacheFirst,
  collectAssets,
  isPhoto,
  keepAssets,
  keepPage,
  PHOTOS,
  pageOrFallback,
  privatePage,
  savedPageKey,
} from "./strategies";

declare const self: ServiceWorkerGlobalScope;
/** The files every page needs (the entry, the layout, the storefront's pages), from the build. */
declare const __SHELL__: string[];

self.addEventListener("install", (event) => {
  // A new deployment takes over at the next visit, without waiting for every tab to close.
  event.waitUntil(
    (async () => {
      const cache = await caches.open(ASSETS);
      // One file missing (a deployment under way) does not stop the others.
      await Promise.allSettled(__SHELL__.map((url) => cache.add(url)));
      await self.skipWaiting();
    })(),
  );
});

self.addEventListener("activate", (event) => {
  event.waitUntil(
    (async () => {
      await self.clients.claim();
      // Files of earlier deployments go, unless a page kept on the phone still needs them.
      await collectAssets(__SHELL__);
    })(),
  );
});

self.addEventListener("fetch", (event) => {
  const { request } = event;
  if (request.method !== "GET") return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin || url.pathname.startsWith("/api/")) return;
  if (request.mode === "navigate") {
    const key = savedPageKey(url);
    event.respondWith(key ? pageOrFallback(event, key) : privatePage(request));
    return;
  }
  if (url.pathname.startsWith("/assets/") || url.pathname.startsWith("/icons/")) {
    event.respondWith(cacheFirst(request, ASSETS));
  } else if (isPhoto(url)) {
    event.respondWith(cacheFirst(request, PHOTOS));
  }
});

// The page that registered the worker hands over what it loaded before the worker ran: its
// files, and its own address (kept like any page seen, if it may be).
self.addEventListener("message", (event) => {
  const data = event.data as { type?: string; urls?: unknown; page?: unknown } | null;
  if (data?.type !== "keep-assets" || !Array.isArray(data.urls)) return;
  const urls = data.urls.filter((url): url is string => typeof url === "string");
  event.waitUntil(Promise.all([keepAssets(urls), typeof data.page === "string" ? keepPage(data.page) : null]));
});

self.addEventListener("push", onPush);
self.addEventListener("notificationclick", onNotificationClick);
