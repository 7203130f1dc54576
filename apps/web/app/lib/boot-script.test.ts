import { describe, expect, it } from "vitest";
import { bootScript, type PageManifest } from "./boot-script";

const manifest: PageManifest = {
  version: "abc123",
  url: "/assets/manifest-abc123.js",
  entry: { module: "/assets/entry.client-A.js", imports: ["/assets/framework-B.js"] },
  routes: {
    root: { module: "/assets/root-C.js", imports: ["/assets/framework-B.js"] },
    "routes/home": { module: "/assets/home-D.js", imports: ["/assets/framework-B.js"] },
  },
};

describe("the bootstrap script", () => {
  it("is the same text for the same page (a cached page's policy names it by hash)", () => {
    expect(bootScript(manifest, ["root", "routes/home"])).toBe(bootScript(manifest, ["root", "routes/home"]));
  });

  it("hands React Router the manifest, then imports the route modules and the shared chunk, each once, then the entry", () => {
    const script = bootScript(manifest, ["root", "routes/home"]);
    expect(script.startsWith("window.__reactRouterManifest = {")).toBe(true);
    expect(script).toContain('var files = ["/assets/root-C.js","/assets/home-D.js","/assets/framework-B.js"];');
    expect(script).toContain('var ids = ["root","routes/home"];');
    expect(script).toContain('return import("/assets/entry.client-A.js");');
    // Nothing is fetched by the markup itself: no static import, no preload.
    expect(script).not.toMatch(/^\s*import\s/m);
    expect(script).not.toContain("modulepreload");
  });

  it("waits for the first contentful paint and the largest picture before it fetches anything", () => {
    const script = bootScript(manifest, ["root", "routes/home"]);
    const waits = script.indexOf('observe({ type: "paint", buffered: true })');
    expect(waits).toBeGreaterThan(0);
    expect(script).toContain("img[fetchpriority=high]");
    expect(script).toContain('setAttribute("data-painted", "")');
  });

  it("runs as the browser would: nothing before the paint, then the files in parallel and the entry last", async () => {
    const imported: string[] = [];
    let paint: ((list: { getEntriesByName: (name: string) => unknown[] }, o: { disconnect(): void }) => void) | null =
      null;
    const frames: (() => void)[] = [];
    const timers: (() => void)[] = [];
    const attributes: Record<string, string> = {};
    const fakeWindow: Record<string, unknown> = {};
    class FakeObserver {
      static supportedEntryTypes = ["paint"];
      constructor(callback: typeof paint) {
        paint = callback;
      }
      observe() {}
    }
    const run = new Function(
      "window",
      "document",
      "PerformanceObserver",
      "requestAnimationFrame",
      "setTimeout",
      "__import",
      bootScript(manifest, ["root", "routes/home"]).replaceAll("import(", "__import("),
    );
    run(
      new Proxy(fakeWindow, { get: (t, k) => (k === "PerformanceObserver" ? FakeObserver : t[k as string]) }),
      {
        documentElement: { setAttribute: (name: string, value: string) => (attributes[name] = value) },
        querySelector: () => ({ complete: true }),
      },
      FakeObserver,
      (callback: () => void) => frames.push(callback),
      (callback: () => void) => timers.push(callback),
      async (file: string) => {
        imported.push(file);
        return { file };
      },
    );
    expect(fakeWindow.__reactRouterManifest).toEqual(manifest);
    expect(imported).toEqual([]);
    paint!({ getEntriesByName: () => [{}] }, { disconnect() {} });
    while (frames.length || timers.length) (frames.shift() ?? timers.shift())!();
    expect(attributes["data-painted"]).toBe("");
    await new Promise((resolve) => setImmediate(resolve));
    expect(imported).toEqual([
      "/assets/root-C.js",
      "/assets/home-D.js",
      "/assets/framework-B.js",
      "/assets/entry.client-A.js",
    ]);
    expect(fakeWindow.__reactRouterRouteModules).toEqual({
      root: { file: "/assets/root-C.js" },
      "routes/home": { file: "/assets/home-D.js" },
    });
  });
});
