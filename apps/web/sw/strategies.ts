/**
 * How the service worker answers (decision 034): what it keeps, for how long, and the page it
 * shows when the network is gone and nothing is kept.
 */
import { PHONE_PAGE_PATHS, pageKey, SHARED_PAGE_PATHS } from "@shop/shared/core";
import { offlinePage } from "./offline-page";

/** Every cache of the shop starts so: the page «Données hors ligne» counts and clears them. */
export const PAGES = "shop-pages";
export const ASSETS = "shop-assets";
export const PHOTOS = "shop-photos";

/** The last pages seen: enough for a visit or two, a few megabytes at most. */
const MAX_PAGES = 60;
/** A product's photos at the widths the phone asked for: ~10–60 KB each. */
const MAX_PHOTOS = 300;
/** After this, a slow network gives way to the page kept on the phone (it keeps loading). */
const NETWORK_WAIT_MS = 4000;

/** Headers the worker adds to a page it keeps: when it was saved, and its title. */
const SAVED_AT = "x-shop-saved-at";
const TITLE = "x-shop-title";
/** The marker a page served from the phone carries, which the page reads (features/offline). */
const SAVED_AT_META = "shop-saved-at";

const PAGE_PATHS = new RegExp(`${SHARED_PAGE_PATHS.source}|${PHONE_PAGE_PATHS.source}`);
const OWN_PHOTO = /^\/uploads\/images\/[\w-]+\/\d+\.webp$/;

export const isPhoto = (url: URL) => OWN_PHOTO.test(url.pathname);

/** The address a public page is kept under (tracking parameters left out), or null. */
export function savedPageKey(url: URL): string | null {
  const key = pageKey(url.pathname + url.search, PAGE_PATHS);
  return key === null ? null : new URL(key, url.origin).href;
}

/** The server's mark on an answer drawn for a session (plugins/web.ts): kept by no cache. */
const drawnForSession = (response: Response) =>
  /\b(?:private|no-store)\b/i.test(response.headers.get("cache-control") ?? "");

/**
 * Whether an answer may be kept on the phone: a whole HTML page the server did not mark as
 * drawn for a session (`private`, `no-store`: plugins/web.ts), and that is not a redirect.
 */
function keepable(response: Response): boolean {
  if (response.status !== 200 || response.type !== "basic" || response.redirected) return false;
  if (!(response.headers.get("content-type") ?? "").startsWith("text/html")) return false;
  return !drawnForSession(response);
}

async function savePage(key: string, response: Response): Promise<void> {
  const html = await response.text();
  const title = /<title>([^<]*)<\/title>/.exec(html)?.[1] ?? "";
  const headers = new Headers(response.headers);
  // The body is stored decoded: its encoding and length no longer describe it.
  headers.delete("content-encoding");
  headers.delete("content-length");
  headers.set(SAVED_AT, String(Date.now()));
  headers.set(TITLE, encodeURIComponent(title));
  const cache = await caches.open(PAGES);
  await cache.put(key, new Response(html, { status: 200, headers }));
  await trim(cache, MAX_PAGES);
}

/** A kept page as the phone shows it: with the moment it was saved, for the notice. */
async function fromPhone(saved: Response): Promise<Response> {
  const savedAt = new Date(Number(saved.headers.get(SAVED_AT))).toISOString();
  const html = (await saved.text()).replace("<head>", `<head><meta name="${SAVED_AT_META}" content="${savedAt}">`);
  return new Response(html, { status: 200, headers: saved.headers });
}

/**
 * A public page: from the network, kept when it may be; the phone's copy if the network fails,
 * answers a server error, or takes longer than NETWORK_WAIT_MS (the network's answer still
 * refreshes the copy).
 */
export async function pageOrFallback(event: FetchEvent, key: string): Promise<Response> {
  // The page goes to the visitor as it arrives; its copy is stored beside (waitUntil).
  const network = fetch(event.request).then((response) => {
    if (keepable(response)) event.waitUntil(savePage(key, response.clone()));
    // A page drawn for a session: the copy of it kept, if any, is another visitor's view.
    else if (drawnForSession(response)) {
      event.waitUntil(caches.open(PAGES).then((cache) => cache.delete(key)));
    }
    return response;
  });
  event.waitUntil(network.catch(() => undefined));
  const saved = caches.open(PAGES).then((cache) => cache.match(key));
  const slow = new Promise<"slow">((resolve) => setTimeout(() => resolve("slow"), NETWORK_WAIT_MS));
  try {
    const first = await Promise.race([network, slow]);
    // A server down behind its proxy (5xx) is no better than no network.
    if (first !== "slow" && first.status < 500) return first;
    const copy = await saved;
    if (copy) return fromPhone(copy);
    return first === "slow" ? await network : first;
  } catch {
    const copy = await saved;
    return copy ? fromPhone(copy) : offlinePage(await savedPages(), false);
  }
}

/**
 * The page that registered the worker, loaded before it ran: asked again (an unchanged kept
 * page answers 304 from the browser's cache, so little data) and kept if it may be.
 */
export async function keepPage(address: string): Promise<void> {
  const url = new URL(address, self.location.origin);
  const key = url.origin === self.location.origin ? savedPageKey(url) : null;
  if (!key) return;
  try {
    const response = await fetch(url.href, { credentials: "same-origin" });
    if (keepable(response)) await savePage(key, response);
  } catch {
    // Gone offline meanwhile: it is kept at the next visit.
  }
}

/** A page that is never kept (cart, orders, account, back-office): the network, or a notice. */
export async function privatePage(request: Request): Promise<Response> {
  try {
    return await fetch(request);
  } catch {
    return offlinePage(await savedPages(), true);
  }
}

/** The pages kept, newest first, for the offline page's list. */
async function savedPages(): Promise<{ url: string; title: string; savedAt: number }[]> {
  const cache = await caches.open(PAGES);
  const pages = await Promise.all(
    (await cache.keys()).map(async (request) => {
      const saved = await cache.match(request);
      return {
        url: new URL(request.url).pathname + new URL(request.url).search,
        title: decodeURIComponent(saved?.headers.get(TITLE) ?? ""),
        savedAt: Number(saved?.headers.get(SAVED_AT) ?? 0),
      };
    }),
  );
  return pages.sort((a, b) => b.savedAt - a.savedAt);
}

/** Files whose name changes with their content, and photos: from the phone once there. */
export async function cacheFirst(request: Request, name: string): Promise<Response> {
  const cache = await caches.open(name);
  const kept = await cache.match(request, { ignoreVary: true });
  if (kept) return kept;
  const response = await fetch(request);
  if (response.ok && response.type === "basic") {
    await cache.put(request, response.clone());
    if (name === PHOTOS) await trim(cache, MAX_PHOTOS);
  }
  return response;
}

/** The shop's own scripts, styles and photos a page loaded before the worker ran. */
export async function keepAssets(urls: readonly string[]): Promise<void> {
  const own = urls
    .map((url) => new URL(url, self.location.origin))
    .filter((url) => url.origin === self.location.origin && /^\/(?:assets|icons)\//.test(url.pathname))
    .slice(0, 50);
  const cache = await caches.open(ASSETS);
  await Promise.allSettled(
    own.map(async (url) => {
      if (!(await cache.match(url.href))) await cache.add(url.href);
    }),
  );
}

/** Keeps the newest `max` entries (a cache lists its entries in the order they were put). */
async function trim(cache: Cache, max: number): Promise<void> {
  const keys = await cache.keys();
  await Promise.all(keys.slice(0, Math.max(0, keys.length - max)).map((key) => cache.delete(key)));
}

const ASSET_URL = /\/assets\/[\w.-]+\.(?:js|css)/g;

/**
 * After a deployment: scripts and styles no longer in the build go, except those a page kept
 * on the phone still loads (it would open unstyled and inert without them).
 */
export async function collectAssets(shell: readonly string[]): Promise<void> {
  const needed = new Set(shell.map((url) => new URL(url, self.location.origin).pathname));
  const pages = await caches.open(PAGES);
  for (const key of await pages.keys()) {
    const html = (await (await pages.match(key))?.text()) ?? "";
    for (const [asset] of html.matchAll(ASSET_URL)) needed.add(asset);
  }
  const assets = await caches.open(ASSETS);
  for (const key of await assets.keys()) {
    const { pathname } = new URL(key.url);
    if (pathname.startsWith("/assets/") && !needed.has(pathname)) await assets.delete(key);
  }
}

declare const self: ServiceWorkerGlobalScope;
