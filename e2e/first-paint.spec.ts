/**
 * First paint on a slow phone (decision 027): what a storefront page fetches
 * before its first paint, how many scripts it loads, when it hydrates, and what waits for the
 * visitor to come near.
 */
import { expect, type Page, test } from "./fixtures.ts";
import { homeSection, hydrated, someProduct } from "./helpers.ts";

const SCRIPT_FILES_MAX = 4;

/** Every .js file the page asks for, however it asks (module script, import, preload). */
function scriptsAsked(page: Page) {
  const asked: string[] = [];
  page.on("request", (request) => {
    const url = new URL(request.url());
    if (url.pathname.endsWith(".js")) asked.push(url.pathname);
  });
  return asked;
}

/** Records, before any script of the page runs, its LCP candidates and when hydration ended. */
async function watchPaints(page: Page) {
  await page.addInitScript(() => {
    const w = window as unknown as {
      __lcp: { time: number; element: Element | null }[];
      __hydratedAt?: number;
    };
    w.__lcp = [];
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as (PerformanceEntry & { element: Element | null })[])
        w.__lcp.push({ time: entry.startTime, element: entry.element });
    }).observe({ type: "largest-contentful-paint", buffered: true });
    new MutationObserver((_, observer) => {
      if (!document.documentElement?.hasAttribute("data-hydrated")) return;
      w.__hydratedAt = performance.now();
      observer.disconnect();
    }).observe(document, { attributes: true, subtree: true, attributeFilter: ["data-hydrated"] });
  });
}

const storefrontPages = async (page: Page) => {
  const product = await someProduct(page.request, 0);
  return [
    "/",
    `/product/${product._id}`,
    "/product-category?category=SAMSUNG",
    "/search?q=iphone",
    "/product",
    "/cart",
    "/contact",
    "/login",
  ];
};

test.describe("first paint", () => {
  test(`a storefront page loads at most ${SCRIPT_FILES_MAX} script files, and none from its markup`, async ({
    page,
  }) => {
    for (const path of await storefrontPages(page)) {
      const asked = scriptsAsked(page);
      const response = await page.goto(path);
      await hydrated(page);
      await page.waitForLoadState("networkidle");
      page.removeAllListeners("request");
      expect(new Set(asked).size, `${path}: ${asked.join(", ")}`).toBeLessThanOrEqual(SCRIPT_FILES_MAX);
      // The document names no script file to fetch: no modulepreload, no <script src>, no static import.
      const html = (await response?.text()) ?? "";
      expect(html, path).not.toMatch(/rel="modulepreload"|<script[^>]* src=|^\s*import\s/m);
    }
  });

  test("before the first paint, only the page, its stylesheet and its largest picture are fetched", async ({
    page,
  }) => {
    for (const path of ["/", "/product-category?category=SAMSUNG", "/search?q=iphone"]) {
      await page.goto(path);
      await hydrated(page);
      await page.waitForLoadState("networkidle");
      const early = await page.evaluate(() => {
        const paint = performance.getEntriesByName("first-contentful-paint")[0]?.startTime ?? 0;
        return {
          paint,
          fetched: performance
            .getEntriesByType("resource")
            // A picture the previous page left in the memory cache is not fetched again.
            .filter((r) => r.startTime < paint && (r as PerformanceResourceTiming).transferSize > 0)
            .map((r) => new URL(r.name).pathname),
          // Its path: the address is absolute when the shop has a PUBLIC_URL (as here).
          largest: (() => {
            const src = document.querySelector("img[fetchpriority=high]")?.getAttribute("src");
            return src ? new URL(src, location.href).pathname : null;
          })(),
        };
      });
      expect(early.paint, path).toBeGreaterThan(0);
      expect(early.largest, path).toMatch(/^\/uploads\/images\//);
      const pictures = early.fetched.filter((p) => p.startsWith("/uploads/"));
      const others = early.fetched.filter((p) => !p.startsWith("/uploads/"));
      expect(
        others.every((p) => /^\/assets\/root-[\w-]+\.css$/.test(p)),
        `${path}: ${others.join(", ")}`,
      ).toBe(true);
      // The largest picture, at the width the phone picks from its srcset.
      expect(pictures.length, `${path}: ${pictures.join(", ")}`).toBeLessThanOrEqual(1);
      if (pictures[0]) expect(pictures[0].split("/")[3], path).toBe(early.largest?.split("/")[3]);
    }
  });

  test("the page hydrates after its first paint, without drawing its largest element again", async ({ page }) => {
    await watchPaints(page);
    for (const path of ["/", "/search?q=iphone"]) {
      await page.goto(path);
      await hydrated(page);
      await page.waitForLoadState("networkidle");
      const seen = await page.evaluate(() => {
        const w = window as unknown as { __lcp: { time: number; element: Element | null }[]; __hydratedAt: number };
        const last = w.__lcp.at(-1);
        return {
          paint: performance.getEntriesByName("first-contentful-paint")[0]?.startTime ?? 0,
          scriptsFrom: Math.min(
            ...performance
              .getEntriesByType("resource")
              .filter((r) => r.name.endsWith(".js"))
              .map((r) => r.startTime),
          ),
          hydratedAt: w.__hydratedAt,
          candidatesAfterHydration: w.__lcp.filter((e) => e.time > w.__hydratedAt).length,
          largestStillThere: Boolean(last?.element?.isConnected),
          largestIsPicture: last?.element?.tagName === "IMG",
        };
      });
      expect(seen.scriptsFrom, path).toBeGreaterThan(seen.paint);
      expect(seen.hydratedAt, path).toBeGreaterThan(seen.paint);
      expect(seen.candidatesAfterHydration, path).toBe(0);
      expect(seen.largestStillThere, path).toBe(true);
    }
  });

  test("pictures below the first screen are fetched only when the visitor comes near them", async ({ page }) => {
    const asked: string[] = [];
    page.on("request", (request) => {
      if (request.resourceType() === "image") asked.push(new URL(request.url()).pathname);
    });
    await page.goto("/search?q=iphone");
    await hydrated(page);
    await page.waitForLoadState("networkidle");
    const pictures = page.getByRole("main").locator("article img");
    const count = await pictures.count();
    expect(count).toBeGreaterThan(12);
    const last = pictures.nth(count - 1);
    await expect(last).toHaveAttribute("loading", "lazy");
    const lastSrc = new URL((await last.getAttribute("src")) ?? "", page.url()).pathname;
    const lastPhoto = lastSrc.split("/")[3];
    expect(asked.some((p) => p.split("/")[3] === lastPhoto)).toBe(false);
    // Only one picture is eager, with high priority: the first card's.
    await expect(page.locator("main img[fetchpriority=high]")).toHaveCount(1);
    await expect(page.locator('main img[loading="eager"]')).toHaveCount(1);
    await last.scrollIntoViewIfNeeded();
    await expect.poll(() => asked.some((p) => p.split("/")[3] === lastPhoto)).toBe(true);
    await expect(last).toBeVisible();
  });

  test("the home page renders its first sections, and the others' cards come from /api as the visitor scrolls", async ({
    page,
  }) => {
    const html = await (await page.request.get("/")).text();
    // About 16 cards in the page, not 84.
    const cardsInHtml = html.match(/<article /g)?.length ?? 0;
    expect(cardsInHtml).toBeGreaterThan(0);
    expect(cardsInHtml).toBeLessThanOrEqual(16);

    const calls: string[] = [];
    page.on("request", (request) => {
      if (request.url().includes("/api/category-product")) calls.push(request.postData() ?? request.url());
    });
    await page.goto("/");
    await hydrated(page);
    await page.waitForLoadState("networkidle");
    const sections = page.locator("main section[aria-labelledby^='category-']");
    const lazy = page.locator("main section[data-lazy-section]");
    const waiting = await lazy.count();
    expect(waiting).toBeGreaterThan(5);
    const before = calls.length;
    // The last section: nothing asked for it yet, its skeletons meanwhile.
    const lastCategory = (await lazy.last().getAttribute("data-lazy-section")) ?? "";
    expect(before).toBeLessThan(waiting);
    const last = await homeSection(page, lastCategory);
    await expect(last.getByRole("link", { name: /^Voir tout/ })).toHaveAttribute(
      "href",
      `/product-category?category=${encodeURIComponent(lastCategory)}`,
    );
    expect(calls.length).toBeGreaterThan(before);
    // Every category the shop sells has its section, with its cards once there.
    expect(await sections.count()).toBeGreaterThanOrEqual(waiting + 1);
    await expect(page.getByText("Impossible de charger ces produits.")).toHaveCount(0);
  });
});
