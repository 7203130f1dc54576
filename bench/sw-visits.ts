/**
 * The service worker's side of the page benchmark (decision 034): the visits that install it in a
 * Chromium before Lighthouse measures the page with it (`installWorker`), and what installing
 * it costs a first visit in bytes (`firstVisitBytes`). Both drive Chromium through DevTools
 * (cdp.ts), never through Lighthouse.
 */
import http from "node:http";
import type { AddressInfo } from "node:net";
import * as chromeLauncher from "chrome-launcher";
import { attachToPage, type Cdp, connectCdp, evaluate } from "./cdp.ts";

/** The worker's caches (apps/web/sw/strategies.ts). */
const CACHES = { pages: "shop-pages", assets: "shop-assets", photos: "shop-photos" } as const;

/** Lighthouse's default mobile screen (moto g power), for visits that should fetch what it does. */
const MOBILE_SCREEN = { width: 412, height: 823, deviceScaleFactor: 1.75, mobile: true };

/**
 * Lighthouse's slow 4G as DevTools applies it to a page (its `mobileSlow4G`: 150 ms × 3.75,
 * 1.6 Mbit/s × 0.9 down, 750 kbit/s × 0.9 up) and its 4× CPU slowdown: a first visit in a
 * phone's order of events (the worker registers at the page's load, while its late pictures
 * and the scripts started after the first paint may still be coming).
 */
export const SLOW_4G = {
  offline: false,
  latency: 150 * 3.75,
  downloadThroughput: (1.6 * 1024 * 0.9 * 1024) / 8,
  uploadThroughput: (750 * 0.9 * 1024) / 8,
};

export type WorkerState = {
  controlled: boolean;
  /** The page's own address is in shop-pages. */
  pageKept: boolean;
  pages: number;
  assets: number;
  photos: number;
};

/** Page-side: the worker's state, once it holds the page and its files, or after `timeoutMs`. */
const workerReady = (timeoutMs: number) => `(async () => {
  const count = async (name) => (await caches.has(name)) ? (await (await caches.open(name)).keys()).length : 0;
  const state = async () => ({
    controlled: !!navigator.serviceWorker.controller,
    pageKept: (await caches.has(${JSON.stringify(CACHES.pages)}))
      && !!(await (await caches.open(${JSON.stringify(CACHES.pages)})).match(location.href)),
    pages: await count(${JSON.stringify(CACHES.pages)}),
    assets: await count(${JSON.stringify(CACHES.assets)}),
    photos: await count(${JSON.stringify(CACHES.photos)}),
  });
  const deadline = Date.now() + ${timeoutMs};
  let last = null, steadySince = Date.now();
  for (;;) {
    const now = await state();
    if (JSON.stringify(now) !== JSON.stringify(last)) { last = now; steadySince = Date.now(); }
    const ready = now.controlled && now.pageKept && now.assets > 0 && Date.now() - steadySince >= 500;
    if (ready || Date.now() > deadline) return now;
    await new Promise((r) => setTimeout(r, 100));
  }
})()`;

/**
 * Page-side, on a page the worker controls: waits until every product photo the page loaded is
 * in shop-photos (cacheFirst keeps it before answering) and no new file was fetched for 1 s.
 */
const photosKept = (timeoutMs: number) => `(async () => {
  const deadline = Date.now() + ${timeoutMs};
  let seen = -1, quietSince = Date.now();
  for (;;) {
    const entries = performance.getEntriesByType("resource");
    if (entries.length !== seen) { seen = entries.length; quietSince = Date.now(); }
    const photos = entries.map((e) => e.name).filter((n) => /\\/uploads\\/images\\/[\\w-]+\\/\\d+\\.webp$/.test(new URL(n).pathname));
    const cache = await caches.open(${JSON.stringify(CACHES.photos)});
    const missing = (await Promise.all(photos.map(async (p) => (await cache.match(p)) ? null : p))).filter(Boolean);
    if ((missing.length === 0 && Date.now() - quietSince >= 1000) || Date.now() > deadline)
      return { photos: photos.length, missing: missing.length };
    await new Promise((r) => setTimeout(r, 100));
  }
})()`;

async function navigate(cdp: Cdp, sessionId: string, url: string): Promise<void> {
  const loaded = cdp.once("Page.loadEventFired", sessionId);
  const { errorText } = await cdp.send<{ errorText?: string }>("Page.navigate", { url }, sessionId);
  if (errorText) throw new Error(`${url}: ${errorText}`);
  await Promise.race([
    loaded,
    new Promise((_, reject) => setTimeout(() => reject(new Error(`${url} did not load within 30 s`)), 30_000)),
  ]);
}

export type Installed = WorkerState & { photosLoaded: number; photosMissing: number };

/**
 * In the Chromium on `port` (the one Lighthouse then measures with, same profile): opens `url`
 * as a customer's first visit, waits until the worker controls the page and keeps it and its
 * files, opens it again (the worker now answers: the photos go through it and are kept), then
 * empties the browser's HTTP cache, so that what Lighthouse's visit does not get from the
 * worker comes from the network, and leaves the tab on about:blank.
 */
export async function installWorker(port: number, url: string): Promise<Installed> {
  const cdp = await connectCdp(port);
  try {
    const sessionId = await attachToPage(cdp);
    await cdp.send("Page.enable", {}, sessionId);
    await cdp.send("Emulation.setDeviceMetricsOverride", MOBILE_SCREEN, sessionId);
    await navigate(cdp, sessionId, url);
    const first = await evaluate<WorkerState>(cdp, sessionId, workerReady(30_000));
    if (!first.controlled || !first.pageKept || first.assets === 0)
      throw new Error(`the service worker did not take ${url} over: ${JSON.stringify(first)}`);
    await navigate(cdp, sessionId, url);
    const photos = await evaluate<{ photos: number; missing: number }>(cdp, sessionId, photosKept(20_000));
    const state = await evaluate<WorkerState>(cdp, sessionId, workerReady(10_000));
    await cdp.send("Network.clearBrowserCache", {}, sessionId);
    await navigate(cdp, sessionId, "about:blank");
    await cdp.send("Target.detachFromTarget", { sessionId });
    return { ...state, photosLoaded: photos.photos, photosMissing: photos.missing };
  } finally {
    cdp.close();
  }
}

// ---- What installing the worker costs a first visit ----

type Counted = { path: string; status: number; bodyBytes: number };

/**
 * An HTTP/1.1 proxy in front of the shop that counts what goes to the browser: every byte
 * written on its sockets (headers and compressed bodies, as on the wire) and each request.
 * The shop reads the browser's Host, so its picture addresses point at the proxy too.
 */
async function countingProxy(upstream: string) {
  const target = new URL(upstream);
  const agent = new http.Agent({ keepAlive: true });
  const requests: Counted[] = [];
  const sockets = new Set<import("node:net").Socket>();
  let closedBytes = 0;
  let lastActivity = Date.now();
  const server = http.createServer((request, response) => {
    lastActivity = Date.now();
    const forward = http.request(
      {
        agent,
        host: target.hostname,
        port: target.port,
        method: request.method,
        path: request.url,
        headers: request.headers,
      },
      (answer) => {
        const counted: Counted = { path: request.url ?? "", status: answer.statusCode ?? 0, bodyBytes: 0 };
        requests.push(counted);
        response.writeHead(answer.statusCode ?? 502, answer.rawHeaders);
        answer.on("data", (chunk: Buffer) => {
          counted.bodyBytes += chunk.length;
          lastActivity = Date.now();
        });
        answer.pipe(response);
      },
    );
    forward.on("error", () => response.destroy());
    request.pipe(forward);
  });
  server.on("connection", (socket) => {
    sockets.add(socket);
    socket.on("close", () => {
      closedBytes += socket.bytesWritten;
      sockets.delete(socket);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    /** Bytes sent to the browser so far, headers included. */
    bytes: () => closedBytes + [...sockets].reduce((sum, s) => sum + s.bytesWritten, 0),
    quietFor: () => Date.now() - lastActivity,
    close: async () => {
      for (const socket of sockets) socket.destroy();
      agent.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

export type FirstVisit = {
  throttled: boolean;
  /** Bytes the shop sent during the visit (HTTP/1.1, headers included). */
  bytes: number;
  requests: Counted[];
  worker: WorkerState | null;
};

/**
 * One first visit of `pagePath` in a fresh Chromium profile, counted by a proxy until nothing
 * has been fetched for 3 s (and, with the worker, until it keeps the page and its files):
 * with the shop's own registration, or with `navigator.serviceWorker.register` refusing (the
 * page's code catches that, as on a browser that refuses), i.e. the same visit without the
 * worker. `throttled`: the page under SLOW_4G and a 4× slower CPU (the worker's own fetches
 * are not throttled: DevTools applies the conditions to the page only).
 */
export async function firstVisitBytes(
  direct: string,
  pagePath: string,
  withWorker: boolean,
  chromium: { chromePath: string; chromeFlags: string[] },
  throttled = false,
): Promise<FirstVisit> {
  const proxy = await countingProxy(direct);
  const chrome = await chromeLauncher.launch({ ...chromium, handleSIGINT: false });
  try {
    const cdp = await connectCdp(chrome.port);
    try {
      const sessionId = await attachToPage(cdp);
      await cdp.send("Page.enable", {}, sessionId);
      await cdp.send("Emulation.setDeviceMetricsOverride", MOBILE_SCREEN, sessionId);
      if (throttled) {
        await cdp.send("Network.enable", {}, sessionId);
        await cdp.send("Network.emulateNetworkConditions", SLOW_4G, sessionId);
        await cdp.send("Emulation.setCPUThrottlingRate", { rate: 4 }, sessionId);
      }
      if (!withWorker)
        await cdp.send(
          "Page.addScriptToEvaluateOnNewDocument",
          {
            source:
              "ServiceWorkerContainer.prototype.register = () => Promise.reject(new DOMException('not in this visit', 'SecurityError'));",
          },
          sessionId,
        );
      await navigate(cdp, sessionId, proxy.url + pagePath);
      const worker = withWorker ? await evaluate<WorkerState>(cdp, sessionId, workerReady(30_000)) : null;
      const deadline = Date.now() + 30_000;
      while (proxy.quietFor() < 3000 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 200));
      return { throttled, bytes: proxy.bytes(), requests: [...proxy.requests], worker };
    } finally {
      cdp.close();
    }
  } finally {
    chrome.kill();
    await proxy.close();
  }
}
