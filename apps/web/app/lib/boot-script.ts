/** What the bootstrap needs of React Router's manifest: the entry and each route's files. */
export interface PageManifest {
  entry: { module: string; imports: string[] };
  routes: Record<string, { module: string; imports?: string[] } | undefined>;
  [key: string]: unknown;
}

/** JSON inside a <script>: nothing in it may close the element or end a line for JavaScript. */
const scriptJson = (value: unknown) =>
  JSON.stringify(value).replaceAll("<", "\\u003c").replaceAll("\u2028", "\\u2028").replaceAll("\u2029", "\\u2029");

/**
 * The inline script that starts a page's JavaScript after its first paint (decision 027). It
 * gives React Router the page's manifest at once. Once the first contentful paint is reported
 * and the largest picture of the first screen (the one `fetchpriority="high"` image) is on
 * screen too, it lets the lazy pictures load (`data-painted`, see app.css), imports the shared
 * chunk and the page's route modules side by side, hands the route modules over as React
 * Router's own module script does, and imports the entry, which hydrates. Written by hand in ES5 words, as it
 * is not bundled; the same arguments always give the same text (a cached page's policy names it
 * by its hash).
 */
export function bootScript(manifest: PageManifest, routeIds: readonly string[]): string {
  const routes = routeIds.map((id) => {
    const route = manifest.routes[id];
    if (!route) throw new Error(`Route ${id} is not in the manifest`);
    return route;
  });
  const modules = routes.map((r) => r.module);
  const shared = [...new Set([...manifest.entry.imports, ...routes.flatMap((r) => r.imports ?? [])])].filter(
    (file) => !modules.includes(file) && file !== manifest.entry.module,
  );
  return [
    `window.__reactRouterManifest = ${scriptJson(manifest)};`,
    "(function () {",
    `  var ids = ${scriptJson(routeIds)};`,
    `  var files = ${scriptJson([...modules, ...shared])};`,
    "  function boot() {",
    "    Promise.all(files.map(function (file) { return import(file); })).then(function (loaded) {",
    "      var routeModules = {};",
    "      ids.forEach(function (id, i) { routeModules[id] = loaded[i]; });",
    "      window.__reactRouterRouteModules = routeModules;",
    `      return import(${scriptJson(manifest.entry.module)});`,
    "    });",
    "  }",
    "  var painted = false;",
    "  function go() {",
    "    if (painted) return;",
    "    painted = true;",
    '    document.documentElement.setAttribute("data-painted", "");',
    "    boot();",
    "  }",
    // A frame's callbacks run before it is drawn: two frames and a task later, it is on screen.
    "  function afterFrames(next) {",
    "    requestAnimationFrame(function () { requestAnimationFrame(function () { setTimeout(next, 0); }); });",
    "  }",
    "  function afterLargest() {",
    "    var largest = document.querySelector('img[fetchpriority=high]');",
    "    if (!largest || largest.complete) return afterFrames(go);",
    '    largest.addEventListener("load", function () { afterFrames(go); });',
    '    largest.addEventListener("error", go);',
    // A picture that never comes does not hold the page's scripts forever.
    "    setTimeout(go, 3000);",
    "  }",
    "  var types = (window.PerformanceObserver && PerformanceObserver.supportedEntryTypes) || [];",
    '  if (types.indexOf("paint") < 0) afterFrames(afterLargest);',
    "  else new PerformanceObserver(function (list, observer) {",
    '    if (!list.getEntriesByName("first-contentful-paint").length) return;',
    "    observer.disconnect();",
    "    afterLargest();",
    '  }).observe({ type: "paint", buffered: true });',
    "})();",
  ].join("\n");
}
