/**
 * What a customer's first seconds on a storefront page are like on a slow phone, measured in
 * Chromium through DevTools (cdp.ts) rather than Lighthouse's simulation:
 *
 * - **First paint to hydration** (`paintToHydration`): how long a page stays painted but not
 *   interactive, on five pages under two networks. The pages' scripts only start after the
 *   first contentful paint (decision 027), so this is the window in which a tap finds no
 *   JavaScript behind the page.
 * - **Taps at first paint** (`tapsAtFirstPaint`): a signed-in customer taps the product page's
 *   'Ajouter au panier' the moment the page has painted, through the browser's input pipeline;
 *   the cart, read through the API once things have settled, says whether the tap counted.
 *
 * Each load is a first visit: a fresh browser context (empty HTTP cache, no service worker,
 * no cookie but the customer's), 390 px wide, CPU 4× slower, the network throttled by DevTools.
 */
import type { LaunchedChrome } from "chrome-launcher";
import { type Cdp, connectCdp, evaluate } from "./cdp.ts";
import { json, makeCustomers } from "./crowd-mix.ts";
import { SLOW_4G } from "./sw-visits.ts";

/** DevTools' network conditions (bytes per second; kbit = 1024 bits, as DevTools and Lighthouse count). */
type Network = { offline: boolean; latency: number; downloadThroughput: number; uploadThroughput: number };

export const NETWORKS = {
  /** DevTools' slow 4G as Lighthouse's devtools throttling applies it (sw-visits.ts). */
  "slow 4G": SLOW_4G,
  /** 300 ms round trip, 700 kbit/s each way. */
  "3G": { offline: false, latency: 300, downloadThroughput: (700 * 1024) / 8, uploadThroughput: (700 * 1024) / 8 },
} satisfies Record<string, Network>;
export type NetworkName = keyof typeof NETWORKS;

/** A 390 px wide phone (3 device pixels per CSS pixel, as the phones of that width), with touch. */
const PHONE_SCREEN = { width: 390, height: 844, deviceScaleFactor: 3, mobile: true };
const CPU_SLOWDOWN = 4;
/** The name of the page's messages to us (Runtime.addBinding). */
const BINDING = "__benchFirstTap";
const ADD_TO_CART = "Ajouter au panier : ";

/** How long a page may take to hydrate before the run is counted as failed. */
const HYDRATION_TIMEOUT_MS = 60_000;
/** After a tap: at most this long for things to settle (a navigation, the API call…). */
const SETTLE_TIMEOUT_MS = 10_000;
/** …and settled means: no request of the page in flight, no navigation pending, for this long. */
const QUIET_MS = 1_000;

export type FirstTapOptions = {
  /** Starts a Chromium (headless, the bench's flags), which the caller kills on Ctrl-C. */
  launch: () => Promise<LaunchedChrome>;
  log: (line: string) => void;
};

// ---------------------------------------------------------------- in the page

/**
 * A message from the page's instrumentation (the binding's payload): `t` is performance.now()
 * when it was sent, `doc` the document's performance.timeOrigin (which document said it: a
 * form's submission brings a new one at the same address).
 */
type PageMessage = { t: number; doc: number; href: string } & (
  | { type: "fcp"; fcp: number }
  | { type: "hydrated" }
  | { type: "target"; x: number; y: number; found: boolean }
  | {
      type: "touchstart" | "pointerdown" | "click";
      /** The event's own time (when the input was made), on the page's clock. */
      at: number;
      hydrated: boolean;
      onButton: boolean;
    }
);

/**
 * Runs in every new document before the page's own scripts (Page.addScriptToEvaluateOnNewDocument):
 * reports the first contentful paint (a buffered PerformanceObserver) and the moment the root
 * route sets `data-hydrated` on <html> (a MutationObserver, performance.now()), through the
 * binding. With `tapName`: also polls for the paint entry every frame (whichever of the two
 * sees it first), then looks every frame for the button to tap, brings it to the middle of the
 * screen and reports where it is; and reports the touch, pointer and click events the page
 * receives, whether the page was hydrated when each reached it and whether it was on the button.
 */
function instrumentation(tapName: string | null): string {
  return `(() => {
  if (window.top !== window || !location.protocol.startsWith("http")) return;
  const send = (type, detail) =>
    window.${BINDING}(JSON.stringify({ type, t: performance.now(), doc: performance.timeOrigin, href: location.href, ...detail }));
  const isHydrated = () => !!document.documentElement && document.documentElement.hasAttribute("data-hydrated");
  new MutationObserver((_, observer) => {
    if (!isHydrated()) return;
    observer.disconnect();
    send("hydrated", {});
  }).observe(document, { attributes: true, subtree: true, attributeFilter: ["data-hydrated"] });

  const tapName = ${JSON.stringify(tapName)};
  let painted = false;
  let button = null;
  // The accessible name as the shop's buttons get it: aria-labelledby, aria-label, else the
  // text without what is aria-hidden (checked against Chromium's accessibility tree once, in
  // the warm-up load).
  const nameOf = (element) => {
    const ids = element.getAttribute("aria-labelledby");
    if (ids) return ids.split(/\\s+/).map((id) => document.getElementById(id)?.textContent ?? "").join(" ");
    const label = element.getAttribute("aria-label");
    if (label) return label;
    const copy = element.cloneNode(true);
    for (const hidden of copy.querySelectorAll('[aria-hidden="true"]')) hidden.remove();
    return copy.textContent ?? "";
  };
  const findButton = () =>
    [...document.querySelectorAll('button, input[type="submit"], [role="button"]')].find((b) =>
      nameOf(b).replace(/\\s+/g, " ").trim().startsWith(tapName));
  window.__benchFindButton = findButton;
  const aim = () => {
    button = findButton();
    // The HTML may still be coming at the first paint: look again next frame.
    if (!button || button.getClientRects().length === 0) return requestAnimationFrame(aim);
    button.scrollIntoView({ block: "center", inline: "center", behavior: "instant" });
    const box = button.getBoundingClientRect();
    send("target", { x: box.left + box.width / 2, y: box.top + box.height / 2, found: true });
  };
  const onPaint = () => {
    if (painted) return;
    painted = true;
    send("fcp", { fcp: performance.getEntriesByName("first-contentful-paint")[0].startTime });
    if (tapName) aim();
  };
  new PerformanceObserver((list) => {
    if (list.getEntriesByName("first-contentful-paint").length) onPaint();
  }).observe({ type: "paint", buffered: true });
  if (!tapName) return;
  const poll = () => {
    if (performance.getEntriesByName("first-contentful-paint").length) onPaint();
    else requestAnimationFrame(poll);
  };
  requestAnimationFrame(poll);
  for (const type of ["touchstart", "pointerdown", "click"])
    addEventListener(
      type,
      (event) => send(type, { at: event.timeStamp, hydrated: isHydrated(), onButton: !!button && button.contains(event.target) }),
      { capture: true, passive: true },
    );
})()`;
}

// ---------------------------------------------------------------- one load in a fresh context

type Load = {
  cdp: Cdp;
  sessionId: string;
  /** The page's messages so far, in order. */
  messages: PageMessage[];
  /** Resolves with the first message of `type` (at once if it already came), or null after `timeoutMs`. */
  next: <T extends PageMessage["type"]>(
    type: T,
    timeoutMs: number,
  ) => Promise<Extract<PageMessage, { type: T }> | null>;
  /** The page's requests in flight, and when the last one started or ended (Date.now()). */
  network: { inFlight: Map<string, { url: string; document: boolean }>; lastChange: number };
  /** Main-frame documents the page navigated to (Page.frameNavigated), and its load events, with Date.now(). */
  navigations: { url: string; at: number }[];
  loads: number[];
  /** Every Document request made, with Date.now() (a form's POST, its redirect…). */
  documentRequests: { url: string; method: string; at: number }[];
};

/**
 * Opens `url` in a new browser context of the Chromium behind `cdp` under the phone's
 * conditions, with `cookie` as the `token` cookie if given, and calls `use` while the page
 * loads; the context (cookies, cache, service worker) is thrown away afterwards.
 */
async function withLoad<T>(
  cdp: Cdp,
  url: string,
  conditions: { network: Network; cookie?: string; tapName?: string },
  use: (load: Load) => Promise<T>,
): Promise<T> {
  const { browserContextId } = await cdp.send<{ browserContextId: string }>("Target.createBrowserContext");
  const offs: (() => void)[] = [];
  try {
    const { targetId } = await cdp.send<{ targetId: string }>("Target.createTarget", {
      url: "about:blank",
      browserContextId,
    });
    const { sessionId } = await cdp.send<{ sessionId: string }>("Target.attachToTarget", { targetId, flatten: true });
    const messages: PageMessage[] = [];
    const waiting = new Set<() => void>();
    const load: Load = {
      cdp,
      sessionId,
      messages,
      next: (type, timeoutMs) =>
        new Promise((resolve) => {
          const check = () => {
            const found = messages.find((m) => m.type === type);
            if (!found) return false;
            resolve(found as Extract<PageMessage, { type: typeof type }>);
            return true;
          };
          if (check()) return;
          const timer = setTimeout(() => {
            waiting.delete(listener);
            resolve(null);
          }, timeoutMs);
          const listener = () => {
            if (!check()) return;
            clearTimeout(timer);
            waiting.delete(listener);
          };
          waiting.add(listener);
        }),
      network: { inFlight: new Map(), lastChange: Date.now() },
      navigations: [],
      loads: [],
      documentRequests: [],
    };
    const mine = (from: string | undefined) => from === sessionId;
    offs.push(
      cdp.on("Runtime.bindingCalled", (params, from) => {
        if (!mine(from) || params.name !== BINDING) return;
        messages.push(JSON.parse(String(params.payload)) as PageMessage);
        for (const listener of [...waiting]) listener();
      }),
      cdp.on("Network.requestWillBeSent", (params, from) => {
        if (!mine(from)) return;
        const request = params.request as { url: string; method: string };
        if (request.url.startsWith("data:")) return;
        const document = params.type === "Document";
        load.network.inFlight.set(String(params.requestId), { url: request.url, document });
        load.network.lastChange = Date.now();
        if (document) load.documentRequests.push({ url: request.url, method: request.method, at: Date.now() });
      }),
      ...["Network.loadingFinished", "Network.loadingFailed"].map((event) =>
        cdp.on(event, (params, from) => {
          if (!mine(from) || !load.network.inFlight.delete(String(params.requestId))) return;
          load.network.lastChange = Date.now();
        }),
      ),
      cdp.on("Page.frameNavigated", (params, from) => {
        const frame = params.frame as { url: string; parentId?: string };
        if (mine(from) && !frame.parentId) load.navigations.push({ url: frame.url, at: Date.now() });
      }),
      cdp.on("Page.loadEventFired", (_, from) => {
        if (mine(from)) load.loads.push(Date.now());
      }),
    );
    await Promise.all(["Page.enable", "Network.enable", "Runtime.enable"].map((m) => cdp.send(m, {}, sessionId)));
    await cdp.send("Emulation.setDeviceMetricsOverride", PHONE_SCREEN, sessionId);
    await cdp.send("Emulation.setTouchEmulationEnabled", { enabled: true, maxTouchPoints: 5 }, sessionId);
    await cdp.send("Emulation.setCPUThrottlingRate", { rate: CPU_SLOWDOWN }, sessionId);
    await cdp.send("Network.emulateNetworkConditions", conditions.network, sessionId);
    if (conditions.cookie)
      await cdp.send(
        "Network.setCookie",
        { name: "token", value: conditions.cookie, url, path: "/", httpOnly: true, sameSite: "Lax" },
        sessionId,
      );
    await cdp.send("Runtime.addBinding", { name: BINDING }, sessionId);
    await cdp.send(
      "Page.addScriptToEvaluateOnNewDocument",
      { source: instrumentation(conditions.tapName ?? null) },
      sessionId,
    );
    const { errorText } = await cdp.send<{ errorText?: string }>("Page.navigate", { url }, sessionId);
    if (errorText) throw new Error(`${url}: ${errorText}`);
    return await use(load);
  } finally {
    for (const off of offs) off();
    await cdp.send("Target.disposeBrowserContext", { browserContextId }).catch(() => {});
  }
}

// ---------------------------------------------------------------- first paint to hydration

export type HydrationPage = { key: string; label: string; path: string; signedIn?: boolean };

export type HydrationRun = { fcpMs: number; hydratedMs: number; paintToHydrationMs: number } | { error: string };

export type HydrationResult = HydrationPage & { network: NetworkName; runs: HydrationRun[] };

/** One load of `url`: its first contentful paint and the moment it hydrated, on the page's clock. */
async function hydrationRun(cdp: Cdp, url: string, network: Network, cookie?: string): Promise<HydrationRun> {
  return withLoad(cdp, url, { network, cookie }, async (load) => {
    const hydrated = await load.next("hydrated", HYDRATION_TIMEOUT_MS);
    if (!hydrated) return { error: `not hydrated within ${HYDRATION_TIMEOUT_MS / 1000} s` };
    if (hydrated.href !== url) return { error: `hydrated on ${hydrated.href}, not the page asked for` };
    const painted = load.messages.find((m) => m.type === "fcp" && m.doc === hydrated.doc);
    if (painted?.type !== "fcp") return { error: "no first-contentful-paint entry" };
    return { fcpMs: painted.fcp, hydratedMs: hydrated.t, paintToHydrationMs: hydrated.t - painted.fcp };
  });
}

/**
 * `runs` loads of each page under each network, in a fresh browser context each time, pages
 * and networks taking turns run after run so that a change of the machine's load falls on all.
 * `cookie`: the signed-in customer of the pages marked `signedIn` (the cart).
 */
export async function paintToHydration(
  base: string,
  pages: HydrationPage[],
  runs: number,
  cookie: string,
  options: FirstTapOptions,
): Promise<HydrationResult[]> {
  const results: HydrationResult[] = [];
  for (const network of Object.keys(NETWORKS) as NetworkName[])
    for (const page of pages) results.push({ ...page, network, runs: [] });
  const chrome = await options.launch();
  try {
    const cdp = await connectCdp(chrome.port);
    try {
      for (let i = 0; i < runs; i++) {
        for (const result of results) {
          options.log(`First paint to hydration: ${result.path}, ${result.network}, run ${i + 1}/${runs}…`);
          const run = await hydrationRun(
            cdp,
            base + result.path,
            NETWORKS[result.network],
            result.signedIn ? cookie : undefined,
          );
          if ("error" in run) options.log(`  ${run.error}`);
          result.runs.push(run);
        }
      }
    } finally {
      cdp.close();
    }
  } finally {
    chrome.kill();
  }
  return results;
}

// ---------------------------------------------------------------- taps at first paint

export type Customer = { email: string; cookie: string };

/** The `token` cookie of a Set-Cookie answer. */
function tokenCookie(headers: Headers): string | undefined {
  for (const line of headers.getSetCookie()) {
    const match = /^token=([^;]*)/.exec(line);
    if (match?.[1]) return match[1];
  }
  return undefined;
}

/** A new customer, signed up and in through the API as the browser tests do; their cart is empty. */
export async function signedUpCustomer(base: string, tag: string): Promise<Customer> {
  const email = `first-tap-${tag}@bench.example`;
  const password = "bench-motdepasse";
  const post = (path: string, body: object) =>
    fetch(base + path, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) });
  const up = await post("/api/signup", { name: "Client Premier Toucher", email, password, confirmPassword: password });
  if (up.status !== 201) throw new Error(`sign-up of ${email}: HTTP ${up.status} ${await up.text()}`);
  const signIn = await post("/api/signin", { email, password });
  const cookie = tokenCookie(signIn.headers);
  if (!signIn.ok || !cookie) throw new Error(`sign-in of ${email}: HTTP ${signIn.status}, no token cookie`);
  return { email, cookie };
}

/** A customer with two products in the cart (the crowd bench's), for the cart page. */
export async function customerWithCart(base: string, tag: string): Promise<Customer> {
  const list = await json<{ data?: { _id: string }[] }>(base, "/api/get-product");
  const ids = (list.body.data ?? []).map((p) => p._id);
  const [customer] = await makeCustomers(base, 1, ids, `first-tap-${tag}`);
  if (!customer || customer.lines < 2) throw new Error("could not put two products in the cart customer's cart");
  // The token the API answers is the one it sets as the `token` cookie.
  return { email: customer.email, cookie: customer.token };
}

type CartLine = { _id: string; productId: { _id: string } };

async function cartLines(base: string, customer: Customer): Promise<CartLine[]> {
  const answer = await fetch(`${base}/api/view-card-product`, { headers: { cookie: `token=${customer.cookie}` } });
  if (!answer.ok) throw new Error(`GET /api/view-card-product: HTTP ${answer.status}`);
  return ((await answer.json()) as { data: CartLine[] }).data;
}

/** Empties the customer's cart, line by line, through the API. */
async function emptyCart(base: string, customer: Customer): Promise<void> {
  for (const line of await cartLines(base, customer)) {
    const answer = await fetch(`${base}/api/delete-cart-product`, {
      method: "POST",
      headers: { "content-type": "application/json", cookie: `token=${customer.cookie}` },
      body: JSON.stringify({ _id: line._id }),
    });
    if (!answer.ok) throw new Error(`POST /api/delete-cart-product: HTTP ${answer.status}`);
  }
}

export type Tap = {
  /** The page's first contentful paint, ms from navigation start. */
  fcpMs: number | null;
  /** When the touch was made (the event's timeStamp), ms from navigation start. */
  tapMs: number | null;
  /** When the first document hydrated, if it did before it was left. */
  hydratedMs: number | null;
  /** The page was not yet hydrated when the tap was made, or when it reached the page. */
  beforeHydration: boolean | null;
  /** The touch reached the page on the button (the capture-phase listener's target). */
  onButton: boolean;
  /** Whether a click followed the touch (the browser's tap gesture). */
  clicked: boolean;
  /** Document requests after the tap (a form's POST and its redirect): "POST /cart → GET /product/…". */
  navigation: string | null;
  /** The product is in the customer's cart once things settled. */
  inCart: boolean;
  /** How long after the tap things settled, or SETTLE_TIMEOUT_MS. */
  settledAfterMs: number;
  /** Still in flight when SETTLE_TIMEOUT_MS ran out. */
  unsettled?: string[];
  error?: string;
};

export type TapsResult = {
  path: string;
  productName: string;
  taps: Tap[];
  /** A tap once the page is hydrated, in a load that is not counted: checks the tap itself works. */
  warmUp: Tap & { sameAsAccessibilityTree: boolean | null };
};

/** Touches the screen at (x, y) and lifts the finger, as Playwright's `tap` does. */
async function touch(load: Load, x: number, y: number) {
  await load.cdp.send("Input.dispatchTouchEvent", { type: "touchStart", touchPoints: [{ x, y }] }, load.sessionId);
  await load.cdp.send("Input.dispatchTouchEvent", { type: "touchEnd", touchPoints: [] }, load.sessionId);
}

/**
 * After a tap at `tappedAt` (Date.now()): waits until things settle, i.e. the page received the
 * click (or 2 s passed without one), then either the navigation the tap caused (a form's POST,
 * its redirect) has loaded its new document (its load event: the server has answered the
 * POST), or, without a navigation, the page has hydrated (a page that kept the tap to replay
 * it then would have done so) and no request of the page has been in flight for QUIET_MS (a
 * call to the API the click made has its answer). At most SETTLE_TIMEOUT_MS. Returns how long
 * it took and, if it timed out, the requests still in flight.
 */
async function settle(load: Load, tappedAt: number): Promise<{ afterMs: number; pending: string[] }> {
  for (;;) {
    const now = Date.now();
    if (now - tappedAt >= SETTLE_TIMEOUT_MS)
      return { afterMs: now - tappedAt, pending: [...load.network.inFlight.values()].map((r) => r.url) };
    const clicked = load.messages.some((m) => m.type === "click") || now - tappedAt > 2_000;
    const lastDocument = load.documentRequests.filter((d) => d.at >= tappedAt).at(-1);
    const committed = lastDocument && load.navigations.find((n) => n.at >= lastDocument.at);
    const done = lastDocument
      ? committed && load.loads.some((l) => l >= committed.at)
      : load.messages.some((m) => m.type === "hydrated") &&
        load.network.inFlight.size === 0 &&
        now - load.network.lastChange >= QUIET_MS;
    if (clicked && done) return { afterMs: now - tappedAt, pending: [] };
    await new Promise((r) => setTimeout(r, 50));
  }
}

/**
 * One load of the product page with the customer signed in and their cart empty: tap the main
 * 'Ajouter au panier' as soon as the page has painted (`afterHydration`: once it has hydrated,
 * the warm-up), let things settle, then read the cart through the API and empty it again.
 */
async function tapRun(
  cdp: Cdp,
  base: string,
  api: string,
  productPath: string,
  product: { id: string; name: string },
  customer: Customer,
  afterHydration: boolean,
): Promise<Tap & { sameAsAccessibilityTree: boolean | null }> {
  const url = base + productPath;
  const tapName = `${ADD_TO_CART}${product.name}`;
  return withLoad(cdp, url, { network: NETWORKS["slow 4G"], cookie: customer.cookie, tapName }, async (load) => {
    const tap: Tap & { sameAsAccessibilityTree: boolean | null } = {
      fcpMs: null,
      tapMs: null,
      hydratedMs: null,
      beforeHydration: null,
      onButton: false,
      clicked: false,
      navigation: null,
      inCart: false,
      settledAfterMs: 0,
      sameAsAccessibilityTree: null,
    };
    if (afterHydration && !(await load.next("hydrated", HYDRATION_TIMEOUT_MS))) {
      tap.error = "not hydrated";
      return tap;
    }
    // The button's place, reported by the page in the first frame after its first paint where the
    // button is laid out; the touch goes out the moment it arrives (the warm-up places it again).
    let target = await load.next("target", HYDRATION_TIMEOUT_MS);
    if (afterHydration) {
      tap.sameAsAccessibilityTree = await sameAsAccessibilityTree(load, tapName);
      // Placed again now that the page is complete (the first report came at the first paint).
      const box = await evaluate<{ x: number; y: number } | null>(
        cdp,
        load.sessionId,
        `(() => { const b = window.__benchFindButton(); if (!b) return null; b.scrollIntoView({ block: "center", behavior: "instant" });
          const r = b.getBoundingClientRect(); return { x: r.left + r.width / 2, y: r.top + r.height / 2 }; })()`,
      );
      target = box && target ? { ...target, ...box } : null;
    }
    if (!target) {
      tap.error = `no button named '${tapName}…'`;
      return tap;
    }
    const tappedAt = Date.now();
    await touch(load, target.x, target.y);
    const settled = await settle(load, tappedAt);
    tap.settledAfterMs = settled.afterMs;
    if (settled.pending.length) tap.unsettled = settled.pending;

    // Everything about the document that was tapped (the first), not the one a submission brought.
    const touched = load.messages.find((m) => m.type === "touchstart");
    const doc = touched?.doc ?? target.doc;
    const ofDoc = load.messages.filter((m) => m.doc === doc);
    const painted = ofDoc.find((m) => m.type === "fcp");
    tap.fcpMs = painted?.type === "fcp" ? painted.fcp : null;
    tap.hydratedMs = ofDoc.find((m) => m.type === "hydrated")?.t ?? null;
    if (touched?.type === "touchstart") {
      tap.tapMs = touched.at;
      tap.onButton = touched.onButton;
      tap.beforeHydration = !touched.hydrated || (tap.hydratedMs !== null && touched.at < tap.hydratedMs);
    }
    tap.clicked = load.messages.some((m) => m.type === "click");
    const documents = load.documentRequests.filter((d) => d.at >= tappedAt);
    if (documents.length)
      tap.navigation = documents
        .map((d) => `${d.method} ${new URL(d.url).pathname}${new URL(d.url).search}`)
        .join(" → ");
    const lines = await cartLines(api, customer);
    tap.inCart = lines.some((line) => line.productId._id === product.id);
    await emptyCart(api, customer);
    return tap;
  });
}

/**
 * Whether the button the page's instrumentation finds is the first button of Chromium's
 * accessibility tree whose name starts with `name` (the definition of the one to tap).
 */
async function sameAsAccessibilityTree(load: Load, name: string): Promise<boolean> {
  const { cdp, sessionId } = load;
  const { result } = await cdp.send<{ result: { objectId?: string } }>(
    "Runtime.evaluate",
    { expression: "window.__benchFindButton()" },
    sessionId,
  );
  if (!result.objectId) return false;
  const { node } = await cdp.send<{ node: { backendNodeId: number } }>(
    "DOM.describeNode",
    { objectId: result.objectId },
    sessionId,
  );
  const { nodes } = await cdp.send<{
    nodes: { role?: { value?: string }; name?: { value?: string }; backendDOMNodeId?: number; ignored?: boolean }[];
  }>("Accessibility.getFullAXTree", {}, sessionId);
  const first = nodes.find(
    (n) => !n.ignored && n.role?.value === "button" && String(n.name?.value ?? "").startsWith(name),
  );
  return first?.backendDOMNodeId === node.backendNodeId;
}

/** The product the page benchmark measures (the first of GET /api/get-categoryProduct), with its name. */
export async function benchProduct(base: string): Promise<{ id: string; name: string; path: string }> {
  const answer = await json<{ data?: { _id: string; productName: string }[] }>(base, "/api/get-categoryProduct");
  const product = answer.body.data?.[0];
  if (answer.status !== 200 || !product) throw new Error("GET /api/get-categoryProduct gave no product");
  return { id: product._id, name: product.productName, path: `/product/${product._id}` };
}

/**
 * `count` loads of the product page, each tapping 'Ajouter au panier' at the first paint, after
 * a warm-up load that taps it once hydrated (not counted; it checks the button and the tap).
 * `base`: where the browser goes (the shop, or the HTTP/2 proxy); `api`: the shop itself.
 */
export async function tapsAtFirstPaint(
  base: string,
  api: string,
  count: number,
  customer: Customer,
  options: FirstTapOptions,
): Promise<TapsResult> {
  const product = await benchProduct(api);
  // The cart starts empty, and the product can be added at all (not sold out).
  await emptyCart(api, customer);
  const chrome = await options.launch();
  try {
    const cdp = await connectCdp(chrome.port);
    try {
      options.log(`Taps at first paint: warm-up on ${product.path}, a tap once hydrated…`);
      const warmUp = await tapRun(cdp, base, api, product.path, product, customer, true);
      if (warmUp.error || !warmUp.inCart)
        options.log(`  the warm-up tap, once hydrated, did not put the product in the cart: ${JSON.stringify(warmUp)}`);
      if (warmUp.sameAsAccessibilityTree === false)
        options.log("  the button found is not the accessibility tree's first one of that name");
      const taps: Tap[] = [];
      for (let i = 0; i < count; i++) {
        const tap = await tapRun(cdp, base, api, product.path, product, customer, false);
        options.log(
          `Taps at first paint: load ${i + 1}/${count}: ${tap.error ?? (tap.inCart ? "in the cart" : "not in the cart")}` +
            `${tap.beforeHydration ? ", before hydration" : ""}${tap.navigation ? `, ${tap.navigation}` : ""}`,
        );
        taps.push(tap);
      }
      return { path: product.path, productName: product.name, taps, warmUp };
    } finally {
      cdp.close();
    }
  } finally {
    chrome.kill();
  }
}

// ---------------------------------------------------------------- report

const ms = (value: number | null | undefined) =>
  value === null || value === undefined || Number.isNaN(value) ? "—" : `${Math.round(value)}`;

function medianAndRange(values: number[]): string {
  if (!values.length) return "—";
  const sorted = [...values].sort((a, b) => a - b);
  const middle = sorted.length / 2;
  const median = sorted.length % 2 ? sorted[Math.floor(middle)]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
  return sorted.length > 1 ? `${ms(median)} (${ms(sorted[0])}–${ms(sorted.at(-1))})` : ms(median);
}

export function tapsSummary(result: TapsResult): string {
  const took = result.taps.filter((t) => t.inCart).length;
  const before = result.taps.filter((t) => t.beforeHydration).length;
  return `${took} of ${result.taps.length} taps took effect (${before} made before hydration)`;
}

/** The report's section: the paint-to-hydration table, then the taps. */
export function firstTapMarkdown(hydration: HydrationResult[], taps: TapsResult | null): string {
  const lines = [
    "### First paint to hydration, and taps at first paint",
    "",
    `Measured in Chromium through DevTools (bench/first-tap.ts), not simulated: ${PHONE_SCREEN.width} × ` +
      `${PHONE_SCREEN.height} px (${PHONE_SCREEN.deviceScaleFactor} device pixels per px, touch), CPU ${CPU_SLOWDOWN}× slower ` +
      "(`Emulation.setCPUThrottlingRate`), each load a first visit in a fresh browser context (no HTTP cache, no " +
      "service worker). Networks, applied to the page by DevTools: slow 4G as Lighthouse's devtools throttling " +
      "applies it (562.5 ms, 1474.56 kbit/s down, 675 kbit/s up) and 3G (300 ms, 700 kbit/s each way). FCP: the " +
      "`first-contentful-paint` entry; hydration: the moment the root route sets `data-hydrated` on `<html>` " +
      "(a MutationObserver installed before the page's scripts, `performance.now()`); ms from navigation start.",
    "",
  ];
  if (hydration.length) {
    const runs = Math.max(...hydration.map((h) => h.runs.length));
    lines.push(
      `Median (min–max) of ${runs} run(s), ms:`,
      "",
      "| Page | Network | FCP | First paint → hydration | Hydrated at | Failed runs |",
      "|---|---|--:|--:|--:|---|",
    );
    for (const h of hydration) {
      const ok = h.runs.filter((r): r is Exclude<HydrationRun, { error: string }> => !("error" in r));
      const failed = h.runs.filter((r): r is { error: string } => "error" in r).map((r) => r.error);
      lines.push(
        `| ${h.label} \`${h.path.length > 40 ? `${h.path.slice(0, 37)}…` : h.path}\` | ${h.network} | ` +
          `${medianAndRange(ok.map((r) => r.fcpMs))} | ${medianAndRange(ok.map((r) => r.paintToHydrationMs))} | ` +
          `${medianAndRange(ok.map((r) => r.hydratedMs))} | ${failed.join("; ") || "none"} |`,
      );
    }
    lines.push("");
  }
  if (taps) {
    const { warmUp } = taps;
    lines.push(
      `**Taps at first paint: ${tapsSummary(taps)}.** Goal: ${taps.taps.length} of ${taps.taps.length}.`,
      "",
      `The product page \`${taps.path}\` (${taps.productName}) under slow 4G, signed in as a customer whose cart is ` +
        "empty; in each load, as soon as the first contentful paint is there (a `requestAnimationFrame` poll of " +
        "the paint entry and a PerformanceObserver in the page, telling the bench through a DevTools binding) " +
        `and the first button named '${ADD_TO_CART}${taps.productName}' is laid out (brought to the middle of the ` +
        "screen), a touch through DevTools' `Input.dispatchTouchEvent` (the browser's input pipeline, as " +
        "Playwright's `tap`). Then the bench waits until things settle (the click reached the page, then the " +
        `navigation the tap caused has loaded its new document, or, without one, the page hydrated and no request in flight for ${QUIET_MS} ms; ` +
        `at most ${SETTLE_TIMEOUT_MS / 1000} s, "Settled after"), ` +
        'reads `GET /api/view-card-product` with the customer\'s cookie and empties the cart. "Before hydration": ' +
        "the touch was made, or reached the page, before `data-hydrated` was set. " +
        `Warm-up (not counted), a tap once hydrated: ${warmUp.error ?? (warmUp.inCart ? "in the cart" : "**not in the cart**")}` +
        `${warmUp.sameAsAccessibilityTree === false ? "; **the button found is not the accessibility tree's first of that name**" : warmUp.sameAsAccessibilityTree ? " (the button found is the accessibility tree's first of that name)" : ""}.`,
      "",
      "| Load | FCP | Tap | Hydrated | Before hydration | On the button | Click | Navigation after the tap | Settled after | In the cart |",
      "|--:|--:|--:|--:|---|---|---|---|--:|---|",
      ...taps.taps.map(
        (t, i) =>
          `| ${i + 1} | ${ms(t.fcpMs)} | ${ms(t.tapMs)} | ${ms(t.hydratedMs)} | ${t.beforeHydration === null ? "?" : t.beforeHydration ? "yes" : "no"} | ` +
          `${t.onButton ? "yes" : "no"} | ${t.clicked ? "yes" : "no"} | ${t.navigation ? `\`${t.navigation}\`` : "none"} | ` +
          `${ms(t.settledAfterMs)}${t.unsettled ? ` (${t.unsettled.length} in flight)` : ""} | ${t.error ? `error: ${t.error}` : t.inCart ? "✅ yes" : "❌ no"} |`,
      ),
      "",
      "Times in ms from navigation start (Hydrated: of the first document, — if it was left before).",
      "",
    );
  }
  return lines.join("\n");
}
